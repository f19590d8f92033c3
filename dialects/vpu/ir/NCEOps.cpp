//===- NCEOps.cpp - The NCE ops of the VPU dialect --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers (the HW limits of NCELimits.h), result types, host inference (the
// equivalent IE op's kernel in FP32, then the PPE, then rounding to the result
// type), cost and the static `isSupported` queries of the VPU.NCE.* ops.
//
//===----------------------------------------------------------------------===//

#include <string>
#include <type_traits>

#include "core/shape/DimsOrder.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/ie/utils/Rounding.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU {

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

ArrayRef<int64_t> shapeOf(Value value) { return tensorOf(value).getShape(); }

/// A LogCallback that reports the first violation as an error of `op`.
class FirstError {
public:
  explicit FirstError(Operation *op) : op(op) {}

  void operator()(const Twine &reason) {
    if (!failed) {
      op->emitOpError() << reason;
      failed = true;
    }
  }

  bool hasFailed() const { return failed; }

  LogicalResult result() const { return failure(failed); }

private:
  Operation *op;
  bool failed = false;
};

/// Prints a shape as `[a, b, ...]`.
std::string describe(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

/// Every operand and result of `op` is a VPU tensor, all in one memory.
LogicalResult verifyTensors(Operation *op) {
  return verifyTensorsInOneMemory(op, "an NCE op");
}

/// Checks that `value` (named `what`) has rank `rank`.
bool checkRank(Value value, int64_t rank, StringRef what, LogCallback log) {
  int64_t actual = tensorOf(value).getRank();
  if (actual != rank) {
    log(what + " has rank " + Twine(actual) + ", expected " + Twine(rank));
    return false;
  }
  return true;
}

/// Checks a bias operand's shape: rank 1, [channels] (its element type is
/// checked with the others, NCE::checkConvElementTypes).
bool checkBias(Value bias, int64_t channels, LogCallback log) {
  if (!bias) {
    return true;
  }
  ArrayRef<int64_t> shape = shapeOf(bias);
  if (shape.size() != 1 || shape[0] != channels) {
    log("bias shape " + describe(shape) + " is not [" + Twine(channels) +
        "] (one value per output channel)");
    return false;
  }
  return true;
}

/// Checks the element types of the (depthwise) convolution `op`.
bool checkConvTypes(Operation *op, Value input, Value filter, Value bias,
                    Value output, LogCallback log) {
  return NCE::checkConvElementTypes(
      input.getType(), filter.getType(), bias ? bias.getType() : Type(),
      output.getType(), NCE::getTargetElementTypes(op), log);
}

/// Checks that the PPE fits the output: the requantisation fields need a
/// quantized output.
bool checkPPE(PPEAttr ppe, Value output, LogCallback log) {
  if (ppe.hasRequantization()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << tensorOf(output).getElementType();
    log("the PPE's requantisation fields need a quantized output, but the "
        "output element type is " +
        text);
    return false;
  }
  return true;
}

/// The output shape [N, channels, OH, OW] of a window op on `input`
/// ([N, C, H, W]) with the floor rule; fails with `error` if the window is
/// malformed or does not fit the padded input.
FailureOr<SmallVector<int64_t, 4>>
inferWindowShape(ArrayRef<int64_t> input, int64_t channels,
                 ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> padsEnd,
                 std::string &error) {
  if (input.size() != 4 || kernel.size() != 2 || strides.size() != 2 ||
      padsBegin.size() != 2 || padsEnd.size() != 2) {
    error = "an NCE op needs a rank-4 input and two values (y, x) per window "
            "attribute";
    return failure();
  }
  SmallVector<int64_t, 4> shape = {input[0], channels};
  const char *axes[2] = {"height", "width"};
  for (int axis = 0; axis < 2; ++axis) {
    if (strides[axis] < 1) {
      error = "strides must be positive";
      return failure();
    }
    int64_t padded = input[2 + axis] + padsBegin[axis] + padsEnd[axis];
    if (kernel[axis] > padded) {
      error = ("the kernel " + Twine(axes[axis]) + " " + Twine(kernel[axis]) +
               " exceeds the padded input " + axes[axis] + " " + Twine(padded))
                  .str();
      return failure();
    }
    shape.push_back((padded - kernel[axis]) / strides[axis] + 1);
  }
  return shape;
}

/// Appends the type of a window op's output: the shape from inferWindowShape,
/// the input's element type and encoding (order and memory).
LogicalResult inferWindowType(std::optional<Location> loc, Value input,
                              int64_t channels, ArrayRef<int64_t> kernel,
                              ArrayRef<int64_t> strides,
                              ArrayRef<int64_t> padsBegin,
                              ArrayRef<int64_t> padsEnd,
                              SmallVectorImpl<Type> &types) {
  auto inputType = llvm::dyn_cast<RankedTensorType>(input.getType());
  if (!inputType) {
    return emitOptionalError(loc, "the input is not a ranked tensor");
  }
  std::string error;
  FailureOr<SmallVector<int64_t, 4>> shape =
      inferWindowShape(inputType.getShape(), channels, kernel, strides,
                       padsBegin, padsEnd, error);
  if (failed(shape)) {
    return emitOptionalError(loc, error);
  }
  types.push_back(RankedTensorType::get(*shape, inputType.getElementType(),
                                        inputType.getEncoding()));
  return success();
}

/// The checks shared by every window op, after its operand checks: window
/// limits, the window fitting the padded input, batch, activation layouts,
/// channel alignment (`denseConvolution`: the input may have the target's
/// compressed-input channel count) and the PPE.
LogicalResult verifyWindowOp(Operation *op, Value input, Value output,
                             int64_t outChannels, ArrayRef<int64_t> kernel,
                             ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> padsBegin,
                             ArrayRef<int64_t> padsEnd, PPEAttr ppe,
                             FirstError &log, bool denseConvolution = false) {
  auto logFn = [&](const Twine &reason) { log(reason); };
  const NCE::Limits limits = NCE::getTargetLimits(op);
  if (log.hasFailed() ||
      !NCE::checkWindow(kernel, strides, padsBegin, padsEnd, limits, logFn)) {
    return failure();
  }
  std::string error;
  if (failed(inferWindowShape(shapeOf(input), outChannels, kernel, strides,
                              padsBegin, padsEnd, error))) {
    return op->emitOpError() << error;
  }
  if (!NCE::checkBatch(shapeOf(input), "input", logFn) ||
      !NCE::checkActivationLayout(input.getType(), "input", logFn) ||
      !(denseConvolution
            ? NCE::checkConvolutionInputChannels(shapeOf(input)[1], limits,
                                                 logFn)
            : NCE::checkChannels(shapeOf(input)[1], "input channels", limits,
                                 logFn)) ||
      !NCE::checkChannels(outChannels, "output channels", limits, logFn) ||
      !checkPPE(ppe, output, logFn)) {
    return failure();
  }
  return success();
}

/// Prints a type for a message.
std::string describe(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Checks that every activation of a layer (`inputs`, then `output`) is a
/// static rank-4 tensor with batch 1, of a supported float element type unless
/// `anyElementType` (a convolution checks its types together) and, if asked,
/// NHWC.
bool checkLayerActivations(ArrayRef<Type> inputs, Type output, LogCallback log,
                           NCE::SupportOptions options,
                           bool anyElementType = false) {
  bool ok = true;
  auto check = [&](Type type, const std::string &what) {
    auto tensor = llvm::dyn_cast_or_null<RankedTensorType>(type);
    if (!tensor || tensor.getRank() != 4 || !tensor.hasStaticShape()) {
      log(what + " type " + describe(type) +
          " is not a static rank-4 tensor: the NCE runs 2-D ops on [N, C, H, "
          "W]");
      ok = false;
      return;
    }
    ok &= NCE::checkBatch(tensor.getShape(), what, log);
    if (!anyElementType) {
      ok &= NCE::checkElementType(tensor.getElementType(), what, log,
                                  options.targetElementTypes);
    }
    if (options.checkLayouts) {
      ok &= NCE::checkActivationLayout(tensor, what, log);
    }
  };
  for (auto [index, type] : llvm::enumerate(inputs)) {
    check(type, ("input #" + Twine(index)).str());
  }
  check(output, "output");
  return ok;
}

/// The filter and bias checks of a (group) convolution: a constant filter
/// (unless `activationFilter`), a constant bias, element types
/// NCE::checkConvElementTypes accepts, no dilation.
bool checkLayerWeights(const NCE::LayerDesc &layer, LogCallback log,
                       NCE::SupportOptions options,
                       bool activationFilter = false) {
  bool ok = true;
  if (!layer.constantFilter && !activationFilter) {
    log("the filter is not a constant: the NCE reads its weights through a "
        "weights table built at compile time");
    ok = false;
  }
  if (layer.bias && !layer.constantBias) {
    log("the bias is not a constant: the NCE reads it from the weights "
        "table");
    ok = false;
  }
  ok &=
      NCE::checkConvElementTypes(layer.inputs.front(), layer.filter, layer.bias,
                                 layer.output, options.targetElementTypes, log);
  if (llvm::any_of(layer.dilations, [](int64_t d) { return d != 1; })) {
    log("dilations " + describe(ArrayRef<int64_t>(layer.dilations)) +
        " are not supported: the NCE has no dilated convolution");
    ok = false;
  }
  return ok;
}

/// The kernel (KY, KX) of a rank-4 filter type.
SmallVector<int64_t, 2> filterKernel(Type filter) {
  ArrayRef<int64_t> shape = llvm::cast<ShapedType>(filter).getShape();
  if (shape.size() != 4) {
    return {};
  }
  return {shape[2], shape[3]};
}

/// The kernel (KY, KX) of a rank-4 filter.
SmallVector<int64_t, 2> filterKernel(Value filter) {
  return filterKernel(filter.getType());
}

/// The channels (dim 1) of a checked activation type.
int64_t channelsOf(Type type) {
  return llvm::cast<RankedTensorType>(type).getDimSize(1);
}

/// Checks that a convolution layer has a filter; a malformed description is
/// logged rather than asserted.
bool checkHasFilter(const NCE::LayerDesc &layer, LogCallback log) {
  if (!llvm::isa_and_nonnull<ShapedType>(layer.filter)) {
    log("the convolution has no filter type");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Host inference
//===----------------------------------------------------------------------===//

/// Builds the IE op equivalent to an NCE op from `args` (block arguments of
/// the operand shapes, f32) and the f32 `resultType`.
using IEBuilder = function_ref<Operation *(
    OpBuilder &builder, Location loc, ArrayRef<Value> args, Type resultType)>;

/// The post-op of IE layers that computes what `ppe` does, or nothing for
/// NONE.
std::optional<IE::PostOp> toPostOp(PPEAttr ppe) {
  IE::PostOp postOp;
  switch (ppe.getMode()) {
  case PPEMode::NONE:
    return std::nullopt;
  case PPEMode::RELU:
    postOp.kind = IE::PostOpKind::ReLU;
    break;
  case PPEMode::CLAMP:
    postOp.kind = IE::PostOpKind::Clamp;
    postOp.min = ppe.getClampLow().getValueAsDouble();
    postOp.max = ppe.getClampHigh().getValueAsDouble();
    break;
  case PPEMode::LEAKY_RELU:
    postOp.kind = IE::PostOpKind::LeakyRelu;
    postOp.slope = ppe.getSlope().getValueAsDouble();
    break;
  }
  return postOp;
}

/// Runs the IE op `build` returns on `inputs` and rounds to the NCE op's
/// result element type: in FP32 followed by `ppe` for a float op; on the
/// op's own quantized types with `ppe` as the IE op's post-op (the quantized
/// layer's arithmetic) for a quantized one.
LogicalResult runAsIE(Operation *op, PPEAttr ppe,
                      ArrayRef<IE::HostTensor> inputs,
                      SmallVectorImpl<IE::HostTensor> &outputs,
                      IEBuilder build) {
  if (inputs.size() != op->getNumOperands()) {
    return op->emitOpError() << "inference expects " << op->getNumOperands()
                             << " input tensors, got " << inputs.size();
  }
  for (auto [index, input, operand] :
       llvm::enumerate(inputs, op->getOperands())) {
    if (!input.isConsistent() ||
        ArrayRef<int64_t>(input.shape) != shapeOf(operand)) {
      return op->emitOpError() << "inference input #" << index << " has shape "
                               << describe(input.shape) << " and "
                               << input.data.size() << " values but operand #"
                               << index << " has type " << operand.getType();
    }
  }
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  const bool quantized = llvm::isa<quant::QuantizedType>(
      getElementTypeOrSelf(op->getOperand(0).getType()));
  // A float op computes in FP32; a quantized one on its element types.
  auto hostType = [&](Value value) -> Type {
    return RankedTensorType::get(shapeOf(value),
                                 quantized ? tensorOf(value).getElementType()
                                           : Type(Float32Type::get(context)));
  };
  Block block;
  SmallVector<Value, 3> args;
  for (Value operand : op->getOperands()) {
    args.push_back(block.addArgument(hostType(operand), loc));
  }
  RankedTensorType resultType = tensorOf(op->getResult(0));
  OpBuilder builder(context);
  Operation *ieOp = build(builder, loc, args, hostType(op->getResult(0)));
  if (quantized) {
    if (std::optional<IE::PostOp> postOp = toPostOp(ppe)) {
      if (!llvm::isa<IE::LayerWithPostOpInterface>(ieOp)) {
        ieOp->erase();
        return op->emitOpError()
               << "inference: a quantized layer of this kind has no PPE "
                  "activation";
      }
      ieOp->setAttr(IE::kPostOpAttrName, IE::buildPostOpAttr(context, *postOp));
    }
  }
  LogicalResult result =
      llvm::cast<IE::InferenceOpInterface>(ieOp).inferOnCPU(inputs, outputs);
  ieOp->erase();
  if (failed(result)) {
    return failure();
  }
  if (quantized) {
    return success();
  }
  const bool toF16 = resultType.getElementType().isF16();
  for (float &value : outputs.front().data) {
    value = ppe.apply(value);
    if (toF16) {
      value = IE::roundToF16(value);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Cost
//===----------------------------------------------------------------------===//

int64_t numElements(Value value) { return tensorOf(value).getNumElements(); }

/// One FLOP per output element for an activation PPE.
int64_t ppeFLOPs(PPEAttr ppe, Value output) {
  return ppe.getMode() == PPEMode::NONE ? 0 : numElements(output);
}

} // namespace

FailureOr<RankedTensorType>
NCE::inferWindowOutputType(RankedTensorType input, int64_t channels,
                           ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                           ArrayRef<int64_t> padsBegin,
                           ArrayRef<int64_t> padsEnd) {
  std::string error;
  FailureOr<SmallVector<int64_t, 4>> shape = inferWindowShape(
      input.getShape(), channels, kernel, strides, padsBegin, padsEnd, error);
  if (failed(shape)) {
    return failure();
  }
  return RankedTensorType::get(*shape, input.getElementType(),
                               input.getEncoding());
}

//===----------------------------------------------------------------------===//
// NCE.Convolution
//===----------------------------------------------------------------------===//

LogicalResult NCEConvolutionOp::verifyBeforeInference() {
  if (failed(verifyTensors(*this))) {
    return failure();
  }
  FirstError log(*this);
  auto logFn = [&](const Twine &reason) { log(reason); };
  if (!checkRank(getInput(), 4, "input", logFn) ||
      !checkRank(getFilter(), 4, "filter", logFn) ||
      !checkConvTypes(*this, getInput(), getFilter(), getBias(), getOutput(),
                      logFn) ||
      !NCE::checkFilterLayout(getFilter().getType(), logFn)) {
    return failure();
  }
  ArrayRef<int64_t> input = shapeOf(getInput());
  ArrayRef<int64_t> filter = shapeOf(getFilter());
  if (filter[1] != input[1]) {
    return emitOpError() << "filter " << describe(filter) << " reads "
                         << filter[1] << " input channels but the input has "
                         << input[1];
  }
  if (!checkBias(getBias(), filter[0], logFn)) {
    return failure();
  }
  return verifyWindowOp(*this, getInput(), getOutput(), filter[0],
                        filterKernel(getFilter()), getStrides(), getPadsBegin(),
                        getPadsEnd(), getPpe(), log,
                        /*denseConvolution=*/true);
}

LogicalResult NCEConvolutionOp::inferReturnTypes(MLIRContext *,
                                                 std::optional<Location> loc,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  auto filter = llvm::dyn_cast<RankedTensorType>(adaptor.getFilter().getType());
  if (!filter || filter.getRank() != 4) {
    return emitOptionalError(loc, "the filter is not a rank-4 tensor");
  }
  return inferWindowType(loc, adaptor.getInput(), filter.getDimSize(0),
                         filter.getShape().drop_front(2), adaptor.getStrides(),
                         adaptor.getPadsBegin(), adaptor.getPadsEnd(), types);
}

LogicalResult
NCEConvolutionOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                             SmallVectorImpl<IE::HostTensor> &outputs) {
  return runAsIE(*this, getPpe(), inputs, outputs,
                 [&](OpBuilder &b, Location loc, ArrayRef<Value> args,
                     Type type) -> Operation * {
                   return b.create<IE::ConvolutionOp>(
                       loc, type, args[0], args[1],
                       args.size() > 2 ? args[2] : Value(), getStrides(),
                       getPadsBegin(), getPadsEnd(), ArrayRef<int64_t>{1, 1});
                 });
}

std::optional<int64_t> NCEConvolutionOp::getNumMACs() {
  ArrayRef<int64_t> filter = shapeOf(getFilter());
  return numElements(getOutput()) * filter[1] * filter[2] * filter[3];
}

std::optional<int64_t> NCEConvolutionOp::getNumFLOPs() {
  return 2 * *getNumMACs() + (getBias() ? numElements(getOutput()) : 0) +
         ppeFLOPs(getPpe(), getOutput());
}

SmallVector<int64_t, 2> NCEConvolutionOp::getKernelSizeVector() {
  return filterKernel(getFilter());
}

bool NCEConvolutionOp::isSupported(const NCE::LayerDesc &layer, LogCallback log,
                                   NCE::SupportOptions options) {
  if (!checkHasFilter(layer, log) ||
      !checkLayerActivations(layer.inputs, layer.output, log, options,
                             /*anyElementType=*/true)) {
    return false;
  }
  bool ok = checkLayerWeights(layer, log, options);
  ok &= NCE::checkWindow(filterKernel(layer.filter), layer.strides,
                         layer.padsBegin, layer.padsEnd, options.getLimits(),
                         log);
  if (options.checkChannelAlignment) {
    ok &= NCE::checkConvolutionInputChannels(channelsOf(layer.inputs.front()),
                                             options.getLimits(), log);
    ok &= NCE::checkChannels(channelsOf(layer.output), "output channels",
                             options.getLimits(), log);
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// NCE.DepthConvolution
//===----------------------------------------------------------------------===//

LogicalResult NCEDepthConvolutionOp::verifyBeforeInference() {
  if (failed(verifyTensors(*this))) {
    return failure();
  }
  FirstError log(*this);
  auto logFn = [&](const Twine &reason) { log(reason); };
  if (!checkRank(getInput(), 4, "input", logFn) ||
      !checkRank(getFilter(), 4, "filter", logFn) ||
      !checkConvTypes(*this, getInput(), getFilter(), getBias(), getOutput(),
                      logFn) ||
      !NCE::checkFilterLayout(getFilter().getType(), logFn)) {
    return failure();
  }
  ArrayRef<int64_t> input = shapeOf(getInput());
  ArrayRef<int64_t> filter = shapeOf(getFilter());
  if (filter[0] != input[1] || filter[1] != 1) {
    return emitOpError() << "filter " << describe(filter) << " is not ["
                         << input[1]
                         << ", 1, KY, KX] (one filter per input channel)";
  }
  if (!checkBias(getBias(), filter[0], logFn)) {
    return failure();
  }
  return verifyWindowOp(*this, getInput(), getOutput(), filter[0],
                        filterKernel(getFilter()), getStrides(), getPadsBegin(),
                        getPadsEnd(), getPpe(), log);
}

LogicalResult NCEDepthConvolutionOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  auto filter = llvm::dyn_cast<RankedTensorType>(adaptor.getFilter().getType());
  if (!filter || filter.getRank() != 4) {
    return emitOptionalError(loc, "the filter is not a rank-4 tensor");
  }
  return inferWindowType(loc, adaptor.getInput(), filter.getDimSize(0),
                         filter.getShape().drop_front(2), adaptor.getStrides(),
                         adaptor.getPadsBegin(), adaptor.getPadsEnd(), types);
}

LogicalResult
NCEDepthConvolutionOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                                  SmallVectorImpl<IE::HostTensor> &outputs) {
  const uint64_t groups = shapeOf(getInput())[1];
  return runAsIE(*this, getPpe(), inputs, outputs,
                 [&](OpBuilder &b, Location loc, ArrayRef<Value> args,
                     Type type) -> Operation * {
                   return b.create<IE::GroupConvolutionOp>(
                       loc, type, args[0], args[1],
                       args.size() > 2 ? args[2] : Value(), getStrides(),
                       getPadsBegin(), getPadsEnd(), ArrayRef<int64_t>{1, 1},
                       groups);
                 });
}

std::optional<int64_t> NCEDepthConvolutionOp::getNumMACs() {
  ArrayRef<int64_t> filter = shapeOf(getFilter());
  return numElements(getOutput()) * filter[2] * filter[3];
}

std::optional<int64_t> NCEDepthConvolutionOp::getNumFLOPs() {
  return 2 * *getNumMACs() + (getBias() ? numElements(getOutput()) : 0) +
         ppeFLOPs(getPpe(), getOutput());
}

SmallVector<int64_t, 2> NCEDepthConvolutionOp::getKernelSizeVector() {
  return filterKernel(getFilter());
}

bool NCEDepthConvolutionOp::isSupported(const NCE::LayerDesc &layer,
                                        LogCallback log,
                                        NCE::SupportOptions options) {
  if (!checkHasFilter(layer, log) ||
      !checkLayerActivations(layer.inputs, layer.output, log, options,
                             /*anyElementType=*/true)) {
    return false;
  }
  // A depthwise filter may be an activation (e.g. a squeeze-excitation's
  // channel scales): the DPU reads the weights from CMX like any operand, and
  // the weights table holds only their offsets and the scales of the types.
  bool ok = checkLayerWeights(layer, log, options, /*activationFilter=*/true);
  const int64_t inChannels = channelsOf(layer.inputs.front());
  const int64_t outChannels = channelsOf(layer.output);
  if (layer.groups != inChannels || outChannels != inChannels) {
    log("groups " + Twine(layer.groups) + " with " + Twine(inChannels) +
        " input and " + Twine(outChannels) +
        " output channels is not a depthwise convolution (groups = input "
        "channels = output channels)");
    ok = false;
  }
  ok &= NCE::checkWindow(filterKernel(layer.filter), layer.strides,
                         layer.padsBegin, layer.padsEnd, options.getLimits(),
                         log);
  if (options.checkChannelAlignment) {
    ok &= NCE::checkChannels(inChannels, "channels", options.getLimits(), log);
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

namespace {

/// The verifier of both pools.
/// The result type of a pool with the operands and attributes of `adaptor`.
template <typename Adaptor>
LogicalResult inferPoolType(std::optional<Location> loc, Adaptor adaptor,
                            SmallVectorImpl<Type> &types) {
  auto input = llvm::dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  if (!input || input.getRank() != 4) {
    return emitOptionalError(loc, "the input is not a rank-4 tensor");
  }
  return inferWindowType(loc, adaptor.getInput(), input.getDimSize(1),
                         adaptor.getKernelSize(), adaptor.getStrides(),
                         adaptor.getPadsBegin(), adaptor.getPadsEnd(), types);
}

/// The DPU operations of a pool: one per output element and window position.
template <typename PoolOp> int64_t getPoolMACs(PoolOp op) {
  ArrayRef<int64_t> kernel = op.getKernelSize();
  return numElements(op.getOutput()) * kernel[0] * kernel[1];
}

template <typename PoolOp> LogicalResult verifyPool(PoolOp op) {
  if (failed(verifyTensors(op))) {
    return failure();
  }
  FirstError log(op);
  auto logFn = [&](const Twine &reason) { log(reason); };
  Type elementType = tensorOf(op.getInput()).getElementType();
  ArrayAttr targetTypes = NCE::getTargetElementTypes(op);
  if (!checkRank(op.getInput(), 4, "input", logFn) ||
      !NCE::checkPoolElementType(elementType, "input", logFn, targetTypes)) {
    return failure();
  }
  return verifyWindowOp(op, op.getInput(), op.getOutput(),
                        shapeOf(op.getInput())[1], op.getKernelSize(),
                        op.getStrides(), op.getPadsBegin(), op.getPadsEnd(),
                        op.getPpe(), log);
}

/// The checks of both pools but exclude_pad.
bool isSupportedPool(const NCE::LayerDesc &layer, LogCallback log,
                     NCE::SupportOptions options) {
  if (!checkLayerActivations(layer.inputs, layer.output, log, options,
                             /*anyElementType=*/true)) {
    return false;
  }
  Type input = llvm::cast<ShapedType>(layer.inputs.front()).getElementType();
  Type output = llvm::cast<ShapedType>(layer.output).getElementType();
  bool typesOk = NCE::checkPoolElementType(input, "input #0", log,
                                           options.targetElementTypes);
  typesOk &= NCE::checkPoolElementType(output, "output", log,
                                       options.targetElementTypes);
  if (typesOk && output != input) {
    log("output element type " + describe(output) +
        " differs from the input's: an NCE pool keeps its input's type");
    typesOk = false;
  }
  if (!typesOk) {
    return false;
  }
  bool ok = true;
  if (layer.ceilRounding) {
    log("rounding_type ceil is not supported: NCE pools round the output "
        "size down (floor)");
    ok = false;
  }
  ok &= NCE::checkWindow(layer.kernel, layer.strides, layer.padsBegin,
                         layer.padsEnd, options.getLimits(), log);
  if (options.checkChannelAlignment) {
    ok &= NCE::checkChannels(channelsOf(layer.inputs.front()), "channels",
                             options.getLimits(), log);
  }
  return ok;
}

} // namespace

LogicalResult NCEMaxPoolOp::verifyBeforeInference() {
  return verifyPool(*this);
}

LogicalResult NCEMaxPoolOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  return inferPoolType(loc, adaptor, types);
}

LogicalResult
NCEMaxPoolOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                         SmallVectorImpl<IE::HostTensor> &outputs) {
  return runAsIE(*this, getPpe(), inputs, outputs,
                 [&](OpBuilder &b, Location loc, ArrayRef<Value> args,
                     Type type) -> Operation * {
                   return b.create<IE::MaxPoolOp>(
                       loc, type, args[0], getKernelSize(), getStrides(),
                       getPadsBegin(), getPadsEnd(), IE::RoundingType::FLOOR);
                 });
}

std::optional<int64_t> NCEMaxPoolOp::getNumMACs() { return getPoolMACs(*this); }

std::optional<int64_t> NCEMaxPoolOp::getNumFLOPs() {
  return *getNumMACs() + ppeFLOPs(getPpe(), getOutput());
}

bool NCEMaxPoolOp::isSupported(const NCE::LayerDesc &layer, LogCallback log,
                               NCE::SupportOptions options) {
  return isSupportedPool(layer, log, options);
}

LogicalResult NCEAveragePoolOp::verifyBeforeInference() {
  return verifyPool(*this);
}

LogicalResult NCEAveragePoolOp::inferReturnTypes(MLIRContext *,
                                                 std::optional<Location> loc,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  return inferPoolType(loc, adaptor, types);
}

LogicalResult
NCEAveragePoolOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                             SmallVectorImpl<IE::HostTensor> &outputs) {
  return runAsIE(*this, getPpe(), inputs, outputs,
                 [&](OpBuilder &b, Location loc, ArrayRef<Value> args,
                     Type type) -> Operation * {
                   return b.create<IE::AvgPoolOp>(
                       loc, type, args[0], getKernelSize(), getStrides(),
                       getPadsBegin(), getPadsEnd(), IE::RoundingType::FLOOR,
                       /*exclude_pad=*/false);
                 });
}

std::optional<int64_t> NCEAveragePoolOp::getNumMACs() {
  return getPoolMACs(*this);
}

std::optional<int64_t> NCEAveragePoolOp::getNumFLOPs() {
  return *getNumMACs() + numElements(getOutput()) +
         ppeFLOPs(getPpe(), getOutput());
}

bool NCEAveragePoolOp::isSupported(const NCE::LayerDesc &layer, LogCallback log,
                                   NCE::SupportOptions options) {
  bool ok = isSupportedPool(layer, log, options);
  auto isZero = [](int64_t pad) { return pad == 0; };
  if (layer.excludePad && !(llvm::all_of(layer.padsBegin, isZero) &&
                            llvm::all_of(layer.padsEnd, isZero))) {
    log("exclude_pad with padding is not supported: the NCE divides every "
        "window by the kernel area");
    ok = false;
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// NCE.Eltwise
//===----------------------------------------------------------------------===//

LogicalResult NCEEltwiseOp::verifyBeforeInference() {
  if (failed(verifyTensors(*this))) {
    return failure();
  }
  FirstError log(*this);
  auto logFn = [&](const Twine &reason) { log(reason); };
  if (!checkRank(getInput1(), 4, "input1", logFn) ||
      !NCE::checkEltwiseElementTypes(
          getInput1().getType(), getInput2().getType(), getOutput().getType(),
          NCE::getTargetElementTypes(*this), logFn)) {
    return failure();
  }
  if (shapeOf(getInput2()) != shapeOf(getInput1()) ||
      tensorOf(getInput2()).getEncoding() !=
          tensorOf(getInput1()).getEncoding()) {
    return emitOpError() << "input2 has type " << getInput2().getType()
                         << " but input1 has type " << getInput1().getType()
                         << ": NCE eltwise inputs have one shape, layout and "
                            "memory (no broadcasting)";
  }
  if (llvm::isa<quant::QuantizedType>(tensorOf(getInput1()).getElementType()) &&
      getOpType() == EltwiseType::SUBTRACT) {
    return emitOpError() << "a quantized NCE eltwise op adds or multiplies "
                            "(IE has no quantized Subtract)";
  }
  ArrayRef<int64_t> shape = shapeOf(getInput1());
  if (!NCE::checkBatch(shape, "input1", logFn) ||
      !NCE::checkActivationLayout(getInput1().getType(), "input1", logFn) ||
      !NCE::checkChannels(shape[1], "channels", NCE::getTargetLimits(*this),
                          logFn) ||
      !checkPPE(getPpe(), getOutput(), logFn)) {
    return failure();
  }
  return success();
}

LogicalResult NCEEltwiseOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  types.push_back(adaptor.getInput1().getType());
  return success();
}

LogicalResult
NCEEltwiseOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                         SmallVectorImpl<IE::HostTensor> &outputs) {
  return runAsIE(
      *this, getPpe(), inputs, outputs,
      [&](OpBuilder &b, Location loc, ArrayRef<Value> args,
          Type type) -> Operation * {
        switch (getOpType()) {
        case EltwiseType::ADD:
          return b.create<IE::AddOp>(loc, type, args[0], args[1]);
        case EltwiseType::SUBTRACT:
          return b.create<IE::SubtractOp>(loc, type, args[0], args[1]);
        case EltwiseType::MULTIPLY:
          return b.create<IE::MultiplyOp>(loc, type, args[0], args[1]);
        }
        llvm_unreachable("unknown EltwiseType");
      });
}

std::optional<int64_t> NCEEltwiseOp::getNumMACs() {
  return numElements(getOutput());
}

std::optional<int64_t> NCEEltwiseOp::getNumFLOPs() {
  return numElements(getOutput()) + ppeFLOPs(getPpe(), getOutput());
}

SmallVector<int64_t, 2> NCEEltwiseOp::getKernelSizeVector() { return {1, 1}; }

SmallVector<int64_t, 2> NCEEltwiseOp::getStridesVector() { return {1, 1}; }

SmallVector<int64_t, 2> NCEEltwiseOp::getPadsBeginVector() { return {0, 0}; }

SmallVector<int64_t, 2> NCEEltwiseOp::getPadsEndVector() { return {0, 0}; }

std::optional<EltwiseType> NCEEltwiseOp::getEltwiseType(Operation *ieOp) {
  if (llvm::isa_and_nonnull<IE::AddOp>(ieOp)) {
    return EltwiseType::ADD;
  }
  if (llvm::isa_and_nonnull<IE::SubtractOp>(ieOp)) {
    return EltwiseType::SUBTRACT;
  }
  if (llvm::isa_and_nonnull<IE::MultiplyOp>(ieOp)) {
    return EltwiseType::MULTIPLY;
  }
  return std::nullopt;
}

bool NCEEltwiseOp::isSupported(const NCE::LayerDesc &layer, LogCallback log,
                               NCE::SupportOptions options) {
  if (layer.inputs.size() != 2) {
    log("an NCE eltwise op has two inputs, not " + Twine(layer.inputs.size()));
    return false;
  }
  if (!checkLayerActivations(layer.inputs, layer.output, log, options,
                             /*anyElementType=*/true) ||
      !NCE::checkEltwiseElementTypes(layer.inputs[0], layer.inputs[1],
                                     layer.output, options.targetElementTypes,
                                     log)) {
    return false;
  }
  bool ok = true;
  ArrayRef<int64_t> shape1 = llvm::cast<ShapedType>(layer.inputs[0]).getShape();
  ArrayRef<int64_t> shape2 = llvm::cast<ShapedType>(layer.inputs[1]).getShape();
  if (shape1 != shape2) {
    log("input shapes " + describe(shape1) + " and " + describe(shape2) +
        " differ: the NCE eltwise does not broadcast");
    ok = false;
  }
  const int64_t channels = channelsOf(layer.output);
  const int64_t padded = static_cast<int64_t>(
      llvm::alignTo(channels, options.getLimits().channelAlignment));
  if (options.checkChannelAlignment) {
    ok &= NCE::checkChannels(channels, "channels", options.getLimits(), log);
  } else if (channels > 0 && padded > NCE::kMaxEltwisePadding * channels) {
    // Before the channel expansion: the padded channels would multiply the
    // data the eltwise reads and writes, and the copies that pad and slice it;
    // a SHAVE kernel computes it on the channels it has.
    log(Twine(channels) + " channels would be padded to " + Twine(padded) +
        ", more than " + Twine(NCE::kMaxEltwisePadding) +
        " times the data: the eltwise stays a software layer");
    ok = false;
  }
  return ok;
}

} // namespace mlir::vpuc::VPU
