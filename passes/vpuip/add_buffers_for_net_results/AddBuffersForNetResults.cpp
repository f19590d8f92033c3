//===- AddBuffersForNetResults.cpp - Output buffer arguments ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AddBuffersForNetResultsPass: network results become output
// buffer arguments that the returned values are copied into.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/add_buffers_for_net_results/AddBuffersForNetResults.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_ADDBUFFERSFORNETRESULTSPASS
#include "passes/vpuip/add_buffers_for_net_results/Passes.h.inc" // IWYU pragma: keep

namespace {

struct AddBuffersForNetResultsPass
    : public impl::AddBuffersForNetResultsPassBase<
          AddBuffersForNetResultsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (func.isPrivate() || func.isExternal()) {
        continue;
      }
      if (failed(convert(module, func))) {
        return signalPassFailure();
      }
    }
  }

  /// Adds the output arguments of `func` and the copies into them.
  LogicalResult convert(ModuleOp module, func::FuncOp func) {
    ArrayRef<Type> resultTypes = func.getResultTypes();
    SmallVector<Type> outputTypes;
    for (auto [index, type] : llvm::enumerate(resultTypes)) {
      FailureOr<BufferType> buffer = BufferType::get(type);
      if (failed(buffer)) {
        return func.emitOpError()
               << "result #" << index << " has type " << type
               << ", which is not a VPUIP buffer; the network function must "
                  "be bufferised first";
      }
      // The network output: compact, in the result's order, in DDR.
      outputTypes.push_back(BufferType::getCompact(buffer->getShape(),
                                                   buffer->getElementType(),
                                                   buffer->getOrder())
                                .getType());
    }
    if (outputTypes.empty()) {
      return success();
    }
    // A call would no longer match the signature; other references (e.g.
    // the entry point of a network description) name the function only.
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(func, module)) {
      for (const SymbolTable::SymbolUse &use : *uses) {
        if (llvm::isa<CallOpInterface>(use.getUser())) {
          return func.emitOpError()
                 << "is used by another op of the module, so its results "
                    "cannot become output arguments";
        }
      }
    }

    unsigned numInputs = func.getNumArguments();
    Location loc = func.getLoc();
    for (auto [index, type] : llvm::enumerate(outputTypes)) {
      func.insertArgument(numInputs + index, type, DictionaryAttr(), loc);
    }
    ArrayRef<BlockArgument> outputs = func.getArguments().drop_front(numInputs);

    OpBuilder builder(func.getContext());
    for (Block &block : func.getBody()) {
      auto ret = llvm::dyn_cast<func::ReturnOp>(block.getTerminator());
      if (!ret) {
        continue;
      }
      builder.setInsertionPoint(ret);
      SmallVector<Value> copies;
      for (auto [value, output] : llvm::zip(ret.getOperands(), outputs)) {
        if (useDma) {
          copies.push_back(builder.create<NNDMAOp>(
              ret.getLoc(), output.getType(), value, output, /*port=*/0));
        } else {
          copies.push_back(builder.create<CopyOp>(
              ret.getLoc(), output.getType(), value, output));
        }
      }
      ret.getOperandsMutable().assign(copies);
    }
    func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                   outputTypes));
    return success();
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
