//===- IndexingKernelsTest.cpp - gather_elements, gather_nd, scatters -----===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// gather_elements, gather_nd, scatter_nd_update and scatter_elements against
// plain index loops written here from the ONNX definitions: every index
// element type, negative indices, every axis, batch dims, duplicate indices
// with each reduction, non-identity layouts, in place, and the errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
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

/// `index` (possibly negative) of a dim of `size`, made non-negative.
int64_t wrap(double index, int64_t size) {
  int64_t value = static_cast<int64_t>(index);
  return value < 0 ? value + size : value;
}

/// Random indices in [-dim, dim) (in [0, dim) for unsigned types).
std::vector<double> randomIndices(Random &random, int64_t count, int64_t dim,
                                  DataType type) {
  bool isUnsigned = type == DataType::U8 || type == DataType::U16 ||
                    type == DataType::U32 || type == DataType::U64;
  std::vector<double> values(count);
  for (double &value : values) {
    value = static_cast<double>(random.integer(isUnsigned ? 0 : -dim, dim - 1));
  }
  return values;
}

/// The reductions of the ABI enum, applied in double as ONNX defines them.
double combine(int32_t reduction, double element, double update) {
  switch (reduction) {
  case 1:
    return element + update;
  case 2:
    return element * update;
  case 3:
    return std::max(element, update);
  case 4:
    return std::min(element, update);
  default:
    return update;
  }
}

//===----------------------------------------------------------------------===//
// gather_elements
//===----------------------------------------------------------------------===//

TEST(IndexingKernelsTest, gatherElementsEveryAxisAndIndexType) {
  Random random;
  const std::vector<int64_t> dims = {3, 5, 4};
  for (DataType indexType :
       {DataType::I8, DataType::U8, DataType::I16, DataType::U16, DataType::I32,
        DataType::U32, DataType::I64, DataType::U64}) {
    for (int32_t axis = 0; axis < 3; ++axis) {
      Machine machine;
      // The indices are smaller than the input except along the axis, which
      // is larger.
      std::vector<int64_t> indexDims = {2, 4, 3};
      indexDims[axis] = 7;
      Tensor input = machine.alloc(DataType::F16, dims, 0x132);
      Tensor indices = machine.alloc(indexType, indexDims);
      Tensor out = machine.alloc(DataType::F16, indexDims, 0x213);
      std::vector<double> x = machine.fill(input, random, -8, 8);
      int64_t count = 1;
      for (int64_t dim : indexDims) {
        count *= dim;
      }
      std::vector<double> idx = machine.write(
          indices, randomIndices(random, count, dims[axis], indexType));
      abi::ArgPacker packer;
      machine.in(packer, input);
      machine.in(packer, indices);
      machine.out(packer, out);
      packer.addI32(axis);
      ASSERT_EQ(machine.run("gather_elements", packer), "");
      std::vector<double> reference;
      forEachIndex(indexDims, [&](const std::vector<int64_t> &index) {
        std::vector<int64_t> source = index;
        source[axis] = wrap(idx[flatIndex(indexDims, index)], dims[axis]);
        reference.push_back(x[flatIndex(dims, source)]);
      });
      EXPECT_EQ(machine.read(out), reference)
          << "axis " << axis << " index type " << static_cast<int>(indexType);
    }
  }
}

TEST(IndexingKernelsTest, gatherElementsIntegerData) {
  Machine machine;
  Tensor input = machine.alloc(DataType::I32, {2, 3});
  Tensor indices = machine.alloc(DataType::I64, {2, 2});
  Tensor out = machine.alloc(DataType::I32, {2, 2});
  machine.write(input, {100000, -7, 3, 16777217, 5, -2147483647});
  machine.write(indices, {2, -3, -1, 0});
  abi::ArgPacker packer;
  machine.in(packer, input);
  machine.in(packer, indices);
  machine.out(packer, out);
  packer.addI32(1);
  ASSERT_EQ(machine.run("gather_elements", packer), "");
  EXPECT_EQ(machine.read(out),
            (std::vector<double>{3, 100000, -2147483647, 16777217}));
}

