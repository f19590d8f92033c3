//===- Quantize.cpp - The quantize and dequantize kernels -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantize(input, scale, zeroPoint, output, axis, qmin, qmax) and
// dequantize(input, scale, zeroPoint, output, axis) (kernels/abi/SwKernels.h):
// per-tensor or per-axis uniform quantisation with the IE interpreter's
// formulas (dialects/ie/ir/InferenceQuantization.cpp): q = clamp(
// nearbyint(x / scale) + zp) in FP32, x = (q - zp) * scale in FP64. The data
// is walked as [outer, channels, inner] blocks of a dense buffer.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/reference/Quantize.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// The scales and zero points of a kernel call, as [outer, channels, inner].
struct QuantParams {
  std::vector<double> scales;
  std::vector<double> zeroPoints;
  int64_t outer = 1;
  int64_t inner = 1;
};

/// Checks the scale and zero point operands against the data dims.
llvm::Expected<QuantParams> getQuantParams(const TensorView &data,
                                           const TensorView &scale,
                                           const TensorView &zeroPoint,
                                           int32_t axisScalar,
                                           llvm::StringRef name) {
  if (llvm::Error error = checkType(scale, kFloatTypes, name, "scale")) {
    return error;
  }
  if (llvm::Error error = checkRank(scale, 1, name, "scale")) {
    return error;
  }
  bool hasZeroPoint = !isAbsent(zeroPoint);
  if (hasZeroPoint) {
    if (llvm::Error error =
            checkType(zeroPoint, kNumericTypes, name, "zeroPoint")) {
      return error;
    }
    if (llvm::Error error =
            checkDims(zeroPoint, getDims(scale), name, "zeroPoint")) {
      return error;
    }
  }
  std::vector<int64_t> dims = getDims(data);
  QuantParams params;
  params.scales = loadTensorF64(scale);
  int64_t channels = static_cast<int64_t>(params.scales.size());
  params.zeroPoints = hasZeroPoint ? loadTensorF64(zeroPoint)
                                   : std::vector<double>(channels, 0.0);
  if (channels == 1) {
    params.inner = getProduct(dims, 0, dims.size());
  } else {
    llvm::Expected<int64_t> axis =
        getAxis(axisScalar, data.getRank(), false, name);
    if (!axis) {
      return axis.takeError();
    }
    if (dims[*axis] != channels) {
      return kernelError(name, "dim " + llvm::Twine(*axis) + " has size " +
                                   llvm::Twine(dims[*axis]) +
                                   " but there are " + llvm::Twine(channels) +
                                   " scales");
    }
    params.outer = getProduct(dims, 0, *axis);
    params.inner = getProduct(dims, *axis + 1, dims.size());
  }
  for (double value : params.scales) {
    if (!(value > 0.0) || std::isinf(value)) {
      return kernelError(name, "scale " + std::to_string(value) +
                                   " must be finite and positive");
    }
  }
  return params;
}

llvm::Error runQuantize(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::QuantizeKernel::Args>(args);
  const char *name = abi::QuantizeKernel::name;
  TensorView in, scale, zeroPoint, out;
  if (llvm::Error error =
          viewOperands(context, name,
                       {{a.input, false, "input", in},
                        {a.scale, false, "scale", scale},
                        {a.zeroPoint, false, "zeroPoint", zeroPoint},
                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkType(in, kFloatTypes, name, "input")) {
    return error;
  }
  if (llvm::Error error = checkType(out, kIntegerTypes, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDims(out, getDims(in), name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkStorageRange(a.qmin, a.qmax, out.type, name)) {
    return error;
  }
  llvm::Expected<QuantParams> params =
      getQuantParams(in, scale, zeroPoint, a.axis, name);
  if (!params) {
    return params.takeError();
  }
  int64_t channels = params->scales.size();
  std::vector<float> data = loadTensor(in);
  float qmin = static_cast<float>(a.qmin), qmax = static_cast<float>(a.qmax);
  for (int64_t o = 0; o < params->outer; ++o) {
    for (int64_t c = 0; c < channels; ++c) {
      float s = static_cast<float>(params->scales[c]);
      float zp = static_cast<float>(params->zeroPoints[c]);
      int64_t base = (o * channels + c) * params->inner;
      // In place: the FP32 results, stored to the integer output as they
      // are (the integer store converts through double either way).
      kernels::quantizeRow(data.data() + base, params->inner, s, zp, qmin, qmax,
                           data.data() + base);
    }
  }
  storeTensor(out, data.data());
  return llvm::Error::success();
}

llvm::Error runDequantize(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::DequantizeKernel::Args>(args);
  const char *name = abi::DequantizeKernel::name;
  TensorView in, scale, zeroPoint, out;
  if (llvm::Error error =
          viewOperands(context, name,
                       {{a.input, false, "input", in},
                        {a.scale, false, "scale", scale},
                        {a.zeroPoint, false, "zeroPoint", zeroPoint},
                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkType(in, kIntegerTypes, name, "input")) {
    return error;
  }
  if (llvm::Error error = checkType(out, kFloatTypes, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDims(out, getDims(in), name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  llvm::Expected<QuantParams> params =
      getQuantParams(in, scale, zeroPoint, a.axis, name);
  if (!params) {
    return params.takeError();
  }
  int64_t channels = params->scales.size();
  std::vector<double> data = loadTensorF64(in);
  for (int64_t o = 0; o < params->outer; ++o) {
    for (int64_t c = 0; c < channels; ++c) {
      double s = params->scales[c], zp = params->zeroPoints[c];
      int64_t base = (o * channels + c) * params->inner;
      for (int64_t i = 0; i < params->inner; ++i) {
        data[base + i] =
            static_cast<double>(static_cast<float>((data[base + i] - zp) * s));
      }
    }
  }
  storeTensorF64(out, data.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(quantize) {
  registry.add(makeKernelInfo<abi::QuantizeKernel>(runQuantize));
  registry.add(makeKernelInfo<abi::DequantizeKernel>(runDequantize));
}

} // namespace mlir::vpuc::emu
