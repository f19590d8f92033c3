//===- Eltwise.cpp - Binary element-wise kernels --------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// add, subtract, multiply, maximum, minimum (input1, input2, output): f32, f16
// or bf16 operands of the same rank, inputs broadcast numpy-style along
// dimensions of size 1, any layouts. FP32 math, round to nearest even on
// store. An output may alias an input element for element (in place).
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "tools/emulator/kernels/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

struct __attribute__((packed)) BinaryArgs {
  abi::MemRefData input1;
  abi::MemRefData input2;
  abi::MemRefData output;
};

constexpr abi::ArgKind kBinarySignature[] = {
    abi::ArgKind::MemRefIn, abi::ArgKind::MemRefIn, abi::ArgKind::MemRefOut};
static_assert(sizeof(BinaryArgs) == abi::getPackedArgSize(kBinarySignature),
              "BinaryArgs must match its signature");

struct Add {
  static constexpr const char *name = "add";
  static float apply(float a, float b) { return a + b; }
};
struct Subtract {
  static constexpr const char *name = "subtract";
  static float apply(float a, float b) { return a - b; }
};
struct Multiply {
  static constexpr const char *name = "multiply";
  static float apply(float a, float b) { return a * b; }
};
struct Maximum {
  static constexpr const char *name = "maximum";
  static float apply(float a, float b) { return std::max(a, b); }
};
struct Minimum {
  static constexpr const char *name = "minimum";
  static float apply(float a, float b) { return std::min(a, b); }
};

template <typename Op>
llvm::Error runBinary(const uint8_t *args, const KernelContext &context) {
  BinaryArgs a = readArgs<BinaryArgs>(args);
  llvm::Expected<TensorView> in1 =
      viewArg(context, a.input1, false, Op::name, "input 0");
  if (!in1) {
    return in1.takeError();
  }
  llvm::Expected<TensorView> in2 =
      viewArg(context, a.input2, false, Op::name, "input 1");
  if (!in2) {
    return in2.takeError();
  }
  llvm::Expected<TensorView> out =
      viewArg(context, a.output, true, Op::name, "output");
  if (!out) {
    return out.takeError();
  }
  for (auto [view, what] :
       {std::make_pair(&*in1, "input 0"), std::make_pair(&*in2, "input 1"),
        std::make_pair(&*out, "output")}) {
    if (llvm::Error error = checkRowType(*view, Op::name, what, true)) {
      return error;
    }
  }
  if (llvm::Error error = checkAliasing(*out, *in1, Op::name, "input 0")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(*out, *in2, Op::name, "input 1")) {
    return error;
  }
  llvm::Expected<IterationSpace<3>> space =
      getElementwiseSpace<3>(*out, {&*in1, &*in2}, Op::name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> x, y;
  abi::DataType t0 = out->type, t1 = in1->type, t2 = in2->type;
  forEachRow<3>(*space, {out->data, in1->data, in2->data},
                [&](const std::array<uint8_t *, 3> &p,
                    const std::array<int64_t, 3> &stride, int64_t n) {
                  x.resize(n);
                  y.resize(n);
                  loadRow(t1, p[1], stride[1], n, x.data());
                  loadRow(t2, p[2], stride[2], n, y.data());
                  for (int64_t i = 0; i < n; ++i) {
                    x[i] = Op::apply(x[i], y[i]);
                  }
                  storeRow(t0, p[0], stride[0], n, x.data());
                });
  return llvm::Error::success();
}

template <typename Op> KernelInfo binaryKernel() {
  return {Op::name,
          {std::begin(kBinarySignature), std::end(kBinarySignature)},
          runBinary<Op>,
          /*cyclesPerVector=*/1.0,
          /*packUpaScalars=*/nullptr};
}

} // namespace

VPUC_EMU_KERNEL(eltwise) {
  registry.add(binaryKernel<Add>());
  registry.add(binaryKernel<Subtract>());
  registry.add(binaryKernel<Multiply>());
  registry.add(binaryKernel<Maximum>());
  registry.add(binaryKernel<Minimum>());
}

} // namespace mlir::vpuc::emu
