//===- BlobImport.cpp - blob -> VPURT IR ----------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `BlobReader` builds the module in the order the writer reads it back:
// kernel declarations, the function signature, buffers (tensor references,
// then the CMX buffers of the ACT invocations), barriers, tasks.
//
//===----------------------------------------------------------------------===//

#include "backend/import/BlobImport.h"

#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "backend/blob/Blob.h"
#include "backend/blob/TensorLayout.h"
#include "backend/mapping/KernelDeclaration.h"
#include "backend/mapping/TypeMapping.h"
#include "backend/mapping/UpaParams.h"
#include "core/arch/Arch.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "dialects/vpuip/utils/ArchResources.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "dialects/vpurt/ir/VPURTTypes.h"
#include "kernels/abi/ArgPacker.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

void registerBlobImportDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, VPUIP::VPUIPDialect, VPURT::VPURTDialect,
                  Const::ConstDialect>();
}

namespace {

/// A failure with a message (the reader's errors all go to one location).
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// Prints `value` as MLIR does.
template <typename T> std::string print(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return os.str();
}

/// The decoded arguments of an ACT kernel invocation.
struct Invocation {
  uint32_t kernel = 0;
  uint32_t tile = 0;
  /// The buffer of each memref argument, in argument order.
  llvm::SmallVector<Value> buffers;
  /// The scalar arguments.
  llvm::SmallVector<Attribute> scalars;
};

/// An ACT kernel: its IR declaration and the blob's record of it.
struct ActKernel {
  func::FuncOp decl;
  KernelDecl image;
};

/// Builds the module; see the file comment of BlobImport.h.
class BlobReader {
public:
  BlobReader(const BlobFile &file, MLIRContext *context, Location loc)
      : file(file), blob(file.get()), context(context), loc(loc),
        builder(context) {}

  llvm::Expected<OwningOpRef<ModuleOp>> run();

private:
  llvm::Error createModule();
  llvm::Error createActKernels();
  llvm::Error createFunction();
  llvm::Error createTensors();
  llvm::Error createConstant(uint32_t index,
                             const schema::TensorReference &tensor,
                             Location tensorLoc);
  llvm::Error decodeInvocations();
  llvm::Error decodeInvocation(uint32_t index);
  void createBarriers();
  llvm::Error createTasks();
  llvm::Error createTask(const schema::Task &task,
                         const schema::TaskList &list);
  llvm::Error createNceTask(const schema::NceClusterTask &nce,
                            Location taskLoc);
  llvm::Expected<func::FuncOp>
  getUpaDeclaration(const schema::UpaLayerTask &upa,
                    llvm::ArrayRef<Attribute> params);

  /// A NameLoc of `name`, or the unknown location for an empty name.
  Location getNameLoc(const flatbuffers::String *name) {
    if (!name || name->size() == 0) {
      return UnknownLoc::get(context);
    }
    return NameLoc::get(StringAttr::get(context, name->string_view()));
  }
  /// `@VPU.SW::@<name>`.
  SymbolRefAttr getKernelRef(func::FuncOp decl) {
    return SymbolRefAttr::get(
        context, VPUIP::VPUIPDialect::kKernelModuleName,
        {FlatSymbolRefAttr::get(context, decl.getName())});
  }
  /// The CMX buffer at `offset` of tile `tile` with type `type`, declared
  /// once.
  Value getCmxBuffer(uint32_t tile, uint64_t offset, MemRefType type);
  /// Declares a kernel in `@VPU.SW`; returns it under a unique name.
  func::FuncOp declareKernel(llvm::StringRef symbol, llvm::StringRef entry,
                             TypeRange argTypes);

  const BlobFile &file;
  const schema::Blob &blob;
  MLIRContext *context;
  Location loc;
  OpBuilder builder;

  OwningOpRef<ModuleOp> module;
  ModuleOp kernelModule;
  std::optional<SymbolTable> kernelSymbols;
  func::FuncOp func;
  /// Where the buffer declarations go (before the barriers).
  Block::iterator buffersEnd;

