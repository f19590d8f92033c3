//===- ConvertAvgPoolToDWConv.cpp - AvgPool to depthwise conv ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertAvgPoolToDWConvPass: average pools (IE.AvgPool and the
// global IE.ReduceMean over H and W) that the NCE cannot run as pools become
// depthwise convolutions with constant 1 / (KY * KX) weights, or chains of
// smaller non-overlapping pools, where that is exact and the NCE runs the
// result.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_avg_pool_to_dw_conv/ConvertAvgPoolToDWConv.h"

#include <string>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/nce_support/NCESupport.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTAVGPOOLTODWCONVPASS
#include "passes/ie/convert_avg_pool_to_dw_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

/// An average pool to rewrite: 2-D, static shapes.
struct PoolSpec {
  Value input;
  SmallVector<int64_t, 2> kernel;
  SmallVector<int64_t, 2> strides;
  SmallVector<int64_t, 2> padsBegin;
  SmallVector<int64_t, 2> padsEnd;
  bool excludePad = false;
  /// The result type; its spatial dims are the output sizes of the pool's own
  /// rounding rule.
  RankedTensorType resultType;

  ArrayRef<int64_t> inputShape() const {
    return llvm::cast<RankedTensorType>(input.getType()).getShape();
  }
};

/// The pads_end of a depthwise convolution that computes `spec` exactly (the
/// end padding the windows read), or failure with the reason.
FailureOr<SmallVector<int64_t, 2>> getExactPadsEnd(const PoolSpec &spec,
                                                   Reasons &reasons) {
  SmallVector<int64_t, 2> padsEnd;
  ArrayRef<int64_t> inShape = spec.inputShape();
  ArrayRef<int64_t> outShape = spec.resultType.getShape();
  for (int axis = 0; axis < 2; ++axis) {
    const int64_t in = inShape[2 + axis];
    const int64_t out = outShape[2 + axis];
    const int64_t kernel = spec.kernel[axis];
    const int64_t stride = spec.strides[axis];
    const int64_t begin = spec.padsBegin[axis];
    const int64_t floorOut =
        (in + begin + spec.padsEnd[axis] - kernel) / stride + 1;
    if (out != floorOut) {
      reasons.add("a depthwise convolution is not exact: the last window of "
                  "the ceil rounding reaches beyond the padded input and "
                  "divides by fewer than KY * KX elements");
      return failure();
    }
    const int64_t used =
        std::max<int64_t>(0, (out - 1) * stride + kernel - in - begin);
    if (spec.excludePad && (begin > 0 || used > 0)) {
      reasons.add("a depthwise convolution is not exact: with exclude_pad the "
                  "windows that read padding divide by fewer than KY * KX "
                  "elements");
      return failure();
    }
    padsEnd.push_back(used);
  }
  return padsEnd;
}

/// Rule 1: the depthwise convolution with constant 1 / (KY * KX) weights, if
/// it is exact and the NCE runs it; nothing is left in the IR otherwise.
FailureOr<Value> createDepthwise(IRRewriter &rewriter, InsertedOps &inserted,
                                 Location loc, const PoolSpec &spec,
                                 Reasons &reasons) {
  FailureOr<SmallVector<int64_t, 2>> padsEnd = getExactPadsEnd(spec, reasons);
  if (failed(padsEnd)) {
    return failure();
  }
  auto inType = llvm::cast<RankedTensorType>(spec.input.getType());
  const int64_t channels = inType.getDimSize(1);
  Type elementType = inType.getElementType();
  const int64_t area = spec.kernel[0] * spec.kernel[1];
  auto filterType = RankedTensorType::get(
      {channels, 1, spec.kernel[0], spec.kernel[1]}, elementType);
  Attribute weight =
      rewriter.getFloatAttr(elementType, 1.0 / static_cast<double>(area));
  auto weights = DenseElementsAttr::get(filterType, llvm::ArrayRef(weight));
  Value filter =
      rewriter.create<Const::DeclareOp>(loc, Const::ContentAttr::get(weights));
  const SmallVector<int64_t, 2> dilations = {1, 1};
  auto conv = rewriter.create<GroupConvolutionOp>(
      loc, spec.input, filter, Value(), ArrayRef<int64_t>(spec.strides),
      ArrayRef<int64_t>(spec.padsBegin), ArrayRef<int64_t>(*padsEnd),
      ArrayRef<int64_t>(dilations), static_cast<uint64_t>(channels));
  if (conv.getType() != spec.resultType) {
    reasons.add("the depthwise convolution would not have the pool's result "
                "type");
    inserted.discard(rewriter);
    return failure();
  }
  Reasons nce;
  if (!VPU::isSupportedOnNCE(
          conv, [&](const Twine &reason) { nce.add(reason); },
          getIEStageSupportOptions())) {
    reasons.add("the NCE cannot run the depthwise convolution (" + nce.join() +
                ")");
    inserted.discard(rewriter);
    return failure();
  }
  inserted.keep();
  return conv.getOutput();
}

