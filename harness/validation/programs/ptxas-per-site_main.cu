// Program-mode driver: the golden kernel file, run once with zeroed buffers.
#include "../../../test/golden/bankcheck-bank-conflict/ptxas-per-site.cu"
int main() {
  float *out;
  cudaMalloc(&out, 1 << 20);
  cudaMemset(out, 0, 1 << 20);
  run(out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