  llvm::SmallVector<Value> tensors;
  llvm::SmallVector<Value> barriers;
  llvm::SmallVector<ActKernel> actKernels;
  llvm::SmallVector<Invocation> invocations;
  /// CMX buffers of the invocations by (tile, offset, type): lookups only.
  llvm::DenseMap<std::tuple<uint32_t, uint64_t, Type>, Value> cmxBuffers;
  /// UPA kernel declarations by kernel name and signature: lookups only.
  llvm::StringMap<func::FuncOp> upaDeclarations;
};

//===----------------------------------------------------------------------===//
// Module, kernels and function
//===----------------------------------------------------------------------===//

llvm::Error BlobReader::createModule() {
  const schema::Header &header = *blob.header();
  llvm::StringRef arch = header.arch()->string_view();
  std::vector<std::string> known = arch::getBuiltinArchNames();
  if (!llvm::is_contained(known, arch.str())) {
    return makeError("the blob is for target '" + arch +
                     "', which is not a built-in target (known: " +
                     llvm::join(known, ", ") + ")");
  }
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(arch);
  if (!desc) {
    return desc.takeError();
  }
  llvm::Expected<VPUIP::ResourcesAttr> target =
      VPUIP::getResourcesAttr(context, *desc);
  if (!target) {
    return target.takeError();
  }
  // The header's values where it has them (the writer records the module's).
  const schema::Resources &used = *header.resources();
  auto pick = [](uint64_t value, int64_t fallback) {
    return value > 0 ? static_cast<int64_t>(value) : fallback;
  };
  if (used.cmx_bytes() > static_cast<uint64_t>(INT64_MAX) ||
      used.ddr_scratch_bytes() > static_cast<uint64_t>(INT64_MAX)) {
    return makeError("header resources: memory sizes beyond 2^63 bytes");
  }
  auto resources = VPUIP::ResourcesAttr::getChecked(
      [&] { return emitError(loc); }, context, target->getArch(),
      pick(used.clusters(), target->getClusters()),
      pick(used.cmx_bytes(), target->getCmxSize()), target->getCmxAlignment(),
      target->getDdrAlignment(), pick(used.dma_ports(), target->getDmaPorts()),
      target->getDmaMaxTransfer(), target->getShaveKind(),
      pick(used.shaves(), target->getShaves()),
      pick(used.barriers(), target->getBarriers()), target->getMaxProducers(),
      target->getMaxConsumers());
  if (!resources) {
    return makeError("header resources: not a valid #VPUIP.resources for "
                     "target " +
                     arch);
  }

  std::optional<llvm::StringRef> name;
  if (header.name() && header.name()->size() != 0) {
    name = header.name()->string_view();
  }
  module = ModuleOp::create(loc, name);
  (*module)->setAttr(VPUIP::VPUIPDialect::kResourcesAttrName, resources);
  if (header.network_macs()) {
    SmallVector<NamedAttribute> counts;
    for (const schema::MacCount *count : *header.network_macs()) {
      counts.push_back(builder.getNamedAttr(
          count->element_type()->string_view(),
          builder.getI64IntegerAttr(static_cast<int64_t>(count->macs()))));
    }
    (*module)->setAttr(VPUIP::VPUIPDialect::kNetworkMacsAttrName,
                       builder.getDictionaryAttr(counts));
  }
  if (std::optional<uint64_t> bytes = header.network_weight_bytes()) {
    (*module)->setAttr(VPUIP::VPUIPDialect::kNetworkWeightBytesAttrName,
                       builder.getI64IntegerAttr(static_cast<int64_t>(*bytes)));
  }
  (*module)->setAttr(
      VPURT::VPURTDialect::kSectionSizesAttrName,
      builder.getDictionaryAttr(builder.getNamedAttr(
          VPURT::stringifyBufferSection(VPURT::BufferSection::DDR),
          builder.getI64IntegerAttr(
              static_cast<int64_t>(used.ddr_scratch_bytes())))));

  builder.setInsertionPointToEnd(module->getBody());
  kernelModule = builder.create<ModuleOp>(
      loc, llvm::StringRef(VPUIP::VPUIPDialect::kKernelModuleName));
  kernelSymbols.emplace(kernelModule);
  return llvm::Error::success();
}

func::FuncOp BlobReader::declareKernel(llvm::StringRef symbol,
                                       llvm::StringRef entry,
                                       TypeRange argTypes) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(kernelModule.getBody());
  auto decl = builder.create<func::FuncOp>(
      loc, symbol, builder.getFunctionType(argTypes, {}));
  decl.setPrivate();
  decl->setAttr(VPUIP::VPUIPDialect::kKernelEntryAttrName,
                builder.getStringAttr(entry));
  // Renames the declaration when the name is taken.
  kernelSymbols->insert(decl);
  return decl;
}

llvm::Error BlobReader::createActKernels() {
  if (const auto *kernels = blob.act_kernels()) {
    for (uint32_t i = 0; i < kernels->size(); ++i) {
      const schema::ActKernel &kernel = *kernels->Get(i);
      std::string what =
          "act kernel " + std::to_string(i) + " '" + kernel.name()->str() + "'";
      if (!kernel.declaration()) {
        return makeError(what + ": the blob does not declare it (no "
                                "ActKernel.declaration), so its arguments' "
                                "roles and types are unknown");
      }
      llvm::Expected<KernelDecl> image =
          readDeclaration(*kernel.declaration(), context);
      if (!image) {
        return makeError(what + ": " + llvm::toString(image.takeError()));
      }
      llvm::SmallVector<Type> argTypes;
      for (const KernelDecl::Arg &arg : image->args) {
        argTypes.push_back(arg.type);
      }
      func::FuncOp decl = declareKernel(image->symbol, image->entry, argTypes);
      actKernels.push_back({decl, std::move(*image)});
    }
  }

  if (const schema::ActKernelRuntime *runtime = blob.act_runtime()) {
    func::FuncOp decl;
    if (const schema::KernelDeclaration *declaration = runtime->declaration()) {
      llvm::Expected<KernelDecl> image = readDeclaration(*declaration, context);
      if (!image) {
        return makeError("act runtime: " + llvm::toString(image.takeError()));
      }
      decl = declareKernel(image->symbol, image->entry, {});
    } else {
      decl = declareKernel("act_runtime", "act_runtime", {});
    }
    llvm::SmallVector<int64_t> stackSizes(runtime->stack_sizes()->begin(),
                                          runtime->stack_sizes()->end());
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module->getBody());
    builder.create<VPUIP::SwRuntimeOp>(loc, getKernelRef(decl), stackSizes);
  }
  return llvm::Error::success();
}

