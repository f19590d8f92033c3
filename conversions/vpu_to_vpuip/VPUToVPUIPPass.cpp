//===- VPUToVPUIPPass.cpp - VPU to VPUIP bufferisation pass -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// ConvertVPUToVPUIPPass: reads the target resources, checks every op of the
// module's functions and plans the kernel calls of the layers that are not
// views or copies (reporting every layer it cannot lower in one error),
// declares the kernels, then runs the patterns of Patterns.h as a partial
// dialect conversion in which the VPU dialect and tensors are illegal, and
// lets the producers of concatenation inputs write into their parts.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/VPUToVPUIP.h"

#include <optional>
#include <string>

#include "conversions/vpu_to_vpuip/DataMovement.h"
#include "conversions/vpu_to_vpuip/KernelCalls.h"
#include "conversions/vpu_to_vpuip/NCELowering.h"
#include "conversions/vpu_to_vpuip/Patterns.h"
#include "core/cost/CostModel.h"
#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_CONVERTVPUTOVPUIPPASS
#include "conversions/vpu_to_vpuip/Passes.h.inc" // IWYU pragma: keep

namespace {

/// A layer the pass cannot lower, and why.
struct Unlowered {
  Operation *op;
  std::string reason;
};

/// Layers named per kind of failure in the error, and notes attached to it.
constexpr size_t kExamplesPerGroup = 3;
constexpr size_t kMaxNotes = 9;

/// The layer a location names: the name of a name location (e.g. the ONNX
/// node), else the location printed compactly.
std::string getLayerName(Location loc) {
  if (auto name = llvm::dyn_cast<NameLoc>(loc)) {
    return name.getName().str();
  }
  return support::locationToString(loc);
}

/// True if `op` reads or produces a tensor.
bool hasTensors(Operation *op) {
  auto isTensor = [](Type type) { return llvm::isa<TensorType>(type); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

struct ConvertVPUToVPUIPPass
    : impl::ConvertVPUToVPUIPPassBase<ConvertVPUToVPUIPPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    ResourcesAttr resources = getResources(module);
    if (!resources) {
      module.emitError()
          << "cannot bufferise without the target resources: the module has "
             "no '"
          << VPUIPDialect::kResourcesAttrName
          << "' attribute (set by the compiler's init pass), which says "
             "whether software layers run on ACT or UPA SHAVEs";
      return signalPassFailure();
    }
    int64_t tileIndex = tile;
    if (resources.getShaveKind() == ShaveKind::ACT &&
        (tileIndex < 0 || tileIndex >= resources.getClusters())) {
      module.emitError() << "option tile=" << tileIndex
                         << " is out of range: the target "
                         << resources.getArch() << " has "
                         << resources.getClusters() << " tile(s)";
      return signalPassFailure();
    }

    VPUToVPUIPTypeConverter typeConverter;
    KernelCalls calls(resources.getShaveKind(), resources.getClusters(),
                      tileIndex);
    if (failed(check(module, typeConverter, calls, resources)) ||
        failed(calls.declare(module))) {
      return signalPassFailure();
    }

    // The NCE lowering's DPU split and MPE modes come from the target's cost
    // model, which a module without NCE layers does not need.
    std::optional<cost::CostModel> costModel;
    if (module.walk([](VPU::NCEOpInterface) { return WalkResult::interrupt(); })
            .wasInterrupted()) {
      llvm::Expected<cost::CostModel> loaded = loadCostModel(resources);
      if (!loaded) {
        module.emitError() << "cannot lower the NCE layers: "
                           << llvm::toString(loaded.takeError());
        return signalPassFailure();
      }
      costModel.emplace(std::move(*loaded));
    }

    RewritePatternSet patterns(context);
    populateVPUToVPUIPConversionPatterns(typeConverter, calls, patterns);
    if (costModel) {
      populateNCELoweringPatterns(typeConverter, resources, *costModel,
                                  patterns);
    }
    ConversionTarget target(*context);
    target.addLegalDialect<VPUIPDialect, memref::MemRefDialect>();
    target.addIllegalDialect<VPU::VPUDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
      return typeConverter.isSignatureLegal(func.getFunctionType()) &&
             typeConverter.isLegal(&func.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp>(
        [&](func::ReturnOp op) { return typeConverter.isLegal(op); });
    target.addDynamicallyLegalOp<Const::DeclareOp>([](Const::DeclareOp op) {
      return llvm::isa<MemRefType>(op.getType());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns)))) {
      return signalPassFailure();
    }
    writeConcatInputsInPlace(module);
  }

