//===- Signal.cpp - ONNX signal-processing ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the opset-17 signal-processing ops, built from existing IE ops:
//
//   HannWindow, HammingWindow,  const.Declare: the window is computed at import
//   BlackmanWindow              time from the constant `size` (ONNX's formula
//                               a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N),
//                               N = size when periodic, size - 1 otherwise)
//   MelWeightMatrix             const.Declare: the triangular filter bank of
//   the
//                               ONNX reference, from the constant inputs
//   DFT                         IE.MatMul with a constant [N * C, K * 2] matrix
//                               of cosines and sines (C = 1 real or 2 complex
//                               input channels, K output bins), between
//                               IE.Transpose / IE.Reshape that bring the signal
//                               axis and the channels last
//   STFT                        IE.Gather of the frames (constant indices), the
//                               window folded into the DFT matrix when it is a
//                               constant (else an IE.Multiply), IE.MatMul
//
// The DFT matrix is computed in double (angles 2 pi ((k n) mod L) / L, so large
// k n lose nothing) and rounded once to the signal's element type; the product
// then accumulates in the IE.MatMul's precision (float32 in the reference
// kernels): errors of order 1e-7 times the sum of |x|.
//
// Inputs that must be known at import time (window sizes, DFT lengths, frame
// steps, the mel parameters) give an error naming the node and the input when
// they are not.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

static constexpr double kPi = 3.14159265358979323846;

//===----------------------------------------------------------------------===//
// Windows and the mel filter bank
//===----------------------------------------------------------------------===//

/// HannWindow, HammingWindow, BlackmanWindow (opset 17): the constant window
/// of `size` samples, of type `output_datatype` (default float).
static LogicalResult importWindow(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<int64_t> size = getConstantIntScalar(ctx, node, 0, "size");
  FailureOr<int64_t> periodic = ctx.getIntAttr(node, "periodic", 1);
  FailureOr<Type> elemType =
      getDataTypeAttr(ctx, node, "output_datatype", onnx::TensorProto::FLOAT);
  if (failed(size) || failed(periodic) || failed(elemType)) {
    return failure();
  }
  if (*periodic != 0 && *periodic != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'periodic' must be 0 or 1, got " << *periodic;
  }
  if (*size < 1 || (*periodic == 0 && *size < 2)) {
    return ctx.emitNodeError(node)
           << "input 'size' must be at least " << (*periodic ? 1 : 2)
           << " for a " << (*periodic ? "periodic" : "symmetric")
           << " window, got " << *size;
  }
  // w[n] = a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N).
  double a0 = 0.5, a1 = 0.5, a2 = 0.0;
  if (node.op_type() == "HammingWindow") {
    a0 = 25.0 / 46.0;
    a1 = 1.0 - a0;
  } else if (node.op_type() == "BlackmanWindow") {
    a0 = 0.42;
    a1 = 0.5;
    a2 = 0.08;
  }
  const double period = static_cast<double>(*periodic ? *size : *size - 1);
  llvm::SmallVector<double> window;
  window.reserve(*size);
  for (int64_t n = 0; n < *size; ++n) {
    const double angle = 2.0 * kPi * static_cast<double>(n) / period;
    window.push_back(a0 - a1 * std::cos(angle) + a2 * std::cos(2.0 * angle));
  }
  return ctx.setOutputs(
      node, {createValuesConstant(ctx, node, *elemType, {*size}, window)});
}

