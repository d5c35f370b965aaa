// Block shapes that depend on a run-time value: when they can take a few
// values (a conditional, a local assigned in a branch), each is analysed and
// the note says the shape is chosen at run time; when they cannot, the default
// assumption is used and the note says which launch was not read and why.
// A dim3 assigned member by member keeps its members.
// s[threadIdx.x * 32]: the degree is min(blockDim.x, 32).
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

__global__ void picked(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (16, 1, 1) from launch at {{.*}}blockshape-runtime.cu:53 (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'picked' with block (8, 1, 1) (2 evaluations, the worst shown)
  // (the 8-thread launch is the same access, one warning for both shapes)
}

__global__ void branch(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: also in 1 other kernel instantiation or block shape: 'branch' with block (2, 1, 1) (2 evaluations, the worst shown)
}

__global__ void members(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (16, 16, 1) from launch at {{.*}}blockshape-runtime.cu:62{{$}}
}

__global__ void unknownShape(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: launch at {{.*}}blockshape-runtime.cu:63: the block shape is not known: it depends on 'n', a parameter of 'run' (no call of it is in this file)
  // CHECK-MESSAGES-DAG: note: assuming blockDim.x is a multiple of 32
}

// Linear ids within 128 floats: in bounds for the 128 threads of each shape
// launched, (64, 2, 1) and (32, 4, 1); the shapes a local chosen at run time
// makes together, not every combination of its values ((64, 4, 1) would read
// past the end).
__global__ void together(float *out) {
  __shared__ float w[128];
  w[threadIdx.y * blockDim.x + threadIdx.x] = 1.f;
  out[threadIdx.x] = w[threadIdx.x];
}

void run(float *out, int n) {
  dim3 b(n > 64 ? 16 : 8);
  picked<<<1, b>>>(out);
  int threads = 4;
  if (n > 1000)
    threads = 2;
  branch<<<1, threads>>>(out);
  dim3 m;
  m.x = 16;
  m.y = 16;
  m.z = 1;
  members<<<1, m>>>(out);
  unknownShape<<<1, n>>>(out);
  int t = n > 512 ? 64 : 32;
  dim3 c(t, 128 / t);
  together<<<1, c>>>(out);
}

// One launch gives the shape, another does not: the known shape is analysed
// and so is the other launch, under the default assumption, said so (it is
// not left out because a shape is known).
__global__ void mixed(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: launch at {{.*}}blockshape-runtime.cu:[[@LINE+18]]: the block shape is not known: it depends on 'n', a parameter of 'twoLaunches'
  // CHECK-MESSAGES-DAG: note: assuming blockDim.x is a multiple of 32 (the shape of that launch is not known)
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:22: note: also in 1 other kernel instantiation or block shape: 'mixed' with block (8, 1, 1)
}

// A table of block sizes that nothing writes, walked by a loop (llm.c's
// `int block_sizes[] = {...}; for (j...) { int block_size = block_sizes[j]; ...}`):
// each size is analysed, chosen at run time.
__global__ void sized(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-runtime.cu:[[@LINE+13]] (one of 3 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 2 other kernel instantiations or block shapes: 'sized' with block (8, 1, 1), 'sized' with block (16, 1, 1)
}

void twoLaunches(float *out, int n) {
  mixed<<<1, 8>>>(out);
  mixed<<<1, n>>>(out);
}

void sizes(float *out) {
  int block_sizes[] = {8, 16, 32};
  for (int j = 0; j < 3; j++) {
    int block_size = block_sizes[j];
    sized<<<1, block_size>>>(out);
  }
}
