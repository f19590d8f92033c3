//===- IndexSupport.h - Index operands of the indexing kernels --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What gather_elements, gather_nd, scatter_nd_update and scatter_elements
// share: loading an integer index tensor, resolving an index against the dim
// it selects in (negative values count from the end, anything out of
// [-dim, dim) is an error naming the index, the dim and its size), and the
// element-wise combination of the scatter reductions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_INDEXSUPPORT_H_
#define VPUC_KERNELS_SHAVE_INDEXSUPPORT_H_

#include <cstdint>
#include <vector>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {

/// Checks that `indices` holds integers and loads them in logical row-major
/// order (as doubles: exact to 2^53, and a huge u64 does not wrap).
llvm::Expected<std::vector<double>> loadIndices(const TensorView &indices,
                                                llvm::StringRef kernel);

/// `value` made non-negative for a dim of size `dim` (dim number `dimNumber`
/// for the message); an error when it is outside [-dim, dim).
llvm::Expected<int64_t> resolveIndex(double value, int64_t dim,
                                     int64_t dimNumber, llvm::StringRef kernel);

/// Checks the indices of an element-wise gather or scatter along `axis`: they
/// have the input's rank and dims at most the input's except along `axis`.
llvm::Error checkElementIndexDims(llvm::ArrayRef<int64_t> inDims,
                                  llvm::ArrayRef<int64_t> indexDims,
                                  int64_t axis, llvm::StringRef name);

/// Checks that a ScatterReduction scalar names a reduction and that the
/// reduction can run on `type` (None on any byte-sized type, the others on
/// float and integer types).
llvm::Error checkScatterReduction(int32_t reduction, abi::DataType type,
                                  llvm::StringRef kernel);

/// `element` combined with `update` by the ScatterReduction `reduction`.
double combineScatter(abi::ScatterReduction reduction, double element,
                      double update);

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_INDEXSUPPORT_H_
