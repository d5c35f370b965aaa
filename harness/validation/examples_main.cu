// Runs every kernel of examples/ once, for program mode of the GPU harness
// (harness/bankcheck-gpu profile). Build with nvcc -O3 -arch=sm_90 -lineinfo.
#include "../../examples/transpose.cu"
#include "../../examples/reduction.cu"
#include "../../examples/matmul.cu"
#include "../../examples/vector_loads.cu"

#include <cstdio>
#include <vector>

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

int main() {
  const int N = 1024;
  float *A, *B, *C;
  check(cudaMalloc(&A, N * N * sizeof(float)), "malloc A");
  check(cudaMalloc(&B, N * N * sizeof(float)), "malloc B");
  check(cudaMalloc(&C, N * N * sizeof(float)), "malloc C");
  std::vector<float> Host(N * N);
  for (int I = 0; I < N * N; ++I)
    Host[I] = float(I % 97) * 0.25f;
  check(cudaMemcpy(A, Host.data(), N * N * sizeof(float), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(B, Host.data(), N * N * sizeof(float), cudaMemcpyHostToDevice), "copy");
  transpose(C, A, N, N);
  reduce(A, C, N * N / BLOCK);
  matmul(A, B, C, N);
  float4 *V;
  double *D;
  unsigned char *Data;
  unsigned *Bins;
  check(cudaMalloc(&V, 32 * sizeof(float4)), "malloc V");
  check(cudaMalloc(&D, 32 * sizeof(double)), "malloc D");
  check(cudaMalloc(&Data, N * N), "malloc data");
  check(cudaMalloc(&Bins, 256 * sizeof(unsigned)), "malloc bins");
  check(cudaMemset(Data, 7, N * N), "memset");
  run(V, D, Data, Bins, N * N);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "sync");
  std::printf("examples ran\n");
  return 0;
}
