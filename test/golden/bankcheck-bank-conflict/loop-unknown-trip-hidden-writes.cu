// Loops whose trip count is a kernel parameter, with counters that look like
// `++k` but are also written where no assignment is spelled in the loop: by a
// lambda that captures them by reference, by an asm output. Each makes the
// counter differ by lane after the first iteration, so the loads below are
// undecided, not broadcasts. The last loop's counter steps by a constant and
// is written nowhere else: uniform, its row walk proven clean.
#include <cuda_runtime.h>

__global__ void hiddenWrites(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  int k = 0;
  auto bump = [&] { k += tx; };
  for (; k < n; ++k) {
    acc += tile[ty][k & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 'tile': 'k' changes across iterations of the loop at line 15 [bankcheck-bank-conflict]
    bump();
  }
  int j = 0;
  for (; j < n; ++j) {
    acc += tile[ty][j & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 'tile': 'j' changes across iterations of the loop at line 21 [bankcheck-bank-conflict]
    asm("mov.u32 %0, %%laneid;" : "=r"(j));
  }
  for (int i = 0; i < n; i += 4)
    acc += tile[i & 31][tx];
  out[ty * 32 + tx] = acc;
}

void run(float *out, int n) {
  hiddenWrites<<<1, dim3(32, 8)>>>(out, n);
}
