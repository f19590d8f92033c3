//===- Activation.cpp - Unary activation kernels --------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// relu(input, output) and clamp(input, output, min: f32, max: f32): f32, f16
// or bf16, same dims, any layouts, in place allowed. Clamp's scalars come from
// the UPA layer's ClampParams on VPUX30XX.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "tools/emulator/kernels/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

struct __attribute__((packed)) ReluArgs {
  abi::MemRefData input;
  abi::MemRefData output;
};
constexpr abi::ArgKind kReluSignature[] = {abi::ArgKind::MemRefIn,
                                           abi::ArgKind::MemRefOut};
static_assert(sizeof(ReluArgs) == abi::getPackedArgSize(kReluSignature),
              "ReluArgs must match its signature");

struct __attribute__((packed)) ClampArgs {
  abi::MemRefData input;
  abi::MemRefData output;
  float min;
  float max;
};
constexpr abi::ArgKind kClampSignature[] = {
    abi::ArgKind::MemRefIn, abi::ArgKind::MemRefOut, abi::ArgKind::F32,
    abi::ArgKind::F32};
static_assert(sizeof(ClampArgs) == abi::getPackedArgSize(kClampSignature),
              "ClampArgs must match its signature");
static_assert(offsetof(ClampArgs, min) == 64 && offsetof(ClampArgs, max) == 68,
              "ClampArgs layout");

/// Applies `fn` to every element of input into output (same dims).
template <typename Fn>
llvm::Error
runUnary(const abi::MemRefData &inDesc, const abi::MemRefData &outDesc,
         const KernelContext &context, llvm::StringRef name, Fn fn) {
  llvm::Expected<TensorView> in =
      viewArg(context, inDesc, false, name, "input");
  if (!in) {
    return in.takeError();
  }
  llvm::Expected<TensorView> out =
      viewArg(context, outDesc, true, name, "output");
  if (!out) {
    return out.takeError();
  }
  if (llvm::Error error = checkRowType(*in, name, "input", true)) {
    return error;
  }
  if (llvm::Error error = checkRowType(*out, name, "output", true)) {
    return error;
  }
  if (in->getLogicalDims() != out->getLogicalDims()) {
    return kernelError(name, "input and output dims differ");
  }
  if (llvm::Error error = checkAliasing(*out, *in, name, "the input")) {
    return error;
  }
  llvm::Expected<IterationSpace<2>> space =
      getElementwiseSpace<2>(*out, {&*in}, name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> row;
  abi::DataType inType = in->type, outType = out->type;
  forEachRow<2>(*space, {out->data, in->data},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  row.resize(n);
                  loadRow(inType, p[1], stride[1], n, row.data());
                  for (int64_t i = 0; i < n; ++i) {
                    row[i] = fn(row[i]);
                  }
                  storeRow(outType, p[0], stride[0], n, row.data());
                });
  return llvm::Error::success();
}

llvm::Error runRelu(const uint8_t *args, const KernelContext &context) {
  ReluArgs a = readArgs<ReluArgs>(args);
  // NaN stays NaN (max(x, 0) with the comparison false for NaN).
  return runUnary(a.input, a.output, context, "relu",
                  [](float x) { return x < 0.0f ? 0.0f : x; });
}

llvm::Error runClamp(const uint8_t *args, const KernelContext &context) {
  ClampArgs a = readArgs<ClampArgs>(args);
  float lo = a.min, hi = a.max;
  if (std::isnan(lo) || std::isnan(hi) || lo > hi) {
    return kernelError("clamp", "invalid bounds [" + std::to_string(lo) + ", " +
                                    std::to_string(hi) + "]");
  }
  return runUnary(a.input, a.output, context, "clamp", [lo, hi](float x) {
    return x < lo ? lo : (x > hi ? hi : x);
  });
}

llvm::Error packClamp(const ::vpuc::schema::UpaLayerTask &task,
                      abi::ArgPacker &packer) {
  const ::vpuc::schema::ClampParams *params = task.params_as_ClampParams();
  if (!params) {
    return kernelError("clamp", "the UPA layer needs ClampParams");
  }
  packer.addF32(params->min());
  packer.addF32(params->max());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(activation) {
  registry.add({"relu",
                {std::begin(kReluSignature), std::end(kReluSignature)},
                runRelu,
                /*cyclesPerVector=*/1.0,
                /*packUpaScalars=*/nullptr});
  registry.add({"clamp",
                {std::begin(kClampSignature), std::end(kClampSignature)},
                runClamp,
                /*cyclesPerVector=*/1.0,
                packClamp});
}

} // namespace mlir::vpuc::emu
