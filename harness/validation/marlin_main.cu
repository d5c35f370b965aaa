// Program-mode driver for IST-DASLab/marlin's kernel (marlin/marlin_cuda_kernel.cu at 2f6d7c1),
// which is not copied here: it is included from out/progs/marlin (git-ignored), where the GPU
// call's batch script expects it. Builds with --expt-relaxed-constexpr, as marlin's setup.py.
//
//   marlin_main M GROUPSIZE   C = A (M x 4096, fp16) * B (4096 x 4096, 4-bit), all buffers zero
//
// M = 16, GROUPSIZE = -1 launches Marlin<256, 1, 8, 8, 4, -1>; M = 64, GROUPSIZE = 128 launches
// Marlin<256, 4, 16, 4, 4, 8>. On an H100 (132 SMs) both split the k dimension of a column slice
// over several blocks, so the global reduction (cp.async from C) runs. The data's values do not
// change which shared addresses the kernel touches.
#include "../../out/progs/marlin/marlin_cuda_kernel.cu"

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const int M = argc > 1 ? std::atoi(argv[1]) : 16, GroupSize = argc > 2 ? std::atoi(argv[2]) : -1;
  const int N = 4096, K = 4096;
  const size_t Groups = GroupSize == -1 ? 1 : K / GroupSize;
  const size_t Bytes[] = {size_t(M) * K * 2, size_t(K) * N / 2, size_t(M) * N * 2, Groups * N * 2,
                          size_t(N) / 128 * 16 * sizeof(int)};
  void *P[5];
  for (int I = 0; I < 5; ++I) {
    if (cudaMalloc(&P[I], Bytes[I]) != cudaSuccess || cudaMemset(P[I], 0, Bytes[I]) != cudaSuccess)
      return 2;
  }
  int Err = marlin_cuda(P[0], P[1], P[2], P[3], M, N, K, P[4], GroupSize);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("marlin_cuda %d, %s\n", Err, cudaGetErrorString(E));
  return Err || E != cudaSuccess;
}
