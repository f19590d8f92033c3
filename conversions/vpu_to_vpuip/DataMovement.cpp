//===- DataMovement.cpp - Data-movement layers as views, DMAs ---*- C++ -*-===//
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements DataMovement.h.
//
// Strided slices: the element `begins[d] + i * strides[d]` of every dim (the
// kernel parameters of the layer, which resolve masks and negative positions)
// is a `VPUIP.SubView` with steps, read directly by the consumers as the
// unit-step slices are. A negative step would need a negative stride, which
// no buffer type (nor the blob's TensorType) has.
//
// Tiles and broadcasts: MLIR 19 memref layouts cannot have zero strides
// (`strided<[0, ...]>` is rejected by the builtin verifier, and core/shape
// reads no other strided form), so a broadcasting DMA source cannot be
// written. The output is filled by doubling instead: the input is copied
// into the first block of a work buffer, then for each repeated dim, from
// the innermost to the outermost in memory, the filled part is copied after
// itself until the dim is full (ceil(log2(repeats)) copies per dim). Each
// copy's source and destination must span disjoint bytes (the blob rejects
// overlapping DMAs), which holds when every dim outside the repeated one has
// a filled extent of 1: the work buffer is the output when its order allows
// it, else a buffer with the repeated dims outermost, copied (permuted) into
// the output at the end. At most one repeated dim whose input extent is not
// 1 can be filled per pass; tiles repeating several such dims take one pass
// per dim.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/DataMovement.h"

#include <algorithm>

#include "conversions/vpu_to_vpuip/BufferUtils.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/SWKernelInfo.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPUIP {

using shape::Dim;
using shape::DimsOrder;
using shape::MemDim;

bool isDataLayer(Operation *op) {
  return llvm::isa<VPU::SWStridedSliceOp, VPU::SWSliceOp, VPU::SWTileOp,
                   VPU::SWPerAxisTileOp, VPU::SWBroadcastOp, VPU::SWRangeOp>(
      op);
}