llvm::Error BlobReader::createFunction() {
  const schema::Header &header = *blob.header();
  llvm::SmallVector<Type> argTypes;
  llvm::SmallVector<DictionaryAttr> argAttrs;
  auto addArgs =
      [&](const flatbuffers::Vector<flatbuffers::Offset<schema::NetworkIO>>
              *ios,
          llvm::StringRef what) -> llvm::Error {
    if (!ios) {
      return llvm::Error::success();
    }
    for (uint32_t i = 0; i < ios->size(); ++i) {
      const schema::NetworkIO &io = *ios->Get(i);
      llvm::Expected<MemRefType> type =
          getBufferType(context, *io.type(), {},
                        "network " + what.str() + " " + std::to_string(i) +
                            " '" + io.name()->str() + "'");
      if (!type) {
        return type.takeError();
      }
      argTypes.push_back(*type);
      argAttrs.push_back(builder.getDictionaryAttr(
          builder.getNamedAttr(VPURT::VPURTDialect::kNameAttrName,
                               builder.getStringAttr(io.name()->str()))));
    }
    return llvm::Error::success();
  };
  if (llvm::Error error = addArgs(header.inputs(), "input")) {
    return error;
  }
  size_t numInputs = argTypes.size();
  if (llvm::Error error = addArgs(header.outputs(), "output")) {
    return error;
  }
  llvm::SmallVector<Type> resultTypes(argTypes.begin() + numInputs,
                                      argTypes.end());

  builder.setInsertionPointToEnd(module->getBody());
  func = builder.create<func::FuncOp>(
      loc, "main", builder.getFunctionType(argTypes, resultTypes));
  func.setAllArgAttrs(argAttrs);
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  builder.create<func::ReturnOp>(loc,
                                 body->getArguments().drop_front(numInputs));
  buffersEnd = body->begin();
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

llvm::Error BlobReader::createConstant(uint32_t index,
                                       const schema::TensorReference &tensor,
                                       Location tensorLoc) {
  std::string what = "tensor " + std::to_string(index) + " '" +
                     tensor.name()->str() + "' (CONSTANT)";
  llvm::Expected<TensorLayout> layout = getTensorLayout(*tensor.type(), what);
  if (!layout) {
    return layout.takeError();
  }
  if (!layout->isCompact()) {
    return makeError(what + ": constants are compact buffers, but the "
                            "tensor's strides are not compact");
  }
  llvm::Expected<Type> elementType = getElementType(context, *tensor.type());
  if (!elementType) {
    return makeError(what + ": " + llvm::toString(elementType.takeError()));
  }
  if (!Const::Content::isSupportedElementType(*elementType)) {
    return makeError(what + ": constants of element type '" +
                     print(*elementType) + "' have no const.Declare form");
  }
  Attribute encoding;
  if (!layout->order.isIdentity()) {
    encoding = AffineMapAttr::get(layout->order.toAffineMap(context));
  }
  auto tensorType =
      RankedTensorType::get(layout->dims.raw(), *elementType, encoding);
  const uint8_t *data = blob.constants()->data() + tensor.offset();
  auto bytes = llvm::ArrayRef<char>(reinterpret_cast<const char *>(data),
                                    static_cast<size_t>(layout->spanBytes));
  // The blob's name for the resource when it is a plain identifier.
  std::string key = tensor.name()->str();
  bool plain = !key.empty() && !llvm::isDigit(key.front()) &&
               llvm::all_of(key, [](char c) {
                 return llvm::isAlnum(c) || c == '_' || c == '.';
               });
  if (!plain) {
    key = "constant_" + std::to_string(index);
  }
  auto base = DenseResourceElementsAttr::get(
      tensorType, key,
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(uint64_t)));
  auto content = Const::ContentAttr::get(base);
  auto constant = builder.create<Const::DeclareOp>(
      tensorLoc, Const::DeclareOp::getBufferType(content.getType()), content);
  tensors.push_back(constant.getResult());
  return llvm::Error::success();
}

