//===- KernelSupport.cpp - Loops shared by the native kernels -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/emulator/kernels/KernelSupport.h"

#include <cassert>
#include <cmath>
#include <cstring>

#include "core/numeric/Float16.h"

namespace mlir::vpuc::emu {

llvm::Error kernelError(llvm::StringRef kernel, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 kernel + ": " + message);
}

std::string getDataTypeName(abi::DataType type) {
  switch (type) {
  case abi::DataType::Undefined:
    return "undefined";
  case abi::DataType::F32:
    return "f32";
  case abi::DataType::F16:
    return "f16";
  case abi::DataType::BF16:
    return "bf16";
  case abi::DataType::I8:
    return "i8";
  case abi::DataType::U8:
    return "u8";
  case abi::DataType::I16:
    return "i16";
  case abi::DataType::U16:
    return "u16";
  case abi::DataType::I32:
    return "i32";
  case abi::DataType::U32:
    return "u32";
  case abi::DataType::I64:
    return "i64";
  case abi::DataType::U64:
    return "u64";
  case abi::DataType::Bool:
    return "bool";
  case abi::DataType::I4:
    return "i4";
  case abi::DataType::U4:
    return "u4";
  }
  return "type(" + std::to_string(static_cast<uint32_t>(type)) + ")";
}

bool isFloatType(abi::DataType type) {
  return type == abi::DataType::F32 || type == abi::DataType::F16 ||
         type == abi::DataType::BF16;
}

bool isRowType(abi::DataType type) {
  switch (type) {
  case abi::DataType::F32:
  case abi::DataType::F16:
  case abi::DataType::BF16:
  case abi::DataType::I8:
  case abi::DataType::U8:
  case abi::DataType::I16:
  case abi::DataType::U16:
    return true;
  default:
    return false;
  }
}

template <typename T>
static void loadInts(const uint8_t *data, int64_t stride, int64_t count,
                     float *out) {
  for (int64_t i = 0; i < count; ++i) {
    T value;
    std::memcpy(&value, data + i * stride, sizeof(T));
    out[i] = static_cast<float>(value);
  }
}

void loadRow(abi::DataType type, const uint8_t *data, int64_t stride,
             int64_t count, float *out) {
  switch (type) {
  case abi::DataType::F32:
    if (stride == 4) {
      std::memcpy(out, data, 4 * count);
      return;
    }
    for (int64_t i = 0; i < count; ++i) {
      std::memcpy(out + i, data + i * stride, 4);
    }
    return;
  case abi::DataType::F16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + i * stride, 2);
      out[i] = numeric::f16BitsToFloat(bits);
    }
    return;
  case abi::DataType::BF16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + i * stride, 2);
      out[i] = numeric::bf16BitsToFloat(bits);
    }
    return;
  case abi::DataType::I8:
    return loadInts<int8_t>(data, stride, count, out);
  case abi::DataType::U8:
    return loadInts<uint8_t>(data, stride, count, out);
  case abi::DataType::I16:
    return loadInts<int16_t>(data, stride, count, out);
  case abi::DataType::U16:
    return loadInts<uint16_t>(data, stride, count, out);
  default:
    assert(false && "loadRow: unsupported type");
    return;
  }
}

template <typename T>
static void storeInts(uint8_t *data, int64_t stride, int64_t count,
                      const float *in, float lo, float hi) {
  for (int64_t i = 0; i < count; ++i) {
    float value = in[i];
    // NaN becomes 0; std::nearbyint rounds half to even in the default mode.
    value = std::isnan(value) ? 0.0f : std::nearbyint(value);
    value = value < lo ? lo : (value > hi ? hi : value);
    T result = static_cast<T>(value);
    std::memcpy(data + i * stride, &result, sizeof(T));
  }
}

