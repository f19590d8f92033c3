//===- KernelSupport.cpp - Loops shared by the native kernels -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <type_traits>

#include "core/numeric/CpuFeatures.h"
#include "core/numeric/Float16.h"
#include "core/shape/StridedCopy.h"
#include "kernels/reference/Parallel.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define VPUC_KERNEL_AVX2 1
#endif

namespace mlir::vpuc::emu {

llvm::Error kernelError(llvm::StringRef kernel, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 kernel + ": " + message);
}

/// "0x1f".
static std::string hex32(uint32_t value) {
  return "0x" + llvm::Twine::utohexstr(value).str();
}

/// The value range of the integer type `type` (u64's for other types).
static std::pair<double, double> getIntegerRange(abi::DataType type) {
  switch (type) {
  case abi::DataType::I8:
    return {-128.0, 127.0};
  case abi::DataType::U8:
    return {0.0, 255.0};
  case abi::DataType::I16:
    return {-32768.0, 32767.0};
  case abi::DataType::U16:
    return {0.0, 65535.0};
  case abi::DataType::I32:
    return {-2147483648.0, 2147483647.0};
  case abi::DataType::U32:
    return {0.0, 4294967295.0};
  case abi::DataType::I64:
    return {-9223372036854775808.0, 9223372036854775807.0};
  default:
    return {0.0, 18446744073709551615.0};
  }
}

llvm::Error checkStorageRange(int32_t qmin, int32_t qmax, abi::DataType type,
                              llvm::StringRef kernel) {
  auto [lo, hi] = getIntegerRange(type);
  if (qmin > qmax || qmin < lo || qmax > hi) {
    return kernelError(kernel, "range [" + llvm::Twine(qmin) + ", " +
                                   llvm::Twine(qmax) + "] does not fit " +
                                   getDataTypeName(type));
  }
  return llvm::Error::success();
}

llvm::Error checkScale(float scale, llvm::StringRef what,
                       llvm::StringRef kernel) {
  if (!(scale > 0.0f) || !std::isfinite(scale)) {
    return kernelError(kernel, what + " must be finite and positive");
  }
  return llvm::Error::success();
}

std::string getDataTypeName(abi::DataType type) {
  switch (type) {
  case abi::DataType::Undefined:
    return "undefined";
  case abi::DataType::F32:
    return "f32";
  case abi::DataType::F16:
    return "f16";
  case abi::DataType::BF16:
    return "bf16";
  case abi::DataType::I8:
    return "i8";
  case abi::DataType::U8:
    return "u8";
  case abi::DataType::I16:
    return "i16";
  case abi::DataType::U16:
    return "u16";
  case abi::DataType::I32:
    return "i32";
  case abi::DataType::U32:
    return "u32";
  case abi::DataType::I64:
    return "i64";
  case abi::DataType::U64:
    return "u64";
  case abi::DataType::Bool:
    return "bool";
  case abi::DataType::I4:
    return "i4";
  case abi::DataType::U4:
    return "u4";
  case abi::DataType::F64:
    return "f64";
  }
  return "type(" + std::to_string(static_cast<uint32_t>(type)) + ")";
}

bool isFloatType(abi::DataType type) {
  return type == abi::DataType::F32 || type == abi::DataType::F16 ||
         type == abi::DataType::BF16;
}

bool isIntegerType(abi::DataType type) {
  switch (type) {
  case abi::DataType::I8:
  case abi::DataType::U8:
  case abi::DataType::I16:
  case abi::DataType::U16:
  case abi::DataType::I32:
  case abi::DataType::U32:
  case abi::DataType::I64:
  case abi::DataType::U64:
    return true;
  default:
    return false;
  }
}

bool isRowType(abi::DataType type) {
  return isFloatType(type) || isIntegerType(type) ||
         type == abi::DataType::Bool || type == abi::DataType::F64;
}

