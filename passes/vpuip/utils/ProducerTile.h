//===- ProducerTile.h - The tile a kernel's inputs come from ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Before the software kernels move into CMX, a kernel reads DDR buffers; when
// the bytes it reads were copied there out of the CMX of one tile (the
// results of that tile's NCE tasks), running it on that tile's SHAVEs lets
// vpuc-vpuip-optimize-copies remove the round trip through DDR. The
// splitting of kernels into pieces (one per SHAVE of that tile) and the
// choice of their SHAVEs share this.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_PRODUCERTILE_H_
#define VPUC_PASSES_VPUIP_UTILS_PRODUCERTILE_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Value.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir::vpuc::VPUIP {

class SwKernelOp;

/// The bytes of DDR allocations that copies out of a tile's CMX write
/// (`VPUIP.Copy` from a `CMX_NN[t]` buffer into a DDR buffer), in a function,
/// and those that kernels running on a producer tile write (a Swish on the
/// rows a convolution computed on tile t writes them for the next kernel).
class ProducerTiles {
public:
  explicit ProducerTiles(func::FuncOp func);

  /// The one tile whose CMX the copies writing bytes of the DDR inputs of
  /// `kernel` came from (or the producer tile of the kernels that wrote
  /// them), if there are such writes and they all came from one tile;
  /// nullopt otherwise. Inputs in CMX are not looked at, nor inputs smaller
  /// than the kernel's largest output (they broadcast into it, like a
  /// squeeze-excitation scale).
  std::optional<int64_t> getProducerTile(SwKernelOp kernel) const;

private:
  struct Write {
    BufferLocation location;
    int64_t tile;
  };
  llvm::DenseMap<Value, llvm::SmallVector<Write, 2>> writes;
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_PRODUCERTILE_H_
