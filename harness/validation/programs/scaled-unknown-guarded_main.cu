// Program-mode driver: the golden kernel file, run once at the n of argv[1]
// (the scaling unknown), with the flag the guards read set; with "small" as
// argv[2], the 64-float kernel instead.
#include "../../../test/golden/bankcheck-bank-conflict/scaled-unknown-guarded.cu"
#include <cstdlib>
#include <cstring>
int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 4;
  float *out;
  int *flag;
  cudaMalloc(&out, 1 << 16);
  cudaMalloc(&flag, sizeof(int));
  int one = 1;
  cudaMemcpy(flag, &one, sizeof one, cudaMemcpyHostToDevice);
  if (argc > 2 && std::strcmp(argv[2], "small") == 0)
    launchSmall(out, n);
  else
    launch(out, n, flag);
  return cudaDeviceSynchronize() != cudaSuccess;
}
