//===- Patterns.h - IE to VPU conversion patterns ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The patterns that lower IE layers to the VPU dialect, one per op family:
// layers with a software kernel become the VPU.SW op that mirrors them;
// reshapes, affine reshapes, concatenations, slices and splits become VPU
// views; a static ShapeOf becomes a constant. With the NCE patterns, layers
// the DPUs can run become VPU.NCE ops instead. The pass (IEToVPUPass.cpp) owns
// the legality.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_IE_TO_VPU_PATTERNS_H_
#define VPUC_CONVERSIONS_IE_TO_VPU_PATTERNS_H_

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::vpuc::VPU {

/// The types of the IE -> VPU lowering. In the reference-SW mode every tensor
/// stays in DDR, where a VPU tensor has the IE spelling (the order encoding or
/// none), so tensor types convert to themselves; memory and layout are chosen
/// by later VPU passes.
class IEToVPUTypeConverter : public TypeConverter {
public:
  IEToVPUTypeConverter();
};

/// Adds the IE -> VPU lowering patterns to `patterns`.
void populateIEToVPUConversionPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns);

/// Adds the patterns that lower the IE layers the DPUs can run (convolutions,
/// depthwise convolutions, pools, eltwise add / subtract / multiply) to
/// VPU.NCE ops, with a following activation folded into the PPE
/// (NCEPatterns.cpp). They apply where the layer's NCELegalityOpInterface
/// accepts it and take precedence over the software patterns, which lower the
/// rest.
void populateIEToNCEConversionPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns);

} // namespace mlir::vpuc::VPU

#endif // VPUC_CONVERSIONS_IE_TO_VPU_PATTERNS_H_
