//===- NCELowering.cpp - VPU.NCE ops to NCE cluster tasks -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements NCELowering.h. A VPU.NCE op becomes, on the cluster `c` of its
// `cluster` attribute (0 when absent):
//   * a VPUIP.Copy of each activation (DDR -> a memref.alloc in CMX_NN[c]);
//   * for convolutions: the constant weights (already OYXI, i.e. NHWC
//     OC x IC x KY x KX, or C x 1 x KY x KX for depthwise) copied to CMX, and
//     a constant weights table (per output channel: the byte offset of the
//     channel's weights block, 0xFFFFFFFF for dense weights, the FP32 bit
//     pattern of the scale 1.0 and of the bias) copied to CMX;
//   * for a quantized layer, an INT8 task: the zero points of its input and
//     filter, per output channel the fixed-point multiplier and shift of
//     input scale x filter scale / output scale and the int32 bias in the
//     weights table (a max pool: the one multiplier and shift of input scale /
//     output scale in the PPE), and the PPE's clamps in output steps with the
//     output zero point;
//   * an output buffer in CMX and the VPUIP.NCEClusterTask, whose variants
//     split the output over the cluster's DPUs: over H when the output has at
//     least one row per DPU, else over C in blocks of 16 channels (or over H
//     again when that gives more variants); each variant carries the task's
//     padding on the sides where it touches the output's border;
//   * a copy of the output back to the result's buffer (DDR).
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/NCELowering.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "conversions/vpu_to_vpuip/BufferUtils.h"
#include "core/cost/CostModel.h"
#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/vpu/ir/EltwiseInPlace.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUNCEInterfaces.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPUIP {

