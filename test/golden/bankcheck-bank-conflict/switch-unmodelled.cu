// Switch shapes whose control flow is not modelled: the accesses they govern
// are undecided, with the reason, never given a verdict; the rest of the
// kernel is analysed as usual.
#include <cuda_runtime.h>

__global__ void duff(float *out, int n) {
  __shared__ float s[32][33];
  int tx = threadIdx.x;
  int i = 0;
  // Case labels inside the loop: lanes enter it in the middle.
  switch (tx & 3) {
  case 0:
    do {
      s[tx][i++] = 0.0f;
      // CHECK-REMARKS: :[[@LINE-1]]:7: remark: cannot decide bank conflicts of shared store of 's': the switch at line 11 has a case label inside a nested statement (line {{[0-9]+}}): its control flow is not modelled [bankcheck-bank-conflict]
    case 1:
      s[tx][i++] = 1.0f;
      // CHECK-REMARKS: :[[@LINE-1]]:7: remark: cannot decide bank conflicts of shared store of 's': the switch at line 11 has a case label inside a nested statement (line {{[0-9]+}}): its control flow is not modelled [bankcheck-bank-conflict]
    } while (i < n);
  }
  out[tx] = s[tx][0];
  // padded rows: clean
}

__global__ void nestedBreak(const int *flags, float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  int col = 0;
  switch (tx & 1) {
  case 0:
    s[tx][0] = 1.0f;
    // before the unmodelled statement: exact
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 16-way bank conflict on shared store of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
    if (flags[tx] > 0) {
      col = 1;
      if (flags[tx] > 1)
        break;
      col = 2;
    }
    s[0][tx] = 2.0f;
    // CHECK-REMARKS: :[[@LINE-1]]:5: remark: cannot decide bank conflicts of shared store of 's': the switch at line 29 leaves a case from inside a nested statement (line 37): its control flow is not modelled [bankcheck-bank-conflict]
    break;
  default:
    s[tx][1] = 3.0f;
    // CHECK-REMARKS: :[[@LINE-1]]:5: remark: cannot decide bank conflicts of shared store of 's': the switch at line 29 leaves a case from inside a nested statement (line 37): its control flow is not modelled [bankcheck-bank-conflict]
  }
  out[tx] = s[col][tx];
  // CHECK-REMARKS: :[[@LINE-1]]:13: remark: cannot decide bank conflicts of shared load of 's': {{.*}}value assigned in the switch at line 29{{.*}} [bankcheck-bank-conflict]
  out[tx] += s[tx][2];
  // after the switch every lane runs again
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(const int *flags, float *out, int n) {
  duff<<<1, 32>>>(out, n);
  nestedBreak<<<1, 32>>>(flags, out);
}
