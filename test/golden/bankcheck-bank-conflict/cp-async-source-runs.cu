// cp.async: a phase of 8 lanes (16-byte copies) whose global sources form
// separate runs takes a wavefront per run, even into a conflict-free tile
// (bank-model.md); the note names the runs' lanes, not a bank.
#include <cuda_runtime.h>
#include <cstdint>

__device__ inline void copy16(void *smem, const void *global) {
  unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(global));
}

__global__ void rowsOfFour(const int4 *c, int n) {
  __shared__ int4 tile[256];
  // 4 lanes per global row (64 bytes), rows n / 8 int4 apart: two runs per phase
  int src = (n / 8) * ((threadIdx.x % 32) / 4) + 4 * (threadIdx.x / 32) + threadIdx.x % 4;
  copy16(&tile[threadIdx.x], &c[src]);
  // CHECK-MESSAGES: :[[@LINE-8]]:16: warning: 2-way bank conflict on shared copy (LDGSTS) of 'tile' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-9]]:16: note: in warp 0, phase 0: lanes 0-3 and 4-7 copy from 2 separate runs of global memory, one wavefront each (the shared side alone takes 4 wavefronts)
  asm volatile("cp.async.wait_all;\n" ::);
}

__global__ void swizzledRows(const int4 *a, int n) {
  __shared__ int4 tile[256];
  // 16 lanes per global row, stored XOR-swizzled: each phase one run, no bank twice
  int row = threadIdx.x / 16;
  int src = (n / 8) * row + threadIdx.x % 16;
  unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(&tile[(16 * row + threadIdx.x % 16) ^ row]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(&a[src]));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: cannot decide bank conflicts of shared copy (LDGSTS) of 'tile': cp.async writes of one warp alone take the ideal 4 wavefronts here{{.*}} [bankcheck-bank-conflict]
  asm volatile("cp.async.wait_all;\n" ::);
}

void run(const int4 *c, int n) {
  rowsOfFour<<<1, 256>>>(c, n);
  swizzledRows<<<1, 256>>>(c, n);
}
