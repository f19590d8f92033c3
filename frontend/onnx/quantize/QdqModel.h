//===- QdqModel.h - Quantize an ONNX model to the QDQ format ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The ONNX side of `vpuc quantize`: which tensors of an FP32 model are
// quantized (planQuantization), the model the calibration runs (its graph
// outputs extended by those tensors, addCalibrationOutputs), and the QDQ model
// written from their ranges (writeQdqModel): QuantizeLinear ->
// DequantizeLinear pairs on activations (per tensor), and DequantizeLinear of
// integer initializers for the weights (i8, symmetric, per output channel) and
// biases (i32, scale = input scale x weight scale), as ONNX Runtime's and
// torch's quantizers write them and vpuc-ie-fuse-quantized-layers reads them.
//
// Quantized layers: Conv (2-D, constant weights), Gemm (constant weights and
// bias, alpha = beta = 1, no transposed input), Add and Mul of which an
// operand is a quantized tensor (their inputs and output; constant operands
// become i8 per-tensor constants). A Relu, Clip or
// LeakyRelu that alone reads such a layer's output is quantized after it
// instead (the layer's post-op). MaxPool, AveragePool, GlobalAveragePool and
// the reshapes (Reshape, Flatten, Squeeze, Unsqueeze) of a quantized tensor
// keep its parameters. Every other node computes in float on dequantized
// inputs (mixed precision).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_QUANTIZE_QDQMODEL_H_
#define VPUC_FRONTEND_ONNX_QUANTIZE_QDQMODEL_H_

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/calibration/Calibration.h"
#include "llvm/Support/Error.h"

namespace onnx {
class ModelProto;
} // namespace onnx

namespace mlir::vpuc::onnx_frontend::quantize {

/// How the model is quantized.
struct QuantizeOptions {
  /// The activations' 8-bit type (default: u8, asymmetric).
  calibration::QuantType activationType;
  /// Weights per output channel (else per tensor).
  bool perChannelWeights = true;
  /// Names of nodes that stay in float.
  std::set<std::string> keepFloat;
};

/// The mean of each channel (dim 1) of a tensor over the calibration inputs.
using ChannelMeans = std::map<std::string, std::vector<double>>;

/// What is quantized.
struct QuantPlan {
  /// The activation tensors whose ranges the calibration measures, in graph
  /// order.
  std::vector<std::string> calibrated;
  /// Tensors quantized with the parameters of another (a pool's or a
  /// reshape's output: tensor, the calibrated tensor whose parameters it
  /// takes).
  std::vector<std::pair<std::string, std::string>> shared;
  /// The names of the nodes that become quantized layers, in graph order.
  std::vector<std::string> layers;
  /// The inputs of the quantized Conv and Gemm layers, whose channel means
  /// the bias correction needs.
  std::vector<std::string> layerInputs;

  /// The calibrated tensor whose parameters `tensor` takes: the source of a
  /// shared tensor, else `tensor` itself.
  const std::string &getParamsSource(const std::string &tensor) const {
    for (const auto &[sharedTensor, source] : shared) {
      if (sharedTensor == tensor) {
        return source;
      }
    }
    return tensor;
  }
};

/// Prepares `model` for planning, in place: brings a default-domain opset
/// below 13 to 13 (the ONNX library's version converter; per-channel
/// QuantizeLinear / DequantizeLinear need it), and makes the outputs of
/// Constant nodes and of Identity nodes of constants initializers, so that
/// weights, biases and Clip bounds read as constants. Returns the opset the
/// model had.
llvm::Expected<int64_t> prepareModel(onnx::ModelProto &model);

/// Plans the quantization of `model` (best prepared by prepareModel). Only
/// float32 tensors are quantized (types from ONNX shape inference). Fails on a
/// node named in `options.keepFloat` that the graph lacks, and on a model
/// whose opset the QDQ operators need (10, 13 for per-channel weights) does
/// not reach.
llvm::Expected<QuantPlan> planQuantization(const onnx::ModelProto &model,
                                           const QuantizeOptions &options);

/// The serialized bytes of `model` with every calibrated tensor and layer
/// input of `plan` that is not a graph input or output added to the graph
/// outputs (types from ONNX shape inference), for the interpreter to observe.
llvm::Expected<std::string> addCalibrationOutputs(const onnx::ModelProto &model,
                                                  const QuantPlan &plan);

/// Rewrites `model` into its QDQ form: `params` holds the parameters of every
/// tensor in `plan.calibrated`. With the channel means of a Conv or Gemm
/// layer's input in `means`, the layer's bias is corrected for the expected
/// error of its quantized weights (bias correction: b - sum_k (dequantized
/// w - w)[o, k] x mean[k]; a layer without a bias gets one), unless its
/// weights or bias are shared with another layer.
llvm::Error
writeQdqModel(onnx::ModelProto &model, const QuantPlan &plan,
              const std::map<std::string, calibration::QuantParams> &params,
              const QuantizeOptions &options,
              const ChannelMeans &means = ChannelMeans());

} // namespace mlir::vpuc::onnx_frontend::quantize

#endif // VPUC_FRONTEND_ONNX_QUANTIZE_QDQMODEL_H_
