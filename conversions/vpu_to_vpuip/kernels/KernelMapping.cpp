//===- KernelMapping.cpp - VPU kernel calls onto the library ABI -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The table of VPU kernels the software-layer library runs. Each entry names
// the VPU kernel, the library kernel (through its `<X>Kernel::name`, so that
// a renamed kernel is a compile error) and a mapping function that picks the
// operands and writes the scalars in ABI order from the named VPU
// parameters. The CallBuilder reads every parameter by name and type, checks
// the ranges the ABI imposes (int32, axis masks within kMaxRank, per-dim
// lists zero beyond the rank), requires every VPU parameter to be consumed,
// and checks the finished call against the library kernel's signature.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/kernels/KernelMapping.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEAttributes.h"
#include "dialects/vpu/ir/SWKernelInfo.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPUIP {

namespace {

//===----------------------------------------------------------------------===//
// CallBuilder
//===----------------------------------------------------------------------===//

/// Builds one AbiKernelCall from a SWKernelInfo. The first error is
/// reported; later calls are no-ops that return neutral values, so mapping
/// functions need not check after every step.
class CallBuilder {
public:
  CallBuilder(const VPU::SWKernelInfo &info,
              llvm::function_ref<InFlightDiagnostic()> emitError,
              llvm::StringRef kernel)
      : info(info), emitErrorFn(emitError),
        builder(info.outputs.front().getContext()), used(info.params.size()) {
    call.kernel = kernel.str();
  }

  /// The VPU call.
  const VPU::SWKernelInfo &getInfo() const { return info; }
  /// The library kernel's name.
  llvm::StringRef getKernel() const { return call.kernel; }
  bool hasFailed() const { return failed; }

  //===--------------------------------------------------------------------===//
  // Errors
  //===--------------------------------------------------------------------===//

  /// Reports that parameter `param` of the VPU call is outside what the
  /// library kernel accepts (only the first error is reported).
  void failParam(llvm::StringRef param, const llvm::Twine &why) {
    fail("parameter '" + param + "' of VPU kernel '" + info.name +
         "' is not supported by library kernel '" + call.kernel + "': " + why);
  }

  /// Reports that tensor operands of the VPU call do not fit the library
  /// kernel.
  void failOperand(const llvm::Twine &why) {
    fail("VPU kernel '" + info.name + "' cannot run as library kernel '" +
         call.kernel + "': " + why);
  }

  /// Reports an inconsistency between the table and the VPU call.
  void failInternal(const llvm::Twine &why) {
    fail("internal error mapping VPU kernel '" + info.name +
         "' onto library kernel '" + call.kernel + "': " + why);
  }

  //===--------------------------------------------------------------------===//
  // Tensors
  //===--------------------------------------------------------------------===//

  /// The number of VPU input tensors.
  int64_t getNumInputs() const {
    return static_cast<int64_t>(info.inputs.size());
  }

  /// The static dims of VPU input `index` (empty and an internal error if
  /// unranked or out of range).
  llvm::ArrayRef<int64_t> inputDims(int64_t index) {
    return dimsOf(index < getNumInputs() ? info.inputs[index] : Value(),
                  "input", index);
  }
  /// The static dims of VPU output `index`.
  llvm::ArrayRef<int64_t> outputDims(int64_t index) {
    return dimsOf(index < static_cast<int64_t>(info.outputs.size())
                      ? info.outputs[index]
                      : Value(),
                  "output", index);
  }
  /// The rank of VPU input 0.
  int64_t inputRank() { return static_cast<int64_t>(inputDims(0).size()); }

  /// Appends VPU input `index` as the next ABI input.
  void input(int64_t index) {
    if (index >= getNumInputs()) {
      failInternal("the VPU call has no input #" + llvm::Twine(index));
    }
    call.inputs.push_back(index);
  }
  /// Appends VPU input `index` if the VPU call has it, else an absent
  /// operand.
  void optionalInput(int64_t index) {
    call.inputs.push_back(index < getNumInputs() ? index : kAbsentOperand);
  }
  /// Appends an absent optional ABI input.
  void absentInput() { call.inputs.push_back(kAbsentOperand); }
  /// Appends a compile-time constant as the next ABI input.
  void constantInput(DenseElementsAttr content) {
    call.inputs.push_back(
        getConstantOperand(static_cast<int64_t>(call.constants.size())));
    call.constants.push_back(content);
  }
  /// Appends every VPU input, then every VPU output, in order.
  void allTensors() {
    for (int64_t i = 0; i < getNumInputs(); ++i) {
      input(i);
    }
    for (int64_t i = 0, e = info.outputs.size(); i < e; ++i) {
      output(i);
    }
  }
  /// Appends VPU output `index` as the next ABI output.
  void output(int64_t index) {
    if (index >= static_cast<int64_t>(info.outputs.size())) {
      failInternal("the VPU call has no output #" + llvm::Twine(index));
    }
    call.outputs.push_back(index);
  }

  //===--------------------------------------------------------------------===//
  // VPU parameters
  //===--------------------------------------------------------------------===//

  /// The i64 parameter `name`.
  int64_t i64(llvm::StringRef name) {
    if (auto attr = llvm::dyn_cast_or_null<IntegerAttr>(lookup(name))) {
      if (attr.getType().isInteger(64)) {
        return attr.getInt();
      }
    }
    failInternal("no i64 parameter '" + name + "'");
    return 0;
  }
  /// The flag parameter `name` (i64 0 / 1).
  bool flag(llvm::StringRef name) {
    int64_t value = i64(name);
    if (value != 0 && value != 1) {
      failInternal("flag '" + name + "' is " + llvm::Twine(value));
    }
    return value == 1;
  }
  /// The f32 parameter `name`.
  float f32(llvm::StringRef name) {
    if (auto attr = llvm::dyn_cast_or_null<FloatAttr>(lookup(name))) {
      if (attr.getType().isF32()) {
        return attr.getValue().convertToFloat();
      }
    }
    failInternal("no f32 parameter '" + name + "'");
    return 0.0f;
  }
  /// The i64 per-dim list `name_0` ... `name_7`, checked to be 0 at and
  /// beyond `rank`; returns the first `rank` entries.
  llvm::SmallVector<int64_t, 8> i64List(llvm::StringRef name, int64_t rank) {
    llvm::SmallVector<int64_t, 8> values;
    for (int64_t i = 0; i < VPU::SWKernelParams::kListSize; ++i) {
      std::string entry = (name + "_" + llvm::Twine(i)).str();
      int64_t value = i64(entry);
      if (i < rank) {
        values.push_back(value);
      } else if (value != 0) {
        failParam(entry, "entries at and beyond the rank " + llvm::Twine(rank) +
                             " must be 0, got " + llvm::Twine(value));
      }
    }
    return values;
  }
  /// The f32 per-dim list `name_0` ... `name_7`; returns the first `rank`
  /// entries (entries beyond must be 0).
  llvm::SmallVector<float, 8> f32List(llvm::StringRef name, int64_t rank) {
    llvm::SmallVector<float, 8> values;
    for (int64_t i = 0; i < VPU::SWKernelParams::kListSize; ++i) {
      std::string entry = (name + "_" + llvm::Twine(i)).str();
      float value = f32(entry);
      if (i < rank) {
        values.push_back(value);
      } else if (value != 0.0f) {
        failParam(entry, "entries at and beyond the rank " + llvm::Twine(rank) +
                             " must be 0");
      }
    }
    return values;
  }
  /// The axis-mask parameter `name`, checked against the rank of the input
  /// and the library's kMaxRank.
  int64_t axesMask(llvm::StringRef name) {
    int64_t mask = i64(name);
    int64_t rank = std::min<int64_t>(inputRank(), abi::kMaxRank);
    if (mask < 0 || mask >= (int64_t{1} << rank)) {
      failParam(name, "axis mask " + llvm::Twine(mask) +
                          " has bits beyond the rank " + llvm::Twine(rank));
    }
    return mask;
  }
  /// The axis parameter `name`, checked to be in [0, rank of input 0).
  int64_t axis(llvm::StringRef name) {
    int64_t value = i64(name);
    if (value < 0 || value >= inputRank()) {
      failParam(name, "axis " + llvm::Twine(value) + " is outside [0, " +
                          llvm::Twine(inputRank()) + ")");
    }
    return value;
  }

