// Padding fix-its for extern __shared__ rows whose launches pass a constant
// size: the row length in every index and each launch's size are edited
// together, the size grown by exactly the bytes the padding adds to the rows
// it holds. Where a launch's size cannot be grown so, the note says why.
#include <cuda_runtime.h>
constexpr int W = 32;
constexpr int ROWS = 32;
constexpr size_t kBytes = 32 * W * sizeof(float);
// The initializer of a constant used only at its launch is edited there.
// CHECK-FIXES: {{^}}constexpr size_t kBytes = 32 * (W + 1) * sizeof(float);
#define DYN_BYTES (32 * W * sizeof(float))
// So is the body of a macro used only at its launch; TWO_USES is used twice.
// CHECK-FIXES: {{^}}#define DYN_BYTES (32 * (W + 1) * sizeof(float))
#define TWO_USES (32 * W * sizeof(float))

__global__ void literalSize(float *out) {
  extern __shared__ float s1[];
  s1[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s1[threadIdx.y * 33 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s1[threadIdx.x * 32 + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's1' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's1' (row length '32' = 128 bytes) by 4 bytes, to a stride of 132 bytes ('32' -> '33' in its indices): 32-way -> 1-way over all 2 accesses; every '32' of its indices becomes '33' and the dynamic size of each launch grows with the rows: the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('4096' -> '4224')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s1[threadIdx.x * 33 + threadIdx.y];
}

__global__ void sizeofArith(float *out) {
  extern __shared__ float s2[];
  s2[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s2[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s2[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's2' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's2' (row length 'W' = 128 bytes) by 4 bytes, to a stride of 132 bytes ('W' -> 'W + 1' in its indices): 32-way -> 1-way over all 2 accesses; every 'W' of its indices becomes '(W + 1)' and the dynamic size of each launch grows with the rows: the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s2[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void constantBytes(float *out) {
  extern __shared__ float s3[];
  s3[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s3[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s3[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's3' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's3' {{.*}} the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s3[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void macroBytes(float *out) {
  extern __shared__ float s4[];
  s4[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s4[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s4[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's4' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's4' {{.*}} the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s4[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void launchKernelApi(float *out) {
  extern __shared__ float s5[];
  s5[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s5[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s5[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's5' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's5' {{.*}} the cudaLaunchKernel at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('4096' -> '4224')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s5[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void runTimeSize(float *out) {
  extern __shared__ float s6[];
  s6[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s6[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's6' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's6' {{.*}}; no fix-it: the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} passes 'bytes', a value known only at run time
}

__global__ void sharedMacro(float *out) {
  extern __shared__ float s7[];
  s7[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s7[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's7' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's7' {{.*}}; no fix-it: the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} passes 'TWO_USES' (4096 bytes), in which no term is the row length 'W' as a factor of the rows ('TWO_USES' is a macro used 2 times, whose definition is not edited for one launch)
}

__global__ void overDefault(float *out) {
  extern __shared__ float s8[];
  s8[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s8[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's8' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's8' {{.*}}; no fix-it: the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} would pass 50688 bytes, over the 49152 bytes a kernel has without cudaFuncSetAttribute(overDefault, cudaFuncAttributeMaxDynamicSharedMemorySize, ...)
}

__global__ void optedIn(float *out) {
  extern __shared__ float s9[];
  s9[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s9[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s9[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's9' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's9' {{.*}} the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 49152 to 50688 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s9[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void regionAfter(float *out) {
  extern __shared__ float s10[];
  float *b = s10 + 32 * W;
  s10[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  b[threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = s10[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's10' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's10' {{.*}}; no fix-it: the region at byte 4096 (through 'b') is carved after these rows, at an offset the fix-it does not move
}

__global__ void fromTemplate(float *out) {
  extern __shared__ float s11[];
  s11[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s11[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s11[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's11' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's11' {{.*}} the launch at {{.*}}fix-extern-launch-size.cu:{{[0-9]+}} from 4096 to 4224 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s11[threadIdx.x * (W + 1) + threadIdx.y];
}

// One launch written in a template, instantiated for 32 and 64 rows: the
// same edit grows both sizes by their rows.
template <int R> void launchRows(float *out) { fromTemplate<<<1, dim3(32, 8), R * W * sizeof(float)>>>(out); }
// CHECK-FIXES: {{^}}template <int R> void launchRows(float *out) { fromTemplate<<<1, dim3(32, 8), R * (W + 1) * sizeof(float)>>>(out); }

void run(float *out, size_t bytes) {
  launchRows<32>(out);
  launchRows<64>(out);
  dim3 block(32, 8);
  literalSize<<<1, block, 4096>>>(out);
  // CHECK-FIXES: {{^}}  literalSize<<<1, block, 4224>>>(out);
  sizeofArith<<<1, block, sizeof(float) * ROWS * (W)>>>(out);
  // CHECK-FIXES: {{^}}  sizeofArith<<<1, block, sizeof(float) * ROWS * ((W + 1))>>>(out);
  constantBytes<<<1, block, kBytes>>>(out);
  macroBytes<<<1, block, DYN_BYTES>>>(out);
  void *args[] = {&out};
  cudaLaunchKernel((const void *)launchKernelApi, dim3(1), block, args, 4096, 0);
  // CHECK-FIXES: {{^}}  cudaLaunchKernel((const void *)launchKernelApi, dim3(1), block, args, 4224, 0);
  runTimeSize<<<1, block, bytes>>>(out);
  sharedMacro<<<1, block, TWO_USES>>>(out);
  sharedMacro<<<2, block, TWO_USES>>>(out);
  overDefault<<<1, block, 384 * W * sizeof(float)>>>(out);
  cudaFuncSetAttribute(optedIn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  optedIn<<<1, block, 384 * W * sizeof(float)>>>(out);
  // CHECK-FIXES: {{^}}  optedIn<<<1, block, 384 * (W + 1) * sizeof(float)>>>(out);
  regionAfter<<<1, block, 33 * W * sizeof(float)>>>(out);
}
