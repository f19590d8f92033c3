//===- SwKernelOps.cpp - VPUIP software kernel ops --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// VPUIP.SW.Kernel, VPUIP.SW.Kernel.run, VPUIP.SW.Runtime and VPUIP.UPA.SW:
// structural verifiers, the check of a call against its kernel declaration
// in `module @VPU.SW` (through SymbolUserOpInterface, so that symbol lookups
// happen once per symbol table), memory effects and the task interface.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPOps.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "kernels/abi/SwKernelAbi.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::vpuc::VPUIP {

using EffectList =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

/// The runtime maps every buffer of a software task that is outside the
/// windows (`mapped(buffer)`: all of a UPA layer's, the ACT kernel's buffers
/// outside CMX) into a tensor window of its own in the SHAVEs' 32-bit address
/// space (kernels/abi/SwKernelAbi.h): each must fit one window and all of
/// them the space above kTensorWindowsBase.
static LogicalResult
verifyTensorWindows(Operation *op, ValueRange buffers,
                    llvm::function_ref<bool(BufferType)> mapped) {
  uint64_t address = abi::kTensorWindowsBase;
  for (auto [index, value] : llvm::enumerate(buffers)) {
    BufferType buffer(llvm::cast<MemRefType>(value.getType()));
    if (!mapped(buffer)) {
      continue;
    }
    auto size = static_cast<uint64_t>(buffer.getTotalAllocSize().count());
    if (size > abi::kWindowSize) {
      return op->emitOpError()
             << "buffer #" << index << " spans " << size
             << " bytes, more than a SHAVE tensor window maps ("
             << abi::kWindowSize
             << " bytes): the layer must be split before it becomes a "
                "software task (vpuc-vpu-split-sw-layers)";
    }
    if (address + size > abi::kTensorWindowsEnd) {
      return op->emitOpError()
             << "buffer #" << index << " does not fit the SHAVEs' 32-bit "
             << "address space next to the buffers before it (the tensor "
                "windows of a task hold "
             << (abi::kTensorWindowsEnd - abi::kTensorWindowsBase) << " bytes)";
    }
    address = abi::getNextTensorWindow(address, size);
  }
  return success();
}

/// `ref` must be `@VPU.SW::@<name>`.
static LogicalResult verifyKernelRef(Operation *op, SymbolRefAttr ref,
                                     StringRef what) {
  if (ref.getRootReference() != VPUIPDialect::kKernelModuleName ||
      ref.getNestedReferences().size() != 1) {
    return op->emitOpError()
           << what << " " << ref << " must name a declaration in module @"
           << VPUIPDialect::kKernelModuleName << " (@"
           << VPUIPDialect::kKernelModuleName << "::@<name>)";
  }
  return success();
}

/// Every scalar parameter is a (typed) integer or float attribute.
static LogicalResult verifyScalarParams(Operation *op, ArrayAttr params) {
  for (auto [index, param] : llvm::enumerate(params)) {
    if (!llvm::isa<IntegerAttr, FloatAttr>(param)) {
      return op->emitOpError() << "scalar parameter #" << index
                               << " must be an integer or float attribute, "
                                  "got "
                               << param;
    }
  }
  return success();
}

/// At least one output buffer, and one result of the same type per output
/// buffer.
static LogicalResult verifyResultsTiedToOutputs(Operation *op,
                                                ValueRange outputBuffs,
                                                ResultRange results) {
  if (outputBuffs.empty()) {
    return op->emitOpError() << "needs at least one output buffer";
  }
  if (results.size() != outputBuffs.size()) {
    return op->emitOpError() << "has " << results.size() << " result(s) but "
                             << outputBuffs.size() << " output buffer(s)";
  }
  for (auto [index, pair] : llvm::enumerate(llvm::zip(results, outputBuffs))) {
    auto [result, buffer] = pair;
    if (result.getType() != buffer.getType()) {
      return op->emitOpError()
             << "result #" << index << " has type " << result.getType()
             << ", but its output buffer has type " << buffer.getType();
    }
  }
  return success();
}

