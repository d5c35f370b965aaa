// LeetCUDA hgemm_mma_m16n8k16_mma2x4_warp4x4_kernel (ldmatrix tiles s_a, s_b
// without padding), 4096^3 halves. KERNEL_SRC: the kernel's part of
// kernels/hgemm/mma/basic/hgemm_mma.cu (without the torch bindings).
#include "timing.cuh"
#include <cstdint>
#include KERNEL_SRC

__global__ void toHalf(const float *F, half *H, size_t N) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < N)
    H[i] = __float2half(F[i]);
}

int main(int argc, char **argv) {
  FxArgs A(argc, argv);
  const int M = 4096, N = 4096, K = 4096;
  std::vector<float> HA(size_t(M) * K), HB(size_t(K) * N);
  fxFill(HA.data(), HA.size(), 5);
  fxFill(HB.data(), HB.size(), 6);
  float *F;
  half *DA, *DB, *DC;
  FX_CHECK(cudaMalloc(&F, HA.size() * 4));
  FX_CHECK(cudaMalloc(&DA, HA.size() * 2));
  FX_CHECK(cudaMalloc(&DB, HB.size() * 2));
  FX_CHECK(cudaMalloc(&DC, size_t(M) * N * 2));
  FX_CHECK(cudaMemcpy(F, HA.data(), HA.size() * 4, cudaMemcpyHostToDevice));
  toHalf<<<(HA.size() + 255) / 256, 256>>>(F, DA, HA.size());
  FX_CHECK(cudaMemcpy(F, HB.data(), HB.size() * 4, cudaMemcpyHostToDevice));
  toHalf<<<(HB.size() + 255) / 256, 256>>>(F, DB, HB.size());
  dim3 Grid(N / 128, M / 128), Block(256);
  fxTime("hgemm_mma_m16n8k16_mma2x4_warp4x4_kernel", A, [&] {
    hgemm_mma_m16n8k16_mma2x4_warp4x4_kernel<16, 8, 16, 2, 4, 4, 4, 0, 0><<<Grid, Block>>>(DA, DB, DC, M, N, K);
  });
  fxWrite(A, DC, size_t(M) * N * 2);
  return 0;
}