namespace {

template <typename T, typename V>
void loadInts(const uint8_t *data, int64_t stride, int64_t count, V *out) {
  for (int64_t i = 0; i < count; ++i) {
    T value;
    std::memcpy(&value, data + i * stride, sizeof(T));
    out[i] = static_cast<V>(value);
  }
}

template <typename V>
void loadRowImpl(abi::DataType type, const uint8_t *data, int64_t stride,
                 int64_t count, V *out) {
  if (stride == 0 && count > 1) {
    // A broadcast element (e.g. a scalar operand): converted once.
    loadRowImpl(type, data, 0, 1, out);
    std::fill(out + 1, out + count, out[0]);
    return;
  }
  switch (type) {
  case abi::DataType::F32:
    if (std::is_same_v<V, float> && stride == 4) {
      std::memcpy(out, data, 4 * count);
      return;
    }
    return loadInts<float>(data, stride, count, out);
  case abi::DataType::F16:
    if constexpr (std::is_same_v<V, float>) {
      // In blocks through the bulk conversion (F16C where the CPU has it;
      // the same values), strided elements gathered first.
      uint16_t bits[256];
      for (int64_t i = 0; i < count; i += 256) {
        int64_t n = std::min<int64_t>(256, count - i);
        if (stride == 2) {
          std::memcpy(bits, data + 2 * i, 2 * n);
        } else {
          for (int64_t j = 0; j < n; ++j) {
            std::memcpy(&bits[j], data + (i + j) * stride, 2);
          }
        }
        numeric::f16BitsToFloat(llvm::ArrayRef<uint16_t>(bits, n),
                                llvm::MutableArrayRef<float>(out + i, n));
      }
      return;
    }
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + i * stride, 2);
      out[i] = numeric::f16BitsToFloat(bits);
    }
    return;
  case abi::DataType::BF16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + i * stride, 2);
      out[i] = numeric::bf16BitsToFloat(bits);
    }
    return;
  case abi::DataType::I8:
    return loadInts<int8_t>(data, stride, count, out);
  case abi::DataType::U8:
  case abi::DataType::Bool:
    return loadInts<uint8_t>(data, stride, count, out);
  case abi::DataType::I16:
    return loadInts<int16_t>(data, stride, count, out);
  case abi::DataType::U16:
    return loadInts<uint16_t>(data, stride, count, out);
  case abi::DataType::I32:
    return loadInts<int32_t>(data, stride, count, out);
  case abi::DataType::U32:
    return loadInts<uint32_t>(data, stride, count, out);
  case abi::DataType::I64:
    return loadInts<int64_t>(data, stride, count, out);
  case abi::DataType::U64:
    return loadInts<uint64_t>(data, stride, count, out);
  case abi::DataType::F64:
    return loadInts<double>(data, stride, count, out);
  default:
    assert(false && "loadRow: unsupported type");
    return;
  }
}

/// Truncates toward zero and saturates to T (NaN -> 0).
template <typename T, typename V> T toInteger(V value) {
  if (std::isnan(value)) {
    return 0;
  }
  double t = std::trunc(static_cast<double>(value));
  // The bounds as doubles: exact for the minimum, and for the maximum the
  // power of two just above it (exact too), so the comparisons are exact.
  constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
  constexpr double hiPlusOne =
      2.0 * static_cast<double>(std::numeric_limits<T>::max() / 2 + 1);
  if (t <= lo) {
    return std::numeric_limits<T>::min();
  }
  if (t >= hiPlusOne) {
    return std::numeric_limits<T>::max();
  }
  return static_cast<T>(t);
}

