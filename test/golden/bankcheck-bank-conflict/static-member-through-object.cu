// A static data member named through an object (`t.I` of a tile passed by
// reference, as mma helpers write it) is the member's value, as `T::I` is.
// It was an unknown ("value loaded from 't.I'"), and the access undecided.
#include <cuda_runtime.h>

template <int I_, int J_> struct tile {
  static constexpr int I = I_;
  static constexpr int J = J_;
  int x[I_ * J_ / 32];
};

template <typename T> __device__ void loadTile(T &t, float *out, const float *s) {
  out[threadIdx.x] = s[(threadIdx.x % t.I) * 32 + (threadIdx.x / t.I) * (t.J / 2)];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in warp 0, lanes 0, 1, …, 15 -> bank 0, words 0, 32, …, 480
}

__global__ void staticMember(float *out) {
  __shared__ float s[2048];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  tile<16, 8> t;
  loadTile(t, out, s);
}

void launch(float *o) { staticMember<<<1, 32>>>(o); }
