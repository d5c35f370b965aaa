// Assertions before a launch decide their condition, as early returns do
// (`assert(m == 1)` is `(bool)(m == 1) ? void(0) : __assert_fail(...)`), also
// at the top of a `do { ... } while (0)` that nothing leaves early, and
// a decided comparison of a value with a constant decides the others it
// implies: under `n > 8`, `n > 3` holds. s[threadIdx.x * 32] is
// min(blockDim.x, 32)-way: 16-way under a 16-wide block, 32-way under a
// 32-wide one, so each kernel's degree says which widths reach it.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>
#include <assert.h>
#include <stdlib.h>

#define TILE_READ                                                              \
  __shared__ float s[1024];                                                    \
  out[threadIdx.x] = s[threadIdx.x * 32];

__global__ void asserted(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void ordered(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void orderedUnsigned(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void afterReturn(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void orFail(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void expected(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
// `n > 8u` compares n as unsigned: a negative n passes it and fails
// `n > 3`, so both widths stay.
__global__ void wraps(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}} (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:3: note: also in 1 other kernel instantiation or block shape: 'wraps' with block (16, 4, 1) (2 evaluations, the worst shown)
}

[[noreturn]] void fail(const char *);

void launch(float *out, int n, unsigned u, int m, int g) {
  int a = g == 1 ? 16 : 32;
  assert(g == 1);
  asserted<<<1, dim3(a, 4)>>>(out);

  int b = n > 3 ? 16 : 32;
  if (n > 8)
    ordered<<<1, dim3(b, 4)>>>(out);

  int c = u >= 64 ? 16 : 32;
  if (u == 128)
    orderedUnsigned<<<1, dim3(c, 4)>>>(out);

  if (n > 8u)
    wraps<<<1, dim3(b, 4)>>>(out);

  int d = m < 0 ? 32 : 16;
  (void)(!!(n != 7) || (fail("n"), 0));
  int e = n == 7 ? 32 : 16;
  orFail<<<1, dim3(e, 4)>>>(out);

  if (__builtin_expect(m != 5, 0))
    abort();
  afterReturn<<<1, dim3(d, 4)>>>(out);
  expected<<<1, dim3(m == 5 ? 16 : 32, 4)>>>(out);
}

// A check macro that returns, spelt `do { ... } while (0)` (TensorFlow's
// OP_REQUIRES): its test decides, unless a `break` can skip it.
struct Context {
  void fail(const char *);
};
#define OP_REQUIRES(CTX, EXP, MSG)                                             \
  do {                                                                         \
    if (!(EXP)) {                                                              \
      (CTX)->fail(MSG);                                                        \
      return;                                                                  \
    }                                                                          \
  } while (0)

__global__ void required(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}}{{$}}
}
__global__ void skippable(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}} (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:3: note: also in 1 other kernel instantiation or block shape: 'skippable' with block (16, 4, 1) (2 evaluations, the worst shown)
}

void launchChecked(Context *ctx, float *out, int n, bool quick) {
  int a = n % 64 == 0 ? 16 : 32;
  OP_REQUIRES(ctx, n % 64 == 0, "n");
  required<<<1, dim3(a, 4)>>>(out);
}

void launchSkippable(float *out, int n, bool quick) {
  int a = n % 64 == 0 ? 16 : 32;
  do {
    if (quick)
      break;
    if (n % 64 != 0)
      return;
  } while (0);
  skippable<<<1, dim3(a, 4)>>>(out);
}

// Compiled with NDEBUG, an assertion is nothing: both widths stay.
#define NDEBUG
#include <assert.h>
__global__ void unchecked(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-assert-orderings.cu:{{[0-9]+}} (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:3: note: also in 1 other kernel instantiation or block shape: 'unchecked' with block (16, 4, 1) (2 evaluations, the worst shown)
}

void launchRelease(float *out, int g) {
  int a = g == 1 ? 16 : 32;
  assert(g == 1);
  unchecked<<<1, dim3(a, 4)>>>(out);
}
