//===- Gather.cpp - The gather kernel -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// gather(data, indices, output, axis, batchDims) (kernels/abi/SwKernels.h):
// data of any byte-sized type (the output's), integer indices, any layouts.
// Data and output go through dense byte buffers; the gather itself copies
// contiguous inner blocks.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <string>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runGather(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::GatherKernel::Args>(args);
  const char *name = abi::GatherKernel::name;
  TensorView data, indices, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.data, false, "data", data},
                                        {a.indices, false, "indices", indices},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  if (data.type != out.type) {
    return kernelError(name, "data type " + getDataTypeName(data.type) +
                                 " differs from output type " +
                                 getDataTypeName(out.type));
  }
  if (llvm::Error error = checkByteType(data, name, "data")) {
    return error;
  }
  if (llvm::Error error = checkType(indices, kIntegerTypes, name, "indices")) {
    return error;
  }
  int64_t rank = data.getRank(), indicesRank = indices.getRank();
  llvm::Expected<int64_t> axis = getAxis(a.axis, rank, true, name);
  if (!axis) {
    return axis.takeError();
  }
  int64_t batchDims = a.batchDims < 0 ? a.batchDims + indicesRank : a.batchDims;
  if (batchDims < 0 || batchDims > *axis || batchDims > indicesRank) {
    return kernelError(name, "batchDims " + llvm::Twine(a.batchDims) +
                                 " out of range for axis " +
                                 llvm::Twine(*axis) + " and indices rank " +
                                 llvm::Twine(indicesRank));
  }
  std::vector<int64_t> dataDims = getDims(data), indexDims = getDims(indices);
  for (int64_t d = 0; d < batchDims; ++d) {
    if (dataDims[d] != indexDims[d]) {
      return kernelError(name, "batch dim " + llvm::Twine(d) + " of data (" +
                                   llvm::Twine(dataDims[d]) +
                                   ") and indices (" +
                                   llvm::Twine(indexDims[d]) + ") differ");
    }
  }
  std::vector<int64_t> expected(dataDims.begin(), dataDims.begin() + *axis);
  expected.insert(expected.end(), indexDims.begin() + batchDims,
                  indexDims.end());
  expected.insert(expected.end(), dataDims.begin() + *axis + 1, dataDims.end());
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, data, name, "the data")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, indices, name, "the indices")) {
    return error;
  }
  int64_t batch = getProduct(dataDims, 0, batchDims);
  int64_t outer = getProduct(dataDims, batchDims, *axis);
  int64_t dim = dataDims[*axis];
  int64_t inner = getProduct(dataDims, *axis + 1, rank);
  int64_t count = getProduct(indexDims, batchDims, indicesRank);
  std::vector<double> values = loadTensorF64(indices);
  std::vector<int64_t> resolved(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    // Compare as doubles first: a huge u64 index must not overflow int64.
    double value = values[i];
    if (!(value >= -static_cast<double>(dim) &&
          value < static_cast<double>(dim))) {
      std::string text = std::fabs(value) < 9.0e18
                             ? std::to_string(static_cast<int64_t>(value))
                             : std::to_string(value);
      return kernelError(name, "index " + text + " out of range for dim " +
                                   llvm::Twine(*axis) + " of size " +
                                   llvm::Twine(dim));
    }
    int64_t index = static_cast<int64_t>(value);
    resolved[i] = index < 0 ? index + dim : index;
  }
  int64_t elemBytes = data.elemBits / 8;
  int64_t block = inner * elemBytes;
  std::vector<uint8_t> source = loadBytes(data);
  std::vector<uint8_t> result(out.getNumElements() * elemBytes);
  uint8_t *dst = result.data();
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t o = 0; o < outer; ++o) {
      const uint8_t *slab = source.data() + ((b * outer + o) * dim) * block;
      for (int64_t j = 0; j < count; ++j) {
        if (block > 0) {
          std::memcpy(dst, slab + resolved[b * count + j] * block, block);
        }
        dst += block;
      }
    }
  }
  storeBytes(out, result.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(gather) {
  registry.add(makeKernelInfo<abi::GatherKernel>(runGather));
}

} // namespace mlir::vpuc::emu
