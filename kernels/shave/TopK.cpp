//===- TopK.cpp - The topk kernel -----------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// topk(input, values, indices, axis, k, mode, sort) (kernels/abi/SwKernels.h):
// the k largest or smallest values along a logical dim and their indices,
// with the IE interpreter's order (NaN largest, ties to the lower index).
// Values are loaded in FP64 so integer inputs compare exactly.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <numeric>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runTopK(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::TopKKernel::Args>(args);
  const char *name = abi::TopKKernel::name;
  TensorView in, values, indices;
  if (llvm::Error error =
          viewOperands(context, name,
                       {{a.input, false, "input", in},
                        {a.values, true, "values", values},
                        {a.indices, true, "indices", indices}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&values, "values"),
        std::make_pair(&indices, "indices")}) {
    if (llvm::Error error = checkType(*view, kNumericTypes, name, what)) {
      return error;
    }
  }
  if (llvm::Error error = checkDisjoint(values, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(indices, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(indices, values, name, "the values")) {
    return error;
  }
  llvm::Expected<int64_t> axis = getAxis(a.axis, in.getRank(), true, name);
  if (!axis) {
    return axis.takeError();
  }
  std::vector<int64_t> dims = getDims(in);
  int64_t dim = dims[*axis];
  if (a.k < 1 || a.k > dim) {
    return kernelError(name, "k " + llvm::Twine(a.k) + " out of range [1, " +
                                 llvm::Twine(dim) + "]");
  }
  if (a.mode != static_cast<int32_t>(abi::TopKMode::Max) &&
      a.mode != static_cast<int32_t>(abi::TopKMode::Min)) {
    return kernelError(name, "unknown mode " + llvm::Twine(a.mode));
  }
  if (a.sort != static_cast<int32_t>(abi::TopKSort::Value) &&
      a.sort != static_cast<int32_t>(abi::TopKSort::Index)) {
    return kernelError(name, "unknown sort " + llvm::Twine(a.sort));
  }
  std::vector<int64_t> outDims = dims;
  outDims[*axis] = a.k;
  if (llvm::Error error = checkDims(values, outDims, name, "values")) {
    return error;
  }
  if (llvm::Error error = checkDims(indices, outDims, name, "indices")) {
    return error;
  }
  int64_t k = a.k;
  int64_t outer = getProduct(dims, 0, *axis);
  int64_t inner = getProduct(dims, *axis + 1, dims.size());
  bool largest = a.mode == static_cast<int32_t>(abi::TopKMode::Max);
  bool byValue = a.sort == static_cast<int32_t>(abi::TopKSort::Value);
  std::vector<double> input = loadTensorF64(in);
  std::vector<double> outValues(outer * k * inner),
      outIndices(outer * k * inner);
  std::vector<double> slice(dim);
  std::vector<int64_t> order(dim);
  // Strict weak order: the first elements are the ones kept.
  auto before = [&](int64_t x, int64_t y) {
    double vx = slice[x], vy = slice[y];
    bool nanX = std::isnan(vx), nanY = std::isnan(vy);
    if (nanX || nanY) {
      if (nanX && nanY) {
        return x < y;
      }
      return largest ? nanX : nanY;
    }
    if (vx != vy) {
      return largest ? vx > vy : vx < vy;
    }
    return x < y;
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const double *src = input.data() + o * dim * inner + i;
      for (int64_t j = 0; j < dim; ++j) {
        slice[j] = src[j * inner];
      }
      std::iota(order.begin(), order.end(), 0);
      std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
      if (!byValue) {
        std::sort(order.begin(), order.begin() + k);
      }
      int64_t base = o * k * inner + i;
      for (int64_t j = 0; j < k; ++j) {
        outValues[base + j * inner] = slice[order[j]];
        outIndices[base + j * inner] = static_cast<double>(order[j]);
      }
    }
  }
  storeTensorF64(values, outValues.data());
  storeTensorF64(indices, outIndices.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(topk) {
  registry.add(makeKernelInfo<abi::TopKKernel>(runTopK));
}

} // namespace mlir::vpuc::emu
