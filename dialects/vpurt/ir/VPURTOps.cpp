//===- VPURTOps.cpp - VPURT op definitions and verifiers --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// VPURT.DeclareBuffer (section, memory, alignment and bounds checks), the
// barrier declarations (producers, consumers, counts, target limits) and
// VPURT.Task (its single VPUIP task and its barrier lists).
//
//===----------------------------------------------------------------------===//

#include "dialects/vpurt/ir/VPURTOps.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpurt/ir/BarrierQueries.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"

#define GET_OP_CLASSES
#include "dialects/vpurt/ir/VPURTOps.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPURT {

using VPUIP::BufferType;
using VPUIP::MemorySpaceAttr;
using VPUIP::ResourcesAttr;

//===----------------------------------------------------------------------===//
// DeclareBufferOp
//===----------------------------------------------------------------------===//

/// The size in bytes of the DDR or Constant section from the nearest
/// enclosing module that records it.
static std::optional<int64_t> getSectionSize(Operation *op,
                                             BufferSection section) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    if (!llvm::isa<ModuleOp>(current)) {
      continue;
    }
    auto sizes = current->getAttrOfType<DictionaryAttr>(
        VPURTDialect::kSectionSizesAttrName);
    if (!sizes) {
      continue;
    }
    if (auto size = sizes.getAs<IntegerAttr>(stringifyEnum(section))) {
      return size.getInt();
    }
    return std::nullopt;
  }
  return std::nullopt;
}

/// Checks that a buffer ending at byte `end` lies within network input or
/// output `index` of the enclosing function.
static LogicalResult verifyNetworkBuffer(DeclareBufferOp op, bool isInput,
                                         int64_t index, int64_t end) {
  auto func = op->getParentOfType<func::FuncOp>();
  int64_t numArgs = func.getNumArguments();
  int64_t numOutputs = func.getNumResults();
  if (numArgs < numOutputs) {
    return op.emitOpError()
           << "the function has fewer arguments than results; its arguments "
              "must be the network inputs then the network outputs";
  }
  int64_t numInputs = numArgs - numOutputs;
  StringRef what = isInput ? "input" : "output";
  int64_t count = isInput ? numInputs : numOutputs;
  if (index >= count) {
    return op.emitOpError() << "network " << what << " index " << index
                            << " is out of range: the function has " << count
                            << " network " << what << "(s)";
  }
  int64_t argNo = isInput ? index : numInputs + index;
  Type argType = func.getArgumentTypes()[argNo];
  FailureOr<BufferType> arg = BufferType::get(argType);
  if (failed(arg)) {
    return op.emitOpError()
           << "network " << what << " #" << index << " (function argument #"
           << argNo << ") has type " << argType << ", which is not a buffer";
  }
  int64_t size = arg->getTotalAllocSize().count();
  if (end > size) {
    return op.emitOpError()
           << "buffer ends at byte " << end << ", beyond network " << what
           << " #" << index << " (" << size << " bytes)";
  }
  return success();
}