  //===--------------------------------------------------------------------===//
  // ABI scalars
  //===--------------------------------------------------------------------===//

  /// Appends an int32 scalar from parameter `param` (named in the error if
  /// the value does not fit int32).
  void addI32(llvm::StringRef param, int64_t value) {
    if (value < std::numeric_limits<int32_t>::min() ||
        value > std::numeric_limits<int32_t>::max()) {
      failParam(param, "value " + llvm::Twine(value) + " does not fit int32");
      value = 0;
    }
    call.scalars.push_back(builder.getI32IntegerAttr(value));
  }
  /// Appends an int32 scalar the table computes (always in range).
  void addI32(int32_t value) {
    call.scalars.push_back(builder.getI32IntegerAttr(value));
  }
  /// Appends an int32 scalar from the i64 parameter of the same name.
  void copyI32(llvm::StringRef param) { addI32(param, i64(param)); }
  /// Appends a float scalar.
  void addF32(float value) {
    call.scalars.push_back(builder.getF32FloatAttr(value));
  }
  /// Appends the int32 per-dim array of list `name` (kMaxRank entries).
  void addI32List(llvm::StringRef name, llvm::ArrayRef<int64_t> values) {
    for (uint32_t i = 0; i < abi::kMaxRank; ++i) {
      if (i < values.size()) {
        addI32((name + "_" + llvm::Twine(i)).str(), values[i]);
      } else {
        addI32(0);
      }
    }
  }
  /// Appends the float per-dim array (kMaxRank entries).
  void addF32List(llvm::ArrayRef<float> values) {
    for (uint32_t i = 0; i < abi::kMaxRank; ++i) {
      addF32(i < values.size() ? values[i] : 0.0f);
    }
  }

  //===--------------------------------------------------------------------===//
  // Finishing
  //===--------------------------------------------------------------------===//

  /// Checks the call (tensor ranks, every parameter consumed, operand
  /// indices, the library signature) and returns it.
  FailureOr<AbiKernelCall> finish();

private:
  /// Marks parameter `name` used and returns its value (null if missing).
  Attribute lookup(llvm::StringRef name) {
    for (auto [index, param] : llvm::enumerate(info.params)) {
      if (param.getName() == name) {
        used.set(index);
        return param.getValue();
      }
    }
    return {};
  }

  llvm::ArrayRef<int64_t> dimsOf(Value value, llvm::StringRef what,
                                 int64_t index) {
    auto type = value ? llvm::dyn_cast<RankedTensorType>(value.getType())
                      : RankedTensorType();
    if (!type) {
      failInternal("the VPU call has no ranked " + what + " #" +
                   llvm::Twine(index));
      return {};
    }
    if (!type.hasStaticShape()) {
      failOperand(what + " #" + llvm::Twine(index) +
                  " has a dynamic shape, which the library does not take");
      return {};
    }
    return type.getShape();
  }

  void fail(const llvm::Twine &message) {
    if (!failed) {
      emitErrorFn() << message;
      failed = true;
    }
  }

