// Arrays of structs: a member access is a word at struct stride plus the
// member's offset.
#include <cuda_runtime.h>

struct P3 { float x, y, z; };
struct P2 { float x, y; };
struct M { float v[8]; };
struct D { double d; int i; int pad; };

__global__ void structs(float *out, double *outd) {
  __shared__ P3 p3[32];
  __shared__ P2 p2[32];
  __shared__ M m[32];
  __shared__ D ds[32];
  int tid = threadIdx.x;
  float v = p3[tid].y;
  // 3-word stride: 32 distinct banks
  v += p2[tid].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 2-way bank conflict on shared load of 'p2' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += m[tid].v[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 8-way bank conflict on shared load of 'm' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += p2[tid / 2].y;
  // lane pairs share a word, 16 distinct words
  double d = ds[tid].d;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 'ds' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  out[tid] = v;
  outd[tid] = d;
}

void run(float *out, double *outd) {
  structs<<<1, 32>>>(out, outd);
}