llvm::Error BlobReader::createTensors() {
  builder.setInsertionPoint(func.getBody().front().getTerminator());
  const auto *refs = blob.tensors();
  for (uint32_t i = 0; refs && i < refs->size(); ++i) {
    const schema::TensorReference &tensor = *refs->Get(i);
    Location tensorLoc = getNameLoc(tensor.name());
    if (tensor.location() == schema::MemoryLocation::CONSTANT) {
      if (llvm::Error error = createConstant(i, tensor, tensorLoc)) {
        return error;
      }
      continue;
    }
    std::string what =
        "tensor " + std::to_string(i) + " '" + tensor.name()->str() + "'";
    VPURT::BufferSection section;
    std::optional<uint32_t> index = tensor.location_index();
    VPUIP::MemorySpaceAttr space;
    switch (tensor.location()) {
    case schema::MemoryLocation::NETWORK_INPUT:
      section = VPURT::BufferSection::NetworkInput;
      break;
    case schema::MemoryLocation::NETWORK_OUTPUT:
      section = VPURT::BufferSection::NetworkOutput;
      break;
    case schema::MemoryLocation::DDR_SCRATCH:
      section = VPURT::BufferSection::DDR;
      index.reset();
      break;
    case schema::MemoryLocation::CMX_NN:
      section = VPURT::BufferSection::CMX_NN;
      space = VPUIP::MemorySpaceAttr::getCMX(context, *index);
      break;
    default:
      return makeError(
          what + " is in " +
          getRegionName(tensor.location(), tensor.location_index()) +
          ", which has no VPURT section");
    }
    llvm::Expected<MemRefType> type =
        getBufferType(context, *tensor.type(), space, what);
    if (!type) {
      return type.takeError();
    }
    IntegerAttr indexAttr;
    if (index) {
      indexAttr = builder.getI64IntegerAttr(*index);
    }
    auto declare = builder.create<VPURT::DeclareBufferOp>(
        tensorLoc, *type, section, indexAttr, tensor.offset());
    tensors.push_back(declare.getBuffer());
    if (section == VPURT::BufferSection::CMX_NN) {
      // ACT invocations use the same buffer when they pass it.
      cmxBuffers.try_emplace({*index, tensor.offset(), *type},
                             declare.getBuffer());
    }
  }
  buffersEnd = builder.getInsertionPoint();
  return llvm::Error::success();
}

Value BlobReader::getCmxBuffer(uint32_t tile, uint64_t offset,
                               MemRefType type) {
  Value &buffer = cmxBuffers[{tile, offset, type}];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(&func.getBody().front(), buffersEnd);
    buffer =
        builder
            .create<VPURT::DeclareBufferOp>(
                UnknownLoc::get(context), type, VPURT::BufferSection::CMX_NN,
                builder.getI64IntegerAttr(tile), offset)
            .getBuffer();
  }
  return buffer;
}

