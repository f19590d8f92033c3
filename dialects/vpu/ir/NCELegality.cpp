//===- NCELegality.cpp - Whether the NCE can run an IE layer ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The NCELegalityOpInterface models of the IE layers with an NCE form: each
// describes its op (NCE::LayerDesc) and asks the `isSupported` query of the
// NCE op it becomes; and the helpers of NCELegality.h.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/NCELegality.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::VPU {

namespace {

/// True if `value` is defined by a constant-like op.
bool isConstant(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>();
}

/// The description of a (group) convolution.
template <typename ConvOp> NCE::LayerDesc describeConvolution(ConvOp op) {
  NCE::LayerDesc layer;
  layer.inputs = {op.getInput().getType()};
  layer.output = op.getOutput().getType();
  layer.filter = op.getFilter().getType();
  layer.constantFilter = isConstant(op.getFilter());
  if (Value bias = op.getBias()) {
    layer.bias = bias.getType();
    layer.constantBias = isConstant(bias);
  }
  layer.strides.assign(op.getStrides().begin(), op.getStrides().end());
  layer.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  layer.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  layer.dilations.assign(op.getDilations().begin(), op.getDilations().end());
  return layer;
}

NCE::LayerDesc describe(IE::ConvolutionOp op) {
  return describeConvolution(op);
}

NCE::LayerDesc describe(IE::GroupConvolutionOp op) {
  NCE::LayerDesc layer = describeConvolution(op);
  layer.groups = static_cast<int64_t>(op.getGroups());
  return layer;
}

/// The description of a pool.
template <typename PoolOp> NCE::LayerDesc describePool(PoolOp op) {
  NCE::LayerDesc layer;
  layer.inputs = {op.getInput().getType()};
  layer.output = op.getOutput().getType();
  layer.kernel.assign(op.getKernelSize().begin(), op.getKernelSize().end());
  layer.strides.assign(op.getStrides().begin(), op.getStrides().end());
  layer.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  layer.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  layer.ceilRounding = op.getRoundingType() == IE::RoundingType::CEIL;
  return layer;
}

NCE::LayerDesc describe(IE::MaxPoolOp op) { return describePool(op); }

NCE::LayerDesc describe(IE::AvgPoolOp op) {
  NCE::LayerDesc layer = describePool(op);
  layer.excludePad = op.getExcludePad();
  return layer;
}

/// The description of an eltwise op (IE.Add, IE.Subtract, IE.Multiply).
template <typename EltwiseOp> NCE::LayerDesc describe(EltwiseOp op) {
  NCE::LayerDesc layer;
  layer.inputs = {op.getInput1().getType(), op.getInput2().getType()};
  layer.output = op.getOutput().getType();
  return layer;
}

/// The legality of the IE layer `IEOp`: that of the NCE op `NCEOp` it becomes.
template <typename IEOp, typename NCEOp>
struct NCELegalityModel
    : NCELegalityOpInterface::ExternalModel<NCELegalityModel<IEOp, NCEOp>,
                                            IEOp> {
  NCE::LayerDesc getNCELayerDesc(Operation *op) const {
    return describe(llvm::cast<IEOp>(op));
  }

  static bool isLayerSupportedOnNCE(const NCE::LayerDesc &layer,
                                    LogCallback log,
                                    NCE::SupportOptions options) {
    return NCEOp::isSupported(layer, log, options);
  }
};

} // namespace

void registerNCELegalityModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, IE::IEDialect *) {
    IE::ConvolutionOp::attachInterface<
        NCELegalityModel<IE::ConvolutionOp, NCEConvolutionOp>>(*context);
    IE::GroupConvolutionOp::attachInterface<
        NCELegalityModel<IE::GroupConvolutionOp, NCEDepthConvolutionOp>>(
        *context);
    IE::MaxPoolOp::attachInterface<
        NCELegalityModel<IE::MaxPoolOp, NCEMaxPoolOp>>(*context);
    IE::AvgPoolOp::attachInterface<
        NCELegalityModel<IE::AvgPoolOp, NCEAveragePoolOp>>(*context);
    IE::AddOp::attachInterface<NCELegalityModel<IE::AddOp, NCEEltwiseOp>>(
        *context);
    IE::SubtractOp::attachInterface<
        NCELegalityModel<IE::SubtractOp, NCEEltwiseOp>>(*context);
    IE::MultiplyOp::attachInterface<
        NCELegalityModel<IE::MultiplyOp, NCEEltwiseOp>>(*context);
  });
}

bool isSupportedOnNCE(Operation *op, LogCallback log,
                      NCE::SupportOptions options) {
  auto legality = llvm::dyn_cast<NCELegalityOpInterface>(op);
  if (!legality) {
    log("'" + op->getName().getStringRef() + "' has no NCE form");
    return false;
  }
  if (!options.targetElementTypes) {
    options.targetElementTypes = NCE::getTargetElementTypes(op);
  }
  if (!options.limits) {
    options.limits = NCE::getTargetLimits(op);
  }
  return legality.isSupportedOnNCE(log, options);
}

bool isSupportedOnNCE(OperationName kind, const NCE::LayerDesc &layer,
                      LogCallback log, NCE::SupportOptions options) {
  auto *legality = kind.getInterface<NCELegalityOpInterface>();
  if (!legality) {
    log("'" + kind.getStringRef() + "' has no NCE form");
    return false;
  }
  return legality->isLayerSupportedOnNCE(layer, log, options);
}

bool isNCELayer(Operation *op) {
  return isSupportedOnNCE(op, NCE::ignoreReason, NCE::getIEStageOptions());
}

SmallVector<Operation *> collectNCELayers(Operation *root) {
  SmallVector<Operation *> layers;
  root->walk([&](Operation *op) {
    if (isNCELayer(op)) {
      layers.push_back(op);
    }
  });
  return layers;
}

std::string NCE::Reasons::join() const { return llvm::join(list, "; "); }

void NCE::ignoreReason(const Twine &) {}

} // namespace mlir::vpuc::VPU
