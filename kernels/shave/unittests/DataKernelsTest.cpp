//===- DataKernelsTest.cpp - Data movement and conversion -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// copy, convert (every pair of float / integer / bool types), transpose, pad
// (the four modes), gather (negative indices, batch dims) and depth_to_space /
// space_to_depth (both modes) against naive index loops, in several layouts,
// and their errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using testing::forEachIndex;
using ::testing::HasSubstr;
using testing::Machine;
using testing::Random;
using testing::rowMajorStrides;
using testing::Tensor;

int64_t flatIndex(const std::vector<int64_t> &dims,
                  const std::vector<int64_t> &index) {
  std::vector<int64_t> strides = rowMajorStrides(dims);
  int64_t flat = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    flat += index[d] * strides[d];
  }
  return flat;
}

TEST(DataKernelsTest, copyBetweenLayouts) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::I16, {2, 3, 4, 5}, 0x1342, 2);
  Tensor out = machine.alloc(DataType::I16, {2, 3, 4, 5}, 0x1423);
  std::vector<double> x = machine.fill(in, random, -1000, 1000);
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  ASSERT_EQ(machine.run("copy", packer), "");
  EXPECT_EQ(machine.read(out), x);
}

TEST(DataKernelsTest, convertBetweenAllTypes) {
  const DataType types[] = {DataType::F32, DataType::F16, DataType::BF16,
                            DataType::I8,  DataType::U8,  DataType::I16,
                            DataType::U16, DataType::I32, DataType::U32,
                            DataType::I64, DataType::U64, DataType::Bool};
  const std::vector<double> values = {-300.75, -128.5, -1.5,  -0.5,  0,
                                      0.25,    1,      2.5,   3.5,   127.4,
                                      255.9,   1000,   70000, -70000};
  for (DataType from : types) {
    for (DataType to : types) {
      Machine machine;
      Tensor in = machine.alloc(from, {int64_t(values.size())});
      Tensor out = machine.alloc(to, {int64_t(values.size())}, 0, 1);
      // The stored source values: integers saturate in the test's writer
      // only within range, so clamp first.
      std::vector<double> source = values;
      if (from != DataType::F32 && from != DataType::F16 &&
          from != DataType::BF16) {
        double lo = 0, hi = 1;
        switch (from) {
        case DataType::I8:
          lo = -128, hi = 127;
          break;
        case DataType::U8:
          hi = 255;
          break;
        case DataType::I16:
          lo = -32768, hi = 32767;
          break;
        case DataType::U16:
          hi = 65535;
          break;
        case DataType::I32:
        case DataType::I64:
          lo = -1e9, hi = 1e9;
          break;
        case DataType::U32:
        case DataType::U64:
          hi = 1e9;
          break;
        default:
          break;
        }
        for (double &value : source) {
          value = std::clamp(std::trunc(value), lo, hi);
        }
      }
      std::vector<double> x = machine.write(in, source);
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.out(packer, out);
      ASSERT_EQ(machine.run("convert", packer), "");
      // Reference: float targets round, integers truncate and saturate,
      // bool is x != 0.
      std::vector<double> expected;
      for (double value : x) {
        double result;
        switch (to) {
        case DataType::F32:
        case DataType::F16:
        case DataType::BF16:
        case DataType::Bool:
          result = testing::roundTo(to, value);
          break;
        default: {
          double lo = 0, hi = 0;
          switch (to) {
          case DataType::I8:
            lo = -128, hi = 127;
            break;
          case DataType::U8:
            hi = 255;
            break;
          case DataType::I16:
            lo = -32768, hi = 32767;
            break;
          case DataType::U16:
            hi = 65535;
            break;
          case DataType::I32:
            lo = -2147483648.0, hi = 2147483647.0;
            break;
          case DataType::U32:
            hi = 4294967295.0;
            break;
          case DataType::I64:
            lo = -9223372036854775808.0, hi = 9223372036854775807.0;
            break;
          default:
            hi = 18446744073709551615.0;
            break;
          }
          result = std::clamp(std::trunc(value), lo, hi);
        }
        }
        expected.push_back(result);
      }
      EXPECT_EQ(machine.read(out), expected)
          << "from " << static_cast<int>(from) << " to "
          << static_cast<int>(to);
    }
  }
}

TEST(DataKernelsTest, convertNanAndInfinities) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {4});
  Tensor out = machine.alloc(DataType::I32, {4});
  machine.write(in, {NAN, INFINITY, -INFINITY, 3e9});
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  ASSERT_EQ(machine.run("convert", packer), "");
  EXPECT_EQ(machine.read(out),
            (std::vector<double>{0, 2147483647, -2147483648.0, 2147483647}));
}

