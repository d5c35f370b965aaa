// Lambdas walked where they are called: by-reference captures are the
// caller's variables when the lambda runs (and what the lambda writes into
// them is seen after the call), by-copy captures keep the value they had
// where the lambda was made (a mutable lambda's copies keep what each call
// leaves in them); a closure passed to a template helper, a generic lambda and
// an immediately invoked one are walked the same way.
#include <cuda_runtime.h>

template <class F> __device__ float apply(F f) { return f(threadIdx.x); }

__global__ void lambdas(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  float v = apply([&](int i) { return s[i][0]; });
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += apply([](int i) { return s[0][i]; });
  // a row: clean

  int k = tx;
  auto byCopy = [k](int c) { return s[k][c]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  auto byRef = [&](int c) { return s[k][c]; };
  // k is 0 when byRef runs: one word, a broadcast
  k = 0;
  v += byCopy(1) + byRef(2);

  int w = 0;
  auto setW = [&] { w = tx; };
  setW();
  v += s[w][3];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += [&](auto c) { return s[tx][c]; }(4);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += [=] { return s[5][tx]; }();
  // clean

  int m = 0;
  auto next = [m]() mutable { return m += threadIdx.x; };
  next();
  int r = next(); // the closure's copy of m kept the first call's value: 2 * tx
  v += s[r & 31][6];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tx] = v;
}

void run(float *out) { lambdas<<<1, 32>>>(out); }