/// The factor pairs (dy, dx) of (ky, kx) but (1, 1), largest product first.
SmallVector<std::pair<int64_t, int64_t>> getFactorPairs(int64_t ky,
                                                        int64_t kx) {
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t dy = ky; dy >= 1; --dy) {
    if (ky % dy != 0) {
      continue;
    }
    for (int64_t dx = kx; dx >= 1; --dx) {
      if (kx % dx == 0 && (dy != 1 || dx != 1)) {
        pairs.emplace_back(dy, dx);
      }
    }
  }
  llvm::stable_sort(pairs, [](const auto &a, const auto &b) {
    return a.first * a.second > b.first * b.second;
  });
  return pairs;
}

/// Rule 2: a chain of non-overlapping pools the NCE runs, if the windows of
/// `spec` tile the input without overlap or padding; nothing is left in the IR
/// otherwise.
FailureOr<Value> createPoolChain(IRRewriter &rewriter, InsertedOps &inserted,
                                 Location loc, const PoolSpec &spec,
                                 Reasons &reasons) {
  ArrayRef<int64_t> inShape = spec.inputShape();
  ArrayRef<int64_t> outShape = spec.resultType.getShape();
  for (int axis = 0; axis < 2; ++axis) {
    const int64_t kernel = spec.kernel[axis];
    const int64_t out = outShape[2 + axis];
    if (spec.padsBegin[axis] != 0 ||
        (spec.strides[axis] != kernel && out != 1) ||
        inShape[2 + axis] / kernel != out) {
      reasons.add("no chain of smaller pools: the windows overlap, read "
                  "padding or leave input elements out");
      return failure();
    }
  }
  Value current = spec.input;
  int64_t remainingY = spec.kernel[0];
  int64_t remainingX = spec.kernel[1];
  const SmallVector<int64_t, 2> zeros = {0, 0};
  while (remainingY != 1 || remainingX != 1) {
    Value next;
    for (auto [dy, dx] : getFactorPairs(remainingY, remainingX)) {
      const SmallVector<int64_t, 2> window = {dy, dx};
      auto pool = rewriter.create<AvgPoolOp>(
          loc, current, ArrayRef<int64_t>(window), ArrayRef<int64_t>(window),
          ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
          RoundingType::FLOOR, /*exclude_pad=*/false);
      if (VPU::isSupportedOnNCE(
              pool, [](const Twine &) {}, getIEStageSupportOptions())) {
        next = pool.getOutput();
        remainingY /= dy;
        remainingX /= dx;
        break;
      }
      inserted.erase(rewriter, pool);
    }
    if (!next) {
      reasons.add("no chain of smaller pools: the kernel " +
                  Twine(spec.kernel[0]) + "x" + Twine(spec.kernel[1]) +
                  " does not factor into pools the NCE runs");
      inserted.discard(rewriter);
      return failure();
    }
    current = next;
  }
  if (current.getType() != spec.resultType) {
    reasons.add("the chain of pools would not have the pool's result type");
    inserted.discard(rewriter);
    return failure();
  }
  inserted.keep();
  return current;
}

/// True if `type` is a static rank-4 tensor.
bool isStatic4D(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 4 && tensor.hasStaticShape();
}