TEST(DataKernelsTest, transpose) {
  Machine machine;
  Random random;
  std::vector<int64_t> dims = {2, 3, 4, 5};
  Tensor in = machine.alloc(DataType::F16, dims, 0x1342);
  std::vector<double> x = machine.fill(in, random, -8, 8);
  const int32_t perm[4] = {3, 0, 2, 1};
  std::vector<int64_t> outDims = {5, 2, 4, 3};
  Tensor out = machine.alloc(DataType::F16, outDims, 0x1324, 1);
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  for (int d = 0; d < 8; ++d) {
    packer.addI32(d < 4 ? perm[d] : 0);
  }
  ASSERT_EQ(machine.run("transpose", packer), "");
  std::vector<double> reference;
  forEachIndex(outDims, [&](const std::vector<int64_t> &index) {
    std::vector<int64_t> source(4);
    for (int d = 0; d < 4; ++d) {
      source[perm[d]] = index[d];
    }
    reference.push_back(x[flatIndex(dims, source)]);
  });
  EXPECT_EQ(machine.read(out), reference);

  abi::ArgPacker bad;
  machine.in(bad, in);
  machine.out(bad, out);
  for (int32_t value : {3, 0, 2, 0, 0, 0, 0, 0}) {
    bad.addI32(value);
  }
  EXPECT_EQ(machine.run("transpose", bad),
            "transpose: perm is not a permutation of 0..3");
  abi::ArgPacker tail;
  machine.in(tail, in);
  machine.out(tail, out);
  for (int32_t value : {3, 0, 2, 1, 0, 7, 0, 0}) {
    tail.addI32(value);
  }
  EXPECT_EQ(machine.run("transpose", tail),
            "transpose: perm[5] must be 0 for rank 4");
}

/// The padded source index of output position o, or -1 for the constant.
int64_t padSource(abi::PadMode mode, int64_t o, int64_t begin, int64_t size) {
  int64_t i = o - begin;
  if (i >= 0 && i < size) {
    return i;
  }
  switch (mode) {
  case abi::PadMode::Constant:
    return -1;
  case abi::PadMode::Edge:
    return i < 0 ? 0 : size - 1;
  case abi::PadMode::Reflect:
    return i < 0 ? -i : 2 * size - 2 - i;
  case abi::PadMode::Symmetric:
    return i < 0 ? -1 - i : 2 * size - 1 - i;
  }
  return -1;
}

/// The scalars of a `pad` call on a rank-3 tensor: mode, pad value, begin
/// and end pads (8 each).
void packPadScalars(abi::ArgPacker &packer, int mode, float padValue,
                    const std::vector<int64_t> &begin,
                    const std::vector<int64_t> &end) {
  packer.addI32(mode);
  packer.addF32(padValue);
  for (int d = 0; d < 8; ++d) {
    packer.addI32(d < 3 ? begin[d] : 0);
  }
  for (int d = 0; d < 8; ++d) {
    packer.addI32(d < 3 ? end[d] : 0);
  }
}

/// The padded rank-3 tensor of `x` (dims `dims`, logical order) with
/// `outDims`, from padSource.
std::vector<double> padReference(int mode, const std::vector<double> &x,
                                 const std::vector<int64_t> &dims,
                                 const std::vector<int64_t> &outDims,
                                 const std::vector<int64_t> &begin,
                                 double padValue) {
  std::vector<double> reference;
  forEachIndex(outDims, [&](const std::vector<int64_t> &index) {
    std::vector<int64_t> source(3);
    bool constant = false;
    for (int d = 0; d < 3; ++d) {
      source[d] = padSource(static_cast<abi::PadMode>(mode), index[d], begin[d],
                            dims[d]);
      constant = constant || source[d] < 0;
    }
    reference.push_back(constant ? padValue : x[flatIndex(dims, source)]);
  });
  return reference;
}

TEST(DataKernelsTest, padModes) {
  std::vector<int64_t> dims = {2, 3, 4};
  std::vector<int64_t> begin = {0, 2, 3}, end = {1, 2, 1};
  std::vector<int64_t> outDims = {3, 7, 8};
  for (int mode = 0; mode < 4; ++mode) {
    Machine machine;
    Random random(mode);
    Tensor in = machine.alloc(DataType::F16, dims, 0x132);
    Tensor out = machine.alloc(DataType::F16, outDims, 0, 3);
    std::vector<double> x = machine.fill(in, random, -4, 4);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packPadScalars(packer, mode, mode == 0 ? 1.5f : 0.0f, begin, end);
    ASSERT_EQ(machine.run("pad", packer), "") << mode;
    EXPECT_EQ(machine.read(out),
              padReference(mode, x, dims, outDims, begin, 1.5))
        << "mode " << mode;
  }
}

