//===- NceInt8.h - The INT8 arithmetic of NCE cluster tasks -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The fast path of computeNceBox in INT8 mode (NceExecution.h), internal to
// the :nce library.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_NCEINT8_H_
#define VPUC_EMULATOR_NCEINT8_H_

#include "emulator/NceExecution.h"

namespace mlir::vpuc::emu {

/// computeNceBox for an INT8 (U8 / I8) input when no partial sum of the box
/// can leave int32 (bounded by the largest input magnitude times the sum of
/// a channel's weight magnitudes): computes the box, vectorised and on
/// `pool`'s threads when it is set, and returns true. Otherwise returns
/// false without writing anything; the caller then runs the scalar code that
/// stops at the first overflowing sum.
bool computeNceInt8BoxUnchecked(const NceInvariantDesc &desc,
                                const NceActivation &input,
                                const NceActivation *input2,
                                llvm::ArrayRef<NceChannelWeights> weights,
                                const NceActivation &output, const NceBox &box,
                                threading::ThreadPool *pool);

/// The U8 or I8 element at `pointer`.
inline int32_t loadNceInt8(const uint8_t *pointer, schema::DType dtype) {
  return dtype == schema::DType::U8
             ? static_cast<int32_t>(*pointer)
             : static_cast<int32_t>(static_cast<int8_t>(*pointer));
}

/// The accumulator of an INT8 eltwise task on `a` and `b`, the elements of
/// the input and input2 less their zero points.
int32_t getNceInt8EltwiseAcc(const NceInvariantDesc &desc, int32_t a,
                             int32_t b);

/// Writes the output element of channel `k` at `outPixel` (the output's
/// pixel) from its accumulator: requantised or scaled, the PPE, the zero
/// point, clamped to the output type (see NceExecution.h).
void storeNceInt8Result(const NceInvariantDesc &desc,
                        llvm::ArrayRef<NceChannelWeights> weights,
                        const NceActivation &output, int64_t k,
                        uint8_t *outPixel, int32_t acc);

/// storeNceInt8Result for the `count` channels from `k0` with the
/// accumulators `acc[0..count)`, the per-task choices (output type, PPE)
/// made once.
void storeNceInt8Results(const NceInvariantDesc &desc,
                         llvm::ArrayRef<NceChannelWeights> weights,
                         const NceActivation &output, int64_t k0, int64_t count,
                         uint8_t *outPixel, const int32_t *acc);

/// The clamps of storeNceInt8Results on an integer output whose PPE is not
/// LRELU: the PPE's bounds on the requantised value r, then the output
/// type's on r plus the output zero point.
struct NceInt8Clamps {
  int64_t ppeLow = 0, ppeHigh = 0, outLow = 0, outHigh = 0;
};
NceInt8Clamps getNceInt8Clamps(const NceInvariantDesc &desc,
                               const NceActivation &output);

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_NCEINT8_H_
