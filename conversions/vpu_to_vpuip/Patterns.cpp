//===- Patterns.cpp - VPU to VPUIP bufferisation patterns -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The type converter and the patterns of Patterns.h:
//   * ConvertKernelLayer: a software layer becomes the planned kernel call
//     (VPUIP.SW.Kernel or VPUIP.UPA.SW) on fresh output buffers;
//   * ConvertReorder: VPU.SW.Reorder becomes a VPUIP.Copy between layouts;
//   * the data layers (strided slices, tiles, broadcasts, ranges) become
//     views, copies and constants (DataMovement.cpp);
//   * ConvertSlice, ConvertReshape, ConvertConcat: the views (a
//     concatenation copies each input into its part; ConcatInPlace.cpp then
//     lets producing tasks write their parts directly);
//   (reorders, slices and row-major reshapes of constants become constants:
//   tasks read constant buffers directly, never through views);
//   * ConvertConstant: a constant tensor becomes a constant buffer;
//   * ConvertReturn: results become buffers, strided views copied first.
// The patterns of ops that read tensors are built without the type converter,
// so their operands are the values that replaced the tensors, strided views
// included (the converter would force the compact type on them); result types
// come from the converter.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/Patterns.h"

#include "conversions/vpu_to_vpuip/BufferUtils.h"
#include "conversions/vpu_to_vpuip/DataMovement.h"
#include "conversions/vpu_to_vpuip/KernelCalls.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::vpuc::VPUIP {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The buffer of the VPU tensor `type`, or null.
static Type convertTensorType(RankedTensorType type) {
  if (!VPU::isTensorType(type)) {
    return Type();
  }
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  FailureOr<VPU::MemorySpaceAttr> memory = VPU::getMemorySpace(type);
  if (failed(order) || failed(memory)) {
    return Type();
  }
  MemorySpaceAttr space;
  if (!memory->isDDR()) {
    std::optional<MemoryKind> kind =
        symbolizeMemoryKind(VPU::stringifyMemoryKind(memory->getKind()));
    if (!kind) {
      return Type();
    }
    space = MemorySpaceAttr::get(type.getContext(), *kind, memory->getIndex());
  }
  // A buffer holds the storage integers of a quantized tensor: the
  // quantisation parameters go to the kernels as arguments.
  Type elementType = shape::getStorageElementType(type.getElementType());
  MemRefType buffer =
      shape::withOrder(MemRefType::get(type.getShape(), elementType,
                                       MemRefLayoutAttrInterface(), space),
                       *order);
  if (!isBufferType(buffer)) {
    return Type();
  }
  return buffer;
}

VPUToVPUIPTypeConverter::VPUToVPUIPTypeConverter() {
  // Tried last to first: VPU tensors, other tensors (no buffer), the rest.
  addConversion([](Type type) { return type; });
  addConversion([](TensorType) -> std::optional<Type> { return Type(); });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    return convertTensorType(type);
  });
}

