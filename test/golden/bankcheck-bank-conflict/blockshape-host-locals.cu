// Block shapes as host code writes them: locals that keep their
// initialisers and their arithmetic are read at the launch; a dim3 whose
// members are assigned after it is made has the assigned members (not the
// (1, 1, 1) of its initialiser); one whose member is set from a value the
// host code reads at run time is not known, the launch says so and the
// default assumption is used (and said).
#include <cuda_runtime.h>

__global__ void tile16(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.x][threadIdx.y] = threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

__global__ void byMembers(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.x][0] = 1.f;
  // 16 rows per warp, each on bank 0
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 16-way bank conflict on shared store of 'u' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (16, 16, 1) from launch at {{.*}}blockshape-host-locals.cu:45
  out[threadIdx.x] = u[0][threadIdx.x];
}

__global__ void byReadMember(float *out) {
  __shared__ float v[32][32];
  v[threadIdx.x][0] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'v' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: launch at {{.*}}blockshape-host-locals.cu:48: the block shape is not known: it is the result of 'readWidth'
  // CHECK-MESSAGES: note: assuming blockDim.x is a multiple of 32
  out[threadIdx.x] = v[0][threadIdx.x];
}

int readWidth();

void run(float *out) {
  int block = 16;
  int half = block / 2;
  dim3 b(block, half * 2);
  tile16<<<1, b>>>(out);
  dim3 m;
  m.x = 16;
  m.y = 16;
  byMembers<<<1, m>>>(out);
  dim3 r;
  r.x = readWidth();
  byReadMember<<<1, r>>>(out);
}
