//===- KernelRegistry.cpp - Native SHAVE kernels of the emulator ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Address translation, descriptor decoding, and the registry filled from the
// generated list of kernel files (Kernels.inc, one VPUC_EMU_KERNEL(id) line per
// registration function found in kernels/shave/*.cpp).
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelRegistry.h"

#include <algorithm>
#include <cassert>

#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::emu {

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::string hex(uint64_t value) {
  return "0x" + llvm::Twine::utohexstr(value).str();
}

int64_t TensorView::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

//===----------------------------------------------------------------------===//
// KernelContext
//===----------------------------------------------------------------------===//

const Window *KernelContext::findWindow(uint32_t address, uint64_t size) const {
  for (const Window &window : windows) {
    if (address >= window.base && address - window.base <= window.size &&
        size <= window.size - (address - window.base)) {
      return &window;
    }
  }
  return nullptr;
}

uint8_t *KernelContext::translate(uint32_t address, uint64_t size,
                                  bool write) const {
  const Window *window = findWindow(address, size);
  if (!window || (write && !window->writable)) {
    return nullptr;
  }
  return window->host + (address - window->base);
}

llvm::Expected<TensorView> KernelContext::view(const abi::MemRefData &desc,
                                               bool write,
                                               bool *outOfBounds) const {
  if (outOfBounds) {
    *outOfBounds = false;
  }
  auto outside = [&](const llvm::Twine &message) {
    if (outOfBounds) {
      *outOfBounds = true;
    }
    return makeError(message);
  };
  if (desc.numDims > abi::kMaxRank) {
    return makeError("rank " + llvm::Twine(desc.numDims) +
                     " above the maximum of 8");
  }
  if (desc.isStatic > 1) {
    return makeError("invalid static flag " + llvm::Twine(desc.isStatic));
  }
  TensorView view;
  view.type = static_cast<abi::DataType>(desc.dataType);
  view.elemBits = abi::getDataTypeBits(view.type);
  if (view.elemBits == 0) {
    return makeError("unknown data type " + llvm::Twine(desc.dataType));
  }
  if (!shape::DimsOrder::isValidCode(desc.dimsOrder)) {
    return makeError("invalid dims order " + hex(desc.dimsOrder));
  }
  view.order = shape::DimsOrder::fromCode(desc.dimsOrder);
  if (view.order.rank() != desc.numDims) {
    return makeError("dims order " + view.order.getName() + " for rank " +
                     llvm::Twine(desc.numDims));
  }
  uint32_t rank = desc.numDims;
  const uint8_t *dims =
      rank ? translate(desc.dimsAddr, 4ull * rank, false) : nullptr;
  if (rank && !dims) {
    return outside("dims array at " + hex(desc.dimsAddr) +
                   " lies outside the windows");
  }
  const uint8_t *strides =
      rank ? translate(desc.stridesAddr, 8ull * rank, false) : nullptr;
  if (rank && !strides) {
    return outside("strides array at " + hex(desc.stridesAddr) +
                   " lies outside the windows");
  }
  __int128 lastBit = 0, numElements = 1;
  bool empty = false;
  for (uint32_t i = 0; i < rank; ++i) {
    int32_t dim;
    int64_t stride;
    std::memcpy(&dim, dims + 4 * i, 4);
    std::memcpy(&stride, strides + 8 * i, 8);
    if (dim < 0) {
      return makeError("negative dimension " + llvm::Twine(dim));
    }
    if (stride < 0 || stride > (int64_t(1) << 51)) {
      return makeError("stride " + llvm::Twine(stride) + " bits out of range");
    }
    bool innermost = i + 1 == rank;
    if (stride % 8 != 0 && (view.elemBits >= 8 || !innermost)) {
      return makeError("stride " + llvm::Twine(stride) +
                       " bits is not a whole number of bytes");
    }
    view.dims.push_back(dim);
    view.strides.push_back(stride);
    if (dim == 0) {
      empty = true;
    } else {
      lastBit += static_cast<__int128>(dim - 1) * stride;
      numElements *= dim;
    }
  }
  if (numElements > (int64_t(1) << 32)) {
    return makeError("more than 2^32 elements");
  }
  if (write) {
    // Dimensions > 1 sorted by stride must each step over the inner extent.
    llvm::SmallVector<std::pair<int64_t, int64_t>, 8> steps;
    for (uint32_t i = 0; i < rank; ++i) {
      if (view.dims[shape::MemDim(i)] > 1) {
        steps.push_back(
            {view.strides[shape::MemDim(i)], view.dims[shape::MemDim(i)]});
      }
    }
    std::sort(steps.begin(), steps.end());
    __int128 extent = view.elemBits;
    for (auto [stride, size] : steps) {
      if (stride < extent) {
        return makeError("the elements of an output overlap");
      }
      extent = static_cast<__int128>(stride) * (size - 1) + extent;
    }
  }
  if (!empty) {
    __int128 span = (lastBit + view.elemBits + 7) / 8;
    if (span > abi::kWindowSize) {
      return outside("the tensor spans " +
                     llvm::Twine(static_cast<uint64_t>(span)) +
                     " bytes, more than a window");
    }
    view.spanBytes = static_cast<int64_t>(span);
    const Window *window = findWindow(desc.dataAddr, view.spanBytes);
    if (!window) {
      return outside("data [" + hex(desc.dataAddr) + ", " +
                     hex(uint64_t(desc.dataAddr) + view.spanBytes) +
                     ") lies outside the windows");
    }
    if (write && !window->writable) {
      return outside("output data at " + hex(desc.dataAddr) +
                     " lies in read-only " + window->name);
    }
    view.data = window->host + (desc.dataAddr - window->base);
    view.region = window->region;
    view.regionOffset = window->regionOffset + (desc.dataAddr - window->base);
  }
  return view;
}

