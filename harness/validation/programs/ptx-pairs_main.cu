// Program-mode driver: two NVIDIA/cuda-samples kernels whose pairs of 4-byte shared accesses on two
// lines nvcc's PTX issues as one 8-byte instruction (dwtHaar1D_kernel.cuh 153-154,
// fastWalshTransform_kernel.cuh 98-101): 2-way conflicts as written, clean LDS.64/STS.64 as
// issued (docs/validation.md, "Widths per access"). The kernels are not copied here: they are
// included from the extracted corpus (out/sass, git-ignored; bench/corpus/extract.sh), so this
// program builds only where out/sass is present.
#include <cooperative_groups.h>
#define getLastCudaError(msg) ((void)0)
#define INV_SQRT_2 0.70710678118654752440f;
const unsigned int LOG_NUM_BANKS = 4; // as dwtHaar1D.cu defines them
#include "../../../out/sass/cuda-samples/Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh"
#include "../../../out/sass/cuda-samples/Samples/5_Domain_Specific/dwtHaar1D/dwtHaar1D_kernel.cuh"

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMalloc(&c, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  // as the sample launches it for N = 2^11: N / 4 threads, N floats of shared memory; an odd
  // log2N runs the radix-2 stage of lines 96-102
  fwtBatch1Kernel<<<1, 512, 2048 * sizeof(float)>>>(a, a, 11);
  // as the sample launches it for a 1024-element signal: one block of 512 threads, 10 levels
  dwtHaar1D<<<1, 512, (2 * 512 + 2 * 512 / 16) * sizeof(float)>>>(a, b, c, 10, 512, 512);
  return cudaDeviceSynchronize() != cudaSuccess;
}
