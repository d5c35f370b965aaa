// Register operands of inline PTX that reads no shared memory (an mma's
// fragments) have no bank conflicts to find; an operand whose expression
// reads shared memory, or changes a local, is still walked.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void regs(float *out) {
  __shared__ float s[32 * 32];
  __shared__ uint32_t w[32 * 32];
  int lane = threadIdx.x % 32;
  s[lane] = float(lane);
  w[lane] = lane;
  __syncthreads();
  uint32_t a[4] = {1, 2, 3, 4}, b[2] = {5, 6};
  float c[4] = {0.f, 0.f, 0.f, 0.f};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%10,%11,%12,%13};\n"
               : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3])
               : "r"(a[0]), "r"(*(uint32_t *)&a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]));
  // An operand read from shared memory is a shared load, whatever the PTX does with it.
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%10,%11,%12,%13};\n"
               : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3])
               : "r"(w[lane * 32]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]));
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 32-way bank conflict on shared load of 'w' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // An operand that assigns a local: the value is kept for what follows.
  int k = lane;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%10,%11,%12,%13};\n"
               : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3])
               : "r"(k = lane * 32), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]));
  out[threadIdx.x] = s[k] + c[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) { regs<<<1, 32>>>(out); }
