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

#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::IE {

VPU::NCE::SupportOptions getIEStageSupportOptions() {
  VPU::NCE::SupportOptions options;
  options.checkLayouts = false;
  options.checkChannelAlignment = false;
  return options;
}

bool isNCELayer(Operation *layer) {
  VPU::NCE::SupportOptions options = getIEStageSupportOptions();
  auto ignore = [](const Twine &) {};
  return llvm::TypeSwitch<Operation *, bool>(layer)
      .Case<ConvolutionOp>([&](auto op) {
        return VPU::NCEConvolutionOp::isSupported(op, ignore, options);
      })
      .Case<GroupConvolutionOp>([&](auto op) {
        return VPU::NCEDepthConvolutionOp::isSupported(op, ignore, options);
      })
      .Case<MaxPoolOp>([&](auto op) {
        return VPU::NCEMaxPoolOp::isSupported(op, ignore, options);
      })
      .Case<AvgPoolOp>([&](auto op) {
        return VPU::NCEAveragePoolOp::isSupported(op, ignore, options);
      })
      .Case<AddOp, SubtractOp, MultiplyOp>([&](auto op) {
        return VPU::NCEEltwiseOp::isSupported(op, ignore, options);
      })
      .Default([](Operation *) { return false; });
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
