//===- ReduceKernelsTest.cpp - Reductions and normalisations --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// reduce (every op, keep dims or not), mvn, layer_norm, normalize_l2,
// batch_norm_inference, softmax / log_softmax, cumsum, topk, argmax and argmin
// against double-precision references on random f16 data in several layouts,
// and their errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <functional>
#include <numeric>

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

/// Groups of the reduction of `dims` over `axes`: for each group (row-major
/// order of the keep-dims result), the flat indices of its elements.
std::vector<std::vector<int64_t>> getGroups(const std::vector<int64_t> &dims,
                                            const std::vector<bool> &axes) {
  std::vector<int64_t> kept = dims;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (axes[d]) {
      kept[d] = 1;
    }
  }
  std::vector<int64_t> keptStrides = rowMajorStrides(kept);
  int64_t count = 1;
  for (int64_t dim : kept) {
    count *= dim;
  }
  std::vector<std::vector<int64_t>> groups(count);
  int64_t flat = 0;
  forEachIndex(dims, [&](const std::vector<int64_t> &index) {
    int64_t group = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
      group += (axes[d] ? 0 : index[d]) * keptStrides[d];
    }
    groups[group].push_back(flat++);
  });
  return groups;
}

std::vector<bool> maskAxes(int32_t mask, size_t rank) {
  std::vector<bool> axes(rank);
  for (size_t d = 0; d < rank; ++d) {
    axes[d] = (mask >> d) & 1;
  }
  return axes;
}

TEST(ReduceKernelsTest, everyOpAndKeepDims) {
  using Fn = std::function<double(const std::vector<double> &)>;
  std::vector<std::pair<abi::ReduceOp, Fn>> ops = {
      {abi::ReduceOp::Sum,
       [](const std::vector<double> &v) {
         return std::accumulate(v.begin(), v.end(), 0.0);
       }},
      {abi::ReduceOp::Mean,
       [](const std::vector<double> &v) {
         return std::accumulate(v.begin(), v.end(), 0.0) / v.size();
       }},
      {abi::ReduceOp::Max,
       [](const std::vector<double> &v) {
         return *std::max_element(v.begin(), v.end());
       }},
      {abi::ReduceOp::Min,
       [](const std::vector<double> &v) {
         return *std::min_element(v.begin(), v.end());
       }},
      {abi::ReduceOp::L1,
       [](const std::vector<double> &v) {
         double sum = 0;
         for (double x : v) {
           sum += std::fabs(x);
         }
         return sum;
       }},
      {abi::ReduceOp::L2,
       [](const std::vector<double> &v) {
         double sum = 0;
         for (double x : v) {
           sum += x * x;
         }
         return std::sqrt(sum);
       }},
      {abi::ReduceOp::Prod,
       [](const std::vector<double> &v) {
         double product = 1;
         for (double x : v) {
           product *= x;
         }
         return product;
       }},
      {abi::ReduceOp::LogSumExp,
       [](const std::vector<double> &v) {
         double sum = 0;
         for (double x : v) {
           sum += std::exp(x);
         }
         return std::log(sum);
       }},
  };
  ASSERT_EQ(ops.size(), size_t(abi::kMaxReduceOp + 1));
  std::vector<int64_t> dims = {2, 3, 4, 5};
  for (auto &[op, fn] : ops) {
    for (int32_t mask : {0b1100, 0b0010, 0b1111, 0b0101, 0}) {
      for (int keep = 0; keep < 2; ++keep) {
        Machine machine;
        Random random(mask * 3 + keep);
        Tensor in = machine.alloc(DataType::F16, dims, 0x1342);
        // Products stay near 1.
        bool prod = op == abi::ReduceOp::Prod;
        std::vector<double> x =
            machine.fill(in, random, prod ? 0.8 : -3, prod ? 1.25 : 3);
        std::vector<bool> axes = maskAxes(mask, 4);
        std::vector<int64_t> outDims;
        for (size_t d = 0; d < 4; ++d) {
          if (!axes[d]) {
            outDims.push_back(dims[d]);
          } else if (keep) {
            outDims.push_back(1);
          }
        }
        Tensor out = machine.alloc(DataType::F16, outDims, 0, 1);
        abi::ArgPacker packer;
        machine.in(packer, in);
        machine.out(packer, out);
        packer.addI32(static_cast<int32_t>(op));
        packer.addI32(mask);
        packer.addI32(keep);
        ASSERT_EQ(machine.run("reduce", packer), "");
        std::vector<double> reference;
        for (const std::vector<int64_t> &group : getGroups(dims, axes)) {
          std::vector<double> values;
          for (int64_t i : group) {
            values.push_back(x[i]);
          }
          reference.push_back(fn(values));
        }
        expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4,
                    "op " + std::to_string(static_cast<int>(op)) + " mask " +
                        std::to_string(mask));
      }
    }
  }
}

