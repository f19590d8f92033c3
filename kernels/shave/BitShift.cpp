//===- BitShift.cpp - The bitshift kernel ---------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// bitshift(input1, input2, output, direction) (kernels/abi/SwKernels.h): the
// logical shift of each unsigned integer of input1 by the amount in input2,
// with the binary kernels' NumPy broadcasting and layouts. The math is on the
// stored integers (64-bit), exact for every width; amounts of the element
// width or more give 0.
//
//===----------------------------------------------------------------------===//

#include <cstring>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// True for the unsigned integer types bitshift takes.
bool isUnsignedType(abi::DataType type) {
  return type == abi::DataType::U8 || type == abi::DataType::U16 ||
         type == abi::DataType::U32 || type == abi::DataType::U64;
}

uint64_t loadUnsigned(const uint8_t *p, int64_t bytes) {
  switch (bytes) {
  case 1:
    return *p;
  case 2: {
    uint16_t v;
    std::memcpy(&v, p, sizeof(v));
    return v;
  }
  case 4: {
    uint32_t v;
    std::memcpy(&v, p, sizeof(v));
    return v;
  }
  default: {
    uint64_t v;
    std::memcpy(&v, p, sizeof(v));
    return v;
  }
  }
}

void storeUnsigned(uint8_t *p, int64_t bytes, uint64_t value) {
  switch (bytes) {
  case 1:
    *p = static_cast<uint8_t>(value);
    return;
  case 2: {
    auto v = static_cast<uint16_t>(value);
    std::memcpy(p, &v, sizeof(v));
    return;
  }
  case 4: {
    auto v = static_cast<uint32_t>(value);
    std::memcpy(p, &v, sizeof(v));
    return;
  }
  default:
    std::memcpy(p, &value, sizeof(value));
    return;
  }
}

llvm::Error runBitShift(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::BitShiftKernel::Args>(args);
  const char *name = abi::BitShiftKernel::name;
  TensorView in1, in2, out;
  if (llvm::Error error =
          viewBinaryOperands(context, name, a.input1, a.input2, a.output,
                             kIntegerTypes, in1, in2, out)) {
    return error;
  }
  if (!isUnsignedType(out.type) || in1.type != out.type ||
      in2.type != out.type) {
    return kernelError(name, "expects the inputs and the output of one "
                             "unsigned integer type (u8, u16, u32 or u64), "
                             "got " +
                                 getDataTypeName(in1.type) + ", " +
                                 getDataTypeName(in2.type) + " -> " +
                                 getDataTypeName(out.type));
  }
  bool left = a.direction == static_cast<int32_t>(abi::BitShiftDirection::Left);
  if (!left &&
      a.direction != static_cast<int32_t>(abi::BitShiftDirection::Right)) {
    return kernelError(name, "unknown direction " + llvm::Twine(a.direction));
  }
  llvm::Expected<IterationSpace<3>> space =
      getElementwiseSpace<3>(out, {&in1, &in2}, name);
  if (!space) {
    return space.takeError();
  }
  const int64_t bytes = abi::getDataTypeBits(out.type) / 8;
  const uint64_t bits = static_cast<uint64_t>(bytes) * 8;
  forEachRow<3>(*space, {out.data, in1.data, in2.data},
                [&](const std::array<uint8_t *, 3> &p,
                    const std::array<int64_t, 3> &stride, int64_t n) {
                  for (int64_t i = 0; i < n; ++i) {
                    uint64_t x = loadUnsigned(p[1] + i * stride[1], bytes);
                    uint64_t s = loadUnsigned(p[2] + i * stride[2], bytes);
                    uint64_t y = s >= bits ? 0 : (left ? x << s : x >> s);
                    storeUnsigned(p[0] + i * stride[0], bytes, y);
                  }
                });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(bitshift) {
  registry.add(makeKernelInfo<abi::BitShiftKernel>(runBitShift));
}

} // namespace mlir::vpuc::emu
