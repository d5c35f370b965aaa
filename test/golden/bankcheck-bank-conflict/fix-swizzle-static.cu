// Swizzle fix-its: where padding would pass 48 KiB of static shared memory,
// an XOR of the column by the row, proven on every access of the tile with
// the bank model, rewrites every index of the tile (here in elements; in
// 16-byte chunks for a tile read as float4, so that each vector stays whole).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define ROWS 96
#define COLS 128

// 96 x 128 floats: exactly 48 KiB, no room for a padding column.
__global__ void bigTranspose(float *out, const float *in) {
  __shared__ float tile[ROWS][COLS];
  for (int r = threadIdx.y; r < ROWS; r += 8)
    for (int c = threadIdx.x; c < COLS; c += 32)
      tile[r][c] = in[r * COLS + c];
  // CHECK-FIXES: {{^}}      tile[r][(c) ^ ((r) & 31)] = in[r * COLS + c];
  __syncthreads();
  for (int c = threadIdx.y; c < COLS; c += 8)
    for (int r = threadIdx.x; r < ROWS; r += 32)
      out[c * ROWS + r] = tile[r][c];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 'tile': padding by 1 element would lower the conflict to 1-way but would take the kernel's static shared memory to 49536 bytes, over the 49152-byte limit
  // CHECK-MESSAGES: note: swizzle the columns of 'tile' by its rows (XOR of the elements of each row with the row's bits 0 to 4): 32-way -> 1-way over all 2 accesses, no byte added; every index of 'tile' is rewritten
  // CHECK-FIXES: {{^}}      out[c * ROWS + r] = tile[r][(c) ^ ((r) & 31)];
}

// 384 rows of 64 halves (128 bytes): 48 KiB, read down a column as float4.
__global__ void halfColumns(float4 *out, const float4 *in) {
  __shared__ __half h[384][64];
  for (int i = threadIdx.x; i < 384 * 8; i += 256) {
    int r = i / 8, c = (i % 8) * 8;
    *reinterpret_cast<float4 *>(&h[r][c]) = in[i];
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4 *>(&h[r][(c) ^ (((r) & 7) << 3)]) = in[i];
  }
  __syncthreads();
  for (int r = threadIdx.x; r < 384; r += 256)
    out[r] = *reinterpret_cast<const float4 *>(&h[r][8]);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 8-way bank conflict on shared load of 'h' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: swizzle the columns of 'h' by its rows (XOR of the 16-byte chunks of each row with the row's bits 0 to 2): 8-way -> 1-way over all 2 accesses, no byte added; every index of 'h' is rewritten
  // CHECK-FIXES: {{^}}    out[r] = *reinterpret_cast<const float4 *>(&h[r][(8) ^ (((r) & 7) << 3)]);
}

void run(float *out, const float *in, float4 *o4, const float4 *i4) {
  bigTranspose<<<1, dim3(32, 8)>>>(out, in);
  halfColumns<<<1, 256>>>(o4, i4);
}
