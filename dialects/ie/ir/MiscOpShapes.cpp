//===- MiscOpShapes.cpp - Shape rules of the IEOpsMisc.td ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Operand checks and result shapes of the channel normalisations, the recurrent
// layers and the detection helpers. The recurrent layers describe each operand
// as a list of symbolic dims (batch, sequence length, input size, or a value
// fixed by the attributes), resolved from the first operand that has them
// static.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/MiscOpShapes.h"

#include <cmath>
#include <string>

#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::IE::detail {

static bool isDynamic(int64_t dim) { return ShapedType::isDynamic(dim); }

/// True if both dims are static and differ.
static bool conflicts(int64_t actual, int64_t expected) {
  return !isDynamic(actual) && !isDynamic(expected) && actual != expected;
}

LogicalResult checkChannelInput(ErrorFn emitError, ArrayRef<int64_t> input) {
  if (input.size() < 2) {
    return emitError()
           << "expects an input [N, C, ...] of rank >= 2, got shape "
           << formatShape(input);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Recurrent layers
//===----------------------------------------------------------------------===//

int64_t getNumGates(RNNKind kind) {
  return kind == RNNKind::GRUSequence ? 3 : 4;
}

namespace {

/// The symbols a recurrent layer's dims are made of.
enum class Sym { Batch, Seq, Input, Fixed };

/// One dim of an operand: a symbol, or a fixed value (`Sym::Fixed`); `label`
/// names it in messages.
struct DimSpec {
  Sym sym;
  int64_t value;
  std::string label;
};

/// The expected shape of one operand.
struct OperandSpec {
  const char *name;
  SmallVector<DimSpec, 3> dims;
};

/// The operand specs of a recurrent layer, in operand order.
SmallVector<OperandSpec, 6> getOperandSpecs(const RNNConfig &config) {
  const int64_t h = config.hiddenSize;
  const int64_t gates = getNumGates(config.kind);
  const int64_t biasGates = config.linearBeforeReset ? gates + 1 : gates;
  const std::string gatesLabel = std::to_string(gates) + " * hidden_size";
  const std::string biasLabel = std::to_string(biasGates) + " * hidden_size";
  DimSpec batch{Sym::Batch, 0, "batch_size"};
  DimSpec seq{Sym::Seq, 0, "seq_length"};
  DimSpec input{Sym::Input, 0, "input_size"};
  DimSpec hidden{Sym::Fixed, h, "hidden_size"};
  DimSpec gateRows{Sym::Fixed, gates * h, gatesLabel};
  DimSpec biasRows{Sym::Fixed, biasGates * h, biasLabel};
  DimSpec dirs{Sym::Fixed, config.numDirections, "num_directions"};

  SmallVector<OperandSpec, 6> specs;
  if (config.kind == RNNKind::LSTMCell) {
    specs.push_back({"input", {batch, input}});
    specs.push_back({"initial_hidden_state", {batch, hidden}});
    specs.push_back({"initial_cell_state", {batch, hidden}});
    specs.push_back({"weights", {gateRows, input}});
    specs.push_back({"recurrence_weights", {gateRows, hidden}});
    specs.push_back({"biases", {biasRows}});
    return specs;
  }
  specs.push_back({"input", {batch, seq, input}});
  specs.push_back({"initial_hidden_state", {batch, dirs, hidden}});
  if (config.kind == RNNKind::LSTMSequence) {
    specs.push_back({"initial_cell_state", {batch, dirs, hidden}});
  }
  specs.push_back({"weights", {dirs, gateRows, input}});
  specs.push_back({"recurrence_weights", {dirs, gateRows, hidden}});
  specs.push_back({"biases", {dirs, biasRows}});
  return specs;
}

std::string formatPattern(const OperandSpec &spec) {
  std::string text = "[";
  for (auto [index, dim] : llvm::enumerate(spec.dims)) {
    text += (index == 0 ? "" : ", ") + dim.label;
  }
  return text + "]";
}

} // namespace

FailureOr<SmallVector<DimVector, 3>>
inferRNNShapes(ErrorFn emitError, const RNNConfig &config,
               ArrayRef<ArrayRef<int64_t>> operands) {
  SmallVector<OperandSpec, 6> specs = getOperandSpecs(config);
  assert(specs.size() == operands.size() && "one shape per operand");
  for (auto [spec, shape] : llvm::zip(specs, operands)) {
    if (shape.size() != spec.dims.size()) {
      return emitError() << "expects " << spec.name << " of rank "
                         << spec.dims.size() << " " << formatPattern(spec)
                         << ", got shape " << formatShape(shape);
    }
  }
  // Resolve batch, seq_length and input_size from the first static occurrence.
  int64_t symbols[3] = {ShapedType::kDynamic, ShapedType::kDynamic,
                        ShapedType::kDynamic};
  for (auto [spec, shape] : llvm::zip(specs, operands)) {
    for (auto [dim, actual] : llvm::zip(spec.dims, shape)) {
      if (dim.sym != Sym::Fixed &&
          isDynamic(symbols[static_cast<int>(dim.sym)])) {
        symbols[static_cast<int>(dim.sym)] = actual;
      }
    }
  }
  for (auto [spec, shape] : llvm::zip(specs, operands)) {
    DimVector expected;
    for (const DimSpec &dim : spec.dims) {
      expected.push_back(dim.sym == Sym::Fixed
                             ? dim.value
                             : symbols[static_cast<int>(dim.sym)]);
    }
    for (auto [actual, want] : llvm::zip(shape, expected)) {
      if (conflicts(actual, want)) {
        return emitError() << "expects " << spec.name << " of shape "
                           << formatPattern(spec) << " = "
                           << formatShape(expected) << ", got "
                           << formatShape(shape);
      }
    }
  }
  const int64_t batch = symbols[static_cast<int>(Sym::Batch)];
  const int64_t seq = symbols[static_cast<int>(Sym::Seq)];
  const int64_t h = config.hiddenSize;
  const int64_t dirs = config.numDirections;
  SmallVector<DimVector, 3> results;
  switch (config.kind) {
  case RNNKind::LSTMCell:
    results.push_back({batch, h});
    results.push_back({batch, h});
    break;
  case RNNKind::LSTMSequence:
    results.push_back({batch, dirs, seq, h});
    results.push_back({batch, dirs, h});
    results.push_back({batch, dirs, h});
    break;
  case RNNKind::GRUSequence:
    results.push_back({batch, dirs, seq, h});
    results.push_back({batch, dirs, h});
    break;
  }
  return results;
}

LogicalResult checkRNNAttributes(ErrorFn emitError,
                                 ArrayRef<llvm::StringRef> activations,
                                 size_t count, std::optional<double> clip) {
  if (activations.size() != count) {
    return emitError() << "expects " << count << " activations, got "
                       << activations.size();
  }
  for (llvm::StringRef name : activations) {
    if (name != "sigmoid" && name != "tanh" && name != "relu") {
      return emitError()
             << "activation '" << name
             << "' is not supported (expected sigmoid, tanh or relu)";
    }
  }
  if (clip && !(std::isfinite(*clip) && *clip > 0.0)) {
    return emitError() << "expects clip > 0, got " << *clip;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Detection helpers
//===----------------------------------------------------------------------===//

FailureOr<DimVector> inferCTCGreedyDecoderShape(ErrorFn emitError,
                                                ArrayRef<int64_t> data,
                                                ArrayRef<int64_t> mask) {
  if (data.size() != 3) {
    return emitError() << "expects data of rank 3 [T, N, C], got shape "
                       << formatShape(data);
  }
  if (!isDynamic(data[2]) && data[2] < 1) {
    return emitError()
           << "expects data with at least one class (the blank), got shape "
           << formatShape(data);
  }
  if (mask.size() != 2 || conflicts(mask[0], data[0]) ||
      conflicts(mask[1], data[1])) {
    return emitError() << "expects sequence_mask of shape [T, N] = "
                       << formatShape(data.take_front(2)) << ", got "
                       << formatShape(mask);
  }
  const int64_t steps = isDynamic(data[0]) ? mask[0] : data[0];
  const int64_t batch = isDynamic(data[1]) ? mask[1] : data[1];
  return DimVector{batch, steps, 1, 1};
}

FailureOr<DimVector> inferRegionYoloShape(ErrorFn emitError,
                                          ArrayRef<int64_t> input,
                                          const RegionYoloConfig &config) {
  if (input.size() != 4) {
    return emitError() << "expects a 4-D input [N, C, H, W], got shape "
                       << formatShape(input);
  }
  if (config.coords < 2) {
    return emitError() << "expects coords >= 2, got " << config.coords;
  }
  if (config.classes < 1) {
    return emitError() << "expects classes >= 1, got " << config.classes;
  }
  if (config.num < 1) {
    return emitError() << "expects num >= 1, got " << config.num;
  }
  for (int64_t index : config.mask) {
    if (index < 0 || index >= config.num) {
      return emitError() << "expects mask entries in [0, num = " << config.num
                         << "), got " << index;
    }
  }
  if (!config.doSoftmax && config.mask.empty()) {
    return emitError()
           << "expects a non-empty mask without do_softmax (YOLO v3)";
  }
  if (config.numAnchors != 0 &&
      static_cast<int64_t>(config.numAnchors) != 2 * config.num) {
    return emitError() << "expects anchors to be empty or hold 2 * num = "
                       << 2 * config.num << " values, got "
                       << config.numAnchors;
  }
  FailureOr<int64_t> axis = normalizeAxis(emitError, config.axis, 4, "axis");
  if (failed(axis)) {
    return failure();
  }
  FailureOr<int64_t> endAxis =
      normalizeAxis(emitError, config.endAxis, 4, "end_axis");
  if (failed(endAxis)) {
    return failure();
  }
  if (*axis > *endAxis) {
    return emitError() << "expects axis <= end_axis, got " << *axis << " > "
                       << *endAxis;
  }
  const int64_t regions = config.getNumRegions();
  const int64_t channels = regions * (config.coords + 1 + config.classes);
  if (conflicts(input[1], channels)) {
    return emitError()
           << "expects input channels = regions * (coords + 1 + classes) = "
           << regions << " * " << config.coords + 1 + config.classes << " = "
           << channels << ", got " << input[1];
  }
  if (!config.doSoftmax) {
    return DimVector{input[0], channels, input[2], input[3]};
  }
  DimVector shape(input.take_front(*axis));
  int64_t flat = 1;
  for (int64_t d = *axis; d <= *endAxis; ++d) {
    const int64_t dim = d == 1 ? channels : input[d];
    flat =
        isDynamic(dim) || isDynamic(flat) ? ShapedType::kDynamic : flat * dim;
  }
  shape.push_back(flat);
  shape.append(input.begin() + *endAxis + 1, input.end());
  return shape;
}

FailureOr<DimVector> inferReorgYoloShape(ErrorFn emitError,
                                         ArrayRef<int64_t> input,
                                         int64_t stride) {
  if (input.size() != 4) {
    return emitError() << "expects a 4-D input [N, C, H, W], got shape "
                       << formatShape(input);
  }
  const int64_t area = stride * stride;
  if (!isDynamic(input[1]) && input[1] % area != 0) {
    return emitError() << "expects input channels " << input[1]
                       << " to be a multiple of stride^2 = " << area;
  }
  for (int d = 2; d < 4; ++d) {
    if (!isDynamic(input[d]) && input[d] % stride != 0) {
      return emitError() << "expects input " << (d == 2 ? "height " : "width ")
                         << input[d] << " to be a multiple of the stride "
                         << stride;
    }
  }
  auto scale = [](int64_t dim, int64_t mul, int64_t div) {
    return isDynamic(dim) ? ShapedType::kDynamic : dim * mul / div;
  };
  return DimVector{input[0], scale(input[1], area, 1),
                   scale(input[2], 1, stride), scale(input[3], 1, stride)};
}

FailureOr<DimVector>
inferRoiPoolShape(ErrorFn emitError, ArrayRef<int64_t> input,
                  ArrayRef<int64_t> rois,
                  std::optional<ArrayRef<int64_t>> batchIndices,
                  const RoiPoolConfig &config) {
  if (config.pooledH < 1 || config.pooledW < 1) {
    return emitError() << "expects pooled_h and pooled_w >= 1, got "
                       << config.pooledH << " and " << config.pooledW;
  }
  if (config.samplingRatio < 0 ||
      config.samplingRatio > kMaxROIAlignSamplingRatio) {
    return emitError() << "expects sampling_ratio in [0, "
                       << kMaxROIAlignSamplingRatio << "], got "
                       << config.samplingRatio;
  }
  if (!std::isfinite(config.spatialScale) || !(config.spatialScale > 0.0)) {
    return emitError() << "expects a finite spatial_scale > 0, got "
                       << config.spatialScale;
  }
  if (input.size() != 4) {
    return emitError() << "expects a 4-D input [N, C, H, W], got shape "
                       << formatShape(input);
  }
  if (rois.size() != 2 || conflicts(rois[1], config.boxSize)) {
    return emitError() << "expects rois [R, " << config.boxSize
                       << "], got shape " << formatShape(rois);
  }
  int64_t regions = rois[0];
  if (batchIndices) {
    if (batchIndices->size() != 1 || conflicts((*batchIndices)[0], rois[0])) {
      return emitError() << "expects batch_indices [R] with R = " << rois[0]
                         << " (one per region), got shape "
                         << formatShape(*batchIndices);
    }
    if (isDynamic(regions)) {
      regions = (*batchIndices)[0];
    }
  }
  return DimVector{regions, input[1], config.pooledH, config.pooledW};
}

} // namespace mlir::vpuc::IE::detail
