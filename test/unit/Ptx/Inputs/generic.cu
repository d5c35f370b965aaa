// Stores through pointers that may point into shared memory: a pointer chosen
// between shared and global memory, and a shared array passed to a helper that
// is not inlined (clang keeps the helper's store generic; nvcc specialises it).
// Recorded PTX: generic.nvcc.ptx and generic.clang.ptx (record.sh).
__device__ __noinline__ void storeTo(float *P, float V) { P[threadIdx.x] = V; }

__global__ void viaHelper(float *Out, const float *In) {
  __shared__ float S[256];
  storeTo(S, In[threadIdx.x]);
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x ^ 1];
}

__global__ void genericStore(float *Out, const float *In, int UseShared) {
  __shared__ float S[256];
  float *P = UseShared ? S : Out;
  P[threadIdx.x] = In[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x ^ 1];
}