struct ConvertAvgPoolToDWConvPass
    : public impl::ConvertAvgPoolToDWConvPassBase<ConvertAvgPoolToDWConvPass> {
  using Base::Base;

  /// Replaces `op` by rule 1 or 2 applied to `spec`, or reports why not.
  void rewrite(IRRewriter &rewriter, InsertedOps &inserted, Operation *op,
               const PoolSpec &spec, Reasons &reasons) {
    rewriter.setInsertionPoint(op);
    FailureOr<Value> result =
        createDepthwise(rewriter, inserted, op->getLoc(), spec, reasons);
    if (failed(result)) {
      result = createPoolChain(rewriter, inserted, op->getLoc(), spec, reasons);
    }
    if (succeeded(result)) {
      rewriter.replaceOp(op, *result);
      return;
    }
    if (emitRemarks) {
      op->emitRemark() << "left unchanged: " << reasons.join();
    }
  }

  void convertAvgPool(IRRewriter &rewriter, InsertedOps &inserted,
                      AvgPoolOp op) {
    if (!isStatic4D(op.getInput().getType()) ||
        !isStatic4D(op.getOutput().getType()) ||
        op.getKernelSize().size() != 2) {
      return;
    }
    Reasons reasons;
    if (VPU::isSupportedOnNCE(
            op, [&](const Twine &reason) { reasons.add(reason); },
            getIEStageSupportOptions())) {
      return;
    }
    std::string poolReasons = reasons.join();
    reasons.clear();
    reasons.add("the NCE cannot run it as a pool (" + poolReasons + ")");
    PoolSpec spec;
    spec.input = op.getInput();
    spec.kernel.assign(op.getKernelSize().begin(), op.getKernelSize().end());
    spec.strides.assign(op.getStrides().begin(), op.getStrides().end());
    spec.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
    spec.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
    spec.excludePad = op.getExcludePad();
    spec.resultType = llvm::cast<RankedTensorType>(op.getType());
    rewrite(rewriter, inserted, op, spec, reasons);
  }

  void convertGlobalMean(IRRewriter &rewriter, InsertedOps &inserted,
                         ReduceMeanOp op) {
    if (!op.getKeepDims() || !isStatic4D(op.getInput().getType()) ||
        !isStatic4D(op.getType())) {
      return;
    }
    SmallVector<int64_t, 2> axes;
    for (int64_t axis : op.getAxes()) {
      axes.push_back(axis < 0 ? axis + 4 : axis);
    }
    llvm::sort(axes);
    if (axes != SmallVector<int64_t, 2>{2, 3}) {
      return;
    }
    auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
    PoolSpec spec;
    spec.input = op.getInput();
    spec.kernel = {inType.getDimSize(2), inType.getDimSize(3)};
    spec.strides = {1, 1};
    spec.padsBegin = {0, 0};
    spec.padsEnd = {0, 0};
    spec.resultType = llvm::cast<RankedTensorType>(op.getType());
    rewriter.setInsertionPoint(op);
    auto pool = rewriter.create<AvgPoolOp>(
        op.getLoc(), spec.input, ArrayRef<int64_t>(spec.kernel),
        ArrayRef<int64_t>(spec.strides), ArrayRef<int64_t>(spec.padsBegin),
        ArrayRef<int64_t>(spec.padsEnd), RoundingType::FLOOR,
        /*exclude_pad=*/false);
    Reasons reasons;
    if (pool.getType() == spec.resultType &&
        VPU::isSupportedOnNCE(
            pool, [&](const Twine &reason) { reasons.add(reason); },
            getIEStageSupportOptions())) {
      inserted.keep();
      rewriter.replaceOp(op, pool.getOutput());
      return;
    }
    inserted.discard(rewriter);
    std::string poolReasons = reasons.join();
    reasons.clear();
    reasons.add("the NCE cannot run it as a pool (" + poolReasons + ")");
    rewrite(rewriter, inserted, op, spec, reasons);
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<AvgPoolOp, ReduceMeanOp>(op)) {
        ops.push_back(op);
      }
    });
    InsertedOps inserted;
    IRRewriter rewriter(&getContext(), &inserted);
    for (Operation *op : ops) {
      if (auto pool = llvm::dyn_cast<AvgPoolOp>(op)) {
        convertAvgPool(rewriter, inserted, pool);
      } else {
        convertGlobalMean(rewriter, inserted, llvm::cast<ReduceMeanOp>(op));
      }
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
