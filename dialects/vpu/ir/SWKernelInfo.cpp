//===- SWKernelInfo.cpp - Software kernel calls of VPU layers ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// SWKernelParams builders (the conventions of SWKernelInfo.h) and
// SWKernelInfo.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/SWKernelInfo.h"

#include <cassert>

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU {

void SWKernelParams::addI64(StringRef name, int64_t value) {
  Builder builder(context);
  params.push_back(
      builder.getNamedAttr(name, builder.getI64IntegerAttr(value)));
}

void SWKernelParams::addF32(StringRef name, double value) {
  Builder builder(context);
  params.push_back(builder.getNamedAttr(
      name, builder.getF32FloatAttr(static_cast<float>(value))));
}

void SWKernelParams::addFlag(StringRef name, bool value) {
  addI64(name, value ? 1 : 0);
}

void SWKernelParams::addAxis(StringRef name, int64_t axis, int64_t rank) {
  assert(axis >= -rank && axis < rank && "addAxis: axis out of range");
  addI64(name, axis < 0 ? axis + rank : axis);
}

void SWKernelParams::addAxesMask(StringRef name, ArrayRef<int64_t> axes,
                                 int64_t rank) {
  int64_t mask = 0;
  for (int64_t axis : axes) {
    assert(axis >= -rank && axis < rank && "addAxesMask: axis out of range");
    mask |= int64_t{1} << (axis < 0 ? axis + rank : axis);
  }
  addI64(name, mask);
}

void SWKernelParams::addI64List(StringRef name, ArrayRef<int64_t> values) {
  assert(static_cast<int64_t>(values.size()) <= kListSize &&
         "addI64List: too many values");
  for (int64_t i = 0; i < kListSize; ++i) {
    addI64((name + "_" + llvm::Twine(i)).str(),
           i < static_cast<int64_t>(values.size()) ? values[i] : 0);
  }
}

void SWKernelParams::addF32List(StringRef name, ArrayRef<double> values) {
  assert(static_cast<int64_t>(values.size()) <= kListSize &&
         "addF32List: too many values");
  for (int64_t i = 0; i < kListSize; ++i) {
    addF32((name + "_" + llvm::Twine(i)).str(),
           i < static_cast<int64_t>(values.size()) ? values[i] : 0.0);
  }
}

void SWKernelParams::addPermutationCode(StringRef name,
                                        ArrayRef<int64_t> permutation) {
  assert(static_cast<int64_t>(permutation.size()) <= kListSize &&
         "addPermutationCode: too many dims");
  int64_t code = 0;
  for (int64_t dim : permutation) {
    code = (code << 4) | (dim + 1);
  }
  addI64(name, code);
}

SWKernelInfo SWKernelInfo::get(StringRef name, ValueRange inputs,
                               ValueRange outputs,
                               const SWKernelParams &params) {
  SWKernelInfo info;
  info.name = name.str();
  info.inputs.assign(inputs.begin(), inputs.end());
  info.outputs.assign(outputs.begin(), outputs.end());
  info.params.assign(params.getParams().begin(), params.getParams().end());
  return info;
}

std::string SWKernelInfo::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << name << "(";
  llvm::interleaveComma(params, os, [&](const NamedAttribute &param) {
    os << param.getName().getValue() << " = " << param.getValue();
  });
  os << ")";
  return text;
}

int64_t getRank(Value value) {
  return llvm::cast<RankedTensorType>(value.getType()).getRank();
}

} // namespace mlir::vpuc::VPU
