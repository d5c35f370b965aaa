// Vector and merged shared accesses: float4 loads, two adjacent scalar loads
// that the compiler merges into one 8-byte load (16-byte aligned array) and
// keeps apart (4-byte aligned array), an unrolled row walk widened to 16-byte
// loads, a volatile read, and helpers inlined into the kernel (one level and
// two).
// Recorded PTX: vectors.nvcc.ptx and vectors.clang.ptx (record.sh).
__device__ __forceinline__ float pairSum(const float *S, unsigned I) {
  return S[2 * I] + S[2 * I + 1];
}

__global__ void vectorLoads(float4 *Out, const float4 *In) {
  __shared__ float4 S4[256];
  S4[threadIdx.x] = In[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = S4[(threadIdx.x * 2) % 256];
}

__global__ void adjacentScalars(float *Out, const float *In) {
  __shared__ __align__(16) float S[512];
  S[threadIdx.x] = In[threadIdx.x];
  S[threadIdx.x + 256] = In[threadIdx.x + 256];
  __syncthreads();
  Out[threadIdx.x] = pairSum(S, threadIdx.x);
}

__global__ void adjacentUnaligned(float *Out, const float *In) {
  __shared__ float S[512];
  S[threadIdx.x] = In[threadIdx.x];
  S[threadIdx.x + 256] = In[threadIdx.x + 256];
  __syncthreads();
  Out[threadIdx.x] = pairSum(S, threadIdx.x);
}

__global__ void widenedRow(float *Out, const float *B) {
  __shared__ __align__(16) float As[16][16];
  As[threadIdx.y][threadIdx.x] = B[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
#pragma unroll
  for (int K = 0; K < 16; ++K)
    Acc += As[threadIdx.y][K] * B[K * 16 + threadIdx.x];
  Out[threadIdx.y * 16 + threadIdx.x] = Acc;
}

__global__ void volatileRead(int *Out) {
  volatile __shared__ int Flag[32];
  Flag[threadIdx.x % 32] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.x] = Flag[(threadIdx.x + 1) % 32];
}

__device__ __forceinline__ float quadSum(const float *S, unsigned I) {
  return pairSum(S, 2 * I) + pairSum(S, 2 * I + 1);
}

__global__ void nestedHelpers(float *Out, const float *In) {
  __shared__ __align__(16) float S[1024];
  for (int I = threadIdx.x; I < 1024; I += 256)
    S[I] = In[I];
  __syncthreads();
  Out[threadIdx.x] = quadSum(S, threadIdx.x);
}
