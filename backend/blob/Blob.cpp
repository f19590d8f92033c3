//===- Blob.cpp - Loading and checking vpuc blobs -------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// loadBlob's four stages (see Blob.h) and the names used in diagnostics. The
// semantic checks follow the "Checked:" notes of blob.fbs field by field.
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <tuple>

#include "backend/blob/TensorLayout.h"
#include "kernels/abi/SwKernelAbi.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

// The ABI's element type numbering is the schema's.
static_assert(static_cast<uint32_t>(abi::DataType::F32) ==
                      static_cast<uint32_t>(schema::DType::F32) &&
                  static_cast<uint32_t>(abi::DataType::F16) ==
                      static_cast<uint32_t>(schema::DType::F16) &&
                  static_cast<uint32_t>(abi::DataType::BF16) ==
                      static_cast<uint32_t>(schema::DType::BF16) &&
                  static_cast<uint32_t>(abi::DataType::I8) ==
                      static_cast<uint32_t>(schema::DType::I8) &&
                  static_cast<uint32_t>(abi::DataType::U8) ==
                      static_cast<uint32_t>(schema::DType::U8) &&
                  static_cast<uint32_t>(abi::DataType::I16) ==
                      static_cast<uint32_t>(schema::DType::I16) &&
                  static_cast<uint32_t>(abi::DataType::U16) ==
                      static_cast<uint32_t>(schema::DType::U16) &&
                  static_cast<uint32_t>(abi::DataType::I32) ==
                      static_cast<uint32_t>(schema::DType::I32) &&
                  static_cast<uint32_t>(abi::DataType::U32) ==
                      static_cast<uint32_t>(schema::DType::U32) &&
                  static_cast<uint32_t>(abi::DataType::I64) ==
                      static_cast<uint32_t>(schema::DType::I64) &&
                  static_cast<uint32_t>(abi::DataType::U64) ==
                      static_cast<uint32_t>(schema::DType::U64) &&
                  static_cast<uint32_t>(abi::DataType::Bool) ==
                      static_cast<uint32_t>(schema::DType::BOOL) &&
                  static_cast<uint32_t>(abi::DataType::I4) ==
                      static_cast<uint32_t>(schema::DType::I4) &&
                  static_cast<uint32_t>(abi::DataType::U4) ==
                      static_cast<uint32_t>(schema::DType::U4) &&
                  static_cast<uint32_t>(abi::DataType::F64) ==
                      static_cast<uint32_t>(schema::DType::F64) &&
                  abi::kMaxDataType ==
                      static_cast<uint32_t>(schema::DType::MAX),
              "abi::DataType and the schema's DType must agree");

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

std::string getDTypeName(schema::DType dtype) {
  switch (dtype) {
  case schema::DType::UNDEFINED:
    return "undefined";
  case schema::DType::F32:
    return "f32";
  case schema::DType::F16:
    return "f16";
  case schema::DType::BF16:
    return "bf16";
  case schema::DType::I8:
    return "i8";
  case schema::DType::U8:
    return "u8";
  case schema::DType::I16:
    return "i16";
  case schema::DType::U16:
    return "u16";
  case schema::DType::I32:
    return "i32";
  case schema::DType::U32:
    return "u32";
  case schema::DType::I64:
    return "i64";
  case schema::DType::U64:
    return "u64";
  case schema::DType::BOOL:
    return "bool";
  case schema::DType::I4:
    return "i4";
  case schema::DType::U4:
    return "u4";
  case schema::DType::F64:
    return "f64";
  }
  return "dtype(" + std::to_string(static_cast<int>(dtype)) + ")";
}

int64_t getDTypeBits(schema::DType dtype) {
  return abi::getDataTypeBits(static_cast<abi::DataType>(dtype));
}

std::string getRegionName(schema::MemoryLocation location, uint32_t index) {
  std::string suffix = "[" + std::to_string(index) + "]";
  switch (location) {
  case schema::MemoryLocation::NONE:
    return "NONE";
  case schema::MemoryLocation::NETWORK_INPUT:
    return "NETWORK_INPUT" + suffix;
  case schema::MemoryLocation::NETWORK_OUTPUT:
    return "NETWORK_OUTPUT" + suffix;
  case schema::MemoryLocation::CONSTANT:
    return "CONSTANT";
  case schema::MemoryLocation::DDR_SCRATCH:
    return "DDR_SCRATCH";
  case schema::MemoryLocation::CMX_NN:
    return "CMX_NN" + suffix;
  case schema::MemoryLocation::KERNEL_DATA:
    return "KERNEL_DATA" + suffix;
  }
  return "location(" + std::to_string(static_cast<int>(location)) + ")" +
         suffix;
}

std::string getExecutorName(schema::ExecutorKind kind, uint32_t cluster,
                            uint32_t index) {
  switch (kind) {
  case schema::ExecutorKind::DMA:
    return "DMA" + std::to_string(index);
  case schema::ExecutorKind::NCE:
    return "NCE" + std::to_string(cluster);
  case schema::ExecutorKind::ACT_SHAVE:
    return "ACT" + std::to_string(cluster) + "." + std::to_string(index);
  case schema::ExecutorKind::UPA_SHAVE:
    return "UPA" + std::to_string(index);
  }
  return "executor(" + std::to_string(static_cast<int>(kind)) + ")" +
         std::to_string(cluster) + "." + std::to_string(index);
}

std::string getExecutorName(const schema::TaskList &list) {
  return getExecutorName(list.executor(), list.cluster(), list.index());
}

std::string getNceTaskTypeName(schema::NceTaskType type) {
  if (type >= schema::NceTaskType::MIN && type <= schema::NceTaskType::MAX) {
    return schema::EnumNameNceTaskType(type);
  }
  return "unknown(" + std::to_string(static_cast<int>(type)) + ")";
}

std::string getTaskKindName(schema::TaskKind kind) {
  switch (kind) {
  case schema::TaskKind::NONE:
    return "none";
  case schema::TaskKind::DmaTask:
    return "DMA";
  case schema::TaskKind::ActKernelTask:
    return "ActKernel";
  case schema::TaskKind::UpaLayerTask:
    return "UPALayer";
  case schema::TaskKind::NceClusterTask:
    return "NCE";
  }
  return "unknown(" + std::to_string(static_cast<int>(kind)) + ")";
}

//===----------------------------------------------------------------------===//
// BlobFile
//===----------------------------------------------------------------------===//

void BlobFile::AlignedDeleter::operator()(uint8_t *pointer) const {
  std::free(pointer);
}

