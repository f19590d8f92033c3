//===- Convert.cpp - The convert kernel -----------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// convert(input, output) (kernels/abi/SwKernels.h): changes the element type
// between any two float, integer and bool types, layouts may differ. Rows go
// through FP64, which holds every f32 and every integer up to 2^53 exactly:
// float -> integer truncates toward zero and saturates (NaN -> 0), integer ->
// integer saturates, -> bool is x != 0, -> f16/bf16 rounds to nearest even.
// Between f16, bf16 and f32 the rows go through FP32 instead, which holds
// their values exactly too, with the rows' bulk conversions.
//
//===----------------------------------------------------------------------===//

#include <type_traits>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// Converts every row of `space` (output, input) through a row of `V`s:
/// floats (loadRow, storeRow) or doubles (loadRowF64, storeRowF64).
template <typename V>
void convertRows(const IterationSpace<2> &space, const TensorView &in,
                 const TensorView &out) {
  std::vector<V> row;
  forEachRow<2>(space, {out.data, in.data},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  row.resize(n);
                  if constexpr (std::is_same_v<V, float>) {
                    loadRow(in.type, p[1], stride[1], n, row.data());
                    storeRow(out.type, p[0], stride[0], n, row.data());
                  } else {
                    loadRowF64(in.type, p[1], stride[1], n, row.data());
                    storeRowF64(out.type, p[0], stride[0], n, row.data());
                  }
                });
}

llvm::Error runConvert(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ConvertKernel::Args>(args);
  const char *name = abi::ConvertKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kAnyRowType | kF64Type, in, out)) {
    return error;
  }
  if (llvm::Error error = checkSameDims(in, out, name)) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  llvm::Expected<IterationSpace<2>> space =
      getElementwiseSpace<2>(out, {&in}, name);
  if (!space) {
    return space.takeError();
  }
  auto isFloat = [](abi::DataType type) {
    return type == abi::DataType::F16 || type == abi::DataType::BF16 ||
           type == abi::DataType::F32;
  };
  if (isFloat(in.type) && isFloat(out.type)) {
    convertRows<float>(*space, in, out);
  } else {
    convertRows<double>(*space, in, out);
  }
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(convert) {
  registry.add(makeKernelInfo<abi::ConvertKernel>(runConvert));
}

} // namespace mlir::vpuc::emu