void storeRow(abi::DataType type, uint8_t *data, int64_t stride, int64_t count,
              const float *in) {
  switch (type) {
  case abi::DataType::F32:
    if (stride == 4) {
      std::memcpy(data, in, 4 * count);
      return;
    }
    for (int64_t i = 0; i < count; ++i) {
      std::memcpy(data + i * stride, in + i, 4);
    }
    return;
  case abi::DataType::F16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits = numeric::floatToF16Bits(in[i]);
      std::memcpy(data + i * stride, &bits, 2);
    }
    return;
  case abi::DataType::BF16:
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits = numeric::floatToBF16Bits(in[i]);
      std::memcpy(data + i * stride, &bits, 2);
    }
    return;
  case abi::DataType::I8:
    return storeInts<int8_t>(data, stride, count, in, -128.0f, 127.0f);
  case abi::DataType::U8:
    return storeInts<uint8_t>(data, stride, count, in, 0.0f, 255.0f);
  case abi::DataType::I16:
    return storeInts<int16_t>(data, stride, count, in, -32768.0f, 32767.0f);
  case abi::DataType::U16:
    return storeInts<uint16_t>(data, stride, count, in, 0.0f, 65535.0f);
  default:
    assert(false && "storeRow: unsupported type");
    return;
  }
}

llvm::Expected<llvm::SmallVector<int64_t, 8>>
getStridesAlong(const TensorView &reference, const TensorView &operand,
                llvm::StringRef kernel, llvm::StringRef operandName) {
  if (operand.getRank() != reference.getRank()) {
    return kernelError(kernel, operandName + " has rank " +
                                   llvm::Twine(operand.getRank()) +
                                   " but the output has rank " +
                                   llvm::Twine(reference.getRank()));
  }
  shape::Shape dims = operand.getLogicalDims();
  shape::Strides strides = operand.getLogicalStrides();
  llvm::SmallVector<int64_t, 8> result;
  for (int64_t d = 0; d < reference.getRank(); ++d) {
    shape::Dim logical = reference.order.dimAt(shape::MemDim(d));
    int64_t size = reference.dims[shape::MemDim(d)];
    int64_t operandSize = dims[logical];
    if (operandSize == size) {
      result.push_back(strides[logical] / 8);
    } else if (operandSize == 1) {
      result.push_back(0);
    } else {
      return kernelError(
          kernel, operandName + " dimension " + llvm::Twine(logical.ind()) +
                      " of size " + llvm::Twine(operandSize) +
                      " does not broadcast to " + llvm::Twine(size));
    }
  }
  return result;
}

llvm::Error checkRowType(const TensorView &view, llvm::StringRef kernel,
                         llvm::StringRef operandName, bool floatOnly) {
  if (floatOnly ? !isFloatType(view.type) : !isRowType(view.type)) {
    return kernelError(kernel, operandName + " of type " +
                                   getDataTypeName(view.type) +
                                   " is not supported (expected " +
                                   (floatOnly ? "f32, f16 or bf16"
                                              : "f32, f16, bf16 or an integer "
                                                "of at most 16 bits") +
                                   ")");
  }
  return llvm::Error::success();
}

llvm::Error checkAliasing(const TensorView &output, const TensorView &input,
                          llvm::StringRef kernel, llvm::StringRef inputName) {
  bool disjoint = output.spanBytes == 0 || input.spanBytes == 0 ||
                  output.data >= input.data + input.spanBytes ||
                  input.data >= output.data + output.spanBytes;
  if (disjoint ||
      (output.data == input.data && output.elemBits == input.elemBits &&
       output.getLogicalDims() == input.getLogicalDims() &&
       output.getLogicalStrides() == input.getLogicalStrides())) {
    return llvm::Error::success();
  }
  return kernelError(kernel, "the output overlaps " + inputName +
                                 " without being the same elements");
}

llvm::Expected<TensorView> viewArg(const KernelContext &context,
                                   const abi::MemRefData &desc, bool write,
                                   llvm::StringRef kernel,
                                   llvm::StringRef name) {
  llvm::Expected<TensorView> view = context.view(desc, write);
  if (!view) {
    return kernelError(kernel, name + ": " + llvm::toString(view.takeError()));
  }
  return view;
}

} // namespace mlir::vpuc::emu
