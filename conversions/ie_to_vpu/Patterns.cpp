//===- Patterns.cpp - IE to VPU conversion patterns -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// One pattern per op family (Patterns.h):
//   * ConvertToMirror: a layer with a software kernel becomes the VPU.SW op
//     that mirrors it, with the same operands and attributes (the list is
//     generated from the VPU dialect's VPU.SW ops); AffineReshape and Concat
//     likewise become their VPU views;
//   * ConvertReshapeLike: Reshape, Squeeze, Unsqueeze and Flatten become one
//     VPU.Reshape of the row-major input (a VPU.SW.Reorder first when the input
//     has another order);
//   * ConvertSlice / ConvertStridedSlice: unit-step slices become VPU.Slice
//     views, the others the strided_slice kernel; ConvertSplit: one VPU.Slice
//     per part;
//   * ConvertShapeOf: a static shape becomes a constant.
//
//===----------------------------------------------------------------------===//

#include "conversions/ie_to_vpu/Patterns.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::vpuc::VPU {

IEToVPUTypeConverter::IEToVPUTypeConverter() {
  addConversion([](Type type) { return type; });
}

namespace {

/// The static shape of the ranked tensor `value`.
ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType()).getShape();
}

/// The converted result types of `op`.
FailureOr<SmallVector<Type, 2>>
convertResultTypes(const TypeConverter *converter, Operation *op) {
  SmallVector<Type, 2> types;
  if (failed(converter->convertTypes(op->getResultTypes(), types))) {
    return failure();
  }
  return types;
}

//===----------------------------------------------------------------------===//
// Layers with a VPU mirror
//===----------------------------------------------------------------------===//

/// Creates, after a layer whose result is `value`, the software layer of its
/// `post_op` attribute `postOp` (IE/PostOp.h: `IE.<Activation>` with its
/// attributes becomes `VPU.SW.<Activation>`, which mirrors it).
FailureOr<Value> createSWPostOp(OpBuilder &builder, Location loc,
                                DictionaryAttr postOp, Value value) {
  auto name = postOp.getAs<StringAttr>("name");
  if (!name || !name.getValue().starts_with("IE.")) {
    return failure();
  }
  std::string vpuName = ("VPU.SW." + name.getValue().drop_front(3)).str();
  if (!RegisteredOperationName::lookup(vpuName, builder.getContext())) {
    return failure();
  }
  OperationState state(loc, vpuName);
  state.addOperands(value);
  state.addTypes(value.getType());
  if (auto attrs = postOp.getAs<DictionaryAttr>("attrs")) {
    state.addAttributes(attrs.getValue());
  }
  return builder.create(state)->getResult(0);
}

/// `IEOp` -> `VPUOp`, the VPU op that mirrors it: the same operands, attributes
/// and result types.
template <typename IEOp, typename VPUOp>
class ConvertToMirror final : public OpConversionPattern<IEOp> {
public:
  using OpConversionPattern<IEOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IEOp op, typename IEOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(this->getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    }
    DictionaryAttr postOp = IE::getPostOpAttr(op);
    // A layer on quantized types keeps its post-op (its kernel applies it
    // before the requantisation).
    if (!postOp || VPU::detail::isQuantizedLayer(op)) {
      rewriter.replaceOpWithNewOp<VPUOp>(op, *types, adaptor.getOperands(),
                                         op->getAttrs());
      return success();
    }
    // A software kernel has no post-op: the activation runs as its own layer.
    SmallVector<NamedAttribute> attrs;
    llvm::copy_if(op->getAttrs(), std::back_inserter(attrs),
                  [](NamedAttribute attr) {
                    return attr.getName() != IE::kPostOpAttrName;
                  });
    auto layer = rewriter.create<VPUOp>(op->getLoc(), *types,
                                        adaptor.getOperands(), attrs);
    FailureOr<Value> activation =
        createSWPostOp(rewriter, op->getLoc(), postOp, layer->getResult(0));
    if (failed(activation)) {
      rewriter.eraseOp(layer);
      return rewriter.notifyMatchFailure(op, "unknown post-op");
    }
    rewriter.replaceOp(op, *activation);
    return success();
  }
};