llvm::Error BlobReader::decodeInvocation(uint32_t index) {
  const schema::ActKernelInvocation &invocation =
      *blob.act_invocations()->Get(index);
  std::string what = "act invocation " + std::to_string(index);
  const schema::KernelDataReference &dataRef = *invocation.data();
  const schema::KernelData &buffer = *blob.kernel_data()->Get(dataRef.buffer());
  if (invocation.args_offset() != 0 || dataRef.offset() != 0 ||
      dataRef.size() != buffer.data()->size()) {
    return makeError(what + ": its data window is not laid out as the blob "
                            "writer lays it out (a whole kernel data buffer "
                            "holding the arguments at offset 0)");
  }
  llvm::ArrayRef<uint8_t> data(buffer.data()->data(), buffer.data()->size());
  const ActKernel &kernel = actKernels[invocation.kernel()];

  Invocation decoded;
  decoded.kernel = invocation.kernel();
  decoded.tile = invocation.tile();
  abi::ArgPacker packer;
  // The relocated descriptors: tensor by descriptor offset.
  std::map<uint64_t, uint32_t> relocations;
  if (const auto *list = invocation.relocations()) {
    for (const schema::ActRelocation *relocation : *list) {
      relocations[relocation->descriptor()] = relocation->tensor();
    }
  }
  uint64_t cursor = 0;
  for (auto [argIndex, arg] : llvm::enumerate(kernel.image.args)) {
    std::string argWhat = what + ", argument #" + std::to_string(argIndex);
    if (arg.kind == KernelArgKind::Scalar) {
      uint64_t size = 0;
      if (arg.type.isInteger(32) || arg.type.isF32()) {
        size = 4;
      } else if (arg.type.isInteger(64)) {
        size = 8;
      } else {
        return makeError(argWhat + ": scalars of type '" + print(arg.type) +
                         "' have no kernel ABI form (i32, i64, f32)");
      }
      if (cursor + size > data.size()) {
        return makeError(argWhat + ": the argument buffer of " +
                         llvm::Twine(data.size()) + " bytes ends before it");
      }
      if (size == 8) {
        int64_t value = 0;
        std::memcpy(&value, data.data() + cursor, 8);
        decoded.scalars.push_back(builder.getI64IntegerAttr(value));
        packer.addI64(value);
      } else if (arg.type.isF32()) {
        float value = 0;
        std::memcpy(&value, data.data() + cursor, 4);
        decoded.scalars.push_back(builder.getF32FloatAttr(value));
        packer.addF32(value);
      } else {
        int32_t value = 0;
        std::memcpy(&value, data.data() + cursor, 4);
        decoded.scalars.push_back(builder.getI32IntegerAttr(value));
        packer.addI32(value);
      }
      cursor += size;
      continue;
    }

    if (cursor + sizeof(abi::MemRefData) > data.size()) {
      return makeError(argWhat + ": the argument buffer of " +
                       llvm::Twine(data.size()) + " bytes ends before it");
    }
    abi::MemRefData desc;
    std::memcpy(&desc, data.data() + cursor, sizeof(desc));
    // A tensor outside the tile's CMX: loadBlob has checked that the
    // descriptor describes it.
    std::optional<uint32_t> relocated;
    if (auto it = relocations.find(cursor); it != relocations.end()) {
      relocated = it->second;
      relocations.erase(it);
    }
    cursor += sizeof(desc);
    if (!relocated && (desc.dataAddr < abi::kWinFBase ||
                       desc.dataAddr - abi::kWinFBase >= abi::kWindowSize)) {
      return makeError(argWhat + ": data address " +
                       llvm::Twine::utohexstr(desc.dataAddr) +
                       " is not in the tile's CMX (window WIN_F)");
    }
    if (desc.numDims > abi::kMaxRank || desc.dataType == 0 ||
        desc.dataType > abi::kMaxDataType ||
        !shape::DimsOrder::isValidCode(desc.dimsOrder) ||
        shape::DimsOrder::fromCode(desc.dimsOrder).rank() != desc.numDims) {
      return makeError(argWhat + ": invalid descriptor (rank " +
                       llvm::Twine(desc.numDims) + ", data type " +
                       llvm::Twine(desc.dataType) + ", order 0x" +
                       llvm::Twine::utohexstr(desc.dimsOrder) + ")");
    }
    auto readArray = [&](uint32_t address, uint64_t elemBytes,
                         llvm::StringRef name) -> llvm::Expected<uint64_t> {
      uint64_t size = elemBytes * desc.numDims;
      if (address < abi::kWinEBase || address - abi::kWinEBase > data.size() ||
          data.size() - (address - abi::kWinEBase) < size) {
        return makeError(argWhat + ": the " + name + " array at " +
                         llvm::Twine::utohexstr(address) +
                         " is not inside the argument buffer");
      }
      return address - abi::kWinEBase;
    };
    llvm::Expected<uint64_t> dimsOffset = readArray(desc.dimsAddr, 4, "dims");
    if (!dimsOffset) {
      return dimsOffset.takeError();
    }
    llvm::Expected<uint64_t> stridesOffset =
        readArray(desc.stridesAddr, 8, "strides");
    if (!stridesOffset) {
      return stridesOffset.takeError();
    }
    std::vector<int64_t> memDims, memStrides;
    for (uint32_t d = 0; d < desc.numDims; ++d) {
      int32_t dim = 0;
      int64_t stride = 0;
      std::memcpy(&dim, data.data() + *dimsOffset + 4 * d, 4);
      std::memcpy(&stride, data.data() + *stridesOffset + 8 * d, 8);
      if (dim < 0 || stride < 0) {
        return makeError(argWhat + ": negative dims or strides");
      }
      memDims.push_back(dim);
      memStrides.push_back(stride);
    }
    if (relocated) {
      decoded.buffers.push_back(tensors[*relocated]);
      packer.addMemRef(arg.kind == KernelArgKind::Output
                           ? abi::ArgKind::MemRefOut
                           : abi::ArgKind::MemRefIn,
                       desc.dataAddr, memDims, memStrides,
                       static_cast<abi::DataType>(desc.dataType),
                       desc.dimsOrder, desc.isStatic != 0);
      continue;
    }
    // The bytes the tensor spans must lie in the window (which also keeps
    // every size computed from its type far from overflowing).
    uint64_t offset = desc.dataAddr - abi::kWinFBase;
    uint64_t elemBits =
        abi::getDataTypeBits(static_cast<abi::DataType>(desc.dataType));
    uint64_t lastBit = elemBits;
    bool empty = false;
    bool fits = true;
    for (uint32_t d = 0; d < desc.numDims; ++d) {
      if (memDims[d] == 0) {
        empty = true;
        continue;
      }
      uint64_t step = 0;
      fits = fits &&
             !__builtin_mul_overflow(static_cast<uint64_t>(memDims[d] - 1),
                                     static_cast<uint64_t>(memStrides[d]),
                                     &step) &&
             !__builtin_add_overflow(lastBit, step, &lastBit);
    }
    if (!empty && (!fits || offset + (lastBit + 7) / 8 > abi::kWindowSize)) {
      return makeError(argWhat + ": the tensor does not fit in the tile's "
                                 "CMX window WIN_F");
    }
    shape::DimsOrder order = shape::DimsOrder::fromCode(desc.dimsOrder);
    shape::Shape dims = order.toLogicalOrder(shape::MemShape(memDims));
    shape::Strides strides =
        order.toLogicalOrder(shape::MemStrides(memStrides));
    llvm::Expected<Type> elementType =
        getElementType(context, static_cast<schema::DType>(desc.dataType));
    if (!elementType) {
      return makeError(argWhat + ": " +
                       llvm::toString(elementType.takeError()));
    }
    llvm::Expected<MemRefType> type =
        getBufferType(dims.raw(), strides.raw(), order, *elementType,
                      VPUIP::MemorySpaceAttr::getCMX(context, decoded.tile));
    if (!type) {
      return makeError(argWhat + ": " + llvm::toString(type.takeError()));
    }
    decoded.buffers.push_back(getCmxBuffer(decoded.tile, offset, *type));
    packer.addMemRef(arg.kind == KernelArgKind::Output ? abi::ArgKind::MemRefOut
                                                       : abi::ArgKind::MemRefIn,
                     desc.dataAddr, memDims, memStrides,
                     static_cast<abi::DataType>(desc.dataType), desc.dimsOrder,
                     desc.isStatic != 0);
  }
  if (!relocations.empty()) {
    return makeError(what + ": relocation of the descriptor at offset " +
                     llvm::Twine(relocations.begin()->first) +
                     ", which is not the descriptor of a tensor argument of "
                     "kernel '" +
                     kernel.image.symbol + "'");
  }
  if (packer.finish() != data.vec()) {
    return makeError(what + ": its argument buffer is not laid out as the "
                            "blob writer lays it out (descriptors and "
                            "scalars, then the dims and strides arrays)");
  }
  invocations.push_back(std::move(decoded));
  return llvm::Error::success();
}

