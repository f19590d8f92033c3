//===- ExposeLayerOutputs.cpp - vpuc-ie-expose-layer-outputs ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ExposeLayerOutputsPass: the outputs of chosen layers become extra
// results of the network's entry point, described by `layer:<name>`
// IE.DataInfo ops.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/expose_layer_outputs/ExposeLayerOutputs.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/interpreter/LayerOutputs.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "passes/ie/utils/NetworkBoundary.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_EXPOSELAYEROUTPUTSPASS
#include "passes/ie/expose_layer_outputs/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The name of the layer an output belongs to (its name without `:<n>`).
StringRef getOutputLayer(StringRef outputName) {
  auto [layer, number] = outputName.rsplit(':');
  unsigned index;
  if (number.empty() || number.getAsInteger(10, index)) {
    return outputName;
  }
  return layer;
}

/// Checks that `value` can be returned as a float tensor (after a dequantize
/// and a reorder to row-major); emits an error naming `name` otherwise.
LogicalResult checkExposable(Operation *anchor, StringRef name, Value value) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape()) {
    return anchor->emitError()
           << "cannot expose the output of layer '" << name << "' of type "
           << value.getType() << ": expects a statically shaped tensor";
  }
  Type elemType = type.getElementType();
  if (!llvm::isa<FloatType, quant::QuantizedType>(elemType)) {
    return anchor->emitError()
           << "cannot expose the output of layer '" << name << "' of type "
           << type << ": expects a float or quantized element type";
  }
  if (failed(shape::getOrder(type))) {
    return anchor->emitError()
           << "cannot expose the output of layer '" << name << "' of type "
           << type << ": its layout encoding is not a dims order";
  }
  return success();
}

/// Returns `value` as the user reads it: dequantized to f16, in row-major
/// order; the ops it adds carry `loc`.
Value toUserForm(OpBuilder &builder, Location loc, Value value) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  if (llvm::isa<quant::QuantizedType>(type.getElementType())) {
    value = builder.create<DequantizeOp>(loc, type.clone(builder.getF16Type()),
                                         value,
                                         TypeAttr::get(builder.getF16Type()));
    type = llvm::cast<RankedTensorType>(value.getType());
  }
  shape::DimsOrder order = *shape::getOrder(type);
  shape::DimsOrder rowMajor = shape::DimsOrder::getDefaultOrder(type.getRank());
  if (order != rowMajor) {
    value = builder.create<ReorderOp>(
        loc, shape::withOrder(type, rowMajor), value,
        AffineMapAttr::get(rowMajor.toAffineMap(builder.getContext())));
  }
  return value;
}

struct ExposeLayerOutputsPass
    : public impl::ExposeLayerOutputsPassBase<ExposeLayerOutputsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (layers.empty()) {
      return;
    }
    ModuleOp module = getOperation();
    FailureOr<std::optional<NetworkEntry>> entry = lookupNetwork(module);
    if (failed(entry)) {
      return signalPassFailure();
    }
    if (!*entry) {
      module.emitError() << "cannot expose layer outputs: the module has no "
                            "IE.CNNNetwork to name them in";
      return signalPassFailure();
    }
    CNNNetworkOp network = (*entry)->network;
    func::FuncOp func = (*entry)->entryPoint;
    if (!func.getBody().hasOneBlock()) {
      func.emitOpError() << "has more than one block; expects a network body";
      return signalPassFailure();
    }
    for (DataInfoOp info : network.getOutputsDataInfo()) {
      if (info.getName().starts_with(kExposedLayerPrefix)) {
        info.emitOpError()
            << "names a network output with the prefix '" << kExposedLayerPrefix
            << "' that exposed layer outputs take; the layers cannot be "
               "exposed";
        return signalPassFailure();
      }
    }

    // The outputs to expose, in execution order.
    const bool all = llvm::is_contained(layers, "*");
    llvm::StringSet<> requested;
    requested.insert(layers.begin(), layers.end());
    llvm::StringSet<> found;
    Block &body = func.getBody().front();
    SmallVector<LayerOutput> chosen;
    for (LayerOutput &output : collectLayerOutputs(body)) {
      StringRef layer = getOutputLayer(output.name);
      if (all || requested.contains(layer) || requested.contains(output.name)) {
        found.insert(layer);
        found.insert(output.name);
        chosen.push_back(std::move(output));
      }
    }
    if (!all) {
      for (const std::string &name : layers) {
        if (found.contains(name)) {
          continue;
        }
        InFlightDiagnostic diag =
            func.emitError()
            << "no layer named '" << name
            << "' has an output of its own here (a typo, or a layer fused "
               "into a later one)";
        SmallVector<LayerOutput> existing = collectLayerOutputs(body);
        std::string names;
        for (const LayerOutput &output : ArrayRef(existing).take_front(10)) {
          names += (names.empty() ? "'" : ", '") + output.name + "'";
        }
        diag.attachNote() << "layers with outputs: "
                          << (names.empty() ? std::string("none") : names)
                          << (existing.size() > 10 ? ", ..." : "");
        return signalPassFailure();
      }
    }
    for (const LayerOutput &output : chosen) {
      if (failed(checkExposable(func, output.name, output.value))) {
        return signalPassFailure();
      }
    }

    // Return each one as the user reads it, described as a network output.
    auto ret = llvm::cast<func::ReturnOp>(body.getTerminator());
    OpBuilder builder(ret);
    SmallVector<Value> results(ret.getOperands());
    Block &outputsInfo = network.getOutputsInfo().front();
    OpBuilder infoBuilder = OpBuilder::atBlockEnd(&outputsInfo);
    for (const LayerOutput &output : chosen) {
      Operation *producer = output.value.getDefiningOp();
      Location loc = producer ? producer->getLoc() : func.getLoc();
      Value value = toUserForm(builder, loc, output.value);
      results.push_back(value);
      auto type = llvm::cast<RankedTensorType>(value.getType());
      infoBuilder.create<DataInfoOp>(
          network.getLoc(),
          infoBuilder.getStringAttr(kExposedLayerPrefix + output.name),
          TypeAttr::get(type), TypeAttr::get(type.getElementType()),
          AffineMapAttr());
    }
    ret->setOperands(results);
    func.setFunctionType(builder.getFunctionType(
        func.getArgumentTypes(), ValueRange(results).getTypes()));
  }
};

} // namespace
} // namespace mlir::vpuc::IE
