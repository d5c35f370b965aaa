// A naive transpose: the column walk through Tile is a 32-way bank conflict on
// the load, and the padding fix-it grows the row to 33 floats.
#include <cuda_runtime.h>
__global__ void transposeNaive(float *Out, const float *In) {
  __shared__ float Tile[32][32];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  Out[threadIdx.y * 32 + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}
void launch(float *Out, const float *In) { transposeNaive<<<1, dim3(32, 32)>>>(Out, In); }
