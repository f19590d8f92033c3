//===- UpaParams.cpp - Scalar parameters of UPA layers --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/UpaParams.h"

#include <cstring>
#include <vector>

#include "backend/schema/UpaParams.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::blob {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The scalar argument kinds of `kernel` in ABI order, or std::nullopt.
std::optional<llvm::SmallVector<abi::ArgKind>>
getScalarKinds(llvm::StringRef kernel) {
  const abi::KernelDecl *decl = abi::findKernel(kernel);
  if (!decl) {
    return std::nullopt;
  }
  llvm::SmallVector<abi::ArgKind> kinds;
  for (uint32_t i = 0; i < decl->numArgs; ++i) {
    if (!abi::isMemRefArg(decl->signature[i])) {
      kinds.push_back(decl->signature[i]);
    }
  }
  return kinds;
}

} // namespace

std::optional<llvm::SmallVector<std::string>>
getKernelScalarTypeNames(llvm::StringRef kernel) {
  std::optional<llvm::SmallVector<abi::ArgKind>> kinds = getScalarKinds(kernel);
  if (!kinds) {
    return std::nullopt;
  }
  llvm::SmallVector<std::string> names;
  for (abi::ArgKind kind : *kinds) {
    names.push_back(kind == abi::ArgKind::F32   ? "f32"
                    : kind == abi::ArgKind::I64 ? "i64"
                                                : "i32");
  }
  return names;
}

llvm::Expected<UpaParamsWriter>
makeUpaParamsWriter(llvm::StringRef kernel, llvm::ArrayRef<Attribute> params) {
  std::optional<llvm::SmallVector<abi::ArgKind>> kinds = getScalarKinds(kernel);
  if (!kinds) {
    return makeError("the kernel library has no kernel '" + kernel + "'");
  }
  if (params.size() != kinds->size()) {
    return makeError("kernel '" + kernel + "' takes " +
                     llvm::Twine(kinds->size()) + " scalars, not " +
                     llvm::Twine(params.size()));
  }
  abi::ArgPacker packer;
  for (auto [index, param] : llvm::enumerate(params)) {
    abi::ArgKind kind = (*kinds)[index];
    auto integer = llvm::dyn_cast<IntegerAttr>(param);
    auto real = llvm::dyn_cast<FloatAttr>(param);
    if (kind == abi::ArgKind::F32 && real && real.getType().isF32()) {
      packer.addF32(real.getValue().convertToFloat());
    } else if (kind == abi::ArgKind::I32 && integer &&
               integer.getType().isInteger(32)) {
      packer.addI32(static_cast<int32_t>(integer.getInt()));
    } else {
      return makeError("scalar #" + llvm::Twine(index) + " of kernel '" +
                       kernel + "': expected an " +
                       (kind == abi::ArgKind::F32 ? "f32" : "i32") + " value");
    }
  }
  std::vector<uint8_t> scalars = packer.finish();
  scalars.resize(packer.getStructSize());
  // Checks the scalars once (flags), so that the writer cannot fail.
  flatbuffers::FlatBufferBuilder scratch;
  llvm::Expected<::vpuc::schema::UpaParamsOffset> trial =
      ::vpuc::schema::buildUpaParams(scratch, kernel, scalars);
  if (!trial) {
    return trial.takeError();
  }
  std::string name = kernel.str();
  return UpaParamsWriter([name, scalars](flatbuffers::FlatBufferBuilder &fbb) {
    llvm::Expected<::vpuc::schema::UpaParamsOffset> written =
        ::vpuc::schema::buildUpaParams(fbb, name, scalars);
    if (!written) {
      llvm::consumeError(written.takeError());
      return std::make_pair(::vpuc::schema::UpaParams::NONE,
                            flatbuffers::Offset<void>());
    }
    return std::make_pair(written->type, written->offset);
  });
}

llvm::Expected<llvm::SmallVector<Attribute>>
readUpaParams(const schema::UpaLayerTask &task, MLIRContext *context) {
  llvm::StringRef kernel = task.kernel()->string_view();
  std::optional<llvm::SmallVector<abi::ArgKind>> kinds = getScalarKinds(kernel);
  if (!kinds) {
    if (task.params_type() == schema::UpaParams::NONE) {
      return llvm::SmallVector<Attribute>();
    }
    return makeError("UPA layer '" + kernel + "': its parameters " +
                     schema::EnumNameUpaParams(task.params_type()) +
                     " belong to no kernel of the library");
  }
  abi::ArgPacker packer;
  if (llvm::Error error = ::vpuc::schema::packUpaParams(task, packer)) {
    return std::move(error);
  }
  std::vector<uint8_t> bytes = packer.finish();
  Builder builder(context);
  llvm::SmallVector<Attribute> params;
  size_t offset = 0;
  for (abi::ArgKind kind : *kinds) {
    uint32_t bits = 0;
    std::memcpy(&bits, bytes.data() + offset, sizeof(bits));
    offset += sizeof(bits);
    if (kind == abi::ArgKind::F32) {
      float value = 0.0f;
      std::memcpy(&value, &bits, sizeof(value));
      params.push_back(builder.getF32FloatAttr(value));
    } else {
      params.push_back(builder.getI32IntegerAttr(static_cast<int32_t>(bits)));
    }
  }
  return params;
}

} // namespace mlir::vpuc::blob