namespace {

//===----------------------------------------------------------------------===//
// Software layers
//===----------------------------------------------------------------------===//

/// A software layer -> its planned kernel call on new output buffers.
class ConvertKernelLayer final
    : public OpInterfaceConversionPattern<VPU::SWKernelOpInterface> {
public:
  ConvertKernelLayer(const TypeConverter &converter, const KernelCalls &calls,
                     MLIRContext *context)
      : OpInterfaceConversionPattern(context), converter(converter),
        calls(calls) {}

  LogicalResult
  matchAndRewrite(VPU::SWKernelOpInterface layer, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = layer.getOperation();
    const KernelCall *call = calls.lookup(op);
    if (!call) {
      return rewriter.notifyMatchFailure(op, "no kernel call planned");
    }
    if (!llvm::all_of(operands, isBuffer)) {
      return rewriter.notifyMatchFailure(op, "an operand is not a buffer");
    }
    FailureOr<SmallVector<MemRefType, 1>> resultTypes =
        convertResultTypes(converter, op);
    if (failed(resultTypes)) {
      return rewriter.notifyMatchFailure(op, "a result has no buffer type");
    }
    Location loc = op->getLoc();

    SmallVector<Value> inputs;
    for (int64_t operand : call->inputs) {
      if (operand == KernelCall::kEmptyBuffer) {
        inputs.push_back(createEmptyBuffer(rewriter, loc));
      } else if (int64_t index = getConstantIndex(operand); index >= 0) {
        inputs.push_back(createConstant(
            rewriter, loc, Const::ContentAttr::get(call->constants[index])));
      } else {
        inputs.push_back(operands[operand]);
      }
    }
    SmallVector<Value> allocs;
    for (MemRefType type : *resultTypes) {
      allocs.push_back(rewriter.create<memref::AllocOp>(loc, type));
    }
    SmallVector<Value> outputs;
    SmallVector<Type> outputTypes;
    for (int64_t result : call->outputs) {
      outputs.push_back(allocs[result]);
      outputTypes.push_back(allocs[result].getType());
    }

    Operation *kernel;
    if (calls.getShaveKind() == ShaveKind::ACT) {
      // The tile whose CMX holds the layer's tensors, else the chosen one.
      int64_t tile = calls.getTile();
      for (Value buffer : llvm::concat<Value>(inputs, outputs)) {
        if (std::optional<int64_t> cluster =
                BufferType(llvm::cast<MemRefType>(buffer.getType()))
                    .getClusterIndex()) {
          tile = *cluster;
          break;
        }
      }
      auto swKernel = rewriter.create<SwKernelOp>(
          loc, outputTypes, call->kernel, rewriter.getI64IntegerAttr(tile),
          inputs, outputs, /*shave=*/IntegerAttr());
      SmallVector<Type> argTypes;
      SmallVector<Location> argLocs;
      for (Value buffer : llvm::concat<Value>(inputs, outputs)) {
        argTypes.push_back(buffer.getType());
        argLocs.push_back(loc);
      }
      OpBuilder::InsertionGuard guard(rewriter);
      Block *body =
          rewriter.createBlock(&swKernel.getBody(), {}, argTypes, argLocs);
      rewriter.create<SwKernelRunOp>(loc, body->getArguments(), call->scalars);
      kernel = swKernel;
    } else {
      kernel = rewriter.create<UpaSwOp>(loc, outputTypes, call->kernel, inputs,
                                        outputs, call->scalars,
                                        /*max_shaves=*/IntegerAttr());
    }

    SmallVector<Value> replacements(op->getNumResults());
    for (auto [position, result] : llvm::enumerate(call->outputs)) {
      replacements[result] = kernel->getResult(position);
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }

private:
  /// The buffer passed for an absent optional operand: an empty constant.
  static Value createEmptyBuffer(OpBuilder &builder, Location loc) {
    auto tensor = RankedTensorType::get({0}, builder.getF16Type());
    return createConstant(builder, loc,
                          Const::ContentAttr::get(DenseElementsAttr::get(
                              tensor, ArrayRef<Attribute>())));
  }

  const TypeConverter &converter;
  const KernelCalls &calls;
};

/// VPU.SW.Reorder -> a VPUIP.Copy into a buffer of the new order.
class ConvertReorder final : public OpConversionPattern<VPU::SWReorderOp> {
public:
  ConvertReorder(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/2), converter(converter) {}

  LogicalResult
  matchAndRewrite(VPU::SWReorderOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    FailureOr<SmallVector<MemRefType, 1>> types =
        convertResultTypes(converter, op);
    if (!isBuffer(input) || failed(types)) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    if (Const::DeclareOp constant = getConstant(input)) {
      // A constant in another order is another constant.
      rewriter.replaceOp(
          op, createConstant(rewriter, op.getLoc(),
                             constant.getContent().reorder(op.getDstOrder())));
      return success();
    }
    auto alloc = rewriter.create<memref::AllocOp>(op.getLoc(), types->front());
    rewriter.replaceOpWithNewOp<CopyOp>(op, alloc.getType(), input, alloc);
    return success();
  }

private:
  const TypeConverter &converter;
};

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// VPU.Slice -> VPUIP.SubView (strided when the part is not compact).
class ConvertSlice final : public OpConversionPattern<VPU::SliceOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(VPU::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    if (!isBuffer(input)) {
      return rewriter.notifyMatchFailure(op, "the input is not a buffer");
    }
    if (Const::DeclareOp constant = getConstant(input)) {
      // A part of a constant is a constant.
      rewriter.replaceOp(
          op, createConstant(rewriter, op.getLoc(),
                             constant.getContent().subview(
                                 op.getStaticOffsets(), op.getStaticSizes())));
      return success();
    }
    FailureOr<MemRefType> type =
        SubViewOp::inferResultType([] { return InFlightDiagnostic(); },
                                   llvm::cast<MemRefType>(input.getType()),
                                   op.getStaticOffsets(), op.getStaticSizes());
    if (failed(type)) {
      return rewriter.notifyMatchFailure(op, "not a valid sub-view");
    }
    rewriter.replaceOpWithNewOp<SubViewOp>(
        op, *type, input, op.getStaticOffsetsAttr(), op.getStaticSizesAttr(),
        /*static_strides=*/DenseI64ArrayAttr());
    return success();
  }
};

/// VPU.Reshape, VPU.AffineReshape -> VPUIP.GenericReshape of the compact
/// input.
template <typename ReshapeOp>
class ConvertReshape final : public OpConversionPattern<ReshapeOp> {
public:
  ConvertReshape(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<ReshapeOp>(context), converter(converter) {}

  LogicalResult
  matchAndRewrite(ReshapeOp op, typename ReshapeOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    FailureOr<SmallVector<MemRefType, 1>> types =
        convertResultTypes(converter, op);
    if (!isBuffer(input) || failed(types)) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    MemRefType resultType = types->front();
    if (Const::DeclareOp constant = getConstant(input)) {
      // A row-major constant with another shape is a constant; otherwise the
      // view reads a copy.
      if (llvm::cast<MemRefType>(constant.getType()).getLayout().isIdentity() &&
          resultType.getLayout().isIdentity()) {
        rewriter.replaceOp(op, createConstant(rewriter, op.getLoc(),
                                              constant.getContent().reshape(
                                                  resultType.getShape())));
        return success();
      }
      input = copyConstant(rewriter, op.getLoc(), input);
    }
    Value compact = getCompact(rewriter, op.getLoc(), input);
    rewriter.replaceOpWithNewOp<GenericReshapeOp>(op, resultType, compact);
    return success();
  }

private:
  const TypeConverter &converter;
};

/// VPU.Concat -> an output buffer, a copy of each input into its part of it,
/// and a VPUIP.ConcatView joining the copies.
class ConvertConcat final : public OpConversionPattern<VPU::ConcatOp> {
public:
  ConvertConcat(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(context), converter(converter) {}

  LogicalResult
  matchAndRewrite(VPU::ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<MemRefType, 1>> types =
        convertResultTypes(converter, op);
    if (!llvm::all_of(adaptor.getInputs(), isBuffer) || failed(types)) {
      return rewriter.notifyMatchFailure(op, "types do not convert");
    }
    MemRefType outputType = types->front();
    int64_t rank = outputType.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0) {
      axis += rank;
    }
    if (axis < 0 || axis >= rank) {
      return rewriter.notifyMatchFailure(op, "axis out of range");
    }
    Location loc = op.getLoc();
    auto alloc = rewriter.create<memref::AllocOp>(loc, outputType);
    SmallVector<Value> parts;
    SmallVector<int64_t> offsets(rank, 0);
    for (Value input : adaptor.getInputs()) {
      auto inputType = llvm::cast<MemRefType>(input.getType());
      if (inputType.getNumElements() == 0) {
        continue;
      }
      SmallVector<int64_t> sizes(inputType.getShape());
      auto view = rewriter.create<SubViewOp>(loc, alloc, offsets, sizes);
      parts.push_back(
          rewriter.create<CopyOp>(loc, view.getType(), input, view));
      offsets[axis] += sizes[axis];
    }
    if (parts.empty()) {
      rewriter.replaceOp(op, alloc.getResult());
      return success();
    }
    rewriter.replaceOpWithNewOp<ConcatViewOp>(op, outputType, parts, alloc);
    return success();
  }

private:
  const TypeConverter &converter;
};

//===----------------------------------------------------------------------===//
// Constants and returns
//===----------------------------------------------------------------------===//

/// A constant tensor -> the constant's buffer, same content.
class ConvertConstant final : public OpConversionPattern<Const::DeclareOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Const::DeclareOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::isa<RankedTensorType>(op.getType())) {
      return rewriter.notifyMatchFailure(op, "not a tensor constant");
    }
    MemRefType buffer =
        Const::DeclareOp::getBufferType(op.getContent().getType());
    if (getTypeConverter()->convertType(op.getType()) != buffer) {
      return rewriter.notifyMatchFailure(
          op, "the tensor is not a DDR tensor compact in its content's order");
    }
    rewriter.replaceOpWithNewOp<Const::DeclareOp>(op, buffer, op.getContent());
    return success();
  }
};

