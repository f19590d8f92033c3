//===- LayerNorm.cpp - The layer_norm kernel ------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// layer_norm(input, scale, bias, output, axis, eps) (kernels/abi/SwKernels.h):
// normalisation over the logical dims from `axis` to the last, then scale and
// bias (optional, broadcast NumPy-style to those dims); float operands, any
// layouts; FP32 with the IE interpreter's formulas.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runLayerNorm(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::LayerNormKernel::Args>(args);
  const char *name = abi::LayerNormKernel::name;
  TensorView in, scale, bias, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.scale, false, "scale", scale},
                                        {a.bias, false, "bias", bias},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&scale, "scale"),
        std::make_pair(&bias, "bias"), std::make_pair(&out, "output")}) {
    if (isAbsent(*view) && view != &in && view != &out) {
      continue;
    }
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return error;
    }
  }
  std::vector<int64_t> dims = getDims(in);
  if (llvm::Error error = checkDims(out, dims, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  llvm::Expected<int64_t> axis = getAxis(a.axis, in.getRank(), true, name);
  if (!axis) {
    return axis.takeError();
  }
  if (!(a.eps >= 0.0f) || std::isinf(a.eps)) {
    return kernelError(name, "eps " + std::to_string(a.eps) +
                                 " must be finite and non-negative");
  }
  std::vector<int64_t> normalized(dims.begin() + *axis, dims.end());
  int64_t inner = getProduct(dims, *axis, dims.size());
  int64_t outer = getProduct(dims, 0, *axis);
  std::vector<float> scales(inner, 1.0f), biases(inner, 0.0f);
  if (!isAbsent(scale)) {
    llvm::Expected<std::vector<float>> values =
        loadBroadcast(scale, normalized, name, "scale");
    if (!values) {
      return values.takeError();
    }
    scales = std::move(*values);
  }
  if (!isAbsent(bias)) {
    llvm::Expected<std::vector<float>> values =
        loadBroadcast(bias, normalized, name, "bias");
    if (!values) {
      return values.takeError();
    }
    biases = std::move(*values);
  }
  std::vector<float> data = loadTensor(in);
  for (int64_t o = 0; o < outer; ++o) {
    float *x = data.data() + o * inner;
    float sum = 0.0f;
    for (int64_t i = 0; i < inner; ++i) {
      sum += x[i];
    }
    float mean = inner == 0 ? 0.0f : sum / static_cast<float>(inner);
    float sq = 0.0f;
    for (int64_t i = 0; i < inner; ++i) {
      float d = x[i] - mean;
      sq += d * d;
    }
    float factor =
        1.0f /
        std::sqrt((inner == 0 ? 0.0f : sq / static_cast<float>(inner)) + a.eps);
    for (int64_t i = 0; i < inner; ++i) {
      x[i] = (x[i] - mean) * factor * scales[i] + biases[i];
    }
  }
  storeTensor(out, data.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(layer_norm) {
  registry.add(makeKernelInfo<abi::LayerNormKernel>(runLayerNorm));
}

} // namespace mlir::vpuc::emu
