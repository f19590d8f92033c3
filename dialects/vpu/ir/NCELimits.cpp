//===- NCELimits.cpp - HW limits of the NCE ops -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The checks of NCELimits.h.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/NCELimits.h"

#include <string>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU::NCE {

namespace {

/// Prints a type for a message.
std::string describe(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The order of a tensor type for a message, or a note that it has none.
std::string describeOrder(Type type) {
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  if (failed(order)) {
    return "<no order>";
  }
  return order->getName();
}

} // namespace

bool isSupportedElementType(Type type) { return type && type.isF16(); }

/// The attribute `name` of the innermost module enclosing `op` (or `op`
/// itself) that has one of type AttrT, or null.
template <typename AttrT>
static AttrT findModuleAttr(Operation *op, StringRef name) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    if (llvm::isa<ModuleOp>(current)) {
      if (auto attr = current->getAttrOfType<AttrT>(name)) {
        return attr;
      }
    }
  }
  return {};
}

ArrayAttr getTargetElementTypes(Operation *op) {
  return findModuleAttr<ArrayAttr>(op, VPUDialect::kNCEElementTypesAttrName);
}

Limits getTargetLimits(Operation *op) {
  Limits limits;
  auto dict =
      findModuleAttr<DictionaryAttr>(op, VPUDialect::kNCELimitsAttrName);
  if (!dict) {
    return limits;
  }
  // The dialect's attribute verifier checked the fields.
  auto read = [&](StringRef name, int64_t &field) {
    if (auto value = dict.getAs<IntegerAttr>(name)) {
      field = value.getInt();
    }
  };
  read("max_kernel_size", limits.maxKernelSize);
  read("max_stride", limits.maxStride);
  read("max_pad", limits.maxPad);
  read("channel_alignment", limits.channelAlignment);
  read("compressed_input_channels", limits.compressedInputChannels);
  return limits;
}

std::string getArchElementTypeName(Type type) {
  if (!type) {
    return "";
  }
  if (type.isF16()) {
    return "f16";
  }
  if (type.isBF16()) {
    return "bf16";
  }
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(type);
      quantized && quantized.getStorageTypeIntegralWidth() == 8) {
    return quantized.isSigned() ? "i8" : "u8";
  }
  return "";
}

bool checkTargetElementType(Type elementType, ArrayAttr targetTypes,
                            StringRef what, LogCallback log) {
  if (!targetTypes) {
    return true;
  }
  const std::string name = getArchElementTypeName(elementType);
  if (llvm::any_of(targetTypes, [&](Attribute type) {
        return llvm::cast<StringAttr>(type).getValue() == name;
      })) {
    return true;
  }
  SmallVector<StringRef> names;
  for (Attribute type : targetTypes) {
    names.push_back(llvm::cast<StringAttr>(type).getValue());
  }
  log(what + " element type " + describe(elementType) +
      " is not one the target's NCE runs (" + llvm::join(names, ", ") + ")");
  return false;
}

bool checkConvElementTypes(Type input, Type filter, Type bias, Type output,
                           ArrayAttr targetTypes, LogCallback log) {
  Type inputType = getElementTypeOrSelf(input);
  Type filterType = getElementTypeOrSelf(filter);
  if (!llvm::isa<quant::QuantizedType>(inputType)) {
    bool ok = checkElementType(inputType, "input", log, targetTypes);
    ok &= checkElementType(filterType, "filter", log, targetTypes);
    ok &= checkElementType(getElementTypeOrSelf(output), "output", log,
                           targetTypes);
    if (bias && !isSupportedBiasElementType(getElementTypeOrSelf(bias))) {
      log("bias element type " + describe(getElementTypeOrSelf(bias)) +
          " is not supported by the NCE (f16, f32)");
      ok = false;
    }
    return ok;
  }
  std::string reason;
  if (failed(IE::detail::checkConvElementTypes(input, filter, bias, output,
                                               reason))) {
    log(reason);
    return false;
  }
  if (auto perAxis =
          llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(filterType)) {
    ArrayRef<int64_t> zeroPoints = perAxis.getZeroPoints();
    if (llvm::any_of(zeroPoints, [&](int64_t zeroPoint) {
          return zeroPoint != zeroPoints.front();
        })) {
      log("the filter " + describe(filterType) +
          " has several zero points: the NCE subtracts one weights zero "
          "point");
      return false;
    }
  }
  bool ok = checkTargetElementType(inputType, targetTypes, "input", log);
  ok &= checkTargetElementType(filterType, targetTypes, "filter", log);
  ok &= checkTargetElementType(getElementTypeOrSelf(output), targetTypes,
                               "output", log);
  return ok;
}

bool checkEltwiseElementTypes(Type input1, Type input2, Type output,
                              ArrayAttr targetTypes, LogCallback log) {
  const Type types[] = {getElementTypeOrSelf(input1),
                        getElementTypeOrSelf(input2),
                        getElementTypeOrSelf(output)};
  const char *names[] = {"input1", "input2", "output"};
  if (llvm::none_of(types, [](Type type) {
        return llvm::isa<quant::QuantizedType>(type);
      })) {
    bool ok = true;
    for (auto [type, name] : llvm::zip_equal(types, names)) {
      ok &= checkElementType(type, name, log, targetTypes);
    }
    if (ok && (types[1] != types[0] || types[2] != types[0])) {
      log("a float NCE eltwise op has one element type, got " +
          describe(types[0]) + ", " + describe(types[1]) + " and " +
          describe(types[2]));
      ok = false;
    }
    return ok;
  }
  std::string reason;
  if (failed(IE::detail::checkEltwiseElementTypes(input1, input2, output,
                                                  reason))) {
    log(reason);
    return false;
  }
  bool ok = true;
  for (auto [type, name] : llvm::zip_equal(types, names)) {
    ok &= checkTargetElementType(type, targetTypes, name, log);
  }
  return ok;
}

