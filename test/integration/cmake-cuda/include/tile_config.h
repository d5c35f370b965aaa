// Tile shape shared by the host and the kernels; reachable only through the
// target's include directory.
#pragma once

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

// Transposes an n x n matrix on the device; false when there is no device.
bool transposeOnDevice(int n);
