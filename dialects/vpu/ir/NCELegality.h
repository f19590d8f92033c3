//===- NCELegality.h - Whether the NCE can run an IE layer ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The NCE legality query of the IE layers (NCELegalityOpInterface, attached
// by the VPU dialect to the IE ops that have an NCE form): the registration of
// the models, the query on an op and on a layer that is only described (types
// and attributes, NCE::LayerDesc), the output type of an NCE window layer, and
// a collector of the reasons a query logs.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_NCELEGALITY_H_
#define VPUC_DIALECTS_VPU_IR_NCELEGALITY_H_

#include <string>

#include "dialects/vpu/ir/NCELimits.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::vpuc::VPU {

/// Adds to `registry` the dialect extension that attaches
/// NCELegalityOpInterface to IE.Convolution, IE.GroupConvolution, IE.MaxPool,
/// IE.AvgPool, IE.Add, IE.Subtract and IE.Multiply. registerVPUDialect calls
/// it; a pass that asks the NCE calls it from getDependentDialects.
void registerNCELegalityModels(DialectRegistry &registry);

/// True if the NCE can run `op` as it is (its NCELegalityOpInterface);
/// false, with a reason, for an op without an NCE form.
bool isSupportedOnNCE(Operation *op, LogCallback log,
                      NCE::SupportOptions options = {});

/// True if the NCE can run a layer of kind `kind` (an op with
/// NCELegalityOpInterface) described by `layer`; false, with a reason, for a
/// kind without an NCE form.
bool isSupportedOnNCE(OperationName kind, const NCE::LayerDesc &layer,
                      LogCallback log, NCE::SupportOptions options = {});

/// isSupportedOnNCE for the IE op kind `OpT` (e.g. IE::ConvolutionOp), in
/// `context`.
template <typename OpT>
bool isSupportedOnNCE(MLIRContext *context, const NCE::LayerDesc &layer,
                      LogCallback log, NCE::SupportOptions options = {}) {
  return isSupportedOnNCE(OperationName(OpT::getOperationName(), context),
                          layer, log, options);
}

/// True if the NCE can run the IE layer `op` once the HW layout assignment and
/// the channel expansion have adjusted it: isSupportedOnNCE with
/// NCE::getIEStageOptions(), the reasons dropped.
bool isNCELayer(Operation *op);

/// The ops nested in `root` (and `root` itself) that are NCE layers
/// (isNCELayer), in post-order: the layers the HW-adaptation passes adjust.
SmallVector<Operation *> collectNCELayers(Operation *root);

namespace NCE {

/// The output type of an NCE window layer on `input` ([N, C, H, W]) with
/// `channels` output channels: [N, channels, OH, OW] with
/// O = floor((I + pad_begin + pad_end - K) / stride) + 1, the input's element
/// type and encoding; failure if the window is malformed or does not fit the
/// padded input. This is the result type of every layer the NCE runs (its pools
/// round down), as of the NCE op.
FailureOr<RankedTensorType> inferWindowOutputType(
    RankedTensorType input, int64_t channels, llvm::ArrayRef<int64_t> kernel,
    llvm::ArrayRef<int64_t> strides, llvm::ArrayRef<int64_t> padsBegin,
    llvm::ArrayRef<int64_t> padsEnd);

/// Collects the reasons a query logs (each one a sentence fragment), for a
/// remark.
class Reasons {
public:
  /// Appends `reason`.
  void add(const llvm::Twine &reason) { list.push_back(reason.str()); }

  /// Appends `reason`: a Reasons is a LogCallback.
  void operator()(const llvm::Twine &reason) { add(reason); }

  /// The reasons joined with "; ".
  std::string join() const;

  bool empty() const { return list.empty(); }

  void clear() { list.clear(); }

private:
  llvm::SmallVector<std::string, 4> list;
};

/// A LogCallback that drops the reasons.
void ignoreReason(const llvm::Twine &reason);

} // namespace NCE
} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_NCELEGALITY_H_
