//===- BlobExport.cpp - VPURT IR -> blob ----------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `BlobWriter` walks the network function in a fixed order: the network
// inputs and outputs, the body's ops (a check of the VPURT form), the
// buffers that tasks use as tensor references, the barriers, the ACT kernels
// and their runtime, then the task lists.
//
//===----------------------------------------------------------------------===//

#include "backend/export/BlobExport.h"

#include <limits>
#include <optional>
#include <string>

#include "backend/blob/Blob.h"
#include "backend/blob/BlobBuilder.h"
#include "backend/mapping/KernelDeclaration.h"
#include "backend/mapping/TypeMapping.h"
#include "backend/mapping/UpaParams.h"
#include "core/shape/DimsOrder.h"
#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "dialects/vpurt/ir/BarrierQueries.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "kernels/abi/ArgPacker.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

void registerBlobExportDialects(DialectRegistry &registry) {
  Const::registerConstDialect(registry);
  IE::registerIEDialect(registry);
  VPUIP::registerVPUIPDialect(registry);
  VPURT::registerVPURTDialect(registry);
}

namespace {

/// Prints `value` as MLIR does.
template <typename T> std::string print(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return os.str();
}

/// An ACT kernel: its declaration and the role of each argument, from its
/// calls.
struct ActKernelInfo {
  func::FuncOp decl;
  /// Per argument: the role the calls give it (scalars are known from the
  /// declaration), and the first call that fixed it.
  llvm::SmallVector<std::optional<KernelArgKind>> kinds;
  llvm::SmallVector<Operation *> firstCalls;
  uint32_t index = 0;
};

/// Serialises one module; see the file comment of BlobExport.h.
class BlobWriter {
public:
  BlobWriter(ModuleOp module, VPUIP::ResourcesAttr resources)
      : module(module), resources(resources), builder(resources.getArch()) {}

  FailureOr<std::vector<uint8_t>> run();

private:
  LogicalResult findNetworkFunction();
  LogicalResult writeNetworkIO();
  LogicalResult checkBody();
  LogicalResult collectTaskBuffers();
  LogicalResult checkActBuffer(VPUIP::SwKernelOp op, Value buffer,
                               int64_t index);
  LogicalResult writeTensors();
  void writeBarriers();
  LogicalResult writeActKernels();
  LogicalResult writeTasks();
  LogicalResult writeActTask(VPUIP::SwKernelOp op, const TaskBarriers &barriers,
                             llvm::StringRef location);
  LogicalResult writeUpaTask(VPUIP::UpaSwOp op, const TaskBarriers &barriers,
                             llvm::StringRef location);
  LogicalResult writeNceTask(VPUIP::NCEClusterTaskOp op,
                             const TaskBarriers &barriers,
                             llvm::StringRef location);

  ModuleOp module;
  VPUIP::ResourcesAttr resources;
  BlobBuilder builder;
  SymbolTableCollection symbolTables;

  func::FuncOp func;
  IE::CNNNetworkOp network;
  int64_t numInputs = 0;
  int64_t numOutputs = 0;
  /// The end of the furthest DDR buffer.
  int64_t ddrEnd = 0;
  llvm::SmallVector<VPURT::TaskList> taskLists;

  /// Buffers DMA and UPA tasks use, and the buffers outside the tile's CMX
  /// that ACT tasks use (they become tensor references).
  llvm::DenseSet<Value> taskBuffers;
  /// Tensor reference index of each such buffer.
  llvm::DenseMap<Value, uint32_t> tensors;
  /// Barrier index of each ConfigureBarrier result.
  llvm::DenseMap<Value, uint32_t> barriers;
  /// ACT kernels in declaration order, and their index by declaration.
  llvm::SmallVector<ActKernelInfo> actKernels;
  llvm::DenseMap<Operation *, size_t> actKernelIndex;
};

//===----------------------------------------------------------------------===//
// Network function and I/O
//===----------------------------------------------------------------------===//

LogicalResult BlobWriter::findNetworkFunction() {
  auto networks = llvm::to_vector(module.getOps<IE::CNNNetworkOp>());
  if (networks.size() > 1) {
    return networks[1].emitOpError()
           << "is the second IE.CNNNetwork of the module: a blob holds one "
              "network";
  }
  if (!networks.empty()) {
    network = networks.front();
    func = symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
        network, network.getEntryPointAttr());
    if (!func || func.isDeclaration()) {
      return network.emitOpError() << "entry point @" << network.getEntryPoint()
                                   << " is not a func.func with a body";
    }
    return success();
  }
  llvm::SmallVector<func::FuncOp> candidates;
  for (func::FuncOp candidate : module.getOps<func::FuncOp>()) {
    if (!candidate.isDeclaration()) {
      candidates.push_back(candidate);
    }
  }
  if (candidates.empty()) {
    return module.emitError()
           << "the module has no network function (a func.func with a body "
              "in VPURT form)";
  }
  if (candidates.size() > 1) {
    InFlightDiagnostic diag =
        module.emitError()
        << "the module has " << candidates.size()
        << " functions with a body and no IE.CNNNetwork naming the entry "
           "point: a blob holds one network";
    for (func::FuncOp candidate : candidates) {
      diag.attachNote(candidate.getLoc())
          << "function @" << candidate.getName();
    }
    return diag;
  }
  func = candidates.front();
  return success();
}

