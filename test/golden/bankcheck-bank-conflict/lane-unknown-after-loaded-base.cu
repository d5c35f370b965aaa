// A lane-varying unknown in an index whose base is a value loaded from
// global memory (`keys + (mp1 - mp0)`, the merge-path search of moderngpu's
// cta_merge.hxx): the index is unknown. Before, only the first unknown
// symbol of the offset was looked at; where it was the loaded value, the
// lane's unknown (`mid`, from a data-dependent search) was taken as one
// value for the warp and the load reported clean; the H100 measures a
// conflict on that line (docs/validation.md).
#include <cuda_runtime.h>

__device__ int search(const int *a_keys, int a_count, const int *b_keys, int b_count, int diag) {
  int begin = max(0, diag - b_count);
  int end = min(diag, a_count);
  while (begin < end) {
    int mid = (begin + end) / 2;
    int a_key = a_keys[mid];
    // CHECK-REMARKS: :[[@LINE-1]]:17: remark: cannot decide bank conflicts of shared load of 'keys': 'begin' changes across iterations of the loop at line 13 [bankcheck-bank-conflict]
    int b_key = b_keys[diag - 1 - mid];
    // CHECK-REMARKS: :[[@LINE-1]]:17: remark: cannot decide bank conflicts of shared load of 'keys': 'begin' changes across iterations of the loop at line 13 [bankcheck-bank-conflict]
    if (!(b_key < a_key))
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

__global__ void __launch_bounds__(128) merge(const int *in, const int *mp_data, int *out, int b_count) {
  __shared__ int keys[128 * 7 + 1];
  int mp0 = mp_data[blockIdx.x], mp1 = mp_data[blockIdx.x + 1];
  for (int i = threadIdx.x; i < 128 * 7; i += 128)
    keys[i] = in[i];
  __syncthreads();
  int diag = 7 * threadIdx.x;
  int p = search(keys, mp1 - mp0, keys + (mp1 - mp0), b_count, diag);
  int q = keys[(mp1 - mp0) + diag - p];
  // CHECK-REMARKS: :[[@LINE-1]]:11: remark: cannot decide bank conflicts of shared load of 'keys': value of 'begin' after the loop at line 13 [bankcheck-bank-conflict]
  out[threadIdx.x] = p + q;
}

void run(const int *in, const int *mp, int *out, int n) { merge<<<4, 128>>>(in, mp, out, n); }
