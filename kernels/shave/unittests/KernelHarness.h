//===- KernelHarness.h - Calling kernels through the ABI in tests -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The harness of the kernel library tests: a tile whose CMX is mapped at
// WIN_F and whose argument buffer is at WIN_E, tensors allocated in the CMX
// in any DimsOrder (optionally with padded rows), written from and read back
// to doubles in logical row-major order, and kernels called exactly as the
// emulator calls them: ArgPacker -> packed buffer -> registry lookup by name
// -> signature check -> descriptor decoding -> the kernel. Values written to
// a tensor are rounded to its element type first (test-side conversions), so
// that references computed in double see what the kernel sees.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_UNITTESTS_KERNELHARNESS_H_
#define VPUC_EMULATOR_UNITTESTS_KERNELHARNESS_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/numeric/Float16.h"
#include "core/shape/DimsOrder.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernels.h"
#include "kernels/shave/KernelRegistry.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu::testing {

/// The DimsOrder codes of the two 4-D layouts the kernel tests allocate in.
inline constexpr uint64_t kNCHW = 0x1234;
inline constexpr uint64_t kNHWC = 0x1342;

/// A tensor in the harness's CMX.
struct Tensor {
  abi::DataType type = abi::DataType::F16;
  /// Logical dims.
  std::vector<int64_t> dims;
  /// DimsOrder code.
  uint64_t order = 0;
  /// Byte strides per logical dim.
  std::vector<int64_t> strides;
  /// Byte offset in the CMX.
  uint32_t offset = 0;

  int64_t getNumElements() const {
    int64_t count = 1;
    for (int64_t dim : dims) {
      count *= dim;
    }
    return count;
  }
};

/// Bytes per element of `type`.
inline int64_t getElemBytes(abi::DataType type) {
  return abi::getDataTypeBits(type) / 8;
}

/// The identity DimsOrder code of `rank`.
inline uint64_t identityOrder(int64_t rank) {
  return shape::DimsOrder::getDefaultOrder(rank).code();
}

/// `value` as stored in an element of `type` (the test's own conversions:
/// round to nearest even for f16/bf16, values are expected in range for
/// integers).
inline double roundTo(abi::DataType type, double value) {
  switch (type) {
  case abi::DataType::F32:
    return static_cast<float>(value);
  case abi::DataType::F16:
    return numeric::f16BitsToFloat(
        numeric::floatToF16Bits(static_cast<float>(value)));
  case abi::DataType::BF16:
    return numeric::bf16BitsToFloat(
        numeric::floatToBF16Bits(static_cast<float>(value)));
  case abi::DataType::Bool:
    return value != 0.0 ? 1.0 : 0.0;
  case abi::DataType::F64:
    return value;
  default:
    return std::trunc(value);
  }
}

/// One unit in the last place of `value` in `type` (f16, bf16, f32).
inline double ulp(abi::DataType type, double value) {
  int mantissa = type == abi::DataType::F16    ? 10
                 : type == abi::DataType::BF16 ? 7
                                               : 23;
  int minExponent = type == abi::DataType::F16 ? -14 : -126;
  double magnitude = std::fabs(value);
  int exponent = magnitude == 0.0 ? minExponent : std::ilogb(magnitude);
  if (exponent < minExponent) {
    exponent = minExponent;
  }
  return std::ldexp(1.0, exponent - mantissa);
}

/// Random values from a fixed seed.
class Random {
public:
  explicit Random(uint32_t seed = 1234) : engine(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(engine);
  }
  int64_t integer(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(engine);
  }
  std::vector<double> values(int64_t count, double lo, double hi) {
    std::vector<double> result(count);
    for (double &value : result) {
      value = uniform(lo, hi);
    }
    return result;
  }

private:
  std::mt19937 engine;
};

/// A tile with a CMX, an argument buffer and a small read-only WIN_D.
class Machine {
public:
  explicit Machine(size_t cmxBytes = 4 << 20) : cmx(cmxBytes, 0xff) {}