uint64_t BlobFile::getRegionSize(schema::MemoryLocation location,
                                 uint32_t index) const {
  const schema::Header &header = *root->header();
  auto ioSize =
      [](const flatbuffers::Vector<flatbuffers::Offset<schema::NetworkIO>> *ios,
         uint32_t index) -> uint64_t {
    if (!ios || index >= ios->size()) {
      return 0;
    }
    llvm::Expected<TensorLayout> layout =
        getTensorLayout(*ios->Get(index)->type(), "");
    if (!layout) {
      llvm::consumeError(layout.takeError());
      return 0;
    }
    return layout->spanBytes;
  };
  switch (location) {
  case schema::MemoryLocation::NETWORK_INPUT:
    return ioSize(header.inputs(), index);
  case schema::MemoryLocation::NETWORK_OUTPUT:
    return ioSize(header.outputs(), index);
  case schema::MemoryLocation::CONSTANT:
    return index == 0 && root->constants() ? root->constants()->size() : 0;
  case schema::MemoryLocation::DDR_SCRATCH:
    return index == 0 ? header.resources()->ddr_scratch_bytes() : 0;
  case schema::MemoryLocation::CMX_NN:
    return index < header.resources()->clusters()
               ? header.resources()->cmx_bytes()
               : 0;
  case schema::MemoryLocation::KERNEL_DATA:
    return root->kernel_data() && index < root->kernel_data()->size()
               ? root->kernel_data()->Get(index)->data()->size()
               : 0;
  case schema::MemoryLocation::NONE:
    return 0;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Version
//===----------------------------------------------------------------------===//

/// Reads the header's version with just enough verification to do so safely.
static llvm::Expected<schema::SchemaVersion> readVersion(const uint8_t *data,
                                                         size_t size) {
  flatbuffers::Verifier verifier(data, size);
  flatbuffers::uoffset_t rootOffset = verifier.VerifyOffset(0);
  llvm::Error malformed =
      makeError("malformed blob: the header cannot be read");
  if (!rootOffset) {
    return std::move(malformed);
  }
  const auto *root =
      reinterpret_cast<const flatbuffers::Table *>(data + rootOffset);
  if (!root->VerifyTableStart(verifier) ||
      !root->VerifyOffsetRequired(verifier, schema::Blob::VT_HEADER)) {
    return std::move(malformed);
  }
  const auto *header =
      root->GetPointer<const flatbuffers::Table *>(schema::Blob::VT_HEADER);
  if (!header->VerifyTableStart(verifier) ||
      !header->VerifyFieldRequired<schema::SchemaVersion>(
          verifier, schema::Header::VT_VERSION,
          alignof(schema::SchemaVersion))) {
    return std::move(malformed);
  }
  llvm::consumeError(std::move(malformed));
  return *header->GetStruct<const schema::SchemaVersion *>(
      schema::Header::VT_VERSION);
}

//===----------------------------------------------------------------------===//
// Semantic checks
//===----------------------------------------------------------------------===//

namespace {

/// The semantic checks of one blob.
class Checker {
public:
  Checker(const BlobFile &file) : file(file), blob(file.get()) {}

  llvm::Error check();

private:
  llvm::Error checkHeader();
  llvm::Error checkNetworkIO(
      const flatbuffers::Vector<flatbuffers::Offset<schema::NetworkIO>> *ios,
      llvm::StringRef kind);
  llvm::Error checkTensors();
  llvm::Error checkDTypeVersion(const TensorLayout &layout,
                                const llvm::Twine &what);
  llvm::Error checkBarriers();
  llvm::Error checkDeclaration(const schema::KernelDeclaration &declaration,
                               const std::string &what);
  llvm::Error checkKernelDataRef(const schema::KernelDataReference &ref,
                                 const llvm::Twine &what);
  llvm::Error checkActKernels();
  llvm::Error checkTaskLists();
  llvm::Error checkTask(const schema::TaskList &list, const schema::Task &task,
                        const std::string &what);
  llvm::Error checkTensorIndex(uint32_t index, const llvm::Twine &what);
  llvm::Error checkRelocations(const schema::ActKernelInvocation &invocation,
                               const std::string &what);
  llvm::Error checkWritable(uint32_t index, const llvm::Twine &what);
  /// The broadcast destinations of a DMA whose source and destination are
  /// checked.
  llvm::Error checkBroadcast(const schema::DmaTask &dma,
                             const std::string &what);
  llvm::Error checkNceTask(const schema::TaskList &list,
                           const schema::NceClusterTask &nce,
                           const std::string &what);

  const BlobFile &file;
  const schema::Blob &blob;
  /// Checked layouts of Blob.tensors.
  std::vector<TensorLayout> layouts;
  uint32_t numBarriers = 0;
};

} // namespace

static std::string quoted(const flatbuffers::String *name) {
  if (!name || name->size() == 0) {
    return "";
  }
  return " '" + name->str() + "'";
}

llvm::Error Checker::check() {
  if (llvm::Error error = checkHeader()) {
    return error;
  }
  if (llvm::Error error = checkTensors()) {
    return error;
  }
  if (llvm::Error error = checkBarriers()) {
    return error;
  }
  if (llvm::Error error = checkActKernels()) {
    return error;
  }
  return checkTaskLists();
}

llvm::Error Checker::checkHeader() {
  const schema::Header &header = *blob.header();
  if (header.arch()->size() == 0) {
    return makeError("header: empty arch name");
  }
  if (llvm::Error error = checkNetworkIO(header.inputs(), "input")) {
    return error;
  }
  return checkNetworkIO(header.outputs(), "output");
}

llvm::Error Checker::checkNetworkIO(
    const flatbuffers::Vector<flatbuffers::Offset<schema::NetworkIO>> *ios,
    llvm::StringRef kind) {
  if (!ios) {
    return llvm::Error::success();
  }
  llvm::StringSet<> names;
  for (uint32_t i = 0, e = ios->size(); i < e; ++i) {
    const schema::NetworkIO &io = *ios->Get(i);
    std::string what =
        "network " + kind.str() + " " + std::to_string(i) + quoted(io.name());
    if (io.name()->size() == 0) {
      return makeError(what + ": empty name");
    }
    if (!names.insert(io.name()->string_view()).second) {
      return makeError(what + ": duplicate name");
    }
    llvm::Expected<TensorLayout> layout = getTensorLayout(*io.type(), what);
    if (!layout) {
      return layout.takeError();
    }
    if (llvm::Error error = checkDTypeVersion(*layout, what)) {
      return error;
    }
    if (!layout->isNonOverlapping()) {
      return makeError(what + ": elements overlap (zero or too small strides)");
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkDTypeVersion(const TensorLayout &layout,
                                       const llvm::Twine &what) {
  uint16_t minor = blob.header()->version()->minor();
  if (layout.dtype == schema::DType::F64 && minor < 5) {
    return makeError(what +
                     ": element type f64 needs schema 2.5, the blob says 2." +
                     llvm::Twine(minor));
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkTensors() {
  if (!blob.tensors()) {
    return llvm::Error::success();
  }
  for (uint32_t i = 0, e = blob.tensors()->size(); i < e; ++i) {
    const schema::TensorReference &ref = *blob.tensors()->Get(i);
    std::string what = "tensor " + std::to_string(i) + quoted(ref.name());
    schema::MemoryLocation location = ref.location();
    if (location == schema::MemoryLocation::NONE ||
        location > schema::MemoryLocation::MAX) {
      return makeError(what + ": invalid memory location " +
                       getRegionName(location, ref.location_index()));
    }
    llvm::Expected<TensorLayout> layout = getTensorLayout(*ref.type(), what);
    if (!layout) {
      return layout.takeError();
    }
    if (llvm::Error error = checkDTypeVersion(*layout, what)) {
      return error;
    }
    std::string region = getRegionName(location, ref.location_index());
    bool exists = true;
    const schema::Header &header = *blob.header();
    switch (location) {
    case schema::MemoryLocation::NETWORK_INPUT:
      exists =
          header.inputs() && ref.location_index() < header.inputs()->size();
      break;
    case schema::MemoryLocation::NETWORK_OUTPUT:
      exists =
          header.outputs() && ref.location_index() < header.outputs()->size();
      break;
    case schema::MemoryLocation::CMX_NN:
      exists = ref.location_index() < header.resources()->clusters();
      break;
    case schema::MemoryLocation::KERNEL_DATA:
      exists = blob.kernel_data() &&
               ref.location_index() < blob.kernel_data()->size();
      break;
    default:
      exists = ref.location_index() == 0;
      break;
    }
    if (!exists) {
      return makeError(what + ": the blob has no region " + region);
    }
    uint64_t regionSize = file.getRegionSize(location, ref.location_index());
    uint64_t span = layout->spanBytes;
    if (span > 0 &&
        (ref.offset() > regionSize || span > regionSize - ref.offset())) {
      return makeError(what + ": " + llvm::Twine(span) + " bytes at offset " +
                       llvm::Twine(ref.offset()) + " lie outside " + region +
                       " of " + llvm::Twine(regionSize) + " bytes");
    }
    layouts.push_back(std::move(*layout));
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkBarriers() {
  if (!blob.barriers()) {
    return llvm::Error::success();
  }
  numBarriers = blob.barriers()->size();
  uint32_t physical = blob.header()->resources()->barriers();
  for (uint32_t i = 0; i < numBarriers; ++i) {
    const schema::Barrier &barrier = *blob.barriers()->Get(i);
    if (barrier.physical_id() >= physical) {
      return makeError("barrier " + llvm::Twine(i) + ": physical id " +
                       llvm::Twine(barrier.physical_id()) +
                       " out of range (the blob uses " + llvm::Twine(physical) +
                       " physical barriers)");
    }
  }
  return llvm::Error::success();
}

llvm::Error
Checker::checkDeclaration(const schema::KernelDeclaration &declaration,
                          const std::string &what) {
  if (declaration.symbol()->size() == 0 || declaration.entry()->size() == 0) {
    return makeError(what + ": its declaration has an empty symbol or entry");
  }
  for (uint32_t i = 0, e = declaration.args()->size(); i < e; ++i) {
    const schema::KernelDeclArg &arg = *declaration.args()->Get(i);
    if (arg.type()->size() == 0) {
      return makeError(what + ": argument " + llvm::Twine(i) +
                       " of its declaration has no type");
    }
    if (arg.role() > schema::KernelArgRole::MAX) {
      return makeError(what + ": argument " + llvm::Twine(i) +
                       " of its declaration has the unknown role " +
                       llvm::Twine(static_cast<int>(arg.role())));
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkKernelDataRef(const schema::KernelDataReference &ref,
                                        const llvm::Twine &what) {
  uint32_t count = blob.kernel_data() ? blob.kernel_data()->size() : 0;
  if (ref.buffer() >= count) {
    return makeError(what + ": kernel data buffer " +
                     llvm::Twine(ref.buffer()) +
                     " out of range (the blob has " + llvm::Twine(count) + ")");
  }
  uint64_t size = blob.kernel_data()->Get(ref.buffer())->data()->size();
  if (ref.offset() > size || ref.size() > size - ref.offset()) {
    return makeError(what + ": bytes [" + llvm::Twine(ref.offset()) + ", +" +
                     llvm::Twine(ref.size()) + ") lie outside kernel data " +
                     llvm::Twine(ref.buffer()) + " of " + llvm::Twine(size) +
                     " bytes");
  }
  if (ref.size() > abi::kWindowSize) {
    return makeError(what + ": " + llvm::Twine(ref.size()) +
                     " bytes do not fit a 16 MB window");
  }
  return llvm::Error::success();
}

llvm::Error
Checker::checkRelocations(const schema::ActKernelInvocation &invocation,
                          const std::string &what) {
  const auto *relocations = invocation.relocations();
  if (!relocations) {
    return llvm::Error::success();
  }
  const schema::KernelDataReference &ref = *invocation.data();
  // checkKernelDataRef has checked the view.
  const uint8_t *data =
      blob.kernel_data()->Get(ref.buffer())->data()->data() + ref.offset();
  uint64_t size = ref.size();
  std::set<uint32_t> relocated;
  for (uint32_t r = 0, e = relocations->size(); r < e; ++r) {
    const schema::ActRelocation &relocation = *relocations->Get(r);
    std::string relocationWhat = what + ", relocation " + std::to_string(r);
    if (llvm::Error error =
            checkTensorIndex(relocation.tensor(), relocationWhat)) {
      return error;
    }
    uint64_t offset = relocation.descriptor();
    if (offset > size || size - offset < sizeof(abi::MemRefData)) {
      return makeError(relocationWhat + ": the descriptor at offset " +
                       llvm::Twine(offset) +
                       " does not fit the invocation's data of " +
                       llvm::Twine(size) + " bytes");
    }
    if (!relocated.insert(relocation.descriptor()).second) {
      return makeError(relocationWhat + ": the descriptor at offset " +
                       llvm::Twine(offset) + " is relocated twice");
    }
    abi::MemRefData desc;
    std::memcpy(&desc, data + offset, sizeof(desc));
    const TensorLayout &layout = layouts[relocation.tensor()];
    std::string tensorWhat = "tensor " + std::to_string(relocation.tensor());
    if (desc.dataAddr != 0) {
      return makeError(relocationWhat + ": the descriptor's data address is " +
                       llvm::Twine::utohexstr(desc.dataAddr) +
                       ", not 0 (the runtime fills it in)");
    }
    if (desc.numDims != layout.order.rank() ||
        desc.dataType != static_cast<uint32_t>(layout.dtype) ||
        desc.dimsOrder != layout.order.code()) {
      return makeError(relocationWhat + ": the descriptor (rank " +
                       llvm::Twine(desc.numDims) + ", data type " +
                       llvm::Twine(desc.dataType) + ", order 0x" +
                       llvm::Twine::utohexstr(desc.dimsOrder) +
                       ") does not describe " + tensorWhat + " (" +
                       layout.describe() + ")");
    }
    // The dims and strides arrays, in WIN_E.
    shape::MemShape dims = layout.getMemShape();
    shape::MemStrides strides = layout.getMemStrides();
    auto arrayOffset = [&](uint32_t address,
                           uint64_t bytes) -> std::optional<uint64_t> {
      if (address < abi::kWinEBase || address - abi::kWinEBase > size ||
          size - (address - abi::kWinEBase) < bytes) {
        return std::nullopt;
      }
      return address - abi::kWinEBase;
    };
    std::optional<uint64_t> dimsAt =
        arrayOffset(desc.dimsAddr, 4ull * desc.numDims);
    std::optional<uint64_t> stridesAt =
        arrayOffset(desc.stridesAddr, 8ull * desc.numDims);
    if (!dimsAt || !stridesAt) {
      return makeError(relocationWhat +
                       ": the descriptor's dims or strides array lies "
                       "outside the invocation's data");
    }
    for (uint32_t d = 0; d < desc.numDims; ++d) {
      int32_t dim = 0;
      int64_t stride = 0;
      std::memcpy(&dim, data + *dimsAt + 4 * d, 4);
      std::memcpy(&stride, data + *stridesAt + 8 * d, 8);
      if (dim != dims[shape::MemDim(d)] ||
          stride != strides[shape::MemDim(d)]) {
        return makeError(relocationWhat +
                         ": the descriptor's dims or strides are not those "
                         "of " +
                         tensorWhat + " (" + layout.describe() + ")");
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkActKernels() {
  uint32_t numKernels = blob.act_kernels() ? blob.act_kernels()->size() : 0;
  for (uint32_t i = 0; i < numKernels; ++i) {
    const schema::ActKernel &kernel = *blob.act_kernels()->Get(i);
    std::string what =
        "act kernel " + std::to_string(i) + quoted(kernel.name());
    if (kernel.name()->size() == 0) {
      return makeError(what + ": empty name");
    }
    if (kernel.text()) {
      if (llvm::Error error =
              checkKernelDataRef(*kernel.text(), what + " text")) {
        return error;
      }
    }
    if (const schema::KernelDeclaration *declaration = kernel.declaration()) {
      if (llvm::Error error = checkDeclaration(*declaration, what)) {
        return error;
      }
      if (declaration->entry()->string_view() != kernel.name()->string_view()) {
        return makeError(what + ": its declaration has entry" +
                         quoted(declaration->entry()));
      }
    }
  }
  if (blob.act_invocations()) {
    for (uint32_t i = 0, e = blob.act_invocations()->size(); i < e; ++i) {
      const schema::ActKernelInvocation &invocation =
          *blob.act_invocations()->Get(i);
      std::string what = "act invocation " + std::to_string(i);
      if (invocation.kernel() >= numKernels) {
        return makeError(what + ": kernel " + llvm::Twine(invocation.kernel()) +
                         " out of range (the blob has " +
                         llvm::Twine(numKernels) + " act kernels)");
      }
      if (invocation.tile() >= blob.header()->resources()->clusters()) {
        return makeError(what + ": tile " + llvm::Twine(invocation.tile()) +
                         " out of range (the blob uses " +
                         llvm::Twine(blob.header()->resources()->clusters()) +
                         " clusters)");
      }
      if (llvm::Error error =
              checkKernelDataRef(*invocation.data(), what + " data")) {
        return error;
      }
      if (invocation.args_offset() >= invocation.data()->size()) {
        return makeError(what + ": args offset " +
                         llvm::Twine(invocation.args_offset()) +
                         " outside its data of " +
                         llvm::Twine(invocation.data()->size()) + " bytes");
      }
      if (llvm::Error error = checkRelocations(invocation, what)) {
        return error;
      }
    }
  }
  if (const schema::ActKernelRuntime *runtime = blob.act_runtime()) {
    uint32_t clusters = blob.header()->resources()->clusters();
    if (runtime->stack_sizes()->size() != clusters) {
      return makeError(
          "act runtime: " + llvm::Twine(runtime->stack_sizes()->size()) +
          " stack sizes for " + llvm::Twine(clusters) + " clusters");
    }
    for (uint32_t size : *runtime->stack_sizes()) {
      if (size == 0) {
        return makeError("act runtime: zero stack size");
      }
    }
    if (runtime->code()) {
      if (llvm::Error error =
              checkKernelDataRef(*runtime->code(), "act runtime code")) {
        return error;
      }
    }
    if (const schema::KernelDeclaration *declaration = runtime->declaration()) {
      if (llvm::Error error = checkDeclaration(*declaration, "act runtime")) {
        return error;
      }
      if (declaration->args()->size() != 0) {
        return makeError("act runtime: its declaration has " +
                         llvm::Twine(declaration->args()->size()) +
                         " argument(s); the runtime takes none");
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkTaskLists() {
  if (!blob.task_lists()) {
    return llvm::Error::success();
  }
  const schema::Resources &resources = *blob.header()->resources();
  std::set<std::tuple<int, uint32_t, uint32_t>> seen;
  for (uint32_t l = 0, e = blob.task_lists()->size(); l < e; ++l) {
    const schema::TaskList &list = *blob.task_lists()->Get(l);
    std::string name = getExecutorName(list);
    std::string what = "task list " + std::to_string(l) + " (" + name + ")";
    switch (list.executor()) {
    case schema::ExecutorKind::DMA:
      if (list.cluster() != 0 || list.index() >= resources.dma_ports()) {
        return makeError(what + ": DMA port " + llvm::Twine(list.index()) +
                         " (cluster " + llvm::Twine(list.cluster()) +
                         ") out of range: the blob uses " +
                         llvm::Twine(resources.dma_ports()) +
                         " DMA ports and DMA lists have cluster 0");
      }
      break;
    case schema::ExecutorKind::NCE:
      if (list.cluster() >= resources.clusters() || list.index() != 0) {
        return makeError(what + ": NCE cluster " + llvm::Twine(list.cluster()) +
                         " (index " + llvm::Twine(list.index()) +
                         ") out of range: the blob uses " +
                         llvm::Twine(resources.clusters()) +
                         " clusters and NCE lists have index 0");
      }
      break;
    case schema::ExecutorKind::ACT_SHAVE:
      if (list.cluster() >= resources.clusters() ||
          list.index() >= resources.shaves()) {
        return makeError(what + ": ACT SHAVE " + llvm::Twine(list.index()) +
                         " of tile " + llvm::Twine(list.cluster()) +
                         " out of range: the blob uses " +
                         llvm::Twine(resources.clusters()) + " tiles of " +
                         llvm::Twine(resources.shaves()) + " SHAVEs");
      }
      if (!blob.act_runtime()) {
        return makeError(what + ": the blob has ACT task lists but no "
                                "act_runtime declaration");
      }
      break;
    case schema::ExecutorKind::UPA_SHAVE:
      if (list.cluster() != 0 || list.index() >= resources.shaves()) {
        return makeError(what + ": UPA queue " + llvm::Twine(list.index()) +
                         " (cluster " + llvm::Twine(list.cluster()) +
                         ") out of range: the blob uses " +
                         llvm::Twine(resources.shaves()) +
                         " SHAVEs and UPA lists have cluster 0");
      }
      break;
    default:
      return makeError(what + ": unknown executor kind " +
                       llvm::Twine(static_cast<int>(list.executor())) +
                       " (a newer schema version?)");
    }
    if (!seen.insert({static_cast<int>(list.executor()), list.cluster(),
                      list.index()})
             .second) {
      return makeError(what + ": a second task list for executor " + name);
    }
    for (uint32_t t = 0, n = list.tasks()->size(); t < n; ++t) {
      const schema::Task &task = *list.tasks()->Get(t);
      std::string taskWhat = "task list " + name + ", task " +
                             std::to_string(t) + quoted(task.location());
      if (llvm::Error error = checkTask(list, task, taskWhat)) {
        return error;
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkTensorIndex(uint32_t index, const llvm::Twine &what) {
  if (index >= layouts.size()) {
    return makeError(what + ": tensor " + llvm::Twine(index) +
                     " out of range (the blob has " +
                     llvm::Twine(layouts.size()) + " tensors)");
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkWritable(uint32_t index, const llvm::Twine &what) {
  const schema::TensorReference &ref = *blob.tensors()->Get(index);
  if (ref.location() == schema::MemoryLocation::CONSTANT ||
      ref.location() == schema::MemoryLocation::NETWORK_INPUT) {
    return makeError(what + ": tensor " + llvm::Twine(index) +
                     " is written but lies in read-only " +
                     getRegionName(ref.location(), ref.location_index()));
  }
  if (!layouts[index].isNonOverlapping()) {
    return makeError(what + ": tensor " + llvm::Twine(index) +
                     " is written but its elements overlap (" +
                     layouts[index].describe() + ")");
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkBroadcast(const schema::DmaTask &dma,
                                    const std::string &what) {
  if (!dma.broadcast() || dma.broadcast()->size() == 0) {
    return llvm::Error::success();
  }
  const uint16_t minor = blob.header()->version()->minor();
  if (minor < 7) {
    return makeError(what +
                     ": a broadcast DMA needs schema 2.7, the blob "
                     "says 2." +
                     llvm::Twine(minor));
  }
  const schema::TensorReference &dstRef = *blob.tensors()->Get(dma.dst());
  const TensorLayout &dst = layouts[dma.dst()];
  if (dstRef.location() != schema::MemoryLocation::CMX_NN) {
    return makeError(what +
                     ": a broadcast DMA writes CMX, but its "
                     "destination is in " +
                     getRegionName(dstRef.location(), dstRef.location_index()));
  }
  llvm::SmallDenseSet<uint32_t, 4> clusters = {dstRef.location_index()};
  for (uint32_t index : *dma.broadcast()) {
    const std::string copy =
        what + " broadcast destination " + llvm::Twine(index).str();
    if (llvm::Error error = checkTensorIndex(index, copy)) {
      return error;
    }
    if (llvm::Error error = checkWritable(index, copy)) {
      return error;
    }
    const schema::TensorReference &ref = *blob.tensors()->Get(index);
    const TensorLayout &layout = layouts[index];
    if (ref.location() != schema::MemoryLocation::CMX_NN) {
      return makeError(copy + " is in " +
                       getRegionName(ref.location(), ref.location_index()) +
                       ", not in the CMX of a cluster");
    }
    if (!clusters.insert(ref.location_index()).second) {
      return makeError(copy + ": the DMA already writes the CMX of cluster " +
                       llvm::Twine(ref.location_index()));
    }
    if (ref.offset() != dstRef.offset() || layout.dtype != dst.dtype ||
        layout.dims != dst.dims || layout.strides != dst.strides) {
      return makeError(copy + " (" + layout.describe() + " at offset " +
                       llvm::Twine(ref.offset()) +
                       ") is not the destination's layout at its offset (" +
                       dst.describe() + " at offset " +
                       llvm::Twine(dstRef.offset()) +
                       "): a broadcast writes the same bytes at the same "
                       "address of every CMX");
    }
  }
  return llvm::Error::success();
}

llvm::Error Checker::checkTask(const schema::TaskList &list,
                               const schema::Task &task,
                               const std::string &what) {
  llvm::SmallDenseSet<uint32_t, 8> waits;
  if (task.wait_barriers()) {
    for (uint32_t id : *task.wait_barriers()) {
      if (id >= numBarriers) {
        return makeError(what + ": wait barrier " + llvm::Twine(id) +
                         " out of range (the blob has " +
                         llvm::Twine(numBarriers) + " barriers)");
      }
      if (!waits.insert(id).second) {
        return makeError(what + ": waits twice on barrier " + llvm::Twine(id));
      }
    }
  }
  if (task.update_barriers()) {
    llvm::SmallDenseSet<uint32_t, 8> updates;
    for (uint32_t id : *task.update_barriers()) {
      if (id >= numBarriers) {
        return makeError(what + ": update barrier " + llvm::Twine(id) +
                         " out of range (the blob has " +
                         llvm::Twine(numBarriers) + " barriers)");
      }
      if (!updates.insert(id).second) {
        return makeError(what + ": updates barrier " + llvm::Twine(id) +
                         " twice");
      }
      if (waits.contains(id)) {
        return makeError(what + ": both waits on and updates barrier " +
                         llvm::Twine(id));
      }
    }
  }
  schema::TaskKind kind = task.kind_type();
  schema::ExecutorKind expected;
  switch (kind) {
  case schema::TaskKind::DmaTask:
    expected = schema::ExecutorKind::DMA;
    break;
  case schema::TaskKind::ActKernelTask:
    expected = schema::ExecutorKind::ACT_SHAVE;
    break;
  case schema::TaskKind::UpaLayerTask:
    expected = schema::ExecutorKind::UPA_SHAVE;
    break;
  case schema::TaskKind::NceClusterTask:
    expected = schema::ExecutorKind::NCE;
    break;
  default:
    return makeError(what + ": unknown task kind " + getTaskKindName(kind) +
                     " (a newer schema version?)");
  }
  if (expected != list.executor()) {
    return makeError(what + ": a " + getTaskKindName(kind) +
                     " task cannot run on " + getExecutorName(list));
  }
  switch (kind) {
  case schema::TaskKind::DmaTask: {
    const schema::DmaTask &dma = *task.kind_as_DmaTask();
    if (llvm::Error error = checkTensorIndex(dma.src(), what + " source")) {
      return error;
    }
    if (llvm::Error error =
            checkTensorIndex(dma.dst(), what + " destination")) {
      return error;
    }
    const TensorLayout &src = layouts[dma.src()];
    const TensorLayout &dst = layouts[dma.dst()];
    if (src.dims != dst.dims) {
      return makeError(what + ": DMA from " + src.describe() + " to " +
                       dst.describe() + " changes the dims");
    }
    if (src.dtype != dst.dtype) {
      return makeError(what + ": DMA from " + src.describe() + " to " +
                       dst.describe() +
                       " converts the element type, which schema 1.0 DMAs "
                       "cannot do");
    }
    if (src.elemBits < 8 &&
        !(src.isCompact() && dst.isCompact() && src.order == dst.order)) {
      return makeError(what + ": a DMA of " + getDTypeName(src.dtype) +
                       " elements must copy between identical compact "
                       "layouts");
    }
    if (llvm::Error error = checkWritable(dma.dst(), what + " destination")) {
      return error;
    }
    const schema::TensorReference &srcRef = *blob.tensors()->Get(dma.src());
    const schema::TensorReference &dstRef = *blob.tensors()->Get(dma.dst());
    if (srcRef.location() == dstRef.location() &&
        srcRef.location_index() == dstRef.location_index() &&
        src.spanBytes > 0 && dst.spanBytes > 0 &&
        srcRef.offset() < dstRef.offset() + dst.spanBytes &&
        dstRef.offset() < srcRef.offset() + src.spanBytes) {
      return makeError(
          what + ": DMA source and destination overlap in " +
          getRegionName(srcRef.location(), srcRef.location_index()));
    }
    return checkBroadcast(dma, what);
  }
  case schema::TaskKind::ActKernelTask: {
    uint32_t index = task.kind_as_ActKernelTask()->invocation();
    uint32_t count =
        blob.act_invocations() ? blob.act_invocations()->size() : 0;
    if (index >= count) {
      return makeError(what + ": act invocation " + llvm::Twine(index) +
                       " out of range (the blob has " + llvm::Twine(count) +
                       ")");
    }
    uint32_t tile = blob.act_invocations()->Get(index)->tile();
    if (tile != list.cluster()) {
      return makeError(what + ": invocation " + llvm::Twine(index) +
                       " is for tile " + llvm::Twine(tile) + " but runs on " +
                       getExecutorName(list));
    }
    return llvm::Error::success();
  }
  case schema::TaskKind::UpaLayerTask: {
    const schema::UpaLayerTask &upa = *task.kind_as_UpaLayerTask();
    if (upa.kernel()->size() == 0) {
      return makeError(what + ": empty kernel name");
    }
    for (uint32_t index : *upa.inputs()) {
      if (llvm::Error error = checkTensorIndex(index, what + " input")) {
        return error;
      }
    }
    for (uint32_t index : *upa.outputs()) {
      if (llvm::Error error = checkTensorIndex(index, what + " output")) {
        return error;
      }
      if (llvm::Error error = checkWritable(index, what + " output")) {
        return error;
      }
    }
    uint32_t shaves = blob.header()->resources()->shaves();
    if (upa.max_shaves() == 0 || upa.max_shaves() > shaves) {
      return makeError(what + ": max_shaves " + llvm::Twine(upa.max_shaves()) +
                       " out of range [1, " + llvm::Twine(shaves) + "]");
    }
    if (upa.params_type() > schema::UpaParams::MAX) {
      return makeError(what + ": unknown UPA parameter kind " +
                       llvm::Twine(static_cast<int>(upa.params_type())) +
                       " (a newer schema version?)");
    }
    return llvm::Error::success();
  }
  case schema::TaskKind::NceClusterTask:
    return checkNceTask(list, *task.kind_as_NceClusterTask(), what);
  default:
    break;
  }
  return llvm::Error::success();
}

/// "f16", "u8 or i8", "u8, i8 or f16".
static std::string describeDTypes(llvm::ArrayRef<schema::DType> dtypes) {
  std::string text;
  for (size_t i = 0; i < dtypes.size(); ++i) {
    if (i > 0) {
      text += i + 1 == dtypes.size() ? " or " : ", ";
    }
    text += getDTypeName(dtypes[i]);
  }
  return text;
}

/// The values of an 8-bit integer type (U8 or I8).
static std::pair<int64_t, int64_t> getIntegerRange(schema::DType dtype) {
  return dtype == schema::DType::U8
             ? std::make_pair(int64_t(0), int64_t(255))
             : std::make_pair(int64_t(-128), int64_t(127));
}

llvm::Error Checker::checkNceTask(const schema::TaskList &list,
                                  const schema::NceClusterTask &nce,
                                  const std::string &what) {
  const schema::NceInvariant &inv = *nce.invariant();
  schema::NceTaskType type = inv.task_type();
  if (type < schema::NceTaskType::MIN || type > schema::NceTaskType::MAX) {
    return makeError(what + ": unknown NCE task type " +
                     getNceTaskTypeName(type) + " (a newer schema version?)");
  }
  std::string typeName = getNceTaskTypeName(type);
  constexpr schema::DType F16 = schema::DType::F16, U8 = schema::DType::U8,
                          I8 = schema::DType::I8;
  bool eltwise = type == schema::NceTaskType::ELTWISE_ADD ||
                 type == schema::NceTaskType::ELTWISE_SUB ||
                 type == schema::NceTaskType::ELTWISE_MUL;
  bool weighted =
      type == schema::NceTaskType::CONV || type == schema::NceTaskType::DWCONV;
  // Presence of the operands.
  auto presence = [&](uint32_t index, bool wanted,
                      llvm::StringRef name) -> llvm::Error {
    if ((index != kNoTensor) != wanted) {
      return makeError(what + ": a " + typeName + " task " +
                       (wanted ? "needs" : "takes no") + " " + name);
    }
    return llvm::Error::success();
  };
  if (llvm::Error error = presence(inv.input(), true, "input")) {
    return error;
  }
  if (llvm::Error error = presence(inv.output(), true, "output")) {
    return error;
  }
  if (llvm::Error error = presence(inv.input2(), eltwise, "input2")) {
    return error;
  }
  if (llvm::Error error = presence(inv.weights(), weighted, "weights")) {
    return error;
  }
  if (llvm::Error error =
          presence(inv.weights_table(), weighted, "weights_table")) {
    return error;
  }
  // Each present operand: in range, in this cluster's CMX, of the right
  // type and layout.
  auto operand = [&](uint32_t index, llvm::StringRef name,
                     llvm::ArrayRef<schema::DType> dtypes,
                     llvm::StringRef why = "") -> llvm::Error {
    std::string operandWhat = what + " " + name.str();
    if (llvm::Error error = checkTensorIndex(index, operandWhat)) {
      return error;
    }
    const schema::TensorReference &ref = *blob.tensors()->Get(index);
    if (ref.location() != schema::MemoryLocation::CMX_NN ||
        ref.location_index() != list.cluster()) {
      return makeError(
          operandWhat + ": tensor " + llvm::Twine(index) + " lies in " +
          getRegionName(ref.location(), ref.location_index()) +
          ", not in the CMX of the task's cluster (" +
          getRegionName(schema::MemoryLocation::CMX_NN, list.cluster()) + ")");
    }
    const TensorLayout &layout = layouts[index];
    if (!llvm::is_contained(dtypes, layout.dtype) || layout.dims.rank() != 4) {
      return makeError(operandWhat + ": tensor " + llvm::Twine(index) + " is " +
                       layout.describe() + ", expected a 4-d " +
                       describeDTypes(dtypes) + " tensor" + why);
    }
    return llvm::Error::success();
  };
  auto dims = [&](uint32_t index) { return layouts[index].dims.raw(); };
  auto activation = [&](uint32_t index, llvm::StringRef name,
                        llvm::ArrayRef<schema::DType> dtypes,
                        llvm::StringRef why = "") -> llvm::Error {
    if (llvm::Error error = operand(index, name, dtypes, why)) {
      return error;
    }
    const TensorLayout &layout = layouts[index];
    if (dims(index)[0] != 1 || layout.order != shape::DimsOrder::NHWC) {
      return makeError(what + " " + name + ": tensor " + llvm::Twine(index) +
                       " is " + layout.describe() +
                       ", expected 1 x C x H x W in NHWC");
    }
    return llvm::Error::success();
  };
  // The numeric mode: FP16 or INT8, by the input's type. INT8 tasks need
  // schema 2.2 (2.1 had another weights-table word 2), INT8 eltwise tasks 2.3.
  if (llvm::Error error =
          activation(inv.input(), "input", {F16, schema::DType::U8, I8})) {
    return error;
  }
  schema::DType inType = layouts[inv.input()].dtype;
  bool int8 = inType != F16;
  std::string inTypeText = " (the input is " + getDTypeName(inType) + ")";
  uint16_t int8Minor = eltwise ? 3 : 2;
  if (int8 && blob.header()->version()->minor() < int8Minor) {
    return makeError(
        what + ": a " + typeName + " task on a " + getDTypeName(inType) +
        " input (INT8 mode) needs schema 2." + llvm::Twine(int8Minor) +
        ", but the blob is " + llvm::Twine(blob.header()->version()->major()) +
        "." + llvm::Twine(blob.header()->version()->minor()));
  }
  llvm::SmallVector<schema::DType, 3> outTypes = {F16};
  if (int8) {
    outTypes = weighted ? llvm::SmallVector<schema::DType, 3>{U8, I8, F16}
                        : llvm::SmallVector<schema::DType, 3>{U8, I8};
  }
  if (llvm::Error error = activation(
          inv.output(), "output", outTypes,
          int8 && !weighted
              ? inTypeText + ": f16 outputs of INT8 inputs are for CONV " +
                    "and DWCONV only"
              : inTypeText)) {
    return error;
  }
  schema::DType outType = layouts[inv.output()].dtype;
  bool intOut = outType != F16;
  if (llvm::Error error = checkWritable(inv.output(), what + " output")) {
    return error;
  }
  int64_t inC = dims(inv.input())[1], inH = dims(inv.input())[2],
          inW = dims(inv.input())[3];
  int64_t outC = dims(inv.output())[1], outH = dims(inv.output())[2],
          outW = dims(inv.output())[3];
  if (eltwise) {
    // INT8 mode: U8 or I8, independently of the input.
    llvm::SmallVector<schema::DType, 2> input2Types = {F16};
    if (int8) {
      input2Types = {U8, I8};
    }
    if (llvm::Error error =
            activation(inv.input2(), "input2", input2Types, inTypeText)) {
      return error;
    }
    if (dims(inv.input2()) != dims(inv.input())) {
      return makeError(what + ": input2 " + layouts[inv.input2()].describe() +
                       " and input " + layouts[inv.input()].describe() +
                       " differ in dims");
    }
  }
  // Kernel.
  int64_t kh = inv.kernel_h(), kw = inv.kernel_w(), sh = inv.stride_h(),
          sw = inv.stride_w();
  int64_t pt = inv.pad_top(), pb = inv.pad_bottom(), pl = inv.pad_left(),
          pr = inv.pad_right();
  std::string kernelText =
      "kernel " + std::to_string(kh) + "x" + std::to_string(kw) + ", strides " +
      std::to_string(sh) + "x" + std::to_string(sw) + ", padding [" +
      std::to_string(pt) + ", " + std::to_string(pb) + ", " +
      std::to_string(pl) + ", " + std::to_string(pr) + "]";
  if (kh < 1 || kw < 1 || sh < 1 || sw < 1 || pt >= kh || pb >= kh ||
      pl >= kw || pr >= kw) {
    return makeError(what + ": invalid " + kernelText +
                     " (kernel and strides >= 1, each padding below the "
                     "kernel size on its axis)");
  }
  if (eltwise && (kh != 1 || kw != 1 || sh != 1 || sw != 1)) {
    return makeError(what + ": a " + typeName +
                     " task needs a 1x1 kernel and strides 1, got " +
                     kernelText);
  }
  if (inH + pt + pb < kh || inW + pl + pr < kw ||
      outH != (inH + pt + pb - kh) / sh + 1 ||
      outW != (inW + pl + pr - kw) / sw + 1) {
    return makeError(what + ": output " + layouts[inv.output()].describe() +
                     " does not match input " +
                     layouts[inv.input()].describe() + " with " + kernelText);
  }
  if (type != schema::NceTaskType::CONV && inC != outC) {
    return makeError(what + ": a " + typeName + " task keeps the channels, " +
                     "but the input has " + llvm::Twine(inC) +
                     " and the output " + llvm::Twine(outC));
  }
  if (weighted) {
    llvm::SmallVector<schema::DType, 2> weightsTypes = {F16};
    if (int8) {
      weightsTypes = {U8, I8};
    }
    if (llvm::Error error =
            operand(inv.weights(), "weights", weightsTypes, inTypeText)) {
      return error;
    }
    const TensorLayout &weights = layouts[inv.weights()];
    int64_t weightsIC = type == schema::NceTaskType::CONV ? inC : 1;
    llvm::SmallVector<int64_t, 4> expected = {outC, weightsIC, kh, kw};
    if (dims(inv.weights()) != llvm::ArrayRef<int64_t>(expected) ||
        weights.order != shape::DimsOrder::NHWC || !weights.isCompact()) {
      return makeError(what + ": weights " + weights.describe() +
                       ", expected " + getDTypeName(weights.dtype) + " " +
                       std::to_string(outC) + "x" + std::to_string(weightsIC) +
                       "x" + std::to_string(kh) + "x" + std::to_string(kw) +
                       " NHWC, compact");
    }
    if (llvm::Error error = operand(inv.weights_table(), "weights_table",
                                    {schema::DType::I32})) {
      return error;
    }
    const TensorLayout &table = layouts[inv.weights_table()];
    llvm::SmallVector<int64_t, 4> tableDims = {outC, 1, 1, 4};
    if (dims(inv.weights_table()) != llvm::ArrayRef<int64_t>(tableDims) ||
        !table.isCompact()) {
      return makeError(what + ": weights_table " + table.describe() +
                       ", expected i32 " + std::to_string(outC) +
                       "x1x1x4, compact");
    }
  }
  // Zero points (since 2.1).
  if (!int8 && (inv.input_zero_point() != 0 || inv.weights_zero_point() != 0)) {
    return makeError(
        what + ": input_zero_point " + llvm::Twine(inv.input_zero_point()) +
        " and weights_zero_point " + llvm::Twine(inv.weights_zero_point()) +
        " must be 0 on a task with an f16 input (zero points are "
        "for INT8 inputs)");
  }
  if (int8) {
    auto inRange = [&](int64_t value, schema::DType dtype,
                       llvm::StringRef field,
                       llvm::StringRef tensor) -> llvm::Error {
      auto [low, high] = getIntegerRange(dtype);
      if (value < low || value > high) {
        return makeError(what + ": " + field + " " + llvm::Twine(value) +
                         " is outside the range of the " + getDTypeName(dtype) +
                         " " + tensor + " [" + llvm::Twine(low) + ", " +
                         llvm::Twine(high) + "]");
      }
      return llvm::Error::success();
    };
    if (llvm::Error error = inRange(inv.input_zero_point(), inType,
                                    "input_zero_point", "input")) {
      return error;
    }
    if (weighted) {
      if (llvm::Error error =
              inRange(inv.weights_zero_point(), layouts[inv.weights()].dtype,
                      "weights_zero_point", "weights")) {
        return error;
      }
    } else if (inv.weights_zero_point() != 0) {
      return makeError(what + ": weights_zero_point " +
                       llvm::Twine(inv.weights_zero_point()) + " on a " +
                       typeName + " task, which has no weights");
    }
    if (eltwise) {
      if (llvm::Error error =
              inRange(inv.input2_zero_point(), layouts[inv.input2()].dtype,
                      "input2_zero_point", "input2")) {
        return error;
      }
    }
  }
  // The fields of INT8 eltwise tasks (since 2.3): input2's zero point, and
  // the input multipliers of ELTWISE_ADD / ELTWISE_SUB; 0 on other tasks.
  std::string taskText =
      "a " + typeName + " task on a " + getDTypeName(inType) + " input";
  if (!(int8 && eltwise) && inv.input2_zero_point() != 0) {
    return makeError(what + ": input2_zero_point " +
                     llvm::Twine(inv.input2_zero_point()) + " on " + taskText +
                     ", expected 0 (only INT8 eltwise tasks have one)");
  }
  bool scaled = int8 && (type == schema::NceTaskType::ELTWISE_ADD ||
                         type == schema::NceTaskType::ELTWISE_SUB);
  for (auto [mult, field] :
       {std::make_pair(inv.input_mult(), "input_mult"),
        std::make_pair(inv.input2_mult(), "input2_mult")}) {
    if (scaled && (mult < 0 || mult > kMaxEltwiseMult)) {
      return makeError(what + ": " + field + " " + llvm::Twine(mult) +
                       " is outside [0, " + llvm::Twine(kMaxEltwiseMult) + "]");
    }
    if (!scaled && mult != 0) {
      return makeError(what + ": " + field + " " + llvm::Twine(mult) + " on " +
                       taskText +
                       ", expected 0 (only INT8 ELTWISE_ADD and ELTWISE_SUB "
                       "tasks scale their inputs)");
    }
  }
  // PPE.
  const schema::PpeTask *ppe = nce.ppe();
  auto count = [](const flatbuffers::Vector<int32_t> *values) -> uint32_t {
    return values ? values->size() : 0;
  };
  if (intOut && !weighted &&
      (!ppe || count(ppe->quant_mult()) != 1 ||
       count(ppe->quant_shift()) != 1)) {
    return makeError(
        what + ": a " + typeName + " task with a " + getDTypeName(outType) +
        " output needs the PPE's quant_mult and quant_shift, one entry each " +
        "(got " + llvm::Twine(ppe ? count(ppe->quant_mult()) : 0) + " and " +
        llvm::Twine(ppe ? count(ppe->quant_shift()) : 0) + ")");
  }
  if (ppe) {
    schema::PpeMode mode = ppe->mode();
    if (mode < schema::PpeMode::MIN || mode > schema::PpeMode::MAX) {
      return makeError(what + ": unknown PPE mode " +
                       llvm::Twine(static_cast<int>(mode)) +
                       " (a newer schema version?)");
    }
    bool clamp = mode == schema::PpeMode::RELUX;
    bool alpha = mode == schema::PpeMode::LRELU;
    if (!std::isfinite(ppe->clamp_low()) || !std::isfinite(ppe->clamp_high()) ||
        !std::isfinite(ppe->alpha()) ||
        (!clamp && (ppe->clamp_low() != 0 || ppe->clamp_high() != 0)) ||
        (!alpha && ppe->alpha() != 0) ||
        (clamp && ppe->clamp_low() > ppe->clamp_high())) {
      return makeError(what + ": invalid PPE parameters for mode " +
                       schema::EnumNamePpeMode(mode) + " (clamp_low " +
                       std::to_string(ppe->clamp_low()) + ", clamp_high " +
                       std::to_string(ppe->clamp_high()) + ", alpha " +
                       std::to_string(ppe->alpha()) + ")");
    }
    if (!intOut) {
      if (count(ppe->quant_mult()) > 0 || count(ppe->quant_shift()) > 0 ||
          ppe->quant_post_shift() != 0 || ppe->out_zero_point() != 0) {
        return makeError(what + ": PPE requantisation fields on a task with an "
                                "f16 output");
      }
    } else {
      if (ppe->quant_post_shift() != 0) {
        return makeError(what + ": PPE quant_post_shift " +
                         llvm::Twine(ppe->quant_post_shift()) +
                         " must be 0 (reserved)");
      }
      auto [low, high] = getIntegerRange(outType);
      if (ppe->out_zero_point() < low || ppe->out_zero_point() > high) {
        return makeError(what + ": PPE out_zero_point " +
                         llvm::Twine(ppe->out_zero_point()) +
                         " is outside the range of the " +
                         getDTypeName(outType) + " output [" +
                         llvm::Twine(low) + ", " + llvm::Twine(high) + "]");
      }
      if (weighted &&
          (count(ppe->quant_mult()) > 0 || count(ppe->quant_shift()) > 0)) {
        return makeError(what + ": PPE quant_mult / quant_shift on a " +
                         typeName +
                         " task: its multipliers and shifts are in the "
                         "weights table");
      }
      if (!weighted) {
        int32_t mult = ppe->quant_mult()->Get(0);
        int32_t shift = ppe->quant_shift()->Get(0);
        if (mult < 0 || mult > kMaxQuantMult || shift < 0 ||
            shift > kMaxQuantShift) {
          return makeError(
              what + ": PPE quant_mult " + llvm::Twine(mult) +
              " and quant_shift " + llvm::Twine(shift) +
              ": expected 0 <= quant_mult <= " + llvm::Twine(kMaxQuantMult) +
              " and 0 <= quant_shift <= " + llvm::Twine(kMaxQuantShift));
        }
      }
      if (mode == schema::PpeMode::RELUX &&
          (std::floor(ppe->clamp_low()) != ppe->clamp_low() ||
           std::floor(ppe->clamp_high()) != ppe->clamp_high())) {
        return makeError(what + ": PPE RELUX clamps on an integer output " +
                         "must be integral (clamp_low " +
                         std::to_string(ppe->clamp_low()) + ", clamp_high " +
                         std::to_string(ppe->clamp_high()) + ")");
      }
    }
  }
  // Variants.
  const auto &variants = *nce.variants();
  if (variants.size() == 0 || variants.size() > kMaxNceVariants) {
    return makeError(what + ": " + llvm::Twine(variants.size()) +
                     " variants, expected 1 to " +
                     llvm::Twine(kMaxNceVariants));
  }
  int64_t extent[3] = {outW, outH, outC};
  int64_t covered = 0;
  for (uint32_t v = 0, n = variants.size(); v < n; ++v) {
    const schema::DpuVariant &variant = *variants.Get(v);
    std::string variantWhat = what + ", variant " + std::to_string(v);
    int64_t start[3] = {variant.start_x(), variant.start_y(),
                        variant.start_z()};
    int64_t end[3] = {variant.end_x(), variant.end_y(), variant.end_z()};
    for (int axis = 0; axis < 3; ++axis) {
      if (start[axis] > end[axis] || end[axis] >= extent[axis]) {
        return makeError(
            variantWhat + ": box [" + llvm::Twine(start[0]) + ", " +
            llvm::Twine(start[1]) + ", " + llvm::Twine(start[2]) + "] to [" +
            llvm::Twine(end[0]) + ", " + llvm::Twine(end[1]) + ", " +
            llvm::Twine(end[2]) + "] is not inside the output (" +
            layouts[inv.output()].describe() + ")");
      }
    }
    if (variant.mpe_mode() < schema::MpeMode::MIN ||
        variant.mpe_mode() > schema::MpeMode::MAX) {
      return makeError(variantWhat + ": unknown MPE mode " +
                       llvm::Twine(static_cast<int>(variant.mpe_mode())));
    }
    int64_t expectedPad[4] = {
        start[1] == 0 ? pt : 0, end[1] == outH - 1 ? pb : 0,
        start[0] == 0 ? pl : 0, end[0] == outW - 1 ? pr : 0};
    int64_t pad[4] = {variant.pad_top(), variant.pad_bottom(),
                      variant.pad_left(), variant.pad_right()};
    if (!std::equal(pad, pad + 4, expectedPad)) {
      return makeError(variantWhat + ": padding [" + llvm::Twine(pad[0]) +
                       ", " + llvm::Twine(pad[1]) + ", " + llvm::Twine(pad[2]) +
                       ", " + llvm::Twine(pad[3]) +
                       "] differs from the task's on the output border [" +
                       llvm::Twine(expectedPad[0]) + ", " +
                       llvm::Twine(expectedPad[1]) + ", " +
                       llvm::Twine(expectedPad[2]) + ", " +
                       llvm::Twine(expectedPad[3]) + "]");
    }
    covered += (end[0] - start[0] + 1) * (end[1] - start[1] + 1) *
               (end[2] - start[2] + 1);
    for (uint32_t o = 0; o < v; ++o) {
      const schema::DpuVariant &other = *variants.Get(o);
      if (start[0] <= other.end_x() && other.start_x() <= end[0] &&
          start[1] <= other.end_y() && other.start_y() <= end[1] &&
          start[2] <= other.end_z() && other.start_z() <= end[2]) {
        return makeError(variantWhat + ": box overlaps variant " +
                         llvm::Twine(o));
      }
    }
  }
  if (covered != outW * outH * outC) {
    return makeError(what + ": the variants cover " + llvm::Twine(covered) +
                     " of the " + llvm::Twine(outW * outH * outC) +
                     " output elements");
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// loadBlob
//===----------------------------------------------------------------------===//

llvm::Expected<BlobFile> loadBlob(llvm::ArrayRef<uint8_t> bytes) {
  const char *identifier = schema::BlobIdentifier();
  if (bytes.size() < 8) {
    return makeError("not a vpuc blob: " + llvm::Twine(bytes.size()) +
                     " bytes are too few");
  }
  if (!flatbuffers::BufferHasIdentifier(bytes.data(), identifier)) {
    std::string found;
    for (int i = 4; i < 8; ++i) {
      char c = static_cast<char>(bytes[i]);
      found += (c >= 32 && c < 127) ? std::string(1, c) : "?";
    }
    return makeError("not a vpuc blob: file identifier '" + found +
                     "', expected '" + identifier + "'");
  }
  if (bytes.size() >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return makeError("blob of " + llvm::Twine(bytes.size()) +
                     " bytes exceeds the 2 GB flatbuffers limit");
  }

  BlobFile file;
  // 64-byte aligned copy: force_align'ed vectors stay aligned in memory.
  size_t allocated = (bytes.size() + 63) / 64 * 64;
  file.storage.reset(static_cast<uint8_t *>(std::aligned_alloc(64, allocated)));
  if (!file.storage) {
    return makeError("out of memory reading a blob of " +
                     llvm::Twine(bytes.size()) + " bytes");
  }
  std::memcpy(file.storage.get(), bytes.data(), bytes.size());
  file.size = bytes.size();
  const uint8_t *data = file.storage.get();

  llvm::Expected<schema::SchemaVersion> version = readVersion(data, file.size);
  if (!version) {
    return version.takeError();
  }
  if (version->major() != kSchemaMajor || version->minor() > kSchemaMinor) {
    return makeError(
        "unsupported blob schema version " + llvm::Twine(version->major()) +
        "." + llvm::Twine(version->minor()) + ": this reader reads " +
        llvm::Twine(kSchemaMajor) + ".0 to " + llvm::Twine(kSchemaMajor) + "." +
        llvm::Twine(kSchemaMinor));
  }

  flatbuffers::Verifier::Options options;
  // Every table takes at least 4 bytes; the default cap of 10^6 tables would
  // reject large but valid networks.
  options.max_tables = std::max<size_t>(1000000, file.size / 4);
  flatbuffers::Verifier verifier(data, file.size, options);
  if (!schema::VerifyBlobBuffer(verifier)) {
    return makeError("malformed blob: the flatbuffers verifier rejects it "
                     "(truncated or corrupted file?)");
  }
  file.root = schema::GetBlob(data);
  Checker checker(file);
  if (llvm::Error error = checker.check()) {
    return makeError("invalid blob: " + llvm::toString(std::move(error)));
  }
  return std::move(file);
}

llvm::Expected<BlobFile> readBlobFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer) {
    return makeError(path + ": " + buffer.getError().message());
  }
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>((*buffer)->getBufferStart()),
      (*buffer)->getBufferSize());
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  if (!file) {
    return makeError(path + ": " + llvm::toString(file.takeError()));
  }
  return file;
}

llvm::Error writeBlobFile(llvm::StringRef path, llvm::ArrayRef<uint8_t> bytes) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (error) {
    return makeError(path + ": " + error.message());
  }
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  os.close();
  if (os.has_error()) {
    return makeError(path + ": " + os.error().message());
  }
  return llvm::Error::success();
}

} // namespace mlir::vpuc::blob
