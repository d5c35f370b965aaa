// The cuda-samples SharedMemory<T> idiom: dynamic shared memory reached
// through a conversion operator that returns a function-local
// `extern __shared__` array, and a helper returning a shared pointer.
#include <cuda_runtime.h>

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__device__ float *rowOf(float *base, int r) { return base + r * 32; }

template <class T> __global__ void reduce(const T *in, T *out) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  // a row: clean
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    // the active lanes (every 2s-th) touch words 2s apart: distinct banks
    __syncthreads();
  }
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // worst at s = 4 (32 lanes, words 8 apart) and s = 8, 16 (16 and 8 lanes)
    // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: 8-way bank conflict on shared load of '__smem' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: the same statement's 8-way bank conflict on shared store of '__smem' (8 wavefronts, ideal 1) here too
    // CHECK-MESSAGES: :[[@LINE-4]]:23: warning: 8-way bank conflict on shared load of '__smem' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
  }
  float *row = rowOf(SharedMemory<float>(), tid);
  out[tid] = sdata[0] + row[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-way bank conflict on shared load of '__smem' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// 256 rows of 32 floats: the row walk of rowOf stays inside the dynamic allocation.
void run(const float *in, float *out) { reduce<float><<<1, 256, 256 * 32 * sizeof(float)>>>(in, out); }