LogicalResult DeclareBufferOp::verify() {
  BufferSection section = getSection();
  StringRef sectionName = stringifyEnum(section);
  std::optional<uint64_t> index = getSectionIndex();
  bool needsIndex = section == BufferSection::NetworkInput ||
                    section == BufferSection::NetworkOutput ||
                    section == BufferSection::CMX_NN;
  if (needsIndex && !index) {
    return emitOpError() << "section " << sectionName << " needs an index: <"
                         << sectionName << "> [<index>]";
  }
  if (!needsIndex && index) {
    return emitOpError() << "section " << sectionName << " takes no index";
  }

  BufferType buffer(getType());
  MemorySpaceAttr expected =
      section == BufferSection::CMX_NN
          ? MemorySpaceAttr::getCMX(getContext(), static_cast<int64_t>(*index))
          : MemorySpaceAttr::getDDR(getContext());
  if (buffer.getMemorySpace() != expected) {
    return emitOpError() << "buffer in " << buffer.getMemorySpace()
                         << " does not match section " << sectionName
                         << ", which is in " << expected;
  }

  auto offset = static_cast<int64_t>(getByteOffset());
  int64_t elemBits = buffer.getElemTypeSize().count();
  if (elemBits % 8 == 0 && offset % (elemBits / 8) != 0) {
    return emitOpError() << "byte offset " << offset
                         << " is not a multiple of the element size ("
                         << elemBits / 8 << " bytes)";
  }

  int64_t end = offset + buffer.getTotalAllocSize().count();
  switch (section) {
  case BufferSection::NetworkInput:
  case BufferSection::NetworkOutput:
    return verifyNetworkBuffer(*this, section == BufferSection::NetworkInput,
                               static_cast<int64_t>(*index), end);
  case BufferSection::CMX_NN: {
    ResourcesAttr resources = VPUIP::getResources(*this);
    if (!resources) {
      return success();
    }
    if (static_cast<int64_t>(*index) >= resources.getClusters()) {
      return emitOpError() << "CMX_NN index " << *index
                           << " is out of range: the target "
                           << resources.getArch() << " has "
                           << resources.getClusters() << " cluster(s)";
    }
    if (end > resources.getCmxSize()) {
      return emitOpError() << "buffer ends at byte " << end
                           << ", beyond the usable CMX of the target ("
                           << resources.getCmxSize() << " bytes)";
    }
    return success();
  }
  case BufferSection::DDR:
  case BufferSection::Constant: {
    std::optional<int64_t> size = getSectionSize(*this, section);
    if (size && end > *size) {
      return emitOpError() << "buffer ends at byte " << end << ", beyond the "
                           << sectionName << " section (" << *size << " bytes)";
    }
    return success();
  }
  }
  llvm_unreachable("unknown BufferSection");
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

/// Only tasks use a barrier, and a used barrier has both a producer and a
/// consumer.
static LogicalResult verifyBarrierUses(Operation *op, Value barrier) {
  for (OpOperand &use : barrier.getUses()) {
    if (!llvm::isa<TaskOp>(use.getOwner())) {
      return op->emitOpError()
             << "is used by '" << use.getOwner()->getName()
             << "', but only VPURT.Task ops may use a barrier";
    }
  }
  SmallVector<TaskOp> producers = getBarrierProducers(barrier);
  SmallVector<TaskOp> consumers = getBarrierConsumers(barrier);
  if (producers.empty() && !consumers.empty()) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "is waited on by " << consumers.size()
                              << " task(s), but no task updates it";
    diag.attachNote(consumers.front().getLoc()) << "the first waiting task";
    return diag;
  }
  if (!producers.empty() && consumers.empty()) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "is updated by " << producers.size()
                              << " task(s), but no task waits on it";
    diag.attachNote(producers.front().getLoc()) << "the first updating task";
    return diag;
  }
  return success();
}

LogicalResult DeclareVirtualBarrierOp::verify() {
  return verifyBarrierUses(*this, getBarrier());
}

