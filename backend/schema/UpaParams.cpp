//===- UpaParams.cpp - The UPA parameter table of each kernel -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The helpers of the generated writers and readers (UpaParams.cpp.inc, from
// kernels/abi/SwKernels.td) and the entry points.
//
//===----------------------------------------------------------------------===//

#include "backend/schema/UpaParams.h"

#include <cstring>
#include <string>
#include <vector>

#include "kernels/abi/SwKernelAbi.h"
#include "llvm/ADT/Twine.h"

namespace vpuc::schema {

namespace {

namespace fb = ::flatbuffers;

/// A library kernel and its table.
struct UpaKernelDecl {
  const char *kernel;
  UpaParams type;
};

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Reads the packed scalars of one kernel in order; the first error is kept
/// and reported by finish(), later reads return 0.
class ScalarReader {
public:
  ScalarReader(llvm::StringRef kernel, llvm::ArrayRef<uint8_t> bytes)
      : kernel(kernel), bytes(bytes) {}

  int32_t i32(llvm::StringRef name) {
    int32_t value = 0;
    read(name, &value);
    return value;
  }
  float f32(llvm::StringRef name) {
    float value = 0.0f;
    read(name, &value);
    return value;
  }
  bool flag(llvm::StringRef name) {
    int32_t value = i32(name);
    if (value != 0 && value != 1) {
      fail("scalar '" + name + "' is a flag, got " + llvm::Twine(value));
    }
    return value == 1;
  }
  fb::Offset<fb::Vector<int32_t>> i32PerDim(fb::FlatBufferBuilder &fbb,
                                            llvm::StringRef name) {
    return perDim<int32_t>(fbb, name);
  }
  fb::Offset<fb::Vector<float>> f32PerDim(fb::FlatBufferBuilder &fbb,
                                          llvm::StringRef name) {
    return perDim<float>(fbb, name);
  }

  /// The first error, or one for scalars left over.
  llvm::Error finish() {
    if (error.empty() && pos != bytes.size()) {
      fail("got " + llvm::Twine(bytes.size()) +
           " bytes of scalars, the "
           "kernel takes " +
           llvm::Twine(pos));
    }
    if (error.empty()) {
      return llvm::Error::success();
    }
    return makeError("UPA parameters of kernel '" + kernel + "': " + error);
  }

private:
  template <typename T> void read(llvm::StringRef name, T *value) {
    if (!error.empty()) {
      return;
    }
    if (pos + sizeof(T) > bytes.size()) {
      fail("scalar '" + name + "' is missing");
      return;
    }
    std::memcpy(value, bytes.data() + pos, sizeof(T));
    pos += sizeof(T);
  }
  template <typename T>
  fb::Offset<fb::Vector<T>> perDim(fb::FlatBufferBuilder &fbb,
                                   llvm::StringRef name) {
    std::vector<T> values(mlir::vpuc::abi::kMaxRank, T(0));
    for (T &value : values) {
      read(name, &value);
    }
    while (!values.empty() && values.back() == T(0)) {
      values.pop_back();
    }
    if (values.empty() || !error.empty()) {
      return 0;
    }
    return fbb.CreateVector(values);
  }
  void fail(const llvm::Twine &message) {
    if (error.empty()) {
      error = message.str();
    }
  }

  llvm::StringRef kernel;
  llvm::ArrayRef<uint8_t> bytes;
  size_t pos = 0;
  std::string error;
};

llvm::Error missingParams(const UpaLayerTask &task, llvm::StringRef table) {
  return makeError("UPA layer of kernel '" + task.kernel()->str() +
                   "' has parameters " + EnumNameUpaParams(task.params_type()) +
                   ", the kernel takes " + table);
}

llvm::Error unusedField(const UpaLayerTask &task, llvm::StringRef field) {
  return makeError("UPA layer of kernel '" + task.kernel()->str() +
                   "': field '" + field +
                   "' is not an argument of the kernel and must keep its "
                   "default");
}

template <typename T>
llvm::Error packPerDim(const UpaLayerTask &task, llvm::StringRef field,
                       const fb::Vector<T> *values,
                       mlir::vpuc::abi::ArgPacker &packer) {
  uint32_t size = values ? values->size() : 0;
  if (size > mlir::vpuc::abi::kMaxRank) {
    return makeError("UPA layer of kernel '" + task.kernel()->str() +
                     "': field '" + field + "' has " + llvm::Twine(size) +
                     " entries, more than the " +
                     llvm::Twine(mlir::vpuc::abi::kMaxRank) + " dims");
  }
  for (uint32_t i = 0; i < mlir::vpuc::abi::kMaxRank; ++i) {
    T value = i < size ? values->Get(i) : T(0);
    if constexpr (std::is_same_v<T, float>) {
      packer.addF32(value);
    } else {
      packer.addI32(value);
    }
  }
  return llvm::Error::success();
}

#include "backend/schema/UpaParams.cpp.inc"

} // namespace

std::optional<UpaParams> getUpaParamsType(llvm::StringRef kernel) {
  for (const UpaKernelDecl &decl : kUpaKernels) {
    if (kernel == decl.kernel) {
      return decl.type;
    }
  }
  return std::nullopt;
}

llvm::Expected<UpaParamsOffset>
buildUpaParams(fb::FlatBufferBuilder &fbb, llvm::StringRef kernel,
               llvm::ArrayRef<uint8_t> scalars) {
  std::optional<UpaParams> type = getUpaParamsType(kernel);
  if (!type) {
    return makeError("the kernel library has no kernel '" + kernel + "'");
  }
  if (*type == UpaParams::NONE) {
    if (!scalars.empty()) {
      return makeError("UPA parameters of kernel '" + kernel +
                       "': the kernel takes no scalars, got " +
                       llvm::Twine(scalars.size()) + " bytes");
    }
    return UpaParamsOffset{UpaParams::NONE, 0};
  }
  // Every field is written, defaults too: flatc's builders leave out a value
  // equal to its default, which would turn a -0.0 into +0.0.
  ScalarReader reader(kernel, scalars);
  fbb.ForceDefaults(true);
  llvm::Expected<UpaParamsOffset> written =
      buildUpaParamsOf(fbb, kernel, reader);
  fbb.ForceDefaults(false);
  return written;
}

llvm::Error packUpaParams(const UpaLayerTask &task,
                          mlir::vpuc::abi::ArgPacker &packer) {
  llvm::StringRef kernel = task.kernel()->string_view();
  std::optional<UpaParams> type = getUpaParamsType(kernel);
  if (!type) {
    return makeError("the kernel library has no kernel '" + kernel + "'");
  }
  if (*type == UpaParams::NONE) {
    if (task.params_type() != UpaParams::NONE) {
      return makeError("UPA layer of kernel '" + kernel + "' has parameters " +
                       EnumNameUpaParams(task.params_type()) +
                       ", the kernel takes none");
    }
    return llvm::Error::success();
  }
  return packUpaParamsOf(task, kernel, packer);
}

} // namespace vpuc::schema
