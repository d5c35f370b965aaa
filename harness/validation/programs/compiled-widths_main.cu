// Program-mode driver: the golden kernel file, run once with zeroed buffers.
#include "../../../test/golden/bankcheck-bank-conflict/compiled-widths.cu"
int main() {
  float *in, *out;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  run(in, out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
