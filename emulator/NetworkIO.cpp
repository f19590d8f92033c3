//===- NetworkIO.cpp - Network inputs and outputs -------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Fills the network inputs from npy arrays (converting floating-point
// arrays and 4-bit integers) and reads the outputs back in logical
// row-major order.
//
//===----------------------------------------------------------------------===//

#include "emulator/EmulatorImpl.h"

#include <cstring>
#include <optional>

#include "core/numeric/Float16.h"
#include "core/shape/StridedCopy.h"
#include "emulator/HazardDetector.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::emu {

using blob::TensorLayout;
using shape::Dim;

//===----------------------------------------------------------------------===//
// Element types and layouts
//===----------------------------------------------------------------------===//

/// The npy type that holds `dtype` exactly, if any.
static std::optional<npy::DType> getNpyType(schema::DType dtype) {
  switch (dtype) {
  case schema::DType::F32:
    return npy::DType::F32;
  case schema::DType::F16:
    return npy::DType::F16;
  case schema::DType::I8:
    return npy::DType::I8;
  case schema::DType::U8:
    return npy::DType::U8;
  case schema::DType::I16:
    return npy::DType::I16;
  case schema::DType::U16:
    return npy::DType::U16;
  case schema::DType::I32:
    return npy::DType::I32;
  case schema::DType::U32:
    return npy::DType::U32;
  case schema::DType::I64:
    return npy::DType::I64;
  case schema::DType::U64:
    return npy::DType::U64;
  case schema::DType::BOOL:
    return npy::DType::Bool;
  case schema::DType::F64:
    return npy::DType::F64;
  default:
    return std::nullopt;
  }
}

/// Bit offset of every element of `layout` in logical row-major order.
static std::vector<int64_t> getElementBitOffsets(const TensorLayout &layout) {
  std::vector<int64_t> offsets;
  int64_t rank = layout.dims.rank();
  offsets.reserve(layout.getNumElements());
  llvm::SmallVector<int64_t, 8> index(rank, 0);
  if (layout.getNumElements() == 0) {
    return offsets;
  }
  while (true) {
    int64_t bit = 0;
    for (int64_t d = 0; d < rank; ++d) {
      bit += index[d] * layout.strides[Dim(d)];
    }
    offsets.push_back(bit);
    int64_t d = rank;
    while (d > 0) {
      --d;
      if (++index[d] < layout.dims[Dim(d)]) {
        break;
      }
      index[d] = 0;
      if (d == 0) {
        return offsets;
      }
    }
    if (rank == 0) {
      return offsets;
    }
  }
}

/// Copies compact logical row-major bytes into a layout (or back, with
/// `toLayout` false), for element types of whole bytes.
static void copyLogical(const TensorLayout &layout, uint8_t *layoutData,
                        uint8_t *compact, bool toLayout) {
  shape::MemShape dims(layout.dims.raw());
  shape::MemStrides layoutStrides(layout.strides.raw());
  shape::MemStrides compactStrides(
      blob::getCompactStrides(
          layout.dims, shape::DimsOrder::getDefaultOrder(layout.dims.rank()),
          layout.elemBits)
          .raw());
  if (toLayout) {
    shape::stridedCopy(reinterpret_cast<const char *>(compact), compactStrides,
                       reinterpret_cast<char *>(layoutData), layoutStrides,
                       dims, shape::Bit(layout.elemBits));
  } else {
    shape::stridedCopy(reinterpret_cast<const char *>(layoutData),
                       layoutStrides, reinterpret_cast<char *>(compact),
                       compactStrides, dims, shape::Bit(layout.elemBits));
  }
}

//===----------------------------------------------------------------------===//
// Inputs and outputs
//===----------------------------------------------------------------------===//

