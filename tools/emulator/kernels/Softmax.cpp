//===- Softmax.cpp - The softmax kernel -----------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// softmax(input, output, axis: i32): exp(x - max) / sum(exp(x - max)) along
// the logical dimension `axis` (negative values count from the end), f32, f16
// or bf16, same dims, any layouts. The whole axis row is loaded to FP32,
// normalised, and stored rounded to nearest even (so in place is fine).
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "tools/emulator/kernels/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

struct __attribute__((packed)) SoftmaxArgs {
  abi::MemRefData input;
  abi::MemRefData output;
  int32_t axis;
};
constexpr abi::ArgKind kSoftmaxSignature[] = {
    abi::ArgKind::MemRefIn, abi::ArgKind::MemRefOut, abi::ArgKind::I32};
static_assert(sizeof(SoftmaxArgs) == abi::getPackedArgSize(kSoftmaxSignature),
              "SoftmaxArgs must match its signature");
static_assert(offsetof(SoftmaxArgs, axis) == 64, "SoftmaxArgs layout");

llvm::Error runSoftmax(const uint8_t *args, const KernelContext &context) {
  SoftmaxArgs a = readArgs<SoftmaxArgs>(args);
  llvm::Expected<TensorView> in =
      viewArg(context, a.input, false, "softmax", "input");
  if (!in) {
    return in.takeError();
  }
  llvm::Expected<TensorView> out =
      viewArg(context, a.output, true, "softmax", "output");
  if (!out) {
    return out.takeError();
  }
  if (llvm::Error error = checkRowType(*in, "softmax", "input", true)) {
    return error;
  }
  if (llvm::Error error = checkRowType(*out, "softmax", "output", true)) {
    return error;
  }
  shape::Shape dims = out->getLogicalDims();
  if (in->getLogicalDims() != dims) {
    return kernelError("softmax", "input and output dims differ");
  }
  if (llvm::Error error = checkAliasing(*out, *in, "softmax", "the input")) {
    return error;
  }
  int64_t rank = dims.rank();
  int64_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) {
    return kernelError("softmax", "axis " + llvm::Twine(a.axis) +
                                      " out of range for rank " +
                                      llvm::Twine(rank));
  }
  // Iterate over the output's memory order with the axis moved innermost.
  shape::Strides inStrides = in->getLogicalStrides();
  shape::Strides outStrides = out->getLogicalStrides();
  IterationSpace<2> space;
  for (int64_t d = 0; d < rank; ++d) {
    shape::Dim logical = out->order.dimAt(shape::MemDim(d));
    if (logical.ind() != axis) {
      space.push(dims[logical],
                 {outStrides[logical] / 8, inStrides[logical] / 8});
    }
  }
  shape::Dim axisDim(axis);
  space.push(dims[axisDim], {outStrides[axisDim] / 8, inStrides[axisDim] / 8});
  space.simplify(/*keepLast=*/true);
  std::vector<float> row;
  abi::DataType inType = in->type, outType = out->type;
  forEachRow<2>(space, {out->data, in->data},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  row.resize(n);
                  loadRow(inType, p[1], stride[1], n, row.data());
                  float max = -INFINITY;
                  for (int64_t i = 0; i < n; ++i) {
                    max = std::max(max, row[i]);
                  }
                  float sum = 0.0f;
                  for (int64_t i = 0; i < n; ++i) {
                    row[i] = std::exp(row[i] - max);
                    sum += row[i];
                  }
                  for (int64_t i = 0; i < n; ++i) {
                    row[i] /= sum;
                  }
                  storeRow(outType, p[0], stride[0], n, row.data());
                });
  return llvm::Error::success();
}

llvm::Error packSoftmax(const ::vpuc::schema::UpaLayerTask &task,
                        abi::ArgPacker &packer) {
  const ::vpuc::schema::SoftmaxParams *params = task.params_as_SoftmaxParams();
  if (!params) {
    return kernelError("softmax", "the UPA layer needs SoftmaxParams");
  }
  packer.addI32(params->axis());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(softmax) {
  registry.add({"softmax",
                {std::begin(kSoftmaxSignature), std::end(kSoftmaxSignature)},
                runSoftmax,
                /*cyclesPerVector=*/8.0,
                packSoftmax});
}

} // namespace mlir::vpuc::emu
