//===- ConvertPrecisionToFP16.cpp - f32 to f16 pass -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertPrecisionToFP16Pass as a dialect conversion: f32 tensors
// become f16 tensors in IE ops, const.Declare and private function signatures;
// IE.Convert ops materialise the conversions where converted values meet kept
// types.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_precision_to_fp16/ConvertPrecisionToFP16.h"

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTPRECISIONTOFP16PASS
#include "passes/ie/convert_precision_to_fp16/Passes.h.inc" // IWYU pragma: keep

namespace {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// True for the float types the network computes in f16: f32 and f64 (a VPU
/// has no f64 arithmetic; f64 is computed like f32).
static bool isComputedInF16(Type type) { return type.isF32() || type.isF64(); }

/// Returns `type` with f32 and f64 replaced by f16: an f32 or f64 scalar
/// type, or a ranked tensor of them (keeping its shape and encoding). Other
/// types are returned as they are.
static Type toF16(Type type) {
  if (isComputedInF16(type)) {
    return Float16Type::get(type.getContext());
  }
  if (auto tensor = llvm::dyn_cast<RankedTensorType>(type)) {
    if (isComputedInF16(tensor.getElementType())) {
      return tensor.clone(Float16Type::get(type.getContext()));
    }
  }
  return type;
}

/// True if a TypeAttr among the attributes of `op` names f32 or f64, or a
/// tensor of them.
static bool hasF32TypeAttr(Operation *op) {
  return llvm::any_of(op->getAttrDictionary(), [](NamedAttribute attr) {
    auto typeAttr = llvm::dyn_cast<TypeAttr>(attr.getValue());
    return typeAttr && toF16(typeAttr.getValue()) != typeAttr.getValue();
  });
}

/// The ops of a QDQ network that keep f32 (see the pass description): the
/// float layers between dequantizes and quantizes (each tensor operand from
/// an IE.Dequantize, a constant or such a layer; each user an IE.Quantize or
/// such a layer), the dequantizes, quantizes and constants around them, and
/// the quantizes of function arguments.
static llvm::DenseSet<Operation *> findQuantizedIslands(ModuleOp module) {
  llvm::DenseSet<Operation *> islands;
  module.walk([&](Operation *op) {
    if (llvm::isa<IEDialect>(op->getDialect()) &&
        !llvm::isa<QuantizeOp, DequantizeOp, CNNNetworkOp, DataInfoOp>(op) &&
        op->getNumRegions() == 0 && op->getNumResults() == 1 &&
        !op->use_empty()) {
      islands.insert(op);
    }
  });
  // The greatest set closed under the operand and user rules.
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::to_vector(islands)) {
      bool operandsOk = llvm::all_of(op->getOperands(), [&](Value operand) {
        Operation *producer = operand.getDefiningOp();
        return producer &&
               (llvm::isa<DequantizeOp, Const::DeclareOp>(producer) ||
                islands.contains(producer));
      });
      bool readsDequantized =
          llvm::any_of(op->getOperands(), [&](Value operand) {
            Operation *producer = operand.getDefiningOp();
            return producer && (llvm::isa<DequantizeOp>(producer) ||
                                islands.contains(producer));
          });
      bool usersOk = llvm::all_of(op->getUsers(), [&](Operation *user) {
        return llvm::isa<QuantizeOp>(user) || islands.contains(user);
      });
      if (!operandsOk || !readsDequantized || !usersOk) {
        islands.erase(op);
        changed = true;
      }
    }
  }
  llvm::DenseSet<Operation *> kept = islands;
  module.walk([&](Operation *op) {
    auto allUsersInIslands = [&] {
      return !op->use_empty() &&
             llvm::all_of(op->getUsers(), [&](Operation *user) {
               return islands.contains(user);
             });
    };
    if (llvm::isa<DequantizeOp, Const::DeclareOp>(op) && allUsersInIslands()) {
      kept.insert(op);
    } else if (auto quantize = llvm::dyn_cast<QuantizeOp>(op)) {
      Value input = quantize.getInput();
      if (llvm::isa<BlockArgument>(input) ||
          islands.contains(input.getDefiningOp())) {
        kept.insert(op);
      }
    }
  });
  return kept;
}