#ifdef VPUC_KERNEL_AVX2
/// toInteger<T> of in[i] into data[i] for a byte type T, eight at a time,
/// for the whole vectors of `count`; returns how many it stored. The same
/// operations: truncation (exact in float), the clamp to T's range (for an
/// integral value, t <= lo is max(t, lo) = lo and t >= hi + 1 is
/// min(t, hi) = hi; infinities too), NaN to 0 (maxps returns its second
/// operand, a bound, for a NaN, which the ordered mask then clears).
template <typename T>
__attribute__((target("avx2"))) int64_t storeBytesAvx2(uint8_t *data,
                                                       int64_t count,
                                                       const float *in) {
  const __m256 lo = _mm256_set1_ps(std::numeric_limits<T>::min());
  const __m256 hi = _mm256_set1_ps(std::numeric_limits<T>::max());
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 v = _mm256_loadu_ps(in + i);
    __m256 ordered = _mm256_cmp_ps(v, v, _CMP_ORD_Q);
    __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    t = _mm256_and_ps(_mm256_min_ps(_mm256_max_ps(t, lo), hi), ordered);
    __m256i q = _mm256_cvttps_epi32(t);
    __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(q),
                                    _mm256_extracti128_si256(q, 1));
    __m128i bytes = std::is_signed_v<T> ? _mm_packs_epi16(words, words)
                                        : _mm_packus_epi16(words, words);
    _mm_storel_epi64(reinterpret_cast<__m128i *>(data + i), bytes);
  }
  return i;
}
#endif

template <typename T, typename V>
void storeInts(uint8_t *data, int64_t stride, int64_t count, const V *in) {
  int64_t i = 0;
#ifdef VPUC_KERNEL_AVX2
  if constexpr (sizeof(T) == 1 && std::is_same_v<V, float>) {
    if (stride == 1 && numeric::cpuHasAvx2()) {
      i = storeBytesAvx2<T>(data, count, in);
    }
  }
#endif
  for (; i < count; ++i) {
    T result = toInteger<T>(in[i]);
    std::memcpy(data + i * stride, &result, sizeof(T));
  }
}

/// The count of the innermost ScopedF16UnderflowCount of this thread.
thread_local numeric::F16Underflow *currentUnderflow = nullptr;

template <typename V>
void storeRowImpl(abi::DataType type, uint8_t *data, int64_t stride,
                  int64_t count, const V *in) {
  switch (type) {
  case abi::DataType::F32:
    if (std::is_same_v<V, float> && stride == 4) {
      std::memcpy(data, in, 4 * count);
      return;
    }
    for (int64_t i = 0; i < count; ++i) {
      float value = static_cast<float>(in[i]);
      std::memcpy(data + i * stride, &value, 4);
    }
    return;
  case abi::DataType::F16: {
    // In blocks through the bulk conversion (F16C where the CPU has it; the
    // same values), counted for the underflow check where a scope asks,
    // then written (strided elements scattered).
    float values[256];
    uint16_t bits[256];
    for (int64_t i = 0; i < count; i += 256) {
      int64_t n = std::min<int64_t>(256, count - i);
      const float *block = values;
      if constexpr (std::is_same_v<V, float>) {
        block = in + i;
      } else {
        for (int64_t j = 0; j < n; ++j) {
          values[j] = static_cast<float>(in[i + j]);
        }
      }
      if (currentUnderflow) {
        numeric::floatToF16BitsForUnderflow(
            llvm::ArrayRef<float>(block, n),
            llvm::MutableArrayRef<uint16_t>(bits, n), *currentUnderflow);
      } else {
        numeric::floatToF16Bits(llvm::ArrayRef<float>(block, n),
                                llvm::MutableArrayRef<uint16_t>(bits, n));
      }
      if (stride == 2) {
        std::memcpy(data + 2 * i, bits, 2 * n);
      } else {
        for (int64_t j = 0; j < n; ++j) {
          std::memcpy(data + (i + j) * stride, &bits[j], 2);
        }
      }
    }
    return;
  }
  case abi::DataType::BF16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits = numeric::floatToBF16Bits(static_cast<float>(in[i]));
      std::memcpy(data + i * stride, &bits, 2);
    }
    return;
  case abi::DataType::Bool:
    for (int64_t i = 0; i < count; ++i) {
      data[i * stride] = in[i] != 0 ? 1 : 0;
    }
    return;
  case abi::DataType::I8:
    return storeInts<int8_t>(data, stride, count, in);
  case abi::DataType::U8:
    return storeInts<uint8_t>(data, stride, count, in);
  case abi::DataType::I16:
    return storeInts<int16_t>(data, stride, count, in);
  case abi::DataType::U16:
    return storeInts<uint16_t>(data, stride, count, in);
  case abi::DataType::I32:
    return storeInts<int32_t>(data, stride, count, in);
  case abi::DataType::U32:
    return storeInts<uint32_t>(data, stride, count, in);
  case abi::DataType::I64:
    return storeInts<int64_t>(data, stride, count, in);
  case abi::DataType::U64:
    return storeInts<uint64_t>(data, stride, count, in);
  case abi::DataType::F64:
    for (int64_t i = 0; i < count; ++i) {
      double value = static_cast<double>(in[i]);
      std::memcpy(data + i * stride, &value, 8);
    }
    return;
  default:
    assert(false && "storeRow: unsupported type");
    return;
  }
}

} // namespace

