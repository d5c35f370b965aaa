// Block sizes set in the branches of an `if` and launched under conditions
// that pick the branch (cuda-convnet2's weight-gradient launcher: `int bx,
// by;` set in `if (colors > 3) {...} else if (...) {...} else {...}`, each
// kernel launched in a later `if (colors > 3)`). A condition over values
// nothing in the function changes has one truth for the whole call, so the
// launch takes only the writes of the branches that agree with its own
// conditions (and the early returns before it); `colors <= 3` is the same
// decision as `colors > 3`, negated. Another `if` outside any loop runs at
// most once: a variable set in both of its branches is set on every path.
// s[threadIdx.x * 32] is min(blockDim.x, 32)-way: 32-way under a 32-wide
// block, 16-way under a 16-wide one.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

__global__ void wide(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 8, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+48]]{{$}}
}

__global__ void narrow(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (16, 8, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+43]]{{$}}
}

// The else of `colors > 3` (the same decision as `colors <= 3`): the chain
// of `filters % 64` and `filters % 32` gives (16, 16) or (16, 8), chosen at
// run time.
__global__ void few(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (16, 8, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+35]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'few' with block (16, 16, 1) (2 evaluations, the worst shown)
}

// After `if (colors <= 3) return;`: colors > 3, either width.
__global__ void afterReturn(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 8, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+30]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'afterReturn' with block (16, 8, 1) (2 evaluations, the worst shown)
}

void weights(float *out, int colors, int filters) {
  int bx, by;
  if (colors > 3) {
    bx = filters % 128 == 0 ? 32 : 16;
    by = 8;
  } else if (filters % 64 == 0) {
    bx = 16;
    by = 16;
  } else if (filters % 32 == 0) {
    bx = 16;
    by = 8;
  } else {
    bx = 16;
    by = 16;
  }
  dim3 threads(bx, by);
  if (colors > 3) {
    if (filters % 128 == 0)
      wide<<<1, threads>>>(out);
    else
      narrow<<<1, threads>>>(out);
  } else if (colors <= 3) {
    few<<<1, threads>>>(out);
  }
  if (colors <= 3)
    return;
  afterReturn<<<1, threads>>>(out);
}

bool pick();

// A condition that is a call: its `if` runs once (in no loop), so the width
// is set on every path, to 32 or to 16.
__global__ void eitherWidth(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+166]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'eitherWidth' with block (16, 1, 1) (2 evaluations, the worst shown)
}

// The variable of the condition changes between the two ifs: the second
// `m > 3` is not the first one's decision, both widths reach the launch.
__global__ void changedBetween(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+165]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'changedBetween' with block (16, 1, 1) (2 evaluations, the worst shown)
}

// Set in one branch of an `if` in a loop: not known on every path.
__global__ void inLoop(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+162]]: the block shape is not known: it depends on 'w', which is not set on every path
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: assuming blockDim.x is a multiple of 32 (the shape of that launch is not known)
}

// Both sides of `&&` hold in its then-branch; the write a decision rules
// out (`bx *= 2` when colors <= 3) is not followed.
__global__ void both(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+20]]{{$}}
}

// A local declared in a loop takes a new value each iteration: its test is
// no decision, and a write of an earlier iteration may reach the launch.
__global__ void declaredInLoop(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+19]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'declaredInLoop' with block (16, 1, 1) (2 evaluations, the worst shown)
}

int choose(int);

void more(float *out, int colors, int filters) {
  int bx = 16;
  if (colors > 3)
    bx *= 2;
  if (colors <= 3 && filters % 2 == 0)
    both<<<1, dim3(bx, 4)>>>(out);

  int width = 16;
  for (int i = 0; i < colors; ++i) {
    int t = choose(i);
    if (t > 0)
      width = 32;
    if (t <= 0)
      declaredInLoop<<<1, width>>>(out);
  }
}

// Decisions also give what a value is a multiple of: in `colors % 64 ==
// 0`, cpt is 8 and (colors / cpt) % 8 is 0, so by is 8 (cuda-convnet2's
// weight gradients: the row count follows the kernel's own instance).
__global__ void multiple(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 8, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+37]]{{$}}
}

// A path whose decisions contradict what they decide is never run: with
// n % 128 == 0, ipt is 4 and n % (32 * ipt) is 0, so `check` is false and
// the launch in `if (check)` only has the other paths' 16 rows.
__global__ void contradicted(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 16, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+33]]{{$}}
}

// And what a failed one gives: colors % 16 == 0 but not % 32 makes colors
// 16 mod 32, colors / 4 is 4 mod 8, so by is 4 (whatever colors' sign).
__global__ void notMultiple(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+9]]{{$}}
}

void residues(float *out, int colors) {
  int cpt = colors % 64 == 0 ? 8 : colors % 32 == 0 ? 8 : 4;
  int by = (colors / cpt) % 8 == 0 ? 8 : 4;
  if (colors % 64 == 0) {
  } else if (colors % 32 == 0) {
  } else if (colors % 16 == 0) {
    notMultiple<<<1, dim3(32, by)>>>(out);
  }
}

void divisibility(float *out, int colors, int n) {
  int cpt = colors % 64 == 0 ? 8 : 4;
  int by = (colors / cpt) % 8 == 0 ? 8 : 4;
  dim3 threads(32, by);
  if (colors % 64 == 0)
    multiple<<<1, threads>>>(out);

  int ipt = n % 128 == 0 ? 4 : n % 64 == 0 ? 2 : 1;
  int rows = ipt != 4 ? 16 : 8;
  bool check = n % (32 * ipt) != 0;
  if (check)
    contradicted<<<1, dim3(32, rows)>>>(out);
}

// The launch's `a > 3` is no decision of the caller's `b > 3`: each
// condition is its own variables', not the same form of other ones.
__global__ void otherFunction(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+6]] via 'launchIt' called at {{.*}}blockshape-branch-decisions.cu:[[@LINE+15]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'otherFunction' with block (16, 1, 1) (2 evaluations, the worst shown)
}

void launchIt(float *out, int a, int w) {
  if (a > 3)
    otherFunction<<<1, w>>>(out);
}

void caller(float *out, int b) {
  int w;
  if (b > 3)
    w = 32;
  else
    w = 16;
  launchIt(out, 5, w);
}

// A variable changed through a reference is no decision: with colors 2, w
// is 16 and the launch still runs (colors is then 8).
__global__ void throughReference(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-branch-decisions.cu:[[@LINE+13]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:22: note: also in 1 other kernel instantiation or block shape: 'throughReference' with block (16, 1, 1) (2 evaluations, the worst shown)
}

void aliased(float *out, int colors) {
  int &alias = colors;
  int w;
  if (colors > 3)
    w = 32;
  else
    w = 16;
  alias = 10 - colors;
  if (colors > 3)
    throughReference<<<1, w>>>(out);
}

void others(float *out, int colors) {
  int width;
  if (pick())
    width = 32;
  else
    width = 16;
  eitherWidth<<<1, width>>>(out);

  int m = colors, v;
  if (m > 3)
    v = 32;
  else
    v = 16;
  m = 0;
  if (m > 3)
    changedBetween<<<1, v>>>(out);

  int w;
  for (int i = 0; i < colors; ++i)
    if (pick())
      w = 32;
  inLoop<<<1, w>>>(out);
}
