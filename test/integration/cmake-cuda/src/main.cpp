// Host side, built by the host compiler; bankcheck analyses only the .cu and
// .cuh entries of the compilation database.
#include "tile_config.h"

#include <cstdio>

int main() {
  std::printf(transposeOnDevice(1024) ? "transposed\n" : "no CUDA device\n");
  return 0;
}