ScopedF16UnderflowCount::ScopedF16UnderflowCount(numeric::F16Underflow &count)
    : previous(currentUnderflow) {
  currentUnderflow = &count;
}

ScopedF16UnderflowCount::~ScopedF16UnderflowCount() {
  currentUnderflow = previous;
}

void parallelRows(int64_t rows, int64_t grain,
                  const std::function<void(int64_t, int64_t)> &body) {
  numeric::F16Underflow *target = currentUnderflow;
  if (!target) {
    kernels::parallelFor(rows, grain, body);
    return;
  }
  std::mutex mutex;
  kernels::parallelFor(rows, grain, [&](int64_t begin, int64_t end) {
    // The chunk's own count, also on the calling thread, so that no count
    // is written by two threads.
    numeric::F16Underflow count;
    {
      ScopedF16UnderflowCount counting(count);
      body(begin, end);
    }
    std::lock_guard<std::mutex> lock(mutex);
    target->merge(count);
  });
}

void loadRow(abi::DataType type, const uint8_t *data, int64_t stride,
             int64_t count, float *out) {
  loadRowImpl(type, data, stride, count, out);
}

void storeRow(abi::DataType type, uint8_t *data, int64_t stride, int64_t count,
              const float *in) {
  storeRowImpl(type, data, stride, count, in);
}

void loadRowF64(abi::DataType type, const uint8_t *data, int64_t stride,
                int64_t count, double *out) {
  loadRowImpl(type, data, stride, count, out);
}

void storeRowF64(abi::DataType type, uint8_t *data, int64_t stride,
                 int64_t count, const double *in) {
  storeRowImpl(type, data, stride, count, in);
}

llvm::Expected<llvm::SmallVector<int64_t, 8>>
getStridesAlong(const TensorView &reference, const TensorView &operand,
                llvm::StringRef kernel, llvm::StringRef operandName) {
  int64_t rank = reference.getRank();
  int64_t operandRank = operand.getRank();
  if (operandRank > rank) {
    return kernelError(kernel,
                       operandName + " has rank " + llvm::Twine(operandRank) +
                           " but the output has rank " + llvm::Twine(rank));
  }
  int64_t offset = rank - operandRank;
  shape::Shape dims = operand.getLogicalDims();
  shape::Strides strides = operand.getLogicalStrides();
  llvm::SmallVector<int64_t, 8> result;
  for (int64_t d = 0; d < rank; ++d) {
    shape::Dim logical = reference.order.dimAt(shape::MemDim(d));
    int64_t size = reference.dims[shape::MemDim(d)];
    int64_t operandDim = logical.ind() - offset;
    if (operandDim < 0) {
      result.push_back(0);
      continue;
    }
    shape::Dim own(operandDim);
    int64_t operandSize = dims[own];
    if (operandSize == size) {
      result.push_back(strides[own] / 8);
    } else if (operandSize == 1) {
      result.push_back(0);
    } else {
      return kernelError(kernel,
                         operandName + " dimension " + llvm::Twine(operandDim) +
                             " of size " + llvm::Twine(operandSize) +
                             " does not broadcast to " + llvm::Twine(size));
    }
  }
  return result;
}

