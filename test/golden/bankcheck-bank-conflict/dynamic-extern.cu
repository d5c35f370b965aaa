// Dynamic shared memory carved into several arrays by pointer arithmetic.
// Diagnostics name the extern array; offsets and element types come from the
// carving (`b` starts 1024 floats in, `d` holds doubles).
#include <cuda_runtime.h>

__global__ void carved(float *out) {
  extern __shared__ float smem[];
  float *a = smem;
  float *b = (float *)&smem[1024];
  int *c = (int *)&smem[2048];
  double *d = (double *)&smem[3072];
  float *e = smem + 5;
  int tid = threadIdx.x;
  a[tid] = tid;
  // consecutive words
  b[tid * 32] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'smem' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // Rows of 32 floats, but 'e' below reads into them: padding them would move what it reads.
  // CHECK-MESSAGES: :[[@LINE-12]]:27: note: no padding suggestion for the region of 'smem' at byte 4096 (through 'b'): the access at {{.*}}dynamic-extern.cu:[[@LINE+8]]:19 (through 'e') reaches bytes 20 to 4115, into its rows (bytes 4096 to 8191)
  c[tid * 2] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'smem' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  d[tid] = tid;
  // consecutive doubles: 2 wavefronts, the ideal
  __syncthreads();
  out[tid] = d[tid * 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 'smem' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  out[tid + 32] = e[tid * 33];
  // stride 33 from any start: 32 distinct banks
}

void run(float *out) {
  carved<<<1, 32, 8192 * sizeof(float)>>>(out);
}