TEST(ReduceKernelsTest, reduceErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {2, 3});
  Tensor out = machine.alloc(DataType::F16, {2, 1});
  auto call = [&](int32_t op, int32_t mask, int32_t keep) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packer.addI32(op);
    packer.addI32(mask);
    packer.addI32(keep);
    return machine.run("reduce", packer);
  };
  EXPECT_EQ(call(0, 2, 1), "");
  EXPECT_EQ(call(0, 2, 0), "reduce: output has dims [2, 1], expected [2]");
  EXPECT_EQ(call(0, 4, 1), "reduce: axes mask 0x4 names dims beyond rank 2");
  EXPECT_EQ(call(9, 2, 1), "reduce: unknown op 9");
  EXPECT_EQ(call(0, 2, 2), "reduce: keepDims must be 0 or 1, got 2");
}

/// (x - mean) / sqrt(var + eps) over each group.
std::vector<double> normalize(const std::vector<double> &x,
                              const std::vector<int64_t> &dims,
                              const std::vector<bool> &axes, bool variance,
                              bool inside, double eps) {
  std::vector<double> result(x.size());
  for (const std::vector<int64_t> &group : getGroups(dims, axes)) {
    double mean = 0, var = 0;
    for (int64_t i : group) {
      mean += x[i];
    }
    mean /= group.size();
    for (int64_t i : group) {
      var += (x[i] - mean) * (x[i] - mean);
    }
    var /= group.size();
    double factor =
        variance ? 1 / (inside ? std::sqrt(var + eps) : std::sqrt(var) + eps)
                 : 1.0;
    for (int64_t i : group) {
      result[i] = (x[i] - mean) * factor;
    }
  }
  return result;
}

TEST(ReduceKernelsTest, mvn) {
  std::vector<int64_t> dims = {2, 3, 4, 5};
  for (int32_t mask : {0b1100, 0b1110}) {
    for (int variance = 0; variance < 2; ++variance) {
      for (int epsMode = 0; epsMode < 2; ++epsMode) {
        Machine machine;
        Random random(mask + variance);
        Tensor in = machine.alloc(DataType::F16, dims, 0x1342);
        Tensor out = machine.alloc(DataType::F16, dims);
        std::vector<double> x = machine.fill(in, random, -2, 5);
        abi::ArgPacker packer;
        machine.in(packer, in);
        machine.out(packer, out);
        packer.addI32(mask);
        packer.addI32(variance);
        packer.addI32(epsMode);
        packer.addF32(1e-3f);
        ASSERT_EQ(machine.run("mvn", packer), "");
        expectClose(machine.read(out),
                    normalize(x, dims, maskAxes(mask, 4), variance,
                              epsMode == 0, double(1e-3f)),
                    DataType::F16, 1.0, 1e-4);
      }
    }
  }
}

TEST(ReduceKernelsTest, layerNorm) {
  std::vector<int64_t> dims = {2, 3, 8};
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, dims, 0x213);
  Tensor scale = machine.alloc(DataType::F32, {8});
  Tensor bias = machine.alloc(DataType::F16, {1, 8});
  Tensor out = machine.alloc(DataType::F16, dims);
  std::vector<double> x = machine.fill(in, random, -3, 3);
  std::vector<double> s = machine.fill(scale, random, 0.5, 2);
  std::vector<double> b = machine.fill(bias, random, -1, 1);
  for (int32_t axis : {-1, 1}) {
    for (bool affine : {true, false}) {
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.in(packer, affine ? scale : machine.absent());
      machine.in(packer, affine ? bias : machine.absent());
      machine.out(packer, out);
      packer.addI32(axis);
      packer.addF32(1e-5f);
      ASSERT_EQ(machine.run("layer_norm", packer), "");
      std::vector<bool> axes = {false, axis == 1, true};
      std::vector<double> reference =
          normalize(x, dims, axes, true, true, double(1e-5f));
      if (affine) {
        for (size_t i = 0; i < reference.size(); ++i) {
          reference[i] = reference[i] * s[i % 8] + b[i % 8];
        }
      }
      expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);
    }
  }
  Tensor wrong = machine.alloc(DataType::F16, {3});
  abi::ArgPacker bad;
  machine.in(bad, in);
  machine.in(bad, wrong);
  machine.in(bad, machine.absent());
  machine.out(bad, out);
  bad.addI32(-1);
  bad.addF32(1e-5f);
  EXPECT_EQ(machine.run("layer_norm", bad),
            "layer_norm: scale of dims [3] does not broadcast to [8]");
}

