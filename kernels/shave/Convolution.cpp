//===- Convolution.cpp - The convolution kernel ---------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// convolution(input, filter, bias, output, strides, pads, dilations, groups,
// postOp, postOpAlpha, postOpBeta) (kernels/abi/SwKernels.h): grouped 2-D
// convolution over logical NCHW tensors of any layouts. The operands are
// loaded densely to FP32 and the shared -O2 kernel of kernels/reference runs
// it (the IE interpreter's code), then the post-operation.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Convolution.h"
#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/ConvSupport.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runConvolution(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ConvolutionKernel::Args>(args);
  const char *name = abi::ConvolutionKernel::name;
  TensorView in, filter, bias, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.filter, false, "filter", filter},
                                        {a.bias, false, "bias", bias},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  std::vector<int64_t> filterDims = getDims(filter);
  int64_t outChannels = filter.getRank() == 4 ? filterDims[0] : 0;
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
  if (llvm::Error error =
          checkConvGroups(inDims[1], outChannels, a.groups, filterDims, name)) {
    return error;
  }
  int64_t outH = getConvOutputSize(inDims[2], filterDims[2], a.strideH,
                                   a.dilationH, a.padTop, a.padBottom);
  int64_t outW = getConvOutputSize(inDims[3], filterDims[3], a.strideW,
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
  kernels::ConvGeometry g = makeConvGeometry(a, inDims, filterDims, outChannels,
                                             outH, outW, a.groups);
  std::vector<float> input = loadTensor(in);
  std::vector<float> weights = loadTensor(filter);
  std::vector<float> biases = loadTensor(bias);
  std::vector<float> result(out.getNumElements());
  if (!result.empty()) {
    kernels::convolution(g, input.data(), weights.data(),
                         biases.empty() ? nullptr : biases.data(),
                         result.data());
  }
  finishWeighted(out, a.postOp, a.postOpAlpha, a.postOpBeta, result);
  return llvm::Error::success();
}

/// MACs: each output element takes a filter row of C / groups * KH * KW.
int64_t getConvolutionWork(const uint8_t *, llvm::ArrayRef<TensorView> views) {
  int64_t out = getElements(views, 3);
  if (views.size() < 4 || views[1].getRank() != 4 ||
      views[1].dims[shape::MemDim(0)] == 0) {
    return out;
  }
  int64_t outChannels = views[1].getLogicalDims()[shape::Dim(0)];
  return outChannels == 0 ? out
                          : out * (views[1].getNumElements() / outChannels);
}

} // namespace

VPUC_EMU_KERNEL(convolution) {
  registry.add(makeKernelInfo<abi::ConvolutionKernel>(runConvolution,
                                                      getConvolutionWork));
}

} // namespace mlir::vpuc::emu