namespace {

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

/// The value of the per-dim kernel parameter `name_<index>` of `info`, or
/// nullopt.
std::optional<int64_t> getListParam(const VPU::SWKernelInfo &info,
                                    StringRef name, int64_t index) {
  std::string key = (name + "_" + Twine(index)).str();
  for (const NamedAttribute &param : info.params) {
    if (param.getName() == key) {
      if (auto value = llvm::dyn_cast<IntegerAttr>(param.getValue())) {
        return value.getInt();
      }
    }
  }
  return std::nullopt;
}

/// The part of the input a strided slice takes.
struct SliceBox {
  SmallVector<int64_t> offsets;
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> steps;
};

/// The box of the strided slice `op` (VPU.SW.StridedSlice or VPU.SW.Slice),
/// or failure with `reason`.
FailureOr<SliceBox> getSliceBox(Operation *op, std::string &reason) {
  VPU::SWKernelInfo info =
      llvm::cast<VPU::SWKernelOpInterface>(op).getKernelInfo();
  auto input = llvm::cast<RankedTensorType>(op->getOperand(0).getType());
  auto output = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  SliceBox box;
  box.sizes.assign(output.getShape().begin(), output.getShape().end());
  for (int64_t d = 0, e = input.getRank(); d < e; ++d) {
    std::optional<int64_t> begin = getListParam(info, "begins", d);
    std::optional<int64_t> step = getListParam(info, "strides", d);
    if (!begin || !step) {
      reason = "its kernel parameters have no begin and stride for dim " +
               std::to_string(d);
      return failure();
    }
    if (*step < 1 && box.sizes[d] > 1) {
      reason = "dim " + std::to_string(d) + " has step " +
               std::to_string(*step) +
               ": a view with a negative step would need a negative stride, "
               "and buffers (VPUIP buffer types, the blob's TensorType) have "
               "none";
      return failure();
    }
    // A single element is taken whatever the step.
    box.offsets.push_back(*begin);
    box.steps.push_back(box.sizes[d] > 1 ? *step : 1);
  }
  if (output.getNumElements() == 0) {
    return box;
  }
  for (int64_t d = 0, e = input.getRank(); d < e; ++d) {
    int64_t dim = input.getDimSize(d);
    if (box.offsets[d] < 0 || box.offsets[d] >= dim ||
        (box.sizes[d] - 1) > (dim - 1 - box.offsets[d]) / box.steps[d]) {
      reason = "its part of dim " + std::to_string(d) +
               " is out of the input's range";
      return failure();
    }
  }
  return box;
}

/// The input dim -> output dim mapping of the broadcast `op`.
FailureOr<SmallVector<int64_t>> getBroadcastAxes(VPU::SWBroadcastOp op,
                                                 std::string &reason) {
  VPU::SWKernelInfo info = op.getKernelInfo();
  auto input = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto output = llvm::cast<RankedTensorType>(op.getOutput().getType());
  SmallVector<int64_t> axes;
  for (int64_t k = 0, e = input.getRank(); k < e; ++k) {
    std::optional<int64_t> axis = getListParam(info, "axes_mapping", k);
    if (!axis || *axis < 0 || *axis >= output.getRank() ||
        (!axes.empty() && *axis <= axes.back())) {
      reason = "its axes mapping is not a strictly increasing list of output "
               "dims";
      return failure();
    }
    int64_t size = input.getDimSize(k);
    if (size != 1 && size != output.getDimSize(*axis)) {
      reason = "input dim " + std::to_string(k) + " of size " +
               std::to_string(size) + " does not broadcast to output dim " +
               std::to_string(*axis);
      return failure();
    }
    axes.push_back(*axis);
  }
  return axes;
}

//===----------------------------------------------------------------------===//
// Filling a buffer by doubling
//===----------------------------------------------------------------------===//

/// Fills `dst` (a compact buffer) with copies of `input` (a buffer of the same
/// rank and element type whose every dim divides `dst`'s, at most one of the
/// dims it repeats having an input extent other than 1) and returns the
/// value of `dst` once filled. See the file comment.
Value fillByDoubling(OpBuilder &builder, Location loc, Value input, Value dst) {
  BufferType in(llvm::cast<MemRefType>(input.getType()));
  BufferType out(llvm::cast<MemRefType>(dst.getType()));
  shape::Shape from = in.getShape();
  shape::Shape to = out.getShape();
  int64_t rank = to.rank();
  auto isRepeated = [&](Dim d) { return from[d] != to[d]; };
  if (llvm::none_of(llvm::seq<int64_t>(0, rank),
                    [&](int64_t d) { return isRepeated(Dim(d)); })) {
    return builder.create<CopyOp>(loc, dst.getType(), input, dst);
  }

  // Every repeated dim must lie outside the first dim (in memory order) of
  // input extent above 1.
  DimsOrder order = out.getOrder();
  SmallVector<Dim> perm = order.toPermutation();
  int64_t firstLarge = rank;
  for (int64_t p = 0; p < rank; ++p) {
    if (from[perm[p]] > 1) {
      firstLarge = p;
      break;
    }
  }
  bool inPlace = llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t p) {
    return !isRepeated(perm[p]) || p <= firstLarge;
  });
  Value work = dst;
  SmallVector<Dim> workPerm = perm;
  if (!inPlace) {
    workPerm.clear();
    for (Dim d : perm) {
      if (isRepeated(d) && from[d] == 1) {
        workPerm.push_back(d);
      }
    }
    for (Dim d : perm) {
      if (isRepeated(d) && from[d] != 1) {
        workPerm.push_back(d);
      }
    }
    for (Dim d : perm) {
      if (!isRepeated(d)) {
        workPerm.push_back(d);
      }
    }
    BufferType workType = BufferType::getCompact(
        to, out.getElementType(), DimsOrder::fromPermutation(workPerm),
        llvm::cast_if_present<MemorySpaceAttr>(out.getType().getMemorySpace()));
    work = builder.create<memref::AllocOp>(loc, workType.getType());
  }

  SmallVector<Value> parts;
  SmallVector<int64_t> zeros(rank, 0);
  SmallVector<int64_t> sizes(from.raw());
  auto first = builder.create<SubViewOp>(loc, work, zeros, sizes);
  parts.push_back(builder.create<CopyOp>(loc, first.getType(), input, first));
  for (Dim d : llvm::reverse(workPerm)) {
    if (!isRepeated(d)) {
      continue;
    }
    int64_t index = d.ind();
    for (int64_t filled = sizes[index]; filled < to[d];) {
      int64_t count = std::min(filled, to[d] - filled);
      SmallVector<int64_t> partSizes(sizes);
      partSizes[index] = count;
      SmallVector<int64_t> offsets(zeros);
      offsets[index] = filled;
      auto src = builder.create<SubViewOp>(loc, work, zeros, partSizes);
      auto part = builder.create<SubViewOp>(loc, work, offsets, partSizes);
      parts.push_back(builder.create<CopyOp>(loc, part.getType(), src, part));
      filled += count;
    }
    sizes[index] = to[d];
  }
  Value filled = builder.create<ConcatViewOp>(loc, work.getType(), parts, work);
  if (work == dst) {
    return filled;
  }
  return builder.create<CopyOp>(loc, dst.getType(), filled, dst);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// A data layer's pattern: benefit 2, so that it is tried before the kernel