namespace {

/// Weights-table word 1 of dense weights (no sparsity map).
constexpr uint32_t kDenseSparsity = 0xFFFFFFFFu;

/// What the lowering needs to know of an NCE op.
struct NCELayer {
  NCETaskType taskType;
  /// Operand indices of the activations (one, or two for eltwise).
  SmallVector<unsigned, 2> activations;
  /// Operand indices of the filter and the bias; -1 when absent.
  int filter = -1;
  int bias = -1;
  /// The filter may be an activation (a depthwise convolution's: the weights
  /// table needs only its offsets and the scales of the types), not only a
  /// constant.
  bool activationFilter = false;
};

/// The task type and operand roles of the NCE op `op`, or nothing.
std::optional<NCELayer> describe(Operation *op) {
  auto conv = [&](NCETaskType type) {
    NCELayer layer{type, {0}, 1, op->getNumOperands() > 2 ? 2 : -1};
    return layer;
  };
  if (llvm::isa<VPU::NCEConvolutionOp>(op)) {
    return conv(NCETaskType::CONV);
  }
  if (llvm::isa<VPU::NCEDepthConvolutionOp>(op)) {
    NCELayer layer = conv(NCETaskType::DWCONV);
    layer.activationFilter = true;
    return layer;
  }
  if (llvm::isa<VPU::NCEMaxPoolOp>(op)) {
    return NCELayer{NCETaskType::MAXPOOL, {0}};
  }
  if (llvm::isa<VPU::NCEAveragePoolOp>(op)) {
    return NCELayer{NCETaskType::AVEPOOL, {0}};
  }
  if (auto eltwise = llvm::dyn_cast<VPU::NCEEltwiseOp>(op)) {
    NCETaskType type = NCETaskType::ELTWISE_ADD;
    switch (eltwise.getOpType()) {
    case VPU::EltwiseType::ADD:
      type = NCETaskType::ELTWISE_ADD;
      break;
    case VPU::EltwiseType::SUBTRACT:
      type = NCETaskType::ELTWISE_SUB;
      break;
    case VPU::EltwiseType::MULTIPLY:
      type = NCETaskType::ELTWISE_MUL;
      break;
    }
    return NCELayer{type, {0, 1}};
  }
  return std::nullopt;
}

/// The bytes of the compact tensor or buffer type `type`.
int64_t getByteSize(Type type) {
  auto shaped = llvm::cast<ShapedType>(type);
  return shaped.getNumElements() *
         static_cast<int64_t>(
             Const::Content::getElementByteSize(shaped.getElementType()));
}

/// The number of output channels of the NCE op `op`.
int64_t getOutputChannels(Operation *op) {
  return llvm::cast<ShapedType>(op->getResult(0).getType()).getDimSize(1);
}

/// The INT8 requantisation of a quantized NCE op, from the quantized types of
/// the VPU op: per output channel the fixed-point multiplier and shift of
/// accumulator scale / output scale, the zero points and, for an eltwise add,
/// the integer multipliers that bring both inputs onto one accumulator scale.
struct Requantization {
  SmallVector<int32_t> mult;
  SmallVector<int32_t> shift;
  int64_t inputZeroPoint = 0;
  int64_t weightsZeroPoint = 0;
  int64_t input2ZeroPoint = 0;
  int64_t inputMult = 0;
  int64_t input2Mult = 0;
  int64_t outputZeroPoint = 0;
  double outputScale = 1.0;
};

constexpr int64_t kMaxQuantMult = PPEAttr::kMaxQuantMult;
constexpr auto kMaxQuantShift = static_cast<int32_t>(PPEAttr::kMaxQuantShift);

/// `scale` as `mult * 2^-shift` with `mult` in [0, kMaxQuantMult] and `shift`
/// in [0, kMaxQuantShift], `mult` as large as possible (the most precise
/// form); fails when `scale` is at least kMaxQuantMult + 0.5.
FailureOr<std::pair<int32_t, int32_t>> toFixedPoint(double scale) {
  int32_t shift = 0;
  while (shift < kMaxQuantShift &&
         std::ldexp(scale, shift + 1) <= static_cast<double>(kMaxQuantMult)) {
    ++shift;
  }
  const double mult = std::round(std::ldexp(scale, shift));
  if (!(mult <= static_cast<double>(kMaxQuantMult))) {
    return failure();
  }
  return std::make_pair(static_cast<int32_t>(mult), shift);
}

/// The integer multipliers (of the larger and of the smaller scale) whose
/// ratio is closest to `ratio` (the smaller scale / the larger, in (0, 1]),
/// both at most kMaxEltwiseMult: the larger multiplier is searched in the upper
/// half of the range (the most precise one wins, the largest on a tie). Their
/// ratio then matches to about 1e-9, where rounding the smaller scale's share
/// of a fixed multiplier would be off by up to 4e-5 and move about one add
/// result in fifty to the neighbouring output step.
std::pair<int64_t, int64_t> getEltwiseMultipliers(double ratio) {
  const int64_t maxMult = PPEAttr::kMaxEltwiseMult;
  std::pair<int64_t, int64_t> best = {maxMult, 0};
  double bestError = std::numeric_limits<double>::infinity();
  for (int64_t larger = maxMult; larger > maxMult / 2; --larger) {
    const int64_t smaller = std::llround(ratio * static_cast<double>(larger));
    const double error = std::abs(
        static_cast<double>(smaller) / static_cast<double>(larger) - ratio);
    if (error < bestError) {
      best = {larger, smaller};
      bestError = error;
    }
  }
  return best;
}

/// The accumulator scale of the quantized NCE eltwise op `eltwise` whose
/// input has scale `inputScale`, recording input2's zero point and the input
/// multipliers in `requant`. An add (or subtract) scales each input by an
/// integer multiplier (getEltwiseMultipliers), so that one accumulator step is
/// the larger scale / its multiplier. A multiply accumulates the product of
/// the inputs less their zero points, one step being the product of the
/// scales.
double getEltwiseAccumulatorScale(VPU::NCEEltwiseOp eltwise, double inputScale,
                                  Requantization &requant) {
  const auto [input2Scale, input2ZeroPoint] = shape::getChannelQuantParams(
      getElementTypeOrSelf(eltwise.getInput2().getType()), 0);
  requant.input2ZeroPoint = input2ZeroPoint;
  if (eltwise.getOpType() == VPU::EltwiseType::MULTIPLY) {
    return inputScale * input2Scale;
  }
  const bool inputLarger = inputScale >= input2Scale;
  const double larger = inputLarger ? inputScale : input2Scale;
  const double smaller = inputLarger ? input2Scale : inputScale;
  const auto [largerMult, smallerMult] =
      getEltwiseMultipliers(smaller / larger);
  requant.inputMult = inputLarger ? largerMult : smallerMult;
  requant.input2Mult = inputLarger ? smallerMult : largerMult;
  return larger / static_cast<double>(largerMult);
}

/// The requantisation of the quantized NCE op `op` (input, filter if
/// `hasFilter` and output of quantized types, as the NCE checks accept: per
/// output channel accumulator scale / output scale, where one accumulator step
/// is input scale x filter scale for a convolution, the input scale for a
/// max pool, the input scale / the window's area for an average pool and what
/// getEltwiseAccumulatorScale says for an eltwise op), or a
/// failure with the reason in `reason`.
FailureOr<Requantization> getRequantization(Operation *op, bool hasFilter,
                                            std::string &reason) {
  Type input = getElementTypeOrSelf(op->getOperand(0).getType());
  Type filter =
      hasFilter ? getElementTypeOrSelf(op->getOperand(1).getType()) : Type();
  auto output = llvm::dyn_cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(op->getResult(0).getType()));
  if (!output) {
    reason = "an INT8 task here has a per-tensor quantized output";
    return failure();
  }
  Requantization requant;
  const auto [inputScale, inputZeroPoint] =
      shape::getChannelQuantParams(input, 0);
  requant.inputZeroPoint = inputZeroPoint;
  requant.weightsZeroPoint =
      filter ? shape::getChannelQuantParams(filter, 0).second : 0;
  requant.outputZeroPoint = output.getZeroPoint();
  requant.outputScale = output.getScale();
  double accumulatorScale = inputScale;
  if (auto eltwise = llvm::dyn_cast<VPU::NCEEltwiseOp>(op)) {
    accumulatorScale = getEltwiseAccumulatorScale(eltwise, inputScale, requant);
  } else if (auto pool = llvm::dyn_cast<VPU::NCEAveragePoolOp>(op)) {
    // The accumulator is the window's sum: the mean divides by its area.
    ArrayRef<int64_t> kernel = pool.getKernelSize();
    accumulatorScale /= static_cast<double>(kernel[0] * kernel[1]);
  }
  const int64_t channels = filter ? getOutputChannels(op) : 1;
  for (int64_t k = 0; k < channels; ++k) {
    const double filterScale =
        filter ? shape::getChannelQuantParams(filter, k).first : 1.0;
    const double scale = accumulatorScale * filterScale / output.getScale();
    FailureOr<std::pair<int32_t, int32_t>> fixed = toFixedPoint(scale);
    if (failed(fixed)) {
      llvm::raw_string_ostream os(reason);
      os << "the requantisation scale " << scale << " of output channel " << k
         << " exceeds the PPE's largest multiplier " << kMaxQuantMult;
      return failure();
    }
    requant.mult.push_back(fixed->first);
    requant.shift.push_back(fixed->second);
  }
  return requant;
}

