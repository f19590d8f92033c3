//===- ConvSupport.cpp - Checks shared by the convolution kernels ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/ConvSupport.h"

#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {

llvm::Error checkWeightedOperands(const TensorView &input,
                                  const TensorView &filter,
                                  const TensorView &bias,
                                  const TensorView &output, int64_t rank,
                                  int64_t channels, llvm::StringRef kernel) {
  for (auto [view, what] :
       {std::make_pair(&input, "input"), std::make_pair(&filter, "filter"),
        std::make_pair(&output, "output")}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, kernel, what)) {
      return error;
    }
    if (llvm::Error error = checkRank(*view, rank, kernel, what)) {
      return error;
    }
  }
  if (!isAbsent(bias)) {
    if (llvm::Error error = checkType(bias, kFloatTypes, kernel, "bias")) {
      return error;
    }
    if (llvm::Error error = checkDims(bias, {channels}, kernel, "bias")) {
      return error;
    }
    if (llvm::Error error = checkDisjoint(output, bias, kernel, "the bias")) {
      return error;
    }
  }
  if (llvm::Error error = checkDisjoint(output, input, kernel, "the input")) {
    return error;
  }
  return checkDisjoint(output, filter, kernel, "the filter");
}

llvm::Error checkWindow(int32_t strideH, int32_t strideW, int32_t dilationH,
                        int32_t dilationW, int32_t padTop, int32_t padLeft,
                        int32_t padBottom, int32_t padRight,
                        llvm::StringRef kernel) {
  if (strideH < 1 || strideW < 1) {
    return kernelError(kernel, "strides " + llvm::Twine(strideH) + "x" +
                                   llvm::Twine(strideW) + " must be positive");
  }
  if (dilationH < 1 || dilationW < 1) {
    return kernelError(kernel, "dilations " + llvm::Twine(dilationH) + "x" +
                                   llvm::Twine(dilationW) +
                                   " must be positive");
  }
  if (padTop < 0 || padLeft < 0 || padBottom < 0 || padRight < 0) {
    return kernelError(kernel, "pads must be non-negative");
  }
  return llvm::Error::success();
}

int64_t getConvOutputSize(int64_t in, int64_t kernel, int64_t stride,
                          int64_t dilation, int64_t pad0, int64_t pad1) {
  int64_t span = in + pad0 + pad1 - dilation * (kernel - 1) - 1;
  return span < 0 ? -1 : span / stride + 1;
}

llvm::Error checkConvGroups(int64_t channels, int64_t outChannels,
                            int32_t groups,
                            const std::vector<int64_t> &filterDims,
                            llvm::StringRef kernel) {
  if (groups < 1 || channels % groups != 0 || outChannels % groups != 0) {
    return kernelError(
        kernel, "groups " + llvm::Twine(groups) +
                    " must divide the input channels " + llvm::Twine(channels) +
                    " and the output channels " + llvm::Twine(outChannels));
  }
  if (filterDims[1] != channels / groups) {
    return kernelError(kernel, "filter has dims " + formatDims(filterDims) +
                                   ", expected " +
                                   llvm::Twine(channels / groups) +
                                   " input channels per group");
  }
  return llvm::Error::success();
}

void finishWeighted(const TensorView &output, int32_t postOp, float alpha,
                    float beta, std::vector<float> &result) {
  applyPostOp(postOp, alpha, beta, result.data(),
              static_cast<int64_t>(result.size()));
  storeTensor(output, result.data());
}

} // namespace mlir::vpuc::emu
