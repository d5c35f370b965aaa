// Program-mode driver: one kernel of the golden loop-lanes-leave.cu per run,
// named by argv[1], with n = 4 and limit = 2 for those that read them.
#include "../../../test/golden/bankcheck-bank-conflict/loop-lanes-leave.cu"
#include <cstring>
int main(int argc, char **argv) {
  const char *k = argc > 1 ? argv[1] : "tripByLane";
  float *out;
  cudaMalloc(&out, 1 << 16);
  if (!std::strcmp(k, "tripByLane")) tripByLane<<<1, 32>>>(out);
  else if (!std::strcmp(k, "strideTail")) strideTail<<<1, 32>>>(out);
  else if (!std::strcmp(k, "continueUnrolled")) continueUnrolled<<<1, 32>>>(out);
  else if (!std::strcmp(k, "continueInSwitch")) continueInSwitch<<<1, 32>>>(out);
  else if (!std::strcmp(k, "continueSymbolic")) continueSymbolic<<<1, 32>>>(out, 4);
  else if (!std::strcmp(k, "breakByLane")) breakByLane<<<1, 32>>>(out);
  else if (!std::strcmp(k, "breakUniform")) breakUniform<<<1, 32>>>(out, 4, 2);
  else if (!std::strcmp(k, "floatCounter")) floatCounter<<<1, 32>>>(out);
  else return 2;
  return cudaDeviceSynchronize() != cudaSuccess;
}
