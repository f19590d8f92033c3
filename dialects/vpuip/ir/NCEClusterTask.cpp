//===- NCEClusterTask.cpp - VPUIP.NCEClusterTask and its variants -*- C++ -*-=//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The verifier of `#VPUIP.ppe` (its assembly format is declared in
// VPUIPOpsNCE.td), the verifiers of `VPUIP.NCEClusterTask` (buffers, shapes,
// kernel) and of its variants (`VPUIP.DPUTask`: inside the output, no
// overlap, full coverage, padding), its memory effects and its task
// interface.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPOps.h"

#include <cmath>

#include "core/shape/DimsOrder.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "llvm/ADT/bit.h"

namespace mlir::vpuc::VPUIP {

//===----------------------------------------------------------------------===//
// PPEAttr
//===----------------------------------------------------------------------===//

LogicalResult PPEAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              PPEMode mode,
                              std::optional<uint32_t> clampLowBits,
                              std::optional<uint32_t> clampHighBits,
                              std::optional<uint32_t> alphaBits,
                              ArrayRef<int32_t> quantMult,
                              ArrayRef<int32_t> quantShift, int32_t, int32_t) {
  for (auto [name, bits] : {std::make_pair("clamp_low", clampLowBits),
                            std::make_pair("clamp_high", clampHighBits),
                            std::make_pair("alpha", alphaBits)}) {
    if (bits && !std::isfinite(llvm::bit_cast<float>(*bits))) {
      return emitError() << "PPE " << name << " must be finite, got "
                         << llvm::bit_cast<float>(*bits);
    }
  }
  bool usesClamp = mode == PPEMode::RELUX;
  bool usesAlpha = mode == PPEMode::LRELU;
  if (!usesClamp && (clampLowBits || clampHighBits)) {
    return emitError() << "PPE mode " << stringifyPPEMode(mode)
                       << " takes no clamp_low / clamp_high";
  }
  if (!usesAlpha && alphaBits) {
    return emitError() << "PPE mode " << stringifyPPEMode(mode)
                       << " takes no alpha";
  }
  if (usesClamp && (!clampLowBits || !clampHighBits)) {
    return emitError() << "PPE mode RELUX needs clamp_low and clamp_high";
  }
  if (usesAlpha && !alphaBits) {
    return emitError() << "PPE mode LRELU needs an alpha";
  }
  if (usesClamp) {
    auto clampLow = llvm::bit_cast<float>(*clampLowBits);
    auto clampHigh = llvm::bit_cast<float>(*clampHighBits);
    if (clampLow > clampHigh) {
      return emitError() << "PPE clamp_low " << clampLow
                         << " is above clamp_high " << clampHigh;
    }
  }
  if (quantMult.size() != quantShift.size()) {
    return emitError() << "PPE quant_mult has " << quantMult.size()
                       << " entries but quant_shift has " << quantShift.size();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// NCEClusterTaskOp
//===----------------------------------------------------------------------===//

using EffectList =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

namespace {

/// The geometry a verified NCE cluster task computes with.
struct Geometry {
  int64_t inC, inH, inW;
  int64_t outC, outH, outW;
  int64_t kernelY, kernelX, strideY, strideX;
  int64_t padTop, padBottom, padLeft, padRight;
};

} // namespace

/// True for the element-wise task types.
static bool isEltwise(NCETaskType type) {
  return type == NCETaskType::ELTWISE_ADD || type == NCETaskType::ELTWISE_SUB ||
         type == NCETaskType::ELTWISE_MUL;
}

/// True for the task types that read weights and a weights table.
static bool hasWeights(NCETaskType type) {
  return type == NCETaskType::CONV || type == NCETaskType::DWCONV;
}

/// True for the 8-bit integer element types of the INT8 mode (ui8, i8).
static bool isInt8(Type type) {
  auto integer = llvm::dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() == 8 && !integer.isSigned();
}

/// The range [min, max] of the 8-bit integer type `type`.
static std::pair<int64_t, int64_t> getInt8Range(Type type) {
  return llvm::cast<IntegerType>(type).isUnsigned()
             ? std::make_pair(int64_t{0}, int64_t{255})
             : std::make_pair(int64_t{-128}, int64_t{127});
}

/// The element type of the buffer `value`.
static Type elementTypeOf(Value value) {
  return llvm::cast<MemRefType>(value.getType()).getElementType();
}

/// An activation: `1 x C x H x W` in NHWC, of an NCE element type (f16, ui8
/// or i8), in `cluster`'s CMX.
static LogicalResult verifyActivation(Operation *op, Value value,
                                      StringRef what, int64_t cluster) {
  BufferType buffer(llvm::cast<MemRefType>(value.getType()));
  if (buffer.getRank() != 4 || buffer.getShape().raw()[0] != 1) {
    return op->emitOpError()
           << what << " must be a 1xCxHxW buffer, got " << buffer.getType();
  }
  if (!buffer.getElementType().isF16() && !isInt8(buffer.getElementType())) {
    return op->emitOpError()
           << what << " must have element type f16, ui8 or i8, got "
           << buffer.getElementType();
  }
  if (buffer.getOrder() != shape::DimsOrder::NHWC) {
    return op->emitOpError() << what << " must be laid out NHWC, got "
                             << buffer.getOrder().getName();
  }
  std::optional<int64_t> index = buffer.getClusterIndex();
  if (!index || *index != cluster) {
    return op->emitOpError() << what << " must be in CMX_NN[" << cluster
                             << "] (the CMX of the task's cluster), got "
                             << buffer.getMemorySpace();
  }
  return success();
}

/// Any other buffer: in `cluster`'s CMX and compact.
static LogicalResult verifyCmxCompact(Operation *op, Value value,
                                      StringRef what, int64_t cluster) {
  BufferType buffer(llvm::cast<MemRefType>(value.getType()));
  std::optional<int64_t> index = buffer.getClusterIndex();
  if (!index || *index != cluster) {
    return op->emitOpError() << what << " must be in CMX_NN[" << cluster
                             << "] (the CMX of the task's cluster), got "
                             << buffer.getMemorySpace();
  }
  if (!buffer.isCompact()) {
    return op->emitOpError()
           << what << " must be compact, got " << buffer.getType();
  }
  return success();
}

int64_t NCEClusterTaskOp::getCluster() {
  BufferType output(llvm::cast<MemRefType>(getOutputBuff().getType()));
  return output.getClusterIndex().value_or(0);
}

PPEMode NCEClusterTaskOp::getPPEMode() {
  std::optional<PPEAttr> ppe = getPpe();
  return ppe ? ppe->getMode() : PPEMode::NONE;
}

SmallVector<DPUTaskOp> NCEClusterTaskOp::getDpuTasks() {
  return llvm::to_vector(getVariants().front().getOps<DPUTaskOp>());
}

/// The geometry of `op`, checking the kernel attributes and the shapes.
static FailureOr<Geometry> verifyGeometry(NCEClusterTaskOp op) {
  NCETaskType type = op.getTaskType();
  ArrayRef<int64_t> kernel = op.getKernelSize();
  ArrayRef<int64_t> strides = op.getKernelStrides();
  ArrayRef<int64_t> pads = op.getKernelPadding();
  if (kernel.size() != 2 || strides.size() != 2 || pads.size() != 4) {
    return op.emitOpError()
           << "needs kernel_size [KY, KX], kernel_strides [SY, SX] and "
              "kernel_padding [top, bottom, left, right], got "
           << kernel.size() << ", " << strides.size() << " and " << pads.size()
           << " values";
  }
  Geometry g;
  g.kernelY = kernel[0];
  g.kernelX = kernel[1];
  g.strideY = strides[0];
  g.strideX = strides[1];
  g.padTop = pads[0];
  g.padBottom = pads[1];
  g.padLeft = pads[2];
  g.padRight = pads[3];
  if (g.kernelY < 1 || g.kernelX < 1 || g.strideY < 1 || g.strideX < 1) {
    return op.emitOpError()
           << "kernel sizes and strides must be positive, got kernel_size ["
           << kernel << "] and kernel_strides [" << strides << "]";
  }
  if (g.padTop < 0 || g.padBottom < 0 || g.padLeft < 0 || g.padRight < 0) {
    return op.emitOpError()
           << "kernel_padding must not be negative, got [" << pads << "]";
  }
  if (g.padTop >= g.kernelY || g.padBottom >= g.kernelY ||
      g.padLeft >= g.kernelX || g.padRight >= g.kernelX) {
    return op.emitOpError()
           << "kernel_padding [" << pads << "] must be below the kernel size ["
           << kernel << "] on each axis";
  }
  if (isEltwise(type) &&
      (g.kernelY != 1 || g.kernelX != 1 || g.strideY != 1 || g.strideX != 1)) {
    return op.emitOpError() << stringifyNCETaskType(type)
                            << " needs a 1x1 kernel with strides 1";
  }
  ArrayRef<int64_t> in =
      llvm::cast<MemRefType>(op.getInput().getType()).getShape();
  ArrayRef<int64_t> out =
      llvm::cast<MemRefType>(op.getOutputBuff().getType()).getShape();
  g.inC = in[1];
  g.inH = in[2];
  g.inW = in[3];
  g.outC = out[1];
  g.outH = out[2];
  g.outW = out[3];
  int64_t paddedH = g.inH + g.padTop + g.padBottom;
  int64_t paddedW = g.inW + g.padLeft + g.padRight;
  if (paddedH < g.kernelY || paddedW < g.kernelX) {
    return op.emitOpError()
           << "kernel [" << kernel << "] is larger than the padded input "
           << paddedH << "x" << paddedW;
  }
  int64_t expectedH = (paddedH - g.kernelY) / g.strideY + 1;
  int64_t expectedW = (paddedW - g.kernelX) / g.strideX + 1;
  if (g.outH != expectedH || g.outW != expectedW) {
    return op.emitOpError()
           << "output spatial size " << g.outH << "x" << g.outW
           << " differs from " << expectedH << "x" << expectedW
           << ", which the input, kernel, strides and padding give";
  }
  if (type != NCETaskType::CONV && g.outC != g.inC) {
    return op.emitOpError()
           << stringifyNCETaskType(type) << " output has " << g.outC
           << " channels but the input has " << g.inC;
  }
  return g;
}

LogicalResult NCEClusterTaskOp::verify() {
  NCETaskType type = getTaskType();
  BufferType output(llvm::cast<MemRefType>(getOutputBuff().getType()));
  std::optional<int64_t> cluster = output.getClusterIndex();
  if (!cluster) {
    return emitOpError() << "output must be in the CMX of a cluster, got "
                         << output.getMemorySpace();
  }
  if (failed(verifyActivation(*this, getInput(), "input", *cluster)) ||
      failed(verifyActivation(*this, getOutputBuff(), "output", *cluster))) {
    return failure();
  }
  // Operands by task type.
  if (isEltwise(type) != static_cast<bool>(getInput2())) {
    return emitOpError() << stringifyNCETaskType(type)
                         << (isEltwise(type) ? " needs" : " takes no")
                         << " second input (input2)";
  }
  if (hasWeights(type) != static_cast<bool>(getWeights()) ||
      hasWeights(type) != static_cast<bool>(getWeightsTable())) {
    return emitOpError() << stringifyNCETaskType(type)
                         << (hasWeights(type) ? " needs" : " takes no")
                         << " weights and weights_table";
  }
  if (getInput2()) {
    if (failed(verifyActivation(*this, getInput2(), "input2", *cluster))) {
      return failure();
    }
    auto in = llvm::cast<MemRefType>(getInput().getType());
    auto in2 = llvm::cast<MemRefType>(getInput2().getType());
    if (in.getShape() != in2.getShape()) {
      return emitOpError() << "input2 shape [" << in2.getShape()
                           << "] differs from input shape [" << in.getShape()
                           << "]";
    }
  }
  FailureOr<Geometry> geometry = verifyGeometry(*this);
  if (failed(geometry)) {
    return failure();
  }
  const Geometry &g = *geometry;
  if (hasWeights(type)) {
    if (failed(verifyCmxCompact(*this, getWeights(), "weights", *cluster)) ||
        failed(verifyCmxCompact(*this, getWeightsTable(), "weights_table",
                                *cluster))) {
      return failure();
    }
    BufferType weights(llvm::cast<MemRefType>(getWeights().getType()));
    int64_t weightsIC = type == NCETaskType::CONV ? g.inC : 1;
    SmallVector<int64_t> expected = {g.outC, weightsIC, g.kernelY, g.kernelX};
    if (ArrayRef<int64_t>(weights.getShape().raw()) !=
        ArrayRef<int64_t>(expected)) {
      return emitOpError() << "weights shape [" << weights.getShape().raw()
                           << "] differs from [" << ArrayRef(expected)
                           << "] (OC x " << (weightsIC == 1 ? "1" : "IC")
                           << " x KY x KX)";
    }
    const bool int8 = isInt8(elementTypeOf(getInput()));
    if (int8 ? !isInt8(weights.getElementType())
             : !weights.getElementType().isF16()) {
      return emitOpError() << "weights must have element type "
                           << (int8 ? "ui8 or i8 (INT8 mode)" : "f16")
                           << ", got " << weights.getElementType();
    }
    if (weights.getOrder() != shape::DimsOrder::NHWC) {
      return emitOpError() << "weights must be laid out NHWC (OYXI), got "
                           << weights.getOrder().getName();
    }
    BufferType table(llvm::cast<MemRefType>(getWeightsTable().getType()));
    SmallVector<int64_t> tableShape = {g.outC, 1, 1, 4};
    auto tableElement = llvm::dyn_cast<IntegerType>(table.getElementType());
    if (ArrayRef<int64_t>(table.getShape().raw()) !=
            ArrayRef<int64_t>(tableShape) ||
        !tableElement || tableElement.getWidth() != 32 ||
        tableElement.isUnsigned()) {
      return emitOpError() << "weights_table must be " << g.outC
                           << "x1x1x4xi32 (4 words per output channel), got "
                           << table.getType();
    }
  }
  return verifyNumericMode();
}

LogicalResult NCEClusterTaskOp::verifyNumericMode() {
  NCETaskType type = getTaskType();
  Type input = elementTypeOf(getInput());
  Type output = elementTypeOf(getOutputBuff());
  std::optional<PPEAttr> ppe = getPpe();
  if (!isInt8(input)) {
    // FP16 mode.
    if (!output.isF16() ||
        (getInput2() && !elementTypeOf(getInput2()).isF16())) {
      return emitOpError() << "an FP16 task (f16 input) has f16 operands and "
                              "output, got output "
                           << output;
    }
    if (getInputZeroPoint() != 0 || getWeightsZeroPoint() != 0 ||
        getInput2ZeroPoint() != 0) {
      return emitOpError() << "an FP16 task (f16 input) has no zero points";
    }
    if (getInputMult() != 0 || getInput2Mult() != 0) {
      return emitOpError() << "an FP16 task (f16 input) has no input "
                              "multipliers";
    }
    if (ppe && ppe->hasQuantization()) {
      return emitOpError() << "PPE requantisation fields need an integer "
                              "output; this task's output is f16";
    }
    return success();
  }
  // INT8 mode.
  if (getInput2() && !isInt8(elementTypeOf(getInput2()))) {
    return emitOpError() << "an INT8 task's input2 is ui8 or i8, got "
                         << elementTypeOf(getInput2());
  }
  if (!isInt8(output) && !(output.isF16() && hasWeights(type))) {
    return emitOpError() << "an INT8 task's output is ui8 or i8 (or f16 for "
                            "CONV and DWCONV), got "
                         << output;
  }
  auto checkZeroPoint = [&](int64_t zeroPoint, Type of,
                            StringRef what) -> LogicalResult {
    auto [lo, hi] = getInt8Range(of);
    if (zeroPoint < lo || zeroPoint > hi) {
      return emitOpError() << what << " " << zeroPoint
                           << " is outside the range of " << of << " [" << lo
                           << ", " << hi << "]";
    }
    return success();
  };
  if (failed(checkZeroPoint(getInputZeroPoint(), input, "input_zero_point"))) {
    return failure();
  }
  if (hasWeights(type)) {
    if (failed(checkZeroPoint(getWeightsZeroPoint(),
                              elementTypeOf(getWeights()),
                              "weights_zero_point"))) {
      return failure();
    }
  } else if (getWeightsZeroPoint() != 0) {
    return emitOpError() << stringifyNCETaskType(type)
                         << " has no weights and no weights_zero_point";
  }
  if (getInput2()) {
    if (failed(checkZeroPoint(getInput2ZeroPoint(), elementTypeOf(getInput2()),
                              "input2_zero_point"))) {
      return failure();
    }
  } else if (getInput2ZeroPoint() != 0) {
    return emitOpError() << stringifyNCETaskType(type)
                         << " has no input2 and no input2_zero_point";
  }
  const bool scaledInputs =
      type == NCETaskType::ELTWISE_ADD || type == NCETaskType::ELTWISE_SUB;
  for (auto [mult, name] : {std::make_pair(getInputMult(), "input_mult"),
                            std::make_pair(getInput2Mult(), "input2_mult")}) {
    if (!scaledInputs && mult != 0) {
      return emitOpError() << name << " " << mult << " on a "
                           << stringifyNCETaskType(type)
                           << " task: only INT8 ELTWISE_ADD and ELTWISE_SUB "
                              "scale their inputs";
    }
    if (mult < 0 || mult > PPEAttr::kMaxEltwiseMult) {
      return emitOpError() << name << " " << mult << " is outside [0, "
                           << PPEAttr::kMaxEltwiseMult << "]";
    }
  }
  if (output.isF16()) {
    if (ppe && ppe->hasQuantization()) {
      return emitOpError() << "PPE requantisation fields need an integer "
                              "output; this task's output is f16";
    }
    return success();
  }
  // Integer output: the PPE's requantisation fields.
  PPEAttr fields = ppe ? *ppe : PPEAttr::get(getContext(), PPEMode::NONE);
  if (fields.getQuantPostShift() != 0) {
    return emitOpError() << "PPE quant_post_shift is reserved and must be 0";
  }
  if (failed(checkZeroPoint(fields.getOutZeroPoint(), output,
                            "PPE out_zero_point"))) {
    return failure();
  }
  if (hasWeights(type)) {
    if (!fields.getQuantMult().empty() || !fields.getQuantShift().empty()) {
      return emitOpError() << stringifyNCETaskType(type)
                           << " takes its multipliers and shifts from the "
                              "weights table, not from the PPE";
    }
  } else if (fields.getQuantMult().size() != 1 ||
             fields.getQuantShift().size() != 1 ||
             fields.getQuantMult()[0] < 0 ||
             fields.getQuantMult()[0] > PPEAttr::kMaxQuantMult ||
             fields.getQuantShift()[0] < 0 ||
             fields.getQuantShift()[0] > PPEAttr::kMaxQuantShift) {
    return emitOpError() << "an INT8 pool or eltwise task needs exactly one "
                            "PPE quant_mult in [0, "
                         << PPEAttr::kMaxQuantMult
                         << "] and one quant_shift in [0, "
                         << PPEAttr::kMaxQuantShift << "]";
  }
  if (fields.getMode() == PPEMode::RELUX) {
    for (float bound :
         {fields.getClampLowValue(), fields.getClampHighValue()}) {
      if (bound != std::nearbyint(bound)) {
        return emitOpError() << "PPE RELUX clamps of an integer output are "
                                "integers (output steps), got "
                             << bound;
      }
    }
  }
  return success();
}

LogicalResult NCEClusterTaskOp::verifyRegions() {
  Block &body = getVariants().front();
  if (body.empty()) {
    return emitOpError() << "needs at least one variant (VPUIP.DPUTask)";
  }
  for (Operation &op : body) {
    if (!llvm::isa<DPUTaskOp>(op)) {
      return op.emitOpError()
             << "is not a VPUIP.DPUTask: the variants region of "
                "VPUIP.NCEClusterTask holds only variants";
    }
  }
  FailureOr<Geometry> geometry = verifyGeometry(*this);
  if (failed(geometry)) {
    return failure();
  }
  const Geometry &g = *geometry;
  int64_t extent[3] = {g.outW, g.outH, g.outC};
  SmallVector<DPUTaskOp> variants = getDpuTasks();
  if (ResourcesAttr resources = getResources(*this);
      resources && resources.getMaxVariants() > 0 &&
      static_cast<int64_t>(variants.size()) > resources.getMaxVariants()) {
    return emitOpError() << "has " << variants.size()
                         << " variants, more than one NCE task of the target "
                         << resources.getArch() << " may have ("
                         << resources.getMaxVariants()
                         << ", nce.limits.max_variants_per_task)";
  }
  int64_t covered = 0;
  for (auto [index, variant] : llvm::enumerate(variants)) {
    ArrayRef<int64_t> start = variant.getOutStart();
    ArrayRef<int64_t> end = variant.getOutEnd();
    for (int axis = 0; axis < 3; ++axis) {
      if (start[axis] < 0 || start[axis] > end[axis] ||
          end[axis] >= extent[axis]) {
        return variant.emitOpError()
               << "box [" << start << "] to [" << end
               << "] is not inside the output [0, 0, 0] to ["
               << ArrayRef<int64_t>{g.outW - 1, g.outH - 1, g.outC - 1}
               << "] ([x, y, z], inclusive)";
      }
    }
    int64_t expectedPad[4] = {
        start[1] == 0 ? g.padTop : 0, end[1] == g.outH - 1 ? g.padBottom : 0,
        start[0] == 0 ? g.padLeft : 0, end[0] == g.outW - 1 ? g.padRight : 0};
    if (variant.getPad() != ArrayRef<int64_t>(expectedPad)) {
      return variant.emitOpError()
             << "pad [" << variant.getPad() << "] should be ["
             << ArrayRef<int64_t>(expectedPad)
             << "]: the task's padding on the sides where the box touches "
                "the border of the output, 0 elsewhere";
    }
    covered += (end[0] - start[0] + 1) * (end[1] - start[1] + 1) *
               (end[2] - start[2] + 1);
    for (size_t other = 0; other < index; ++other) {
      ArrayRef<int64_t> otherStart = variants[other].getOutStart();
      ArrayRef<int64_t> otherEnd = variants[other].getOutEnd();
      bool overlap = true;
      for (int axis = 0; axis < 3; ++axis) {
        overlap = overlap && start[axis] <= otherEnd[axis] &&
                  otherStart[axis] <= end[axis];
      }
      if (overlap) {
        InFlightDiagnostic diag = variant.emitOpError()
                                  << "box overlaps the box of variant #"
                                  << other;
        diag.attachNote(variants[other].getLoc()) << "variant #" << other;
        return diag;
      }
    }
  }
  int64_t total = g.outW * g.outH * g.outC;
  if (covered != total) {
    return emitOpError() << "variants cover " << covered << " of the " << total
                         << " output elements; they must cover the "
                         << "output exactly once";
  }
  return success();
}

void NCEClusterTaskOp::getEffects(EffectList &effects) {
  auto read = [&](OpOperand &operand) {
    effects.emplace_back(MemoryEffects::Read::get(), &operand,
                         SideEffects::DefaultResource::get());
  };
  read(getInputMutable());
  for (OpOperand &operand : getInput2Mutable()) {
    read(operand);
  }
  for (OpOperand &operand : getWeightsMutable()) {
    read(operand);
  }
  for (OpOperand &operand : getWeightsTableMutable()) {
    read(operand);
  }
  effects.emplace_back(MemoryEffects::Write::get(), &getOutputBuffMutable(),
                       SideEffects::DefaultResource::get());
}

ExecutorKind NCEClusterTaskOp::getExecutorKind() { return ExecutorKind::DPU; }

int64_t NCEClusterTaskOp::getExecutorInstance() { return getCluster(); }

int64_t NCEClusterTaskOp::getBarrierCount() {
  return std::max<int64_t>(1, std::distance(getVariants().front().begin(),
                                            getVariants().front().end()));
}

//===----------------------------------------------------------------------===//
// DPUTaskOp
//===----------------------------------------------------------------------===//

LogicalResult DPUTaskOp::verify() {
  if (getOutStart().size() != 3 || getOutEnd().size() != 3) {
    return emitOpError() << "outStart and outEnd must be [x, y, z], got "
                         << getOutStart().size() << " and "
                         << getOutEnd().size() << " values";
  }
  if (getPad().size() != 4) {
    return emitOpError() << "pad must be [top, bottom, left, right], got "
                         << getPad().size() << " values";
  }
  return success();
}

} // namespace mlir::vpuc::VPUIP
