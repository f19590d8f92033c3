//===- KernelCalls.cpp - Kernel calls of the software layers ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements KernelCalls: mapping a layer's kernel onto the library ABI,
// naming its declaration after the kernel and the element types of its
// buffers, and writing the declarations into `module @VPU.SW`.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/KernelCalls.h"

#include "conversions/vpu_to_vpuip/kernels/KernelMapping.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/vpu/ir/SWKernelInfo.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPUIP {

bool KernelCalls::isKernelLayer(Operation *op) {
  return llvm::isa<VPU::SWKernelOpInterface>(op) &&
         !llvm::isa<VPU::SWReorderOp>(op);
}

/// The spelling of `type` in a declaration's symbol: its printed form with
/// every character that is not a letter or digit replaced by `_`.
static std::string getTypeSuffix(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  os.flush();
  for (char &c : text) {
    if (!llvm::isAlnum(c)) {
      c = '_';
    }
  }
  return text;
}

/// The operand number of `value` in `op`, or -1.
static int64_t getOperandNumber(Operation *op, Value value) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.get() == value) {
      return operand.getOperandNumber();
    }
  }
  return -1;
}

LogicalResult KernelCalls::add(Operation *op, std::string &reason) {
  MLIRContext *context = op->getContext();
  VPU::SWKernelInfo info =
      llvm::cast<VPU::SWKernelOpInterface>(op).getKernelInfo();

  // The mapping reports why it fails as diagnostics: keep their text.
  std::string messages;
  FailureOr<AbiKernelCall> abi;
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (!messages.empty()) {
        messages += "; ";
      }
      messages += diag.str();
      return success();
    });
    abi = mapToAbiKernel(info, [&] { return mlir::emitError(op->getLoc()); });
  }
  if (failed(abi)) {
    reason = messages.empty()
                 ? "the kernel library has no kernel '" + info.name + "'"
                 : messages;
    return failure();
  }

  KernelCall call;
  SmallVector<Type> argTypes;
  SmallVector<Type> elementTypes;
  for (int64_t index : abi->inputs) {
    if (index == kAbsentOperand) {
      call.inputs.push_back(KernelCall::kEmptyBuffer);
      elementTypes.push_back(Float16Type::get(context));
      continue;
    }
    if (int64_t constant = getConstantIndex(index); constant >= 0) {
      DenseElementsAttr content = abi->constants[constant];
      call.inputs.push_back(
          getConstantOperand(static_cast<int64_t>(call.constants.size())));
      call.constants.push_back(content);
      elementTypes.push_back(content.getType().getElementType());
      continue;
    }
    int64_t operand = -1;
    if (index >= 0 && index < static_cast<int64_t>(info.inputs.size())) {
      operand = getOperandNumber(op, info.inputs[index]);
    }
    if (operand < 0) {
      reason = "kernel '" + abi->kernel + "' reads input #" +
               std::to_string(index) + ", which kernel '" + info.name +
               "' does not have";
      return failure();
    }
    call.inputs.push_back(operand);
    elementTypes.push_back(shape::getStorageElementType(
        llvm::cast<ShapedType>(info.inputs[index].getType()).getElementType()));
  }
  SmallVector<int> written(op->getNumResults(), 0);
  for (int64_t index : abi->outputs) {
    OpResult result;
    if (index >= 0 && index < static_cast<int64_t>(info.outputs.size())) {
      result = llvm::dyn_cast<OpResult>(info.outputs[index]);
    }
    if (!result || result.getOwner() != op) {
      reason = "kernel '" + abi->kernel + "' writes output #" +
               std::to_string(index) + ", which is not a result of the layer";
      return failure();
    }
    ++written[result.getResultNumber()];
    call.outputs.push_back(result.getResultNumber());
    elementTypes.push_back(shape::getStorageElementType(
        llvm::cast<ShapedType>(result.getType()).getElementType()));
  }
  for (auto [number, count] : llvm::enumerate(written)) {
    if (count != 1) {
      reason = "kernel '" + abi->kernel + "' writes result #" +
               std::to_string(number) + " " + std::to_string(count) +
               " times instead of once";
      return failure();
    }
  }
  for (Type elementType : elementTypes) {
    argTypes.push_back(UnrankedMemRefType::get(elementType, Attribute()));
  }
  for (Attribute scalar : abi->scalars) {
    auto typed = llvm::dyn_cast<TypedAttr>(scalar);
    if (!typed || !llvm::isa<IntegerAttr, FloatAttr>(scalar)) {
      reason = "kernel '" + abi->kernel +
               "' gets a scalar that is not an integer or float attribute";
      return failure();
    }
    argTypes.push_back(typed.getType());
  }

  // The symbol: the kernel, then the element types unless all are f16.
  std::string symbol = abi->kernel;
  if (!llvm::all_of(elementTypes, [](Type type) { return type.isF16(); })) {
    for (Type type : elementTypes) {
      symbol += "_" + getTypeSuffix(type);
    }
  }
  auto name = StringAttr::get(context, symbol);
  Declaration declaration{FunctionType::get(context, argTypes, {}),
                          abi->kernel};
  auto [it, inserted] = declarations.try_emplace(name, declaration);
  if (!inserted && (it->second.type != declaration.type ||
                    it->second.entry != declaration.entry)) {
    reason = "kernel '" + abi->kernel + "' needs the declaration @" + symbol +
             " with another signature than an earlier layer";
    return failure();
  }

  call.kernel = SymbolRefAttr::get(
      StringAttr::get(context, VPUIPDialect::kKernelModuleName),
      {FlatSymbolRefAttr::get(name)});
  call.scalars = ArrayAttr::get(context, abi->scalars);
  calls[op] = std::move(call);
  return success();
}

