//===- ActivationMath.h - The functions of abi::ActivationOp ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The element functions of the `activation` kernel, shared with the fused
// post-operations of convolution, deconvolution and fully_connected. The
// formulas are the IE interpreter's (dialects/ie/ir/InferenceActivation.cpp),
// in FP32, so that the emulator and the interpreter agree.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_ACTIVATIONMATH_H_
#define VPUC_KERNELS_SHAVE_ACTIVATIONMATH_H_

#include <cstdint>
#include <string>

#include "kernels/abi/SwKernels.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::emu {

/// Checks an activation: `op` an ActivationOp value, alpha and beta valid for
/// it and 0 where it does not use them. `what` names the op scalar in
/// messages ("op", "postOp").
llvm::Error checkActivation(int32_t op, float alpha, float beta,
                            llvm::StringRef kernel, llvm::StringRef what);

/// Checks a post-operation: kNoPostOp or a valid activation.
llvm::Error checkPostOp(int32_t postOp, float alpha, float beta,
                        llvm::StringRef kernel);

/// Checks the output stage of a quantized kernel: `outputScale` finite and
/// positive, [qmin, qmax] within the storage type `type`, and the post-op.
llvm::Error checkQuantizedOutput(float outputScale, int32_t qmin, int32_t qmax,
                                 abi::DataType type, int32_t postOp,
                                 float alpha, float beta,
                                 llvm::StringRef kernel);

/// Applies the (checked) activation to `count` values in place. The op is
/// dispatched once; the loop is plain.
void applyActivation(abi::ActivationOp op, float alpha, float beta,
                     float *values, int64_t count);

/// Applies a (checked) post-operation in place; nothing for kNoPostOp.
void applyPostOp(int32_t postOp, float alpha, float beta, float *values,
                 int64_t count);

/// The name of an ActivationOp ("relu", ...), or "op <n>" for others.
std::string getActivationName(int32_t op);

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_ACTIVATIONMATH_H_
