// Program-mode driver: one kernel of the golden bounded-unknowns.cu per run,
// named by argv[1], with n = argv[2].
#include "../../../test/golden/bankcheck-bank-conflict/bounded-unknowns.cu"
#include <cstdlib>
#include <cstring>
int main(int argc, char **argv) {
  const char *k = argc > 1 ? argv[1] : "maskScale";
  int n = argc > 2 ? std::atoi(argv[2]) : 2;
  float *out;
  cudaMalloc(&out, 1 << 16);
  if (!std::strcmp(k, "maskScale")) maskScale<<<1, 32>>>(out, n);
  else if (!std::strcmp(k, "maskScaleLocal")) maskScaleLocal<<<1, 32>>>(out, n);
  else if (!std::strcmp(k, "remainderScale")) remainderScale<<<1, 32>>>(out, unsigned(n));
  else if (!std::strcmp(k, "signedRemainderScale")) signedRemainderScale<<<1, 32>>>(out, n);
  else if (!std::strcmp(k, "wideMask")) wideMask<<<1, 32>>>(out, n);
  else if (!std::strcmp(k, "blockParity")) blockParity<<<2, 32>>>(out); // blocks 0 and 1
  else if (!std::strcmp(k, "choiceScale")) choiceScale<<<1, 32>>>(out, n);
  else if (!std::strcmp(k, "globalByteGuarded")) {
    unsigned char v = (unsigned char)n;
    cudaMemcpyToSymbol(globalByte, &v, 1);
    globalByteGuarded<<<1, 32>>>(out);
  }
  else if (!std::strcmp(k, "loadedFlag") || !std::strcmp(k, "loadedByte")) {
    unsigned char v = (unsigned char)n; // the value the kernel loads
    unsigned char *d;
    cudaMalloc(&d, 16);
    cudaMemcpy(d, &v, 1, cudaMemcpyHostToDevice);
    if (k[6] == 'F') loadedFlag<<<1, 32>>>(out, (const bool *)d);
    else loadedByte<<<1, 32>>>(out, d);
  }
  else return 2;
  return cudaDeviceSynchronize() != cudaSuccess;
}
