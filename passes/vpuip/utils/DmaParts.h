//===- DmaParts.h - A copy as DMAs of bounded size --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The DMAs that copy one buffer into another, each moving at most a given
// number of bytes: shared by vpuc-vpuip-convert-copies-to-dma (the target's
// DMA descriptor limit) and vpuc-vpuip-split-dmas (so that no transfer holds
// its port for long).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_DMAPARTS_H_
#define VPUC_PASSES_VPUIP_UTILS_DMAPARTS_H_

#include <cstdint>
#include <map>
#include <tuple>

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

/// A part of a constant buffer: the buffer (as an opaque pointer), the
/// offsets and the sizes.
using ConstantPartKey =
    std::tuple<const void *, SmallVector<int64_t>, SmallVector<int64_t>>;

/// The parts of constant buffers made so far.
using ConstantParts = std::map<ConstantPartKey, Value>;

/// The bytes a DMA of `buffer` moves.
int64_t getDmaBytes(Value buffer);

/// Emits at the builder's insertion point the `VPUIP.NNDMA`s on `port` that
/// copy `input` into `output` (buffers of one shape), each moving at most
/// `maxBytes`, and appends their results to `parts`. One DMA when the whole
/// copy fits; otherwise the copy is cut along the outermost dimension (in the
/// memory order of `output`) of more than one element into as few parts of
/// nearly equal size as fit, each part cut again if one index of that
/// dimension is still too large. The parts of `output` are `VPUIP.SubView`s;
/// those of a constant `input` are new constants of the slices (made by the
/// `ConstantSlicingInterface` of its dialect: a task reads constant buffers
/// directly, not through views), those of another input `VPUIP.SubView`s.
/// With `constants`, a part already there is reused (it must dominate the
/// insertion point) and the new ones are added: copies of one constant cut
/// alike then read the same constants. Fails, emitting nothing, when a single
/// element is larger than `maxBytes` or smaller than a byte (a part must
/// start on a byte boundary), or when `input` is a constant its dialect
/// cannot slice.
LogicalResult emitDmaParts(OpBuilder &builder, Location loc, Value input,
                           Value output, int64_t port, int64_t maxBytes,
                           SmallVectorImpl<Value> &parts,
                           ConstantParts *constants = nullptr);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_DMAPARTS_H_