TEST(DataKernelsTest, padRowsInRuns) {
  // Layouts whose output is contiguous along a dim (the last logical one, or
  // dim 1 in order 0x132), with the input in the same or another order, so
  // that rows are copied in runs or element by element; every mode and
  // element size, pads on every dim (below the sizes, as reflect needs);
  // against padSource.
  std::vector<int64_t> dims = {3, 2, 5};
  std::vector<int64_t> begin = {1, 0, 2}, end = {0, 1, 3};
  std::vector<int64_t> outDims = {4, 3, 10};
  const std::pair<uint64_t, uint64_t> orders[] = {
      {0, 0}, {0x132, 0x132}, {0, 0x132}, {0x132, 0}};
  for (auto [inOrder, outOrder] : orders) {
    for (DataType type : {DataType::U8, DataType::F16, DataType::F32}) {
      for (int mode = 0; mode < 4; ++mode) {
        Machine machine;
        Random random(10 + mode);
        Tensor in = machine.alloc(type, dims, inOrder);
        Tensor out = machine.alloc(type, outDims, outOrder);
        std::vector<double> x = machine.fill(in, random, 0, 100);
        float padValue = mode == 0 ? 7.0f : 0.0f;
        abi::ArgPacker packer;
        machine.in(packer, in);
        machine.out(packer, out);
        packPadScalars(packer, mode, padValue, begin, end);
        ASSERT_EQ(machine.run("pad", packer), "") << mode;
        EXPECT_EQ(machine.read(out),
                  padReference(mode, x, dims, outDims, begin, padValue))
            << "orders " << inOrder << " " << outOrder << ", type "
            << static_cast<int>(type) << ", mode " << mode;
      }
    }
  }
}

TEST(DataKernelsTest, padErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {2, 3});
  Tensor out = machine.alloc(DataType::F16, {2, 8});
  auto call = [&](int32_t mode, float value, int32_t begin, int32_t end) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packer.addI32(mode);
    packer.addF32(value);
    for (int d = 0; d < 8; ++d) {
      packer.addI32(d == 1 ? begin : 0);
    }
    for (int d = 0; d < 8; ++d) {
      packer.addI32(d == 1 ? end : 0);
    }
    return machine.run("pad", packer);
  };
  EXPECT_EQ(call(0, 0, 2, 3), "");
  EXPECT_EQ(call(2, 0, 2, 3),
            "pad: pads 2 and 3 of dim 1 of size 3 are too large for the mode");
  EXPECT_EQ(call(3, 0, 2, 3), "");
  EXPECT_EQ(call(1, 1.0f, 2, 3),
            "pad: padValue must be 0 outside constant mode");
  EXPECT_EQ(call(4, 0, 2, 3), "pad: unknown mode 4");
  EXPECT_EQ(call(0, 0, 2, 2), "pad: output has dims [2, 8], expected [2, 7]");
  EXPECT_EQ(call(0, 0, -1, 6), "pad: pads of dim 1 must be non-negative");
}

TEST(DataKernelsTest, gather) {
  Machine machine;
  Random random;
  std::vector<int64_t> dims = {2, 5, 3};
  Tensor data = machine.alloc(DataType::F16, dims, 0x132);
  Tensor indices = machine.alloc(DataType::I64, {2, 2});
  std::vector<double> x = machine.fill(data, random, -8, 8);
  std::vector<double> idx = machine.write(indices, {4, -1, 0, 2});
  // axis 1: [2, 2, 2, 3].
  Tensor out = machine.alloc(DataType::F16, {2, 2, 2, 3}, 0x1342);
  abi::ArgPacker packer;
  machine.in(packer, data);
  machine.in(packer, indices);
  machine.out(packer, out);
  packer.addI32(1);
  packer.addI32(0);
  ASSERT_EQ(machine.run("gather", packer), "");
  std::vector<double> reference;
  forEachIndex({2, 2, 2, 3}, [&](const std::vector<int64_t> &index) {
    int64_t i = static_cast<int64_t>(idx[index[1] * 2 + index[2]]);
    i = i < 0 ? i + 5 : i;
    reference.push_back(x[flatIndex(dims, {index[0], i, index[3]})]);
  });
  EXPECT_EQ(machine.read(out), reference);

  // batchDims = 1: indices [2, 2] select per batch along axis 1 (-2).
  Tensor batched = machine.alloc(DataType::F16, {2, 2, 3});
  abi::ArgPacker batch;
  machine.in(batch, data);
  machine.in(batch, indices);
  machine.out(batch, batched);
  batch.addI32(-2);
  batch.addI32(1);
  ASSERT_EQ(machine.run("gather", batch), "");
  reference.clear();
  forEachIndex({2, 2, 3}, [&](const std::vector<int64_t> &index) {
    int64_t i = static_cast<int64_t>(idx[index[0] * 2 + index[1]]);
    i = i < 0 ? i + 5 : i;
    reference.push_back(x[flatIndex(dims, {index[0], i, index[2]})]);
  });
  EXPECT_EQ(machine.read(batched), reference);

  machine.write(indices, {4, 5, 0, 2});
  EXPECT_EQ(machine.run("gather", packer),
            "gather: index 5 out of range for dim 1 of size 5");
  Tensor floats = machine.alloc(DataType::F32, {2, 2});
  abi::ArgPacker wrongType;
  machine.in(wrongType, data);
  machine.in(wrongType, floats);
  machine.out(wrongType, out);
  wrongType.addI32(1);
  wrongType.addI32(0);
  EXPECT_EQ(machine.run("gather", wrongType),
            "gather: indices of type f32 is not supported (expected an "
            "integer type of 8 to 64 bits)");
}