/// The #VPUIP.ppe of `ppe`. For an integer output requantised by `requant`
/// the clamps are in output steps, with the output zero point and, for a pool
/// (`inPPE`), the multiplier and shift; null for NONE when it has nothing to
/// carry.
PPEAttr convertPPE(VPU::PPEAttr ppe, const Requantization *requant,
                   bool inPPE) {
  MLIRContext *context = ppe.getContext();
  const auto zeroPoint =
      requant ? static_cast<int32_t>(requant->outputZeroPoint) : 0;
  ArrayRef<int32_t> mult, shift;
  if (requant && inPPE) {
    mult = requant->mult;
    shift = requant->shift;
  }
  auto get = [&](PPEMode mode, std::optional<uint32_t> low,
                 std::optional<uint32_t> high, std::optional<uint32_t> alpha) {
    return PPEAttr::get(context, mode, low, high, alpha, mult, shift, 0,
                        zeroPoint);
  };
  // A real bound, or for an integer output that bound in output steps.
  auto bound = [&](FloatAttr value) {
    const double real = value.getValueAsDouble();
    return llvm::bit_cast<uint32_t>(static_cast<float>(
        requant ? std::nearbyint(real / requant->outputScale) : real));
  };
  switch (ppe.getMode()) {
  case VPU::PPEMode::NONE:
    return zeroPoint == 0 && mult.empty()
               ? PPEAttr()
               : get(PPEMode::NONE, std::nullopt, std::nullopt, std::nullopt);
  case VPU::PPEMode::RELU:
    return get(PPEMode::RELU, std::nullopt, std::nullopt, std::nullopt);
  case VPU::PPEMode::CLAMP:
    return get(PPEMode::RELUX, bound(ppe.getClampLow()),
               bound(ppe.getClampHigh()), std::nullopt);
  case VPU::PPEMode::LEAKY_RELU:
    return get(PPEMode::LRELU, std::nullopt, std::nullopt,
               llvm::bit_cast<uint32_t>(
                   static_cast<float>(ppe.getSlope().getValueAsDouble())));
  }
  return {};
}

