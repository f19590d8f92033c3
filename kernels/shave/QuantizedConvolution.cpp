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
// types over logical NCHW tensors of any layouts. The integer products are
// accumulated exactly in 64 bits, then requantised per output channel.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/ConvSupport.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// The range of the integer element type `type`.
std::pair<double, double> getStorageRange(abi::DataType type) {
  switch (type) {
  case abi::DataType::I8:
    return {-128.0, 127.0};
  case abi::DataType::U8:
    return {0.0, 255.0};
  case abi::DataType::I16:
    return {-32768.0, 32767.0};
  case abi::DataType::U16:
    return {0.0, 65535.0};
  case abi::DataType::I32:
    return {-2147483648.0, 2147483647.0};
  default:
    return {0.0, 4294967295.0};
  }
}

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
          checkPostOp(a.postOp, a.postOpAlpha, a.postOpBeta, name)) {
    return error;
  }
  if (!(a.outputScale > 0.0f) || !std::isfinite(a.outputScale)) {
    return kernelError(name, "outputScale must be finite and positive");
  }
  auto [lo, hi] = getStorageRange(out.type);
  if (a.qmin > a.qmax || a.qmin < lo || a.qmax > hi) {
    return kernelError(name, "range [" + llvm::Twine(a.qmin) + ", " +
                                 llvm::Twine(a.qmax) + "] does not fit " +
                                 getDataTypeName(out.type));
  }
  const int64_t channels = inDims[1];
  if (a.groups < 1 || channels % a.groups != 0 || outChannels % a.groups != 0) {
    return kernelError(
        name, "groups " + llvm::Twine(a.groups) +
                  " must divide the input channels " + llvm::Twine(channels) +
                  " and the output channels " + llvm::Twine(outChannels));
  }
  if (filterDims[1] != channels / a.groups) {
    return kernelError(name, "filter has dims " + formatDims(filterDims) +
                                 ", expected " +
                                 llvm::Twine(channels / a.groups) +
                                 " input channels per group");
  }
  auto extent = [](int64_t size, int64_t k, int64_t s, int64_t d, int64_t p0,
                   int64_t p1) {
    int64_t span = size + p0 + p1 - d * (k - 1) - 1;
    return span < 0 ? -1 : span / s + 1;
  };
  const int64_t outH = extent(inDims[2], filterDims[2], a.strideH, a.dilationH,
                              a.padTop, a.padBottom);
  const int64_t outW = extent(inDims[3], filterDims[3], a.strideW, a.dilationW,
                              a.padLeft, a.padRight);
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
  const std::vector<double> zeroPoints = loadTensorF64(filterZero);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t taps = inPerGroup * g.kernelH * g.kernelW;
  std::vector<float> real(out.getNumElements());
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      const auto filterZeroPoint = static_cast<int64_t>(zeroPoints[oc]);
      const int64_t firstIn = (oc / outPerGroup) * inPerGroup;
      for (int64_t oy = 0; oy < g.outH; ++oy) {
        for (int64_t ox = 0; ox < g.outW; ++ox) {
          int64_t acc = biases.empty() ? 0 : static_cast<int64_t>(biases[oc]);
          for (int64_t ic = 0; ic < inPerGroup; ++ic) {
            const int64_t plane =
                (n * g.inChannels + firstIn + ic) * g.inH * g.inW;
            for (int64_t ky = 0; ky < g.kernelH; ++ky) {
              const int64_t iy = oy * g.strideH + ky * g.dilationH - g.padTop;
              if (iy < 0 || iy >= g.inH) {
                continue;
              }
              for (int64_t kx = 0; kx < g.kernelW; ++kx) {
                const int64_t ix =
                    ox * g.strideW + kx * g.dilationW - g.padLeft;
                if (ix < 0 || ix >= g.inW) {
                  continue;
                }
                const auto x =
                    static_cast<int64_t>(input[plane + iy * g.inW + ix]) -
                    a.inputZeroPoint;
                const auto w =
                    static_cast<int64_t>(
                        weights[oc * taps + (ic * g.kernelH + ky) * g.kernelW +
                                kx]) -
                    filterZeroPoint;
                acc += x * w;
              }
            }
          }
          real[((n * g.outChannels + oc) * g.outH + oy) * g.outW + ox] =
              static_cast<float>(static_cast<double>(acc) * scales[oc]);
        }
      }
    }
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
      runQuantizedConvolution, 1.0, getQuantizedConvolutionWork));
}

} // namespace mlir::vpuc::emu
