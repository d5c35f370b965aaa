// Padding `float tile[32][32]` to `[32][33]` changes the type of the array
// and of its rows: `tile` decays to `float (*)[33]`, `tile[i]` is a
// `float[33]`. Where such a value reaches a type written with the old extent
// (a parameter `float (*t)[32]`, a reference `float (&r)[32][32]`, a cast,
// through a deduced local or parameter too) the padded code would not
// compile: no padding fix-it, the note says where, and a swizzle is offered
// instead. Types deduced from the array (auto, a template parameter, a
// generic lambda) follow the padding, and the fix-it stands.
#include <cuda_runtime.h>

__device__ float rowSum(float (*t)[32], int r) { return t[r][0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
// CHECK-MESSAGES: :[[@LINE+14]]:20: note: no padding fix-it for 'tile': it is passed to parameter 't' of 'rowSum' as 'float (*)[32]' ({{.*}}fix-row-type-uses.cu:[[@LINE+18]]), a type written with its innermost extent; padding its rows by 1 element would take it from 32-way to 1-way
// CHECK-MESSAGES: note: swizzle the columns of 'tile' by its rows
template <class T> __device__ float anyRow(T t, int r) { return t[r][0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
// CHECK-MESSAGES: :[[@LINE+18]]:20: note: pad the innermost dimension of 'tile' by 1 element ('32' -> '33'): 32-way -> 1-way over all 4 accesses
template <int N> __device__ float deducedRow(float (*t)[N], int r) { return t[r][0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
// CHECK-MESSAGES: :[[@LINE+15]]:20: note: pad the innermost dimension of 'tile' by 1 element ('32' -> '33'): 32-way -> 1-way over all 4 accesses
template <int N> __device__ float explicitRow(float (*t)[N], int r) { return t[r][0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:78: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
// CHECK-MESSAGES: :[[@LINE+20]]:20: note: no padding fix-it for 'tile': it is passed to parameter 't' of 'explicitRow' as 'float (*)[32]' ({{.*}}:[[@LINE+24]]), a type written with its innermost extent
__device__ float flatRead(const float *p) { return p[0]; }

__global__ void passedToTypedParam(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = rowSum(tile, threadIdx.x);
}

__global__ void passedToTemplates(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = anyRow(tile, threadIdx.x) + deducedRow(tile, threadIdx.x) + flatRead(tile[threadIdx.y]);
}

__global__ void explicitTemplateArgument(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = explicitRow<32>(tile, threadIdx.x);
}

__global__ void boundToReference(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][32];
  float (&r)[32][32] = tile;
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = r[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: no padding fix-it for 'tile': it is bound to 'r' as 'float (&)[32][32]' ({{.*}}:[[@LINE-5]]), a type written with its innermost extent; padding its rows by 1 element would take it from 32-way to 1-way
}

__global__ void rowThroughAuto(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][32];
  auto p = tile;
  float (&row)[32] = p[threadIdx.x];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = row[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-8]]:20: note: no padding fix-it for 'tile': it is bound to 'row' through 'p' as 'float (&)[32]' ({{.*}}:[[@LINE-5]]), a type written with its innermost extent
}

__global__ void castToRowPointer(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][33];
  float (*q)[32] = (float (*)[32])&tile[0][0];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0] + (float)sizeof(q);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: pad the innermost dimension of 'tile' by 1 element
}

__global__ void deducedOnly(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][33];
  auto &r = tile;
  decltype(tile[0]) first = tile[0];
  auto lam = [](auto t, int i) { return t[i][0]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: pad the innermost dimension of 'tile' by 1 element ('32' -> '33'): 32-way -> 1-way over all 4 accesses
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = r[threadIdx.x][0] + lam(tile, threadIdx.x) + first[0] + sizeof(tile[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// A class template's parameter is given, not deduced from the array; a
// value returned is not followed into the caller's use.
template <class Row> struct RowReader {
  __device__ float read(Row *t, int r) const { return t[r][0]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE+5]]:20: note: no padding fix-it for 'tile': it is passed to parameter 't' of 'read' as 'float (*)[32]' ({{.*}}:[[@LINE+12]]), a type written with its innermost extent
};
template <class T> __device__ T same(T t) { return t; }

__global__ void classTemplateAndReturn(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][32];
  __shared__ float other[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float other[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  other[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = RowReader<float[32]>().read(tile, threadIdx.x);
  float (*q)[32] = same(other);
  out[threadIdx.x] += q[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on shared load of 'other' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-9]]:20: note: no padding fix-it for 'other': it is returned from 'same' through 't' as 'float (*)[32]' ({{.*}}), and the value of its calls is not followed
}

// A range-for over the rows: `auto &row` follows the padding, a loop
// variable spelling the row type does not.
__global__ void rangeFor(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][33];
  __shared__ float spelled[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float spelled[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  spelled[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float s = 0;
  for (auto &row : tile)
    s += row[0];
  for (float(&row)[32] : spelled)
    s += row[1];
  out[threadIdx.x] = tile[threadIdx.x][0] + spelled[threadIdx.x][0] + s;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-14]]:20: note: pad the innermost dimension of 'tile' by 1 element ('32' -> '33')
  // CHECK-MESSAGES: :[[@LINE-3]]:45: warning: 32-way bank conflict on shared load of 'spelled' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-14]]:20: note: no padding fix-it for 'spelled': it is iterated by 'row' as 'float (&)[32]' ({{.*}}:[[@LINE-6]]), a type written with its innermost extent
}

void run(float *out) {
  passedToTypedParam<<<1, dim3(32, 32)>>>(out);
  passedToTemplates<<<1, dim3(32, 32)>>>(out);
  explicitTemplateArgument<<<1, dim3(32, 32)>>>(out);
  boundToReference<<<1, dim3(32, 32)>>>(out);
  rowThroughAuto<<<1, dim3(32, 32)>>>(out);
  castToRowPointer<<<1, dim3(32, 32)>>>(out);
  deducedOnly<<<1, dim3(32, 32)>>>(out);
  classTemplateAndReturn<<<1, dim3(32, 32)>>>(out);
  rangeFor<<<1, dim3(32, 32)>>>(out);
}