/// The compact buffer type of `type`'s shape, element type and order in the
/// CMX of `cluster`.
MemRefType getCMXType(MemRefType type, int64_t cluster) {
  BufferType buffer(type);
  return BufferType::getCompact(
             buffer.getShape(), buffer.getElementType(), buffer.getOrder(),
             MemorySpaceAttr::getCMX(type.getContext(), cluster))
      .getType();
}

/// `value` in the CMX of `cluster`: itself when it is a compact buffer
/// there, else a copy into a new CMX buffer.
Value toCMX(OpBuilder &builder, Location loc, Value value, int64_t cluster) {
  auto type = llvm::cast<MemRefType>(value.getType());
  BufferType buffer(type);
  if (buffer.isCompact() && buffer.getClusterIndex() == cluster) {
    return value;
  }
  return copyToNewBuffer(builder, loc, value, getCMXType(type, cluster));
}

/// The weights table of a (depthwise) convolution with `outChannels` output
/// channels and `blockBytes` weight bytes per output channel, as a constant
/// buffer `OC x 1 x 1 x 4 x i32`. `scaleWord(k)` and `biasWord(k)` give words
/// 2 and 3 of channel `k` (FP32 bit patterns for an f16 output; the
/// fixed-point multiplier and shift and the int32 bias for an integer one).
Value createWeightsTable(OpBuilder &builder, Location loc, int64_t outChannels,
                         int64_t blockBytes,
                         function_ref<int32_t(int64_t)> scaleWord,
                         function_ref<int32_t(int64_t)> biasWord) {
  SmallVector<int32_t> words;
  words.reserve(outChannels * 4);
  for (int64_t k = 0; k < outChannels; ++k) {
    words.push_back(static_cast<int32_t>(k * blockBytes));
    words.push_back(llvm::bit_cast<int32_t>(kDenseSparsity));
    words.push_back(scaleWord(k));
    words.push_back(biasWord(k));
  }
  auto type =
      RankedTensorType::get({outChannels, 1, 1, 4}, builder.getIntegerType(32));
  return createConstant(
      builder, loc,
      Const::ContentAttr::get(DenseElementsAttr::get(type, ArrayRef(words))));
}