  /// Checks every op of the module's functions and plans the kernel calls;
  /// emits one error listing every layer that cannot be lowered.
  LogicalResult check(ModuleOp module, const TypeConverter &typeConverter,
                      KernelCalls &calls, ResourcesAttr resources) {
    SmallVector<Unlowered> unlowered;
    auto convertsAll = [&](TypeRange types) {
      return llvm::all_of(types, [&](Type type) {
        return static_cast<bool>(typeConverter.convertType(type));
      });
    };
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto func = llvm::dyn_cast<func::FuncOp>(op)) {
        if (!convertsAll(func.getArgumentTypes()) ||
            !convertsAll(func.getResultTypes())) {
          unlowered.push_back(
              {op, "its signature has a tensor that is not a VPU tensor "
                   "(static shape, rank at most 8, a VPU encoding)"});
        }
        return;
      }
      if (!hasTensors(op)) {
        return;
      }
      if (!convertsAll(op->getOperandTypes()) ||
          !convertsAll(op->getResultTypes())) {
        unlowered.push_back(
            {op, "it has a tensor that is not a VPU tensor (static shape, "
                 "rank at most 8, a VPU encoding)"});
        return;
      }
      if (isDataLayer(op)) {
        // Views and copies if possible, else a kernel if there is one.
        std::string reason;
        if (succeeded(checkDataLayer(op, reason))) {
          return;
        }
        std::string kernelReason;
        if (failed(calls.add(op, kernelReason))) {
          unlowered.push_back({op, "it is not a view or copy: " + reason +
                                       "; and " + kernelReason});
        }
        return;
      }
      if (isNCELayer(op)) {
        std::string reason;
        if (failed(checkNCELayer(op, resources, reason, eltwiseInPlace))) {
          unlowered.push_back({op, reason});
        }
        return;
      }
      if (KernelCalls::isKernelLayer(op)) {
        std::string reason;
        if (failed(calls.add(op, reason))) {
          unlowered.push_back({op, reason});
        }
        return;
      }
      if (llvm::isa<VPU::SWReorderOp, VPU::SliceOp, VPU::ReshapeOp,
                    VPU::AffineReshapeOp, VPU::ConcatOp, func::ReturnOp>(op)) {
        return;
      }
      if (llvm::isa<Const::DeclareOp>(op)) {
        // A constant's tensor type is its content's, so in DDR.
        return;
      }
      if (llvm::isa<VPU::VPUDialect>(op->getDialect())) {
        unlowered.push_back({op, "the bufferisation has no lowering for it"});
        return;
      }
      unlowered.push_back(
          {op, "it is not a VPU op: lower it to the VPU dialect first"});
    });
    if (unlowered.empty()) {
      return success();
    }

    // One line per distinct (op, reason), with a count and a few layers, so
    // that a model with hundreds of unsupported layers stays readable; notes
    // point at the first few layers after the one the error is reported at.
    llvm::MapVector<std::pair<OperationName, StringRef>,
                    SmallVector<Operation *>>
        groups;
    for (const Unlowered &layer : unlowered) {
      groups[{layer.op->getName(), layer.reason}].push_back(layer.op);
    }
    std::string list;
    llvm::raw_string_ostream os(list);
    for (const auto &[key, ops] : groups) {
      os << "\n  " << ops.size() << " x '" << key.first << "': " << key.second
         << " (at ";
      for (auto [index, op] :
           llvm::enumerate(ArrayRef(ops).take_front(kExamplesPerGroup))) {
        os << (index ? ", " : "") << getLayerName(op->getLoc());
      }
      if (ops.size() > kExamplesPerGroup) {
        os << " and " << ops.size() - kExamplesPerGroup << " more";
      }
      os << ")";
    }
    os.flush();
    InFlightDiagnostic diag = unlowered.front().op->emitError()
                              << "cannot bufferise " << unlowered.size()
                              << " op(s) of the VPU IR:" << list;
    for (const Unlowered &layer :
         ArrayRef(unlowered).drop_front().take_front(kMaxNotes)) {
      Diagnostic &note = diag.attachNote(layer.op->getLoc());
      note << "'" << layer.op->getName() << "' cannot be bufferised";
      if (llvm::isa<NameLoc>(layer.op->getLoc())) {
        note << " (layer " << getLayerName(layer.op->getLoc()) << ")";
      }
    }
    return failure();
  }
};

} // namespace

} // namespace mlir::vpuc::VPUIP