  const VPU::SWKernelInfo &info;
  llvm::function_ref<InFlightDiagnostic()> emitErrorFn;
  Builder builder;
  /// The parameters read so far.
  llvm::SmallBitVector used;
  AbiKernelCall call;
  bool failed = false;
};

FailureOr<AbiKernelCall> CallBuilder::finish() {
  // Descriptors hold at most kMaxRank dims.
  auto checkRank = [&](Value value, llvm::StringRef what, int64_t index) {
    auto type = llvm::dyn_cast<ShapedType>(value.getType());
    if (type && type.hasRank() &&
        type.getRank() > static_cast<int64_t>(abi::kMaxRank)) {
      failOperand(what + " #" + llvm::Twine(index) + " has rank " +
                  llvm::Twine(type.getRank()) +
                  ", above the library's maximum rank " +
                  llvm::Twine(abi::kMaxRank));
    }
  };
  for (auto [index, value] : llvm::enumerate(info.inputs)) {
    checkRank(value, "input", index);
  }
  for (auto [index, value] : llvm::enumerate(info.outputs)) {
    checkRank(value, "output", index);
  }
  const abi::KernelDecl *decl = abi::findKernel(call.kernel);
  if (!decl) {
    failInternal("the library has no kernel '" + call.kernel + "'");
    return failure();
  }
  // The kernels SwKernels.td declares on float tensors reject other types.
  if (decl->floatOnly) {
    auto checkFloat = [&](Value value, llvm::StringRef what, int64_t index) {
      Type type = llvm::cast<ShapedType>(value.getType()).getElementType();
      if (!type.isF32() && !type.isF16() && !type.isBF16()) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << type;
        failOperand(what + " #" + llvm::Twine(index) + " has element type " +
                    text +
                    "; the library kernel takes f32, f16 or bf16 "
                    "tensors only");
      }
    };
    for (auto [index, value] : llvm::enumerate(info.inputs)) {
      checkFloat(value, "input", index);
    }
    for (auto [index, value] : llvm::enumerate(info.outputs)) {
      checkFloat(value, "output", index);
    }
  }
  // Every VPU parameter must have been translated.
  for (auto [index, param] : llvm::enumerate(info.params)) {
    if (!used.test(index)) {
      failInternal("parameter '" + param.getName().getValue() +
                   "' is not translated");
    }
  }
  // Operand indices.
  llvm::SmallBitVector inputUsed(info.inputs.size());
  for (int64_t index : call.inputs) {
    if (index == kAbsentOperand) {
      continue;
    }
    if (int64_t constant = getConstantIndex(index); constant >= 0) {
      if (constant >= static_cast<int64_t>(call.constants.size()) ||
          !call.constants[constant] ||
          !call.constants[constant].getType().hasStaticShape()) {
        failInternal("bad constant input " + llvm::Twine(constant));
      }
      continue;
    }
    if (index < 0 || index >= getNumInputs() || inputUsed.test(index)) {
      failInternal("bad input index " + llvm::Twine(index));
      continue;
    }
    inputUsed.set(index);
  }
  if (!inputUsed.all()) {
    failInternal("not every VPU input is an operand of the call");
  }
  for (int64_t index : call.outputs) {
    if (index < 0 || index >= static_cast<int64_t>(info.outputs.size())) {
      failInternal("bad output index " + llvm::Twine(index));
    }
  }
  if (call.outputs.size() != info.outputs.size()) {
    failInternal("not every VPU output is an operand of the call");
  }
  if (failed) {
    return failure();
  }
  // The library signature: inputs, outputs, then the scalars.
  llvm::ArrayRef<abi::ArgKind> signature(decl->signature, decl->numArgs);
  llvm::SmallVector<abi::ArgKind, 32> given;
  given.append(call.inputs.size(), abi::ArgKind::MemRefIn);
  given.append(call.outputs.size(), abi::ArgKind::MemRefOut);
  for (Attribute scalar : call.scalars) {
    auto integer = llvm::dyn_cast<IntegerAttr>(scalar);
    auto real = llvm::dyn_cast<FloatAttr>(scalar);
    if (integer && integer.getType().isInteger(32)) {
      given.push_back(abi::ArgKind::I32);
    } else if (real && real.getType().isF32()) {
      given.push_back(abi::ArgKind::F32);
    } else {
      failInternal("a scalar is neither an i32 nor an f32 attribute");
      return failure();
    }
  }
  if (llvm::ArrayRef<abi::ArgKind>(given) != signature) {
    auto count = [](llvm::ArrayRef<abi::ArgKind> kinds, abi::ArgKind kind) {
      return llvm::count(kinds, kind);
    };
    failInternal("the call does not match the library signature: it has " +
                 llvm::Twine(count(given, abi::ArgKind::MemRefIn)) + " in, " +
                 llvm::Twine(count(given, abi::ArgKind::MemRefOut)) + " out, " +
                 llvm::Twine(count(given, abi::ArgKind::I32)) + " i32, " +
                 llvm::Twine(count(given, abi::ArgKind::F32)) +
                 " f32 arguments, the kernel " +
                 llvm::Twine(count(signature, abi::ArgKind::MemRefIn)) +
                 " in, " +
                 llvm::Twine(count(signature, abi::ArgKind::MemRefOut)) +
                 " out, " + llvm::Twine(count(signature, abi::ArgKind::I32)) +
                 " i32, " + llvm::Twine(count(signature, abi::ArgKind::F32)) +
                 " f32 (or another order)");
    return failure();
  }
  // Every integer scalar within the range the contract gives it.
  size_t position = 0;
  for (const abi::ScalarDecl &scalar :
       llvm::ArrayRef(decl->scalars, decl->numScalars)) {
    for (uint32_t i = 0; i < scalar.count; ++i, ++position) {
      if (scalar.kind != abi::ArgKind::I32) {
        continue;
      }
      int64_t value = llvm::cast<IntegerAttr>(call.scalars[position]).getInt();
      if (value < scalar.min || value > scalar.max) {
        failOperand("scalar '" + llvm::Twine(scalar.name) + "' is " +
                    llvm::Twine(value) + ", outside the library's range [" +
                    llvm::Twine(scalar.min) + ", " + llvm::Twine(scalar.max) +
                    "]");
        return failure();
      }
    }
  }
  return std::move(call);
}

//===----------------------------------------------------------------------===//
// Enum translations (IE enum values -> ABI enum values)
//===----------------------------------------------------------------------===//

/// One case of an enum translation.
struct EnumCase {
  int64_t ie;
  int32_t abi;
};

/// Translates the IE enum value of parameter `param` through `cases`;
/// reports unknown values.
int32_t translateEnum(CallBuilder &b, llvm::StringRef param,
                      llvm::ArrayRef<EnumCase> cases) {
  int64_t value = b.i64(param);
  for (const EnumCase &entry : cases) {
    if (entry.ie == value) {
      return entry.abi;
    }
  }
  if (!b.hasFailed()) {
    b.failParam(param, "unsupported value " + llvm::Twine(value));
  }
  return 0;
}

template <typename IEEnum, typename AbiEnum>
constexpr EnumCase enumCase(IEEnum ie, AbiEnum abiValue) {
  return {static_cast<int64_t>(ie), static_cast<int32_t>(abiValue)};
}

//===----------------------------------------------------------------------===//
// Mapping functions
//===----------------------------------------------------------------------===//

/// A mapping function: `code` is the entry's operation code (ActivationOp,
/// ReduceOp, ...) where it has one.
using MapFn = void (*)(CallBuilder &b, int32_t code);

/// The VPU tensors in order and each library scalar from the VPU parameter of
/// its name in snake_case (the rows SwKernels.td declares, `vpuKernels`).
void mapByName(CallBuilder &b, int32_t) {
  b.allTensors();
  const abi::KernelDecl *decl = abi::findKernel(b.getKernel());
  if (!decl) {
    b.failInternal("the library has no kernel '" + b.getKernel() + "'");
    return;
  }
  for (const abi::ScalarDecl &scalar :
       llvm::ArrayRef(decl->scalars, decl->numScalars)) {
    llvm::StringRef param = scalar.paramName;
    bool isFloat = scalar.kind == abi::ArgKind::F32;
    if (scalar.count == 1 && isFloat) {
      b.addF32(b.f32(param));
    } else if (scalar.count == 1) {
      b.addI32(param, scalar.isAxis ? b.axis(param) : b.i64(param));
    } else if (isFloat) {
      b.addF32List(b.f32List(param, b.inputRank()));
    } else {
      b.addI32List(param, b.i64List(param, b.inputRank()));
    }
  }
}

/// prelu: the library broadcasts the slope NumPy-style, which is IE's rule
/// except for IE's 1-D per-channel slope of an input of rank > 2.
void mapPRelu(CallBuilder &b, int32_t) {
  b.allTensors();
  if (b.flag("per_channel") && b.inputRank() > 2) {
    b.failParam("per_channel",
                "the library broadcasts the slope NumPy-style: a 1-D "
                "per-channel slope of a rank-" +
                    llvm::Twine(b.inputRank()) +
                    " input must be given as a [C, 1, ...] tensor");
  }
}