/// calls (which fail anyway for layers without a planned call).
template <typename OpT>
class DataLayerPattern : public OpConversionPattern<OpT> {
public:
  DataLayerPattern(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<OpT>(context, /*benefit=*/2), converter(converter) {
  }

protected:
  /// The buffer type of the layer's result, or null.
  MemRefType getResultType(OpT op) const {
    FailureOr<SmallVector<MemRefType, 1>> types =
        convertResultTypes(converter, op);
    return succeeded(types) ? types->front() : MemRefType();
  }

  const TypeConverter &converter;
};

/// VPU.SW.StridedSlice, VPU.SW.Slice -> a VPUIP.SubView with steps (copied
/// into the result's buffer when that is in another memory).
template <typename OpT>
class ConvertStridedSlice final : public DataLayerPattern<OpT> {
public:
  using DataLayerPattern<OpT>::DataLayerPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    MemRefType resultType = this->getResultType(op);
    if (!isBuffer(input) || !resultType) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    std::string reason;
    FailureOr<SliceBox> box = getSliceBox(op, reason);
    if (failed(box)) {
      return rewriter.notifyMatchFailure(op, reason);
    }
    Location loc = op.getLoc();
    if (resultType.getNumElements() == 0) {
      rewriter.replaceOpWithNewOp<memref::AllocOp>(op, resultType);
      return success();
    }
    if (getConstant(input)) {
      input = copyConstant(rewriter, loc, input);
    }
    if (failed(
            SubViewOp::inferResultType([] { return InFlightDiagnostic(); },
                                       llvm::cast<MemRefType>(input.getType()),
                                       box->offsets, box->sizes, box->steps))) {
      return rewriter.notifyMatchFailure(op, "not a valid sub-view");
    }
    Value view = rewriter.create<SubViewOp>(loc, input, box->offsets,
                                            box->sizes, box->steps);
    if (!isSameMemory(view.getType(), resultType)) {
      view = copyToNewBuffer(rewriter, loc, view, resultType);
    }
    rewriter.replaceOp(op, view);
    return success();
  }
};

