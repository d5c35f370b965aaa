// A loop with an unknown trip count whose carried integer is set in its body
// is walked once on trial to see whether that value stays uniform across
// iterations; loops nested in the body that cannot change it are passed over
// by the trial (their real walk records their accesses). Here the trial must
// still walk the nested loops that make `m` lane-varying: one computes the
// value m is set to; one sets the flag of a break that decides, by lane,
// whether m is set. The loads at the top of each body read m as the previous
// iteration left it.
#include <cuda_runtime.h>

__global__ void nestedFeedsCarried(float *out, int n) {
  __shared__ float s[32][33];
  int m = 0;
  float sum = 0.f;
  for (int i = 0; i < n; ++i) {
    sum += s[threadIdx.y][m & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'm' changes across iterations of the loop at line 15 [bankcheck-bank-conflict]
    int t = 0;
    for (int k = 0; k < 4; ++k)
      t += threadIdx.x;
    // Passed over by the trial: it writes only sum (and its counter).
    for (int k = 0; k < 8; ++k)
      sum += s[k][threadIdx.x];
    m = t;
  }
  out[threadIdx.x] = sum;
}

__global__ void nestedDecidesBreak(float *out, int n) {
  __shared__ float s[32][33];
  int m = 0;
  float sum = 0.f;
  for (int i = 0; i < n; ++i) {
    sum += s[threadIdx.y][m & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'm' changes across iterations of the loop at line 33 [bankcheck-bank-conflict]
    bool stop = false;
    for (int k = 0; k < 2; ++k)
      stop = threadIdx.x > 7;
    for (int k = 0; k < 4; ++k) {
      if (stop)
        break;
      m = i + k;
    }
  }
  out[threadIdx.x] = sum;
}

void run(float *out, int n) {
  nestedFeedsCarried<<<1, dim3(32, 8)>>>(out, n);
  nestedDecidesBreak<<<1, dim3(32, 8)>>>(out, n);
}