/// activation(input, output, op, alpha, beta) with the ActivationOp `code`
/// and the alpha / beta each VPU kernel defines.
void mapActivation(CallBuilder &b, int32_t code) {
  b.input(0);
  b.output(0);
  float alpha = 0.0f;
  float beta = 0.0f;
  switch (static_cast<abi::ActivationOp>(code)) {
  case abi::ActivationOp::Elu:
    alpha = b.f32("alpha");
    break;
  case abi::ActivationOp::LeakyRelu:
    alpha = b.f32("negative_slope");
    break;
  case abi::ActivationOp::Swish:
    alpha = b.f32("beta");
    break;
  case abi::ActivationOp::RoundHalfToEven:
    // `round`: the IE RoundMode selects the operation.
    code = translateEnum(b, "mode",
                         {enumCase(IE::RoundMode::HALF_TO_EVEN,
                                   abi::ActivationOp::RoundHalfToEven),
                          enumCase(IE::RoundMode::HALF_AWAY_FROM_ZERO,
                                   abi::ActivationOp::RoundHalfAwayFromZero)});
    break;
  default:
    break;
  }
  b.addI32(code);
  b.addF32(alpha);
  b.addF32(beta);
}

void mapClamp(CallBuilder &b, int32_t) {
  b.allTensors();
  float min = b.f32("min");
  float max = b.f32("max");
  if (!(min <= max)) {
    b.failParam("min", "min must not exceed max");
  }
  b.addF32(min);
  b.addF32(max);
}

/// scale_shift(input, scale, shift?, output) from `scale_shift` (weights and
/// biases) and `scale` (weights only).
void mapScaleShift(CallBuilder &b, int32_t) {
  b.input(0);
  b.input(1);
  b.optionalInput(2);
  b.output(0);
}

/// Appends the constant inputs `scales` (f32) and `zeroPoints` (i32), both
/// rank-1 of one size.
void addScaleInputs(CallBuilder &b, MLIRContext *context,
                    llvm::ArrayRef<float> scales,
                    llvm::ArrayRef<int32_t> zeroPoints) {
  auto shape = {static_cast<int64_t>(scales.size())};
  b.constantInput(DenseElementsAttr::get(
      RankedTensorType::get(shape, Float32Type::get(context)), scales));
  b.constantInput(DenseElementsAttr::get(
      RankedTensorType::get(shape, IntegerType::get(context, 32)), zeroPoints));
}

/// The scales and zero points of the quantized tensor `value` as constant
/// rank-1 f32 and i32 tensors: from the parameters `scale` and `zero_point`
/// of a per-tensor call, from the element type of a per-axis one.
void quantParamInputs(CallBuilder &b, Value value, bool perAxis) {
  MLIRContext *context = value.getContext();
  SmallVector<float> scales;
  SmallVector<int32_t> zeroPoints;
  if (!perAxis) {
    scales.push_back(b.f32("scale"));
    int64_t zeroPoint = b.i64("zero_point");
    zeroPoints.push_back(static_cast<int32_t>(zeroPoint));
  } else {
    Type elemType = llvm::cast<ShapedType>(value.getType()).getElementType();
    auto type = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(elemType);
    if (!type) {
      b.failInternal("a per-axis call on a tensor without a per-axis "
                     "quantized type");
      return;
    }
    for (size_t c = 0, e = type.getScales().size(); c < e; ++c) {
      auto [scale, zeroPoint] = shape::getChannelQuantParams(elemType, c);
      scales.push_back(static_cast<float>(scale));
      zeroPoints.push_back(static_cast<int32_t>(zeroPoint));
    }
  }
  addScaleInputs(b, context, scales, zeroPoints);
}

/// quantize(input, scale, zeroPoint, output, axis, qmin, qmax) from
/// `quantize` / `quantize_per_axis` (`perAxis`): the quantisation is the
/// output's.
void mapQuantize(CallBuilder &b, int32_t perAxis) {
  b.input(0);
  quantParamInputs(b, b.getInfo().outputs.front(), perAxis);
  b.output(0);
  b.addI32("axis", perAxis ? b.axis("axis") : 0);
  b.copyI32("storage_min");
  b.copyI32("storage_max");
}

/// dequantize(input, scale, zeroPoint, output, axis) from `dequantize` /
/// `dequantize_per_axis`: the quantisation is the input's, whose storage
/// range the kernel does not need.
void mapDequantize(CallBuilder &b, int32_t perAxis) {
  b.input(0);
  quantParamInputs(b, b.getInfo().inputs.front(), perAxis);
  b.output(0);
  b.addI32("axis", perAxis ? b.axis("axis") : 0);
  b.i64("storage_min");
  b.i64("storage_max");
}

/// reduce(input, output, op, axesMask, keepDims) with the ReduceOp `code`.
void mapReduce(CallBuilder &b, int32_t code) {
  b.allTensors();
  b.addI32(code);
  b.addI32("axes", b.axesMask("axes"));
  b.addI32(b.flag("keep_dims") ? 1 : 0);
}

/// softmax / log_softmax(input, output, axis).
void mapAxis(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axis", b.axis("axis"));
}

void mapMvn(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axes", b.axesMask("axes"));
  b.addI32(b.flag("normalize_variance") ? 1 : 0);
  b.addI32(translateEnum(
      b, "eps_mode",
      {enumCase(IE::MvnEpsMode::INSIDE_SQRT, abi::MvnEpsMode::InsideSqrt),
       enumCase(IE::MvnEpsMode::OUTSIDE_SQRT, abi::MvnEpsMode::OutsideSqrt)}));
  b.addF32(b.f32("eps"));
}

void mapNormalizeL2(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axes", b.axesMask("axes"));
  b.addI32(
      translateEnum(b, "eps_mode",
                    {enumCase(IE::EpsMode::ADD, abi::NormalizeEpsMode::Add),
                     enumCase(IE::EpsMode::MAX, abi::NormalizeEpsMode::Max)}));
  b.addF32(b.f32("eps"));
}

/// layer_norm(input, scale, bias?, output, axis, eps).
void mapLayerNorm(CallBuilder &b, int32_t) {
  b.input(0);
  b.input(1);
  b.optionalInput(2);
  b.output(0);
  b.addI32("axis", b.axis("axis"));
  b.addF32(b.f32("epsilon"));
}

/// batch_norm_inference(input, gamma, beta, mean, variance, output, eps).
void mapBatchNorm(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addF32(b.f32("epsilon"));
}

/// The strides, pads and dilations of the convolutions, in ABI order (the
/// same as the VPU order).
void addConvGeometry(CallBuilder &b) {
  for (llvm::StringRef name :
       {"stride_y", "stride_x", "pad_top", "pad_left", "pad_bottom",
        "pad_right", "dilation_y", "dilation_x"}) {
    b.copyI32(name);
  }
}

/// The optional bias (VPU input 2) of the convolutions and fully_connected:
/// the library takes it as [OC] only.
void addOptionalBias(CallBuilder &b) {
  if (b.getNumInputs() > 2 && b.inputDims(2).size() != 1) {
    b.failOperand("the library takes the bias as a 1-D [OC] tensor; reshape "
                  "the rank-" +
                  llvm::Twine(b.inputDims(2).size()) + " bias first");
  }
  b.optionalInput(2);
}

