//===- IEMirror.h - VPU ops that mirror IE layers ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generic implementation of the ops built by VPU_IEMirrorOp (VPUOps.td):
// an op with the operands, attributes and results of an IE layer op whose
// verification, result types, host inference and cost are those of the IE op.
// Each helper builds a detached equivalent IE op (the same attributes, the
// operand and result types without their memory: see stripMemorySpace), asks
// it, and destroys it; diagnostics the IE op emits are re-emitted on the VPU op
// with the VPU op's name. The IR is never touched.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_IEMIRROR_H_
#define VPUC_DIALECTS_VPU_IR_IEMIRROR_H_

#include <cstdint>
#include <optional>

#include "dialects/ie/utils/HostTensor.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OperationSupport.h"

namespace mlir::vpuc::VPU {

namespace detail {

/// Verifies `op`, which mirrors the IE op `ieName`: every operand and result is
/// a VPU tensor (verifyTensorType), all of them are in one memory, and the
/// equivalent IE op verifies.
LogicalResult verifyMirroredLayer(Operation *op, StringRef ieName);

/// `attributes` with the entries of the dictionary `properties` (may be null)
/// added or replacing theirs.
DictionaryAttr mergeInherentAttrs(MLIRContext *context,
                                  DictionaryAttr attributes,
                                  Attribute properties);

/// The inherent attributes of an `OpTy` being built or verified: `attributes`
/// and the `properties` storage (when the op has properties and it is set)
/// merged.
template <typename OpTy>
DictionaryAttr getInherentAttrs(MLIRContext *context, DictionaryAttr attributes,
                                OpaqueProperties properties) {
  Attribute fromProperties;
  if constexpr (OpTy::hasProperties()) {
    if (properties) {
      fromProperties = OpTy::getPropertiesAsAttr(
          context, *properties.as<typename OpTy::Properties *>());
    }
  }
  return mergeInherentAttrs(context, attributes, fromProperties);
}

/// The result types of an op mirroring `ieName` with `operands` and the
/// inherent attributes `attributes`: the IE op's result types for the operands'
/// types without memory, placed in the memory of the first operand (DDR without
/// operands).
LogicalResult
inferMirroredReturnTypes(StringRef ieName, MLIRContext *context,
                         std::optional<Location> location, ValueRange operands,
                         DictionaryAttr attributes,
                         SmallVectorImpl<Type> &inferredReturnTypes);

/// Runs the host kernel of the IE op `ieName` for `op`
/// (IE_InferenceOpInterface).
LogicalResult inferMirroredOnCPU(Operation *op, StringRef ieName,
                                 ArrayRef<IE::HostTensor> inputs,
                                 SmallVectorImpl<IE::HostTensor> &outputs);

/// The MACs (`macs`) or FLOPs of the IE op `ieName` for `op`
/// (IE_CostOpInterface).
std::optional<int64_t> getMirroredCost(Operation *op, StringRef ieName,
                                       bool macs);

} // namespace detail

/// The trait of the ops built by VPU_IEMirrorOp: runs verifyMirroredLayer
/// before the result types are checked, so a bad op gets the IE op's precise
/// message.
template <typename ConcreteType>
class MirrorsIELayer : public OpTrait::TraitBase<ConcreteType, MirrorsIELayer> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyMirroredLayer(op, ConcreteType::getIEOperationName());
  }
};

} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_IEMIRROR_H_