  /// Allocates a tensor of logical `dims` in `order` (0: identity); with
  /// `rowPadding`, every memory row (the innermost memory dim) is followed
  /// by that many unused elements.
  Tensor alloc(abi::DataType type, std::vector<int64_t> dims,
               uint64_t order = 0, int64_t rowPadding = 0) {
    Tensor tensor;
    tensor.type = type;
    tensor.dims = dims;
    int64_t rank = static_cast<int64_t>(dims.size());
    tensor.order = order ? order : identityOrder(rank);
    shape::DimsOrder dimsOrder = shape::DimsOrder::fromCode(tensor.order);
    int64_t elem = getElemBytes(type);
    // Compact strides in memory order, the innermost dim padded.
    std::vector<int64_t> memDims(rank), memStrides(rank);
    for (int64_t m = 0; m < rank; ++m) {
      memDims[m] = dims[dimsOrder.dimAt(shape::MemDim(m)).ind()];
    }
    int64_t stride = elem;
    for (int64_t m = rank - 1; m >= 0; --m) {
      memStrides[m] = stride;
      stride *= memDims[m] + (m == rank - 1 ? rowPadding : 0);
    }
    tensor.strides.assign(rank, 0);
    for (int64_t m = 0; m < rank; ++m) {
      tensor.strides[dimsOrder.dimAt(shape::MemDim(m)).ind()] = memStrides[m];
    }
    int64_t bytes = tensor.getNumElements() == 0 ? 0 : stride;
    next = (next + 63) / 64 * 64;
    tensor.offset = next;
    next += static_cast<uint32_t>(std::max<int64_t>(bytes, 1));
    EXPECT_LE(next, cmx.size()) << "the harness CMX is full";
    return tensor;
  }

  /// An absent optional operand (rank 1, dims [0]).
  Tensor absent(abi::DataType type = abi::DataType::F16) {
    return alloc(type, {0});
  }

  /// Writes `values` (logical row-major order) rounded to the tensor's type;
  /// returns the stored values.
  std::vector<double> write(const Tensor &tensor,
                            const std::vector<double> &values) {
    EXPECT_EQ(static_cast<int64_t>(values.size()), tensor.getNumElements());
    std::vector<double> stored(values.size());
    forEachElement(tensor, [&](int64_t flat, uint8_t *p) {
      stored[flat] = roundTo(tensor.type, values[flat]);
      encode(tensor.type, stored[flat], p);
    });
    return stored;
  }

  /// Writes random values in [lo, hi) (integers for integer types); returns
  /// the stored values.
  std::vector<double> fill(const Tensor &tensor, Random &random, double lo,
                           double hi) {
    std::vector<double> values = random.values(tensor.getNumElements(), lo, hi);
    if (!isFloat(tensor.type)) {
      for (double &value : values) {
        value = std::floor(value);
      }
    }
    return write(tensor, values);
  }

  /// Reads the tensor in logical row-major order.
  std::vector<double> read(const Tensor &tensor) {
    std::vector<double> values(tensor.getNumElements());
    forEachElement(tensor, [&](int64_t flat, uint8_t *p) {
      values[flat] = decode(tensor.type, p);
    });
    return values;
  }

  /// Adds the tensor's descriptor to `packer`.
  void add(abi::ArgPacker &packer, abi::ArgKind kind, const Tensor &tensor) {
    shape::DimsOrder order = shape::DimsOrder::fromCode(tensor.order);
    std::vector<int64_t> memDims, memStrides;
    for (int64_t m = 0; m < static_cast<int64_t>(tensor.dims.size()); ++m) {
      int64_t logical = order.dimAt(shape::MemDim(m)).ind();
      memDims.push_back(tensor.dims[logical]);
      memStrides.push_back(tensor.strides[logical] * 8);
    }
    packer.addMemRef(kind, abi::kWinFBase + tensor.offset, memDims, memStrides,
                     tensor.type, tensor.order);
  }
  void in(abi::ArgPacker &packer, const Tensor &tensor) {
    add(packer, abi::ArgKind::MemRefIn, tensor);
  }
  void out(abi::ArgPacker &packer, const Tensor &tensor) {
    add(packer, abi::ArgKind::MemRefOut, tensor);
  }

