// cuda-samples convolutionSeparable, row pass (3072 x 3072, radius 8).
// KERNEL_SRC: the sample's convolutionSeparable.cu, as it is or after --fix.
#include "timing.cuh"
#include KERNEL_SRC

int main(int argc, char **argv) {
  FxArgs A(argc, argv);
  const int W = 3072, H = 3072;
  std::vector<float> Img(size_t(W) * H), K(KERNEL_LENGTH);
  fxFill(Img.data(), Img.size(), 1);
  fxFill(K.data(), K.size(), 2);
  setConvolutionKernel(K.data());
  float *Src, *Dst;
  FX_CHECK(cudaMalloc(&Src, Img.size() * 4));
  FX_CHECK(cudaMalloc(&Dst, Img.size() * 4));
  FX_CHECK(cudaMemcpy(Src, Img.data(), Img.size() * 4, cudaMemcpyHostToDevice));
  fxTime(FX_NAME, A, [&] { FX_CALL(Dst, Src, W, H); });
  fxWrite(A, Dst, Img.size() * 4);
  return 0;
}
