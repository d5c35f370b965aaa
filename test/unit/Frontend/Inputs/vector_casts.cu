// Vector loads through reinterpret_cast on shared memory (float4, float2,
// double2, int4, __half2, __nv_bfloat162), and the layout of those types.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <vector_types.h>

static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4");
static_assert(sizeof(uint4) == 16 && alignof(uint4) == 16, "uint4");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "char4");
static_assert(sizeof(uchar2) == 2 && alignof(uchar2) == 2, "uchar2");
static_assert(sizeof(short2) == 4 && alignof(short2) == 4, "short2");
static_assert(sizeof(short4) == 8 && alignof(short4) == 8, "short4");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "ll2");
static_assert(sizeof(long2) == 2 * sizeof(long), "long2");
static_assert(sizeof(dim3) == 12, "dim3");
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "half");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "half2");
static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2, "bf16");
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4, "bf162");

__global__ void vectorLoads(float4 *Out, const float *In, half *HalfOut,
                            double *DOut) {
  __shared__ float Tile[1024];
  __shared__ __align__(16) double DTile[256];
  __shared__ half HTile[512];
  __shared__ __nv_bfloat16 BTile[512];
  unsigned T = threadIdx.x;
  Tile[T] = In[T];
  DTile[T % 256] = In[T];
  HTile[T % 512] = __float2half(In[T]);
  BTile[T % 512] = __float2bfloat16(In[T]);
  __syncthreads();
  float4 V = reinterpret_cast<float4 *>(Tile)[T % 256];
  float2 W = reinterpret_cast<const float2 *>(Tile)[T % 512];
  double2 D = reinterpret_cast<double2 *>(DTile)[T % 128];
  int4 I = *reinterpret_cast<int4 *>(&Tile[(T * 4) % 1024]);
  __half2 H = reinterpret_cast<__half2 *>(HTile)[T % 256];
  __nv_bfloat162 B = reinterpret_cast<__nv_bfloat162 *>(BTile)[T % 256];
  float2 HF = __half22float2(H);
  V.x += W.x + W.y + HF.x + __low2float(H) + __bfloat162float(B.x) + I.w;
  __half Sum = __hadd(H.x, H.y) + __float2half(1.0f);
  HalfOut[T] = Sum * Sum;
  float F = __half2float(HTile[T % 512]);
  Out[T] = make_float4(V.x, V.y, V.z, F);
  DOut[T] = D.x + D.y;
  uint2 U = make_uint2(T, T + 1);
  reinterpret_cast<uint2 *>(Tile)[T % 512] = U;
}
