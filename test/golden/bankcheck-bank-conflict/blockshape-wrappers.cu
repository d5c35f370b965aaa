// Block shapes through launch wrappers, function pointers and tables: a
// function or a template that forwards its block to <<<>>> is read at each of
// its calls (each call's kernel with that call's shape), and a kernel named
// through a pointer or a table gets the shape of the launch that calls it.
// s[threadIdx.x * 32] puts every lane on bank 0: the degree is the number of
// distinct threadIdx.x in a warp, min(blockDim.x, 32).
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

typedef void (*KernelFn)(float *);

__global__ void viaFunction(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (16, 2, 1) from launch at {{.*}}blockshape-wrappers.cu:22 via 'launch2d' called at {{.*}}blockshape-wrappers.cu:57
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'viaFunction' with block (8, 1, 1) (2 evaluations, the worst shown)
  // (the 8-thread launch is the same access, one warning for both shapes)
}

// A plain function that launches the kernel it is given.
void launch2d(KernelFn k, dim3 block, float *out) { k<<<1, block>>>(out); }

// A template forwarding grid, block and arguments.
template <typename Kernel, typename... Args>
void launchOn(Kernel kernel, dim3 grid, dim3 block, Args... args) {
  kernel<<<grid, block>>>(args...);
}

__global__ void viaTemplate(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (4, 8, 1) from launch at {{.*}}blockshape-wrappers.cu:27 via 'launchOn' called at {{.*}}blockshape-wrappers.cu:59
}

__global__ void viaPointer(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (2, 16, 1) from launch at {{.*}}blockshape-wrappers.cu:61
}

// Both entries of the table get the launch's shape.
__global__ void fromTableA(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}
__global__ void fromTableB(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out, int i) {
  launch2d(viaFunction, dim3(16, 2), out);
  launch2d(viaFunction, 8, out);
  launchOn(viaTemplate, dim3(1), dim3(4, 8), out);
  KernelFn f = viaPointer;
  f<<<1, dim3(2, 16)>>>(out);
  KernelFn table[] = {fromTableA, fromTableB};
  table[i]<<<1, dim3(8, 4)>>>(out);
}