/// An (IE op, VPU op) pair for addMirrors.
template <typename IEOp, typename VPUOp> struct Mirror {
  static void add(TypeConverter &converter, RewritePatternSet &patterns) {
    patterns.add<ConvertToMirror<IEOp, VPUOp>>(converter,
                                               patterns.getContext());
  }
};

template <typename... Mirrors>
void addMirrors(TypeConverter &converter, RewritePatternSet &patterns) {
  (Mirrors::add(converter, patterns), ...);
}

/// Every software layer: the VPU.SW op of each IE op the VPU dialect mirrors
/// (generated from VPUOps.td, so a new VPU.SW op needs no pattern here).
void populateSoftwareLayerPatterns(TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  addMirrors<
#include "conversions/ie_to_vpu/SWMirrors.inc"
      >(converter, patterns);
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// Reshape, Squeeze, Unsqueeze, Flatten -> VPU.Reshape to the (static) result
/// shape, of the input reordered to the default order when it has another one.
template <typename IEOp>
class ConvertReshapeLike final : public OpConversionPattern<IEOp> {
public:
  using OpConversionPattern<IEOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IEOp op, typename IEOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(this->getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op,
                                         "the result type does not convert");
    }
    Value input = adaptor.getInput();
    auto inputType = llvm::cast<RankedTensorType>(input.getType());
    FailureOr<shape::DimsOrder> order = shape::getOrder(inputType);
    if (failed(order)) {
      return rewriter.notifyMatchFailure(op, "the input has no order");
    }
    if (!order->isIdentity()) {
      // A reshape reads the row-major elements: make them row-major in memory
      // first.
      AffineMap identity = AffineMap::getMultiDimIdentityMap(
          inputType.getRank(), rewriter.getContext());
      input = rewriter.create<SWReorderOp>(op.getLoc(), input,
                                           AffineMapAttr::get(identity));
    }
    auto resultType = llvm::cast<RankedTensorType>(types->front());
    rewriter.replaceOpWithNewOp<ReshapeOp>(
        op, resultType, input,
        rewriter.getDenseI64ArrayAttr(resultType.getShape()));
    return success();
  }
};

/// Replaces `op`, a slice of `input` whose result starts at `offsets` and reads
/// every element in between (unit steps), by a VPU.Slice view.
void replaceByView(Operation *op, Value input, ArrayRef<int64_t> offsets,
                   Type resultType, ConversionPatternRewriter &rewriter) {
  auto type = llvm::cast<RankedTensorType>(resultType);
  rewriter.replaceOpWithNewOp<SliceOp>(
      op, type, input, rewriter.getDenseI64ArrayAttr(offsets),
      rewriter.getDenseI64ArrayAttr(type.getShape()));
}

/// True if every dim of `type` is at least 1 (a VPU.Slice is never empty).
bool isNonEmpty(Type type) {
  return llvm::all_of(llvm::cast<RankedTensorType>(type).getShape(),
                      [](int64_t dim) { return dim >= 1; });
}

/// IE.Slice: a VPU.Slice view when every step is 1 and the result is not empty,
/// else the strided_slice kernel (VPU.SW.Slice).
class ConvertSlice final : public OpConversionPattern<IE::SliceOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IE::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op,
                                         "the result type does not convert");
    }
    std::optional<ArrayRef<int64_t>> steps = op.getSteps();
    const bool unitSteps =
        !steps || llvm::all_of(*steps, [](int64_t step) { return step == 1; });
    if (!unitSteps || !isNonEmpty(types->front())) {
      rewriter.replaceOpWithNewOp<SWSliceOp>(op, *types, adaptor.getOperands(),
                                             op->getAttrs());
      return success();
    }
    ArrayRef<int64_t> shape = shapeOf(adaptor.getInput());
    const int64_t rank = shape.size();
    SmallVector<int64_t, 8> offsets(rank, 0);
    for (auto [index, start] : llvm::enumerate(op.getStarts())) {
      int64_t axis =
          op.getAxes() ? (*op.getAxes())[index] : static_cast<int64_t>(index);
      if (axis < 0) {
        axis += rank;
      }
      offsets[axis] = resolveSliceStart(start, 1, shape[axis]);
    }
    replaceByView(op, adaptor.getInput(), offsets, types->front(), rewriter);
    return success();
  }
};

