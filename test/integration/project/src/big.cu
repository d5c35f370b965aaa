#include <cuda_runtime.h>
#include "tiles.cuh"

void launchBig(float *out, const float *in) {
  transposeTile<32><<<1, dim3(32, 32)>>>(out, in);
  columns<8><<<1, dim3(32, 8)>>>(out);
}
