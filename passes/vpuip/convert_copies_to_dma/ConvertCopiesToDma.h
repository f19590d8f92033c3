//===- ConvertCopiesToDma.h - VPUIP.Copy to VPUIP.NNDMA ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertCopiesToDmaPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA_H_
#define VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_CONVERTCOPIESTODMAPASS
#include "passes/vpuip/convert_copies_to_dma/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA_H_