LogicalResult ConfigureBarrierOp::verify() {
  if (failed(verifyBarrierUses(*this, getBarrier()))) {
    return failure();
  }
  BarrierCounts counts = getBarrierCounts(getBarrier());
  if (std::optional<uint64_t> producers = getProducerCount();
      producers && static_cast<int64_t>(*producers) != counts.producers) {
    return emitOpError() << "producer_count " << *producers
                         << " differs from the count of the tasks that "
                            "update the barrier ("
                         << counts.producers << ")";
  }
  if (std::optional<uint64_t> consumers = getConsumerCount();
      consumers && static_cast<int64_t>(*consumers) != counts.consumers) {
    return emitOpError() << "consumer_count " << *consumers
                         << " differs from the count of the tasks that wait "
                            "on the barrier ("
                         << counts.consumers << ")";
  }
  ResourcesAttr resources = VPUIP::getResources(*this);
  if (!resources) {
    return success();
  }
  auto id = static_cast<int64_t>(getId());
  if (id >= resources.getBarriers()) {
    return emitOpError() << "barrier id " << id
                         << " is out of range: the target "
                         << resources.getArch() << " has "
                         << resources.getBarriers() << " usable barrier(s)";
  }
  if (counts.producers > resources.getMaxProducers()) {
    return emitOpError() << "has " << counts.producers
                         << " producer(s), more than a barrier of the target "
                         << resources.getArch() << " takes ("
                         << resources.getMaxProducers() << ")";
  }
  if (counts.consumers > resources.getMaxConsumers()) {
    return emitOpError() << "has " << counts.consumers
                         << " consumer(s), more than a barrier of the target "
                         << resources.getArch() << " takes ("
                         << resources.getMaxConsumers() << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TaskOp
//===----------------------------------------------------------------------===//

void TaskOp::build(OpBuilder &builder, OperationState &state,
                   ValueRange waitBarriers, ValueRange updateBarriers) {
  state.addOperands(waitBarriers);
  state.addOperands(updateBarriers);
  Properties &properties = state.getOrAddProperties<Properties>();
  properties.operandSegmentSizes = {
      static_cast<int32_t>(waitBarriers.size()),
      static_cast<int32_t>(updateBarriers.size())};
  Region *body = state.addRegion();
  body->push_back(new Block());
}

VPUIP::TaskOpInterface TaskOp::getInnerTaskOp() {
  if (getBody().empty() || getBody().front().empty()) {
    return {};
  }
  return llvm::dyn_cast<VPUIP::TaskOpInterface>(getBody().front().front());
}

VPUIP::ExecutorKind TaskOp::getExecutorKind() {
  return getInnerTaskOp().getExecutorKind();
}

int64_t TaskOp::getExecutorInstance() {
  return getInnerTaskOp().getExecutorInstance();
}

int64_t TaskOp::getBarrierCount() {
  VPUIP::TaskOpInterface inner = getInnerTaskOp();
  return inner ? inner.getBarrierCount() : 1;
}

/// `barrier` is the result of a barrier declaration.
static bool isDeclaredBarrier(Value barrier) {
  return barrier.getDefiningOp<DeclareVirtualBarrierOp>() ||
         barrier.getDefiningOp<ConfigureBarrierOp>();
}

LogicalResult TaskOp::verify() {
  Block &body = getBody().front();
  if (body.getNumArguments() != 0) {
    return emitOpError() << "the body takes no arguments";
  }
  if (body.empty() || &body.front() != &body.back()) {
    return emitOpError() << "the body must hold exactly one VPUIP task op";
  }
  Operation &inner = body.front();
  if (!llvm::isa<VPUIP::TaskOpInterface>(inner)) {
    return emitOpError() << "the body holds '" << inner.getName()
                         << "', which is not a VPUIP task "
                            "(VPUIP_TaskOpInterface)";
  }

  llvm::SmallDenseSet<Value, 4> waits;
  for (auto [index, barrier] : llvm::enumerate(getWaitBarriers())) {
    if (!isDeclaredBarrier(barrier)) {
      return emitOpError() << "wait barrier #" << index
                           << " is not the result of a "
                              "VPURT.DeclareVirtualBarrier or "
                              "VPURT.ConfigureBarrier";
    }
    if (!waits.insert(barrier).second) {
      return emitOpError() << "waits twice on one barrier (wait barrier #"
                           << index << ")";
    }
  }
  llvm::SmallDenseSet<Value, 4> updates;
  for (auto [index, barrier] : llvm::enumerate(getUpdateBarriers())) {
    if (!isDeclaredBarrier(barrier)) {
      return emitOpError() << "update barrier #" << index
                           << " is not the result of a "
                              "VPURT.DeclareVirtualBarrier or "
                              "VPURT.ConfigureBarrier";
    }
    if (!updates.insert(barrier).second) {
      return emitOpError() << "updates one barrier twice (update barrier #"
                           << index << ")";
    }
    if (waits.contains(barrier)) {
      return emitOpError() << "waits on a barrier it updates (update barrier #"
                           << index << "), so it could never start";
    }
  }
  return success();
}

} // namespace mlir::vpuc::VPURT
