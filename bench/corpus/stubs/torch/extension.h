// Minimal self-written stand-in for the PyTorch C++ extension headers, used only
// by bench/corpus.py so that kernels in PyTorch-extension files can be parsed
// without a PyTorch installation. It models nothing: every operation on a
// tensor yields a value convertible to anything. Host code only.
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstddef>
#include <iostream>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>
#include <initializer_list>

namespace bankcheck_torch_stub {
struct Any {
  Any() {}
  template <class... A> Any(A &&...) {}
  template <class T> operator T() const { return *(T *)nullptr; }
  template <class... A> Any operator()(A &&...) const { return {}; }
  template <class I> Any operator[](I) const { return {}; }
  template <class... A> Any dtype(A &&...) const { return {}; }
  template <class... A> Any device(A &&...) const { return {}; }
  template <class... A> Any layout(A &&...) const { return {}; }
  template <class... A> Any requires_grad(A &&...) const { return {}; }
  template <class... A> Any options(A &&...) const { return {}; }
  Any operator-() const { return {}; }
  Any operator!() const { return {}; }
};
template <class T> Any operator+(const Any &, const T &) { return {}; }
template <class T> Any operator-(const Any &, const T &) { return {}; }
template <class T> Any operator*(const Any &, const T &) { return {}; }
template <class T> Any operator/(const Any &, const T &) { return {}; }
template <class T> bool operator==(const Any &, const T &) { return false; }
template <class T> bool operator!=(const Any &, const T &) { return false; }
template <class T> bool operator<(const Any &, const T &) { return false; }
template <class T> bool operator>(const Any &, const T &) { return false; }
inline std::ostream &operator<<(std::ostream &o, const Any &) { return o; }

enum class ScalarType { Byte, Char, Short, Int, Long, Half, Float, Double, BFloat16, Bool, Float8_e4m3fn, Float8_e5m2, BFloat = BFloat16 };
enum DeviceType { kCPU, kCUDA };
using Half = __half;
using BFloat16 = __nv_bfloat16;
/// Sizes and strides: IntArrayRef's vec() gives the std::vector.
struct IntArrayRef : std::vector<int64_t> {
  std::vector<int64_t> vec() const { return *this; }
};

struct Tensor {
  template <class T = void> T *data_ptr() const { return nullptr; }
  template <class T> T *mutable_data_ptr() const { return nullptr; }
  template <class T> T *data() const { return nullptr; }
  Any data() const { return {}; }
  template <class... A> Tensor sum(A &&...) const { return {}; }
  int64_t size(int64_t) const { return 0; }
  int64_t stride(int64_t) const { return 0; }
  int64_t dim() const { return 0; }
  int64_t numel() const { return 0; }
  int64_t element_size() const { return 0; }
  bool is_contiguous() const { return true; }
  bool is_cuda() const { return true; }
  ScalarType scalar_type() const { return ScalarType::Float; }
  IntArrayRef sizes() const { return {}; }
  IntArrayRef strides() const { return {}; }
  Any options() const { return {}; }
  Any dtype() const { return {}; }
  Any device() const { return {}; }
  template <class... A> Tensor contiguous(A &&...) const { return {}; }
  template <class... A> Tensor to(A &&...) const { return {}; }
  template <class... A> Tensor view(A &&...) const { return {}; }
  Tensor view(std::initializer_list<int64_t>) const { return {}; }
  template <class... A> Tensor reshape(A &&...) const { return {}; }
  Tensor reshape(std::initializer_list<int64_t>) const { return {}; }
  template <class... A> Tensor transpose(A &&...) const { return {}; }
  template <class... A> Tensor fill_(A &&...) const { return {}; }
  template <class... A> Tensor zero_(A &&...) const { return {}; }
  template <class... A> Any item(A &&...) const { return {}; }
  template <class T> T item() const { return T(); }
};
inline std::ostream &operator<<(std::ostream &o, const Tensor &) { return o; }
struct Device { template <class... A> Device(A &&...) {} };
struct TensorOptions : Any {
  template <class... A> TensorOptions dtype(A &&...) const { return {}; }
  template <class... A> TensorOptions device(A &&...) const { return {}; }
};
template <class... A> Any device_of(A &&...) { return {}; }
template <class... A> Tensor zeros(A &&...) { return {}; }
template <class... A> Tensor zeros(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor ones(A &&...) { return {}; }
template <class... A> Tensor ones(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor empty(A &&...) { return {}; }
template <class... A> Tensor empty(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor empty_like(A &&...) { return {}; }
template <class... A> Tensor zeros_like(A &&...) { return {}; }
template <class... A> Tensor tensor(A &&...) { return {}; }
template <class... A> Tensor tensor(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor max(A &&...) { return {}; }
template <class... A> Tensor randn(A &&...) { return {}; }
template <class... A> Tensor randn(std::initializer_list<int64_t>, A &&...) { return {}; }

template <class... A> Tensor full(A &&...) { return {}; }
template <class... A> Tensor full(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor rand(A &&...) { return {}; }
template <class... A> Tensor rand(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor arange(A &&...) { return {}; }
template <class... A> Tensor arange(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor matmul(A &&...) { return {}; }
template <class... A> Tensor matmul(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor softmax(A &&...) { return {}; }
template <class... A> Tensor softmax(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor empty_strided(A &&...) { return {}; }
template <class... A> Tensor empty_strided(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor cat(A &&...) { return {}; }
template <class... A> Tensor cat(std::initializer_list<int64_t>, A &&...) { return {}; }
template <class... A> Tensor stack(A &&...) { return {}; }
template <class... A> Tensor stack(std::initializer_list<int64_t>, A &&...) { return {}; }

constexpr ScalarType kFloat = ScalarType::Float, kFloat32 = ScalarType::Float,
                     kHalf = ScalarType::Half, kFloat16 = ScalarType::Half,
                     kBFloat16 = ScalarType::BFloat16, kInt = ScalarType::Int,
                     kInt32 = ScalarType::Int, kInt8 = ScalarType::Char,
                     kUInt8 = ScalarType::Byte, kLong = ScalarType::Long,
                     kInt64 = ScalarType::Long, kDouble = ScalarType::Double,
                     kBool = ScalarType::Bool,
                     kFloat8_e4m3fn = ScalarType::Float8_e4m3fn,
                     kFloat8_e5m2 = ScalarType::Float8_e5m2;
namespace indexing { constexpr int None = 0; struct Slice { template <class... A> Slice(A &&...) {} }; }

/// The C++ type of each scalar type, for AT_DISPATCH_CASE's scalar_t.
template <ScalarType S> struct CppTypeOf;
template <> struct CppTypeOf<ScalarType::Float> { using type = float; };
template <> struct CppTypeOf<ScalarType::Double> { using type = double; };
template <> struct CppTypeOf<ScalarType::Half> { using type = __half; };
template <> struct CppTypeOf<ScalarType::BFloat16> { using type = __nv_bfloat16; };
template <> struct CppTypeOf<ScalarType::Int> { using type = int32_t; };
template <> struct CppTypeOf<ScalarType::Long> { using type = int64_t; };
template <> struct CppTypeOf<ScalarType::Char> { using type = int8_t; };
template <> struct CppTypeOf<ScalarType::Byte> { using type = uint8_t; };
template <> struct CppTypeOf<ScalarType::Short> { using type = int16_t; };
template <> struct CppTypeOf<ScalarType::Bool> { using type = bool; };

struct Module {
  template <class... A> Module &def(A &&...) { return *this; }
  std::string doc;
};
} // namespace bankcheck_torch_stub

namespace torch {
using namespace bankcheck_torch_stub;
namespace cuda { inline Any getCurrentCUDAStream(int = 0) { return {}; } }
}
namespace at {
using namespace bankcheck_torch_stub;
namespace cuda {
inline cudaStream_t getCurrentCUDAStream(int = 0) { return nullptr; }
struct CUDAGuard { template <class... A> CUDAGuard(A &&...) {} };
struct OptionalCUDAGuard { template <class... A> OptionalCUDAGuard(A &&...) {} };
}
}
namespace c10 {
using namespace bankcheck_torch_stub;
namespace cuda = at::cuda;
}
namespace pybind11 { using module = bankcheck_torch_stub::Module; template <class... A> int arg(A &&...) { return 0; } }
namespace py = pybind11;

#define TORCH_CHECK(cond, ...) ((void)(cond))
#define TORCH_INTERNAL_ASSERT(cond, ...) ((void)(cond))
#define TORCH_EXTENSION_NAME bankcheck_stub_ext
#define PYBIND11_MODULE(name, m) void bankcheck_stub_pybind_##name(::pybind11::module &m)
// As PyTorch spells them: a switch over the scalar type, each case with its scalar_t.
#define AT_DISPATCH_CASE(enum_type, ...)                                                             \
  case enum_type: {                                                                                  \
    using scalar_t = ::bankcheck_torch_stub::CppTypeOf<enum_type>::type;                             \
    return __VA_ARGS__();                                                                            \
  }
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                                          \
  [&] {                                                                                              \
    switch (::bankcheck_torch_stub::ScalarType(TYPE)) {                                              \
      __VA_ARGS__                                                                                    \
    default:                                                                                         \
      break;                                                                                         \
    }                                                                                                \
  }()
#define AT_DISPATCH_FLOATING_TYPES_AND2(s1, s2, t, n, ...)                                          \
  AT_DISPATCH_SWITCH(t, n, AT_DISPATCH_CASE(::bankcheck_torch_stub::ScalarType::Float, __VA_ARGS__)   \
                               AT_DISPATCH_CASE(::bankcheck_torch_stub::ScalarType::Double, __VA_ARGS__) \
                                   AT_DISPATCH_CASE(s1, __VA_ARGS__) AT_DISPATCH_CASE(s2, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES(t, n, ...) __VA_ARGS__()
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(t, n, ...) __VA_ARGS__()
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