/// A VPU.NCE op -> copies into CMX, an NCE cluster task and a copy back.
class ConvertNCELayer final
    : public OpInterfaceConversionPattern<VPU::NCEOpInterface> {
public:
  ConvertNCELayer(const TypeConverter &converter, ResourcesAttr resources,
                  const cost::CostModel &costModel, MLIRContext *context)
      : OpInterfaceConversionPattern(context), converter(converter),
        resources(resources), costModel(costModel) {}

  LogicalResult
  matchAndRewrite(VPU::NCEOpInterface nce, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = nce.getOperation();
    std::optional<NCELayer> layer = describe(op);
    if (!layer) {
      return rewriter.notifyMatchFailure(op, "not a known NCE op");
    }
    if (!llvm::all_of(operands, isBuffer)) {
      return rewriter.notifyMatchFailure(op, "an operand is not a buffer");
    }
    FailureOr<SmallVector<MemRefType, 1>> resultTypes =
        convertResultTypes(converter, op);
    if (failed(resultTypes)) {
      return rewriter.notifyMatchFailure(op, "the result has no buffer type");
    }
    Location loc = op->getLoc();
    const int64_t cluster = nce.getClusterIndex();
    if (cluster >= resources.getClusters()) {
      return rewriter.notifyMatchFailure(op, "the cluster is out of range");
    }

    // Activations, weights and weights table in the cluster's CMX.
    SmallVector<Value, 2> inputs;
    for (unsigned index : layer->activations) {
      inputs.push_back(toCMX(rewriter, loc, operands[index], cluster));
    }
    // A quantized layer runs in INT8 mode.
    std::optional<Requantization> requant;
    if (llvm::isa<quant::QuantizedType>(
            getElementTypeOrSelf(op->getOperand(0).getType()))) {
      std::string reason;
      FailureOr<Requantization> computed =
          getRequantization(op, layer->filter >= 0, reason);
      if (failed(computed)) {
        return rewriter.notifyMatchFailure(op, reason);
      }
      requant = std::move(*computed);
    }
    Value weights;
    Value table;
    if (layer->filter >= 0) {
      Value filter = operands[layer->filter];
      if (!getConstant(filter) && !layer->activationFilter) {
        return rewriter.notifyMatchFailure(op, "the filter is not a constant");
      }
      std::optional<Const::Content> bias;
      if (layer->bias >= 0) {
        Const::DeclareOp biasConstant = getConstant(operands[layer->bias]);
        if (!biasConstant) {
          return rewriter.notifyMatchFailure(op, "the bias is not a constant");
        }
        bias = biasConstant.getContent().fold();
      }
      auto filterType = llvm::cast<MemRefType>(filter.getType());
      const int64_t outChannels = filterType.getDimSize(0);
      const int64_t blockBytes = getByteSize(filterType) / outChannels;
      weights = toCMX(rewriter, loc, filter, cluster);
      auto scaleWord = [&](int64_t k) {
        return requant ? static_cast<int32_t>(
                             (static_cast<uint32_t>(requant->mult[k]) << 8) |
                             static_cast<uint32_t>(requant->shift[k]))
                       : llvm::bit_cast<int32_t>(1.0f);
      };
      // An integer output's bias is the quantized bias's storage (its scale
      // is the accumulator's, input x filter).
      auto biasWord = [&](int64_t k) {
        if (!bias) {
          return int32_t{0};
        }
        return requant ? bias->getValue<int32_t>(k)
                       : llvm::bit_cast<int32_t>(bias->getValue<float>(k));
      };
      table = toCMX(rewriter, loc,
                    createWeightsTable(rewriter, loc, outChannels, blockBytes,
                                       scaleWord, biasWord),
                    cluster);
    }

    // The task on a CMX output.
    MemRefType resultType = resultTypes->front();
    auto output =
        rewriter.create<memref::AllocOp>(loc, getCMXType(resultType, cluster));
    SmallVector<int64_t, 2> kernel = nce.getKernelSizeVector();
    SmallVector<int64_t, 2> strides = nce.getStridesVector();
    SmallVector<int64_t, 2> padsBegin = nce.getPadsBeginVector();
    SmallVector<int64_t, 2> padsEnd = nce.getPadsEndVector();
    const SmallVector<int64_t, 4> padding = {padsBegin[0], padsEnd[0],
                                             padsBegin[1], padsEnd[1]};
    auto task = rewriter.create<NCEClusterTaskOp>(
        loc, output.getType(), layer->taskType, kernel, strides, padding,
        convertPPE(nce.getPPE(), requant ? &*requant : nullptr,
                   /*inPPE=*/layer->filter < 0),
        inputs[0], inputs.size() > 1 ? inputs[1] : Value(), weights, table,
        output, requant ? requant->inputZeroPoint : 0,
        requant ? requant->weightsZeroPoint : 0,
        requant ? requant->input2ZeroPoint : 0,
        requant ? requant->inputMult : 0, requant ? requant->input2Mult : 0);
    addVariants(rewriter, task, resultType, padding);

    // Back to the result's memory.
    Value result = task.getOutput();
    if (resultType != result.getType()) {
      result = copyToNewBuffer(rewriter, loc, result, resultType);
    }
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// Fills the variants region of `task`: one DPU task per output box.
  void addVariants(OpBuilder &builder, NCEClusterTaskOp task,
                   MemRefType outputType, ArrayRef<int64_t> padding) const {
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&task.getVariants());
    ArrayRef<int64_t> shape = outputType.getShape();
    const int64_t outC = shape[1];
    const int64_t outH = shape[2];
    const int64_t outW = shape[3];
    for (auto [index, box] : llvm::enumerate(
             costModel.splitOverDpus(outW, outH, outC, resources.getDpus()))) {
      ArrayRef<int64_t> start = box.begin;
      ArrayRef<int64_t> end = box.end;
      SmallVector<int64_t, 4> pad = {
          start[1] == 0 ? padding[0] : 0, end[1] == outH - 1 ? padding[1] : 0,
          start[0] == 0 ? padding[2] : 0, end[0] == outW - 1 ? padding[3] : 0};
      // The target's MPE mode with the fewest cycles for the box (arch files
      // name VECTOR or MATRIX only: arch::parseArchDesc checks it).
      const cost::MpeMode &mode = costModel.selectMpeMode(
          box.getWidth(), box.getHeight(), box.getChannels());
      builder.create<DPUTaskOp>(
          task.getLoc(), start, end, pad, static_cast<uint64_t>(index),
          symbolizeMPEMode(mode.name).value_or(MPEMode::VECTOR));
    }
  }

  const TypeConverter &converter;
  ResourcesAttr resources;
  const cost::CostModel &costModel;
};

} // namespace