/// Finds the kernel declaration `ref`.
static FailureOr<func::FuncOp> lookupKernel(Operation *op, SymbolRefAttr ref,
                                            SymbolTableCollection &tables,
                                            StringRef what) {
  Operation *symbol = tables.lookupNearestSymbolFrom(op, ref);
  if (!symbol) {
    return op->emitOpError() << what << " " << ref << " is not declared";
  }
  auto func = llvm::dyn_cast<func::FuncOp>(symbol);
  if (!func || !func->hasAttr(VPUIPDialect::kKernelEntryAttrName)) {
    return op->emitOpError()
           << what << " " << ref
           << " is not a kernel declaration (a func.func with a '"
           << VPUIPDialect::kKernelEntryAttrName << "' attribute)";
  }
  return func;
}

/// The call of kernel `decl` (named `ref`) with `buffers` then `params`
/// matches its signature.
static LogicalResult verifyKernelCall(Operation *op, SymbolRefAttr ref,
                                      func::FuncOp decl, TypeRange buffers,
                                      ArrayAttr params) {
  ArrayRef<Type> argTypes = decl.getArgumentTypes();
  if (argTypes.size() != buffers.size() + params.size()) {
    return op->emitOpError()
           << "kernel " << ref << " takes " << argTypes.size()
           << " argument(s), but the call passes " << buffers.size()
           << " buffer(s) and " << params.size() << " scalar parameter(s)";
  }
  for (auto [index, passed] : llvm::enumerate(buffers)) {
    auto passedType = llvm::cast<MemRefType>(passed);
    auto declType = llvm::dyn_cast<BaseMemRefType>(argTypes[index]);
    if (!declType) {
      return op->emitOpError() << "argument #" << index << " of kernel " << ref
                               << " is a scalar of type " << argTypes[index]
                               << ", but the call passes a buffer";
    }
    if (declType.getElementType() != passedType.getElementType()) {
      return op->emitOpError()
             << "argument #" << index << " of kernel " << ref
             << " has element type " << declType.getElementType()
             << ", but the call passes " << passedType;
    }
    auto ranked = llvm::dyn_cast<MemRefType>(declType);
    if (!ranked) {
      continue;
    }
    if (ranked.getRank() != passedType.getRank()) {
      return op->emitOpError()
             << "argument #" << index << " of kernel " << ref << " has rank "
             << ranked.getRank() << ", but the call passes " << passedType;
    }
    for (int64_t dim = 0, e = ranked.getRank(); dim < e; ++dim) {
      int64_t size = ranked.getDimSize(dim);
      if (!ShapedType::isDynamic(size) && size != passedType.getDimSize(dim)) {
        return op->emitOpError()
               << "argument #" << index << " of kernel " << ref << " has size "
               << size << " in dimension " << dim << ", but the call passes "
               << passedType;
      }
    }
  }
  for (auto [offset, param] : llvm::enumerate(params)) {
    size_t index = buffers.size() + offset;
    Type declType = argTypes[index];
    if (llvm::isa<BaseMemRefType>(declType)) {
      return op->emitOpError()
             << "argument #" << index << " of kernel " << ref
             << " is a buffer, but the call passes the scalar " << param;
    }
    if (llvm::cast<TypedAttr>(param).getType() != declType) {
      return op->emitOpError()
             << "argument #" << index << " of kernel " << ref << " has type "
             << declType << ", but the call passes " << param;
    }
  }
  return success();
}

/// Reads every input, writes every output buffer.
static void addKernelEffects(EffectList &effects, MutableOperandRange inputs,
                             MutableOperandRange outputBuffs) {
  for (OpOperand &input : inputs) {
    effects.emplace_back(MemoryEffects::Read::get(), &input,
                         SideEffects::DefaultResource::get());
  }
  for (OpOperand &output : outputBuffs) {
    effects.emplace_back(MemoryEffects::Write::get(), &output,
                         SideEffects::DefaultResource::get());
  }
}

//===----------------------------------------------------------------------===//
// SwKernelOp
//===----------------------------------------------------------------------===//

SwKernelRunOp SwKernelOp::getRunOp() {
  if (getBody().empty() || getBody().front().empty()) {
    return {};
  }
  return llvm::dyn_cast<SwKernelRunOp>(getBody().front().back());
}

int64_t SwKernelOp::getShaveIndex() {
  std::optional<uint64_t> shave = getShave();
  return shave ? static_cast<int64_t>(*shave) : 0;
}