TEST(IndexingKernelsTest, gatherElementsErrors) {
  Machine machine;
  Tensor input = machine.alloc(DataType::F16, {2, 3});
  Tensor indices = machine.alloc(DataType::I32, {2, 2});
  Tensor out = machine.alloc(DataType::F16, {2, 2});
  machine.write(indices, {0, 3, 1, 1});
  auto call = [&](const Tensor &in, const Tensor &idx, const Tensor &o,
                  int32_t axis) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, idx);
    machine.out(packer, o);
    packer.addI32(axis);
    return machine.run("gather_elements", packer);
  };
  EXPECT_EQ(call(input, indices, out, 1),
            "gather_elements: index 3 out of range for dim 1 of size 3");
  machine.write(indices, {0, -4, 1, 1});
  EXPECT_EQ(call(input, indices, out, 1),
            "gather_elements: index -4 out of range for dim 1 of size 3");
  EXPECT_EQ(call(input, indices, out, 2),
            "gather_elements: axis 2 out of range for rank 2");
  Tensor tall = machine.alloc(DataType::I32, {3, 1});
  Tensor tallOut = machine.alloc(DataType::F16, {3, 1});
  EXPECT_EQ(call(input, tall, tallOut, 1),
            "gather_elements: indices dims [3, 1] exceed the input dims [2, "
            "3] in dim 0");
  Tensor flat = machine.alloc(DataType::I32, {2});
  Tensor flatOut = machine.alloc(DataType::F16, {2});
  EXPECT_EQ(call(input, flat, flatOut, 0),
            "gather_elements: indices of rank 1 must have the input's rank 2");
  Tensor floats = machine.alloc(DataType::F32, {2, 2});
  EXPECT_THAT(call(input, floats, out, 1),
              HasSubstr("gather_elements: indices of type f32 is not "
                        "supported"));
  Tensor wrongOut = machine.alloc(DataType::F32, {2, 2});
  EXPECT_EQ(call(input, indices, wrongOut, 1),
            "gather_elements: input type f16 differs from output type f32");
}

//===----------------------------------------------------------------------===//
// gather_nd
//===----------------------------------------------------------------------===//

TEST(IndexingKernelsTest, gatherNDBatchDimsAndDepths) {
  Random random;
  const std::vector<int64_t> dims = {2, 3, 4, 5};
  struct Case {
    int32_t batchDims;
    std::vector<int64_t> indexDims;
  };
  for (const Case &c :
       {Case{0, {3, 1}}, Case{0, {2, 2, 2}}, Case{0, {4}}, Case{1, {2, 3, 2}},
        Case{1, {2, 1}}, Case{2, {2, 3, 2, 1}}, Case{2, {2, 3, 2}}}) {
    Machine machine;
    const int64_t b = c.batchDims;
    const int64_t k = c.indexDims.back();
    std::vector<int64_t> outDims(c.indexDims.begin(), c.indexDims.end() - 1);
    outDims.insert(outDims.end(), dims.begin() + b + k, dims.end());
    Tensor data = machine.alloc(DataType::F32, dims, 0x1342);
    Tensor indices = machine.alloc(DataType::I64, c.indexDims);
    Tensor out = machine.alloc(DataType::F32, outDims);
    std::vector<double> x = machine.fill(data, random, -100, 100);
    // Index tuple entry j selects in data dim b + j.
    std::vector<double> values;
    forEachIndex(c.indexDims, [&](const std::vector<int64_t> &index) {
      int64_t dim = dims[b + index.back()];
      values.push_back(static_cast<double>(random.integer(-dim, dim - 1)));
    });
    std::vector<double> idx = machine.write(indices, values);
    abi::ArgPacker packer;
    machine.in(packer, data);
    machine.in(packer, indices);
    machine.out(packer, out);
    packer.addI32(c.batchDims);
    ASSERT_EQ(machine.run("gather_nd", packer), "") << "batch dims " << b;
    std::vector<double> reference;
    forEachIndex(outDims, [&](const std::vector<int64_t> &index) {
      // index = tuple position (indexDims[:-1]) + slice position.
      std::vector<int64_t> source(index.begin(), index.begin() + b);
      std::vector<int64_t> tuple(index.begin(),
                                 index.begin() + c.indexDims.size() - 1);
      tuple.push_back(0);
      for (int64_t j = 0; j < k; ++j) {
        tuple.back() = j;
        source.push_back(wrap(idx[flatIndex(c.indexDims, tuple)], dims[b + j]));
      }
      source.insert(source.end(), index.begin() + c.indexDims.size() - 1,
                    index.end());
      reference.push_back(x[flatIndex(dims, source)]);
    });
    EXPECT_EQ(machine.read(out), reference) << "batch dims " << b;
  }
}