llvm::Error BlobReader::decodeInvocations() {
  const auto *list = blob.act_invocations();
  for (uint32_t i = 0; list && i < list->size(); ++i) {
    if (llvm::Error error = decodeInvocation(i)) {
      return error;
    }
  }
  return llvm::Error::success();
}

void BlobReader::createBarriers() {
  builder.setInsertionPoint(&func.getBody().front(), buffersEnd);
  auto barrierType = VPURT::BarrierType::get(context);
  const auto *list = blob.barriers();
  for (uint32_t i = 0; list && i < list->size(); ++i) {
    const schema::Barrier &barrier = *list->Get(i);
    auto op = builder.create<VPURT::ConfigureBarrierOp>(
        UnknownLoc::get(context), barrierType, barrier.physical_id(),
        builder.getI64IntegerAttr(barrier.producer_count()),
        builder.getI64IntegerAttr(barrier.consumer_count()));
    barriers.push_back(op.getBarrier());
  }
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

llvm::Expected<func::FuncOp>
BlobReader::getUpaDeclaration(const schema::UpaLayerTask &upa,
                              llvm::ArrayRef<Attribute> params) {
  llvm::SmallVector<Type> argTypes;
  for (const auto *operands : {upa.inputs(), upa.outputs()}) {
    for (uint32_t index : *operands) {
      auto type = llvm::cast<MemRefType>(tensors[index].getType());
      argTypes.push_back(
          UnrankedMemRefType::get(type.getElementType(), Attribute()));
    }
  }
  for (Attribute param : params) {
    argTypes.push_back(llvm::cast<TypedAttr>(param).getType());
  }
  std::string key = upa.kernel()->str() + "(";
  for (Type type : argTypes) {
    key += print(type) + ",";
  }
  key += ")";
  func::FuncOp &decl = upaDeclarations[key];
  if (!decl) {
    decl = declareKernel(upa.kernel()->string_view(),
                         upa.kernel()->string_view(), argTypes);
  }
  return decl;
}

llvm::Error BlobReader::createNceTask(const schema::NceClusterTask &nce,
                                      Location taskLoc) {
  const schema::NceInvariant &inv = *nce.invariant();
  auto optional = [&](uint32_t index) -> Value {
    return index == kNoTensor ? Value() : tensors[index];
  };
  Value output = tensors[inv.output()];
  auto i64 = [](uint32_t value) { return static_cast<int64_t>(value); };
  VPUIP::PPEAttr ppe;
  if (const schema::PpeTask *table = nce.ppe()) {
    llvm::SmallVector<int32_t> quantMult, quantShift;
    if (table->quant_mult()) {
      quantMult.assign(table->quant_mult()->begin(),
                       table->quant_mult()->end());
    }
    if (table->quant_shift()) {
      quantShift.assign(table->quant_shift()->begin(),
                        table->quant_shift()->end());
    }
    // The table holds every field; the attribute only those of the mode
    // (and any other that is not zero, which the verifier then rejects).
    auto mode = static_cast<VPUIP::PPEMode>(table->mode());
    const bool relux = mode == VPUIP::PPEMode::RELUX;
    ppe = VPUIP::PPEAttr::get(
        context, mode, VPUIP::PPEAttr::bitsIfUsed(relux, table->clamp_low()),
        VPUIP::PPEAttr::bitsIfUsed(relux, table->clamp_high()),
        VPUIP::PPEAttr::bitsIfUsed(mode == VPUIP::PPEMode::LRELU,
                                   table->alpha()),
        llvm::ArrayRef<int32_t>(quantMult), llvm::ArrayRef<int32_t>(quantShift),
        table->quant_post_shift(), table->out_zero_point());
  }
  auto op = builder.create<VPUIP::NCEClusterTaskOp>(
      taskLoc, output.getType(),
      static_cast<VPUIP::NCETaskType>(inv.task_type()),
      builder.getDenseI64ArrayAttr({i64(inv.kernel_h()), i64(inv.kernel_w())}),
      builder.getDenseI64ArrayAttr({i64(inv.stride_h()), i64(inv.stride_w())}),
      builder.getDenseI64ArrayAttr({i64(inv.pad_top()), i64(inv.pad_bottom()),
                                    i64(inv.pad_left()), i64(inv.pad_right())}),
      ppe, tensors[inv.input()], optional(inv.input2()),
      optional(inv.weights()), optional(inv.weights_table()), output,
      inv.input_zero_point(), inv.weights_zero_point(), inv.input2_zero_point(),
      inv.input_mult(), inv.input2_mult());
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(&op.getVariants());
  for (const schema::DpuVariant *variant : *nce.variants()) {
    builder.create<VPUIP::DPUTaskOp>(
        taskLoc,
        builder.getDenseI64ArrayAttr({i64(variant->start_x()),
                                      i64(variant->start_y()),
                                      i64(variant->start_z())}),
        builder.getDenseI64ArrayAttr({i64(variant->end_x()),
                                      i64(variant->end_y()),
                                      i64(variant->end_z())}),
        builder.getDenseI64ArrayAttr(
            {i64(variant->pad_top()), i64(variant->pad_bottom()),
             i64(variant->pad_left()), i64(variant->pad_right())}),
        i64(variant->dpu()), static_cast<VPUIP::MPEMode>(variant->mpe_mode()));
  }
  return llvm::Error::success();
}

llvm::Error BlobReader::createTask(const schema::Task &task,
                                   const schema::TaskList &list) {
  llvm::SmallVector<Value> waits, updates;
  if (task.wait_barriers()) {
    for (uint32_t id : *task.wait_barriers()) {
      waits.push_back(barriers[id]);
    }
  }
  if (task.update_barriers()) {
    for (uint32_t id : *task.update_barriers()) {
      updates.push_back(barriers[id]);
    }
  }
  Location taskLoc = getNameLoc(task.location());
  auto taskOp = builder.create<VPURT::TaskOp>(taskLoc, waits, updates);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&taskOp.getBody().front());

  switch (task.kind_type()) {
  case schema::TaskKind::DmaTask: {
    const schema::DmaTask &dma = *task.kind_as_DmaTask();
    Value output = tensors[dma.dst()];
    IntegerAttr port;
    if (list.index() != 0) {
      port = builder.getI64IntegerAttr(list.index());
    }
    llvm::SmallVector<Value, 2> copies;
    if (dma.broadcast()) {
      for (uint32_t copy : *dma.broadcast()) {
        copies.push_back(tensors[copy]);
      }
    }
    builder.create<VPUIP::NNDMAOp>(taskLoc, output.getType(),
                                   tensors[dma.src()], output, copies, port);
    return llvm::Error::success();
  }
  case schema::TaskKind::ActKernelTask: {
    const Invocation &invocation =
        invocations[task.kind_as_ActKernelTask()->invocation()];
    const ActKernel &kernel = actKernels[invocation.kernel];
    llvm::SmallVector<Value> inputs, outputs;
    llvm::SmallVector<unsigned> positions;
    size_t numInputs = 0;
    for (const KernelDecl::Arg &arg : kernel.image.args) {
      numInputs += arg.kind == KernelArgKind::Input;
    }
    size_t bufferIndex = 0;
    for (const KernelDecl::Arg &arg : kernel.image.args) {
      if (arg.kind == KernelArgKind::Scalar) {
        continue;
      }
      Value buffer = invocation.buffers[bufferIndex++];
      if (arg.kind == KernelArgKind::Input) {
        positions.push_back(inputs.size());
        inputs.push_back(buffer);
      } else {
        positions.push_back(numInputs + outputs.size());
        outputs.push_back(buffer);
      }
    }
    llvm::SmallVector<Type> resultTypes;
    for (Value output : outputs) {
      resultTypes.push_back(output.getType());
    }
    // SHAVE 0 stays implicit, as the IR prints it.
    IntegerAttr shave;
    if (list.index() != 0) {
      shave = builder.getI64IntegerAttr(list.index());
    }
    auto op = builder.create<VPUIP::SwKernelOp>(
        taskLoc, resultTypes, getKernelRef(kernel.decl), invocation.tile,
        inputs, outputs, shave);
    llvm::SmallVector<Type> blockTypes;
    for (Value buffer : llvm::concat<Value>(inputs, outputs)) {
      blockTypes.push_back(buffer.getType());
    }
    llvm::SmallVector<Location> blockLocs(blockTypes.size(), taskLoc);
    Block *body = builder.createBlock(&op.getBody(), {}, blockTypes, blockLocs);
    llvm::SmallVector<Value> runArgs;
    for (unsigned position : positions) {
      runArgs.push_back(body->getArgument(position));
    }
    builder.create<VPUIP::SwKernelRunOp>(
        taskLoc, runArgs, builder.getArrayAttr(invocation.scalars));
    return llvm::Error::success();
  }
  case schema::TaskKind::UpaLayerTask: {
    const schema::UpaLayerTask &upa = *task.kind_as_UpaLayerTask();
    llvm::Expected<llvm::SmallVector<Attribute>> params =
        readUpaParams(upa, context);
    if (!params) {
      return params.takeError();
    }
    llvm::Expected<func::FuncOp> decl = getUpaDeclaration(upa, *params);
    if (!decl) {
      return decl.takeError();
    }
    llvm::SmallVector<Value> inputs, outputs;
    llvm::SmallVector<Type> resultTypes;
    for (uint32_t index : *upa.inputs()) {
      inputs.push_back(tensors[index]);
    }
    for (uint32_t index : *upa.outputs()) {
      outputs.push_back(tensors[index]);
      resultTypes.push_back(tensors[index].getType());
    }
    builder.create<VPUIP::UpaSwOp>(taskLoc, resultTypes, getKernelRef(*decl),
                                   inputs, outputs,
                                   builder.getArrayAttr(*params),
                                   builder.getI64IntegerAttr(upa.max_shaves()));
    return llvm::Error::success();
  }
  case schema::TaskKind::NceClusterTask:
    return createNceTask(*task.kind_as_NceClusterTask(), taskLoc);
  default:
    return makeError("task kind " + getTaskKindName(task.kind_type()) +
                     " has no IR form");
  }
}

