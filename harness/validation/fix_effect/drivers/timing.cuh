// Timing of one kernel launch sequence with CUDA events: warm-up, then REPS
// launches timed one by one, the median printed as one JSON line. The output
// buffer is written to a file so that the copies before and after --fix can
// be checked equal byte for byte.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define FX_CHECK(x)                                                                     \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(3);                                                                    \
    }                                                                                  \
  } while (0)

/// argv: [reps] [output file]. reps 1 is for the profiler (one launch).
struct FxArgs {
  int Reps = 51;
  const char *Out = "out.bin";
  FxArgs(int argc, char **argv) {
    if (argc > 1)
      Reps = std::atoi(argv[1]);
    if (argc > 2)
      Out = argv[2];
  }
};

/// Fills n floats with a fixed pseudo-random sequence in [-1, 1).
inline void fxFill(float *h, size_t n, unsigned seed) {
  unsigned s = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    h[i] = float(s >> 8) / float(1u << 24) * 2.0f - 1.0f;
  }
}

template <class Launch> double fxTime(const char *Name, const FxArgs &A, Launch L) {
  cudaEvent_t B, E;
  FX_CHECK(cudaEventCreate(&B));
  FX_CHECK(cudaEventCreate(&E));
  int Warm = A.Reps > 1 ? 3 : 0;
  for (int i = 0; i < Warm; ++i)
    L();
  FX_CHECK(cudaDeviceSynchronize());
  std::vector<float> Ms;
  for (int i = 0; i < A.Reps; ++i) {
    FX_CHECK(cudaEventRecord(B));
    L();
    FX_CHECK(cudaEventRecord(E));
    FX_CHECK(cudaEventSynchronize(E));
    float T = 0;
    FX_CHECK(cudaEventElapsedTime(&T, B, E));
    Ms.push_back(T);
  }
  FX_CHECK(cudaGetLastError());
  std::sort(Ms.begin(), Ms.end());
  double Median = Ms.empty() ? 0 : Ms[Ms.size() / 2];
  std::printf("{\"kernel\": \"%s\", \"launches\": %d, \"median_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f}\n", Name,
              A.Reps, Median, Ms.empty() ? 0 : Ms.front(), Ms.empty() ? 0 : Ms.back());
  return Median;
}

inline void fxWrite(const FxArgs &A, const void *Dev, size_t Bytes) {
  std::vector<char> H(Bytes);
  FX_CHECK(cudaMemcpy(H.data(), Dev, Bytes, cudaMemcpyDeviceToHost));
  FILE *F = std::fopen(A.Out, "wb");
  if (!F || std::fwrite(H.data(), 1, Bytes, F) != Bytes) {
    std::fprintf(stderr, "cannot write %s\n", A.Out);
    std::exit(3);
  }
  std::fclose(F);
}