/// No fused post-operation.
void addNoPostOp(CallBuilder &b) {
  b.addI32(abi::kNoPostOp);
  b.addF32(0.0f);
  b.addF32(0.0f);
}

/// convolution(input, filter, bias?, output, geometry, groups, post-op) from
/// `convolution(_bias)` (groups 1) and `group_convolution(_bias)`.
void mapConvolution(CallBuilder &b, int32_t grouped) {
  b.input(0);
  b.input(1);
  addOptionalBias(b);
  b.output(0);
  addConvGeometry(b);
  if (grouped) {
    b.copyI32("groups");
  } else {
    b.addI32(1);
  }
  addNoPostOp(b);
}

/// Appends the f32 scale parameter `param`, checked to be finite and
/// positive.
void addQuantScale(CallBuilder &b, llvm::StringRef param) {
  float scale = b.f32(param);
  if (!(scale > 0.0f) || !std::isfinite(scale)) {
    b.failParam(param, "the scale must be finite and positive");
  }
  b.addF32(scale);
}

/// Appends the post-op of a layer on quantized types (postOp, postOpAlpha,
/// postOpBeta) from `post_op` (the IE::PostOpKind of the layer's post-op, or
/// -1), `post_op_alpha` and `post_op_beta`.
void addQuantizedPostOp(CallBuilder &b) {
  int64_t postOp = b.i64("post_op");
  float alpha = b.f32("post_op_alpha");
  float beta = b.f32("post_op_beta");
  switch (postOp) {
  case -1:
    b.addI32(abi::kNoPostOp);
    break;
  case 0:
    b.addI32(static_cast<int32_t>(abi::ActivationOp::Relu));
    break;
  case 1:
    b.addI32(static_cast<int32_t>(abi::ActivationOp::Clamp));
    break;
  case 2:
    b.addI32(static_cast<int32_t>(abi::ActivationOp::LeakyRelu));
    break;
  default:
    b.failParam("post_op", "unknown post-op " + llvm::Twine(postOp));
    b.addI32(abi::kNoPostOp);
  }
  b.addF32(alpha);
  b.addF32(beta);
}

/// quantized_convolution(input, filter, bias?, scale, filterZeroPoint,
/// output, geometry, groups, zero points, range, outputScale, post-op) from
/// `quantized_convolution` (groups 1) and `quantized_group_convolution`: the
/// per-channel scales (input scale x filter scale) and filter zero points
/// come from the types as constant inputs.
void mapQuantizedConvolution(CallBuilder &b, int32_t grouped) {
  const VPU::SWKernelInfo &info = b.getInfo();
  auto elementType = [](Value value) {
    return llvm::cast<ShapedType>(value.getType()).getElementType();
  };
  auto input =
      llvm::dyn_cast<quant::UniformQuantizedType>(elementType(info.inputs[0]));
  Type filterType = elementType(info.inputs[1]);
  if (!input || !llvm::isa<quant::UniformQuantizedType,
                           quant::UniformQuantizedPerAxisType>(filterType)) {
    b.failInternal("a quantized convolution without a per-tensor quantized "
                   "input and a quantized filter");
    return;
  }
  const int64_t outChannels = b.inputDims(1).empty() ? 0 : b.inputDims(1)[0];
  SmallVector<float> scales;
  SmallVector<int32_t> zeroPoints;
  for (int64_t c = 0; c < outChannels; ++c) {
    auto [scale, zeroPoint] = shape::getChannelQuantParams(filterType, c);
    scales.push_back(static_cast<float>(input.getScale() * scale));
    zeroPoints.push_back(static_cast<int32_t>(zeroPoint));
  }
  b.input(0);
  b.input(1);
  addOptionalBias(b);
  addScaleInputs(b, info.inputs[0].getContext(), scales, zeroPoints);
  b.output(0);
  addConvGeometry(b);
  if (grouped) {
    b.copyI32("groups");
  } else {
    b.addI32(1);
  }
  b.copyI32("input_zero_point");
  b.copyI32("output_zero_point");
  b.addI32("storage_min", b.i64("storage_min"));
  b.addI32("storage_max", b.i64("storage_max"));
  addQuantScale(b, "output_scale");
  addQuantizedPostOp(b);
}

/// quantized_eltwise(input1, input2, output, op, the inputs' and output's
/// scales and zero points, range, post-op) from `quantized_add` /
/// `quantized_multiply` with the QuantizedEltwiseOp `code`.
void mapQuantizedEltwise(CallBuilder &b, int32_t code) {
  b.allTensors();
  b.addI32(code);
  for (llvm::StringRef tensor : {"input1", "input2", "output"}) {
    addQuantScale(b, (tensor + "_scale").str());
    b.copyI32((tensor + "_zero_point").str());
  }
  b.addI32("storage_min", b.i64("storage_min"));
  b.addI32("storage_max", b.i64("storage_max"));
  addQuantizedPostOp(b);
}

void mapDeconvolution(CallBuilder &b, int32_t) {
  b.input(0);
  b.input(1);
  addOptionalBias(b);
  b.output(0);
  addConvGeometry(b);
  b.copyI32("output_padding_y");
  b.copyI32("output_padding_x");
  b.copyI32("groups");
  addNoPostOp(b);
}

void mapFullyConnected(CallBuilder &b, int32_t) {
  b.input(0);
  b.input(1);
  addOptionalBias(b);
  b.output(0);
  addNoPostOp(b);
}

void mapMatMul(CallBuilder &b, int32_t) {
  b.allTensors();
  for (int64_t i = 0; i < 2 && !b.hasFailed(); ++i) {
    if (b.inputDims(i).size() < 2) {
      b.failOperand("input #" + llvm::Twine(i) +
                    " is 1-D; the library's matmul takes matrices (reshape "
                    "the vector first)");
    }
  }
  b.addI32(b.flag("transpose_a") ? 1 : 0);
  b.addI32(b.flag("transpose_b") ? 1 : 0);
}

/// The output extent of a pool along one dim for a rounding type (the rule
/// of IE.MaxPool and abi::RoundingType).
int64_t getPoolExtent(int64_t in, int64_t kernel, int64_t stride,
                      int64_t padBegin, int64_t padEnd, bool ceil) {
  int64_t span = in + padBegin + padEnd - kernel;
  if (span < 0 || stride < 1) {
    return -1;
  }
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  if (ceil && (out - 1) * stride >= in + padBegin) {
    --out;
  }
  return out;
}

/// The pools mapPool maps (its code).
enum PoolKind : int32_t { kMaxPool = 0, kAvgPool = 1, kLpPool = 2 };

