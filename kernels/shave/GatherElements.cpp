//===- GatherElements.cpp - The gather_elements and gather_nd kernels -----===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// gather_elements(input, indices, output, axis) and gather_nd(data, indices,
// output, batchDims) (kernels/abi/SwKernels.h): data of any byte-sized type
// (the output's), integer indices, any layouts. Data and output go through
// dense logical row-major byte buffers; every index is resolved (and
// checked) before anything is written.
//
//===----------------------------------------------------------------------===//

#include <cstring>

#include "kernels/shave/IndexSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// Checks that `data` and `out` have one byte-sized type and that `out` is
/// disjoint from both inputs.
llvm::Error checkGatherOperands(const TensorView &data,
                                const TensorView &indices,
                                const TensorView &out, llvm::StringRef name,
                                llvm::StringRef dataName) {
  if (data.type != out.type) {
    return kernelError(name, dataName + " type " + getDataTypeName(data.type) +
                                 " differs from output type " +
                                 getDataTypeName(out.type));
  }
  if (llvm::Error error = checkByteType(data, name, dataName)) {
    return error;
  }
  if (llvm::Error error =
          checkDisjoint(out, data, name, ("the " + dataName).str())) {
    return error;
  }
  return checkDisjoint(out, indices, name, "the indices");
}

llvm::Error runGatherElements(const uint8_t *args,
                              const KernelContext &context) {
  auto a = readArgs<abi::GatherElementsKernel::Args>(args);
  const char *name = abi::GatherElementsKernel::name;
  TensorView input, indices, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", input},
                                        {a.indices, false, "indices", indices},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error =
          checkGatherOperands(input, indices, out, name, "input")) {
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
  if (llvm::Error error = checkDims(out, indexDims, name, "output")) {
    return error;
  }
  llvm::Expected<std::vector<double>> values = loadIndices(indices, name);
  if (!values) {
    return values.takeError();
  }
  // Element offsets of the input's logical dims (row-major).
  std::vector<int64_t> inStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d) {
    inStrides[d] = inStrides[d + 1] * inDims[d + 1];
  }
  const int64_t elemBytes = input.elemBits / 8;
  const int64_t count = out.getNumElements();
  std::vector<uint8_t> source = loadBytes(input);
  std::vector<uint8_t> result(count * elemBytes);
  std::vector<int64_t> index(rank, 0);
  // The input offset of `index` with the axis coordinate left out.
  int64_t base = 0;
  for (int64_t flat = 0; flat < count; ++flat) {
    llvm::Expected<int64_t> resolved =
        resolveIndex((*values)[flat], inDims[*axis], *axis, name);
    if (!resolved) {
      return resolved.takeError();
    }
    std::memcpy(result.data() + flat * elemBytes,
                source.data() +
                    (base + *resolved * inStrides[*axis]) * elemBytes,
                elemBytes);
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
  storeBytes(out, result.data());
  return llvm::Error::success();
}

llvm::Error runGatherND(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::GatherNDKernel::Args>(args);
  const char *name = abi::GatherNDKernel::name;
  TensorView data, indices, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.data, false, "data", data},
                                        {a.indices, false, "indices", indices},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error =
          checkGatherOperands(data, indices, out, name, "data")) {
    return error;
  }
  std::vector<int64_t> dataDims = getDims(data), indexDims = getDims(indices);
  const int64_t rank = dataDims.size(), indicesRank = indexDims.size();
  const int64_t b = a.batchDims;
  if (indicesRank < 1) {
    return kernelError(name, "indices must have rank of at least 1");
  }
  const int64_t k = indexDims.back();
  if (b < 0 || b >= indicesRank || b >= rank) {
    return kernelError(name, "batchDims " + llvm::Twine(b) +
                                 " must be below the ranks of data (" +
                                 llvm::Twine(rank) + ") and indices (" +
                                 llvm::Twine(indicesRank) + ")");
  }
  if (k < 1 || k > rank - b) {
    return kernelError(name, "the last indices dim " + llvm::Twine(k) +
                                 " must be in [1, " + llvm::Twine(rank - b) +
                                 "]");
  }
  for (int64_t d = 0; d < b; ++d) {
    if (dataDims[d] != indexDims[d]) {
      return kernelError(name, "batch dim " + llvm::Twine(d) + " of data (" +
                                   llvm::Twine(dataDims[d]) +
                                   ") and indices (" +
                                   llvm::Twine(indexDims[d]) + ") differ");
    }
  }
  std::vector<int64_t> expected(indexDims.begin(), indexDims.end() - 1);
  expected.insert(expected.end(), dataDims.begin() + b + k, dataDims.end());
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  llvm::Expected<std::vector<double>> values = loadIndices(indices, name);
  if (!values) {
    return values.takeError();
  }
  const int64_t batch = getProduct(dataDims, 0, b);
  const int64_t perBatch = getProduct(dataDims, b, rank);
  const int64_t slice = getProduct(dataDims, b + k, rank);
  const int64_t tuples = getProduct(indexDims, b, indicesRank - 1);
  const int64_t elemBytes = data.elemBits / 8;
  std::vector<uint8_t> source = loadBytes(data);
  std::vector<uint8_t> result(out.getNumElements() * elemBytes);
  uint8_t *dst = result.data();
  for (int64_t n = 0; n < batch; ++n) {
    for (int64_t t = 0; t < tuples; ++t) {
      const double *tuple = values->data() + (n * tuples + t) * k;
      int64_t offset = 0;
      for (int64_t j = 0; j < k; ++j) {
        llvm::Expected<int64_t> resolved =
            resolveIndex(tuple[j], dataDims[b + j], b + j, name);
        if (!resolved) {
          return resolved.takeError();
        }
        offset = offset * dataDims[b + j] + *resolved;
      }
      if (slice > 0) {
        std::memcpy(dst,
                    source.data() + (n * perBatch + offset * slice) * elemBytes,
                    slice * elemBytes);
      }
      dst += slice * elemBytes;
    }
  }
  storeBytes(out, result.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(gather_elements) {
  registry.add(makeKernelInfo<abi::GatherElementsKernel>(runGatherElements));
  registry.add(makeKernelInfo<abi::GatherNDKernel>(runGatherND));
}

} // namespace mlir::vpuc::emu
