//===- InferenceRecurrent.cpp - IE LSTM and GRU kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.LSTMCell, IE.LSTMSequence and IE.GRUSequence. Batch rows are
// independent, so each is run through all time steps of a direction on its own:
// per step the gate pre-activations are dot products of the input and hidden
// rows with contiguous weight rows, and each activation is applied to a whole
// gate block in one loop (the activation kind is switched on once per block,
// not per element).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/MiscOpShapes.h"

namespace mlir::vpuc::IE {

namespace {

/// The activation functions of the recurrent layers.
enum class Activation { Sigmoid, Tanh, Relu };

Activation parseActivation(Attribute name) {
  StringRef text = llvm::cast<StringAttr>(name).getValue();
  if (text == "sigmoid") {
    return Activation::Sigmoid;
  }
  return text == "tanh" ? Activation::Tanh : Activation::Relu;
}

/// The activations of a layer, in attribute order.
SmallVector<Activation, 3> parseActivations(ArrayAttr names) {
  SmallVector<Activation, 3> result;
  for (Attribute name : names) {
    result.push_back(parseActivation(name));
  }
  return result;
}

/// Clamps `data[0, count)` to [-clip, clip] when clip > 0, then applies `kind`
/// in place.
void activate(Activation kind, float clip, float *data, int64_t count) {
  if (clip > 0.0f) {
    for (int64_t i = 0; i < count; ++i) {
      data[i] = std::clamp(data[i], -clip, clip);
    }
  }
  switch (kind) {
  case Activation::Sigmoid:
    for (int64_t i = 0; i < count; ++i) {
      data[i] = 1.0f / (1.0f + std::exp(-data[i]));
    }
    break;
  case Activation::Tanh:
    for (int64_t i = 0; i < count; ++i) {
      data[i] = std::tanh(data[i]);
    }
    break;
  case Activation::Relu:
    for (int64_t i = 0; i < count; ++i) {
      data[i] = std::max(data[i], 0.0f);
    }
    break;
  }
}

/// out[j] += dot(vec, matrix row j) for `rows` rows of length `len`.
void addMatVec(const float *matrix, int64_t rows, int64_t len, const float *vec,
               float *out) {
  for (int64_t j = 0; j < rows; ++j) {
    const float *row = matrix + j * len;
    float acc = 0.0f;
    for (int64_t k = 0; k < len; ++k) {
      acc += row[k] * vec[k];
    }
    out[j] += acc;
  }
}

/// The weights of one direction and the attributes of a recurrent layer.
struct Cell {
  const float *w;
  const float *r;
  const float *b;
  int64_t inputSize;
  int64_t hidden;
  SmallVector<Activation, 3> activations;
  float clip;
  bool linearBeforeReset;
};

/// Scratch buffers of one step.
struct Scratch {
  std::vector<float> gates;
  std::vector<float> extra;
  std::vector<float> tmp;

