// Where the shared window puts a kernel's variables (sm_90): prints the
// 32-bit shared-window address (__cvta_generic_to_shared) of each variable,
// for a kernel with only a dynamic buffer, static arrays of several sizes and
// alignments with and without a dynamic buffer, and a dynamic buffer beside a
// 1000-byte static array. bankcheck assumes, where a swizzle is written on
// the window address itself, that a variable starts aligned past the swizzle's
// bits (docs/bank-model.md, "Shared-window addresses").
//   nvcc -O3 -arch=sm_90 window_base.cu -o window_base && ./window_base
#include <cstdio>
#include <cuda_fp16.h>

#define W(p) static_cast<unsigned>(__cvta_generic_to_shared(p))

extern __shared__ __align__(16) unsigned char dyn[];

__global__ void only_dynamic(unsigned *o) {
  dyn[threadIdx.x] = 1;
  o[0] = W(dyn);
}
__global__ void static_arrays(unsigned *o) {
  __shared__ float a[100];
  __shared__ double b[3];
  __shared__ half c[64 * 64];
  __shared__ __align__(1024) half d[64 * 64];
  a[threadIdx.x] = 1; b[threadIdx.x % 3] = 2; c[threadIdx.x] = 3; d[threadIdx.x] = 4;
  o[0] = W(a); o[1] = W(b); o[2] = W(c); o[3] = W(d);
  o[4] = unsigned(a[threadIdx.x + 1] + b[0] + float(c[1]) + float(d[2]));
}
__global__ void static_and_dynamic(unsigned *o) {
  __shared__ float a[250];
  a[threadIdx.x] = 1;
  dyn[threadIdx.x] = 2;
  o[0] = W(a); o[1] = W(dyn);
  o[2] = unsigned(a[threadIdx.x + 1]) + dyn[threadIdx.x + 1];
}
__global__ void big_dynamic(unsigned *o) {
  dyn[threadIdx.x] = 1;
  o[0] = W(dyn);
  o[1] = W(dyn + 40000);
}

int main() {
  unsigned *d, h[8];
  cudaMalloc(&d, sizeof h);
  auto show = [&](const char *name, int n) {
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s:", name);
    for (int i = 0; i < n; ++i) printf(" 0x%x", h[i]);
    printf("\n");
  };
  only_dynamic<<<1, 32, 4096>>>(d); show("only_dynamic dyn", 1);
  static_arrays<<<1, 32>>>(d); show("static_arrays a b c d(align 1024)", 4);
  static_and_dynamic<<<1, 32, 4096>>>(d); show("static_and_dynamic a dyn", 2);
  cudaFuncSetAttribute(big_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000);
  big_dynamic<<<1, 32, 100000>>>(d); show("big_dynamic dyn dyn+40000", 2);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
