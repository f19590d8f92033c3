//===- Reduce.cpp - The reduce kernel -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// reduce(input, output, op, axesMask, keepDims) (kernels/abi/SwKernels.h):
// sum, mean, max, min, L1, L2, product or log-sum-exp over the logical dims
// in axesMask; float operands, any layouts. The input is loaded densely and
// accumulated in FP32 in row-major order into the groups, as the IE
// interpreter does (dialects/ie/ir/InferencePooling.cpp).
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <limits>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

using abi::ReduceOp;

template <ReduceOp op> inline float combine(float acc, float v) {
  if constexpr (op == ReduceOp::Max) {
    return (v > acc || std::isnan(v)) && !std::isnan(acc) ? v : acc;
  } else if constexpr (op == ReduceOp::Min) {
    return (v < acc || std::isnan(v)) && !std::isnan(acc) ? v : acc;
  } else if constexpr (op == ReduceOp::L2) {
    return acc + v * v;
  } else if constexpr (op == ReduceOp::L1) {
    return acc + std::fabs(v);
  } else if constexpr (op == ReduceOp::Prod) {
    return acc * v;
  } else {
    return acc + v;
  }
}

/// Accumulates `input` into `groups` (initialised by the caller).
template <ReduceOp op>
void accumulate(llvm::ArrayRef<int64_t> dims, const std::vector<bool> &axes,
                const float *input, float *groups) {
  forEachReductionRow(
      dims, axes,
      [&](int64_t offset, int64_t group, int64_t count, int64_t groupStride) {
        const float *row = input + offset;
        if (groupStride == 0) {
          float acc = groups[group];
          for (int64_t i = 0; i < count; ++i) {
            acc = combine<op>(acc, row[i]);
          }
          groups[group] = acc;
        } else {
          float *out = groups + group;
          for (int64_t i = 0; i < count; ++i) {
            out[i] = combine<op>(out[i], row[i]);
          }
        }
      });
}

llvm::Error runReduce(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ReduceKernel::Args>(args);
  const char *name = abi::ReduceKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", in}, {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkType(in, kFloatTypes, name, "input")) {
    return error;
  }
  if (llvm::Error error = checkType(out, kFloatTypes, name, "output")) {
    return error;
  }
  if (a.op < 0 || a.op > abi::kMaxReduceOp) {
    return kernelError(name, "unknown op " + llvm::Twine(a.op));
  }
  if (llvm::Error error = checkFlag(a.keepDims, name, "keepDims")) {
    return error;
  }
  std::vector<int64_t> dims = getDims(in);
  llvm::Expected<std::vector<bool>> axes =
      getAxesMask(a.axesMask, in.getRank(), name);
  if (!axes) {
    return axes.takeError();
  }
  if (llvm::Error error = checkDims(
          out, getReducedDims(dims, *axes, a.keepDims != 0), name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  auto op = static_cast<ReduceOp>(a.op);
  std::vector<float> input = loadTensor(in);
  int64_t reduced = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    if ((*axes)[d]) {
      reduced *= dims[d];
    }
  }
  float init = 0.0f;
  if (op == ReduceOp::Max || op == ReduceOp::LogSumExp) {
    init = -std::numeric_limits<float>::infinity();
  } else if (op == ReduceOp::Min) {
    init = std::numeric_limits<float>::infinity();
  } else if (op == ReduceOp::Prod) {
    init = 1.0f;
  }
  std::vector<float> groups(out.getNumElements(), init);
  switch (op) {
  case ReduceOp::Sum:
  case ReduceOp::Mean:
    accumulate<ReduceOp::Sum>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::Max:
    accumulate<ReduceOp::Max>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::Min:
    accumulate<ReduceOp::Min>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::L1:
    accumulate<ReduceOp::L1>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::L2:
    accumulate<ReduceOp::L2>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::Prod:
    accumulate<ReduceOp::Prod>(dims, *axes, input.data(), groups.data());
    break;
  case ReduceOp::LogSumExp: {
    // ln(sum e^(x - max)) + max, with the maximum of each group first.
    accumulate<ReduceOp::Max>(dims, *axes, input.data(), groups.data());
    std::vector<float> maxima = groups;
    std::vector<float> shifted(input.size());
    std::vector<float> sums(groups.size(), 0.0f);
    forEachReductionRow(
        dims, *axes,
        [&](int64_t offset, int64_t group, int64_t count, int64_t groupStride) {
          for (int64_t i = 0; i < count; ++i) {
            float m = maxima[group + i * groupStride];
            shifted[offset + i] =
                std::isinf(m) ? 0.0f : std::exp(input[offset + i] - m);
          }
        });
    accumulate<ReduceOp::Sum>(dims, *axes, shifted.data(), sums.data());
    for (size_t g = 0; g < groups.size(); ++g) {
      groups[g] =
          std::isinf(maxima[g]) ? maxima[g] : std::log(sums[g]) + maxima[g];
    }
    break;
  }
  }
  if (op == ReduceOp::Mean) {
    float scale = 1.0f / static_cast<float>(reduced);
    for (float &value : groups) {
      value *= scale;
    }
  } else if (op == ReduceOp::L2) {
    for (float &value : groups) {
      value = std::sqrt(value);
    }
  }
  storeTensor(out, groups.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(reduce) {
  registry.add(makeKernelInfo<abi::ReduceKernel>(runReduce));
}

} // namespace mlir::vpuc::emu
