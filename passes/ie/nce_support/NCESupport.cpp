//===- NCESupport.cpp - Asking the NCE from IE passes -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the helpers of NCESupport.h.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/nce_support/NCESupport.h"

#include "dialects/vpu/ir/NCELegality.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::IE {

VPU::NCE::SupportOptions getIEStageSupportOptions() {
  return VPU::NCE::getIEStageOptions();
}

bool isNCELayer(Operation *layer) {
  return VPU::isSupportedOnNCE(layer, VPU::NCE::ignoreReason,
                               getIEStageSupportOptions());
}

std::string Reasons::join() const { return llvm::join(list, "; "); }

void InsertedOps::notifyOperationInserted(Operation *op,
                                          OpBuilder::InsertPoint /*previous*/) {
  ops.push_back(op);
}

void InsertedOps::discard(RewriterBase &rewriter) {
  for (Operation *op : llvm::reverse(ops)) {
    rewriter.eraseOp(op);
  }
  ops.clear();
}

void InsertedOps::erase(RewriterBase &rewriter, Operation *op) {
  llvm::erase(ops, op);
  rewriter.eraseOp(op);
}

} // namespace mlir::vpuc::IE
