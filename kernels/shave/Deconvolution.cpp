//===- Deconvolution.cpp - The deconvolution kernel -----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// deconvolution(input, filter, bias, output, strides, pads, dilations, output
// paddings, groups, postOp, postOpAlpha, postOpBeta)
// (kernels/abi/SwKernels.h): grouped 2-D transposed convolution over logical
// NCHW tensors of any layouts, through the shared -O2 kernel of
// kernels/reference (the IE interpreter's code), then the post-operation.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/reference/Convolution.h"
#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/ConvSupport.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runDeconvolution(const uint8_t *args,
                             const KernelContext &context) {
  auto a = readArgs<abi::DeconvolutionKernel::Args>(args);
  const char *name = abi::DeconvolutionKernel::name;
  TensorView in, filter, bias, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.filter, false, "filter", filter},
                                        {a.bias, false, "bias", bias},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  std::vector<int64_t> filterDims = getDims(filter);
  int64_t groups = a.groups;
  int64_t outChannels = filter.getRank() == 4 ? filterDims[1] * groups : 0;
  if (llvm::Error error =
          checkWeightedOperands(in, filter, bias, out, 4, outChannels, name)) {
    return error;
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
  std::vector<int64_t> inDims = getDims(in);
  int64_t channels = inDims[1];
  if (groups < 1 || channels % groups != 0) {
    return kernelError(name, "groups " + llvm::Twine(groups) +
                                 " must divide the input channels " +
                                 llvm::Twine(channels));
  }
  if (filterDims[0] != channels) {
    return kernelError(name, "filter has dims " + formatDims(filterDims) +
                                 ", expected " + llvm::Twine(channels) +
                                 " input channels");
  }
  if (a.outputPaddingH < 0 ||
      a.outputPaddingH >= std::max(a.strideH, a.dilationH) ||
      a.outputPaddingW < 0 ||
      a.outputPaddingW >= std::max(a.strideW, a.dilationW)) {
    return kernelError(name, "output paddings " +
                                 llvm::Twine(a.outputPaddingH) + "x" +
                                 llvm::Twine(a.outputPaddingW) +
                                 " must be below the stride or dilation");
  }
  // out = (in - 1) * stride - pads + dilation * (kernel - 1) + 1 + padding.
  int64_t outH = (inDims[2] - 1) * a.strideH - a.padTop - a.padBottom +
                 a.dilationH * (filterDims[2] - 1) + 1 + a.outputPaddingH;
  int64_t outW = (inDims[3] - 1) * a.strideW - a.padLeft - a.padRight +
                 a.dilationW * (filterDims[3] - 1) + 1 + a.outputPaddingW;
  if (outH < 1 || outW < 1) {
    return kernelError(name, "the pads leave an empty output");
  }
  if (llvm::Error error = checkDims(out, {inDims[0], outChannels, outH, outW},
                                    name, "output")) {
    return error;
  }
  kernels::ConvGeometry g =
      makeConvGeometry(a, inDims, filterDims, outChannels, outH, outW, groups);
  std::vector<float> input = loadTensor(in);
  std::vector<float> weights = loadTensor(filter);
  std::vector<float> biases = loadTensor(bias);
  std::vector<float> result(out.getNumElements());
  if (!result.empty()) {
    kernels::deconvolution(g, input.data(), weights.data(),
                           biases.empty() ? nullptr : biases.data(),
                           result.data());
  }
  finishWeighted(out, a.postOp, a.postOpAlpha, a.postOpBeta, result);
  return llvm::Error::success();
}

/// MACs: each input element meets OC / groups * KH * KW filter taps.
int64_t getDeconvolutionWork(const uint8_t *,
                             llvm::ArrayRef<TensorView> views) {
  if (views.size() < 4 || views[1].getRank() != 4) {
    return getElements(views, 3);
  }
  int64_t channels = views[1].getLogicalDims()[shape::Dim(0)];
  return channels == 0
             ? getElements(views, 3)
             : getElements(views, 0) * (views[1].getNumElements() / channels);
}

} // namespace

VPUC_EMU_KERNEL(deconvolution) {
  registry.add(makeKernelInfo<abi::DeconvolutionKernel>(runDeconvolution,
                                                        getDeconvolutionWork));
}

} // namespace mlir::vpuc::emu
