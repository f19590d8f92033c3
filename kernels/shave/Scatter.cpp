//===- Scatter.cpp - The scatter_nd_update and scatter_elements kernels ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// scatter_nd_update(input, indices, updates, output, reduction) and
// scatter_elements(input, indices, updates, output, axis, reduction)
// (kernels/abi/SwKernels.h): input, updates and output of one type, integer
// indices, any layouts. The input is loaded into a dense logical row-major
// buffer, the updates are applied in index order, and the buffer is stored:
// the output may be the input's very elements. Every index is resolved (and
// checked) before anything is written. Reduction None copies bytes (any
// byte-sized type); the others compute in FP64 and round once on the store.
//
//===----------------------------------------------------------------------===//

#include <cstring>

#include "kernels/shave/IndexSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// Checks the operand types and aliasing of a scatter kernel.
llvm::Error checkScatterOperands(const TensorView &input,
                                 const TensorView &indices,
                                 const TensorView &updates,
                                 const TensorView &out, int32_t reduction,
                                 llvm::StringRef name) {
  for (const TensorView *view : {&updates, &out}) {
    if (view->type != input.type) {
      return kernelError(name, "input type " + getDataTypeName(input.type) +
                                   " differs from " +
                                   (view == &out ? "output" : "updates") +
                                   " type " + getDataTypeName(view->type));
    }
  }
  if (llvm::Error error = checkByteType(input, name, "input")) {
    return error;
  }
  if (llvm::Error error = checkScatterReduction(reduction, input.type, name)) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, input, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, updates, name, "the updates")) {
    return error;
  }
  return checkDisjoint(out, indices, name, "the indices");
}

/// Applies the updates: element `targets[i]` of the output is combined with
/// update `i`, for slices of `slice` elements.
void applyScatter(const TensorView &input, const TensorView &updates,
                  const TensorView &out, abi::ScatterReduction reduction,
                  llvm::ArrayRef<int64_t> targets, int64_t slice) {
  if (reduction == abi::ScatterReduction::None) {
    const int64_t elemBytes = input.elemBits / 8;
    std::vector<uint8_t> result = loadBytes(input);
    std::vector<uint8_t> source = loadBytes(updates);
    for (size_t i = 0; i < targets.size(); ++i) {
      if (slice > 0) {
        std::memcpy(result.data() + targets[i] * elemBytes,
                    source.data() + i * slice * elemBytes, slice * elemBytes);
      }
    }
    storeBytes(out, result.data());
    return;
  }
  std::vector<double> result = loadTensorF64(input);
  std::vector<double> source = loadTensorF64(updates);
  for (size_t i = 0; i < targets.size(); ++i) {
    for (int64_t e = 0; e < slice; ++e) {
      double &element = result[targets[i] + e];
      element = combineScatter(reduction, element, source[i * slice + e]);
    }
  }
  storeTensorF64(out, result.data());
}

llvm::Error runScatterNDUpdate(const uint8_t *args,
                               const KernelContext &context) {
  auto a = readArgs<abi::ScatterNDUpdateKernel::Args>(args);
  const char *name = abi::ScatterNDUpdateKernel::name;
  TensorView input, indices, updates, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", input},
                                        {a.indices, false, "indices", indices},
                                        {a.updates, false, "updates", updates},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkScatterOperands(input, indices, updates, out,
                                               a.reduction, name)) {
    return error;
  }
  std::vector<int64_t> inDims = getDims(input), indexDims = getDims(indices);
  const int64_t rank = inDims.size();
  if (indexDims.empty()) {
    return kernelError(name, "indices must have rank of at least 1");
  }
  const int64_t k = indexDims.back();
  if (k < 1 || k > rank) {
    return kernelError(name, "the last indices dim " + llvm::Twine(k) +
                                 " must be in [1, " + llvm::Twine(rank) + "]");
  }
  std::vector<int64_t> expected(indexDims.begin(), indexDims.end() - 1);
  expected.insert(expected.end(), inDims.begin() + k, inDims.end());
  if (llvm::Error error = checkDims(updates, expected, name, "updates")) {
    return error;
  }
  if (llvm::Error error = checkDims(out, inDims, name, "output")) {
    return error;
  }
  llvm::Expected<std::vector<double>> values = loadIndices(indices, name);
  if (!values) {
    return values.takeError();
  }
  const int64_t slice = getProduct(inDims, k, rank);
  const int64_t tuples = getProduct(indexDims, 0, indexDims.size() - 1);
  std::vector<int64_t> targets(tuples);
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t offset = 0;
    for (int64_t j = 0; j < k; ++j) {
      llvm::Expected<int64_t> resolved =
          resolveIndex((*values)[t * k + j], inDims[j], j, name);
      if (!resolved) {
        return resolved.takeError();
      }
      offset = offset * inDims[j] + *resolved;
    }
    targets[t] = offset * slice;
  }
  applyScatter(input, updates, out,
               static_cast<abi::ScatterReduction>(a.reduction), targets, slice);
  return llvm::Error::success();
}

llvm::Error runScatterElements(const uint8_t *args,
                               const KernelContext &context) {
  auto a = readArgs<abi::ScatterElementsKernel::Args>(args);
  const char *name = abi::ScatterElementsKernel::name;
  TensorView input, indices, updates, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", input},
                                        {a.indices, false, "indices", indices},
                                        {a.updates, false, "updates", updates},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkScatterOperands(input, indices, updates, out,
                                               a.reduction, name)) {
    return error;
  }
  const int64_t rank = input.getRank();
  llvm::Expected<int64_t> axis = getAxis(a.axis, rank, false, name);
  if (!axis) {
    return axis.takeError();
  }
  std::vector<int64_t> inDims = getDims(input), indexDims = getDims(indices);
  if (llvm::Error error =
          checkElementIndexDims(inDims, indexDims, *axis, name)) {
    return error;
  }
  if (llvm::Error error = checkDims(updates, indexDims, name, "updates")) {
    return error;
  }
  if (llvm::Error error = checkDims(out, inDims, name, "output")) {
    return error;
  }
  llvm::Expected<std::vector<double>> values = loadIndices(indices, name);
  if (!values) {
    return values.takeError();
  }
  std::vector<int64_t> inStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d) {
    inStrides[d] = inStrides[d + 1] * inDims[d + 1];
  }
  const int64_t count = indices.getNumElements();
  std::vector<int64_t> targets(count);
  std::vector<int64_t> index(rank, 0);
  // The output offset of `index` with the axis coordinate left out.
  int64_t base = 0;
  for (int64_t flat = 0; flat < count; ++flat) {
    llvm::Expected<int64_t> resolved =
        resolveIndex((*values)[flat], inDims[*axis], *axis, name);
    if (!resolved) {
      return resolved.takeError();
    }
    targets[flat] = base + *resolved * inStrides[*axis];
    for (int64_t d = rank - 1; d >= 0; --d) {
      const int64_t step = d == *axis ? 0 : inStrides[d];
      base += step;
      if (++index[d] < indexDims[d]) {
        break;
      }
      base -= step * indexDims[d];
      index[d] = 0;
    }
  }
  applyScatter(input, updates, out,
               static_cast<abi::ScatterReduction>(a.reduction), targets, 1);
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(scatter) {
  registry.add(makeKernelInfo<abi::ScatterNDUpdateKernel>(runScatterNDUpdate));
  registry.add(makeKernelInfo<abi::ScatterElementsKernel>(runScatterElements));
}

} // namespace mlir::vpuc::emu