  explicit Scratch(int64_t hidden)
      : gates(4 * hidden), extra(4 * hidden), tmp(hidden) {}
};

/// One LSTM step of one batch row (gates f, i, c, o); updates h and c in place.
void lstmStep(const Cell &cell, const float *x, float *h, float *c,
              Scratch &scratch) {
  const int64_t hs = cell.hidden;
  float *g = scratch.gates.data();
  std::copy(cell.b, cell.b + 4 * hs, g);
  addMatVec(cell.w, 4 * hs, cell.inputSize, x, g);
  addMatVec(cell.r, 4 * hs, hs, h, g);
  float *f = g;
  float *i = g + hs;
  float *cand = g + 2 * hs;
  float *o = g + 3 * hs;
  activate(cell.activations[0], cell.clip, f, hs);
  activate(cell.activations[0], cell.clip, i, hs);
  activate(cell.activations[1], cell.clip, cand, hs);
  activate(cell.activations[0], cell.clip, o, hs);
  float *act = scratch.tmp.data();
  for (int64_t k = 0; k < hs; ++k) {
    c[k] = f[k] * c[k] + i[k] * cand[k];
    act[k] = c[k];
  }
  activate(cell.activations[2], cell.clip, act, hs);
  for (int64_t k = 0; k < hs; ++k) {
    h[k] = o[k] * act[k];
  }
}

/// One GRU step of one batch row (gates z, r, h); updates h in place.
void gruStep(const Cell &cell, const float *x, float *h, Scratch &scratch) {
  const int64_t hs = cell.hidden;
  float *g = scratch.gates.data();
  // x * W^T for the three blocks, plus the z and r biases (B_z, B_r summed over
  // W and R).
  std::fill(g, g + 3 * hs, 0.0f);
  std::copy(cell.b, cell.b + 2 * hs, g);
  addMatVec(cell.w, 3 * hs, cell.inputSize, x, g);
  addMatVec(cell.r, 2 * hs, hs, h, g);
  float *z = g;
  float *r = g + hs;
  float *cand = g + 2 * hs;
  activate(cell.activations[0], cell.clip, z, hs);
  activate(cell.activations[0], cell.clip, r, hs);
  const float *rh = cell.r + 2 * hs * hs;
  float *extra = scratch.extra.data();
  if (cell.linearBeforeReset) {
    // h~ = g(x W_h^T + Wb_h + r * (h R_h^T + Rb_h))
    std::copy(cell.b + 3 * hs, cell.b + 4 * hs, extra);
    addMatVec(rh, hs, hs, h, extra);
    for (int64_t k = 0; k < hs; ++k) {
      cand[k] += cell.b[2 * hs + k] + r[k] * extra[k];
    }
  } else {
    // h~ = g(x W_h^T + (r * h) R_h^T + B_h)
    float *gated = scratch.tmp.data();
    for (int64_t k = 0; k < hs; ++k) {
      gated[k] = r[k] * h[k];
      extra[k] = cell.b[2 * hs + k];
    }
    addMatVec(rh, hs, hs, gated, extra);
    for (int64_t k = 0; k < hs; ++k) {
      cand[k] += extra[k];
    }
  }
  activate(cell.activations[1], cell.clip, cand, hs);
  for (int64_t k = 0; k < hs; ++k) {
    h[k] = (1.0f - z[k]) * cand[k] + z[k] * h[k];
  }
}

/// The layout of a recurrent layer's run, from the actual input shapes.
struct RunShape {
  int64_t batch;
  int64_t seq;
  int64_t inputSize;
  int64_t directions;
};

/// Runs a sequence layer: `kind` LSTM (with cell state) or GRU. `inputs` are
/// the op's operands in order; outputs are Y [batch, D, seq, H], Ho and (LSTM)
/// Co [batch, D, H].
template <bool IsLSTM>
void runSequence(const RunShape &s, RNNDirection direction, Cell cell,
                 int64_t biasRows, ArrayRef<HostTensor> inputs,
                 MutableArrayRef<HostTensor> results) {
  const int64_t hs = cell.hidden;
  const int64_t gates = IsLSTM ? 4 : 3;
  const HostTensor &x = inputs[0];
  const HostTensor &h0 = inputs[1];
  const HostTensor *c0 = IsLSTM ? &inputs[2] : nullptr;
  const size_t wIndex = IsLSTM ? 3 : 2;
  const float *w = inputs[wIndex].data.data();
  const float *r = inputs[wIndex + 1].data.data();
  const float *b = inputs[wIndex + 2].data.data();
  std::vector<float> h(hs);
  std::vector<float> c(hs);
  Scratch scratch(hs);
  for (int64_t d = 0; d < s.directions; ++d) {
    const bool reverse = direction == RNNDirection::REVERSE || d == 1;
    cell.w = w + d * gates * hs * s.inputSize;
    cell.r = r + d * gates * hs * hs;
    cell.b = b + d * biasRows;
    for (int64_t n = 0; n < s.batch; ++n) {
      const int64_t stateOffset = (n * s.directions + d) * hs;
      std::copy_n(h0.data.data() + stateOffset, hs, h.data());
      if (IsLSTM) {
        std::copy_n(c0->data.data() + stateOffset, hs, c.data());
      }
      for (int64_t step = 0; step < s.seq; ++step) {
        const int64_t t = reverse ? s.seq - 1 - step : step;
        const float *xt = x.data.data() + (n * s.seq + t) * s.inputSize;
        if (IsLSTM) {
          lstmStep(cell, xt, h.data(), c.data(), scratch);
        } else {
          gruStep(cell, xt, h.data(), scratch);
        }
        std::copy_n(h.data(), hs,
                    results[0].data.data() +
                        ((n * s.directions + d) * s.seq + t) * hs);
      }
      std::copy_n(h.data(), hs, results[1].data.data() + stateOffset);
      if (IsLSTM) {
        std::copy_n(c.data(), hs, results[2].data.data() + stateOffset);
      }
    }
  }
}

/// Checks the inputs of a recurrent layer and computes its result shapes.
FailureOr<SmallVector<detail::DimVector, 3>>
checkRecurrentInputs(Operation *op, const detail::RNNConfig &config,
                     ArrayRef<HostTensor> inputs) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  SmallVector<ArrayRef<int64_t>, 6> shapes;
  for (const HostTensor &input : inputs) {
    shapes.push_back(input.shape);
  }
  return detail::inferRNNShapes([op] { return op->emitOpError(); }, config,
                                shapes);
}

/// Allocates the results of `shapes`.
SmallVector<HostTensor, 3> makeResults(ArrayRef<detail::DimVector> shapes) {
  SmallVector<HostTensor, 3> results;
  for (const detail::DimVector &shape : shapes) {
    results.push_back(HostTensor::filled(shape));
  }
  return results;
}

/// Rounds `results` to the op's result types and appends them to `outputs`.
void finishResults(Operation *op, SmallVectorImpl<HostTensor> &results,
                   SmallVectorImpl<HostTensor> &outputs) {
  for (auto [result, value] : llvm::zip(results, op->getResults())) {
    detail::roundToResultType(result, value);
    outputs.push_back(std::move(result));
  }
}

float getClipValue(std::optional<APFloat> clip) {
  return clip ? static_cast<float>(clip->convertToDouble()) : 0.0f;
}

} // namespace

