// Program-mode driver: the golden cp-async-source-runs.cu's kernels, one warp each (the rule is a
// lone warp's: with other warps in flight cp.async can take more). rowsOfFour copies 16 bytes a
// lane from 4-lane global rows into a conflict-free tile: 8 wavefronts predicted (two source runs
// per phase); swizzledRows copies 16-lane rows into an XOR-swizzled tile: the ideal 4.
#include "../../../test/golden/bankcheck-bank-conflict/cp-async-source-runs.cu"

int main() {
  int4 *c;
  if (cudaMalloc(&c, 1 << 20) != cudaSuccess || cudaMemset(c, 0, 1 << 20) != cudaSuccess)
    return 2;
  rowsOfFour<<<1, 32>>>(c, 1024);
  swizzledRows<<<1, 32>>>(c, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