/// Checks that the existing symbol `existing` is the declaration `type` of
/// the library kernel `entry`.
static LogicalResult checkExisting(Operation *existing, StringRef symbol,
                                   FunctionType type, StringRef entry) {
  auto func = llvm::dyn_cast<func::FuncOp>(existing);
  auto existingEntry =
      func ? func->getAttrOfType<StringAttr>(VPUIPDialect::kKernelEntryAttrName)
           : StringAttr();
  if (func && func.getFunctionType() == type && existingEntry &&
      existingEntry.getValue() == entry) {
    return success();
  }
  return existing->emitOpError()
         << "is the symbol @" << symbol << " of module @"
         << VPUIPDialect::kKernelModuleName
         << ", which the bufferisation needs for the declaration " << type
         << " of kernel '" << entry << "'";
}

LogicalResult KernelCalls::declare(ModuleOp module) const {
  if (declarations.empty()) {
    return success();
  }
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();

  ModuleOp kernelModule;
  for (auto nested : module.getOps<ModuleOp>()) {
    if (nested.getSymName() == VPUIPDialect::kKernelModuleName) {
      kernelModule = nested;
      break;
    }
  }
  if (!kernelModule) {
    kernelModule = ModuleOp::create(loc, VPUIPDialect::kKernelModuleName);
    module.getBody()->push_front(kernelModule);
  }
  SymbolTable table(kernelModule);
  OpBuilder builder = OpBuilder::atBlockEnd(kernelModule.getBody());

  auto declareKernel = [&](StringAttr symbol, FunctionType type,
                           StringRef entry) -> LogicalResult {
    if (Operation *existing = table.lookup(symbol)) {
      return checkExisting(existing, symbol.getValue(), type, entry);
    }
    auto func = builder.create<func::FuncOp>(loc, symbol.getValue(), type);
    func.setPrivate();
    func->setAttr(VPUIPDialect::kKernelEntryAttrName,
                  builder.getStringAttr(entry));
    table.insert(func);
    return success();
  };
  for (const auto &[symbol, declaration] : declarations) {
    if (failed(declareKernel(symbol, declaration.type, declaration.entry))) {
      return failure();
    }
  }

  if (shaveKind != ShaveKind::ACT || !module.getOps<SwRuntimeOp>().empty()) {
    return success();
  }
  auto runtime = StringAttr::get(context, kRuntimeSymbol);
  if (failed(declareKernel(runtime, FunctionType::get(context, {}, {}),
                           kRuntimeEntry))) {
    return failure();
  }
  builder.setInsertionPointAfter(kernelModule);
  builder.create<SwRuntimeOp>(
      loc,
      SymbolRefAttr::get(
          StringAttr::get(context, VPUIPDialect::kKernelModuleName),
          {FlatSymbolRefAttr::get(runtime)}),
      builder.getDenseI64ArrayAttr(SmallVector<int64_t>(clusters, kStackSize)));
  return success();
}

const KernelCall *KernelCalls::lookup(Operation *op) const {
  auto it = calls.find(op);
  return it == calls.end() ? nullptr : &it->second;
}

} // namespace mlir::vpuc::VPUIP
