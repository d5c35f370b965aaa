// A local pointer into shared memory passed to a helper by reference
// (`float *&p`): the helper moves it by lane, so the load reads a row per lane
// (a 32-way conflict on the hardware). The walk does not follow the write
// through the reference: it keeps p at the tile's start and reports the load
// clean. It should be undecided, as a local integer so written is
// (local-written-through-alias.cu).
#include <cuda_runtime.h>

__device__ void advance(float *&p) { p += threadIdx.x * 32; }

__global__ void pointerByReference(float *out) {
  __shared__ float tile[32 * 32];
  float *p = tile;
  advance(p);
  out[threadIdx.x] = *p;
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile'
}

void run(float *out) {
  pointerByReference<<<1, 32>>>(out);
}