TEST(DataKernelsTest, depthToSpaceAndBack) {
  const int64_t b = 2;
  std::vector<int64_t> depthDims = {2, 12, 2, 3};
  std::vector<int64_t> spaceDims = {2, 3, 4, 6};
  // Both modes; NHWC to padded NCHW rows and back to NCHW, and NHWC on
  // both sides (whole pixels' channels move together).
  for (int test = 0; test < 4; ++test) {
    const int mode = test % 2;
    const bool nhwc = test >= 2;
    Machine machine;
    Random random(test);
    Tensor depth = machine.alloc(DataType::F16, depthDims, 0x1342);
    Tensor space = nhwc ? machine.alloc(DataType::F16, spaceDims, 0x1342)
                        : machine.alloc(DataType::F16, spaceDims, 0, 1);
    Tensor back = machine.alloc(DataType::F16, depthDims, nhwc ? 0x1342 : 0);
    std::vector<double> x = machine.fill(depth, random, -8, 8);
    abi::ArgPacker packer;
    machine.in(packer, depth);
    machine.out(packer, space);
    packer.addI32(b);
    packer.addI32(mode);
    ASSERT_EQ(machine.run("depth_to_space", packer), "");
    std::vector<double> reference;
    forEachIndex(spaceDims, [&](const std::vector<int64_t> &index) {
      int64_t c = index[1], by = index[2] % b, bx = index[3] % b;
      int64_t channel =
          mode == 0 ? (by * b + bx) * 3 + c : c * b * b + by * b + bx;
      reference.push_back(x[flatIndex(
          depthDims, {index[0], channel, index[2] / b, index[3] / b})]);
    });
    EXPECT_EQ(machine.read(space), reference) << "test " << test;
    abi::ArgPacker inverse;
    machine.in(inverse, space);
    machine.out(inverse, back);
    inverse.addI32(b);
    inverse.addI32(mode);
    ASSERT_EQ(machine.run("space_to_depth", inverse), "");
    EXPECT_EQ(machine.read(back), x) << "test " << test;
  }
  Machine machine;
  Tensor depth = machine.alloc(DataType::F16, {1, 6, 2, 2});
  Tensor space = machine.alloc(DataType::F16, {1, 1, 4, 4});
  abi::ArgPacker bad;
  machine.in(bad, depth);
  machine.out(bad, space);
  bad.addI32(2);
  bad.addI32(0);
  EXPECT_EQ(machine.run("depth_to_space", bad),
            "depth_to_space: input channels 6 are not a multiple of "
            "blockSize^2 = 4");
}

TEST(DataKernelsTest, typeMismatches) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {4});
  Tensor out = machine.alloc(DataType::F16, {4});
  abi::ArgPacker copy;
  machine.in(copy, in);
  machine.out(copy, out);
  EXPECT_EQ(machine.run("copy", copy),
            "copy: input type f32 differs from output type f16 (use convert)");
  abi::ArgPacker transpose;
  machine.in(transpose, in);
  machine.out(transpose, out);
  for (int d = 0; d < 8; ++d) {
    transpose.addI32(0);
  }
  EXPECT_EQ(machine.run("transpose", transpose),
            "transpose: input type f32 differs from output type f16");
  Tensor shorter = machine.alloc(DataType::F16, {3});
  abi::ArgPacker convert;
  machine.in(convert, in);
  machine.out(convert, shorter);
  EXPECT_EQ(machine.run("convert", convert),
            "convert: input dims [4] differ from output dims [3]");
}

} // namespace
} // namespace mlir::vpuc::emu
