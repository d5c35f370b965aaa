// A local integer or pointer written through a pointer or a reference to it:
// by a local reference, a local pointer, a lambda's reference init-capture
// (`[&r = m]`), a helper's reference or pointer parameter, an aggregate's
// reference member, a conditional lvalue, a range-for's reference, or a
// reference a lambda or a member function returns. The walk does not follow
// those writes, so the value it last saw assigned is not the value at a later
// read: each load below reads a row chosen by the lane (a 32-way conflict on
// the hardware) and is undecided, never a broadcast. A lambda that captures
// the variable itself by reference is walked where it is called, also inside
// a helper it is passed to: its write is seen, and the conflict is reported.
#include <cuda_runtime.h>

__device__ void addLane(int &x) { x += threadIdx.x; }
__device__ void addLanePtr(int *x) { *x += threadIdx.x; }
__device__ void advance(float *&p) { p += threadIdx.x * 32; }

__global__ void throughHelpers(float *out) {
  __shared__ float tile[32][32];
  int c = 0;
  addLane(c);
  out[threadIdx.x] = tile[c][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': 'c' may be written through a pointer or reference to it [bankcheck-bank-conflict]
  int d = 0;
  addLanePtr(&d);
  out[threadIdx.x] += tile[d][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': 'd' may be written through a pointer or reference to it [bankcheck-bank-conflict]
}

__global__ void throughLocals(float *out) {
  __shared__ float tile[32][32];
  int c = 0;
  int &r = c;
  r += threadIdx.x;
  out[threadIdx.x] = tile[c][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': 'c' may be written through a pointer or reference to it [bankcheck-bank-conflict]
  int d = 0;
  int *p = &d;
  *p = threadIdx.x;
  out[threadIdx.x] += tile[d][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': 'd' may be written through a pointer or reference to it [bankcheck-bank-conflict]
}

__global__ void initCaptureRef(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  int m = 0;
  auto bump = [&r = m, tx] { r += tx; };
  for (; m < n; ++m) {
    acc += tile[ty][m & 31];
    // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 'tile': 'm' may be written through a pointer or reference to it [bankcheck-bank-conflict]
    bump();
  }
  out[ty * 32 + tx] = acc;
}

__global__ void pointerByReference(float *out) {
  __shared__ float tile[32 * 32];
  float *p = tile;
  advance(p);
  out[threadIdx.x] = *p;
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': 'p' may be written through a pointer or reference to it [bankcheck-bank-conflict]
}

struct Adder {
  int &r;
  __device__ void add(int v) { r += v; }
};

__global__ void otherForms(float *out, int f) {
  __shared__ float tile[32][32];
  int c = 0;
  Adder a{c}; // an aggregate's reference member
  a.add(threadIdx.x);
  out[threadIdx.x] = tile[c][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': 'c' may be written through a pointer or reference to it [bankcheck-bank-conflict]
  int d = 0, e = 0;
  (f ? d : e) = threadIdx.x; // a conditional lvalue
  out[threadIdx.x] += tile[d][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': 'd' may be written through a pointer or reference to it [bankcheck-bank-conflict]
  int rows[2] = {0, 0};
  for (int &x : rows) // a range-for's reference
    x = threadIdx.x;
  out[threadIdx.x] += tile[rows[0]][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': value loaded from 'rows[0]'
}

struct Box {
  int v;
  __device__ int &get() { return v; }
};

__global__ void returnedReferences(float *out) {
  __shared__ float tile[32][32];
  int c = 0;
  auto ref = [&]() -> int & { return c; }; // a lambda handing out its capture
  ref() = threadIdx.x;
  out[threadIdx.x] = tile[c][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': 'c' may be written through a pointer or reference to it [bankcheck-bank-conflict]
  Box b{0}; // a member function handing out a part of its object
  b.get() = threadIdx.x;
  out[threadIdx.x] += tile[b.v][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': value loaded from 'b.v'
}

template <typename F> __device__ void callIf(F f, int flag) {
  if (flag)
    f();
}

__global__ void capturedByReference(float *out, int flag) {
  __shared__ float tile[32][32];
  int c = 0;
  auto f = [&c] { c = threadIdx.x; };
  f();
  out[threadIdx.x] = tile[c][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile'
  int d = 0; // a helper given the lambda calls it where flag holds
  callIf([&] { d = threadIdx.x; }, flag);
  out[threadIdx.x] += tile[d][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: possible 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1): conflicts when flag = 1
}

void run(float *out, int n) {
  throughHelpers<<<1, 32>>>(out);
  throughLocals<<<1, 32>>>(out);
  initCaptureRef<<<1, dim3(32, 8)>>>(out, n);
  pointerByReference<<<1, 32>>>(out);
  otherForms<<<1, 32>>>(out, n);
  returnedReferences<<<1, 32>>>(out);
  capturedByReference<<<1, 32>>>(out, n);
}