/// IE.StridedSlice: a VPU.Slice view when every stride is 1 and the result is
/// not empty, else the strided_slice kernel (VPU.SW.StridedSlice).
class ConvertStridedSlice final
    : public OpConversionPattern<IE::StridedSliceOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IE::StridedSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op,
                                         "the result type does not convert");
    }
    ArrayRef<int64_t> strides = op.getStrides();
    if (!llvm::all_of(strides, [](int64_t stride) { return stride == 1; }) ||
        !isNonEmpty(types->front())) {
      rewriter.replaceOpWithNewOp<SWStridedSliceOp>(
          op, *types, adaptor.getOperands(), op->getAttrs());
      return success();
    }
    ArrayRef<int64_t> shape = shapeOf(adaptor.getInput());
    ArrayRef<int64_t> beginMask = op.getBeginMask();
    SmallVector<int64_t, 8> offsets;
    for (auto [d, begin] : llvm::enumerate(op.getBegins())) {
      const bool masked = !beginMask.empty() && beginMask[d] == 1;
      offsets.push_back(masked ? 0 : resolveSliceStart(begin, 1, shape[d]));
    }
    replaceByView(op, adaptor.getInput(), offsets, types->front(), rewriter);
    return success();
  }
};

/// IE.Split -> one VPU.Slice per part (a part of size 0 becomes an empty
/// VPU.SW.Slice).
class ConvertSplit final : public OpConversionPattern<IE::SplitOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IE::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    }
    Value input = adaptor.getInput();
    const int64_t rank = shapeOf(input).size();
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0) {
      axis += rank;
    }
    SmallVector<Value, 4> parts;
    int64_t offset = 0;
    for (auto [size, type] : llvm::zip(op.getSplits(), *types)) {
      if (size == 0) {
        parts.push_back(rewriter.create<SWSliceOp>(
            op.getLoc(), type, input, rewriter.getDenseI64ArrayAttr({offset}),
            rewriter.getDenseI64ArrayAttr({offset}),
            rewriter.getDenseI64ArrayAttr({axis}), DenseI64ArrayAttr()));
        continue;
      }
      SmallVector<int64_t, 8> offsets(rank, 0);
      offsets[axis] = offset;
      auto partType = llvm::cast<RankedTensorType>(type);
      parts.push_back(rewriter.create<SliceOp>(
          op.getLoc(), partType, input, rewriter.getDenseI64ArrayAttr(offsets),
          rewriter.getDenseI64ArrayAttr(partType.getShape())));
      offset += size;
    }
    rewriter.replaceOp(op, parts);
    return success();
  }
};

/// IE.ShapeOf of a static tensor -> a constant holding the shape.
class ConvertShapeOf final : public OpConversionPattern<IE::ShapeOfOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IE::ShapeOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type, 2>> types =
        convertResultTypes(getTypeConverter(), op);
    if (failed(types)) {
      return rewriter.notifyMatchFailure(op,
                                         "the result type does not convert");
    }
    auto type = llvm::cast<RankedTensorType>(types->front());
    auto content = DenseElementsAttr::get(type, shapeOf(adaptor.getInput()));
    rewriter.replaceOpWithNewOp<Const::DeclareOp>(
        op, Const::ContentAttr::get(content));
    return success();
  }
};

/// Reshapes, slices, splits, concatenations and static shapes.
void populateViewPatterns(TypeConverter &converter,
                          RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<ConvertReshapeLike<IE::ReshapeOp>, ConvertReshapeLike<IE::SqueezeOp>,
           ConvertReshapeLike<IE::UnsqueezeOp>,
           ConvertReshapeLike<IE::FlattenOp>, ConvertSlice, ConvertStridedSlice,
           ConvertSplit, ConvertShapeOf>(converter, context);
  addMirrors<Mirror<IE::AffineReshapeOp, AffineReshapeOp>,
             Mirror<IE::ConcatOp, ConcatOp>>(converter, patterns);
}

} // namespace

void populateIEToVPUConversionPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns) {
  populateSoftwareLayerPatterns(typeConverter, patterns);
  populateViewPatterns(typeConverter, patterns);
}

} // namespace mlir::vpuc::VPU
