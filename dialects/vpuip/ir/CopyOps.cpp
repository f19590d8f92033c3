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

#include "dialects/vpuip/ir/BufferType.h"

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

LogicalResult NNDMAOp::verify() {
  if (failed(verifyCopy(*this, getInput(), getOutputBuff()))) {
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
}

ExecutorKind NNDMAOp::getExecutorKind() { return ExecutorKind::DMA_NN; }

int64_t NNDMAOp::getExecutorInstance() {
  return static_cast<int64_t>(getPort());
}

} // namespace mlir::vpuc::VPUIP
