// ld/st.shared, atom/red.shared and cp.async in inline PTX; PTX on shared
// memory that the model does not know is a remark, never silence.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void ptx(const float4 *g, float *out, int n) {
  __shared__ __align__(128) float s[32 * 32];
  __shared__ __align__(128) unsigned counters[64];
  __shared__ __align__(128) float4 tile[32][8];
  unsigned base = __cvta_generic_to_shared(s);
  int lane = threadIdx.x % 32;
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(base + lane * 128));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  asm volatile("ld.shared.f32 %0, [%1+4];" : "=f"(v) : "r"(base + lane * 4));
  // consecutive words, displaced by one word
  asm volatile("st.shared.v2.f32 [%0], {%1, %2};" :: "r"(base + lane * 64), "f"(v), "f"(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared store of 's' (16 wavefronts, ideal 2) [bankcheck-bank-conflict]
  unsigned c = __cvta_generic_to_shared(counters);
  asm volatile("red.shared.add.u32 [%0], 1;" :: "r"(c + (lane / 8) * 4));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared atomic of 'counters' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  unsigned old;
  asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;" : "=r"(old) : "r"(c + lane * 4), "r"(0), "r"(1u));
  // a compare-and-swap takes two passes: 2 wavefronts, the ideal
  int laneid;
  asm("mov.u32 %0, %%laneid;" : "=r"(laneid));
  out[threadIdx.x] = s[laneid * 32] + v + float(old);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  unsigned t = __cvta_generic_to_shared(&tile[lane][0]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(t), "l"(g + lane * 8));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared copy (LDGSTS) of 'tile' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  unsigned u = __cvta_generic_to_shared(&tile[lane / 8][lane % 8]);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(u), "l"(g + (lane / 8) * n + lane % 8));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: cannot decide bank conflicts of shared copy (LDGSTS) of 'tile': cp.async writes of one warp alone take the ideal 4 wavefronts here{{.*}} [bankcheck-bank-conflict]
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];\n"
               :: "r"(t), "l"(g), "r"(c));
  // CHECK-REMARKS: :[[@LINE-2]]:16: remark: 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes' in inline assembly accesses shared memory in a way that is not modelled {{.*}}
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(old) : "r"(c));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: 'ld.shared::cluster.u32' in inline assembly accesses shared memory in a way that is not modelled {{.*}}
  unsigned w;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(w) : "r"(n));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: the shared address of 'ld.shared.u32' in inline assembly is not followed to a __shared__ variable {{.*}}
  out[threadIdx.x + 32] = float(old + w);
}

void run(const float4 *g, float *out, int n) { ptx<<<1, 32>>>(g, out, n); }
