// Atomics on shared and global memory for every type the built-in headers
// declare, plus warp intrinsics and device math.
#include <cuda_runtime.h>
#include <device_functions.h>
#include <sm_60_atomic_functions.h>

__global__ void histogram(const unsigned char *Data, unsigned *Bins, int N,
                          float *FOut, double *DOut,
                          unsigned long long *Total) {
  __shared__ unsigned SBins[256];
  __shared__ int IShared[32];
  __shared__ float FShared[32];
  __shared__ double DShared[32];
  __shared__ unsigned long long UllShared;
  unsigned T = threadIdx.x;
  SBins[T % 256] = 0;
  __syncthreads();
  for (int I = blockIdx.x * blockDim.x + T; I < N; I += blockDim.x * gridDim.x)
    atomicAdd(&SBins[Data[I]], 1u);
  atomicAdd(&IShared[T % 32], 1);
  atomicSub(&IShared[T % 32], 2);
  atomicSub(&SBins[T % 256], 1u);
  atomicAdd(&FShared[T % 32], 1.5f);
  atomicAdd(&DShared[T % 32], 2.5);
  atomicAdd(&UllShared, 1ull);
  atomicExch(&FShared[0], 0.0f);
  atomicExch(&IShared[1], 3);
  atomicExch(&UllShared, 7ull);
  atomicMin(&IShared[2], -1);
  atomicMax(&SBins[3], 9u);
  atomicMin(&UllShared, 1ull);
  atomicInc(&SBins[4], 100u);
  atomicDec(&SBins[5], 100u);
  atomicCAS(&IShared[6], 0, 1);
  atomicCAS(&SBins[6], 0u, 1u);
  atomicCAS(&UllShared, 0ull, 1ull);
  atomicAnd(&IShared[7], 0xff);
  atomicOr(&SBins[8], 0x10u);
  atomicXor(&UllShared, 0x3ull);
  atomicAdd_block(&FShared[9], 1.0f);
  atomicAdd_system(&DShared[9], 1.0);
  __syncthreads();
  atomicAdd(&Bins[T % 256], SBins[T % 256]);
  atomicAdd(Total, UllShared);

  float V = FShared[T % 32];
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  V += __shfl_xor_sync(0xffffffffu, V, 1) + __shfl_up_sync(0xffffffffu, V, 1) +
       __shfl_sync(0xffffffffu, V, 0);
  double DV = __shfl_down_sync(0xffffffffu, DShared[T % 32], 4);
  unsigned Ballot = __ballot_sync(__activemask(), V > 0.0f);
  __syncwarp();
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  int Count = __syncthreads_count(V > 1.0f);
  FOut[T] = V + sqrtf(V) + rsqrtf(V + 1.0f) + expf(V) + __expf(V) +
            __fdividef(V, 3.0f) + fminf(V, 1.0f) + min(V, 2.0f) +
            max(1.0f, V) + __popc(Ballot) + __clz((int)Ballot) +
            __ffs((int)Ballot) + min(Count, 3) + max(Ballot, 4u) +
            __ldg(&FOut[0]) + floorf(V) + fabsf(V) + __saturatef(V);
  DOut[T] = DV + sqrt(DV) + exp(DV) + fma(DV, DV, 1.0);
}