TEST(ReduceKernelsTest, normalizeL2) {
  std::vector<int64_t> dims = {2, 6, 3};
  for (int epsMode = 0; epsMode < 2; ++epsMode) {
    Machine machine;
    Random random(epsMode);
    Tensor in = machine.alloc(DataType::F16, dims);
    Tensor out = machine.alloc(DataType::F32, dims, 0x132);
    std::vector<double> x = machine.fill(in, random, -2, 2);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packer.addI32(0b010);
    packer.addI32(epsMode);
    packer.addF32(0.5f);
    ASSERT_EQ(machine.run("normalize_l2", packer), "");
    std::vector<double> reference(x.size());
    for (const std::vector<int64_t> &group :
         getGroups(dims, {false, true, false})) {
      double sum = 0;
      for (int64_t i : group) {
        sum += x[i] * x[i];
      }
      double norm =
          epsMode == 0 ? std::sqrt(sum + 0.5) : std::sqrt(std::max(sum, 0.5));
      for (int64_t i : group) {
        reference[i] = x[i] / norm;
      }
    }
    expectClose(machine.read(out), reference, DataType::F32, 8.0, 1e-6);
  }
}

TEST(ReduceKernelsTest, batchNorm) {
  std::vector<int64_t> dims = {2, 4, 3, 5};
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, dims, 0x1342);
  Tensor params[4];
  std::vector<double> values[4];
  for (int k = 0; k < 4; ++k) {
    params[k] = machine.alloc(k == 3 ? DataType::F32 : DataType::F16, {4});
    values[k] = machine.fill(params[k], random, k == 3 ? 0.5 : -1, 2);
  }
  Tensor out = machine.alloc(DataType::F16, dims);
  std::vector<double> x = machine.fill(in, random, -3, 3);
  abi::ArgPacker packer;
  machine.in(packer, in);
  for (const Tensor &param : params) {
    machine.in(packer, param);
  }
  machine.out(packer, out);
  packer.addF32(1e-3f);
  ASSERT_EQ(machine.run("batch_norm_inference", packer), "");
  std::vector<double> reference;
  int64_t flat = 0;
  forEachIndex(dims, [&](const std::vector<int64_t> &index) {
    int64_t c = index[1];
    double s = values[0][c] / std::sqrt(values[3][c] + double(1e-3f));
    reference.push_back(x[flat++] * s + values[1][c] - values[2][c] * s);
  });
  expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);

  Tensor wrong = machine.alloc(DataType::F16, {3});
  abi::ArgPacker bad;
  machine.in(bad, in);
  machine.in(bad, wrong);
  for (int k = 1; k < 4; ++k) {
    machine.in(bad, params[k]);
  }
  machine.out(bad, out);
  bad.addF32(1e-3f);
  EXPECT_EQ(machine.run("batch_norm_inference", bad),
            "batch_norm_inference: gamma has dims [3], expected [4]");
}

TEST(ReduceKernelsTest, softmaxAndLogSoftmax) {
  std::vector<int64_t> dims = {2, 3, 7};
  for (bool isLog : {false, true}) {
    for (int32_t axis : {1, -1, 0}) {
      Machine machine;
      Random random(axis + 5);
      Tensor in = machine.alloc(DataType::F16, dims, 0x312);
      Tensor out = machine.alloc(DataType::F16, dims, 0, 1);
      std::vector<double> x = machine.fill(in, random, -5, 5);
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.out(packer, out);
      packer.addI32(axis);
      ASSERT_EQ(machine.run(isLog ? "log_softmax" : "softmax", packer), "");
      int64_t a = axis < 0 ? axis + 3 : axis;
      std::vector<bool> axes(3, false);
      axes[a] = true;
      std::vector<double> reference(x.size());
      for (const std::vector<int64_t> &group : getGroups(dims, axes)) {
        double max = -INFINITY, sum = 0;
        for (int64_t i : group) {
          max = std::max(max, x[i]);
        }
        for (int64_t i : group) {
          sum += std::exp(x[i] - max);
        }
        for (int64_t i : group) {
          reference[i] =
              isLog ? x[i] - max - std::log(sum) : std::exp(x[i] - max) / sum;
        }
      }
      expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-5);
    }
  }
}

