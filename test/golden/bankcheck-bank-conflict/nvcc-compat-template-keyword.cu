// A member template of a dependent type named without the `template` keyword,
// which nvcc accepts (TensorRT's instanceNormFwdImpl.cu, NCCL's and RTXNTC's
// device code): Clang reads `<` as less-than, or asks for the keyword. The
// file is read a second time with the keyword where Clang said (a macro for
// `::template` or `.template` in place of the separator, blanks of the line
// before it paying for the characters more, so lines, the columns from the
// name on and fix-it offsets stay the file's own), with a remark at each place.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

template <int W> struct Rows {
  template <int C> __device__ static void store(float *s, float v) { s[threadIdx.x * C] = v; }
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  template <typename T> __device__ void put(float *s, T v) { s[threadIdx.x * W] = v; }
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
};

template <int W, int C>
__global__ void byQualifiedName(float *out) {
  __shared__ float s[32 * 32];
  Rows<W>::store<C>(s, out[threadIdx.x]);
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: accepted as nvcc does: '::store<' read as '::template store<' (a member template of a dependent type named without the 'template' keyword)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

template <int W>
__global__ void byMember(float *out) {
  __shared__ float s[32 * 32];
  Rows<W> r;
  if (W > 0)
    r.put<float>(s, out[threadIdx.x]);
  // CHECK-REMARKS: :[[@LINE-1]]:7: remark: accepted as nvcc does: '.put<' read as '.template put<' (a member template of a dependent type named without the 'template' keyword)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float *out) {
  byQualifiedName<1, 32><<<1, 32>>>(out);
  byMember<32><<<1, 32>>>(out);
}