llvm::Error checkRowType(const TensorView &view, llvm::StringRef kernel,
                         llvm::StringRef operandName, bool floatOnly) {
  return checkType(view, floatOnly ? kFloatTypes : kAnyRowType, kernel,
                   operandName);
}

llvm::Error checkType(const TensorView &view, unsigned types,
                      llvm::StringRef kernel, llvm::StringRef operandName) {
  bool ok = ((types & kFloatTypes) && isFloatType(view.type)) ||
            ((types & kIntegerTypes) && isIntegerType(view.type)) ||
            ((types & kBoolType) && view.type == abi::DataType::Bool) ||
            ((types & kF64Type) && view.type == abi::DataType::F64);
  if (ok) {
    return llvm::Error::success();
  }
  llvm::SmallVector<std::string, 3> names;
  if (types & kFloatTypes) {
    names.push_back("f32, f16, bf16");
  }
  if (types & kIntegerTypes) {
    names.push_back("an integer type of 8 to 64 bits");
  }
  if (types & kBoolType) {
    names.push_back("bool");
  }
  if (types & kF64Type) {
    names.push_back("f64");
  }
  std::string expected;
  for (size_t i = 0; i < names.size(); ++i) {
    expected +=
        (i == 0 ? "" : (i + 1 == names.size() ? " or " : ", ")) + names[i];
  }
  if (names.size() == 1 && (types & kFloatTypes)) {
    expected = "f32, f16 or bf16";
  }
  return kernelError(kernel,
                     operandName + " of type " + getDataTypeName(view.type) +
                         " is not supported (expected " + expected + ")");
}

llvm::Error checkByteType(const TensorView &view, llvm::StringRef kernel,
                          llvm::StringRef operandName) {
  if (view.elemBits % 8 == 0) {
    return llvm::Error::success();
  }
  return kernelError(kernel, operandName + " of type " +
                                 getDataTypeName(view.type) +
                                 " is not supported (sub-byte elements)");
}

std::string formatDims(llvm::ArrayRef<int64_t> dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text += (i ? ", " : "") + std::to_string(dims[i]);
  }
  return text + "]";
}

std::vector<int64_t> getDims(const TensorView &view) {
  shape::Shape dims = view.getLogicalDims();
  return std::vector<int64_t>(dims.begin(), dims.end());
}

llvm::Error checkDims(const TensorView &view, llvm::ArrayRef<int64_t> expected,
                      llvm::StringRef kernel, llvm::StringRef operandName) {
  std::vector<int64_t> dims = getDims(view);
  if (llvm::ArrayRef<int64_t>(dims) == expected) {
    return llvm::Error::success();
  }
  return kernelError(kernel, operandName + " has dims " + formatDims(dims) +
                                 ", expected " + formatDims(expected));
}

llvm::Error checkRank(const TensorView &view, int64_t rank,
                      llvm::StringRef kernel, llvm::StringRef operandName) {
  if (view.getRank() == rank) {
    return llvm::Error::success();
  }
  return kernelError(kernel, operandName + " has rank " +
                                 llvm::Twine(view.getRank()) + ", expected " +
                                 llvm::Twine(rank));
}

llvm::Error checkDisjoint(const TensorView &output, const TensorView &input,
                          llvm::StringRef kernel, llvm::StringRef inputName) {
  bool disjoint = output.spanBytes == 0 || input.spanBytes == 0 ||
                  output.data >= input.data + input.spanBytes ||
                  input.data >= output.data + output.spanBytes;
  if (disjoint) {
    return llvm::Error::success();
  }
  return kernelError(kernel, "the output overlaps " + inputName);
}

