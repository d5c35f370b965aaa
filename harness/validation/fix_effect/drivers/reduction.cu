// cuda-samples reduction, kernels reduce1 (interleaved addressing) and
// reduce3, float, 2^24 elements, 256 threads. bankcheck proposes no fix-it
// here: the run before and after --fix is the noise floor of the timings.
#include "timing.cuh"
#include KERNEL_SRC

// Defined by the sample's reduction.cpp, which is not built here.
extern "C" bool isPow2(unsigned int x) { return (x & (x - 1)) == 0; }

int main(int argc, char **argv) {
  FxArgs A(argc, argv);
  const int N = 1 << 24, Threads = 256, Blocks = N / Threads;
  std::vector<float> In(N);
  fxFill(In.data(), In.size(), 4);
  float *I, *O;
  FX_CHECK(cudaMalloc(&I, size_t(N) * 4));
  FX_CHECK(cudaMalloc(&O, size_t(Blocks) * 4));
  FX_CHECK(cudaMemcpy(I, In.data(), size_t(N) * 4, cudaMemcpyHostToDevice));
  fxTime("reduce1", A, [&] { reduce<float>(N, Threads, Blocks, 1, I, O); });
  fxWrite(A, O, size_t(Blocks) * 4);
  return 0;
}