/// max_pool / avg_pool / lp_pool(input, output, kernel, strides, pads,
/// roundingType [, excludePad | p]); the rounding type is the one that gives
/// the output dims (the VPU op's output type already reflects it).
void mapPool(CallBuilder &b, int32_t kind) {
  b.allTensors();
  llvm::ArrayRef<int64_t> in = b.inputDims(0);
  llvm::ArrayRef<int64_t> out = b.outputDims(0);
  if (b.hasFailed()) {
    return;
  }
  if (in.size() != 4 || out.size() != 4) {
    b.failOperand("the library pools take 4-D tensors");
    return;
  }
  int64_t kernelY = b.i64("kernel_y"), kernelX = b.i64("kernel_x");
  int64_t strideY = b.i64("stride_y"), strideX = b.i64("stride_x");
  int64_t padTop = b.i64("pad_top"), padLeft = b.i64("pad_left");
  int64_t padBottom = b.i64("pad_bottom"), padRight = b.i64("pad_right");
  auto matches = [&](bool ceil) {
    return getPoolExtent(in[2], kernelY, strideY, padTop, padBottom, ceil) ==
               out[2] &&
           getPoolExtent(in[3], kernelX, strideX, padLeft, padRight, ceil) ==
               out[3];
  };
  abi::RoundingType rounding = abi::RoundingType::Floor;
  if (!matches(/*ceil=*/false)) {
    if (matches(/*ceil=*/true)) {
      rounding = abi::RoundingType::Ceil;
    } else {
      b.failOperand("the output dims match neither the floor nor the ceil "
                    "rounding of the pool");
      return;
    }
  }
  b.addI32("kernel_y", kernelY);
  b.addI32("kernel_x", kernelX);
  b.addI32("stride_y", strideY);
  b.addI32("stride_x", strideX);
  b.addI32("pad_top", padTop);
  b.addI32("pad_left", padLeft);
  b.addI32("pad_bottom", padBottom);
  b.addI32("pad_right", padRight);
  b.addI32(static_cast<int32_t>(rounding));
  if (kind == kAvgPool) {
    b.addI32(b.flag("exclude_pad") ? 1 : 0);
  } else if (kind == kLpPool) {
    b.copyI32("p");
  }
}

/// quantized_avg_pool(input, output, the pool's geometry and excludePad as
/// avg_pool, inputScale, inputZeroPoint, outputScale, outputZeroPoint, qmin,
/// qmax, post-op) from `quantized_avg_pool`.
void mapQuantizedAvgPool(CallBuilder &b, int32_t) {
  mapPool(b, kAvgPool);
  if (b.hasFailed()) {
    return;
  }
  for (llvm::StringRef tensor : {"input", "output"}) {
    addQuantScale(b, (tensor + "_scale").str());
    b.copyI32((tensor + "_zero_point").str());
  }
  b.addI32("storage_min", b.i64("storage_min"));
  b.addI32("storage_max", b.i64("storage_max"));
  addQuantizedPostOp(b);
}

/// interpolate(input, output, mode, coordMode, nearestMode, shapeCalcMode,
/// excludeOutside, cubicCoeffA, extrapolationValue, scales[8], roiStart[8],
/// roiEnd[8]). The VPU call always gives per-dim scales (`sizes` become
/// output / input); a call whose scales are exactly those ratios is passed
/// as Sizes (the library then uses out / in in FP64 and the output dims as
/// the resized lengths), any other as Scales.
void mapInterpolate(CallBuilder &b, int32_t) {
  b.allTensors();
  int32_t mode = translateEnum(
      b, "mode",
      {enumCase(IE::InterpolateMode::NEAREST, abi::InterpolateMode::Nearest),
       enumCase(IE::InterpolateMode::LINEAR, abi::InterpolateMode::Linear),
       enumCase(IE::InterpolateMode::CUBIC, abi::InterpolateMode::Cubic)});
  int32_t coordMode =
      translateEnum(b, "coord_mode",
                    {enumCase(IE::InterpolateCoordMode::HALF_PIXEL,
                              abi::InterpolateCoordMode::HalfPixel),
                     enumCase(IE::InterpolateCoordMode::PYTORCH_HALF_PIXEL,
                              abi::InterpolateCoordMode::PytorchHalfPixel),
                     enumCase(IE::InterpolateCoordMode::ALIGN_CORNERS,
                              abi::InterpolateCoordMode::AlignCorners),
                     enumCase(IE::InterpolateCoordMode::ASYMMETRIC,
                              abi::InterpolateCoordMode::Asymmetric),
                     enumCase(IE::InterpolateCoordMode::TF_HALF_PIXEL_FOR_NN,
                              abi::InterpolateCoordMode::TfHalfPixelForNn),
                     enumCase(IE::InterpolateCoordMode::TF_CROP_AND_RESIZE,
                              abi::InterpolateCoordMode::TfCropAndResize)});
  int32_t nearestMode =
      translateEnum(b, "nearest_mode",
                    {enumCase(IE::InterpolateNearestMode::ROUND_PREFER_FLOOR,
                              abi::InterpolateNearestMode::RoundPreferFloor),
                     enumCase(IE::InterpolateNearestMode::ROUND_PREFER_CEIL,
                              abi::InterpolateNearestMode::RoundPreferCeil),
                     enumCase(IE::InterpolateNearestMode::FLOOR,
                              abi::InterpolateNearestMode::Floor),
                     enumCase(IE::InterpolateNearestMode::CEIL,
                              abi::InterpolateNearestMode::Ceil),
                     enumCase(IE::InterpolateNearestMode::SIMPLE,
                              abi::InterpolateNearestMode::Simple)});
  float cubicCoeffA = b.f32("cubic_coeff_a");
  bool excludeOutside = b.flag("exclude_outside");
  float extrapolationValue = b.f32("extrapolation_value");
  llvm::ArrayRef<int64_t> in = b.inputDims(0);
  llvm::ArrayRef<int64_t> out = b.outputDims(0);
  int64_t rank = static_cast<int64_t>(in.size());
  llvm::SmallVector<float, 8> scales = b.f32List("scales", rank);
  llvm::SmallVector<float, 8> roiStart = b.f32List("roi_start", rank);
  llvm::SmallVector<float, 8> roiEnd = b.f32List("roi_end", rank);
  if (b.hasFailed()) {
    return;
  }
  if (out.size() != in.size()) {
    b.failInternal("input and output ranks differ");
    return;
  }
  bool bySizes = true;
  for (int64_t d = 0; d < rank; ++d) {
    if (in[d] == 0) {
      b.failOperand("input dim " + llvm::Twine(d) + " is empty");
      return;
    }
    bySizes &= static_cast<float>(static_cast<double>(out[d]) /
                                  static_cast<double>(in[d])) == scales[d];
  }
  if (!bySizes) {
    // The library's rule for scales: out = floor(in * scale) in FP64.
    for (int64_t d = 0; d < rank; ++d) {
      double resized = static_cast<double>(in[d]) * scales[d];
      if (!(scales[d] > 0.0f) || std::isinf(scales[d]) ||
          static_cast<int64_t>(std::floor(resized)) != out[d]) {
        b.failParam(("scales_" + llvm::Twine(d)).str(),
                    "output dim " + llvm::Twine(out[d]) + " is not floor(" +
                        llvm::Twine(in[d]) + " * scale)");
        return;
      }
    }
  }
  b.addI32(mode);
  b.addI32(coordMode);
  b.addI32(nearestMode);
  b.addI32(static_cast<int32_t>(bySizes
                                    ? abi::InterpolateShapeCalcMode::Sizes
                                    : abi::InterpolateShapeCalcMode::Scales));
  b.addI32(excludeOutside ? 1 : 0);
  b.addF32(cubicCoeffA);
  b.addF32(extrapolationValue);
  if (bySizes) {
    b.addF32List({});
  } else {
    b.addF32List(scales);
  }
  // The library reads the region of interest in tf_crop_and_resize only and
  // requires zeros otherwise.
  bool crop = coordMode ==
              static_cast<int32_t>(abi::InterpolateCoordMode::TfCropAndResize);
  b.addF32List(crop ? llvm::ArrayRef<float>(roiStart)
                    : llvm::ArrayRef<float>());
  b.addF32List(crop ? llvm::ArrayRef<float>(roiEnd) : llvm::ArrayRef<float>());
}

