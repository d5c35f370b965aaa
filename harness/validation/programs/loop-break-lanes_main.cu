// Program-mode driver: one kernel of the golden loop-break-lanes.cu per run,
// named by argv[1], with n = 4 and stop = 2.
#include "../../../test/golden/bankcheck-bank-conflict/loop-break-lanes.cu"
#include <cstring>
int main(int argc, char **argv) {
  const char *k = argc > 1 ? argv[1] : "guardNamesCounter";
  float *out;
  cudaMalloc(&out, 1 << 16);
  if (!std::strcmp(k, "guardNamesCounter")) guardNamesCounter<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "breakNamesCounter")) breakNamesCounter<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "breakLeavesHalf")) breakLeavesHalf<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "breakTogether")) breakTogether<<<1, 32>>>(out, 4, 2);
  else if (!std::strcmp(k, "returnLeavesHalf")) returnLeavesHalf<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "returnAfterAccess")) returnAfterAccess<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "returnInRangeFor")) returnInRangeFor<<<1, 32>>>(out, 4, (const int *)out);
  else return 2;
  return cudaDeviceSynchronize() != cudaSuccess;
}
