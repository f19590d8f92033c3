//===- FullyConnected.cpp - The fully_connected kernel --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// fully_connected(input, weights, bias, output, postOp, postOpAlpha,
// postOpBeta) (kernels/abi/SwKernels.h): [M, K] x [N, K]^T + bias, then the
// post-operation; float operands of any layouts, through the shared -O2 GEMM
// of kernels/reference as the IE interpreter does.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/reference/Gemm.h"
#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/ConvSupport.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runFullyConnected(const uint8_t *args,
                              const KernelContext &context) {
  auto a = readArgs<abi::FullyConnectedKernel::Args>(args);
  const char *name = abi::FullyConnectedKernel::name;
  TensorView in, weights, bias, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.weights, false, "weights", weights},
                                        {a.bias, false, "bias", bias},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  std::vector<int64_t> weightDims = getDims(weights);
  int64_t features = weights.getRank() == 2 ? weightDims[0] : 0;
  if (llvm::Error error =
          checkWeightedOperands(in, weights, bias, out, 2, features, name)) {
    return error;
  }
  if (llvm::Error error =
          checkPostOp(a.postOp, a.postOpAlpha, a.postOpBeta, name)) {
    return error;
  }
  std::vector<int64_t> inDims = getDims(in);
  int64_t batch = inDims[0], k = inDims[1];
  if (weightDims[1] != k) {
    return kernelError(name, "weights have dims " + formatDims(weightDims) +
                                 ", expected " + llvm::Twine(k) +
                                 " input features");
  }
  if (llvm::Error error = checkDims(out, {batch, features}, name, "output")) {
    return error;
  }
  std::vector<float> input = loadTensor(in), matrix = loadTensor(weights);
  std::vector<float> biases = loadTensor(bias);
  std::vector<float> result(out.getNumElements(), 0.0f);
  if (!biases.empty()) {
    for (int64_t row = 0; row < batch; ++row) {
      std::copy(biases.begin(), biases.end(), result.begin() + row * features);
    }
  }
  if (batch > 0 && features > 0) {
    kernels::gemm(batch, features, k, {input.data(), k},
                  {matrix.data(), k, /*transposed=*/true}, result.data(),
                  features, /*accumulate=*/true);
  }
  finishWeighted(out, a.postOp, a.postOpAlpha, a.postOpBeta, result);
  return llvm::Error::success();
}

/// MACs: each output element takes K of them.
int64_t getFullyConnectedWork(const uint8_t *,
                              llvm::ArrayRef<TensorView> views) {
  if (views.size() < 4 || views[0].getRank() != 2) {
    return getElements(views, 3);
  }
  int64_t k = views[0].getLogicalDims()[shape::Dim(1)];
  return getElements(views, 3) * std::max<int64_t>(k, 1);
}

} // namespace

VPUC_EMU_KERNEL(fully_connected) {
  registry.add(makeKernelInfo<abi::FullyConnectedKernel>(
      runFullyConnected, getFullyConnectedWork));
}

} // namespace mlir::vpuc::emu