bool isNCELayer(Operation *op) { return llvm::isa<VPU::NCEOpInterface>(op); }

int64_t getNCELayerCMXBytes(Operation *op, ResourcesAttr resources,
                            bool eltwiseInPlace) {
  const uint64_t alignment = static_cast<uint64_t>(resources.getCmxAlignment());
  auto aligned = [&](int64_t bytes) {
    return static_cast<int64_t>(
        llvm::alignTo(static_cast<uint64_t>(bytes), alignment));
  };
  std::optional<NCELayer> layer = describe(op);
  if (!layer) {
    return 0;
  }
  int64_t total = eltwiseInPlace && VPU::canOverwriteInput(op)
                      ? 0
                      : aligned(getByteSize(op->getResult(0).getType()));
  for (unsigned index : layer->activations) {
    total += aligned(getByteSize(op->getOperand(index).getType()));
  }
  if (layer->filter >= 0) {
    total += aligned(getByteSize(op->getOperand(layer->filter).getType()));
    total +=
        aligned(getOutputChannels(op) * VPU::NCE::kWeightsTableBytesPerChannel);
  }
  return total;
}

LogicalResult checkNCELayer(Operation *op, ResourcesAttr resources,
                            std::string &reason, bool eltwiseInPlace) {
  std::optional<NCELayer> layer = describe(op);
  if (!layer) {
    reason = "the bufferisation does not know this NCE op";
    return failure();
  }
  // The weights table is built at compile time: from the bias and, but for an
  // activation filter, the filter.
  const bool activationFilter = layer->activationFilter;
  for (int index : {layer->filter, layer->bias}) {
    if (index >= 0 && !(index == layer->filter && activationFilter) &&
        !op->getOperand(index).getDefiningOp<Const::DeclareOp>()) {
      reason = activationFilter
                   ? "its bias must be a constant (the weights table is built "
                     "at compile time)"
                   : "its weights and bias must be constants (the weights "
                     "table is built at compile time)";
      return failure();
    }
  }
  const int64_t cluster = llvm::cast<VPU::NCEOpInterface>(op).getClusterIndex();
  if (cluster >= resources.getClusters()) {
    reason = ("runs on cluster " + Twine(cluster) + " but " +
              resources.getArch() + " has " + Twine(resources.getClusters()) +
              " cluster" + (resources.getClusters() == 1 ? "" : "s"))
                 .str();
    return failure();
  }
  const int64_t needed = getNCELayerCMXBytes(op, resources, eltwiseInPlace);
  if (needed > resources.getCmxSize()) {
    reason = ("needs tiling: its activations, weights, weights table and "
              "output need " +
              Twine(needed) + " bytes of CMX but a cluster of " +
              resources.getArch() + " has " + Twine(resources.getCmxSize()))
                 .str();
    return failure();
  }
  return success();
}

void populateNCELoweringPatterns(const TypeConverter &typeConverter,
                                 ResourcesAttr resources,
                                 const cost::CostModel &costModel,
                                 RewritePatternSet &patterns) {
  patterns.add<ConvertNCELayer>(typeConverter, resources, costModel,
                                patterns.getContext());
}

} // namespace mlir::vpuc::VPUIP
