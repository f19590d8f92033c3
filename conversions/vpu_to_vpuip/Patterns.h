//===- Patterns.h - VPU to VPUIP bufferisation patterns ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The type converter of the bufferisation (VPU tensors -> VPUIP buffers) and
// the patterns that lower VPU ops onto buffers: software layers become kernel
// calls planned beforehand (KernelCalls.h), views become VPUIP views and
// copies, constants become constant buffers, and function returns copy
// strided views into compact buffers. The pass (VPUToVPUIPPass.cpp) owns the
// legality.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_PATTERNS_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_PATTERNS_H_

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::vpuc::VPUIP {

class KernelCalls;

/// VPU tensors -> VPUIP buffers: a statically shaped ranked tensor with no
/// encoding, an order map or a `#VPU.tensor` becomes the compact memref of its
/// shape and element type in its order, in its memory (`#VPUIP.mem`, none for
/// DDR). Other tensors do not convert; other types stay as they are.
class VPUToVPUIPTypeConverter : public TypeConverter {
public:
  VPUToVPUIPTypeConverter();
};

/// Adds the bufferisation patterns to `patterns`. `typeConverter` gives the
/// buffer types of results and constants. The patterns of VPU ops and returns
/// take their operands as converted so far (without materialisations), so
/// that a strided view reaches the op that reads it; `calls` holds the kernel
/// call of every software layer and must outlive the conversion.
void populateVPUToVPUIPConversionPatterns(const TypeConverter &typeConverter,
                                          const KernelCalls &calls,
                                          RewritePatternSet &patterns);

/// After the conversion: lets each task whose result a copy moves into a
/// part of a concatenation buffer (`VPUIP.ConcatView`) write into that part
/// directly, when every other reader of the result takes strided buffers
/// (see ConcatInPlace.cpp). Inputs that are function arguments, constants
/// or views keep their copies.
void writeConcatInputsInPlace(Operation *root);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_PATTERNS_H_