  /// Calls kernel `name` with the packed arguments as the emulator would;
  /// returns the error message, or "" on success.
  std::string run(llvm::StringRef name, const abi::ArgPacker &packer) {
    const KernelInfo *kernel = getBuiltinKernels().lookup(name);
    if (!kernel) {
      return "no kernel '" + name.str() + "'";
    }
    if (llvm::Error error =
            checkSignature(*kernel, packer.getSignature(), "the call gives")) {
      return llvm::toString(std::move(error));
    }
    args = packer.finish();
    KernelContext context({{abi::kWinDBase, text.size(), text.data(), kNoRegion,
                            0, false, "WIN_D"},
                           {abi::kWinEBase, args.size(), args.data(), kNoRegion,
                            0, false, "WIN_E"},
                           {abi::kWinFBase, cmx.size(), cmx.data(), kNoRegion,
                            0, true, "WIN_F"}});
    // Decode every tensor argument first, as the emulator does.
    uint32_t offset = 0;
    for (abi::ArgKind kind : kernel->signature) {
      if (abi::isMemRefArg(kind)) {
        abi::MemRefData desc;
        std::memcpy(&desc, args.data() + offset, sizeof(desc));
        llvm::Expected<TensorView> view =
            context.view(desc, kind == abi::ArgKind::MemRefOut);
        if (!view) {
          return "descriptor: " + llvm::toString(view.takeError());
        }
      }
      offset += abi::getArgSize(kind);
    }
    llvm::Error error = kernel->run(args.data(), context);
    return error ? llvm::toString(std::move(error)) : "";
  }

  std::vector<uint8_t> &getCmx() { return cmx; }

private:
  static bool isFloat(abi::DataType type) {
    return type == abi::DataType::F32 || type == abi::DataType::F16 ||
           type == abi::DataType::BF16 || type == abi::DataType::F64;
  }

  template <typename Fn> void forEachElement(const Tensor &tensor, Fn fn) {
    int64_t rank = static_cast<int64_t>(tensor.dims.size());
    int64_t count = tensor.getNumElements();
    std::vector<int64_t> index(rank, 0);
    for (int64_t flat = 0; flat < count; ++flat) {
      int64_t offset = tensor.offset;
      for (int64_t d = 0; d < rank; ++d) {
        offset += index[d] * tensor.strides[d];
      }
      fn(flat, cmx.data() + offset);
      for (int64_t d = rank - 1; d >= 0 && ++index[d] == tensor.dims[d]; --d) {
        index[d] = 0;
      }
    }
  }

  template <typename T> static void put(T value, uint8_t *p) {
    std::memcpy(p, &value, sizeof(T));
  }
  template <typename T> static double get(const uint8_t *p) {
    T value;
    std::memcpy(&value, p, sizeof(T));
    return static_cast<double>(value);
  }

  static void encode(abi::DataType type, double value, uint8_t *p) {
    switch (type) {
    case abi::DataType::F32:
      return put(static_cast<float>(value), p);
    case abi::DataType::F64:
      return put(value, p);
    case abi::DataType::F16:
      return put(numeric::floatToF16Bits(static_cast<float>(value)), p);
    case abi::DataType::BF16:
      return put(numeric::floatToBF16Bits(static_cast<float>(value)), p);
    case abi::DataType::I8:
      return put(static_cast<int8_t>(value), p);
    case abi::DataType::U8:
    case abi::DataType::Bool:
      return put(static_cast<uint8_t>(value), p);
    case abi::DataType::I16:
      return put(static_cast<int16_t>(value), p);
    case abi::DataType::U16:
      return put(static_cast<uint16_t>(value), p);
    case abi::DataType::I32:
      return put(static_cast<int32_t>(value), p);
    case abi::DataType::U32:
      return put(static_cast<uint32_t>(value), p);
    case abi::DataType::I64:
      return put(static_cast<int64_t>(value), p);
    case abi::DataType::U64:
      return put(static_cast<uint64_t>(value), p);
    default:
      ADD_FAILURE() << "unsupported test type";
    }
  }

