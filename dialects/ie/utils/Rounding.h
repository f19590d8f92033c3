//===- Rounding.h - Rounding float32 values to narrower element types -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The host interpreter computes in float32 and stores every tensor as float32.
// These helpers round values in place to what a narrower element type can hold,
// so that an op whose result is f16 / bf16 / an integer type produces exactly
// the values that type represents.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_UTILS_ROUNDING_H_
#define VPUC_DIALECTS_IE_UTILS_ROUNDING_H_

#include <cstdint>

#include "llvm/ADT/ArrayRef.h"

namespace mlir::vpuc::IE {

/// Rounds to the nearest IEEE binary16 value (ties to even); beyond the f16
/// range gives
/// +-infinity; NaN stays NaN. Subnormal f16 values are kept.
float roundToF16(float value);

/// Rounds to the nearest bfloat16 value (ties to even); NaN stays NaN.
float roundToBF16(float value);

/// Truncates toward zero and saturates to the range of a `bits`-wide integer
/// (signed or unsigned); NaN gives 0. `bits == 1` is a boolean: nonzero
/// (including NaN) gives 1.
float roundToInteger(float value, unsigned bits, bool isSigned);

/// The element kinds the host interpreter distinguishes.
enum class HostElementKind { F32, F64, F16, BF16, Integer };

/// A description of an element type for rounding.
struct HostElementType {
  HostElementKind kind = HostElementKind::F32;
  unsigned bits = 32;
  bool isSigned = true;
};

/// Rounds every value of `values` to `type` in place (no-op for F32 and F64).
void roundInPlace(llvm::MutableArrayRef<float> values, HostElementType type);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_UTILS_ROUNDING_H_
