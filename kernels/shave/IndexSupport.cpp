//===- IndexSupport.cpp - Index operands of the indexing kernels ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Index loading and resolution and the scatter reductions (IndexSupport.h).
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/IndexSupport.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace mlir::vpuc::emu {

llvm::Expected<std::vector<double>> loadIndices(const TensorView &indices,
                                                llvm::StringRef kernel) {
  if (llvm::Error error =
          checkType(indices, kIntegerTypes, kernel, "indices")) {
    return std::move(error);
  }
  return loadTensorF64(indices);
}

llvm::Expected<int64_t> resolveIndex(double value, int64_t dim,
                                     int64_t dimNumber,
                                     llvm::StringRef kernel) {
  // Compare as doubles first: a huge u64 index must not overflow int64.
  if (!(value >= -static_cast<double>(dim) &&
        value < static_cast<double>(dim))) {
    std::string text = std::fabs(value) < 9.0e18
                           ? std::to_string(static_cast<int64_t>(value))
                           : std::to_string(value);
    return kernelError(kernel, "index " + text + " out of range for dim " +
                                   llvm::Twine(dimNumber) + " of size " +
                                   llvm::Twine(dim));
  }
  int64_t index = static_cast<int64_t>(value);
  return index < 0 ? index + dim : index;
}

llvm::Error checkScatterReduction(int32_t reduction, abi::DataType type,
                                  llvm::StringRef kernel) {
  if (reduction < static_cast<int32_t>(abi::ScatterReduction::None) ||
      reduction > static_cast<int32_t>(abi::ScatterReduction::Min)) {
    return kernelError(kernel, "unknown reduction " + llvm::Twine(reduction));
  }
  if (reduction != static_cast<int32_t>(abi::ScatterReduction::None) &&
      !isFloatType(type) && !isIntegerType(type)) {
    return kernelError(kernel, "reduction " + llvm::Twine(reduction) +
                                   " needs float or integer elements, not " +
                                   getDataTypeName(type));
  }
  return llvm::Error::success();
}

double combineScatter(abi::ScatterReduction reduction, double element,
                      double update) {
  switch (reduction) {
  case abi::ScatterReduction::None:
    return update;
  case abi::ScatterReduction::Add:
    return element + update;
  case abi::ScatterReduction::Mul:
    return element * update;
  case abi::ScatterReduction::Max:
    return std::isnan(element) || std::isnan(update)
               ? std::nan("")
               : std::max(element, update);
  case abi::ScatterReduction::Min:
    return std::isnan(element) || std::isnan(update)
               ? std::nan("")
               : std::min(element, update);
  }
  return update;
}

llvm::Error checkElementIndexDims(llvm::ArrayRef<int64_t> inDims,
                                  llvm::ArrayRef<int64_t> indexDims,
                                  int64_t axis, llvm::StringRef name) {
  const int64_t rank = inDims.size();
  if (static_cast<int64_t>(indexDims.size()) != rank) {
    return kernelError(name,
                       "indices of rank " + llvm::Twine(indexDims.size()) +
                           " must have the input's rank " + llvm::Twine(rank));
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (d != axis && indexDims[d] > inDims[d]) {
      return kernelError(name, "indices dims " + formatDims(indexDims) +
                                   " exceed the input dims " +
                                   formatDims(inDims) + " in dim " +
                                   llvm::Twine(d));
    }
  }
  return llvm::Error::success();
}

} // namespace mlir::vpuc::emu