LogicalResult LSTMCellOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  const int64_t hs = static_cast<int64_t>(getHiddenSize());
  FailureOr<SmallVector<detail::DimVector, 3>> shapes =
      checkRecurrentInputs(*this, {detail::RNNKind::LSTMCell, hs}, inputs);
  if (failed(shapes)) {
    return failure();
  }
  SmallVector<HostTensor, 3> results = makeResults(*shapes);
  // A cell is a forward sequence of length 1 with one direction; the [batch,
  // input] and [batch, hidden] buffers have the same row-major layout as
  // [batch, 1, ...].
  RunShape s{inputs[0].shape[0], 1, inputs[0].shape[1], 1};
  Cell cell{nullptr,
            nullptr,
            nullptr,
            s.inputSize,
            hs,
            parseActivations(getActivations()),
            getClipValue(getClip()),
            false};
  SmallVector<HostTensor, 3> sequenceResults{
      HostTensor::filled({s.batch, 1, 1, hs}),
      HostTensor::filled({s.batch, 1, hs}),
      HostTensor::filled({s.batch, 1, hs})};
  runSequence<true>(s, RNNDirection::FORWARD, cell, 4 * hs, inputs,
                    sequenceResults);
  results[0].data = std::move(sequenceResults[1].data);
  results[1].data = std::move(sequenceResults[2].data);
  finishResults(*this, results, outputs);
  return success();
}

LogicalResult LSTMSequenceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs) {
  const int64_t hs = static_cast<int64_t>(getHiddenSize());
  const int64_t dirs = getDirection() == RNNDirection::BIDIRECTIONAL ? 2 : 1;
  FailureOr<SmallVector<detail::DimVector, 3>> shapes = checkRecurrentInputs(
      *this, {detail::RNNKind::LSTMSequence, hs, dirs}, inputs);
  if (failed(shapes)) {
    return failure();
  }
  SmallVector<HostTensor, 3> results = makeResults(*shapes);
  RunShape s{inputs[0].shape[0], inputs[0].shape[1], inputs[0].shape[2], dirs};
  Cell cell{nullptr,
            nullptr,
            nullptr,
            s.inputSize,
            hs,
            parseActivations(getActivations()),
            getClipValue(getClip()),
            false};
  runSequence<true>(s, getDirection(), cell, 4 * hs, inputs, results);
  finishResults(*this, results, outputs);
  return success();
}

LogicalResult GRUSequenceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  const int64_t hs = static_cast<int64_t>(getHiddenSize());
  const int64_t dirs = getDirection() == RNNDirection::BIDIRECTIONAL ? 2 : 1;
  const bool lbr = getLinearBeforeReset();
  FailureOr<SmallVector<detail::DimVector, 3>> shapes = checkRecurrentInputs(
      *this, {detail::RNNKind::GRUSequence, hs, dirs, lbr}, inputs);
  if (failed(shapes)) {
    return failure();
  }
  SmallVector<HostTensor, 3> results = makeResults(*shapes);
  RunShape s{inputs[0].shape[0], inputs[0].shape[1], inputs[0].shape[2], dirs};
  Cell cell{nullptr,
            nullptr,
            nullptr,
            s.inputSize,
            hs,
            parseActivations(getActivations()),
            getClipValue(getClip()),
            lbr};
  runSequence<false>(s, getDirection(), cell, (lbr ? 4 : 3) * hs, inputs,
                     results);
  finishResults(*this, results, outputs);
  return success();
}

} // namespace mlir::vpuc::IE