/// Creates `IE.Convert(input)` to the element type of `type`, when both are
/// ranked tensors.
static std::optional<Value> buildConvert(OpBuilder &builder,
                                         RankedTensorType type,
                                         ValueRange inputs, Location loc) {
  if (inputs.size() != 1 || !llvm::isa<RankedTensorType>(inputs[0].getType())) {
    return std::nullopt;
  }
  return builder
      .create<ConvertOp>(loc, inputs[0], TypeAttr::get(type.getElementType()))
      .getResult();
}

/// Converts ranked f32 tensors to f16 tensors (the only tensors the IE ops
/// take), with IE.Convert as the materialisation in both directions.
class FP16TypeConverter : public TypeConverter {
public:
  FP16TypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> Type { return toF16(type); });
    addSourceMaterialization(buildConvert);
    addTargetMaterialization(buildConvert);
    addArgumentMaterialization(buildConvert);
  }
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Rebuilds an IE op with converted operands, f16 result types and f16 type
/// attributes.
struct ConvertIELayerPrecision : public ConversionPattern {
  ConvertIELayerPrecision(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::isa<IEDialect>(op->getDialect()) || op->getNumRegions() != 0) {
      return rewriter.notifyMatchFailure(op, "not an IE op without regions");
    }
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes))) {
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    }
    IRMapping mapping;
    mapping.map(op->getOperands(), operands);
    Operation *newOp = op->clone(mapping);
    for (auto [result, type] :
         llvm::zip_equal(newOp->getResults(), resultTypes)) {
      result.setType(type);
    }
    for (NamedAttribute attr : op->getAttrDictionary()) {
      if (auto typeAttr = llvm::dyn_cast<TypeAttr>(attr.getValue())) {
        newOp->setAttr(attr.getName(),
                       TypeAttr::get(toF16(typeAttr.getValue())));
      }
    }
    rewriter.insert(newOp);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// Appends `#const.ConvertElemType<f16>` to the content of an f32
/// const.Declare.
struct ConvertDeclarePrecision : public OpConversionPattern<Const::DeclareOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Const::DeclareOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::dyn_cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type || type == op.getType()) {
      return rewriter.notifyMatchFailure(op, "not an f32 tensor");
    }
    rewriter.replaceOpWithNewOp<Const::DeclareOp>(
        op, op.getContent().convertElemType(type.getElementType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertPrecisionToFP16Pass
    : public impl::ConvertPrecisionToFP16PassBase<ConvertPrecisionToFP16Pass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    // Functions whose signature is an interface: public ones and the network
    // entry point.
    llvm::DenseSet<Operation *> kept;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isPublic()) {
        kept.insert(func);
      }
    }
    for (CNNNetworkOp network : module.getOps<CNNNetworkOp>()) {
      if (auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
              network, network.getEntryPointAttr())) {
        kept.insert(func);
      }
    }

    // What a QDQ network computes in float between its dequantizes and
    // quantizes keeps f32: a quantize rounds to the next step wherever an f16
    // result differs, and such steps move values through the rest of the
    // network.
    const llvm::DenseSet<Operation *> keptF32 = findQuantizedIslands(module);

    FP16TypeConverter converter;
    ConversionTarget target(*context);
    target.addLegalOp<CNNNetworkOp, DataInfoOp>();
    target.addDynamicallyLegalDialect<IEDialect>([&](Operation *op) {
      // A quantize of a function argument (a network input) quantizes the
      // caller's f32 values, as the model does, not their f16 rounding.
      return keptF32.contains(op) ||
             (converter.isLegal(op) && !hasF32TypeAttr(op));
    });
    target.addDynamicallyLegalOp<Const::DeclareOp>([&](Const::DeclareOp op) {
      return keptF32.contains(op) || converter.isLegal(op.getType());
    });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
      return kept.contains(func) ||
             (converter.isSignatureLegal(func.getFunctionType()) &&
              converter.isLegal(&func.getBody()));
    });
    target.addDynamicallyLegalOp<func::ReturnOp>([&](func::ReturnOp op) {
      return kept.contains(op->getParentOp()) ||
             converter.isLegal(op.getOperandTypes());
    });
    target.addDynamicallyLegalOp<func::CallOp>([&](func::CallOp op) {
      Operation *callee =
          SymbolTable::lookupNearestSymbolFrom(op, op.getCalleeAttr());
      return (callee && kept.contains(callee)) || converter.isLegal(op);
    });
    // Ops of other dialects keep their types; materialisations convert around
    // them.
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    RewritePatternSet patterns(context);
    patterns.add<ConvertIELayerPrecision, ConvertDeclarePrecision>(converter,
                                                                   context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns)))) {
      signalPassFailure();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