/// transpose(input, output, perm[8]) from the DimsOrder-style code.
void mapTranspose(CallBuilder &b, int32_t) {
  b.allTensors();
  int64_t code = b.i64("perm");
  int64_t rank = b.inputRank();
  llvm::SmallVector<int64_t, 8> perm(rank, 0);
  llvm::SmallBitVector seen(std::max<int64_t>(rank, 1));
  int64_t rest = code;
  for (int64_t i = rank - 1; i >= 0; --i) {
    int64_t dim = (rest & 0xf) - 1;
    rest >>= 4;
    if (dim < 0 || dim >= rank || seen.test(dim)) {
      b.failParam("perm", "code 0x" + llvm::utohexstr(code) +
                              " is not a permutation of " + llvm::Twine(rank) +
                              " dims");
      return;
    }
    seen.set(dim);
    perm[i] = dim;
  }
  if (rest != 0) {
    b.failParam("perm", "code 0x" + llvm::utohexstr(code) + " has more than " +
                            llvm::Twine(rank) + " digits");
    return;
  }
  b.addI32List("perm", perm);
}

/// pad(input, output, mode, padValue, padsBegin[8], padsEnd[8]).
void mapPad(CallBuilder &b, int32_t) {
  b.allTensors();
  int32_t mode =
      translateEnum(b, "mode",
                    {enumCase(IE::PadMode::CONSTANT, abi::PadMode::Constant),
                     enumCase(IE::PadMode::EDGE, abi::PadMode::Edge),
                     enumCase(IE::PadMode::REFLECT, abi::PadMode::Reflect)});
  float padValue = b.f32("pad_value");
  int64_t rank = b.inputRank();
  llvm::SmallVector<int64_t, 8> begins = b.i64List("pads_begin", rank);
  llvm::SmallVector<int64_t, 8> ends = b.i64List("pads_end", rank);
  for (auto [name, values] : {std::make_pair("pads_begin", &begins),
                              std::make_pair("pads_end", &ends)}) {
    for (auto [d, value] : llvm::enumerate(*values)) {
      if (value < 0) {
        b.failParam((name + llvm::Twine("_") + llvm::Twine(d)).str(),
                    "negative pads are not supported");
      }
    }
  }
  b.addI32(mode);
  // The library requires 0 outside the constant mode.
  b.addF32(mode == static_cast<int32_t>(abi::PadMode::Constant) ? padValue
                                                                : 0.0f);
  b.addI32List("pads_begin", begins);
  b.addI32List("pads_end", ends);
}

/// gather(data, indices, output, axis, batchDims = 0).
void mapGather(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axis", b.axis("axis"));
  b.addI32(0);
}

/// topk(input, values, indices, axis, k, mode, sort).
void mapTopK(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axis", b.axis("axis"));
  int64_t k = b.i64("k");
  if (k < 1) {
    b.failParam("k", "k = " + llvm::Twine(k) + " must be at least 1");
  }
  b.addI32("k", k);
  b.addI32(translateEnum(b, "mode",
                         {enumCase(IE::TopKMode::MAX, abi::TopKMode::Max),
                          enumCase(IE::TopKMode::MIN, abi::TopKMode::Min)}));
  // IE's `none` leaves the order to the implementation; the IE interpreter
  // orders by index, and so does the call.
  b.addI32(
      translateEnum(b, "sort",
                    {enumCase(IE::TopKSortType::VALUE, abi::TopKSort::Value),
                     enumCase(IE::TopKSortType::INDEX, abi::TopKSort::Index),
                     enumCase(IE::TopKSortType::NONE, abi::TopKSort::Index)}));
}

/// cumsum(input, output, axis, exclusive, reverse).
void mapCumSum(CallBuilder &b, int32_t) {
  b.allTensors();
  b.addI32("axis", b.axis("axis"));
  b.addI32(b.flag("exclusive") ? 1 : 0);
  b.addI32(b.flag("reverse") ? 1 : 0);
}

