// One template serving two tile sizes: TILE = 32 needs one column of padding,
// TILE = 31 is conflict-free and would become 32 with it. No single padding
// serves both; the fix-it pads per instantiation, only where the rows span
// whole bank periods, proven for each instantiation of the file.
#include <cuda_runtime.h>

template <int TILE> __global__ void columnSum(float *out) {
  __shared__ float tile[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ float tile[TILE][TILE + (TILE % 32 == 0)];
  for (int r = 0; r < TILE; ++r)
    if (threadIdx.x < TILE)
      tile[r][threadIdx.x] = out[r * TILE + threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int c = 0; c < TILE; ++c)
    if (threadIdx.x < TILE)
      s += tile[threadIdx.x][c];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the innermost dimension of 'tile' per instantiation, by 1 element where its rows span whole bank periods ('TILE' -> 'TILE + (TILE % 32 == 0)'), proven for each of its 2 extents: 32-way -> 1-way over all 4 accesses
  out[threadIdx.x] = s;
}

void run(float *out) {
  columnSum<32><<<1, 32>>>(out);
  columnSum<31><<<1, 32>>>(out);
}