LogicalResult SwKernelOp::verify() {
  if (failed(
          verifyResultsTiedToOutputs(*this, getOutputBuffs(), getResults())) ||
      failed(verifyKernelRef(*this, getKernel(), "kernel"))) {
    return failure();
  }

  Block &body = getBody().front();
  SmallVector<Type> bufferTypes(getInputs().getTypes());
  llvm::append_range(bufferTypes, getOutputBuffs().getTypes());
  if (body.getNumArguments() != bufferTypes.size()) {
    return emitOpError() << "the body has " << body.getNumArguments()
                         << " argument(s), but the op has "
                         << bufferTypes.size() << " buffer(s)";
  }
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(body.getArgumentTypes(), bufferTypes))) {
    auto [argType, bufferType] = pair;
    if (argType != bufferType) {
      return emitOpError() << "body argument #" << index << " has type "
                           << argType << ", but buffer #" << index
                           << " has type " << bufferType;
    }
  }
  SwKernelRunOp run = getRunOp();
  if (!run || &body.front() != run.getOperation()) {
    return emitOpError()
           << "the body must hold only a VPUIP.SW.Kernel.run terminator";
  }
  for (auto [index, arg] : llvm::enumerate(run.getArgs())) {
    auto blockArg = llvm::dyn_cast<BlockArgument>(arg);
    if (!blockArg || blockArg.getOwner() != &body) {
      return emitOpError() << "argument #" << index
                           << " of VPUIP.SW.Kernel.run is not an argument of "
                              "the kernel body";
    }
  }

  auto tile = static_cast<int64_t>(getTile());
  for (auto [index, type] : llvm::enumerate(bufferTypes)) {
    BufferType buffer(llvm::cast<MemRefType>(type));
    std::optional<int64_t> cluster = buffer.getClusterIndex();
    if (buffer.getMemoryKind() == MemoryKind::CMX_NN && *cluster != tile) {
      return emitOpError() << "buffer #" << index << " is in "
                           << buffer.getMemorySpace()
                           << ", but the kernel runs on tile " << tile;
    }
  }

  if (failed(verifyTensorWindows(*this, getOperands(), [](BufferType buffer) {
        return buffer.getMemoryKind() != MemoryKind::CMX_NN;
      }))) {
    return failure();
  }

  int64_t shave = getShaveIndex();
  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    if (shave != 0) {
      return emitOpError() << "runs on SHAVE " << shave
                           << ", which needs target resources "
                              "(VPUIP.resources on the module): without "
                              "them only SHAVE 0 of a tile is known";
    }
    return success();
  }
  if (resources.getShaveKind() != ShaveKind::ACT) {
    return emitOpError() << "needs activation SHAVEs, but the target "
                         << resources.getArch()
                         << " has UPA SHAVEs (use VPUIP.UPA.SW)";
  }
  if (tile >= resources.getClusters()) {
    return emitOpError() << "tile " << tile << " is out of range: the target "
                         << resources.getArch() << " has "
                         << resources.getClusters() << " tile(s)";
  }
  if (shave >= resources.getShaves()) {
    return emitOpError() << "SHAVE " << shave << " is out of range: the target "
                         << resources.getArch() << " has "
                         << resources.getShaves() << " SHAVE(s) per tile";
  }
  return success();
}

LogicalResult SwKernelOp::verifySymbolUses(SymbolTableCollection &tables) {
  FailureOr<func::FuncOp> decl =
      lookupKernel(*this, getKernel(), tables, "kernel");
  if (failed(decl)) {
    return failure();
  }
  SwKernelRunOp run = getRunOp();
  if (!run) {
    // The op verifier reports the missing terminator.
    return failure();
  }
  return verifyKernelCall(*this, getKernel(), *decl, run.getArgs().getTypes(),
                          run.getParams());
}

void SwKernelOp::getEffects(EffectList &effects) {
  addKernelEffects(effects, getInputsMutable(), getOutputBuffsMutable());
}

ExecutorKind SwKernelOp::getExecutorKind() { return ExecutorKind::SHAVE_ACT; }

int64_t SwKernelOp::getExecutorInstance() {
  // Without target resources the verifier allows SHAVE 0 only.
  auto tile = static_cast<int64_t>(getTile());
  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    return tile;
  }
  return tile * resources.getShaves() + getShaveIndex();
}

