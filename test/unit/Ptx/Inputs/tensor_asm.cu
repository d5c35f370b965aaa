// Tensor-core style shared traffic written as inline PTX: cp.async copies a
// 64x64 half tile into a 128-byte-row tile, then ldmatrix (x4, x2 .trans) reads
// it and stmatrix writes it back. The shared-window address comes from
// __cvta_generic_to_shared.
// Recorded PTX: tensor_asm.nvcc.ptx and tensor_asm.clang.ptx (record.sh).
#include <cuda_fp16.h>

__device__ __forceinline__ unsigned smemAddr(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

__global__ void ldmatrixTile(unsigned *Out, const half *In) {
  __shared__ __align__(128) half Tile[64 * 64];
  unsigned Lane = threadIdx.x % 32;
  for (int I = threadIdx.x; I < 64 * 64 / 8; I += blockDim.x) {
    unsigned Dst = smemAddr(&Tile[I * 8]);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(Dst), "l"(In + I * 8));
  }
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  unsigned R0, R1, R2, R3;
  unsigned Src = smemAddr(&Tile[(Lane % 16) * 64 + (Lane / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
               : "r"(Src));
  unsigned T0, T1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2+128];\n"
               : "=r"(T0), "=r"(T1)
               : "r"(Src));
  __syncthreads();
  asm volatile("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1,%2,%3,%4};\n" ::"r"(Src),
               "r"(R0), "r"(R1), "r"(R2), "r"(R3));
  __syncthreads();
  Out[threadIdx.x] = R0 + R1 + R2 + R3 + T0 + T1 + reinterpret_cast<unsigned *>(Tile)[threadIdx.x];
}
