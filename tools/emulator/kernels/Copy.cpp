//===- Copy.cpp - The copy and convert kernels ----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// copy(input, output): moves a tensor between layouts (same dims, same element
// type, any byte-sized type), through core/shape's stridedCopy.
//
// convert(input, output): changes the element type (f32, f16, bf16 and
// integers of at most 16 bits; FP32 in between, round to nearest even and
// saturation on store), layouts may differ.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StridedCopy.h"
#include "tools/emulator/kernels/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

struct __attribute__((packed)) UnaryArgs {
  abi::MemRefData input;
  abi::MemRefData output;
};

constexpr abi::ArgKind kUnarySignature[] = {abi::ArgKind::MemRefIn,
                                            abi::ArgKind::MemRefOut};
static_assert(sizeof(UnaryArgs) == abi::getPackedArgSize(kUnarySignature),
              "UnaryArgs must match its signature");

/// True when the byte ranges of the two views intersect.
bool overlap(const TensorView &a, const TensorView &b) {
  return a.spanBytes > 0 && b.spanBytes > 0 && a.data < b.data + b.spanBytes &&
         b.data < a.data + a.spanBytes;
}

llvm::Error runCopy(const uint8_t *args, const KernelContext &context) {
  UnaryArgs a = readArgs<UnaryArgs>(args);
  llvm::Expected<TensorView> in =
      viewArg(context, a.input, false, "copy", "input");
  if (!in) {
    return in.takeError();
  }
  llvm::Expected<TensorView> out =
      viewArg(context, a.output, true, "copy", "output");
  if (!out) {
    return out.takeError();
  }
  if (in->type != out->type) {
    return kernelError("copy", "input type " + getDataTypeName(in->type) +
                                   " differs from output type " +
                                   getDataTypeName(out->type) +
                                   " (use convert)");
  }
  if (in->getLogicalDims() != out->getLogicalDims()) {
    return kernelError("copy", "input and output dims differ");
  }
  if (in->elemBits % 8 != 0) {
    return kernelError("copy", getDataTypeName(in->type) +
                                   " elements are not supported");
  }
  if (overlap(*in, *out)) {
    if (in->data == out->data &&
        in->getLogicalStrides() == out->getLogicalStrides()) {
      return llvm::Error::success();
    }
    return kernelError("copy", "input and output overlap");
  }
  // Source strides along the output's memory dimensions.
  shape::Strides inStrides = in->getLogicalStrides();
  shape::MemStrides srcStrides;
  for (int64_t d = 0; d < out->getRank(); ++d) {
    srcStrides.push_back(inStrides[out->order.dimAt(shape::MemDim(d))]);
  }
  shape::stridedCopy(reinterpret_cast<const char *>(in->data), srcStrides,
                     reinterpret_cast<char *>(out->data), out->strides,
                     out->dims, shape::Bit(in->elemBits));
  return llvm::Error::success();
}

llvm::Error runConvert(const uint8_t *args, const KernelContext &context) {
  UnaryArgs a = readArgs<UnaryArgs>(args);
  llvm::Expected<TensorView> in =
      viewArg(context, a.input, false, "convert", "input");
  if (!in) {
    return in.takeError();
  }
  llvm::Expected<TensorView> out =
      viewArg(context, a.output, true, "convert", "output");
  if (!out) {
    return out.takeError();
  }
  if (llvm::Error error = checkRowType(*in, "convert", "input", false)) {
    return error;
  }
  if (llvm::Error error = checkRowType(*out, "convert", "output", false)) {
    return error;
  }
  if (in->getLogicalDims() != out->getLogicalDims()) {
    return kernelError("convert", "input and output dims differ");
  }
  if (llvm::Error error = checkAliasing(*out, *in, "convert", "the input")) {
    return error;
  }
  llvm::Expected<IterationSpace<2>> space =
      getElementwiseSpace<2>(*out, {&*in}, "convert");
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
                  storeRow(outType, p[0], stride[0], n, row.data());
                });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(copy) {
  registry.add({"copy",
                {std::begin(kUnarySignature), std::end(kUnarySignature)},
                runCopy,
                /*cyclesPerVector=*/0.5,
                /*packUpaScalars=*/nullptr});
  registry.add({"convert",
                {std::begin(kUnarySignature), std::end(kUnarySignature)},
                runConvert,
                /*cyclesPerVector=*/1.0,
                /*packUpaScalars=*/nullptr});
}

} // namespace mlir::vpuc::emu