/// VPU.SW.Tile, VPU.SW.PerAxisTile -> copies filling the output by doubling:
/// one pass for the repeated dims of input extent 1 and the first other one,
/// then one pass for each other repeated dim.
template <typename OpT> class ConvertTile final : public DataLayerPattern<OpT> {
public:
  using DataLayerPattern<OpT>::DataLayerPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    MemRefType resultType = this->getResultType(op);
    if (!isBuffer(input) || !resultType) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    Location loc = op.getLoc();
    if (resultType.getNumElements() == 0) {
      rewriter.replaceOpWithNewOp<memref::AllocOp>(op, resultType);
      return success();
    }
    BufferType result(resultType);
    shape::Shape to = result.getShape();
    shape::Shape current =
        BufferType(llvm::cast<MemRefType>(input.getType())).getShape();
    // The passes: each a set of dims to fill.
    SmallVector<SmallVector<int64_t>> passes(1);
    for (int64_t d = 0, e = to.rank(); d < e; ++d) {
      if (current[Dim(d)] == to[Dim(d)]) {
        continue;
      }
      bool large = current[Dim(d)] != 1;
      if (!large || llvm::none_of(passes.front(), [&](int64_t other) {
            return current[Dim(other)] != 1;
          })) {
        passes.front().push_back(d);
      } else {
        passes.push_back({d});
      }
    }
    Value value = input;
    for (auto [index, dims] : llvm::enumerate(passes)) {
      for (int64_t d : dims) {
        current[Dim(d)] = to[Dim(d)];
      }
      MemRefType stepType = index + 1 == passes.size()
                                ? resultType
                                : result.withShape(current).getType();
      auto alloc = rewriter.create<memref::AllocOp>(loc, stepType);
      value = fillByDoubling(rewriter, loc, value, alloc);
    }
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// VPU.SW.Broadcast -> the input seen with the output's rank (size-1 dims
/// added by a generic reshape), then copies filling the output by doubling.
class ConvertBroadcast final : public DataLayerPattern<VPU::SWBroadcastOp> {
public:
  using DataLayerPattern::DataLayerPattern;

  LogicalResult
  matchAndRewrite(VPU::SWBroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    MemRefType resultType = getResultType(op);
    if (!isBuffer(input) || !resultType) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    std::string reason;
    FailureOr<SmallVector<int64_t>> axes = getBroadcastAxes(op, reason);
    if (failed(axes)) {
      return rewriter.notifyMatchFailure(op, reason);
    }
    Location loc = op.getLoc();
    auto alloc = rewriter.create<memref::AllocOp>(loc, resultType);
    if (resultType.getNumElements() == 0) {
      rewriter.replaceOp(op, alloc.getResult());
      return success();
    }
    auto inputType = llvm::cast<MemRefType>(input.getType());
    if (inputType.getRank() != resultType.getRank()) {
      input = expandRank(rewriter, loc, input, *axes, resultType.getRank());
    }
    rewriter.replaceOp(op, fillByDoubling(rewriter, loc, input, alloc));
    return success();
  }

private:
  /// `input` seen with `rank` dims: input dim k is dim `axes[k]`, the others
  /// have size 1 (a reshape of the same bytes).
  static Value expandRank(OpBuilder &builder, Location loc, Value input,
                          ArrayRef<int64_t> axes, int64_t rank) {
    if (Const::DeclareOp constant = getConstant(input)) {
      input = copyConstant(builder, loc, input);
    }
    input = getCompact(builder, loc, input);
    BufferType in(llvm::cast<MemRefType>(input.getType()));
    shape::Shape inShape = in.getShape();
    shape::Shape shape(rank, 1);
    for (auto [k, axis] : llvm::enumerate(axes)) {
      shape[Dim(axis)] = inShape[Dim(k)];
    }
    // The added dims (size 1) first, then the input's dims in its order.
    SmallVector<Dim> perm;
    for (int64_t d = 0; d < rank; ++d) {
      if (!llvm::is_contained(axes, d)) {
        perm.push_back(Dim(d));
      }
    }
    for (Dim d : in.getOrder().toPermutation()) {
      perm.push_back(Dim(axes[d.ind()]));
    }
    BufferType expanded = BufferType::getCompact(
        shape, in.getElementType(), DimsOrder::fromPermutation(perm),
        llvm::cast_if_present<MemorySpaceAttr>(in.getType().getMemorySpace()));
    return builder.create<GenericReshapeOp>(loc, expanded.getType(), input);
  }
};

/// VPU.SW.Range -> a constant buffer of its values (start + i * delta,
/// computed in double precision and rounded once to the element type).
class ConvertRange final : public DataLayerPattern<VPU::SWRangeOp> {
public:
  using DataLayerPattern::DataLayerPattern;

  LogicalResult
  matchAndRewrite(VPU::SWRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType resultType = getResultType(op);
    if (!resultType) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    auto tensorType = RankedTensorType::get(resultType.getShape(),
                                            resultType.getElementType());
    FailureOr<DenseElementsAttr> values = getValues(op, tensorType);
    if (failed(values)) {
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    }
    Location loc = op.getLoc();
    Value constant =
        createConstant(rewriter, loc, Const::ContentAttr::get(*values));
    if (constant.getType() != resultType) {
      constant = copyToNewBuffer(rewriter, loc, constant, resultType);
    }
    rewriter.replaceOp(op, constant);
    return success();
  }

  /// The values of the range `op` as elements of `type`.
  static FailureOr<DenseElementsAttr> getValues(VPU::SWRangeOp op,
                                                RankedTensorType type) {
    double start = op.getStart().convertToDouble();
    double delta = op.getDelta().convertToDouble();
    int64_t count = type.getNumElements();
    Type elementType = type.getElementType();
    if (auto floatType = llvm::dyn_cast<FloatType>(elementType)) {
      SmallVector<APFloat> values;
      for (int64_t i = 0; i < count; ++i) {
        APFloat value(start + static_cast<double>(i) * delta);
        bool lost = false;
        value.convert(floatType.getFloatSemantics(),
                      APFloat::rmNearestTiesToEven, &lost);
        values.push_back(value);
      }
      return DenseElementsAttr::get(type, values);
    }
    if (auto intType = llvm::dyn_cast<IntegerType>(elementType)) {
      SmallVector<APInt> values;
      for (int64_t i = 0; i < count; ++i) {
        auto value =
            static_cast<int64_t>(start + static_cast<double>(i) * delta);
        values.push_back(APInt(intType.getWidth(), value,
                               /*isSigned=*/!intType.isUnsigned()));
      }
      return DenseElementsAttr::get(type, values);
    }
    return failure();
  }
};

} // namespace

