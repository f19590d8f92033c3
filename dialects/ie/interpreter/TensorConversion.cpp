//===- TensorConversion.cpp - NumPy arrays <-> host tensors -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/TensorConversion.h"

#include <cmath>
#include <limits>

#include "core/compare/Compare.h"
#include "core/numeric/Float16.h"
#include "core/shape/StridedCopy.h"
#include "dialects/ie/utils/Rounding.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

namespace {

constexpr int64_t kFloatBits = 32;

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// `shape` (logical order) in the memory order of `layout`.
llvm::SmallVector<int64_t, 4> toMemoryOrder(llvm::ArrayRef<int64_t> shape,
                                            shape::DimsOrder layout) {
  llvm::SmallVector<int64_t, 4> result;
  for (shape::Dim dim : layout.toPermutation()) {
    result.push_back(shape[dim.ind()]);
  }
  return result;
}

/// Row-major strides in bits of float32 elements over `sizes`.
llvm::SmallVector<int64_t, 6> rowMajorStrides(llvm::ArrayRef<int64_t> sizes) {
  llvm::SmallVector<int64_t, 6> strides(sizes.size(), 0);
  int64_t stride = kFloatBits;
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= sizes[i];
  }
  return strides;
}

/// Reorders float values between the logical row-major order of `logicalShape`
/// and the row-major order of its dims in `layout`'s memory order.
std::vector<float> reorder(const std::vector<float> &values,
                           llvm::ArrayRef<int64_t> logicalShape,
                           shape::DimsOrder layout, bool toLogical) {
  std::vector<float> result(values.size());
  llvm::SmallVector<int64_t, 4> memSizes = toMemoryOrder(logicalShape, layout);
  shape::MemShape memShape(memSizes);
  shape::MemStrides memoryStrides(rowMajorStrides(memSizes));
  shape::MemStrides logicalStrides =
      layout.toMemoryOrder(shape::Strides(rowMajorStrides(logicalShape)));
  const char *src = reinterpret_cast<const char *>(values.data());
  char *dst = reinterpret_cast<char *>(result.data());
  if (toLogical) {
    shape::stridedCopy(src, memoryStrides, dst, logicalStrides, memShape,
                       shape::Bit(kFloatBits));
  } else {
    shape::stridedCopy(src, logicalStrides, dst, memoryStrides, memShape,
                       shape::Bit(kFloatBits));
  }
  return result;
}

/// Converts a value to integer type T like the IE rounding does: truncation
/// toward zero, saturation, NaN to zero.
template <typename T> T toInteger(float value) {
  if (std::isnan(value)) {
    return 0;
  }
  const double truncated = std::trunc(static_cast<double>(value));
  if (truncated <= static_cast<double>(std::numeric_limits<T>::lowest())) {
    return std::numeric_limits<T>::lowest();
  }
  if (truncated >= static_cast<double>(std::numeric_limits<T>::max())) {
    return std::numeric_limits<T>::max();
  }
  return static_cast<T>(truncated);
}

template <typename T, typename Fn>
npy::Array convertValues(const HostTensor &tensor, npy::DType dtype, Fn fn) {
  std::vector<T> values(tensor.data.size());
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = fn(tensor.data[i]);
  }
  return npy::Array::fromValues<T>(dtype, tensor.shape, values);
}

template <typename T>
npy::Array convertIntegers(const HostTensor &tensor, npy::DType dtype) {
  return convertValues<T>(tensor, dtype, toInteger<T>);
}

} // namespace

llvm::Expected<npy::DType> getDType(Type elementType) {
  if (elementType.isF16()) {
    return npy::DType::F16;
  }
  if (elementType.isF32()) {
    return npy::DType::F32;
  }
  if (elementType.isF64()) {
    return npy::DType::F64;
  }
  if (auto intType = llvm::dyn_cast<IntegerType>(elementType)) {
    const bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return npy::DType::Bool;
    case 8:
      return isUnsigned ? npy::DType::U8 : npy::DType::I8;
    case 16:
      return isUnsigned ? npy::DType::U16 : npy::DType::I16;
    case 32:
      return isUnsigned ? npy::DType::U32 : npy::DType::I32;
    case 64:
      return isUnsigned ? npy::DType::U64 : npy::DType::I64;
    default:
      break;
    }
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << elementType;
  return makeError("element type " + text + " has no NumPy dtype");
}

HostTensor toHostTensor(const npy::Array &array) {
  return HostTensor(array.shape, compare::toFloat(array));
}