TEST(ReduceKernelsTest, cumsum) {
  std::vector<int64_t> dims = {3, 5, 2};
  for (int exclusive = 0; exclusive < 2; ++exclusive) {
    for (int reverse = 0; reverse < 2; ++reverse) {
      Machine machine;
      Random random(exclusive * 2 + reverse);
      Tensor in = machine.alloc(DataType::F16, dims, 0x132);
      Tensor out = machine.alloc(DataType::F32, dims);
      std::vector<double> x = machine.fill(in, random, -2, 2);
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.out(packer, out);
      packer.addI32(-2);
      packer.addI32(exclusive);
      packer.addI32(reverse);
      ASSERT_EQ(machine.run("cumsum", packer), "");
      std::vector<double> reference(x.size());
      for (int64_t o = 0; o < 3; ++o) {
        for (int64_t i = 0; i < 2; ++i) {
          double sum = 0;
          for (int64_t step = 0; step < 5; ++step) {
            int64_t j = reverse ? 4 - step : step;
            int64_t at = (o * 5 + j) * 2 + i;
            if (exclusive) {
              reference[at] = sum;
              sum += x[at];
            } else {
              sum += x[at];
              reference[at] = sum;
            }
          }
        }
      }
      expectClose(machine.read(out), reference, DataType::F32, 4.0, 1e-6);
    }
  }
  // Integers.
  Machine machine;
  Tensor in = machine.alloc(DataType::I32, {4});
  Tensor out = machine.alloc(DataType::I32, {4});
  machine.write(in, {1, 2, 3, 4});
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  packer.addI32(0);
  packer.addI32(0);
  packer.addI32(0);
  ASSERT_EQ(machine.run("cumsum", packer), "");
  EXPECT_EQ(machine.read(out), (std::vector<double>{1, 3, 6, 10}));
}

TEST(ReduceKernelsTest, topk) {
  std::vector<int64_t> dims = {2, 9, 3};
  for (int mode = 0; mode < 2; ++mode) {
    for (int sort = 0; sort < 2; ++sort) {
      Machine machine;
      Random random(mode * 2 + sort);
      Tensor in = machine.alloc(DataType::F16, dims, 0x132);
      Tensor values = machine.alloc(DataType::F16, {2, 4, 3});
      Tensor indices = machine.alloc(DataType::I32, {2, 4, 3}, 0x312);
      // Few distinct values: ties are resolved by the lower index.
      std::vector<double> x = machine.fill(in, random, -4, 4);
      for (double &v : x) {
        v = std::round(v);
      }
      x = machine.write(in, x);
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.out(packer, values);
      machine.out(packer, indices);
      packer.addI32(1);
      packer.addI32(4);
      packer.addI32(mode);
      packer.addI32(sort);
      ASSERT_EQ(machine.run("topk", packer), "");
      std::vector<double> refValues(24), refIndices(24);
      for (int64_t o = 0; o < 2; ++o) {
        for (int64_t i = 0; i < 3; ++i) {
          std::vector<int64_t> order(9);
          std::iota(order.begin(), order.end(), 0);
          auto at = [&](int64_t j) { return x[(o * 9 + j) * 3 + i]; };
          std::stable_sort(order.begin(), order.end(),
                           [&](int64_t p, int64_t q) {
                             return mode == 0 ? at(p) > at(q) : at(p) < at(q);
                           });
          order.resize(4);
          if (sort == 1) {
            std::sort(order.begin(), order.end());
          }
          for (int64_t j = 0; j < 4; ++j) {
            refValues[(o * 4 + j) * 3 + i] = at(order[j]);
            refIndices[(o * 4 + j) * 3 + i] = order[j];
          }
        }
      }
      EXPECT_EQ(machine.read(values), refValues);
      EXPECT_EQ(machine.read(indices), refIndices);
    }
  }
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {5});
  Tensor values = machine.alloc(DataType::F16, {2});
  Tensor indices = machine.alloc(DataType::I64, {2});
  abi::ArgPacker bad;
  machine.in(bad, in);
  machine.out(bad, values);
  machine.out(bad, indices);
  bad.addI32(0);
  bad.addI32(6);
  bad.addI32(0);
  bad.addI32(0);
  EXPECT_EQ(machine.run("topk", bad), "topk: k 6 out of range [1, 5]");
}