llvm::Expected<int64_t> getAxis(int32_t axis, int64_t rank, bool allowNegative,
                                llvm::StringRef kernel, llvm::StringRef what) {
  int64_t result = axis;
  if (allowNegative && result < 0) {
    result += rank;
  }
  if (result < 0 || result >= rank) {
    return kernelError(kernel, what + " " + llvm::Twine(axis) +
                                   " out of range for rank " +
                                   llvm::Twine(rank));
  }
  return result;
}

llvm::Expected<std::vector<bool>> getAxesMask(int32_t mask, int64_t rank,
                                              llvm::StringRef kernel) {
  uint32_t bits = static_cast<uint32_t>(mask);
  if (rank < 32 && (bits >> rank) != 0) {
    return kernelError(kernel, "axes mask " + hex32(bits) +
                                   " names dims beyond rank " +
                                   llvm::Twine(rank));
  }
  std::vector<bool> axes(rank, false);
  for (int64_t d = 0; d < rank; ++d) {
    axes[d] = (bits >> d) & 1u;
  }
  return axes;
}

llvm::Error checkFlag(int32_t value, llvm::StringRef kernel,
                      llvm::StringRef what) {
  if (value == 0 || value == 1) {
    return llvm::Error::success();
  }
  return kernelError(kernel,
                     what + " must be 0 or 1, got " + llvm::Twine(value));
}

namespace {

/// The space walking `view` in logical row-major order (operand 0) next to a
/// dense buffer of `elemBytes`-sized elements (operand 1).
IterationSpace<2> getDenseSpace(const TensorView &view, int64_t elemBytes) {
  shape::Shape dims = view.getLogicalDims();
  shape::Strides strides = view.getLogicalStrides();
  int64_t rank = view.getRank();
  std::vector<int64_t> dense(rank, elemBytes);
  for (int64_t d = rank - 2; d >= 0; --d) {
    dense[d] = dense[d + 1] * dims[shape::Dim(d + 1)];
  }
  IterationSpace<2> space;
  for (int64_t d = 0; d < rank; ++d) {
    space.push(dims[shape::Dim(d)], {strides[shape::Dim(d)] / 8, dense[d]});
  }
  space.simplify(/*keepLast=*/false);
  return space;
}

template <typename V> std::vector<V> loadDense(const TensorView &view) {
  std::vector<V> values(view.getNumElements());
  if (values.empty()) {
    return values;
  }
  IterationSpace<2> space = getDenseSpace(view, sizeof(V));
  abi::DataType type = view.type;
  forEachRow<2>(space, {view.data, reinterpret_cast<uint8_t *>(values.data())},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  loadRowImpl(type, p[0], stride[0], n,
                              reinterpret_cast<V *>(p[1]));
                });
  return values;
}

template <typename V> void storeDense(const TensorView &view, const V *values) {
  if (view.getNumElements() == 0) {
    return;
  }
  IterationSpace<2> space = getDenseSpace(view, sizeof(V));
  abi::DataType type = view.type;
  forEachRow<2>(
      space, {view.data, reinterpret_cast<uint8_t *>(const_cast<V *>(values))},
      [&](const std::array<uint8_t *, 2> &p,
          const std::array<int64_t, 2> &stride, int64_t n) {
        storeRowImpl(type, p[0], stride[0], n,
                     reinterpret_cast<const V *>(p[1]));
      });
}

} // namespace

std::vector<float> loadTensor(const TensorView &view) {
  return loadDense<float>(view);
}

void storeTensor(const TensorView &view, const float *values) {
  storeDense(view, values);
}

std::vector<double> loadTensorF64(const TensorView &view) {
  return loadDense<double>(view);
}

