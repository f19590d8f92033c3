//===- InferenceMath.cpp - Host kernels of the IE math functions -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the trigonometric and hyperbolic functions and their inverses
// (IE_MathUnaryOp): FP32 math with the C library functions, rounded to the
// result type; and of IE.BitShift, on the integer values of the float host
// tensors.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>

#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

#define VPUC_IE_DEFINE_MATH_UNARY(OpT, fn)                                     \
  LogicalResult OpT::inferOnCPU(ArrayRef<HostTensor> inputs,                   \
                                SmallVectorImpl<HostTensor> &outputs) {        \
    return detail::inferUnary(*this, inputs, outputs,                          \
                              [](float x) { return fn(x); });                  \
  }

VPUC_IE_DEFINE_MATH_UNARY(SinOp, std::sin)
VPUC_IE_DEFINE_MATH_UNARY(CosOp, std::cos)
VPUC_IE_DEFINE_MATH_UNARY(TanOp, std::tan)
VPUC_IE_DEFINE_MATH_UNARY(AsinOp, std::asin)
VPUC_IE_DEFINE_MATH_UNARY(AcosOp, std::acos)
VPUC_IE_DEFINE_MATH_UNARY(AtanOp, std::atan)
VPUC_IE_DEFINE_MATH_UNARY(SinhOp, std::sinh)
VPUC_IE_DEFINE_MATH_UNARY(CoshOp, std::cosh)
VPUC_IE_DEFINE_MATH_UNARY(AsinhOp, std::asinh)
VPUC_IE_DEFINE_MATH_UNARY(AcoshOp, std::acosh)
VPUC_IE_DEFINE_MATH_UNARY(AtanhOp, std::atanh)

#undef VPUC_IE_DEFINE_MATH_UNARY

LogicalResult BitShiftOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  const unsigned bits = llvm::cast<ShapedType>(getType())
                            .getElementType()
                            .getIntOrFloatBitWidth();
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const bool left = getDirection() == BitShiftDirection::LEFT;
  // Unsigned values as held in the float tensors, saturated to 64 bits.
  auto toUnsigned = [](float v) -> uint64_t {
    if (!(v > 0.0f)) {
      return 0;
    }
    return v >= 18446744073709551616.0f ? ~uint64_t{0}
                                        : static_cast<uint64_t>(v);
  };
  return detail::inferBinary(
      *this, inputs, outputs, getAutoBroadcast(), [&](float a, float b) {
        uint64_t x = toUnsigned(a);
        uint64_t s = toUnsigned(b);
        uint64_t y = s >= bits ? 0 : ((left ? x << s : x >> s) & mask);
        return static_cast<float>(y);
      });
}

} // namespace mlir::vpuc::IE
