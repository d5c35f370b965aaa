// Helpers reached through a constant function pointer (ggml's quantized
// matrix products pick their tile loader per type: `constexpr load_t load
// = traits<T>::load; load(...)`) are walked as direct calls; a pointer chosen
// at run time stays opaque, and the remark names it. Integer parameters
// taken by const reference (`const int &k0`) have the value the call binds:
// a temporary, or a local of the caller's that nothing else can change.
#include <cuda_runtime.h>

typedef void (*load_t)(float *tile, const int &k0, const int &stride);

__device__ __forceinline__ void loadRows(float *tile, const int &k0, const int &stride) {
  tile[threadIdx.x * stride + k0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: also in 1 other kernel instantiation or block shape: 'viaPointer<0>' with block (32, 1, 1) (2 evaluations, the worst shown)
}

__device__ __forceinline__ void loadCols(float *tile, const int &k0, const int &stride) {
  tile[k0 * stride + threadIdx.x] = 1.0f;
}

template <int T> struct Traits;
template <> struct Traits<0> { static constexpr load_t load = loadRows; };
template <> struct Traits<1> { static constexpr load_t load = loadCols; };

template <int T>
__global__ void viaPointer(float *out) {
  __shared__ float tile[32 * 32];
  constexpr load_t load = Traits<T>::load;
  const int stride = 32;
  load(tile, 0, stride); // a temporary and a local, by const reference
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void direct(float *out) {
  __shared__ float tile[32 * 32];
  int k = 3;
  loadRows(tile, k, 32);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void chosenAtRunTime(float *out, bool rows) {
  __shared__ float tile[32 * 32];
  load_t load = rows ? loadRows : loadCols;
  load(tile, 0, 32);
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: shared memory passed to the function pointer 'load' (which function it calls is not known): its accesses are not analysed
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

void run(float *out, bool rows) {
  viaPointer<0><<<1, 32>>>(out);
  viaPointer<1><<<1, 32>>>(out);
  direct<<<1, 32>>>(out);
  chosenAtRunTime<<<1, 32>>>(out, rows);
}