LogicalResult checkDataLayer(Operation *op, std::string &reason) {
  if (llvm::isa<VPU::SWRangeOp>(op)) {
    Type elementType =
        llvm::cast<ShapedType>(op->getResult(0).getType()).getElementType();
    if (!llvm::isa<FloatType, IntegerType>(elementType)) {
      reason = "a range of this element type has no constant form";
      return failure();
    }
    return success();
  }
  auto input = llvm::cast<RankedTensorType>(op->getOperand(0).getType());
  FailureOr<shape::Bit> elemSize =
      shape::getElemTypeSize(input.getElementType());
  if (failed(elemSize) || elemSize->count() < 8) {
    reason = "its elements are narrower than a byte, and DMAs move such "
             "elements only between identical compact layouts";
    return failure();
  }
  if (llvm::isa<VPU::SWStridedSliceOp, VPU::SWSliceOp>(op)) {
    return getSliceBox(op, reason);
  }
  if (auto broadcast = llvm::dyn_cast<VPU::SWBroadcastOp>(op)) {
    return getBroadcastAxes(broadcast, reason);
  }
  // Tiles: the verifier guarantees whole repeats.
  return success();
}

void populateDataLayerPatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns) {
  patterns
      .add<ConvertStridedSlice<VPU::SWStridedSliceOp>,
           ConvertStridedSlice<VPU::SWSliceOp>, ConvertTile<VPU::SWTileOp>,
           ConvertTile<VPU::SWPerAxisTileOp>, ConvertBroadcast, ConvertRange>(
          typeConverter, patterns.getContext());
}

} // namespace mlir::vpuc::VPUIP
