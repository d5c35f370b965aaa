// Member functions walked with `this` bound to their object: a functor's
// operator(), operator[] and other members of a __shared__ object of class
// type, members of a local object (its constructor's body included, and what
// a member function writes into it), and objects that keep a reference to
// shared storage in a data member, as CUB's block primitives do
// (`TempStorage &`, `Uninitialized<T>::Alias()`, `BlockX(temp).Op(x)`).
#include <cuda_runtime.h>

struct ColumnRead {
  const float (*t)[32];
  int c;
  __device__ float operator()(int r) const { return t[r][c]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
};

struct Buffer {
  float v[1024];
  __device__ float &operator[](int i) { return v[i]; }
  __device__ const float &operator[](int i) const { return v[i]; }
  __device__ float &at(int r, int c) { return (*this)[r * 32 + c]; }
};

template <class T> struct Uninitialized {
  unsigned char storage[sizeof(T)];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};

struct BlockScan {
  struct Storage { int buf[32][32]; };
  struct TempStorage : Uninitialized<Storage> {};
  Storage &temp;
  int lane;
  __device__ BlockScan(TempStorage &t) : temp(t.Alias()), lane(threadIdx.x % 32) {}
  __device__ int Row() { return temp.buf[lane][0]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 32-way bank conflict on shared load of 'ts' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __device__ int Col() { return temp.buf[0][lane]; }
  // clean
  __device__ int Both() { return Row() + this->Col(); }
};

struct Counter {
  int base;
  __device__ Counter(int b) { base = b * 32; }
  __device__ void bump() { base += 1; }
};

__global__ void members(float *out) {
  __shared__ float s[32][32];
  __shared__ Buffer buf;
  __shared__ BlockScan::TempStorage ts;
  int tx = threadIdx.x;
  ColumnRead f{s, 3};
  float v = f(tx);
  buf[tx * 32] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'buf' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += buf[tx];
  // clean
  v += buf.at(tx, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 32-way bank conflict on shared load of 'buf' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  Buffer *p = &buf;
  v += p->at(0, tx);
  // clean
  BlockScan sc(ts);
  v += sc.Both() + BlockScan(ts).Col();
  Counter c(tx);
  c.bump();
  // base is 32 * tx + 1: odd, so row tx
  v += s[(c.base & 1) * tx][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tx] = v;
}

void run(float *out) { members<<<1, 32>>>(out); }

// The clean variants: a functor reading along a row, and a member function of
// a shared object walking its array by the lane.
struct RowRead {
  const float (*t)[32];
  int r;
  __device__ float operator()(int c) const { return t[r][c]; }
  // a row: clean
};

struct Ring {
  int slots[64];
  __device__ int &slot(int lane) { return slots[lane + 32]; }
};

__global__ void membersClean(float *out) {
  __shared__ float s[32][32];
  __shared__ Ring ring;
  int tx = threadIdx.x;
  RowRead f{s, 5};
  ring.slot(tx) = tx;
  out[tx] = f(tx) + ring.slot(31 - tx);
}

void runClean(float *out) { membersClean<<<1, 32>>>(out); }

// Member initialisers, default ones included, read the members made before
// them (CUB's BlockExchange: `warp_id = linear_tid / 32`, `warp_offset =
// warp_id * ...`), in a named object and in a temporary.
struct Exchange {
  float *buf;
  unsigned tid = threadIdx.x;
  unsigned warp = tid / 32;
  unsigned offset = warp * 64;
  __device__ Exchange(float *b) : buf(b) {}
  __device__ float blocked() { return buf[offset + (tid % 32) * 2]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __device__ float striped() { return buf[offset + tid % 32]; }
  // a row per warp: clean
};

__global__ void memberInitialisers(float *out) {
  __shared__ float s[256];
  Exchange e(s);
  out[threadIdx.x] = e.blocked() + Exchange(s).striped();
}

void runInitialisers(float *out) { memberInitialisers<<<1, 128>>>(out); }