bool isSupportedBiasElementType(Type type) {
  return type && (type.isF16() || type.isF32());
}

bool checkWindow(ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> padsEnd,
                 const Limits &limits, LogCallback log) {
  bool ok = true;
  const char *axes[2] = {"height", "width"};
  const char *strideNames[2] = {"stride y", "stride x"};
  const char *beginNames[2] = {"pad_top", "pad_left"};
  const char *endNames[2] = {"pad_bottom", "pad_right"};
  auto checkCount = [&](ArrayRef<int64_t> values, StringRef what) {
    if (values.size() != 2) {
      log(what + " has " + Twine(values.size()) +
          " values: NCE ops are 2-D (y, x)");
      ok = false;
      return false;
    }
    return true;
  };
  bool kernelOk = checkCount(kernel, "the kernel size");
  bool stridesOk = checkCount(strides, "strides");
  bool beginOk = checkCount(padsBegin, "pads_begin");
  bool endOk = checkCount(padsEnd, "pads_end");
  for (int axis = 0; axis < 2; ++axis) {
    if (kernelOk && (kernel[axis] < kMinKernelSize ||
                     kernel[axis] > limits.maxKernelSize)) {
      log("kernel " + Twine(axes[axis]) + " " + Twine(kernel[axis]) +
          " is outside the NCE range [" + Twine(kMinKernelSize) + ", " +
          Twine(limits.maxKernelSize) + "]");
      ok = false;
    }
    if (stridesOk && (strides[axis] < 1 || strides[axis] > limits.maxStride)) {
      log(Twine(strideNames[axis]) + " " + Twine(strides[axis]) +
          " is outside the NCE range [1, " + Twine(limits.maxStride) + "]");
      ok = false;
    }
    auto checkPad = [&](ArrayRef<int64_t> pads, const char *name) {
      int64_t pad = pads[axis];
      if (pad < 0 || pad > limits.maxPad) {
        log(Twine(name) + " " + Twine(pad) + " is outside the NCE range [0, " +
            Twine(limits.maxPad) + "]");
        ok = false;
      } else if (kernelOk && pad >= kernel[axis]) {
        log(Twine(name) + " " + Twine(pad) +
            " is not smaller than the kernel " + axes[axis] + " " +
            Twine(kernel[axis]) + " (an NCE limit)");
        ok = false;
      }
    };
    if (beginOk) {
      checkPad(padsBegin, beginNames[axis]);
    }
    if (endOk) {
      checkPad(padsEnd, endNames[axis]);
    }
  }
  return ok;
}

bool checkChannels(int64_t channels, StringRef what, const Limits &limits,
                   LogCallback log) {
  if (channels % limits.channelAlignment != 0) {
    log(what + " " + Twine(channels) +
        " are not a multiple of the NCE channel alignment " +
        Twine(limits.channelAlignment));
    return false;
  }
  return true;
}

bool checkConvolutionInputChannels(int64_t channels, const Limits &limits,
                                   LogCallback log) {
  if (limits.compressedInputChannels == 0 ||
      channels != limits.compressedInputChannels) {
    return checkChannels(channels, "input channels", limits, log);
  }
  return true;
}

bool checkBatch(ArrayRef<int64_t> shape, StringRef what, LogCallback log) {
  if (!shape.empty() && shape.front() != kBatch) {
    log(what + " batch " + Twine(shape.front()) +
        " is not 1: the NCE processes one image");
    return false;
  }
  return true;
}

bool checkElementType(Type elementType, StringRef what, LogCallback log,
                      ArrayAttr targetTypes) {
  if (!isSupportedElementType(elementType)) {
    log(what + " element type " + describe(elementType) +
        " is not supported by the NCE (f16)");
    return false;
  }
  return checkTargetElementType(elementType, targetTypes, what, log);
}

bool checkPoolElementType(Type elementType, StringRef what, LogCallback log,
                          ArrayAttr targetTypes) {
  auto quantized = llvm::dyn_cast<quant::UniformQuantizedType>(elementType);
  if (!quantized || quantized.getStorageTypeIntegralWidth() != 8) {
    return checkElementType(elementType, what, log, targetTypes);
  }
  return checkTargetElementType(elementType, targetTypes, what, log);
}

bool checkActivationLayout(Type type, StringRef what, LogCallback log) {
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  if (failed(order) || *order != shape::DimsOrder::NHWC) {
    log(what + " order " + describeOrder(type) +
        " is not supported by the NCE (NHWC)");
    return false;
  }
  return true;
}

bool checkFilterLayout(Type type, LogCallback log) {
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  if (failed(order) || *order != shape::DimsOrder::OYXI) {
    log("filter order " + describeOrder(type) +
        " is not supported by the NCE (OYXI)");
    return false;
  }
  return true;
}

} // namespace mlir::vpuc::VPU::NCE
