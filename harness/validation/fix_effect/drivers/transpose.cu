// cuda-samples transpose, transposeCoalesced (2048 x 2048, 32 x 16 threads).
// KERNEL_SRC: the sample's transpose.cu (its main is renamed away).
#include "timing.cuh"
#define main transpose_sample_main
#include KERNEL_SRC
#undef main

int main(int argc, char **argv) {
  FxArgs A(argc, argv);
  const int N = 2048;
  std::vector<float> In(size_t(N) * N);
  fxFill(In.data(), In.size(), 3);
  float *I, *O;
  FX_CHECK(cudaMalloc(&I, In.size() * 4));
  FX_CHECK(cudaMalloc(&O, In.size() * 4));
  FX_CHECK(cudaMemcpy(I, In.data(), In.size() * 4, cudaMemcpyHostToDevice));
  dim3 Grid(N / TILE_DIM, N / TILE_DIM), Block(TILE_DIM, BLOCK_ROWS);
  fxTime("transposeCoalesced", A, [&] { transposeCoalesced<<<Grid, Block>>>(O, I, N, N); });
  fxWrite(A, O, In.size() * 4);
  return 0;
}
