//===- CopyOps.cpp - VPUIP.Copy and VPUIP.NNDMA -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers, memory effects and the task interface of the copy ops.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPOps.h"

#include <optional>

#include "dialects/vpuip/ir/BufferType.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::vpuc::VPUIP {

using EffectList =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

/// The checks every copy shares: same shape and element type, and a whole
/// number of bytes moved.
static LogicalResult verifyCopy(Operation *op, Value input, Value output) {
  BufferType in(llvm::cast<MemRefType>(input.getType()));
  BufferType out(llvm::cast<MemRefType>(output.getType()));
  if (in.getShape() != out.getShape()) {
    return op->emitOpError()
           << "input shape [" << in.getShape().raw()
           << "] differs from output shape [" << out.getShape().raw() << "]";
  }
  if (in.getElementType() != out.getElementType()) {
    return op->emitOpError()
           << "input element type " << in.getElementType()
           << " differs from output element type " << out.getElementType();
  }
  int64_t bits = in.getDataSize().count();
  if (bits % 8 != 0) {
    return op->emitOpError()
           << "moves " << bits << " bits, not a whole number of bytes";
  }
  return success();
}

/// Reads `input`, writes `outputBuff`.
static void addCopyEffects(EffectList &effects, OpOperand &input,
                           OpOperand &outputBuff) {
  effects.emplace_back(MemoryEffects::Read::get(), &input,
                       SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &outputBuff,
                       SideEffects::DefaultResource::get());
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  return verifyCopy(*this, getInput(), getOutputBuff());
}

void CopyOp::getEffects(EffectList &effects) {
  addCopyEffects(effects, getInputMutable(), getOutputBuffMutable());
}

//===----------------------------------------------------------------------===//
// NNDMAOp
//===----------------------------------------------------------------------===//

/// The offset of a buffer placed by `VPUIP.StaticAlloc`, if it is one.
static std::optional<uint64_t> getStaticOffset(Value buffer) {
  if (auto alloc = buffer.getDefiningOp<StaticAllocOp>()) {
    return alloc.getOffset();
  }
  return std::nullopt;
}

/// The broadcast buffers of a DMA: `output`'s type in the CMX of other
/// clusters, at `output`'s offset when both are placed.
static LogicalResult verifyBroadcast(NNDMAOp op) {
  if (op.getBroadcastBuffs().empty()) {
    return success();
  }
  BufferType out(op.getOutputBuff().getType());
  std::optional<int64_t> cluster = out.getClusterIndex();
  if (!cluster) {
    return op.emitOpError()
           << "broadcasts, but its output buffer is not in the CMX of a "
              "cluster";
  }
  llvm::SmallDenseSet<int64_t, 4> clusters = {*cluster};
  for (Value buffer : op.getBroadcastBuffs()) {
    BufferType copy(llvm::cast<MemRefType>(buffer.getType()));
    std::optional<int64_t> copyCluster = copy.getClusterIndex();
    if (!copyCluster) {
      return op.emitOpError() << "broadcast buffer of type " << copy.getType()
                              << " is not in the CMX of a cluster";
    }
    if (!clusters.insert(*copyCluster).second) {
      return op.emitOpError()
             << "broadcasts twice into the CMX of cluster " << *copyCluster;
    }
    if (copy.withMemorySpace(out.getMemorySpace()) != out) {
      return op.emitOpError() << "broadcast buffer of type " << copy.getType()
                              << " is not the output buffer's type "
                              << out.getType() << " in another CMX";
    }
    std::optional<uint64_t> offset = getStaticOffset(op.getOutputBuff());
    std::optional<uint64_t> copyOffset = getStaticOffset(buffer);
    if (offset && copyOffset && *offset != *copyOffset) {
      return op.emitOpError()
             << "broadcast buffer at offset " << *copyOffset
             << " of the CMX of cluster " << *copyCluster
             << ", but the output buffer is at offset " << *offset
             << ": a broadcast writes the same address of every CMX";
    }
  }
  return success();
}

LogicalResult NNDMAOp::verify() {
  if (failed(verifyCopy(*this, getInput(), getOutputBuff())) ||
      failed(verifyBroadcast(*this))) {
    return failure();
  }
  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    return success();
  }
  auto port = static_cast<int64_t>(getPort());
  if (port >= resources.getDmaPorts()) {
    return emitOpError() << "port " << port << " is out of range: the target "
                         << resources.getArch() << " has "
                         << resources.getDmaPorts() << " DMA port(s)";
  }
  BufferType in(getInput().getType());
  int64_t bytes = in.getDataSize().toBytes().count();
  if (bytes > resources.getDmaMaxTransfer()) {
    return emitOpError() << "moves " << bytes
                         << " bytes, more than one DMA of the target moves ("
                         << resources.getDmaMaxTransfer() << " bytes)";
  }
  return success();
}

void NNDMAOp::getEffects(EffectList &effects) {
  addCopyEffects(effects, getInputMutable(), getOutputBuffMutable());
  for (OpOperand &copy : getBroadcastBuffsMutable()) {
    effects.emplace_back(MemoryEffects::Write::get(), &copy,
                         SideEffects::DefaultResource::get());
  }
}

ExecutorKind NNDMAOp::getExecutorKind() { return ExecutorKind::DMA_NN; }

int64_t NNDMAOp::getExecutorInstance() {
  return static_cast<int64_t>(getPort());
}

} // namespace mlir::vpuc::VPUIP
