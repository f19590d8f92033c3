//===- Tiling.h - vpuc-vpu-tiling pass --------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createTilingPass() and TilingPassOptions: the split of NCE ops
// that do not fit CMX into tiles (Slice / tiled op / Concat).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_TILING_TILING_H_
#define VPUC_PASSES_VPU_TILING_TILING_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_TILINGPASS
#include "passes/vpu/tiling/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_TILING_TILING_H_