/// MelWeightMatrix (opset 17): the [dft_length / 2 + 1, num_mel_bins] matrix
/// of triangular filters with peaks of 1, whose edges are num_mel_bins + 2
/// points equally spaced on the mel scale (mel(f) = 2595 log10(1 + f / 700))
/// from lower_edge_hertz, mapped to the DFT bins floor((dft_length + 1) f /
/// sample_rate), as the ONNX reference computes it.
static LogicalResult importMelWeightMatrix(ImportContext &ctx,
                                           const onnx::NodeProto &node) {
  FailureOr<int64_t> numMelBins =
      getConstantIntScalar(ctx, node, 0, "num_mel_bins");
  FailureOr<int64_t> dftLength =
      getConstantIntScalar(ctx, node, 1, "dft_length");
  FailureOr<int64_t> sampleRate =
      getConstantIntScalar(ctx, node, 2, "sample_rate");
  FailureOr<Type> elemType =
      getDataTypeAttr(ctx, node, "output_datatype", onnx::TensorProto::FLOAT);
  if (failed(numMelBins) || failed(dftLength) || failed(sampleRate) ||
      failed(elemType)) {
    return failure();
  }
  double edges[2];
  for (int index : {3, 4}) {
    const char *what = index == 3 ? "lower_edge_hertz" : "upper_edge_hertz";
    FailureOr<llvm::SmallVector<double>> value =
        ctx.getConstantFloats(node, index, what);
    if (failed(value)) {
      return failure();
    }
    if (value->size() != 1) {
      return ctx.emitNodeError(node)
             << "input '" << what << "' must hold one value, got "
             << value->size();
    }
    edges[index - 3] = value->front();
  }
  for (auto [value, what] : {std::pair{*numMelBins, "num_mel_bins"},
                             std::pair{*dftLength, "dft_length"},
                             std::pair{*sampleRate, "sample_rate"}}) {
    if (value < 1) {
      return ctx.emitNodeError(node)
             << "input '" << what << "' must be positive, got " << value;
    }
  }
  auto toMel = [](double hertz) {
    return 2595.0 * std::log10(1.0 + hertz / 700.0);
  };
  const double lowMel = toMel(edges[0]);
  const double melStep =
      (toMel(edges[1]) - lowMel) / static_cast<double>(*numMelBins + 2);
  llvm::SmallVector<int64_t> bins;
  for (int64_t i = 0; i < *numMelBins + 2; ++i) {
    const double mel = static_cast<double>(i) * melStep + lowMel;
    const double hertz = 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0);
    bins.push_back(static_cast<int64_t>(
        std::floor(static_cast<double>(*dftLength + 1) * hertz /
                   static_cast<double>(*sampleRate))));
  }
  const int64_t numSpectrogramBins = *dftLength / 2 + 1;
  llvm::SmallVector<double> matrix(numSpectrogramBins * *numMelBins, 0.0);
  auto set = [&](int64_t bin, int64_t mel, double value) -> LogicalResult {
    if (bin < 0 || bin >= numSpectrogramBins) {
      return ctx.emitNodeError(node)
             << "the edges [" << edges[0] << ", " << edges[1]
             << "] Hz put mel band " << mel << " at DFT bin " << bin
             << ", outside the " << numSpectrogramBins
             << " bins of a onesided DFT of length " << *dftLength
             << " (sample rate " << *sampleRate << ")";
    }
    matrix[bin * *numMelBins + mel] = value;
    return success();
  };
  for (int64_t i = 0; i < *numMelBins; ++i) {
    const int64_t low = bins[i], center = bins[i + 1], high = bins[i + 2];
    if (center == low) {
      if (failed(set(center, i, 1.0))) {
        return failure();
      }
    } else {
      for (int64_t j = low; j <= center; ++j) {
        if (failed(set(j, i,
                       static_cast<double>(j - low) /
                           static_cast<double>(center - low)))) {
          return failure();
        }
      }
    }
    for (int64_t j = center; j < high; ++j) {
      if (failed(set(j, i,
                     static_cast<double>(high - j) /
                         static_cast<double>(high - center)))) {
        return failure();
      }
    }
  }
  return ctx.setOutputs(
      node, {createValuesConstant(ctx, node, *elemType,
                                  {numSpectrogramBins, *numMelBins}, matrix)});
}

//===----------------------------------------------------------------------===//
// DFT and STFT
//===----------------------------------------------------------------------===//

/// The [samples * channels, bins * 2] matrix that maps `samples` points of a
/// real (channels = 1) or complex (2) signal to the first `bins` points of its
/// DFT of length `length` as (real, imaginary) pairs: samples from `length` on
/// are dropped (fewer samples are zero-padded); the inverse transform
/// conjugates and divides by `length`; `window` (when not empty) scales each
/// sample first.
static llvm::SmallVector<double> getDftMatrix(int64_t samples, int64_t channels,
                                              int64_t length, int64_t bins,
                                              bool inverse,
                                              llvm::ArrayRef<double> window) {
  llvm::SmallVector<double> matrix(samples * channels * bins * 2, 0.0);
  const double scale = inverse ? 1.0 / static_cast<double>(length) : 1.0;
  const double sign = inverse ? 1.0 : -1.0; // exp(sign * i * angle)
  for (int64_t n = 0; n < std::min(samples, length); ++n) {
    const double weight = scale * (window.empty() ? 1.0 : window[n]);
    for (int64_t k = 0; k < bins; ++k) {
      const double angle = 2.0 * kPi * static_cast<double>((k * n) % length) /
                           static_cast<double>(length);
      const double c = weight * std::cos(angle);
      const double s = sign * weight * std::sin(angle);
      // (xr + i xi)(c + i s) = (xr c - xi s) + i (xr s + xi c).
      double *row = &matrix[(n * channels) * bins * 2 + k * 2];
      row[0] = c;
      row[1] = s;
      if (channels == 2) {
        row += bins * 2;
        row[0] = -s;
        row[1] = c;
      }
    }
  }
  return matrix;
}

