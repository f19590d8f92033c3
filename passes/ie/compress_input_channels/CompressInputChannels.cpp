//===- CompressInputChannels.cpp - Compressed convolution inputs -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements CompressInputChannelsPass: a convolution whose input channels
// are a few real ones plus the zeros of the channel expansion reads the
// target's compressed-input channel count instead.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/compress_input_channels/CompressInputChannels.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_COMPRESSINPUTCHANNELSPASS
#include "passes/ie/compress_input_channels/Passes.h.inc" // IWYU pragma: keep

namespace {

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// `type` with `channels` in dim 1.
RankedTensorType withChannels(RankedTensorType type, int64_t channels) {
  SmallVector<int64_t, 4> shape(type.getShape());
  shape[1] = channels;
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

/// Whether `pad` adds only zeros, only at the end of the channel dim.
bool isChannelZeroPad(PadOp pad) {
  if (pad.getMode() != PadMode::CONSTANT || !pad.getPadValue().isZero()) {
    return false;
  }
  ArrayRef<int64_t> begin = pad.getPadsBegin(), end = pad.getPadsEnd();
  if (tensorOf(pad.getInput()).getRank() != 4) {
    return false;
  }
  for (auto [dim, before, after] : llvm::enumerate(begin, end)) {
    if (before != 0 || (dim != 1 && after != 0)) {
      return false;
    }
  }
  return true;
}

/// Whether every element of `content` is zero.
bool isAllZero(Const::ContentAttr content) {
  Const::Content folded = content.fold();
  if (folded.isSplat()) {
    return folded.getSplatValue<double>() == 0.0;
  }
  for (int64_t i = 0, e = folded.getNumElements(); i < e; ++i) {
    if (folded.getValue<double>(i) != 0.0) {
      return false;
    }
  }
  return true;
}

/// Rewrites `conv` to read `channels` input channels, if its input is a
/// channel zero pad (directly or through one IE.Reorder) from at most
/// `channels` to more, and its constant filter is zero in the input channels
/// it then no longer reads.
void compress(ConvolutionOp conv, int64_t channels, OpBuilder &builder) {
  Value input = conv.getInput();
  auto reorder = input.getDefiningOp<ReorderOp>();
  auto pad = (reorder ? reorder.getInput() : input).getDefiningOp<PadOp>();
  if (!pad || !isChannelZeroPad(pad)) {
    return;
  }
  const int64_t real = tensorOf(pad.getInput()).getDimSize(1);
  const int64_t padded = tensorOf(input).getDimSize(1);
  auto filter = conv.getFilter().getDefiningOp<Const::DeclareOp>();
  if (real > channels || padded <= channels || !filter) {
    return;
  }
  Const::ContentAttr weights = filter.getContent();
  ArrayRef<int64_t> shape = weights.getType().getShape();
  if (shape.size() != 4 || shape[1] != padded ||
      !isAllZero(
          weights.subview({0, channels, 0, 0},
                          {shape[0], padded - channels, shape[2], shape[3]}))) {
    return;
  }

  builder.setInsertionPoint(conv);
  SmallVector<int64_t, 4> end(pad.getPadsEnd());
  end[1] = channels - real;
  Value compressed = builder.create<PadOp>(
      pad.getLoc(), withChannels(tensorOf(pad.getResult()), channels),
      pad.getInput(), pad.getPadsBeginAttr(), builder.getDenseI64ArrayAttr(end),
      pad.getModeAttr(), pad.getPadValueAttr());
  if (reorder) {
    compressed = builder.create<ReorderOp>(
        reorder.getLoc(), withChannels(tensorOf(reorder.getResult()), channels),
        compressed, reorder.getDstOrderAttr());
  }
  auto newFilter = builder.create<Const::DeclareOp>(
      filter.getLoc(),
      weights.subview({0, 0, 0, 0}, {shape[0], channels, shape[2], shape[3]}));
  conv.getInputMutable().assign(compressed);
  conv.getFilterMutable().assign(newFilter);
  for (Operation *op :
       {filter.getOperation(), reorder.getOperation(), pad.getOperation()}) {
    if (op && op->use_empty()) {
      op->erase();
    }
  }
}

struct CompressInputChannelsPass
    : impl::CompressInputChannelsPassBase<CompressInputChannelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const int64_t channels =
        VPU::NCE::getTargetLimits(func).compressedInputChannels;
    if (channels == 0) {
      return;
    }
    OpBuilder builder(&getContext());
    SmallVector<ConvolutionOp> convs;
    func.walk([&](ConvolutionOp conv) { convs.push_back(conv); });
    for (ConvolutionOp conv : convs) {
      compress(conv, channels, builder);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
