//===- ActivationMath.cpp - The functions of abi::ActivationOp ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/ActivationMath.h"

#include <cmath>

#include "kernels/shave/Float4.h"
#include "kernels/shave/KernelSupport.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::emu {

namespace {

using abi::ActivationOp;

/// Which of alpha and beta an op uses.
struct ParamUse {
  bool alpha;
  bool beta;
};

ParamUse getParamUse(ActivationOp op) {
  switch (op) {
  case ActivationOp::Clamp:
  case ActivationOp::HardSigmoid:
  case ActivationOp::Selu:
    return {true, true};
  case ActivationOp::Elu:
  case ActivationOp::Swish:
  case ActivationOp::LeakyRelu:
    return {true, false};
  default:
    return {false, false};
  }
}

/// ln(1 + e^x) without overflow for large x or loss for very negative x.
inline float softPlus(float x) {
  return x > 0.0f ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

template <typename Fn> void apply(float *values, int64_t count, Fn fn) {
  for (int64_t i = 0; i < count; ++i) {
    values[i] = fn(values[i]);
  }
}

/// `c ? a : b` per lane (c a compare of V).
template <typename V, typename C> V select(C c, V a, V b) {
  return c ? a : b; // For Float4, GCC's vector conditional: lane by lane.
}

/// hardSigmoid of a V: fmax(x + 3, 0) is `x + 3 > 0 ? x + 3 : 0` (fmax
/// gives 0 for a NaN, and x + 3 is never -0 in round to nearest), then
/// fmin(v, 6) is `v < 6 ? v : 6` (v is not NaN there), then the division.
template <typename V> V hardSigmoidOf(V x) {
  V v = x + splat<V>(3.0f);
  v = select<V>(v > splat<V>(0.0f), v, splat<V>(0.0f));
  v = select<V>(v < splat<V>(6.0f), v, splat<V>(6.0f));
  return v / splat<V>(6.0f);
}

} // namespace

std::string getActivationName(int32_t op) {
  static const char *const names[] = {"relu",
                                      "clamp",
                                      "sigmoid",
                                      "tanh",
                                      "elu",
                                      "erf",
                                      "gelu",
                                      "gelu_tanh",
                                      "exp",
                                      "log",
                                      "sqrt",
                                      "abs",
                                      "floor",
                                      "ceil",
                                      "round_half_to_even",
                                      "round_half_away_from_zero",
                                      "hswish",
                                      "hsigmoid",
                                      "swish",
                                      "mish",
                                      "softplus",
                                      "leaky_relu",
                                      "negative",
                                      "logical_not",
                                      "sign",
                                      "hard_sigmoid",
                                      "selu",
                                      "reciprocal",
                                      "sin",
                                      "cos",
                                      "tan",
                                      "asin",
                                      "acos",
                                      "atan",
                                      "sinh",
                                      "cosh",
                                      "asinh",
                                      "acosh",
                                      "atanh"};
  static_assert(sizeof(names) / sizeof(names[0]) == abi::kMaxActivationOp + 1,
                "one name per ActivationOp");
  if (op >= 0 && op <= abi::kMaxActivationOp) {
    return names[op];
  }
  return "op " + std::to_string(op);
}

llvm::Error checkActivation(int32_t op, float alpha, float beta,
                            llvm::StringRef kernel, llvm::StringRef what) {
  if (op < 0 || op > abi::kMaxActivationOp) {
    return kernelError(kernel, "unknown " + what + " " + llvm::Twine(op));
  }
  auto activation = static_cast<ActivationOp>(op);
  std::string name = getActivationName(op);
  ParamUse use = getParamUse(activation);
  if ((!use.alpha && alpha != 0.0f) || (!use.beta && beta != 0.0f)) {
    return kernelError(kernel,
                       name + " takes " +
                           (use.alpha ? "no beta" : "neither alpha nor beta") +
                           ", got alpha " + std::to_string(alpha) +
                           " and beta " + std::to_string(beta));
  }
  if ((use.alpha && std::isnan(alpha)) || (use.beta && std::isnan(beta))) {
    return kernelError(kernel, name + " parameters must not be NaN");
  }
  if (activation == ActivationOp::Clamp && alpha > beta) {
    return kernelError(kernel, "clamp bounds [" + std::to_string(alpha) + ", " +
                                   std::to_string(beta) + "] are empty");
  }
  return llvm::Error::success();
}

llvm::Error checkPostOp(int32_t postOp, float alpha, float beta,
                        llvm::StringRef kernel) {
  if (postOp == abi::kNoPostOp) {
    if (alpha != 0.0f || beta != 0.0f) {
      return kernelError(kernel,
                         "postOpAlpha and postOpBeta must be 0 without a "
                         "post-operation");
    }
    return llvm::Error::success();
  }
  return checkActivation(postOp, alpha, beta, kernel, "postOp");
}

void applyPostOp(int32_t postOp, float alpha, float beta, float *values,
                 int64_t count) {
  if (postOp != abi::kNoPostOp) {
    applyActivation(static_cast<ActivationOp>(postOp), alpha, beta, values,
                    count);
  }
}

void applyActivation(ActivationOp op, float alpha, float beta, float *values,
                     int64_t count) {
  switch (op) {
  case ActivationOp::Relu:
    return mapFloat4(values, count, [](auto x) {
      using V = decltype(x);
      return select<V>(x < splat<V>(0.0f), splat<V>(0.0f), x);
    });
  case ActivationOp::Clamp:
    return mapFloat4(values, count, [alpha, beta](auto x) {
      using V = decltype(x);
      return select<V>(x < splat<V>(alpha), splat<V>(alpha),
                       select<V>(x > splat<V>(beta), splat<V>(beta), x));
    });
  case ActivationOp::Sigmoid:
    return apply(values, count,
                 [](float x) { return 1.0f / (1.0f + std::exp(-x)); });
  case ActivationOp::Tanh:
    return apply(values, count, [](float x) { return std::tanh(x); });
  case ActivationOp::Elu:
    return apply(values, count, [alpha](float x) {
      return x > 0.0f ? x : alpha * std::expm1(x);
    });
  case ActivationOp::Erf:
    return apply(values, count, [](float x) { return std::erf(x); });
  case ActivationOp::Gelu:
    return apply(values, count, [](float x) {
      return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f));
    });
  case ActivationOp::GeluTanh:
    return apply(values, count, [](float x) {
      return 0.5f * x *
             (1.0f +
              std::tanh(0.79788456080286536f * (x + 0.044715f * x * x * x)));
    });
  case ActivationOp::Exp:
    return apply(values, count, [](float x) { return std::exp(x); });
  case ActivationOp::Log:
    return apply(values, count, [](float x) { return std::log(x); });
  case ActivationOp::Sqrt:
    return apply(values, count, [](float x) { return std::sqrt(x); });
  case ActivationOp::Abs:
    return apply(values, count, [](float x) { return std::fabs(x); });
  case ActivationOp::Floor:
    return apply(values, count, [](float x) { return std::floor(x); });
  case ActivationOp::Ceil:
    return apply(values, count, [](float x) { return std::ceil(x); });
  case ActivationOp::RoundHalfToEven:
    // nearbyint rounds half to even in the default rounding mode.
    return apply(values, count, [](float x) { return std::nearbyint(x); });
  case ActivationOp::RoundHalfAwayFromZero:
    return apply(values, count, [](float x) { return std::round(x); });
  case ActivationOp::HSwish:
    return mapFloat4(values, count,
                     [](auto x) { return x * hardSigmoidOf(x); });
  case ActivationOp::HSigmoid:
    return mapFloat4(values, count, [](auto x) { return hardSigmoidOf(x); });
  case ActivationOp::Swish:
    return apply(values, count, [alpha](float x) {
      return x / (1.0f + std::exp(-alpha * x));
    });
  case ActivationOp::Mish:
    return apply(values, count,
                 [](float x) { return x * std::tanh(softPlus(x)); });
  case ActivationOp::SoftPlus:
    return apply(values, count, [](float x) { return softPlus(x); });
  case ActivationOp::LeakyRelu:
    return apply(values, count,
                 [alpha](float x) { return x >= 0.0f ? x : alpha * x; });
  case ActivationOp::Negative:
    return apply(values, count, [](float x) { return -x; });
  case ActivationOp::LogicalNot:
    return apply(values, count,
                 [](float x) { return x != 0.0f ? 0.0f : 1.0f; });
  case ActivationOp::Sign:
    return apply(values, count, [](float x) {
      return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : x);
    });
  case ActivationOp::HardSigmoid:
    return mapFloat4(values, count, [alpha, beta](auto x) {
      using V = decltype(x);
      V v = splat<V>(alpha) * x + splat<V>(beta);
      return select<V>(v < splat<V>(0.0f), splat<V>(0.0f),
                       select<V>(v > splat<V>(1.0f), splat<V>(1.0f), v));
    });
  case ActivationOp::Selu:
    return apply(values, count, [alpha, beta](float x) {
      return beta * (x > 0.0f ? x : alpha * std::expm1(x));
    });
  case ActivationOp::Reciprocal:
    return apply(values, count, [](float x) { return 1.0f / x; });
  case ActivationOp::Sin:
    return apply(values, count, [](float x) { return std::sin(x); });
  case ActivationOp::Cos:
    return apply(values, count, [](float x) { return std::cos(x); });
  case ActivationOp::Tan:
    return apply(values, count, [](float x) { return std::tan(x); });
  case ActivationOp::Asin:
    return apply(values, count, [](float x) { return std::asin(x); });
  case ActivationOp::Acos:
    return apply(values, count, [](float x) { return std::acos(x); });
  case ActivationOp::Atan:
    return apply(values, count, [](float x) { return std::atan(x); });
  case ActivationOp::Sinh:
    return apply(values, count, [](float x) { return std::sinh(x); });
  case ActivationOp::Cosh:
    return apply(values, count, [](float x) { return std::cosh(x); });
  case ActivationOp::Asinh:
    return apply(values, count, [](float x) { return std::asinh(x); });
  case ActivationOp::Acosh:
    return apply(values, count, [](float x) { return std::acosh(x); });
  case ActivationOp::Atanh:
    return apply(values, count, [](float x) { return std::atanh(x); });
  }
}

llvm::Error checkQuantizedOutput(float outputScale, int32_t qmin, int32_t qmax,
                                 abi::DataType type, int32_t postOp,
                                 float alpha, float beta,
                                 llvm::StringRef kernel) {
  if (llvm::Error error = checkScale(outputScale, "outputScale", kernel)) {
    return error;
  }
  if (llvm::Error error = checkStorageRange(qmin, qmax, type, kernel)) {
    return error;
  }
  return checkPostOp(postOp, alpha, beta, kernel);
}

} // namespace mlir::vpuc::emu