llvm::Error BlobReader::createTasks() {
  const auto *lists = blob.task_lists();
  if (!lists) {
    return llvm::Error::success();
  }
  for (const schema::TaskList *list : *lists) {
    if (list->executor() == schema::ExecutorKind::UPA_SHAVE &&
        list->index() != 0) {
      return makeError("task list " + getExecutorName(*list) +
                       ": the IR has one UPA task list, so UPA queues other "
                       "than 0 cannot be imported");
    }
  }

  // Producers left per barrier, to place a task after the producers of the
  // barriers it waits on where the barriers allow it.
  llvm::SmallVector<uint32_t> producersLeft(barriers.size(), 0);
  size_t remaining = 0;
  for (const schema::TaskList *list : *lists) {
    for (const schema::Task *task : *list->tasks()) {
      ++remaining;
      if (task->update_barriers()) {
        for (uint32_t id : *task->update_barriers()) {
          ++producersLeft[id];
        }
      }
    }
  }
  auto isReady = [&](const schema::Task &task) {
    if (!task.wait_barriers()) {
      return true;
    }
    return llvm::all_of(*task.wait_barriers(),
                        [&](uint32_t id) { return producersLeft[id] == 0; });
  };

  builder.setInsertionPoint(func.getBody().front().getTerminator());
  llvm::SmallVector<uint32_t> next(lists->size(), 0);
  while (remaining > 0) {
    // The first list whose next task is ready, else the first list with a
    // task left (a barrier program that cannot complete).
    std::optional<uint32_t> chosen;
    std::optional<uint32_t> firstLeft;
    for (uint32_t l = 0; l < lists->size(); ++l) {
      const auto *tasks = lists->Get(l)->tasks();
      if (next[l] >= tasks->size()) {
        continue;
      }
      if (!firstLeft) {
        firstLeft = l;
      }
      if (isReady(*tasks->Get(next[l]))) {
        chosen = l;
        break;
      }
    }
    uint32_t l = chosen.value_or(*firstLeft);
    const schema::TaskList &list = *lists->Get(l);
    const schema::Task &task = *list.tasks()->Get(next[l]++);
    --remaining;
    if (task.update_barriers()) {
      for (uint32_t id : *task.update_barriers()) {
        --producersLeft[id];
      }
    }
    if (llvm::Error error = createTask(task, list)) {
      return error;
    }
  }
  return llvm::Error::success();
}

