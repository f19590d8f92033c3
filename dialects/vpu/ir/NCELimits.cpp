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
#include "mlir/IR/BuiltinTypes.h"
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

bool isSupportedBiasElementType(Type type) {
  return type && (type.isF16() || type.isF32());
}

bool checkWindow(ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> padsEnd,
                 LogCallback log) {
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
    if (kernelOk &&
        (kernel[axis] < kMinKernelSize || kernel[axis] > kMaxKernelSize)) {
      log("kernel " + Twine(axes[axis]) + " " + Twine(kernel[axis]) +
          " is outside the NCE range [" + Twine(kMinKernelSize) + ", " +
          Twine(kMaxKernelSize) + "]");
      ok = false;
    }
    if (stridesOk && (strides[axis] < 1 || strides[axis] > kMaxStride)) {
      log(Twine(strideNames[axis]) + " " + Twine(strides[axis]) +
          " is outside the NCE range [1, " + Twine(kMaxStride) + "]");
      ok = false;
    }
    auto checkPad = [&](ArrayRef<int64_t> pads, const char *name) {
      int64_t pad = pads[axis];
      if (pad < 0 || pad > kMaxPad) {
        log(Twine(name) + " " + Twine(pad) + " is outside the NCE range [0, " +
            Twine(kMaxPad) + "]");
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

bool checkChannels(int64_t channels, StringRef what, LogCallback log) {
  if (channels % kChannelAlignment != 0) {
    log(what + " " + Twine(channels) +
        " are not a multiple of the NCE channel alignment " +
        Twine(kChannelAlignment));
    return false;
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

bool checkElementType(Type elementType, StringRef what, LogCallback log) {
  if (!isSupportedElementType(elementType)) {
    log(what + " element type " + describe(elementType) +
        " is not supported by the NCE (f16)");
    return false;
  }
  return true;
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
