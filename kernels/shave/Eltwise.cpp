//===- Eltwise.cpp - Binary element-wise kernels --------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The binary element-wise kernels of kernels/abi/SwKernels.h, all
// name(input1, input2, output): arithmetic (add, subtract, multiply, divide,
// power, maximum, minimum, squared_difference, floor_mod), comparisons and
// logic (results 1 / 0). Float, integer or bool operands of any mix, inputs
// broadcast NumPy-style, any layouts, FP32 math with the formulas of the IE
// interpreter (dialects/ie/ir/InferenceEltwise.cpp), rounding on store. An
// output may alias an input element for element (in place).
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/shave/Float4.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

float nanAware(float a, float b, float chosen) {
  return (std::isnan(a) || std::isnan(b))
             ? std::numeric_limits<float>::quiet_NaN()
             : chosen;
}

/// The ops below without an `applyRow` of their own call `apply` per element.
template <typename Op> struct ScalarRow {
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool integer) {
    for (int64_t i = 0; i < n; ++i) {
      x[i] = Op::apply(x[i], y[yBroadcast ? 0 : i], integer);
    }
  }
};

struct Add : abi::AddKernel {
  static float apply(float a, float b, bool) { return a + b; }
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool, abi::DataType) {
    mapFloat4(x, y, yBroadcast, n, [](auto a, auto b) { return a + b; });
  }
};
struct Subtract : abi::SubtractKernel {
  static float apply(float a, float b, bool) { return a - b; }
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool, abi::DataType) {
    mapFloat4(x, y, yBroadcast, n, [](auto a, auto b) { return a - b; });
  }
};
struct Multiply : abi::MultiplyKernel {
  static float apply(float a, float b, bool) { return a * b; }
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool, abi::DataType) {
    mapFloat4(x, y, yBroadcast, n, [](auto a, auto b) { return a * b; });
  }
};
struct Divide : abi::DivideKernel {
  static float apply(float a, float b, bool integer) {
    if (integer) {
      return b == 0.0f ? 0.0f : std::trunc(a / b);
    }
    return a / b;
  }
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool integer, abi::DataType) {
    if (integer) {
      return ScalarRow<Divide>::applyRow(x, y, yBroadcast, n, integer);
    }
    mapFloat4(x, y, yBroadcast, n, [](auto a, auto b) { return a / b; });
  }
};
struct Power : abi::PowerKernel {
  static float apply(float a, float b, bool) { return std::pow(a, b); }
  // With f16 values as the base (an f16 first operand), an exponent of
  // exactly 2 is one multiply: the square of an f16 value is exact in FP32
  // (22 significant bits, between 2^-48 and 2^32), and glibc's powf returns
  // that exact square for every f16 value but NaN (checked over all of them
  // by EltwiseKernelsTest; it is not so for f32 bases: powf(x, 2.0f) is not
  // correctly rounded, 1.5 million f32 x give a neighbour of x * x), so the
  // bits are powf's. NaNs still go through powf.
  static void applyRow(float *x, const float *y, bool yBroadcast, int64_t n,
                       bool integer, abi::DataType baseType) {
    if (baseType != abi::DataType::F16) {
      return ScalarRow<Power>::applyRow(x, y, yBroadcast, n, integer);
    }
    for (int64_t i = 0; i < n; ++i) {
      float b = y[yBroadcast ? 0 : i];
      x[i] = b == 2.0f && !std::isnan(x[i]) ? x[i] * x[i] : std::pow(x[i], b);
    }
  }
};
struct Maximum : abi::MaximumKernel {
  static float apply(float a, float b, bool) {
    return nanAware(a, b, a > b ? a : b);
  }
};
struct Minimum : abi::MinimumKernel {
  static float apply(float a, float b, bool) {
    return nanAware(a, b, a < b ? a : b);
  }
};
struct SquaredDifference : abi::SquaredDifferenceKernel {
  static float apply(float a, float b, bool) {
    float d = a - b;
    return d * d;
  }
};
struct FloorMod : abi::FloorModKernel {
  static float apply(float a, float b, bool integer) {
    if (integer && b == 0.0f) {
      return 0.0f;
    }
    float r = std::fmod(a, b);
    if (r != 0.0f && ((r < 0.0f) != (b < 0.0f))) {
      r += b;
    }
    return r;
  }
};
struct Equal : abi::EqualKernel {
  static float apply(float a, float b, bool) { return a == b ? 1.0f : 0.0f; }
};
struct NotEqual : abi::NotEqualKernel {
  static float apply(float a, float b, bool) { return a != b ? 1.0f : 0.0f; }
};
struct Less : abi::LessKernel {
  static float apply(float a, float b, bool) { return a < b ? 1.0f : 0.0f; }
};
struct LessEqual : abi::LessEqualKernel {
  static float apply(float a, float b, bool) { return a <= b ? 1.0f : 0.0f; }
};
struct Greater : abi::GreaterKernel {
  static float apply(float a, float b, bool) { return a > b ? 1.0f : 0.0f; }
};
struct GreaterEqual : abi::GreaterEqualKernel {
  static float apply(float a, float b, bool) { return a >= b ? 1.0f : 0.0f; }
};
struct LogicalAnd : abi::LogicalAndKernel {
  static float apply(float a, float b, bool) {
    return (a != 0.0f && b != 0.0f) ? 1.0f : 0.0f;
  }
};
struct LogicalOr : abi::LogicalOrKernel {
  static float apply(float a, float b, bool) {
    return (a != 0.0f || b != 0.0f) ? 1.0f : 0.0f;
  }
};
struct LogicalXor : abi::LogicalXorKernel {
  static float apply(float a, float b, bool) {
    return ((a != 0.0f) != (b != 0.0f)) ? 1.0f : 0.0f;
  }
};

