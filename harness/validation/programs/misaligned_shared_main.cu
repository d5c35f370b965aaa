// Does a shared-memory access run at a byte offset its width does not
// divide? bankcheck takes such an access for no execution (it faults), so
// an unknown offset's misaligning residues and samples are no witnesses of a
// conflict (docs/validation.md, "Misaligned shared accesses"). One process
// per (width, offset): a misaligned address is a sticky error.
//   misaligned_shared WIDTH OFFSET    (WIDTH 2, 4, 8 or 16 bytes)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <typename T> __global__ void probe(int off, T *out) {
  extern __shared__ __align__(16) char raw[];
  T *p = reinterpret_cast<T *>(raw + off) + threadIdx.x;
  *p = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = p[0];
}

template <typename T> cudaError_t go(int off) {
  T *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(T));
  cudaMemset(d, 0, 64 * sizeof(T));
  probe<T><<<1, 32, 4096>>>(off, d);
  return cudaDeviceSynchronize();
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int w = std::atoi(argv[1]), off = std::atoi(argv[2]);
  cudaError_t e = w == 2 ? go<short>(off) : w == 4 ? go<int>(off) : w == 8 ? go<int2>(off) : go<int4>(off);
  std::printf("width %d offset %d: %s\n", w, off, cudaGetErrorString(e));
  return e != cudaSuccess;
}
