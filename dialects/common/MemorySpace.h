//===- MemorySpace.h - The memory spaces of the dialects --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The rule every dialect's memory space (`#VPU.mem`, `#VPU.tensor`'s
// mem_space, `#VPUIP.mem`) follows: DDR has no index, CMX_NN the index of its
// cluster. Each dialect has its own MemoryKind enum with these two cases.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_COMMON_MEMORYSPACE_H_
#define VPUC_DIALECTS_COMMON_MEMORYSPACE_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::vpuc {

/// Verifies the memory `kind` (a dialect's MemoryKind: DDR or CMX_NN) with
/// its `index`: none for DDR, a cluster index >= 0 for CMX_NN.
template <typename MemoryKindT>
LogicalResult verifyMemorySpace(function_ref<InFlightDiagnostic()> emitError,
                                MemoryKindT kind,
                                std::optional<int64_t> index) {
  switch (kind) {
  case MemoryKindT::DDR:
    if (index) {
      return emitError() << "DDR takes no index";
    }
    return success();
  case MemoryKindT::CMX_NN:
    if (!index) {
      return emitError() << "CMX_NN needs a cluster index: CMX_NN[<cluster>]";
    }
    if (*index < 0) {
      return emitError() << "CMX_NN cluster index " << *index << " is negative";
    }
    return success();
  }
  llvm_unreachable("unknown MemoryKind");
}

} // namespace mlir::vpuc

#endif // VPUC_DIALECTS_COMMON_MEMORYSPACE_H_
