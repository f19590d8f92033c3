//===- NceF16.h - The FP16 arithmetic of NCE cluster tasks ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// computeNceBox in FP16 mode (NceExecution.h) and the FP32 PPE, internal to
// the :nce library.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_NCEF16_H_
#define VPUC_EMULATOR_NCEF16_H_

#include "emulator/NceExecution.h"

namespace mlir::vpuc::emu {

/// The PPE in FP32 (RELU, RELUX clamp, LRELU) of an F16 output.
float applyNceFloatPpe(const NceInvariantDesc &desc, float value);

/// applyNceFloatPpe of each of `values`, in place (the mode chosen once).
void applyNceFloatPpe(const NceInvariantDesc &desc,
                      llvm::MutableArrayRef<float> values);

/// computeNceBox for an F16 input, on `pool`'s threads when it is set,
/// adding its results to `underflow` when that is set.
void computeNceF16Box(const NceInvariantDesc &desc, const NceActivation &input,
                      const NceActivation *input2,
                      llvm::ArrayRef<NceChannelWeights> weights,
                      const NceActivation &output, const NceBox &box,
                      threading::ThreadPool *pool,
                      numeric::F16Underflow *underflow);

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_NCEF16_H_