/// `signal` [..., samples * channels] times the DFT matrix of getDftMatrix:
/// [..., bins * 2], reshaped to [..., bins, 2] (`outerShape` = `...`).
static FailureOr<Value>
buildDftProduct(ImportContext &ctx, const onnx::NodeProto &node, Value signal,
                llvm::ArrayRef<int64_t> outerShape,
                llvm::ArrayRef<double> matrix, int64_t rows, int64_t bins) {
  Type elemType = getTensorType(signal).getElementType();
  Value dft =
      createValuesConstant(ctx, node, elemType, {rows, bins * 2}, matrix);
  FailureOr<Value> product = buildOp<IE::MatMulOp>(ctx, node, {signal, dft});
  if (failed(product)) {
    return failure();
  }
  llvm::SmallVector<int64_t> shape(outerShape);
  shape.append({bins, 2});
  return buildReshape(ctx, node, *product, shape);
}

/// Fails unless `value` is a static float tensor of rank `minRank` or more
/// whose last dim (the channels) is 1 (real) or 2 (complex).
static LogicalResult checkSignal(ImportContext &ctx,
                                 const onnx::NodeProto &node, Value value,
                                 llvm::StringRef what, int64_t minRank) {
  RankedTensorType type = getTensorType(value);
  if (!type.hasStaticShape() || type.getRank() < minRank ||
      !llvm::isa<FloatType>(type.getElementType()) ||
      (type.getShape().back() != 1 && type.getShape().back() != 2)) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' must be a static float tensor of rank "
           << (minRank == 3 ? "3 or more" : "3")
           << " whose last dim is 1 (real) or 2 (complex), got " << type;
  }
  return success();
}

