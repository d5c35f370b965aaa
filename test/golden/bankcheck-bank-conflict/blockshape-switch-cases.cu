// A block size chosen at run time and dispatched by a switch to a template
// instance per size (cuda-samples' reductions): inside a case, the switch's
// variable has that case's value, so the block built from it before the
// switch has that shape there; cases that fall through give each of their
// values; `default` and a variable changed in the function give nothing, and
// the default assumption is used (and said).
#include <cuda_runtime.h>

#include <type_traits>

template <unsigned B>
__global__ void reduce(float *out) {
  __shared__ float s[2 * B];
  s[threadIdx.x * 2] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
// CHECK-MESSAGES: note: launch at {{.*}}blockshape-switch-cases.cu:[[@LINE+29]]: the block shape is not known: it depends on 'threads', a parameter of 'run' (no call of it is in this file)
// CHECK-MESSAGES: note: assuming blockDim.x is a multiple of 32
// CHECK-MESSAGES: note: also in 4 other kernel instantiations or block shapes: 'reduce<256U>' with block (256, 1, 1), 'reduce<512U>' with block (512, 1, 1), 'reduce<64U>' with block (32, 1, 1), 'reduce<64U>' with block (64, 1, 1)

template <unsigned B>
__global__ void rows(float *out) {
  __shared__ float t[B][32];
  t[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: launch at {{.*}}blockshape-switch-cases.cu:[[@LINE+29]]: the block shape is not known: it depends on 'threads', a parameter of 'changed'
  // CHECK-MESSAGES: note: assuming blockDim.x is a multiple of 32
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x % 32];
}

void run(float *out, int threads, int blocks) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 512:
    reduce<512><<<blocks, block>>>(out);
    break;
  case 256:
    reduce<256><<<blocks, block>>>(out);
    break;
  case 64:
  case 32:
    reduce<64><<<blocks, block>>>(out);
    break;
  default:
    reduce<16><<<blocks, block>>>(out);
  }
}

void changed(float *out, int threads) {
  dim3 block(threads);
  threads /= 2;
  switch (threads) {
  case 128:
    rows<128><<<1, block>>>(out); // block.x is 256 here, not 128
    break;
  }
}

// A block size dispatched to a generic lambda as a compile-time constant
// (llm.c's dispatch_launch): each instantiation of the lambda launches its
// own kernel instance with its own shape.
template <int B>
__global__ void tiles(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.x % 32][threadIdx.x / 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'u' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-switch-cases.cu:[[@LINE+18]]
  // CHECK-MESSAGES: note: also in 1 other kernel instantiation or block shape: 'tiles<64>' with block (64, 1, 1)
  __syncthreads();
  out[threadIdx.x] = u[0][threadIdx.x % 32];
}

template <class Launcher> void dispatch(Launcher &&launch, int size) {
  switch (size) {
  case 32:
    return launch(std::integral_constant<int, 32>{});
  case 64:
    return launch(std::integral_constant<int, 64>{});
  }
}

void generic(float *out, int size) {
  auto launch = [&](auto n) {
    constexpr int threads = n.value;
    tiles<threads><<<1, threads>>>(out);
  };
  dispatch(launch, size);
}
