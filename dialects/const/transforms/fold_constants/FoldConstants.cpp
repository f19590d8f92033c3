//===- FoldConstants.cpp - vpuc-const-fold pass -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FoldConstantsPass: replaces the content of every const.Declare by
// its materialised value.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/transforms/fold_constants/FoldConstants.h"

#include <vector>

#include "core/support/Diagnostics.h"
#include "core/support/Logger.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::vpuc::Const {

#define GEN_PASS_DEF_FOLDCONSTANTSPASS
#include "dialects/const/transforms/fold_constants/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Builds the new base attribute holding `content` with type `baseType`.
static ElementsAttr buildBase(const Content &content, RankedTensorType baseType,
                              int64_t thresholdBytes) {
  int64_t size = static_cast<int64_t>(content.getSizeInBytes());
  if (content.isSplat() || size <= thresholdBytes) {
    if (baseType.getElementType().isInteger(1)) {
      if (content.isSplat()) {
        return DenseElementsAttr::get(baseType, content.getSplatValue<bool>());
      }
      SmallVector<bool> values = content.getValues<bool>();
      return DenseElementsAttr::get(baseType, ArrayRef<bool>(values));
    }
    // A raw buffer of exactly one element is a splat.
    return DenseElementsAttr::getFromRawBuffer(baseType,
                                               content.getRawStorage());
  }
  std::vector<char> bytes(content.getSizeInBytes());
  content.copyTo(bytes);
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(uint64_t));
  return DenseResourceElementsAttr::get(baseType, "vpuc_const",
                                        std::move(blob));
}

struct FoldConstantsPass
    : public impl::FoldConstantsPassBase<FoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    // LLVM's release builds compile pass statistics out, so the summary is a
    // log line.
    support::Logger log(getArgument());
    int64_t numFolded = 0, numResources = 0, numBytes = 0;
    getOperation()->walk([&](DeclareOp op) {
      ContentAttr content = op.getContent();
      if (content.getTransformations().empty()) {
        return;
      }
      auto type = llvm::cast<RankedTensorType>(content.getType());
      Type elemType = type.getElementType();
      bool quantized = llvm::isa<quant::QuantizedType>(elemType);
      if (quantized && content.getTransformations().size() == 1 &&
          llvm::isa<QuantCastAttr>(content.getTransformations()[0])) {
        return; // Already materialised.
      }
      Content folded = content.fold();
      auto baseType = RankedTensorType::get(
          type.getShape(), Content::getStorageElementType(elemType),
          type.getEncoding());
      ElementsAttr base = buildBase(folded, baseType, resourceThresholdBytes);
      bool resource = llvm::isa<DenseResourceElementsAttr>(base);
      ++numFolded;
      numResources += resource ? 1 : 0;
      numBytes += folded.getSizeInBytes();
      log.debug("{0}: {1} transformation(s) folded into {2} bytes{3}",
                support::locationToString(op.getLoc()),
                content.getTransformations().size(), folded.getSizeInBytes(),
                resource ? " (dense_resource)" : "");
      SmallVector<TransformationAttrInterface> list;
      if (quantized) {
        list.push_back(QuantCastAttr::get(&getContext(), elemType));
      }
      op.setContentAttr(ContentAttr::get(base, list));
    });
    log.info("materialised {0} constant(s), {1} bytes, {2} as dense_resource",
             numFolded, numBytes, numResources);
  }
};

} // namespace
} // namespace mlir::vpuc::Const