void storeTensorF64(const TensorView &view, const double *values) {
  storeDense(view, values);
}

namespace {

/// The dims and bit strides of `view` in logical order, with the strides of
/// the dense row-major layout of the same dims.
void getDenseCopy(const TensorView &view, shape::MemShape &dims,
                  shape::MemStrides &strides, shape::MemStrides &dense) {
  shape::Shape logical = view.getLogicalDims();
  shape::Strides logicalStrides = view.getLogicalStrides();
  int64_t rank = view.getRank();
  std::vector<int64_t> denseBits(rank, view.elemBits);
  for (int64_t d = rank - 2; d >= 0; --d) {
    denseBits[d] = denseBits[d + 1] * logical[shape::Dim(d + 1)];
  }
  for (int64_t d = 0; d < rank; ++d) {
    dims.push_back(logical[shape::Dim(d)]);
    strides.push_back(logicalStrides[shape::Dim(d)]);
    dense.push_back(denseBits[d]);
  }
}

} // namespace

std::vector<uint8_t> loadBytes(const TensorView &view) {
  std::vector<uint8_t> bytes(view.getNumElements() * (view.elemBits / 8));
  if (bytes.empty()) {
    return bytes;
  }
  shape::MemShape dims;
  shape::MemStrides strides, dense;
  getDenseCopy(view, dims, strides, dense);
  shape::stridedCopy(reinterpret_cast<const char *>(view.data), strides,
                     reinterpret_cast<char *>(bytes.data()), dense, dims,
                     shape::Bit(view.elemBits));
  return bytes;
}

void storeBytes(const TensorView &view, const uint8_t *bytes) {
  if (view.getNumElements() == 0) {
    return;
  }
  shape::MemShape dims;
  shape::MemStrides strides, dense;
  getDenseCopy(view, dims, strides, dense);
  shape::stridedCopy(reinterpret_cast<const char *>(bytes), dense,
                     reinterpret_cast<char *>(view.data), strides, dims,
                     shape::Bit(view.elemBits));
}

llvm::Error viewOperands(const KernelContext &context, llvm::StringRef kernel,
                         std::initializer_list<Operand> operands) {
  for (const Operand &operand : operands) {
    llvm::Expected<TensorView> view =
        viewArg(context, operand.desc, operand.write, kernel, operand.name);
    if (!view) {
      return view.takeError();
    }
    operand.view = std::move(*view);
  }
  return llvm::Error::success();
}

