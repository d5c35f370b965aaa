// Minimal self-written stand-in for the PyTorch C++ extension headers, used only
// by bench/corpus.py so that kernels in PyTorch-extension files can be parsed
// without a PyTorch installation. It models nothing: every operation on a
// tensor yields a value convertible to anything. Host code only.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstddef>
#include <iostream>
#include <stdexcept>
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

struct Tensor {
  template <class T = void> T *data_ptr() const { return nullptr; }
  template <class T> T *mutable_data_ptr() const { return nullptr; }
  int64_t size(int64_t) const { return 0; }
  int64_t stride(int64_t) const { return 0; }
  int64_t dim() const { return 0; }
  int64_t numel() const { return 0; }
  int64_t element_size() const { return 0; }
  bool is_contiguous() const { return true; }
  bool is_cuda() const { return true; }
  ScalarType scalar_type() const { return ScalarType::Float; }
  std::vector<int64_t> sizes() const { return {}; }
  std::vector<int64_t> strides() const { return {}; }
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
using Half = __half;
}
namespace pybind11 { using module = bankcheck_torch_stub::Module; template <class... A> int arg(A &&...) { return 0; } }
namespace py = pybind11;

#define TORCH_CHECK(cond, ...) ((void)(cond))
#define TORCH_INTERNAL_ASSERT(cond, ...) ((void)(cond))
#define TORCH_EXTENSION_NAME bankcheck_stub_ext
#define PYBIND11_MODULE(name, m) void bankcheck_stub_pybind_##name(::pybind11::module &m)
#define AT_DISPATCH_FLOATING_TYPES(t, n, ...) __VA_ARGS__()
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(t, n, ...) __VA_ARGS__()
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