llvm::Expected<OwningOpRef<ModuleOp>> BlobReader::run() {
  if (llvm::Error error = createModule()) {
    return std::move(error);
  }
  if (llvm::Error error = createActKernels()) {
    return std::move(error);
  }
  if (llvm::Error error = createFunction()) {
    return std::move(error);
  }
  if (llvm::Error error = createTensors()) {
    return std::move(error);
  }
  if (llvm::Error error = decodeInvocations()) {
    return std::move(error);
  }
  createBarriers();
  if (llvm::Error error = createTasks()) {
    return std::move(error);
  }
  if (kernelModule.getBody()->empty()) {
    kernelModule.erase();
  }
  return std::move(module);
}

} // namespace

OwningOpRef<ModuleOp> importBlob(llvm::ArrayRef<uint8_t> bytes,
                                 MLIRContext *context, Location loc) {
  context->loadDialect<func::FuncDialect, VPUIP::VPUIPDialect,
                       VPURT::VPURTDialect, Const::ConstDialect>();
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  if (!file) {
    emitError(loc) << llvm::toString(file.takeError());
    return nullptr;
  }
  BlobReader reader(*file, context, loc);
  llvm::Expected<OwningOpRef<ModuleOp>> module = reader.run();
  if (!module) {
    emitError(loc) << "cannot import the blob: "
                   << llvm::toString(module.takeError());
    return nullptr;
  }
  if (failed(verify(module->get()))) {
    return nullptr;
  }
  return std::move(*module);
}

} // namespace mlir::vpuc::blob