npy::Array toArray(const HostTensor &tensor, npy::DType dtype) {
  switch (dtype) {
  case npy::DType::Bool:
    return convertValues<uint8_t>(
        tensor, dtype, [](float v) { return static_cast<uint8_t>(v != 0.0f); });
  case npy::DType::I8:
    return convertIntegers<int8_t>(tensor, dtype);
  case npy::DType::U8:
    return convertIntegers<uint8_t>(tensor, dtype);
  case npy::DType::I16:
    return convertIntegers<int16_t>(tensor, dtype);
  case npy::DType::U16:
    return convertIntegers<uint16_t>(tensor, dtype);
  case npy::DType::I32:
    return convertIntegers<int32_t>(tensor, dtype);
  case npy::DType::U32:
    return convertIntegers<uint32_t>(tensor, dtype);
  case npy::DType::I64:
    return convertIntegers<int64_t>(tensor, dtype);
  case npy::DType::U64:
    return convertIntegers<uint64_t>(tensor, dtype);
  case npy::DType::F16:
    return convertValues<uint16_t>(
        tensor, dtype, [](float v) { return numeric::floatToF16Bits(v); });
  case npy::DType::F32:
    return npy::Array::fromValues<float>(dtype, tensor.shape, tensor.data);
  case npy::DType::F64:
    return convertValues<double>(
        tensor, dtype, [](float v) { return static_cast<double>(v); });
  }
  llvm_unreachable("unknown dtype");
}

llvm::Expected<HostTensorMap>
convertInputs(const npy::ArrayMap &arrays,
              llvm::ArrayRef<NetworkTensorInfo> infos) {
  auto inputNames = [&] {
    std::string names;
    for (const NetworkTensorInfo &info : infos) {
      names += (names.empty() ? "'" : ", '") + info.name + "'";
    }
    return names.empty() ? std::string("none") : names;
  };
  // A single array feeds a single-input network whatever its name (e.g. a .npy
  // file).
  const bool byPosition = infos.size() == 1 && arrays.size() == 1;
  if (!byPosition) {
    for (const auto &entry : arrays) {
      if (!llvm::any_of(infos, [&](const NetworkTensorInfo &info) {
            return info.name == entry.first;
          })) {
        return makeError("unknown input '" + entry.first +
                         "'; the network's inputs are: " + inputNames());
      }
    }
  }
  HostTensorMap result;
  for (const NetworkTensorInfo &info : infos) {
    auto it = byPosition ? arrays.begin() : arrays.find(info.name);
    llvm::SmallVector<int64_t, 4> userShape =
        toMemoryOrder(info.shape, info.layout);
    llvm::Expected<npy::DType> dtype = getDType(info.precision);
    if (!dtype) {
      return makeError("input '" + info.name +
                       "': " + llvm::toString(dtype.takeError()));
    }
    if (it == arrays.end()) {
      return makeError("missing input '" + info.name + "' (" +
                       formatShape(userShape) + " " +
                       npy::getDTypeName(*dtype) + ")");
    }
    const npy::Array &array = it->second;
    if (array.dtype != *dtype) {
      return makeError("input '" + info.name + "' has dtype " +
                       npy::getDTypeName(array.dtype) +
                       " but the network expects " + npy::getDTypeName(*dtype));
    }
    bool shapeMatches = array.shape.size() == userShape.size();
    for (size_t d = 0; shapeMatches && d < userShape.size(); ++d) {
      shapeMatches =
          ShapedType::isDynamic(userShape[d]) || array.shape[d] == userShape[d];
    }
    if (!shapeMatches) {
      std::string layout = info.layout.isIdentity()
                               ? ""
                               : " (in layout " + info.layout.getName() + ")";
      return makeError("input '" + info.name + "' has shape " +
                       formatShape(array.shape) + " but the network expects " +
                       formatShape(userShape) + layout);
    }
    HostTensor tensor = toHostTensor(array);
    if (!info.layout.isIdentity()) {
      // The array's dims are the logical dims in memory order.
      llvm::SmallVector<int64_t, 4> logicalShape(array.shape.size());
      for (auto [memPos, dim] : llvm::enumerate(info.layout.toPermutation())) {
        logicalShape[dim.ind()] = array.shape[memPos];
      }
      tensor =
          HostTensor(logicalShape, reorder(tensor.data, logicalShape,
                                           info.layout, /*toLogical=*/true));
    }
    result.insert({info.name, std::move(tensor)});
  }
  return result;
}

llvm::Expected<npy::ArrayMap>
convertOutputs(const HostTensorMap &tensors,
               llvm::ArrayRef<NetworkTensorInfo> infos) {
  npy::ArrayMap result;
  for (const NetworkTensorInfo &info : infos) {
    auto it = tensors.find(info.name);
    if (it == tensors.end()) {
      return makeError("no tensor for the network output '" + info.name + "'");
    }
    llvm::Expected<npy::DType> dtype = getDType(info.precision);
    if (!dtype) {
      return makeError("output '" + info.name +
                       "': " + llvm::toString(dtype.takeError()));
    }
    const HostTensor &tensor = it->second;
    if (info.layout.isIdentity()) {
      result.insert({info.name, toArray(tensor, *dtype)});
      continue;
    }
    HostTensor reordered(
        toMemoryOrder(tensor.shape, info.layout),
        reorder(tensor.data, tensor.shape, info.layout, /*toLogical=*/false));
    result.insert({info.name, toArray(reordered, *dtype)});
  }
  return result;
}

} // namespace mlir::vpuc::IE