TEST(IndexingKernelsTest, gatherNDErrors) {
  Machine machine;
  Tensor data = machine.alloc(DataType::F16, {2, 3});
  auto call = [&](const Tensor &idx, const Tensor &o, int32_t batchDims) {
    abi::ArgPacker packer;
    machine.in(packer, data);
    machine.in(packer, idx);
    machine.out(packer, o);
    packer.addI32(batchDims);
    return machine.run("gather_nd", packer);
  };
  Tensor indices = machine.alloc(DataType::I32, {1, 2});
  Tensor out = machine.alloc(DataType::F16, {1});
  machine.write(indices, {1, 3});
  EXPECT_EQ(call(indices, out, 0),
            "gather_nd: index 3 out of range for dim 1 of size 3");
  Tensor deep = machine.alloc(DataType::I32, {1, 3});
  EXPECT_EQ(call(deep, out, 0),
            "gather_nd: the last indices dim 3 must be in [1, 2]");
  Tensor batched = machine.alloc(DataType::I32, {3, 1});
  Tensor batchedOut = machine.alloc(DataType::F16, {3});
  EXPECT_EQ(call(batched, batchedOut, 1),
            "gather_nd: batch dim 0 of data (2) and indices (3) differ");
  EXPECT_EQ(call(indices, out, 2), "gather_nd: batchDims 2 must be below the "
                                   "ranks of data (2) and indices (2)");
  Tensor wrongOut = machine.alloc(DataType::F16, {2});
  EXPECT_EQ(call(indices, wrongOut, 0),
            "gather_nd: output has dims [2], expected [1]");
}

//===----------------------------------------------------------------------===//
// scatter_nd_update
//===----------------------------------------------------------------------===//

TEST(IndexingKernelsTest, scatterNDEveryReduction) {
  Random random;
  const std::vector<int64_t> dims = {4, 3, 2};
  for (int64_t k : {1, 2, 3}) {
    for (int32_t reduction = 0; reduction <= 4; ++reduction) {
      Machine machine;
      // Five tuples, with duplicates: tuple 3 repeats tuple 0 (negated
      // indices where they name the same element).
      std::vector<int64_t> indexDims = {5, k};
      std::vector<int64_t> updateDims = {5};
      updateDims.insert(updateDims.end(), dims.begin() + k, dims.end());
      Tensor input = machine.alloc(DataType::F32, dims, 0x132);
      Tensor indices = machine.alloc(DataType::I32, indexDims);
      Tensor updates = machine.alloc(DataType::F32, updateDims);
      Tensor out = machine.alloc(DataType::F32, dims, 0x321);
      std::vector<double> x = machine.fill(input, random, -4, 4);
      std::vector<double> u = machine.fill(updates, random, -4, 4);
      std::vector<double> values;
      for (int64_t t = 0; t < 5; ++t) {
        for (int64_t j = 0; j < k; ++j) {
          values.push_back(t == 3 ? values[j] - dims[j]
                                  : static_cast<double>(
                                        random.integer(-dims[j], dims[j] - 1)));
        }
      }
      // Keep tuple 3 in range: values[j] - dims[j] is in [-2 dims, dims).
      for (int64_t j = 0; j < k; ++j) {
        if (values[3 * k + j] < -dims[j]) {
          values[3 * k + j] += dims[j];
        }
      }
      std::vector<double> idx = machine.write(indices, values);
      abi::ArgPacker packer;
      machine.in(packer, input);
      machine.in(packer, indices);
      machine.in(packer, updates);
      machine.out(packer, out);
      packer.addI32(reduction);
      ASSERT_EQ(machine.run("scatter_nd_update", packer), "");
      std::vector<double> reference = x;
      int64_t slice = 1;
      for (size_t d = k; d < dims.size(); ++d) {
        slice *= dims[d];
      }
      for (int64_t t = 0; t < 5; ++t) {
        std::vector<int64_t> start(dims.size(), 0);
        for (int64_t j = 0; j < k; ++j) {
          start[j] = wrap(idx[t * k + j], dims[j]);
        }
        int64_t offset = flatIndex(dims, start);
        for (int64_t e = 0; e < slice; ++e) {
          reference[offset + e] =
              combine(reduction, reference[offset + e], u[t * slice + e]);
        }
      }
      for (double &value : reference) {
        value = static_cast<float>(value);
      }
      EXPECT_EQ(machine.read(out), reference)
          << "k " << k << " reduction " << reduction;
    }
  }
}

