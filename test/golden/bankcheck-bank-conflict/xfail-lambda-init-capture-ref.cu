// A lambda's reference init-capture (`[&r = m]`) is an alias of m: what the
// lambda adds through r changes the loop's counter, by lane. The walk takes
// an init-capture as a copy made where the lambda is, so it keeps m uniform
// and reports the load clean; it should be undecided, as when the lambda
// captures m itself by reference (loop-unknown-trip-hidden-writes.cu).
#include <cuda_runtime.h>

__global__ void initCaptureRef(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  int m = 0;
  auto bump = [&r = m, tx] { r += tx; };
  for (; m < n; ++m) {
    acc += tile[ty][m & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 'tile': 'm' changes across iterations of the loop at line 14 [bankcheck-bank-conflict]
    bump();
  }
  out[ty * 32 + tx] = acc;
}

void run(float *out, int n) {
  initCaptureRef<<<1, dim3(32, 8)>>>(out, n);
}