/// The index of the extremum of `slice` by plain comparisons: the first one
/// (or the last with `last`); NaN beyond every number.
int64_t referenceArgExtremum(const std::vector<double> &slice, bool largest,
                             bool last) {
  int64_t best = -1;
  for (int64_t j = 0; j < static_cast<int64_t>(slice.size()); ++j) {
    if (best < 0) {
      best = j;
      continue;
    }
    double x = slice[j], b = slice[best];
    bool wins;
    if (std::isnan(b)) {
      wins = std::isnan(x) && last;
    } else if (std::isnan(x)) {
      wins = true;
    } else {
      wins =
          largest ? (x > b || (last && x == b)) : (x < b || (last && x == b));
    }
    if (wins) {
      best = j;
    }
  }
  return best;
}

TEST(ReduceKernelsTest, argMaxAndArgMin) {
  std::vector<int64_t> dims = {2, 7, 3};
  for (const char *kernel : {"argmax", "argmin"}) {
    for (int keepDims = 0; keepDims < 2; ++keepDims) {
      for (int last = 0; last < 2; ++last) {
        Machine machine;
        Random random(keepDims * 2 + last);
        Tensor in = machine.alloc(DataType::F32, dims, 0x132);
        std::vector<int64_t> outDims = keepDims ? std::vector<int64_t>{2, 1, 3}
                                                : std::vector<int64_t>{2, 3};
        Tensor out = machine.alloc(DataType::I64, outDims);
        // Few distinct values, so that ties occur, and one NaN.
        std::vector<double> x = machine.fill(in, random, -3, 3);
        for (double &v : x) {
          v = std::round(v);
        }
        x[4] = NAN;
        x = machine.write(in, x);
        abi::ArgPacker packer;
        machine.in(packer, in);
        machine.out(packer, out);
        packer.addI32(1);
        packer.addI32(keepDims);
        packer.addI32(last);
        ASSERT_EQ(machine.run(kernel, packer), "") << kernel;
        std::vector<double> reference;
        for (int64_t o = 0; o < 2; ++o) {
          for (int64_t i = 0; i < 3; ++i) {
            std::vector<double> slice;
            for (int64_t j = 0; j < 7; ++j) {
              slice.push_back(x[(o * 7 + j) * 3 + i]);
            }
            reference.push_back(static_cast<double>(referenceArgExtremum(
                slice, std::string(kernel) == "argmax", last)));
          }
        }
        EXPECT_EQ(machine.read(out), reference)
            << kernel << " keepDims " << keepDims << " last " << last;
      }
    }
  }
  // Errors: an output of the wrong dims, a bad flag, an axis beyond the rank.
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {2, 3});
  Tensor out = machine.alloc(DataType::I32, {2, 3});
  auto call = [&](int32_t axis, int32_t keepDims) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packer.addI32(axis);
    packer.addI32(keepDims);
    packer.addI32(0);
    return machine.run("argmax", packer);
  };
  EXPECT_EQ(call(1, 0), "argmax: output has dims [2, 3], expected [2]");
  EXPECT_EQ(call(1, 2), "argmax: keepDims must be 0 or 1, got 2");
  EXPECT_EQ(call(2, 0), "argmax: axis 2 out of range for rank 2");
}

TEST(ReduceKernelsTest, axisErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {2, 3});
  Tensor out = machine.alloc(DataType::F16, {2, 3});
  abi::ArgPacker softmax;
  machine.in(softmax, in);
  machine.out(softmax, out);
  softmax.addI32(-3);
  EXPECT_EQ(machine.run("log_softmax", softmax),
            "log_softmax: axis -3 out of range for rank 2");
  abi::ArgPacker mvn;
  machine.in(mvn, in);
  machine.out(mvn, out);
  mvn.addI32(2);
  mvn.addI32(1);
  mvn.addI32(0);
  mvn.addF32(-1.0f);
  EXPECT_EQ(machine.run("mvn", mvn),
            "mvn: eps -1.000000 must be finite and non-negative");
  Tensor ints = machine.alloc(DataType::I8, {2, 3});
  abi::ArgPacker types;
  machine.in(types, ints);
  machine.out(types, out);
  types.addI32(1);
  EXPECT_EQ(machine.run("softmax", types),
            "softmax: input of type i8 is not supported (expected f32, f16 or "
            "bf16)");
}

} // namespace
} // namespace mlir::vpuc::emu
