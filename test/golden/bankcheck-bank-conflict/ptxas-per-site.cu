// RUN-ARGS: --widths=rule
// The ptxas rule judges each access of a line as one instruction width: an
// unrolled run of consecutive, aligned loads is one LDS.128 even where
// another access of the same array on the line cannot merge (dxtc's
// `values[i] < values[tid]`: LDS.128 for values[i] in its SASS). An access
// whose instances merge in some calls and not in others (a helper's pair
// s[pos], s[pos + stride], 8-byte aligned only where stride is 1) stays as
// written: one source access is judged at one width.
#include <cuda_runtime.h>

__global__ void rank(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < 4; ++i)
    acc += s[(t % 16) * 32 + i] * s[t * 5];
  // s[(t % 16) * 32 + i]: one LDS.128 (as four scalar loads, a 16-way
  // conflict); s[t * 5] stays a conflict-free scalar load
  // CHECK-MESSAGES: :[[@LINE-3]]:12: warning: 8-way bank conflict on shared load of 's' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: predicted to be issued as 16-byte LDS.128 (4 4-byte accesses at consecutive, aligned addresses merged, as ptxas does)
  for (int stride = 2; stride > 0; stride >>= 1) {
    int pos = 2 * t - (t & (stride - 1));
    acc += s[pos] * s[pos + stride];
  }
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:21: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[t] = acc;
}

void run(float *out) { rank<<<1, 32>>>(out); }
