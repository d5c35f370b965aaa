// Shared atomics: integer add (result used and unused), max, exchange, CAS,
// a float add, and an increment by one.
// Recorded PTX: atomics.nvcc.ptx and atomics.clang.ptx (record.sh).
__global__ void sharedAtomics(int *Out, float *FOut, const int *In) {
  __shared__ int Counts[64];
  __shared__ float Sums[32];
  if (threadIdx.x < 64)
    Counts[threadIdx.x] = 0;
  if (threadIdx.x < 32)
    Sums[threadIdx.x] = 0.0f;
  __syncthreads();
  int V = In[threadIdx.x];
  atomicAdd(&Counts[V & 63], V);
  int Old = atomicAdd(&Counts[threadIdx.x / 2], 3);
  atomicMax(&Counts[1], V);
  int Prev = atomicExch(&Counts[2], V);
  int Cas = atomicCAS(&Counts[3], Prev, V);
  atomicAdd(&Sums[threadIdx.x % 32], 1.5f);
  atomicAdd(&Counts[4], 1);
  __syncthreads();
  Out[threadIdx.x] = Old + Cas + Counts[threadIdx.x % 64];
  FOut[threadIdx.x] = Sums[threadIdx.x % 32];
}