//===----------------------------------------------------------------------===//
// SwKernelRunOp
//===----------------------------------------------------------------------===//

LogicalResult SwKernelRunOp::verify() {
  return verifyScalarParams(*this, getParams());
}

//===----------------------------------------------------------------------===//
// SwRuntimeOp
//===----------------------------------------------------------------------===//

LogicalResult SwRuntimeOp::verify() {
  if (failed(verifyKernelRef(*this, getEntryPoint(), "entry point"))) {
    return failure();
  }
  ArrayRef<int64_t> stackSizes = getStackSizes();
  if (stackSizes.empty()) {
    return emitOpError() << "needs one stack size per tile";
  }
  for (auto [tile, size] : llvm::enumerate(stackSizes)) {
    if (size <= 0) {
      return emitOpError() << "stack size " << size << " of tile " << tile
                           << " must be positive";
    }
  }
  for (Operation &other : (*this)->getBlock()->getOperations()) {
    if (&other == getOperation()) {
      break;
    }
    if (llvm::isa<SwRuntimeOp>(other)) {
      InFlightDiagnostic diag = emitOpError()
                                << "is the second VPUIP.SW.Runtime of the "
                                   "module: there is one at most";
      diag.attachNote(other.getLoc()) << "the first one is here";
      return diag;
    }
  }

  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    return success();
  }
  if (resources.getShaveKind() != ShaveKind::ACT) {
    return emitOpError() << "declares the activation SHAVE runtime, but the "
                            "target "
                         << resources.getArch() << " has UPA SHAVEs";
  }
  if (static_cast<int64_t>(stackSizes.size()) != resources.getClusters()) {
    return emitOpError() << "has " << stackSizes.size()
                         << " stack size(s), but the target "
                         << resources.getArch() << " has "
                         << resources.getClusters() << " tile(s)";
  }
  return success();
}

LogicalResult SwRuntimeOp::verifySymbolUses(SymbolTableCollection &tables) {
  FailureOr<func::FuncOp> decl =
      lookupKernel(*this, getEntryPoint(), tables, "entry point");
  if (failed(decl)) {
    return failure();
  }
  if (decl->getNumArguments() != 0) {
    return emitOpError() << "entry point " << getEntryPoint() << " takes "
                         << decl->getNumArguments()
                         << " argument(s), but the runtime kernel takes none";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// UpaSwOp
//===----------------------------------------------------------------------===//

LogicalResult UpaSwOp::verify() {
  if (failed(
          verifyResultsTiedToOutputs(*this, getOutputBuffs(), getResults())) ||
      failed(verifyKernelRef(*this, getKernel(), "kernel")) ||
      failed(verifyScalarParams(*this, getParams())) ||
      failed(verifyTensorWindows(*this, getOperands(),
                                 [](BufferType) { return true; }))) {
    return failure();
  }
  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    return success();
  }
  if (resources.getShaveKind() != ShaveKind::UPA) {
    return emitOpError() << "needs UPA SHAVEs, but the target "
                         << resources.getArch()
                         << " has activation SHAVEs (use VPUIP.SW.Kernel)";
  }
  std::optional<uint64_t> maxShaves = getMaxShaves();
  if (maxShaves && static_cast<int64_t>(*maxShaves) > resources.getShaves()) {
    return emitOpError() << "max_shaves " << *maxShaves
                         << " is more than the target " << resources.getArch()
                         << " has (" << resources.getShaves() << ")";
  }
  return success();
}

LogicalResult UpaSwOp::verifySymbolUses(SymbolTableCollection &tables) {
  FailureOr<func::FuncOp> decl =
      lookupKernel(*this, getKernel(), tables, "kernel");
  if (failed(decl)) {
    return failure();
  }
  SmallVector<Type> buffers(getInputs().getTypes());
  llvm::append_range(buffers, getOutputBuffs().getTypes());
  return verifyKernelCall(*this, getKernel(), *decl, buffers, getParams());
}

void UpaSwOp::getEffects(EffectList &effects) {
  addKernelEffects(effects, getInputsMutable(), getOutputBuffsMutable());
}

ExecutorKind UpaSwOp::getExecutorKind() { return ExecutorKind::SHAVE_UPA; }

int64_t UpaSwOp::getExecutorInstance() { return 0; }

} // namespace mlir::vpuc::VPUIP