TEST(IndexingKernelsTest, scatterNDInPlaceAndIntegers) {
  Machine machine;
  Tensor data = machine.alloc(DataType::I64, {4, 2});
  Tensor indices = machine.alloc(DataType::U8, {3, 1});
  Tensor updates = machine.alloc(DataType::I64, {3, 2});
  machine.write(data, {1, 2, 3, 4, 5, 6, 7, 8});
  machine.write(indices, {3, 0, 3});
  machine.write(updates, {10, 20, 30, 40, 50, 60});
  abi::ArgPacker packer;
  machine.in(packer, data);
  machine.in(packer, indices);
  machine.in(packer, updates);
  machine.out(packer, data);
  packer.addI32(2);
  ASSERT_EQ(machine.run("scatter_nd_update", packer), "");
  EXPECT_EQ(machine.read(data),
            (std::vector<double>{30, 80, 3, 4, 5, 6, 3500, 9600}));
}

TEST(IndexingKernelsTest, scatterNDErrors) {
  Machine machine;
  Tensor input = machine.alloc(DataType::F16, {4, 3});
  Tensor indices = machine.alloc(DataType::I64, {2, 1});
  Tensor updates = machine.alloc(DataType::F16, {2, 3});
  Tensor out = machine.alloc(DataType::F16, {4, 3});
  machine.write(indices, {1, 4});
  auto call = [&](const Tensor &idx, const Tensor &upd, int32_t reduction) {
    abi::ArgPacker packer;
    machine.in(packer, input);
    machine.in(packer, idx);
    machine.in(packer, upd);
    machine.out(packer, out);
    packer.addI32(reduction);
    return machine.run("scatter_nd_update", packer);
  };
  EXPECT_EQ(call(indices, updates, 0),
            "scatter_nd_update: index 4 out of range for dim 0 of size 4");
  EXPECT_EQ(call(indices, updates, 5),
            "scatter_nd_update: unknown reduction 5");
  Tensor shortUpdates = machine.alloc(DataType::F16, {2, 2});
  EXPECT_EQ(call(indices, shortUpdates, 0),
            "scatter_nd_update: updates has dims [2, 2], expected [2, 3]");
  Tensor deep = machine.alloc(DataType::I64, {2, 3});
  EXPECT_EQ(call(deep, updates, 0),
            "scatter_nd_update: the last indices dim 3 must be in [1, 2]");
  Tensor floatUpdates = machine.alloc(DataType::F32, {2, 3});
  EXPECT_EQ(call(indices, floatUpdates, 0),
            "scatter_nd_update: input type f16 differs from updates type f32");
}

