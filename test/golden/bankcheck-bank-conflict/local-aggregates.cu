// Values kept in local arrays and structs are followed: constant indices
// exactly, a lane-dependent index as a choice between the elements; a local
// whose address is taken is not followed (its reads are undecided).
#include <cuda_runtime.h>

struct Cell {
  int row, col;
};

__device__ Cell transposed(Cell c) {
  Cell t = {c.col, c.row};
  return t;
}

__global__ void arrays(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  int idx[4];
  for (int i = 0; i < 4; ++i)
    idx[i] = (tx + 8 * i) % 32;
  out[tx] = s[idx[2]][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tx] += s[0][idx[3]];
  // a rotated row: clean
  out[tx] += s[0][idx[tx & 3]];
  // (tx + 8 * (tx & 3)) % 32, a row: clean
  out[tx] += s[idx[tx & 3] & 7][0];
  // rows 0-7
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  int rows[3] = {tx, 2 * tx};
  out[tx] += s[rows[2]][rows[0]];
  // rows[2] is 0: clean
  int copy[3] = {};
  copy[tx % 3] = tx;
  out[tx] += s[copy[0]][0];
  // tx where tx % 3 == 0, else 0: 11 rows
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 11-way bank conflict on shared load of 's' (11 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void structs(float *out) {
  __shared__ float s[32][32];
  Cell p;
  p.row = threadIdx.y;
  p.col = threadIdx.x;
  out[0] = s[p.row][p.col];
  // 8 x 4 threads: four rows of eight
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  Cell q = transposed(p);
  out[1] = s[q.row][q.col];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  Cell r = q;
  r.col = 0;
  out[2] = s[r.col][r.row];
  // one row: clean
  Cell cells[2] = {p, q};
  out[3] = s[cells[1].row][cells[0].row];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__device__ void clobber(int *v) { v[0] = 0; }

__global__ void escaping(float *out) {
  __shared__ float s[32][32];
  int a[2] = {(int)threadIdx.x, 0};
  clobber(a);
  out[0] = s[a[1]][a[0]];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': {{.+}} [bankcheck-bank-conflict]
}

__global__ void largeArray(float *out) {
  __shared__ float s[32][32];
  int big[128];
  for (int i = 0; i < 128; ++i)
    big[i] = i % 32;
  out[threadIdx.x] = s[big[threadIdx.x]][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 's': 'big[threadIdx.x]' is read at a lane-dependent index of a local array with more than 64 elements [bankcheck-bank-conflict]
  out[threadIdx.x] += s[big[5]][big[37]];
  // constant indices: one word, clean
}

struct Params {
  int stride;
  unsigned offset;
};

__global__ void params(Params p, float *out) {
  __shared__ float s[64 * 33];
  // The members of a kernel parameter are the same for every lane.
  out[0] = s[threadIdx.x + p.offset];
  // a shifted row: clean
  out[1] = s[threadIdx.x * p.stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when p.stride = 32 [bankcheck-bank-conflict]
}

void run(float *out, Params p) {
  params<<<1, 32>>>(p, out);
  largeArray<<<1, 32>>>(out);
  arrays<<<1, 32>>>(out);
  structs<<<1, dim3(8, 4)>>>(out);
  escaping<<<1, 32>>>(out);
}