  static double decode(abi::DataType type, const uint8_t *p) {
    switch (type) {
    case abi::DataType::F32:
      return get<float>(p);
    case abi::DataType::F64:
      return get<double>(p);
    case abi::DataType::F16: {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      return numeric::f16BitsToFloat(bits);
    }
    case abi::DataType::BF16: {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      return numeric::bf16BitsToFloat(bits);
    }
    case abi::DataType::I8:
      return get<int8_t>(p);
    case abi::DataType::U8:
    case abi::DataType::Bool:
      return get<uint8_t>(p);
    case abi::DataType::I16:
      return get<int16_t>(p);
    case abi::DataType::U16:
      return get<uint16_t>(p);
    case abi::DataType::I32:
      return get<int32_t>(p);
    case abi::DataType::U32:
      return get<uint32_t>(p);
    case abi::DataType::I64:
      return get<int64_t>(p);
    case abi::DataType::U64:
      return get<uint64_t>(p);
    default:
      ADD_FAILURE() << "unsupported test type";
      return 0.0;
    }
  }

  std::vector<uint8_t> cmx;
  std::vector<uint8_t> text = std::vector<uint8_t>(64, 0);
  std::vector<uint8_t> args;
  uint32_t next = 0;
};

/// Expects `got` (read from a tensor of `type`) to equal `reference`
/// (computed in double) rounded to `type`, within `ulps` units in the last
/// place of the reference plus `atol`.
inline void expectClose(const std::vector<double> &got,
                        const std::vector<double> &reference,
                        abi::DataType type, double ulps = 1.0,
                        double atol = 1e-6, const std::string &what = "") {
  ASSERT_EQ(got.size(), reference.size()) << what;
  int failures = 0;
  for (size_t i = 0; i < got.size() && failures < 10; ++i) {
    double expected = roundTo(type, reference[i]);
    if (std::isnan(reference[i])) {
      if (!std::isnan(got[i])) {
        ADD_FAILURE() << what << " element " << i << ": got " << got[i]
                      << ", expected NaN";
        ++failures;
      }
      continue;
    }
    if (std::isinf(expected) && got[i] == expected) {
      continue;
    }
    double tolerance = ulps * ulp(type, reference[i]) + atol;
    if (!(std::fabs(got[i] - expected) <= tolerance)) {
      ADD_FAILURE() << what << " element " << i << ": got " << got[i]
                    << ", expected " << expected << " (reference "
                    << reference[i] << ", tolerance " << tolerance << ")";
      ++failures;
    }
  }
}

/// Dense row-major strides of `dims` in elements.
inline std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int64_t d = static_cast<int64_t>(dims.size()) - 2; d >= 0; --d) {
    strides[d] = strides[d + 1] * dims[d + 1];
  }
  return strides;
}

/// Calls fn(index) for every multi-index of `dims` in row-major order.
template <typename Fn>
void forEachIndex(const std::vector<int64_t> &dims, Fn fn) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  std::vector<int64_t> index(dims.size(), 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    fn(index);
    for (int64_t d = static_cast<int64_t>(dims.size()) - 1;
         d >= 0 && ++index[d] == dims[d]; --d) {
      index[d] = 0;
    }
  }
}

} // namespace mlir::vpuc::emu::testing

#endif // VPUC_EMULATOR_UNITTESTS_KERNELHARNESS_H_
