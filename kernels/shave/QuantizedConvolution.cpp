//===- QuantizedConvolution.cpp - The quantized convolution kernel --------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantized_convolution(input, filter, bias, scale, filterZeroPoint, output,
// strides, pads, dilations, groups, inputZeroPoint, outputZeroPoint, qmin,
// qmax, outputScale, postOp, postOpAlpha, postOpBeta) (kernels/abi/
// SwKernels.h): the grouped 2-D convolution of IE.Convolution on quantized
// types over logical NCHW tensors of any layouts: the integer accumulation of
// kernels/reference (exact in 64 bits, shared with the IE interpreter), then
// the per-channel requantisation.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/ConvSupport.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runQuantizedConvolution(const uint8_t *args,
                                    const KernelContext &context) {
  auto a = readArgs<abi::QuantizedConvolutionKernel::Args>(args);
  const char *name = abi::QuantizedConvolutionKernel::name;
  TensorView in, filter, bias, scale, filterZero, out;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", in},
           {a.filter, false, "filter", filter},
           {a.bias, false, "bias", bias},
           {a.scale, false, "scale", scale},
           {a.filterZeroPoint, false, "filterZeroPoint", filterZero},
           {a.output, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&filter, "filter"),
        std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, kIntegerTypes, name, what)) {
      return error;
    }
    if (llvm::Error error = checkRank(*view, 4, name, what)) {
      return error;
    }
  }
  std::vector<int64_t> inDims = getDims(in);
  std::vector<int64_t> filterDims = getDims(filter);
  const int64_t outChannels = filterDims[0];
  if (!isAbsent(bias)) {
    if (llvm::Error error = checkType(bias, kIntegerTypes, name, "bias")) {
      return error;
    }
    if (llvm::Error error = checkDims(bias, {outChannels}, name, "bias")) {
      return error;
    }
  }
  if (llvm::Error error = checkType(scale, kFloatTypes, name, "scale")) {
    return error;
  }
  if (llvm::Error error = checkDims(scale, {outChannels}, name, "scale")) {
    return error;
  }
  if (llvm::Error error =
          checkType(filterZero, kIntegerTypes, name, "filterZeroPoint")) {
    return error;
  }
  if (llvm::Error error =
          checkDims(filterZero, {outChannels}, name, "filterZeroPoint")) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in, "the input"), std::make_pair(&filter, "the filter"),
        std::make_pair(&bias, "the bias"), std::make_pair(&scale, "the scale"),
        std::make_pair(&filterZero, "the filter zero points")}) {
    if (isAbsent(*view)) {
      continue;
    }
    if (llvm::Error error = checkDisjoint(out, *view, name, what)) {
      return error;
    }
  }
  if (llvm::Error error =
          checkWindow(a.strideH, a.strideW, a.dilationH, a.dilationW, a.padTop,
                      a.padLeft, a.padBottom, a.padRight, name)) {
    return error;
  }
  if (llvm::Error error =
          checkQuantizedOutput(a.outputScale, a.qmin, a.qmax, out.type,
                               a.postOp, a.postOpAlpha, a.postOpBeta, name)) {
    return error;
  }
  if (llvm::Error error =
          checkConvGroups(inDims[1], outChannels, a.groups, filterDims, name)) {
    return error;
  }
  const int64_t outH = getConvOutputSize(inDims[2], filterDims[2], a.strideH,
                                         a.dilationH, a.padTop, a.padBottom);
  const int64_t outW = getConvOutputSize(inDims[3], filterDims[3], a.strideW,
                                         a.dilationW, a.padLeft, a.padRight);
  if (outH < 1 || outW < 1) {
    return kernelError(name, "the dilated filter " + formatDims(filterDims) +
                                 " does not fit the padded input " +
                                 formatDims(inDims));
  }
  if (llvm::Error error = checkDims(out, {inDims[0], outChannels, outH, outW},
                                    name, "output")) {
    return error;
  }
  for (double value : loadTensorF64(scale)) {
    if (!(value > 0.0) || !std::isfinite(value)) {
      return kernelError(name, "scale " + std::to_string(value) +
                                   " must be finite and positive");
    }
  }
  kernels::ConvGeometry g = makeConvGeometry(a, inDims, filterDims, outChannels,
                                             outH, outW, a.groups);
  // Integers are exact in double up to 2^53.
  const std::vector<double> input = loadTensorF64(in);
  const std::vector<double> weights = loadTensorF64(filter);
  const std::vector<double> biases = loadTensorF64(bias);
  const std::vector<double> scales = loadTensorF64(scale);
  std::vector<int64_t> zeroPoints;
  for (double value : loadTensorF64(filterZero)) {
    zeroPoints.push_back(static_cast<int64_t>(value));
  }
  std::vector<int64_t> acc(out.getNumElements());
  kernels::quantizedConvolution(
      g, input.data(), weights.data(), biases.empty() ? nullptr : biases.data(),
      a.inputZeroPoint, zeroPoints.data(), acc.data());
  std::vector<float> real(acc.size());
  const int64_t plane = outH * outW;
  for (size_t i = 0; i < acc.size(); ++i) {
    const int64_t oc = (static_cast<int64_t>(i) / plane) % outChannels;
    real[i] = static_cast<float>(static_cast<double>(acc[i]) * scales[oc]);
  }
  applyPostOp(a.postOp, a.postOpAlpha, a.postOpBeta, real.data(),
              static_cast<int64_t>(real.size()));
  std::vector<double> result(real.size());
  const double outputScale = a.outputScale;
  for (size_t i = 0; i < real.size(); ++i) {
    // nearbyint rounds halves to even in the default rounding mode.
    const double q = std::nearbyint(real[i] / outputScale) + a.outputZeroPoint;
    result[i] =
        std::clamp(q, static_cast<double>(a.qmin), static_cast<double>(a.qmax));
  }
  storeTensorF64(out, result.data());
  return llvm::Error::success();
}

/// MACs: each output element takes a filter row of C / groups * KH * KW.
int64_t getQuantizedConvolutionWork(const uint8_t *,
                                    llvm::ArrayRef<TensorView> views) {
  if (views.size() < 6 || views[1].getRank() != 4) {
    return 0;
  }
  int64_t out = views[5].getNumElements();
  int64_t outChannels = views[1].getLogicalDims()[shape::Dim(0)];
  return outChannels == 0 ? out
                          : out * (views[1].getNumElements() / outChannels);
}

} // namespace

VPUC_EMU_KERNEL(quantized_convolution) {
  registry.add(makeKernelInfo<abi::QuantizedConvolutionKernel>(
      runQuantizedConvolution, getQuantizedConvolutionWork));
}

} // namespace mlir::vpuc::emu