LogicalResult BlobWriter::writeNetworkIO() {
  numOutputs = func.getNumResults();
  int64_t numArgs = func.getNumArguments();
  if (numArgs < numOutputs) {
    return func.emitOpError()
           << "has " << numArgs << " argument(s) for " << numOutputs
           << " result(s): the arguments of a VPURT function are the network "
              "inputs then the network outputs";
  }
  numInputs = numArgs - numOutputs;
  for (int64_t i = 0; i < numOutputs; ++i) {
    if (func.getResultTypes()[i] != func.getArgumentTypes()[numInputs + i]) {
      return func.emitOpError()
             << "result #" << i << " has type " << func.getResultTypes()[i]
             << ", but network output #" << i << " (argument #" << numInputs + i
             << ") has type " << func.getArgumentTypes()[numInputs + i];
    }
  }

  llvm::SmallVector<IE::DataInfoOp> inputInfos, outputInfos;
  if (network) {
    inputInfos = llvm::to_vector(network.getInputsDataInfo());
    outputInfos = llvm::to_vector(network.getOutputsDataInfo());
    if (static_cast<int64_t>(inputInfos.size()) != numInputs ||
        static_cast<int64_t>(outputInfos.size()) != numOutputs) {
      return network.emitOpError()
             << "describes " << inputInfos.size() << " input(s) and "
             << outputInfos.size() << " output(s), but @" << func.getName()
             << " has " << numInputs << " network input(s) and " << numOutputs
             << " network output(s)";
    }
  }

  llvm::StringMap<int64_t> inputNames, outputNames;
  for (int64_t arg = 0; arg < numInputs + numOutputs; ++arg) {
    bool isInput = arg < numInputs;
    int64_t index = isInput ? arg : arg - numInputs;
    llvm::StringRef what = isInput ? "input" : "output";
    Type type = func.getArgumentTypes()[arg];
    FailureOr<VPUIP::BufferType> buffer = VPUIP::BufferType::get(type);
    if (failed(buffer) || buffer->getMemoryKind() != VPUIP::MemoryKind::DDR) {
      return func.emitOpError()
             << "network " << what << " #" << index << " (argument #" << arg
             << ") has type " << type
             << ": network inputs and outputs are buffers in DDR";
    }
    llvm::Expected<TensorTypeDesc> desc = getTensorTypeDesc(type);
    if (!desc) {
      return func.emitOpError()
             << "network " << what << " #" << index << " (argument #" << arg
             << "): " << llvm::toString(desc.takeError());
    }

    auto argName = func.getArgAttrOfType<StringAttr>(
        arg, VPURT::VPURTDialect::kNameAttrName);
    std::string name;
    if (network) {
      IE::DataInfoOp info = isInput ? inputInfos[index] : outputInfos[index];
      name = info.getName().str();
      if (argName && argName.getValue() != name) {
        return func.emitOpError()
               << "network " << what << " #" << index << " is named '"
               << argName.getValue() << "' by "
               << VPURT::VPURTDialect::kNameAttrName << " but '" << name
               << "' by IE.CNNNetwork";
      }
      if (info.getTensorType().getShape() !=
          llvm::ArrayRef<int64_t>(buffer->getShape().raw())) {
        return info.emitOpError()
               << "describes shape " << info.getUserType() << ", but network "
               << what << " #" << index << " of @" << func.getName()
               << " has type " << type;
      }
      if (info.getPrecision() != buffer->getElementType()) {
        return info.emitOpError()
               << "has precision " << info.getPrecision() << ", but network "
               << what << " #" << index << " of @" << func.getName()
               << " has element type " << buffer->getElementType()
               << ": the blob exchanges the network's own buffers, so any "
                  "conversion must be part of the network";
      }
      shape::DimsOrder userOrder =
          shape::DimsOrder::getDefaultOrder(buffer->getRank());
      if (std::optional<AffineMap> layout = info.getLayout()) {
        FailureOr<shape::DimsOrder> order =
            shape::DimsOrder::fromAffineMap(*layout);
        if (succeeded(order)) {
          userOrder = *order;
        }
      }
      if (userOrder != buffer->getOrder()) {
        return info.emitOpError()
               << "has layout " << userOrder.getName() << ", but network "
               << what << " #" << index << " of @" << func.getName()
               << " is laid out " << buffer->getOrder().getName()
               << ": the blob exchanges the network's own buffers, so any "
                  "reordering must be part of the network";
      }
    } else if (argName) {
      name = argName.getValue().str();
    } else {
      name = (what + llvm::Twine(index)).str();
    }

    llvm::StringMap<int64_t> &names = isInput ? inputNames : outputNames;
    auto [it, inserted] = names.try_emplace(name, arg);
    if (!inserted) {
      return func.emitOpError() << "network " << what << " name '" << name
                                << "' is used twice (arguments #" << it->second
                                << " and #" << arg << ")";
    }
    if (isInput) {
      builder.addInput(name, *desc);
    } else {
      builder.addOutput(name, *desc);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The body
//===----------------------------------------------------------------------===//

LogicalResult BlobWriter::checkBody() {
  if (!func.getBody().hasOneBlock()) {
    return func.emitOpError() << "has " << func.getBody().getBlocks().size()
                              << " blocks; a VPURT function has one";
  }
  for (Operation &op : func.getBody().front()) {
    LogicalResult result =
        llvm::TypeSwitch<Operation *, LogicalResult>(&op)
            .Case([&](VPURT::DeclareBufferOp declare) -> LogicalResult {
              if (declare.getSection() == VPURT::BufferSection::Constant) {
                return declare.emitOpError()
                       << "declares a buffer in the Constant section, whose "
                          "content the IR does not hold: constants are "
                          "const.Declare buffers, which the blob writer "
                          "places in the constant section";
              }
              if (declare.getSection() == VPURT::BufferSection::DDR) {
                VPUIP::BufferType type(declare.getType());
                ddrEnd = std::max<int64_t>(
                    ddrEnd, static_cast<int64_t>(declare.getByteOffset()) +
                                type.getTotalAllocSize().count());
              }
              return success();
            })
            .Case([&](Const::DeclareOp constant) -> LogicalResult {
              if (!llvm::isa<MemRefType>(constant.getType())) {
                return constant.emitOpError()
                       << "declares a tensor; a VPURT function uses constant "
                          "buffers (a memref result)";
              }
              return success();
            })
            .Case([&](VPURT::DeclareVirtualBarrierOp barrier) -> LogicalResult {
              return barrier.emitOpError()
                     << "is a virtual barrier; the blob holds hardware "
                        "barriers: assign them first "
                        "(vpuc-vpurt-assign-physical-barriers)";
            })
            .Case<VPURT::ConfigureBarrierOp, VPURT::TaskOp>(
                [](Operation *) { return success(); })
            .Case([&](func::ReturnOp ret) -> LogicalResult {
              for (auto [index, operand] : llvm::enumerate(ret.getOperands())) {
                if (operand != func.getArgument(numInputs + index)) {
                  return ret.emitOpError()
                         << "must return the network output arguments in "
                            "order: result #"
                         << index << " is not argument #" << numInputs + index;
                }
              }
              return success();
            })
            .Default([](Operation *other) -> LogicalResult {
              return other->emitOpError()
                     << "is not part of the VPURT form the blob writer takes "
                        "(VPURT.DeclareBuffer, const.Declare, "
                        "VPURT.ConfigureBarrier, VPURT.Task, func.return)";
            });
    if (failed(result)) {
      return failure();
    }
  }
  return success();
}

/// True when `value` is a buffer the blob can refer to: the result of a
/// VPURT.DeclareBuffer or const.Declare of the function body.
static bool isDeclaredBuffer(Value value, func::FuncOp func) {
  Operation *def = value.getDefiningOp();
  return def && def->getParentOp() == func.getOperation() &&
         llvm::isa<VPURT::DeclareBufferOp, Const::DeclareOp>(def);
}

/// Reports an operand that is not a declared buffer.
static LogicalResult emitUndeclaredOperand(Operation *op, int64_t index) {
  return op->emitOpError()
         << "operand #" << index
         << " is not a buffer declared by VPURT.DeclareBuffer or "
            "const.Declare in the function body, which are the buffers a "
            "blob refers to";
}

LogicalResult BlobWriter::checkActBuffer(VPUIP::SwKernelOp op, Value buffer,
                                         int64_t index) {
  if (!isDeclaredBuffer(buffer, func)) {
    return emitUndeclaredOperand(op, index);
  }
  auto declare = buffer.getDefiningOp<VPURT::DeclareBufferOp>();
  if (declare && declare.getSection() == VPURT::BufferSection::CMX_NN) {
    // The tile's own CMX is window WIN_F. (The verifiers reject another
    // tile's CMX already; the blob could not express it either.)
    auto cluster = static_cast<int64_t>(declare.getSectionIndex().value_or(0));
    if (cluster != static_cast<int64_t>(op.getTile())) {
      return op.emitOpError()
             << "buffer #" << index << " is in CMX_NN[" << cluster
             << "], but the kernel runs on tile " << op.getTile()
             << ": an ACT kernel reaches only the CMX of its own tile";
    }
    return success();
  }
  // Network inputs and outputs, constants and DDR scratch: a tensor
  // reference the runtime maps for the kernel (an ActRelocation).
  taskBuffers.insert(buffer);
  return success();
}

LogicalResult BlobWriter::collectTaskBuffers() {
  for (const VPURT::TaskList &list : taskLists) {
    for (VPURT::TaskOp task : list.tasks) {
      Operation *inner = task.getInnerTaskOp().getOperation();
      if (auto kernel = llvm::dyn_cast<VPUIP::SwKernelOp>(inner)) {
        for (auto [index, buffer] : llvm::enumerate(kernel->getOperands())) {
          if (failed(checkActBuffer(kernel, buffer, index))) {
            return failure();
          }
        }
        continue;
      }
      for (auto [index, operand] : llvm::enumerate(inner->getOperands())) {
        if (!isDeclaredBuffer(operand, func)) {
          return emitUndeclaredOperand(inner, index);
        }
        taskBuffers.insert(operand);
      }
    }
  }
  return success();
}

LogicalResult BlobWriter::writeTensors() {
  for (Operation &op : func.getBody().front()) {
    if (op.getNumResults() != 1 || !taskBuffers.contains(op.getResult(0))) {
      continue;
    }
    Value buffer = op.getResult(0);
    llvm::Expected<TensorTypeDesc> desc = getTensorTypeDesc(buffer.getType());
    if (!desc) {
      return op.emitOpError() << llvm::toString(desc.takeError());
    }
    std::string name = support::getLocationName(op.getLoc());
    uint32_t index = 0;
    if (auto constant = llvm::dyn_cast<Const::DeclareOp>(op)) {
      Const::Content content = constant.getContent().fold();
      // The stored bytes go straight into the blob; only a splat is expanded
      // first.
      std::vector<char> expanded;
      llvm::ArrayRef<char> bytes = content.getRawStorage();
      if (content.isSplat()) {
        expanded.resize(content.getSizeInBytes());
        content.copyTo(expanded);
        bytes = expanded;
      }
      uint64_t offset = builder.addConstant(
          llvm::ArrayRef<uint8_t>(
              reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()),
          kConstantAlignment);
      index = builder.addTensor(name, schema::MemoryLocation::CONSTANT, 0,
                                offset, *desc);
    } else {
      auto declare = llvm::cast<VPURT::DeclareBufferOp>(op);
      schema::MemoryLocation location = schema::MemoryLocation::NONE;
      switch (declare.getSection()) {
      case VPURT::BufferSection::NetworkInput:
        location = schema::MemoryLocation::NETWORK_INPUT;
        break;
      case VPURT::BufferSection::NetworkOutput:
        location = schema::MemoryLocation::NETWORK_OUTPUT;
        break;
      case VPURT::BufferSection::DDR:
        location = schema::MemoryLocation::DDR_SCRATCH;
        break;
      case VPURT::BufferSection::CMX_NN:
        location = schema::MemoryLocation::CMX_NN;
        break;
      case VPURT::BufferSection::Constant:
        llvm_unreachable("rejected by checkBody");
      }
      auto sectionIndex =
          static_cast<uint32_t>(declare.getSectionIndex().value_or(0));
      index = builder.addTensor(name, location, sectionIndex,
                                declare.getByteOffset(), *desc);
    }
    tensors[buffer] = index;
  }
  return success();
}

void BlobWriter::writeBarriers() {
  for (auto barrier :
       func.getBody().front().getOps<VPURT::ConfigureBarrierOp>()) {
    uint32_t index = builder.addBarrier(static_cast<uint32_t>(barrier.getId()));
    VPURT::BarrierCounts counts = VPURT::getBarrierCounts(barrier.getBarrier());
    builder.setBarrierCounts(index, static_cast<uint32_t>(counts.producers),
                             static_cast<uint32_t>(counts.consumers));
    barriers[barrier.getBarrier()] = index;
  }
}

//===----------------------------------------------------------------------===//
// ACT kernels
//===----------------------------------------------------------------------===//

/// The declaration of `decl` with argument roles `kinds`, as the blob records
/// it.
static KernelDeclarationDesc
getDeclaration(func::FuncOp decl,
               llvm::ArrayRef<std::optional<KernelArgKind>> kinds) {
  KernelDecl kernel;
  kernel.symbol = decl.getName().str();
  kernel.entry =
      decl->getAttrOfType<StringAttr>(VPUIP::VPUIPDialect::kKernelEntryAttrName)
          .getValue()
          .str();
  for (auto [index, type] : llvm::enumerate(decl.getArgumentTypes())) {
    KernelArgKind kind = KernelArgKind::Scalar;
    if (llvm::isa<BaseMemRefType>(type)) {
      kind = kinds[index].value_or(KernelArgKind::Input);
    }
    kernel.args.push_back({kind, type});
  }
  return toDeclarationDesc(kernel);
}

LogicalResult BlobWriter::writeActKernels() {
  // The roles of the arguments of every kernel an ACT task calls.
  llvm::DenseMap<Operation *, ActKernelInfo> used;
  VPUIP::SwKernelOp firstCall;
  for (const VPURT::TaskList &list : taskLists) {
    for (VPURT::TaskOp task : list.tasks) {
      auto call = llvm::dyn_cast<VPUIP::SwKernelOp>(
          task.getInnerTaskOp().getOperation());
      if (!call) {
        continue;
      }
      if (!firstCall) {
        firstCall = call;
      }
      auto decl = symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getKernel());
      ActKernelInfo &info = used[decl.getOperation()];
      if (!info.decl) {
        info.decl = decl;
        info.kinds.resize(decl.getNumArguments());
        info.firstCalls.resize(decl.getNumArguments());
      }
      int64_t numCallInputs = call.getInputs().size();
      for (auto [argIndex, arg] : llvm::enumerate(call.getRunOp().getArgs())) {
        unsigned position = llvm::cast<BlockArgument>(arg).getArgNumber();
        KernelArgKind kind = static_cast<int64_t>(position) < numCallInputs
                                 ? KernelArgKind::Input
                                 : KernelArgKind::Output;
        std::optional<KernelArgKind> &known = info.kinds[argIndex];
        if (known && *known != kind) {
          InFlightDiagnostic diag =
              call.emitOpError()
              << "passes "
              << (kind == KernelArgKind::Input ? "an input" : "an output")
              << " as argument #" << argIndex << " of kernel "
              << call.getKernel() << ", which an earlier call passes "
              << (*known == KernelArgKind::Input ? "an input" : "an output")
              << " to: the blob records one role per kernel argument";
          diag.attachNote(info.firstCalls[argIndex]->getLoc())
              << "the earlier call";
          return diag;
        }
        if (!known) {
          known = kind;
          info.firstCalls[argIndex] = call;
        }
      }
    }
  }

  auto runtimes = llvm::to_vector(module.getOps<VPUIP::SwRuntimeOp>());
  if (firstCall && runtimes.empty()) {
    return firstCall.emitOpError()
           << "needs the ACT runtime, but the module has no VPUIP.SW.Runtime "
              "(the blob records its stack sizes)";
  }

  // ActKernels in declaration order.
  if (!used.empty()) {
    auto kernelModule = symbolTables.lookupNearestSymbolFrom<ModuleOp>(
        module, StringAttr::get(module.getContext(),
                                VPUIP::VPUIPDialect::kKernelModuleName));
    for (func::FuncOp decl : kernelModule.getOps<func::FuncOp>()) {
      auto it = used.find(decl.getOperation());
      if (it == used.end()) {
        continue;
      }
      llvm::StringRef entry = decl->getAttrOfType<StringAttr>(
                                      VPUIP::VPUIPDialect::kKernelEntryAttrName)
                                  .getValue();
      ActKernelInfo info = std::move(it->second);
      // The reference targets' kernels are the runtime's own: no code.
      info.index = builder.addActKernel(entry, std::nullopt,
                                        getDeclaration(decl, info.kinds));
      actKernelIndex[decl.getOperation()] = actKernels.size();
      actKernels.push_back(std::move(info));
    }
  }

  if (!runtimes.empty()) {
    VPUIP::SwRuntimeOp runtime = runtimes.front();
    auto decl = symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
        runtime, runtime.getEntryPoint());
    std::vector<uint32_t> stackSizes;
    for (int64_t size : runtime.getStackSizes()) {
      if (size > std::numeric_limits<uint32_t>::max()) {
        return runtime.emitOpError()
               << "stack size " << size
               << " does not fit the blob's 32-bit stack sizes";
      }
      stackSizes.push_back(static_cast<uint32_t>(size));
    }
    builder.setActRuntime(std::move(stackSizes), std::nullopt,
                          getDeclaration(decl, {}));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

LogicalResult BlobWriter::writeActTask(VPUIP::SwKernelOp op,
                                       const TaskBarriers &taskBarriers,
                                       llvm::StringRef location) {
  auto decl =
      symbolTables.lookupNearestSymbolFrom<func::FuncOp>(op, op.getKernel());
  const ActKernelInfo &info =
      actKernels[actKernelIndex.at(decl.getOperation())];
  VPUIP::SwKernelRunOp run = op.getRunOp();
  abi::ArgPacker packer;
  std::vector<ActRelocationDesc> relocations;
  for (auto [argIndex, arg] : llvm::enumerate(run.getArgs())) {
    unsigned position = llvm::cast<BlockArgument>(arg).getArgNumber();
    Value operand = op->getOperand(position);
    VPUIP::BufferType buffer(llvm::cast<MemRefType>(operand.getType()));
    llvm::Expected<schema::DType> dtype = getDType(buffer.getElementType());
    if (!dtype) {
      return op.emitOpError() << "buffer #" << position << ": "
                              << llvm::toString(dtype.takeError());
    }
    uint32_t address = 0;
    auto declare = operand.getDefiningOp<VPURT::DeclareBufferOp>();
    if (declare && declare.getSection() == VPURT::BufferSection::CMX_NN) {
      uint64_t end = declare.getByteOffset() +
                     static_cast<uint64_t>(buffer.getTotalAllocSize().count());
      if (end > abi::kWindowSize) {
        return op.emitOpError()
               << "buffer #" << position << " ends at CMX byte " << end
               << ", beyond the 16 MB window WIN_F of the kernel";
      }
      address = abi::kWinFBase + static_cast<uint32_t>(declare.getByteOffset());
    } else {
      // The writer lays the arguments out at offset 0 of the data.
      relocations.push_back({tensors.at(operand), packer.getStructSize()});
    }
    shape::MemShape dims = buffer.getMemShape();
    shape::MemStrides strides = buffer.getMemStrides();
    packer.addMemRef(
        *info.kinds[argIndex] == KernelArgKind::Output ? abi::ArgKind::MemRefOut
                                                       : abi::ArgKind::MemRefIn,
        address, std::vector<int64_t>(dims.begin(), dims.end()),
        std::vector<int64_t>(strides.begin(), strides.end()),
        static_cast<abi::DataType>(*dtype), buffer.getOrder().code());
  }
  for (auto [index, param] : llvm::enumerate(run.getParams())) {
    Type type = llvm::cast<TypedAttr>(param).getType();
    if (type.isInteger(32)) {
      packer.addI32(
          static_cast<int32_t>(llvm::cast<IntegerAttr>(param).getInt()));
    } else if (type.isInteger(64)) {
      packer.addI64(llvm::cast<IntegerAttr>(param).getInt());
    } else if (type.isF32()) {
      packer.addF32(
          static_cast<float>(llvm::cast<FloatAttr>(param).getValueAsDouble()));
    } else {
      return op.emitOpError()
             << "scalar parameter #" << index << " has type " << type
             << ": the kernel ABI passes i32, i64 and f32 scalars";
    }
  }
  auto tile = static_cast<uint32_t>(op.getTile());
  uint32_t invocation = builder.addActInvocationWithArgs(
      info.index, tile, packer.finish(), std::move(relocations));
  builder.addActTask(tile, static_cast<uint32_t>(op.getShaveIndex()),
                     invocation, taskBarriers, location);
  return success();
}

LogicalResult BlobWriter::writeUpaTask(VPUIP::UpaSwOp op,
                                       const TaskBarriers &taskBarriers,
                                       llvm::StringRef location) {
  auto decl =
      symbolTables.lookupNearestSymbolFrom<func::FuncOp>(op, op.getKernel());
  llvm::StringRef entry =
      decl->getAttrOfType<StringAttr>(VPUIP::VPUIPDialect::kKernelEntryAttrName)
          .getValue();
  std::vector<uint32_t> inputs, outputs;
  for (Value input : op.getInputs()) {
    inputs.push_back(tensors.at(input));
  }
  for (Value output : op.getOutputBuffs()) {
    outputs.push_back(tensors.at(output));
  }

  UpaParamsWriter params;
  llvm::SmallVector<std::string> passed;
  for (Attribute param : op.getParams()) {
    passed.push_back(print(llvm::cast<TypedAttr>(param).getType()));
  }
  std::optional<llvm::SmallVector<std::string>> expected =
      getKernelScalarTypeNames(entry);
  if (!expected && !passed.empty()) {
    return op.emitOpError()
           << "passes scalar parameters to kernel '" << entry
           << "', which the kernel library does not have, so the blob schema "
              "has no parameter table for it";
  }
  if (expected && passed != *expected) {
    return op.emitOpError()
           << "passes scalar parameters (" << llvm::join(passed, ", ")
           << ") to kernel '" << entry << "', whose ABI scalars are ("
           << llvm::join(*expected, ", ") << ")";
  }
  if (!passed.empty()) {
    llvm::Expected<UpaParamsWriter> writer = makeUpaParamsWriter(
        entry, llvm::to_vector(op.getParams().getAsRange<Attribute>()));
    if (!writer) {
      return op.emitOpError() << llvm::toString(writer.takeError());
    }
    params = std::move(*writer);
  }
  auto maxShaves = static_cast<uint32_t>(
      op.getMaxShaves().value_or(static_cast<uint64_t>(resources.getShaves())));
  builder.addUpaTask(0, entry, std::move(inputs), std::move(outputs),
                     taskBarriers, location, std::move(params), maxShaves);
  return success();
}

// The IR enums of NCE tasks have the blob's numbering.
static_assert(static_cast<int>(VPUIP::NCETaskType::ELTWISE_MUL) ==
              static_cast<int>(schema::NceTaskType::ELTWISE_MUL));
static_assert(static_cast<int>(VPUIP::MPEMode::MATRIX) ==
              static_cast<int>(schema::MpeMode::MATRIX));
static_assert(static_cast<int>(VPUIP::PPEMode::LRELU) ==
              static_cast<int>(schema::PpeMode::LRELU));

LogicalResult BlobWriter::writeNceTask(VPUIP::NCEClusterTaskOp op,
                                       const TaskBarriers &taskBarriers,
                                       llvm::StringRef location) {
  NceTaskDesc nce;
  nce.type = static_cast<schema::NceTaskType>(op.getTaskType());
  nce.input = tensors.at(op.getInput());
  nce.output = tensors.at(op.getOutputBuff());
  if (op.getInput2()) {
    nce.input2 = tensors.at(op.getInput2());
  }
  if (op.getWeights()) {
    nce.weights = tensors.at(op.getWeights());
  }
  if (op.getWeightsTable()) {
    nce.weightsTable = tensors.at(op.getWeightsTable());
  }
  auto u32 = [](int64_t value) { return static_cast<uint32_t>(value); };
  nce.kernelH = u32(op.getKernelSize()[0]);
  nce.kernelW = u32(op.getKernelSize()[1]);
  nce.strideH = u32(op.getKernelStrides()[0]);
  nce.strideW = u32(op.getKernelStrides()[1]);
  nce.padTop = u32(op.getKernelPadding()[0]);
  nce.padBottom = u32(op.getKernelPadding()[1]);
  nce.padLeft = u32(op.getKernelPadding()[2]);
  nce.padRight = u32(op.getKernelPadding()[3]);
  static_assert(VPUIP::PPEAttr::kMaxQuantMult == blob::kMaxQuantMult &&
                    VPUIP::PPEAttr::kMaxQuantShift == blob::kMaxQuantShift &&
                    VPUIP::PPEAttr::kMaxEltwiseMult == blob::kMaxEltwiseMult,
                "the INT8 requantisation ranges of VPUIP and the blob differ");
  // The verifier kept the zero points in the range of 8-bit types and the
  // input multipliers in 15 bits.
  nce.inputZeroPoint = static_cast<int32_t>(op.getInputZeroPoint());
  nce.weightsZeroPoint = static_cast<int32_t>(op.getWeightsZeroPoint());
  nce.input2ZeroPoint = static_cast<int32_t>(op.getInput2ZeroPoint());
  nce.inputMult = static_cast<int32_t>(op.getInputMult());
  nce.input2Mult = static_cast<int32_t>(op.getInput2Mult());
  for (VPUIP::DPUTaskOp dpu : op.getDpuTasks()) {
    NceTaskDesc::Variant variant;
    for (int axis = 0; axis < 3; ++axis) {
      variant.start[axis] = u32(dpu.getOutStart()[axis]);
      variant.end[axis] = u32(dpu.getOutEnd()[axis]);
    }
    for (int side = 0; side < 4; ++side) {
      variant.pad[side] = u32(dpu.getPad()[side]);
    }
    if (dpu.getDpu() > std::numeric_limits<uint32_t>::max()) {
      return dpu.emitOpError() << "DPU index " << dpu.getDpu()
                               << " does not fit the blob's 32 bits";
    }
    variant.dpu = u32(dpu.getDpu());
    variant.mpe = static_cast<schema::MpeMode>(dpu.getMpe());
    nce.variants.push_back(variant);
  }
  if (nce.variants.size() > kMaxNceVariants) {
    return op.emitOpError()
           << "has " << nce.variants.size()
           << " variants; a blob task holds at most " << kMaxNceVariants;
  }
  if (std::optional<VPUIP::PPEAttr> ppe = op.getPpe()) {
    NceTaskDesc::Ppe desc;
    desc.mode = static_cast<schema::PpeMode>(ppe->getMode());
    desc.clampLow = ppe->getClampLowValue();
    desc.clampHigh = ppe->getClampHighValue();
    desc.alpha = ppe->getAlphaValue();
    desc.quantMult = ppe->getQuantMult().vec();
    desc.quantShift = ppe->getQuantShift().vec();
    desc.quantPostShift = ppe->getQuantPostShift();
    desc.outZeroPoint = ppe->getOutZeroPoint();
    nce.ppe = std::move(desc);
  }
  builder.addNceTask(u32(op.getCluster()), std::move(nce), taskBarriers,
                     location);
  return success();
}

LogicalResult BlobWriter::writeTasks() {
  for (const VPURT::TaskList &list : taskLists) {
    for (VPURT::TaskOp task : list.tasks) {
      TaskBarriers taskBarriers;
      for (Value barrier : task.getWaitBarriers()) {
        taskBarriers.waits.push_back(barriers.at(barrier));
      }
      for (Value barrier : task.getUpdateBarriers()) {
        taskBarriers.updates.push_back(barriers.at(barrier));
      }
      Operation *inner = task.getInnerTaskOp().getOperation();
      std::string location = support::getLocationName(task.getLoc());
      if (location.empty()) {
        location = support::getLocationName(inner->getLoc());
      }
      LogicalResult result =
          llvm::TypeSwitch<Operation *, LogicalResult>(inner)
              .Case([&](VPUIP::NNDMAOp dma) {
                llvm::SmallVector<uint32_t, 2> copies;
                for (Value copy : dma.getBroadcastBuffs()) {
                  copies.push_back(tensors.at(copy));
                }
                builder.addDmaTask(static_cast<uint32_t>(dma.getPort()),
                                   tensors.at(dma.getInput()),
                                   tensors.at(dma.getOutputBuff()),
                                   taskBarriers, location, copies);
                return success();
              })
              .Case([&](VPUIP::SwKernelOp kernel) {
                return writeActTask(kernel, taskBarriers, location);
              })
              .Case([&](VPUIP::UpaSwOp upa) {
                return writeUpaTask(upa, taskBarriers, location);
              })
              .Case([&](VPUIP::NCEClusterTaskOp nce) {
                return writeNceTask(nce, taskBarriers, location);
              })
              .Default([](Operation *other) {
                return other->emitOpError()
                       << "has no form in blob schema " << kSchemaMajor << "."
                       << kSchemaMinor
                       << ", which holds DMA, ACT kernel, UPA layer and NCE "
                          "cluster tasks";
              });
      if (failed(result)) {
        return failure();
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

FailureOr<std::vector<uint8_t>> BlobWriter::run() {
  if (failed(findNetworkFunction()) || failed(writeNetworkIO()) ||
      failed(checkBody())) {
    return failure();
  }
  taskLists = VPURT::getTaskLists(func);
  if (failed(collectTaskBuffers()) || failed(writeTensors())) {
    return failure();
  }
  writeBarriers();
  if (failed(writeActKernels()) || failed(writeTasks())) {
    return failure();
  }

  builder.setName(module.getSymName().value_or(""));
  builder.setGenerator(kWriterGenerator);
  if (auto counts = module->getAttrOfType<DictionaryAttr>(
          VPUIP::VPUIPDialect::kNetworkMacsAttrName)) {
    for (NamedAttribute count : counts) {
      builder.addNetworkMacs(
          count.getName().getValue(),
          llvm::cast<IntegerAttr>(count.getValue()).getValue().getZExtValue());
    }
  }
  if (auto bytes = module->getAttrOfType<IntegerAttr>(
          VPUIP::VPUIPDialect::kNetworkWeightBytesAttrName)) {
    builder.setNetworkWeightBytes(bytes.getValue().getZExtValue());
  }
  BlobBuilder::Resources &header = builder.getResources();
  header.clusters = static_cast<uint32_t>(resources.getClusters());
  header.shaves = static_cast<uint32_t>(resources.getShaves());
  header.dmaPorts = static_cast<uint32_t>(resources.getDmaPorts());
  header.barriers = static_cast<uint32_t>(resources.getBarriers());
  header.cmxBytes = static_cast<uint64_t>(resources.getCmxSize());
  header.ddrScratchBytes = static_cast<uint64_t>(ddrEnd);
  if (auto sizes = module->getAttrOfType<DictionaryAttr>(
          VPURT::VPURTDialect::kSectionSizesAttrName)) {
    if (auto ddr = sizes.getAs<IntegerAttr>(
            VPURT::stringifyBufferSection(VPURT::BufferSection::DDR))) {
      header.ddrScratchBytes = static_cast<uint64_t>(ddr.getInt());
    }
  }

  std::vector<uint8_t> bytes = builder.finish();
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  if (!file) {
    return module.emitError() << "the written blob fails the blob checks: "
                              << llvm::toString(file.takeError());
  }
  return bytes;
}

} // namespace

FailureOr<std::vector<uint8_t>> exportBlob(ModuleOp module) {
  VPUIP::ResourcesAttr resources = VPUIP::getResources(module);
  if (!resources) {
    return module.emitError()
           << "the module has no " << VPUIP::VPUIPDialect::kResourcesAttrName
           << " attribute: the blob needs its target (arch name and "
              "resources)";
  }
  BlobWriter writer(module, resources);
  return writer.run();
}

} // namespace mlir::vpuc::blob
