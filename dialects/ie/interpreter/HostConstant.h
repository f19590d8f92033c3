//===- HostConstant.h - Constants as host tensors -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reads the value of a `const.Declare` into a HostTensor, the value type of the
// IE reference interpreter: all transformations applied, values converted to
// float32 and rearranged from the constant's memory order (its layout encoding)
// into logical row-major order.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_INTERPRETER_HOSTCONSTANT_H_
#define VPUC_DIALECTS_IE_INTERPRETER_HOSTCONSTANT_H_

#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir::vpuc::Const {
class DeclareOp;
} // namespace mlir::vpuc::Const

namespace mlir::vpuc::IE {

/// The value of `op` as a host tensor in logical row-major order. Integers and
/// booleans become exact floats (see HostTensor.h); quantized elements read as
/// their stored integers. Emits an error on `op` and fails when the type's
/// layout encoding is not a dims order.
FailureOr<HostTensor> readHostConstant(Const::DeclareOp op);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_INTERPRETER_HOSTCONSTANT_H_