//===----------------------------------------------------------------------===//
// scatter_elements
//===----------------------------------------------------------------------===//

TEST(IndexingKernelsTest, scatterElementsEveryAxisAndReduction) {
  Random random;
  const std::vector<int64_t> dims = {3, 4, 5};
  for (int32_t axis = 0; axis < 3; ++axis) {
    for (int32_t reduction = 0; reduction <= 4; ++reduction) {
      Machine machine;
      // Indices larger than the input along the axis: duplicates certain.
      std::vector<int64_t> indexDims = {2, 3, 4};
      indexDims[axis] = 2 * dims[axis];
      Tensor input = machine.alloc(DataType::F16, dims, 0x213);
      Tensor indices = machine.alloc(DataType::I64, indexDims);
      Tensor updates = machine.alloc(DataType::F16, indexDims, 0x132);
      Tensor out = machine.alloc(DataType::F16, dims);
      std::vector<double> x = machine.fill(input, random, -2, 2);
      std::vector<double> u = machine.fill(updates, random, -2, 2);
      int64_t count = 1;
      for (int64_t dim : indexDims) {
        count *= dim;
      }
      std::vector<double> idx = machine.write(
          indices, randomIndices(random, count, dims[axis], DataType::I64));
      abi::ArgPacker packer;
      machine.in(packer, input);
      machine.in(packer, indices);
      machine.in(packer, updates);
      machine.out(packer, out);
      packer.addI32(axis);
      packer.addI32(reduction);
      ASSERT_EQ(machine.run("scatter_elements", packer), "");
      std::vector<double> reference = x;
      forEachIndex(indexDims, [&](const std::vector<int64_t> &index) {
        int64_t flat = flatIndex(indexDims, index);
        std::vector<int64_t> target = index;
        target[axis] = wrap(idx[flat], dims[axis]);
        double &element = reference[flatIndex(dims, target)];
        element = combine(reduction, element, u[flat]);
      });
      // The kernel rounds once on the store.
      for (double &value : reference) {
        value = testing::roundTo(DataType::F16, value);
      }
      EXPECT_EQ(machine.read(out), reference)
          << "axis " << axis << " reduction " << reduction;
    }
  }
}

TEST(IndexingKernelsTest, scatterElementsErrors) {
  Machine machine;
  Tensor input = machine.alloc(DataType::F32, {2, 3});
  Tensor indices = machine.alloc(DataType::I32, {2, 2});
  Tensor updates = machine.alloc(DataType::F32, {2, 2});
  Tensor out = machine.alloc(DataType::F32, {2, 3});
  machine.write(indices, {0, 1, -3, -4});
  auto call = [&](const Tensor &in, const Tensor &upd, const Tensor &o,
                  int32_t axis, int32_t reduction) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, indices);
    machine.in(packer, upd);
    machine.out(packer, o);
    packer.addI32(axis);
    packer.addI32(reduction);
    return machine.run("scatter_elements", packer);
  };
  EXPECT_EQ(call(input, updates, out, 1, 0),
            "scatter_elements: index -4 out of range for dim 1 of size 3");
  Tensor wrongUpdates = machine.alloc(DataType::F32, {2, 1});
  EXPECT_EQ(call(input, wrongUpdates, out, 1, 0),
            "scatter_elements: updates has dims [2, 1], expected [2, 2]");
  Tensor boolInput = machine.alloc(DataType::Bool, {2, 3});
  Tensor boolUpdates = machine.alloc(DataType::Bool, {2, 2});
  Tensor boolOut = machine.alloc(DataType::Bool, {2, 3});
  EXPECT_EQ(call(boolInput, boolUpdates, boolOut, 1, 1),
            "scatter_elements: reduction 1 needs float or integer elements, "
            "not bool");
  Tensor smallOut = machine.alloc(DataType::F32, {2, 2});
  EXPECT_EQ(call(input, updates, smallOut, 1, 0),
            "scatter_elements: output has dims [2, 2], expected [2, 3]");
}

} // namespace
} // namespace mlir::vpuc::emu