//===----------------------------------------------------------------------===//
// KernelRegistry
//===----------------------------------------------------------------------===//

void KernelRegistry::add(KernelInfo info) {
  std::string name = info.name;
  bool inserted = kernels.try_emplace(name, std::move(info)).second;
  assert(inserted && "two kernels registered under one name");
  (void)inserted;
}

const KernelInfo *KernelRegistry::lookup(llvm::StringRef name) const {
  auto it = kernels.find(name);
  return it == kernels.end() ? nullptr : &it->second;
}

std::vector<std::string> KernelRegistry::getNames() const {
  std::vector<std::string> names;
  for (const auto &entry : kernels) {
    names.push_back(entry.getKey().str());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string getSignatureText(llvm::ArrayRef<abi::ArgKind> kinds) {
  std::string text = "(";
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (i) {
      text += ", ";
    }
    switch (kinds[i]) {
    case abi::ArgKind::MemRefIn:
      text += "in";
      break;
    case abi::ArgKind::MemRefOut:
      text += "out";
      break;
    case abi::ArgKind::I32:
      text += "i32";
      break;
    case abi::ArgKind::I64:
      text += "i64";
      break;
    case abi::ArgKind::F32:
      text += "f32";
      break;
    }
  }
  return text + ")";
}

llvm::Error checkSignature(const KernelInfo &kernel,
                           llvm::ArrayRef<abi::ArgKind> given,
                           llvm::StringRef what) {
  if (llvm::ArrayRef<abi::ArgKind>(kernel.signature) == given) {
    return llvm::Error::success();
  }
  return makeError("kernel '" + kernel.name + "' takes " +
                   getSignatureText(kernel.signature) + " but " + what + " " +
                   getSignatureText(given));
}

// Declarations of the registration functions...
#undef VPUC_EMU_KERNEL
#define VPUC_EMU_KERNEL(id) void registerKernel_##id(KernelRegistry &registry);
#include "kernels/shave/Kernels.inc" // IWYU pragma: keep

void registerBuiltinKernels(KernelRegistry &registry) {
// ...and their calls.
#undef VPUC_EMU_KERNEL
#define VPUC_EMU_KERNEL(id) registerKernel_##id(registry);
#include "kernels/shave/Kernels.inc" // IWYU pragma: keep
#undef VPUC_EMU_KERNEL
}

const KernelRegistry &getBuiltinKernels() {
  static const KernelRegistry *registry = [] {
    auto *result = new KernelRegistry();
    registerBuiltinKernels(*result);
    return result;
  }();
  return *registry;
}

} // namespace mlir::vpuc::emu
