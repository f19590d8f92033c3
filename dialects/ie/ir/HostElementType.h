//===- HostElementType.h - How host inference rounds an element type -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The rounding rule of an MLIR element type for host tensors (float32 values
// rounded to f16, bf16 or integers): what IE_InferenceOpInterface applies to
// results and the interpreter to network inputs.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_HOSTELEMENTTYPE_H_
#define VPUC_DIALECTS_IE_IR_HOSTELEMENTTYPE_H_

#include "dialects/ie/utils/Rounding.h"
#include "mlir/IR/Types.h"

namespace mlir::vpuc::IE {

/// Describes `elementType` for rounding (dialects/ie/utils/Rounding.h); f32 and
/// other types keep their float32 values.
HostElementType getHostElementType(Type elementType);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_HOSTELEMENTTYPE_H_