llvm::Error viewUnaryOperands(const KernelContext &context,
                              llvm::StringRef kernel,
                              const abi::MemRefData &inDesc,
                              const abi::MemRefData &outDesc, unsigned types,
                              TensorView &in, TensorView &out) {
  if (llvm::Error error = viewOperands(
          context, kernel,
          {{inDesc, false, "input", in}, {outDesc, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkType(in, types, kernel, "input")) {
    return error;
  }
  return checkType(out, types, kernel, "output");
}

llvm::Error viewBinaryOperands(const KernelContext &context,
                               llvm::StringRef kernel,
                               const abi::MemRefData &in1Desc,
                               const abi::MemRefData &in2Desc,
                               const abi::MemRefData &outDesc, unsigned types,
                               TensorView &in1, TensorView &in2,
                               TensorView &out) {
  if (llvm::Error error = viewOperands(context, kernel,
                                       {{in1Desc, false, "input 0", in1},
                                        {in2Desc, false, "input 1", in2},
                                        {outDesc, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in1, "input 0"), std::make_pair(&in2, "input 1"),
        std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, types, kernel, what)) {
      return error;
    }
  }
  if (llvm::Error error = checkAliasing(out, in1, kernel, "input 0")) {
    return error;
  }
  return checkAliasing(out, in2, kernel, "input 1");
}

llvm::Error checkSameDims(const TensorView &in, const TensorView &out,
                          llvm::StringRef kernel) {
  if (in.getLogicalDims() == out.getLogicalDims()) {
    return llvm::Error::success();
  }
  return kernelError(kernel, "input dims " + formatDims(getDims(in)) +
                                 " differ from output dims " +
                                 formatDims(getDims(out)));
}

llvm::Error checkAliasing(const TensorView &output, const TensorView &input,
                          llvm::StringRef kernel, llvm::StringRef inputName) {
  bool disjoint = output.spanBytes == 0 || input.spanBytes == 0 ||
                  output.data >= input.data + input.spanBytes ||
                  input.data >= output.data + output.spanBytes;
  if (disjoint ||
      (output.data == input.data && output.elemBits == input.elemBits &&
       output.getLogicalDims() == input.getLogicalDims() &&
       output.getLogicalStrides() == input.getLogicalStrides())) {
    return llvm::Error::success();
  }
  return kernelError(kernel, "the output overlaps " + inputName +
                                 " without being the same elements");
}

llvm::Expected<TensorView> viewArg(const KernelContext &context,
                                   const abi::MemRefData &desc, bool write,
                                   llvm::StringRef kernel,
                                   llvm::StringRef name) {
  llvm::Expected<TensorView> view = context.view(desc, write);
  if (!view) {
    return kernelError(kernel, name + ": " + llvm::toString(view.takeError()));
  }
  return view;
}

std::vector<int64_t> getReducedDims(llvm::ArrayRef<int64_t> dims,
                                    const std::vector<bool> &axes,
                                    bool keepDims) {
  std::vector<int64_t> result;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (!axes[d]) {
      result.push_back(dims[d]);
    } else if (keepDims) {
      result.push_back(1);
    }
  }
  return result;
}

llvm::Expected<std::vector<float>> loadBroadcast(const TensorView &view,
                                                 llvm::ArrayRef<int64_t> dims,
                                                 llvm::StringRef kernel,
                                                 llvm::StringRef operandName) {
  std::vector<int64_t> own = getDims(view);
  // Leading dims of size 1 beyond the target rank do not matter.
  std::vector<int64_t> original = own;
  while (own.size() > dims.size() && own.front() == 1) {
    own.erase(own.begin());
  }
  int64_t rank = static_cast<int64_t>(dims.size());
  int64_t offset = rank - static_cast<int64_t>(own.size());
  bool broadcasts = offset >= 0;
  for (int64_t d = 0; broadcasts && d < static_cast<int64_t>(own.size()); ++d) {
    broadcasts = own[d] == 1 || own[d] == dims[d + offset];
  }
  if (!broadcasts) {
    return kernelError(kernel,
                       operandName + " of dims " + formatDims(original) +
                           " does not broadcast to " + formatDims(dims));
  }
  std::vector<float> values = loadTensor(view);
  std::vector<float> result(getProduct(dims, 0, dims.size()));
  if (result.empty()) {
    return result;
  }
  // Source strides per target dim (0 where broadcast).
  std::vector<int64_t> strides(rank, 0);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= offset; --d) {
    int64_t size = own[d - offset];
    strides[d] = size == 1 ? 0 : stride;
    stride *= size;
  }
  std::vector<int64_t> index(rank, 0);
  int64_t source = 0;
  for (float &value : result) {
    value = values[source];
    for (int64_t d = rank - 1; d >= 0; --d) {
      source += strides[d];
      if (++index[d] < dims[d]) {
        break;
      }
      source -= strides[d] * dims[d];
      index[d] = 0;
    }
  }
  return result;
}

int64_t getProduct(llvm::ArrayRef<int64_t> dims, size_t begin, size_t end) {
  int64_t result = 1;
  for (size_t d = begin; d < end; ++d) {
    result *= dims[d];
  }
  return result;
}

int64_t getInputWork(const uint8_t *, llvm::ArrayRef<TensorView> views) {
  return getElements(views, 0);
}

} // namespace mlir::vpuc::emu
