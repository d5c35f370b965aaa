// A witness of a possible conflict is an execution of the kernel: a
// run-time byte offset known only modulo 4 bytes, or a sampled value, that
// would misalign the access (a misaligned 4-, 8- or 16-byte shared access
// faults) or take a lane outside the variable is none (llm.c's fused
// residual kernel carves per-token rows and float buffers out of one `char`
// buffer at `C * sizeof(floatX)` steps; TensorRT's voxel generator splits a
// block into 4 pillars of `max_points` lanes each).
#include <cuda_runtime.h>

__global__ void perToken(int n, const float4 *in) {
  extern __shared__ char raw[];
  float4 *row = reinterpret_cast<float4 *>(raw + (2 + threadIdx.z) * n * 2);
  for (int c = threadIdx.x * 8; c < n; c += 256)
    row[c / 8] = in[c];
  float *sums = reinterpret_cast<float *>(raw + (2 + blockDim.z) * n * 2 + threadIdx.z * 128);
  sums[threadIdx.x] = 1.0f;
  // Two-byte elements may sit at 2 (mod 4): both residues still count.
  short *halves = reinterpret_cast<short *>(raw + n * 2);
  halves[threadIdx.x * 32] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared store of 'raw' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  halves[threadIdx.x * 33] = 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 'raw' (2 wavefronts, ideal 1): conflicts when uniform byte offset = 2 (mod 4) [bankcheck-bank-conflict]
}

__global__ void squared(int n, const float4 *in) {
  extern __shared__ char raw[];
  float4 *row = reinterpret_cast<float4 *>(raw + n * n * 2);
  row[threadIdx.x] = in[threadIdx.x];
}

// With 1 to 7 points a pillar, 32 lanes (the block shape is not known here:
// a multiple of 32 is assumed) reach past the 4 pillars; from 8 they stay
// inside, and 8 puts 4 pillars' points on one bank.
__global__ void pillars(unsigned maxPoints, const float *in) {
  __shared__ float pillar[4][64][5];
  int inBlock = threadIdx.x / maxPoints;
  int point = threadIdx.x % maxPoints;
  for (int k = 0; k < 5; k++)
    pillar[inBlock][point][k] = in[k];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 4-way bank conflict on shared store of 'pillar' (4 wavefronts, ideal 1): conflicts when {{.*}}maxPoints = 8 [bankcheck-bank-conflict]
}

void launch(int n, int z, unsigned maxPoints, const float4 *in, const float *f) {
  perToken<<<1, dim3(32, 1, z), 8192>>>(n, in);
  squared<<<1, 64, 8192>>>(n, in);
  pillars<<<n, dim3(4 * maxPoints)>>>(maxPoints, f);
}