/// depth_to_space / space_to_depth(input, output, blockSize, mode).
void mapDepthSpace(CallBuilder &b, int32_t) {
  b.allTensors();
  int64_t blockSize = b.i64("block_size");
  if (blockSize < 1) {
    b.failParam("block_size",
                "block size " + llvm::Twine(blockSize) + " must be at least 1");
  }
  b.addI32("block_size", blockSize);
  b.addI32(translateEnum(
      b, "mode",
      {enumCase(IE::DepthToSpaceMode::DCR, abi::DepthSpaceMode::BlocksFirst),
       enumCase(IE::DepthToSpaceMode::CRD, abi::DepthSpaceMode::DepthFirst)}));
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

/// One VPU kernel the library runs.
struct Entry {
  /// The VPU kernel name (SWKernelInfo::name).
  const char *vpu;
  /// The library kernel (`<X>Kernel::name`).
  const char *abi;
  MapFn map;
  /// The operation code passed to `map`.
  int32_t code = 0;
};

constexpr int32_t act(abi::ActivationOp op) { return static_cast<int32_t>(op); }
constexpr int32_t red(abi::ReduceOp op) { return static_cast<int32_t>(op); }

/// The table: the rows SwKernels.td declares (mapByName), then the rows with
/// code, sorted by VPU name.
const Entry kEntries[] = {
#include "conversions/vpu_to_vpuip/kernels/ByNameRows.inc"
    {"abs", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Abs)},
    {"acos", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Acos)},
    {"acosh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Acosh)},
    {"asin", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Asin)},
    {"asinh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Asinh)},
    {"atan", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Atan)},
    {"atanh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Atanh)},
    {"avg_pool", abi::AvgPoolKernel::name, mapPool, kAvgPool},
    {"batch_norm", abi::BatchNormKernel::name, mapBatchNorm},
    {"ceil", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Ceil)},
    {"clamp", abi::ClampKernel::name, mapClamp},
    {"convolution", abi::ConvolutionKernel::name, mapConvolution, 0},
    {"convolution_bias", abi::ConvolutionKernel::name, mapConvolution, 0},
    {"cos", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Cos)},
    {"cosh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Cosh)},
    {"cumsum", abi::CumSumKernel::name, mapCumSum},
    {"deconvolution", abi::DeconvolutionKernel::name, mapDeconvolution},
    {"deconvolution_bias", abi::DeconvolutionKernel::name, mapDeconvolution},
    {"dequantize", abi::DequantizeKernel::name, mapDequantize, 0},
    {"dequantize_per_axis", abi::DequantizeKernel::name, mapDequantize, 1},
    {"depth_to_space", abi::DepthToSpaceKernel::name, mapDepthSpace},
    {"elu", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Elu)},
    {"erf", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Erf)},
    {"exp", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Exp)},
    {"floor", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Floor)},
    {"fully_connected", abi::FullyConnectedKernel::name, mapFullyConnected},
    {"fully_connected_bias", abi::FullyConnectedKernel::name,
     mapFullyConnected},
    {"gather", abi::GatherKernel::name, mapGather},
    {"gelu", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Gelu)},
    {"group_convolution", abi::ConvolutionKernel::name, mapConvolution, 1},
    {"group_convolution_bias", abi::ConvolutionKernel::name, mapConvolution, 1},
    {"hsigmoid", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::HSigmoid)},
    {"hswish", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::HSwish)},
    {"interpolate", abi::InterpolateKernel::name, mapInterpolate},
    {"layer_norm", abi::LayerNormKernel::name, mapLayerNorm},
    {"layer_norm_bias", abi::LayerNormKernel::name, mapLayerNorm},
    {"leaky_relu", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::LeakyRelu)},
    {"log", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Log)},
    {"log_softmax", abi::LogSoftmaxKernel::name, mapAxis},
    {"lp_pool", abi::LpPoolKernel::name, mapPool, kLpPool},
    {"matmul", abi::MatMulKernel::name, mapMatMul},
    {"max_pool", abi::MaxPoolKernel::name, mapPool, kMaxPool},
    {"mish", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Mish)},
    {"mvn", abi::MvnKernel::name, mapMvn},
    {"negative", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Negative)},
    {"normalize_l2", abi::NormalizeL2Kernel::name, mapNormalizeL2},
    {"pad", abi::PadKernel::name, mapPad},
    {"prelu", abi::PReluKernel::name, mapPRelu},
    {"quantize", abi::QuantizeKernel::name, mapQuantize, 0},
    {"quantize_per_axis", abi::QuantizeKernel::name, mapQuantize, 1},
    {"quantized_add", abi::QuantizedEltwiseKernel::name, mapQuantizedEltwise,
     static_cast<int32_t>(abi::QuantizedEltwiseOp::Add)},
    {"quantized_avg_pool", abi::QuantizedAvgPoolKernel::name,
     mapQuantizedAvgPool, 0},
    {"quantized_convolution", abi::QuantizedConvolutionKernel::name,
     mapQuantizedConvolution, 0},
    {"quantized_group_convolution", abi::QuantizedConvolutionKernel::name,
     mapQuantizedConvolution, 1},
    {"quantized_multiply", abi::QuantizedEltwiseKernel::name,
     mapQuantizedEltwise,
     static_cast<int32_t>(abi::QuantizedEltwiseOp::Multiply)},
    {"reduce_l2", abi::ReduceKernel::name, mapReduce, red(abi::ReduceOp::L2)},
    {"reduce_max", abi::ReduceKernel::name, mapReduce, red(abi::ReduceOp::Max)},
    {"reduce_mean", abi::ReduceKernel::name, mapReduce,
     red(abi::ReduceOp::Mean)},
    {"reduce_min", abi::ReduceKernel::name, mapReduce, red(abi::ReduceOp::Min)},
    {"reduce_prod", abi::ReduceKernel::name, mapReduce,
     red(abi::ReduceOp::Prod)},
    {"reduce_sum", abi::ReduceKernel::name, mapReduce, red(abi::ReduceOp::Sum)},
    // The round mode parameter selects RoundHalfToEven or
    // RoundHalfAwayFromZero.
    {"round", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::RoundHalfToEven)},
    {"scale", abi::ScaleShiftKernel::name, mapScaleShift},
    {"scale_shift", abi::ScaleShiftKernel::name, mapScaleShift},
    // Biases only: input + biases.
    {"sigmoid", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Sigmoid)},
    {"sin", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Sin)},
    {"sinh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Sinh)},
    {"softmax", abi::SoftmaxKernel::name, mapAxis},
    {"softplus", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::SoftPlus)},
    {"space_to_depth", abi::SpaceToDepthKernel::name, mapDepthSpace},
    {"sqrt", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Sqrt)},
    {"swish", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Swish)},
    {"tan", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Tan)},
    {"tanh", abi::ActivationKernel::name, mapActivation,
     act(abi::ActivationOp::Tanh)},
    {"topk", abi::TopKKernel::name, mapTopK},
    {"transpose", abi::TransposeKernel::name, mapTranspose},
};

/// The entry of VPU kernel `name`, or nullptr.
const Entry *findEntry(llvm::StringRef name) {
  for (const Entry &entry : kEntries) {
    if (name == entry.vpu) {
      return &entry;
    }
  }
  return nullptr;
}

} // namespace

FailureOr<AbiKernelCall>
mapToAbiKernel(const VPU::SWKernelInfo &info,
               llvm::function_ref<InFlightDiagnostic()> emitError) {
  const Entry *entry = findEntry(info.name);
  if (!entry) {
    emitError() << "the software-kernel library has no kernel for VPU kernel '"
                << info.name << "'";
    return failure();
  }
  if (info.outputs.empty()) {
    emitError() << "internal error mapping VPU kernel '" << info.name
                << "': the call has no output";
    return failure();
  }
  CallBuilder builder(info, emitError, entry->abi);
  entry->map(builder, entry->code);
  return builder.finish();
}

std::optional<llvm::ArrayRef<abi::ArgKind>>
getAbiSignature(llvm::StringRef name) {
  const abi::KernelDecl *decl = abi::findKernel(name);
  if (!decl) {
    return std::nullopt;
  }
  return llvm::ArrayRef<abi::ArgKind>(decl->signature, decl->numArgs);
}

llvm::SmallVector<llvm::StringRef> getMappedVpuKernels() {
  llvm::SmallVector<llvm::StringRef> names;
  for (const Entry &entry : kEntries) {
    names.push_back(entry.vpu);
  }
  llvm::sort(names);
  return names;
}

llvm::StringRef getAbiKernelFor(llvm::StringRef vpuKernel) {
  const Entry *entry = findEntry(vpuKernel);
  return entry ? llvm::StringRef(entry->abi) : llvm::StringRef();
}

} // namespace mlir::vpuc::VPUIP