llvm::Error Emulator::Impl::setInput(unsigned index, const npy::Array &array) {
  if (index >= inputLayouts.size()) {
    return makeError("the network has no input " + llvm::Twine(index));
  }
  const TensorLayout &layout = inputLayouts[index];
  std::string what = "input '" + getInputDesc(index).name()->str() + "'";
  if (llvm::ArrayRef<int64_t>(array.shape) != layout.dims.raw()) {
    auto text = [](llvm::ArrayRef<int64_t> dims) {
      return dims.empty()
                 ? std::string("scalar")
                 : llvm::join(
                       llvm::map_range(
                           dims, [](int64_t d) { return std::to_string(d); }),
                       "x");
    };
    return makeError(what + ": array of shape " + text(array.shape) +
                     " for an input of shape " + text(layout.dims.raw()));
  }
  int64_t count = layout.getNumElements();
  // The elements in the blob's element type, logical row-major order.
  std::vector<uint8_t> compact;
  std::optional<npy::DType> same = getNpyType(layout.dtype);
  bool isFloatArray = array.dtype == npy::DType::F16 ||
                      array.dtype == npy::DType::F32 ||
                      array.dtype == npy::DType::F64;
  auto element = [&](int64_t i) -> double {
    switch (array.dtype) {
    case npy::DType::F16: {
      uint16_t bits;
      std::memcpy(&bits, array.data.data() + 2 * i, 2);
      return numeric::f16BitsToFloat(bits);
    }
    case npy::DType::F32: {
      float value;
      std::memcpy(&value, array.data.data() + 4 * i, 4);
      return value;
    }
    case npy::DType::F64: {
      double value;
      std::memcpy(&value, array.data.data() + 8 * i, 8);
      return value;
    }
    case npy::DType::I8:
      return static_cast<int8_t>(array.data[i]);
    case npy::DType::U8:
      return array.data[i];
    default:
      return 0;
    }
  };
  if (same && *same == array.dtype) {
    compact.assign(array.data.begin(), array.data.end());
  } else if (isFloatArray && (layout.dtype == schema::DType::F64 ||
                              layout.dtype == schema::DType::F32 ||
                              layout.dtype == schema::DType::F16 ||
                              layout.dtype == schema::DType::BF16)) {
    int64_t size = layout.elemBits / 8;
    compact.resize(count * size);
    for (int64_t i = 0; i < count; ++i) {
      float value = static_cast<float>(element(i));
      if (layout.dtype == schema::DType::F64) {
        double wide = element(i);
        std::memcpy(compact.data() + 8 * i, &wide, 8);
      } else if (layout.dtype == schema::DType::F32) {
        std::memcpy(compact.data() + 4 * i, &value, 4);
      } else {
        uint16_t bits = layout.dtype == schema::DType::F16
                            ? numeric::floatToF16Bits(value)
                            : numeric::floatToBF16Bits(value);
        std::memcpy(compact.data() + 2 * i, &bits, 2);
      }
    }
  } else if ((layout.dtype == schema::DType::I4 &&
              array.dtype == npy::DType::I8) ||
             (layout.dtype == schema::DType::U4 &&
              array.dtype == npy::DType::U8)) {
    bool isSigned = layout.dtype == schema::DType::I4;
    for (int64_t i = 0; i < count; ++i) {
      double value = element(i);
      if (value < (isSigned ? -8 : 0) || value > (isSigned ? 7 : 15)) {
        return makeError(what + ": element " + llvm::Twine(i) + " (" +
                         llvm::Twine(static_cast<int>(value)) +
                         ") does not fit " + blob::getDTypeName(layout.dtype));
      }
    }
  } else {
    return makeError(what + ": an array of " + npy::getDTypeName(array.dtype) +
                     " cannot feed a " + blob::getDTypeName(layout.dtype) +
                     " input");
  }
  Region &region = regions[inputsBase + index];
  if (layout.elemBits % 8 == 0) {
    copyLogical(layout, region.bytes.data(), compact.data(),
                /*toLayout=*/true);
  } else {
    std::vector<int64_t> offsets = getElementBitOffsets(layout);
    for (int64_t i = 0; i < count; ++i) {
      uint8_t nibble = static_cast<uint8_t>(array.data[i]) & 0xf;
      uint8_t &byte = region.bytes[offsets[i] / 8];
      int shift = offsets[i] % 8;
      byte = static_cast<uint8_t>((byte & ~(0xf << shift)) | (nibble << shift));
    }
  }
  if (detector) {
    forEachByteRun(0, layout.getMemShape(), layout.getMemStrides(),
                   layout.elemBits, [&](uint64_t begin, uint64_t end) {
                     detector->hostWrite(inputsBase + index, begin, end);
                   });
  }
  inputSet[index] = true;
  return llvm::Error::success();
}

npy::Array Emulator::Impl::getOutput(unsigned index) const {
  const TensorLayout &layout = outputLayouts[index];
  const Region &region = regions[outputsBase + index];
  std::vector<int64_t> shape(layout.dims.begin(), layout.dims.end());
  int64_t count = layout.getNumElements();
  if (layout.elemBits % 8 != 0) {
    bool isSigned = layout.dtype == schema::DType::I4;
    npy::Array array =
        npy::Array::zeros(isSigned ? npy::DType::I8 : npy::DType::U8, shape);
    std::vector<int64_t> offsets = getElementBitOffsets(layout);
    for (int64_t i = 0; i < count; ++i) {
      int value = (region.bytes[offsets[i] / 8] >> (offsets[i] % 8)) & 0xf;
      if (isSigned && value >= 8) {
        value -= 16;
      }
      array.data[i] = static_cast<char>(value);
    }
    return array;
  }
  std::vector<uint8_t> compact(count * (layout.elemBits / 8));
  copyLogical(layout, const_cast<uint8_t *>(region.bytes.data()),
              compact.data(), /*toLayout=*/false);
  if (layout.dtype == schema::DType::BF16) {
    npy::Array array = npy::Array::zeros(npy::DType::F32, shape);
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, compact.data() + 2 * i, 2);
      float value = numeric::bf16BitsToFloat(bits);
      std::memcpy(array.data.data() + 4 * i, &value, 4);
    }
    return array;
  }
  npy::Array array = npy::Array::zeros(*getNpyType(layout.dtype), shape);
  std::memcpy(array.data.data(), compact.data(), compact.size());
  return array;
}

} // namespace mlir::vpuc::emu