template <typename Op, typename = void> struct HasApplyRow : std::false_type {};
template <typename Op>
struct HasApplyRow<Op, std::void_t<decltype(&Op::applyRow)>> : std::true_type {
};

template <typename Op>
llvm::Error runBinary(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::BinaryArgs>(args);
  const char *name = Op::name;
  TensorView in1, in2, out;
  if (llvm::Error error =
          viewBinaryOperands(context, name, a.input1, a.input2, a.output,
                             kAnyRowType, in1, in2, out)) {
    return error;
  }
  llvm::Expected<IterationSpace<3>> space =
      getElementwiseSpace<3>(out, {&in1, &in2}, name);
  if (!space) {
    return space.takeError();
  }
  bool integer = !isFloatType(out.type);
  // The rows' operands, in buffers of the thread that grow to the longest
  // row and are reused from call to call (not zero-filled fresh ones per
  // kernel call). A broadcast second operand is loaded once per row.
  thread_local std::vector<float> xs, ys;
  abi::DataType t0 = out.type, t1 = in1.type, t2 = in2.type;
  forEachRow<3>(*space, {out.data, in1.data, in2.data},
                [&](const std::array<uint8_t *, 3> &p,
                    const std::array<int64_t, 3> &stride, int64_t n) {
                  if (xs.size() < static_cast<size_t>(n)) {
                    xs.resize(n);
                    ys.resize(n);
                  }
                  float *x = xs.data(), *y = ys.data();
                  bool yBroadcast = stride[2] == 0;
                  loadRow(t1, p[1], stride[1], n, x);
                  loadRow(t2, p[2], stride[2], yBroadcast ? 1 : n, y);
                  if constexpr (HasApplyRow<Op>::value) {
                    Op::applyRow(x, y, yBroadcast, n, integer, t1);
                  } else {
                    ScalarRow<Op>::applyRow(x, y, yBroadcast, n, integer);
                  }
                  storeRow(t0, p[0], stride[0], n, x);
                });
  return llvm::Error::success();
}

template <typename Op> KernelInfo binaryKernel() {
  return makeKernelInfo<Op>(runBinary<Op>);
}

} // namespace

VPUC_EMU_KERNEL(eltwise) {
  registry.add(binaryKernel<Add>());
  registry.add(binaryKernel<Subtract>());
  registry.add(binaryKernel<Multiply>());
  registry.add(binaryKernel<Divide>());
  registry.add(binaryKernel<Power>());
  registry.add(binaryKernel<Maximum>());
  registry.add(binaryKernel<Minimum>());
  registry.add(binaryKernel<SquaredDifference>());
  registry.add(binaryKernel<FloorMod>());
  registry.add(binaryKernel<Equal>());
  registry.add(binaryKernel<NotEqual>());
  registry.add(binaryKernel<Less>());
  registry.add(binaryKernel<LessEqual>());
  registry.add(binaryKernel<Greater>());
  registry.add(binaryKernel<GreaterEqual>());
  registry.add(binaryKernel<LogicalAnd>());
  registry.add(binaryKernel<LogicalOr>());
  registry.add(binaryKernel<LogicalXor>());
}

} // namespace mlir::vpuc::emu