/// func.return: returns buffers of the converted result types, copying a
/// strided view into a compact buffer first.
class ConvertReturn final : public OpConversionPattern<func::ReturnOp> {
public:
  ConvertReturn(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(context), converter(converter) {}

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> results;
    for (auto [original, value] :
         llvm::zip(op.getOperands(), adaptor.getOperands())) {
      Type expected = converter.convertType(original.getType());
      if (!expected) {
        return rewriter.notifyMatchFailure(op,
                                           "a result type does not convert");
      }
      if (value.getType() != expected && isBuffer(value)) {
        value = getCompact(rewriter, op.getLoc(), value);
      }
      if (value.getType() != expected) {
        return rewriter.notifyMatchFailure(op, "a result is not its buffer");
      }
      results.push_back(value);
    }
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, results);
    return success();
  }

private:
  const TypeConverter &converter;
};

} // namespace

void populateVPUToVPUIPConversionPatterns(const TypeConverter &typeConverter,
                                          const KernelCalls &calls,
                                          RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertKernelLayer>(typeConverter, calls, context);
  patterns.add<ConvertReorder, ConvertConcat, ConvertReturn,
               ConvertReshape<VPU::ReshapeOp>,
               ConvertReshape<VPU::AffineReshapeOp>>(typeConverter, context);
  patterns.add<ConvertSlice>(context);
  patterns.add<ConvertConstant>(typeConverter, context);
  populateDataLayerPatterns(typeConverter, patterns);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 typeConverter);
}

} // namespace mlir::vpuc::VPUIP