/// DFT (opset 17): the transform of `input` [batch, n_1, ..., n_k, C] along
/// `axis` (1..k), of length `dft_length` (default the axis' size), forward or
/// `inverse`, all bins or the `onesided` half (real forward input).
static LogicalResult importDFT(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axisAttr = ctx.getIntAttr(node, "axis", 1);
  FailureOr<int64_t> inverse = ctx.getIntAttr(node, "inverse", 0);
  FailureOr<int64_t> onesided = ctx.getIntAttr(node, "onesided", 0);
  if (failed(input) || failed(axisAttr) || failed(inverse) ||
      failed(onesided) || failed(checkSignal(ctx, node, *input, "input", 3))) {
    return failure();
  }
  RankedTensorType type = getTensorType(*input);
  const int64_t rank = type.getRank();
  const int64_t axis = *axisAttr < 0 ? *axisAttr + rank : *axisAttr;
  if (axis < 1 || axis > rank - 2) {
    return ctx.emitNodeError(node)
           << "attribute 'axis' = " << *axisAttr
           << " must name a signal dim (1 to " << rank - 2 << ") of " << type;
  }
  const int64_t samples = type.getDimSize(axis);
  const int64_t channels = type.getShape().back();
  int64_t length = samples;
  if (ImportContext::hasInput(node, 1)) {
    FailureOr<int64_t> value = getConstantIntScalar(ctx, node, 1, "dft_length");
    if (failed(value)) {
      return failure();
    }
    if (*value < 1) {
      return ctx.emitNodeError(node)
             << "input 'dft_length' must be positive, got " << *value;
    }
    length = *value;
  }
  if (*onesided && (*inverse || channels == 2)) {
    return ctx.emitNodeError(node)
           << "a onesided DFT needs a real input and a forward transform";
  }
  const int64_t bins = *onesided ? length / 2 + 1 : length;
  // Bring the signal axis next to the channels: [outer..., samples, C].
  llvm::SmallVector<int64_t> perm, outerShape;
  for (int64_t d = 0; d < rank - 1; ++d) {
    if (d != axis) {
      perm.push_back(d);
      outerShape.push_back(type.getDimSize(d));
    }
  }
  perm.append({axis, rank - 1});
  FailureOr<Value> moved = buildTranspose(ctx, node, *input, perm);
  if (failed(moved)) {
    return failure();
  }
  llvm::SmallVector<int64_t> flatShape(outerShape);
  flatShape.push_back(samples * channels);
  FailureOr<Value> flat = buildReshape(ctx, node, *moved, flatShape);
  if (failed(flat)) {
    return failure();
  }
  FailureOr<Value> product = buildDftProduct(
      ctx, node, *flat, outerShape,
      getDftMatrix(samples, channels, length, bins, *inverse != 0, {}),
      samples * channels, bins);
  if (failed(product)) {
    return failure();
  }
  llvm::SmallVector<int64_t> inversePerm(rank);
  for (int64_t d = 0; d < rank; ++d) {
    inversePerm[perm[d]] = d;
  }
  FailureOr<Value> result = buildTranspose(ctx, node, *product, inversePerm);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// STFT (opset 17): the DFTs of the frames of `signal` [batch, samples, C]
/// taken every `frame_step` samples, each `frame_length` (or the window's
/// length) long and scaled by `window` when given: [batch, frames, bins, 2],
/// bins = frame_length / 2 + 1 when `onesided` (the default).
static LogicalResult importSTFT(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> signal = ctx.getInput(node, 0);
  FailureOr<Value> window = ctx.getOptionalInput(node, 2);
  FailureOr<int64_t> onesided = ctx.getIntAttr(node, "onesided", 1);
  if (failed(signal) || failed(window) || failed(onesided) ||
      failed(checkSignal(ctx, node, *signal, "signal", 3))) {
    return failure();
  }
  RankedTensorType type = getTensorType(*signal);
  if (type.getRank() != 3) {
    return ctx.emitNodeError(node)
           << "input 'signal' must be [batch, samples, 1 or 2], got " << type;
  }
  FailureOr<int64_t> step = getConstantIntScalar(ctx, node, 1, "frame_step");
  if (failed(step)) {
    return failure();
  }
  if (*step < 1) {
    return ctx.emitNodeError(node)
           << "input 'frame_step' must be positive, got " << *step;
  }
  std::optional<int64_t> length;
  if (ImportContext::hasInput(node, 3)) {
    FailureOr<int64_t> value =
        getConstantIntScalar(ctx, node, 3, "frame_length");
    if (failed(value)) {
      return failure();
    }
    length = *value;
  }
  if (*window) {
    RankedTensorType windowType = getTensorType(*window);
    if (windowType.getRank() != 1 || windowType.isDynamicDim(0) ||
        (length && windowType.getDimSize(0) != *length)) {
      return ctx.emitNodeError(node)
             << "input 'window' must be a static 1-D tensor"
             << (length ? " of frame_length samples" : "") << ", got "
             << windowType;
    }
    length = windowType.getDimSize(0);
  }
  const int64_t samples = type.getDimSize(1);
  const int64_t channels = type.getDimSize(2);
  if (!length || *length < 1 || *length > samples) {
    return ctx.emitNodeError(node)
           << "needs a frame length (input 'frame_length' or the window's "
              "size) from 1 to the signal's "
           << samples << " samples";
  }
  if (*onesided && channels == 2) {
    return ctx.emitNodeError(node) << "a onesided STFT needs a real signal";
  }
  const int64_t frames = (samples - *length) / *step + 1;
  const int64_t bins = *onesided ? *length / 2 + 1 : *length;
  // The frames: [batch, frames, length, C].
  llvm::SmallVector<int64_t> indices;
  for (int64_t f = 0; f < frames; ++f) {
    for (int64_t n = 0; n < *length; ++n) {
      indices.push_back(f * *step + n);
    }
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<Value> framed = buildOp<IE::GatherOp>(
      ctx, node,
      {*signal, createIndexConstant(ctx, node, {frames, *length}, indices)},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(1))});
  if (failed(framed)) {
    return failure();
  }
  // A constant window goes into the DFT matrix; another one scales the frames.
  llvm::SmallVector<double> windowValues;
  if (*window) {
    if (std::optional<llvm::SmallVector<double>> values =
            ImportContext::getConstantValues(*window)) {
      windowValues = std::move(*values);
    } else {
      FailureOr<Value> converted =
          buildConvert(ctx, node, *window, type.getElementType());
      if (failed(converted)) {
        return failure();
      }
      FailureOr<Value> column =
          buildReshape(ctx, node, *converted, {*length, 1});
      if (failed(column)) {
        return failure();
      }
      framed = buildOp<IE::MultiplyOp>(ctx, node, {*framed, *column});
      if (failed(framed)) {
        return failure();
      }
    }
  }
  const int64_t batch = type.getDimSize(0);
  FailureOr<Value> flat =
      buildReshape(ctx, node, *framed, {batch, frames, *length * channels});
  if (failed(flat)) {
    return failure();
  }
  FailureOr<Value> result = buildDftProduct(
      ctx, node, *flat, {batch, frames},
      getDftMatrix(*length, channels, *length, bins, false, windowValues),
      *length * channels, bins);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

llvm::ArrayRef<OpHandlerInfo> getSignalHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"HannWindow", 17, 17, importWindow, "const.Declare"},
      {"HammingWindow", 17, 17, importWindow, "const.Declare"},
      {"BlackmanWindow", 17, 17, importWindow, "const.Declare"},
      {"MelWeightMatrix", 17, 17, importMelWeightMatrix, "const.Declare"},
      {"DFT", 17, 17, importDFT, "IE.Transpose, IE.Reshape, IE.MatMul"},
      {"STFT", 17, 17, importSTFT,
       "IE.Gather, IE.Multiply, IE.Reshape, IE.MatMul"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
