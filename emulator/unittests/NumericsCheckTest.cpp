//===- NumericsCheckTest.cpp - The numerics check on plain buffers --------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// NumericsCheck.h on hand-made buffers: the scans of f16, bf16 and f32
// (counts, first element as a tensor index, strided and permuted layouts),
// the input conditions of TaskNumerics (NaN and saturation from an earlier
// task are not reported again), in-place tasks, and the messages. The bit
// patterns are written out here, independently of core/numeric.
//
//===----------------------------------------------------------------------===//

#include "emulator/NumericsCheck.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

#include "core/numeric/Float16.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// IEEE binary16 bit patterns.
constexpr uint16_t kF16One = 0x3c00, kF16Two = 0x4000, kF16MinusOne = 0xbc00;
constexpr uint16_t kF16Max = 0x7bff, kF16MinusMax = 0xfbff;
constexpr uint16_t kF16Inf = 0x7c00, kF16MinusInf = 0xfc00;
constexpr uint16_t kF16NaN = 0x7e00, kF16MinusNaN = 0xfe01;
// bfloat16.
constexpr uint16_t kBF16One = 0x3f80, kBF16Inf = 0x7f80, kBF16NaN = 0x7fc0;
constexpr uint16_t kBF16Max = 0x7f7f;

/// A compact row-major buffer over `storage` (whose bytes it reads).
template <typename T>
FloatBuffer compact(const std::vector<T> &storage, FloatType type,
                    std::vector<int64_t> dims, const char *name = "out") {
  FloatBuffer buffer;
  buffer.data = reinterpret_cast<const uint8_t *>(storage.data());
  buffer.type = type;
  buffer.dims.assign(dims.begin(), dims.end());
  buffer.strides.resize(dims.size());
  int64_t stride = sizeof(T);
  for (size_t d = dims.size(); d-- > 0;) {
    buffer.strides[d] = stride;
    stride *= dims[d];
  }
  buffer.name = name;
  return buffer;
}

/// `count` ones of f16.
std::vector<uint16_t> f16Ones(size_t count) {
  return std::vector<uint16_t>(count, kF16One);
}

TEST(NumericsCheckTest, cleanBuffersHaveNoFindings) {
  std::vector<uint16_t> f16 = {kF16One, kF16Two, kF16MinusOne, 0x7bfe, 0x0001};
  FloatScan scan = scanFloats(compact(f16, FloatType::F16, {5}));
  EXPECT_TRUE(scan.isFinite());
  EXPECT_EQ(scan.saturated.count, 0u);
  // bf16's largest finite value is not a saturation (only f16 saturates).
  std::vector<uint16_t> bf16 = {kBF16One, kBF16Max, 0xff7f};
  scan = scanFloats(compact(bf16, FloatType::BF16, {3}));
  EXPECT_TRUE(scan.isFinite());
  EXPECT_EQ(scan.saturated.count, 0u);
  std::vector<float> f32 = {1.0f, -3.0e38f, 65504.0f, 1.0e-45f};
  scan = scanFloats(compact(f32, FloatType::F32, {2, 2}));
  EXPECT_TRUE(scan.isFinite());
  EXPECT_EQ(scan.saturated.count, 0u);

  TaskNumerics task;
  std::vector<uint16_t> in = f16Ones(8), out = f16Ones(8);
  task.addInput(compact(in, FloatType::F16, {2, 4}, "in"));
  task.addOutput(compact(out, FloatType::F16, {2, 4}));
  task.beforeRun();
  EXPECT_THAT(task.afterRun(), IsEmpty());
}

TEST(NumericsCheckTest, scansCountEachKindAndGiveTheFirstIndex) {
  // 2x3x4: NaN at [0, 2, 1] and [1, 0, 0], Inf at [1, 1, 3], -65504 at
  // [0, 0, 2].
  std::vector<uint16_t> f16 = f16Ones(24);
  f16[0 * 12 + 2 * 4 + 1] = kF16MinusNaN;
  f16[1 * 12 + 0 * 4 + 0] = kF16NaN;
  f16[1 * 12 + 1 * 4 + 3] = kF16MinusInf;
  f16[0 * 12 + 0 * 4 + 2] = kF16MinusMax;
  FloatScan scan = scanFloats(compact(f16, FloatType::F16, {2, 3, 4}));
  EXPECT_EQ(scan.nan.count, 2u);
  EXPECT_THAT(scan.nan.firstIndex, ElementsAre(0, 2, 1));
  EXPECT_TRUE(std::isnan(scan.nan.firstValue));
  EXPECT_EQ(scan.inf.count, 1u);
  EXPECT_THAT(scan.inf.firstIndex, ElementsAre(1, 1, 3));
  EXPECT_EQ(scan.inf.firstValue, -INFINITY);
  EXPECT_EQ(scan.saturated.count, 1u);
  EXPECT_THAT(scan.saturated.firstIndex, ElementsAre(0, 0, 2));
  EXPECT_EQ(scan.saturated.firstValue, -65504.0);

  std::vector<uint16_t> bf16 = {kBF16One, kBF16NaN, kBF16Inf, 0xff80};
  scan = scanFloats(compact(bf16, FloatType::BF16, {4}));
  EXPECT_EQ(scan.nan.count, 1u);
  EXPECT_EQ(scan.inf.count, 2u);
  EXPECT_THAT(scan.inf.firstIndex, ElementsAre(2));
  EXPECT_EQ(scan.inf.firstValue, INFINITY);

  std::vector<float> f32 = {1.0f, 2.0f, NAN, -INFINITY, 5.0f, INFINITY};
  scan = scanFloats(compact(f32, FloatType::F32, {3, 2}));
  EXPECT_EQ(scan.nan.count, 1u);
  EXPECT_THAT(scan.nan.firstIndex, ElementsAre(1, 0));
  EXPECT_EQ(scan.inf.count, 2u);
  EXPECT_THAT(scan.inf.firstIndex, ElementsAre(1, 1));
  EXPECT_EQ(scan.inf.firstValue, -INFINITY);

  // Rank 0 and empty buffers.
  std::vector<uint16_t> scalar = {kF16Inf};
  EXPECT_EQ(scanFloats(compact(scalar, FloatType::F16, {})).inf.count, 1u);
  EXPECT_TRUE(scanFloats(compact(scalar, FloatType::F16, {0, 4})).isFinite());
}

TEST(NumericsCheckTest, stridedAndPermutedLayoutsReadOnlyTheirElements) {
  // Logical 1x2x2x3 (NCHW dims) stored NHWC with the W stride padded to 4
  // channels: memory index = (h * 3 + w) * 4 + c. The padding holds NaN,
  // which is not an element.
  std::vector<uint16_t> memory(2 * 3 * 4, kF16NaN);
  for (int64_t c = 0; c < 2; ++c) {
    for (int64_t h = 0; h < 2; ++h) {
      for (int64_t w = 0; w < 3; ++w) {
        memory[(h * 3 + w) * 4 + c] = kF16One;
      }
    }
  }
  memory[(1 * 3 + 2) * 4 + 1] = kF16Inf; // (c 1, h 1, w 2)
  FloatBuffer buffer;
  buffer.data = reinterpret_cast<const uint8_t *>(memory.data());
  buffer.type = FloatType::F16;
  buffer.dims = {1, 2, 2, 3};
  buffer.strides = {0, 2, 3 * 4 * 2, 4 * 2};
  FloatScan scan = scanFloats(buffer);
  EXPECT_EQ(scan.nan.count, 0u);
  EXPECT_EQ(scan.inf.count, 1u);
  EXPECT_THAT(scan.inf.firstIndex, ElementsAre(0, 1, 1, 2));
  // Its span ends after the last element, not after the padding.
  auto [begin, end] = buffer.getSpan();
  EXPECT_EQ(end - begin, ((1 * 3 + 2) * 4 + 1 + 1) * 2);

  // A box of a tensor: indices are given in the tensor.
  buffer.dims = {1, 1, 1, 2};
  buffer.data += ((1 * 3 + 1) * 4 + 1) * 2; // from (c 1, h 1, w 1)
  buffer.origin = {0, 1, 1, 1};
  buffer.tensorDims = {1, 2, 2, 3};
  scan = scanFloats(buffer);
  EXPECT_EQ(scan.inf.count, 1u);
  EXPECT_THAT(scan.inf.firstIndex, ElementsAre(0, 1, 1, 2));
}

// Random f16 and f32 buffers, dense (row-major or permuted) or with padded
// strides, of lengths around the vector widths, with a few NaNs, Infs and
// +-65504s (or none) at random places: the counts and first indices of
// scanFloats against a walk of the elements in memory order here.
TEST(NumericsCheckTest, scansAgreeWithAnElementWalk) {
  std::mt19937 rng(1709);
  auto uniform = [&](int64_t low, int64_t high) {
    return std::uniform_int_distribution<int64_t>(low, high)(rng);
  };
  for (int round = 0; round < 400; ++round) {
    bool f32 = round % 3 == 2;
    int64_t elem = f32 ? 4 : 2;
    std::vector<int64_t> dims = {uniform(1, 3), uniform(1, 9), uniform(1, 70)};
    // Memory order: a permutation of the dims, innermost last.
    std::vector<size_t> order = {0, 1, 2};
    if (round % 2) {
      std::shuffle(order.begin(), order.end(), rng);
    }
    bool padded = round % 5 == 0;
    std::vector<int64_t> strides(3);
    int64_t stride = elem;
    for (size_t i = 3; i-- > 0;) {
      strides[order[i]] = stride;
      stride *= dims[order[i]] + (padded && i == 1 ? 2 : 0);
    }
    std::vector<uint8_t> memory(stride + 8, 0);
    auto put = [&](int64_t offset, uint32_t bits) {
      std::memcpy(memory.data() + offset, &bits, elem);
    };
    for (int64_t at = 0; at + elem <= stride; at += elem) {
      put(at, f32 ? 0x3f800000u : kF16One);
    }
    int64_t notable = uniform(0, 2) == 0 ? 0 : uniform(1, 4);
    for (int64_t k = 0; k < notable; ++k) {
      int64_t at = uniform(0, stride / elem - 1) * elem;
      uint32_t choice = uniform(0, 2);
      uint32_t sign = uniform(0, 1) ? (f32 ? 0x80000000u : 0x8000u) : 0;
      uint32_t bits = f32 ? (choice == 0 ? 0x7fc00000u : 0x7f800000u)
                          : (choice == 0   ? kF16NaN
                             : choice == 1 ? kF16Inf
                                           : kF16Max);
      put(at, bits | sign);
    }
    FloatBuffer buffer;
    buffer.data = memory.data();
    buffer.type = f32 ? FloatType::F32 : FloatType::F16;
    buffer.dims = llvm::SmallVector<int64_t, 4>(dims.begin(), dims.end());
    buffer.strides =
        llvm::SmallVector<int64_t, 4>(strides.begin(), strides.end());
    // The expectation: the elements in memory order.
    FloatCount nan, inf, saturated;
    std::vector<int64_t> index(3);
    for (index[order[0]] = 0; index[order[0]] < dims[order[0]];
         ++index[order[0]]) {
      for (index[order[1]] = 0; index[order[1]] < dims[order[1]];
           ++index[order[1]]) {
        for (index[order[2]] = 0; index[order[2]] < dims[order[2]];
             ++index[order[2]]) {
          int64_t offset = 0;
          for (size_t d = 0; d < 3; ++d) {
            offset += index[d] * strides[d];
          }
          uint32_t bits = 0;
          std::memcpy(&bits, memory.data() + offset, elem);
          uint32_t magnitude = bits & (f32 ? 0x7fffffffu : 0x7fffu);
          uint32_t infBits = f32 ? 0x7f800000u : kF16Inf;
          FloatCount *count = magnitude > infBits            ? &nan
                              : magnitude == infBits         ? &inf
                              : !f32 && magnitude == kF16Max ? &saturated
                                                             : nullptr;
          if (count && count->count++ == 0) {
            count->firstIndex.assign(index.begin(), index.end());
          }
        }
      }
    }
    FloatScan scan = scanFloats(buffer);
    for (auto [got, want] :
         {std::make_pair(&scan.nan, &nan), std::make_pair(&scan.inf, &inf),
          std::make_pair(&scan.saturated, &saturated)}) {
      ASSERT_EQ(got->count, want->count) << "round " << round;
      ASSERT_EQ(got->firstIndex, want->firstIndex) << "round " << round;
    }
  }
}

TEST(NumericsCheckTest, classifyInputStopsAtTheFirstNonFinite) {
  std::vector<uint16_t> clean = f16Ones(6);
  EXPECT_EQ(classifyInput(compact(clean, FloatType::F16, {6})),
            InputState::Clean);
  std::vector<uint16_t> saturated = f16Ones(6);
  saturated[4] = kF16Max;
  EXPECT_EQ(classifyInput(compact(saturated, FloatType::F16, {6})),
            InputState::Saturated);
  std::vector<uint16_t> both = saturated;
  both[5] = kF16Inf;
  EXPECT_EQ(classifyInput(compact(both, FloatType::F16, {2, 3})),
            InputState::NonFinite);
  // An f32 input of 65504 is finite and not saturated (only f16 saturates).
  std::vector<float> f32 = {65504.0f, 1.0e30f};
  EXPECT_EQ(classifyInput(compact(f32, FloatType::F32, {2})),
            InputState::Clean);
}

TEST(NumericsCheckTest, nanAndInfFromFiniteInputsAreFindings) {
  std::vector<uint16_t> in = f16Ones(4), out = f16Ones(4);
  out[1] = kF16NaN;
  out[2] = kF16Inf;
  out[3] = kF16Inf;
  TaskNumerics task;
  task.addInput(compact(in, FloatType::F16, {1, 4}, "in"));
  task.addOutput(compact(out, FloatType::F16, {1, 4}, "output"));
  task.beforeRun();
  llvm::SmallVector<NumericsFinding, 2> findings = task.afterRun();
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].kind, NumericsIssueKind::NaN);
  EXPECT_EQ(findings[0].count, 1u);
  EXPECT_THAT(findings[0].firstIndex, ElementsAre(0, 1));
  EXPECT_EQ(findings[1].kind, NumericsIssueKind::Inf);
  EXPECT_EQ(findings[1].count, 2u);
  EXPECT_THAT(findings[1].firstIndex, ElementsAre(0, 2));
  EXPECT_EQ(describeFinding(findings[0]),
            "output (1x4 f16): 1 element is NaN although every input was "
            "finite, the first [0, 1] = nan");
  EXPECT_EQ(describeFinding(findings[1]),
            "output (1x4 f16): 2 elements are +-Inf although every input was "
            "finite (beyond the FP16 range), the first [0, 2] = inf");
}

TEST(NumericsCheckTest, nanFromAnEarlierTaskIsNotReportedAgain) {
  // Task 1 makes a NaN from finite inputs; task 2 reads it and passes it on.
  std::vector<uint16_t> x = f16Ones(4), y = f16Ones(4), z = f16Ones(4);
  y[3] = kF16NaN;
  z[3] = kF16NaN;
  TaskNumerics first;
  first.addInput(compact(x, FloatType::F16, {4}, "in"));
  first.addOutput(compact(y, FloatType::F16, {4}, "output"));
  first.beforeRun();
  EXPECT_EQ(first.afterRun().size(), 1u);
  TaskNumerics second;
  second.addInput(compact(y, FloatType::F16, {4}, "in"));
  second.addOutput(compact(z, FloatType::F16, {4}, "output"));
  second.beforeRun();
  EXPECT_THAT(second.afterRun(), IsEmpty());
  // An Inf input explains a NaN (Inf - Inf) and an Inf output, and any
  // saturation.
  std::vector<float> inf = {INFINITY, 1.0f};
  std::vector<uint16_t> out = {kF16NaN, kF16Max};
  TaskNumerics third;
  third.addInput(compact(inf, FloatType::F32, {2}, "in"));
  third.addOutput(compact(out, FloatType::F16, {2}, "output"));
  third.beforeRun();
  EXPECT_THAT(third.afterRun(), IsEmpty());
}

TEST(NumericsCheckTest, saturationIsReportedWhereItStarts) {
  std::vector<uint16_t> in = f16Ones(4), out = f16Ones(4);
  out[2] = kF16Max;
  out[3] = kF16MinusMax;
  TaskNumerics task;
  task.addInput(compact(in, FloatType::F16, {4}, "in"));
  task.addOutput(compact(out, FloatType::F16, {4}, "output"));
  task.beforeRun();
  llvm::SmallVector<NumericsFinding, 2> findings = task.afterRun();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, NumericsIssueKind::Saturation);
  EXPECT_EQ(findings[0].count, 2u);
  EXPECT_EQ(findings[0].firstValue, 65504.0);
  EXPECT_EQ(describeFinding(findings[0]),
            "output (4 f16): 2 elements are +-65504, saturated at the largest "
            "finite f16 (no input is), the first [2] = 65504");
  // A saturated input explains saturated outputs (a max pool passes them
  // on), but not an Inf.
  std::vector<uint16_t> next = {kF16Max, kF16Inf, kF16One, kF16One};
  TaskNumerics later;
  later.addInput(compact(out, FloatType::F16, {4}, "in"));
  later.addOutput(compact(next, FloatType::F16, {4}, "output"));
  later.beforeRun();
  findings = later.afterRun();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, NumericsIssueKind::Inf);
}

TEST(NumericsCheckTest, partsOfOneOutputMakeOneFinding) {
  // Two boxes (e.g. two NCE variants) of one 1x4 output.
  std::vector<uint16_t> in = f16Ones(4), out = f16Ones(4);
  out[1] = kF16Inf;
  out[2] = kF16Inf;
  out[3] = kF16Inf;
  TaskNumerics task;
  task.addInput(compact(in, FloatType::F16, {1, 4}, "in"));
  for (int64_t part = 0; part < 2; ++part) {
    FloatBuffer box = compact(out, FloatType::F16, {1, 2}, "output");
    box.data += part * 2 * 2;
    box.origin = {0, part * 2};
    box.tensorDims = {1, 4};
    task.addOutput(box);
  }
  task.beforeRun();
  llvm::SmallVector<NumericsFinding, 2> findings = task.afterRun();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].count, 3u);
  EXPECT_THAT(findings[0].firstIndex, ElementsAre(0, 1));
  EXPECT_THAT(findings[0].dims, ElementsAre(1, 4));
}

TEST(NumericsCheckTest, inPlaceTasksAreJudgedOnTheirInputsBeforeTheRun) {
  // An in-place task overwrites its input: finite before, Inf after. The
  // input state taken before the run makes it a finding.
  std::vector<uint16_t> data = f16Ones(4);
  TaskNumerics task;
  task.addInput(compact(data, FloatType::F16, {4}, "in"));
  task.addOutput(compact(data, FloatType::F16, {4}, "output"));
  task.beforeRun();
  data[0] = kF16Inf; // the task runs
  llvm::SmallVector<NumericsFinding, 2> findings = task.afterRun();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, NumericsIssueKind::Inf);

  // Without an overlap the inputs are read only when an output has a
  // finding: a NaN input then explains it.
  std::vector<uint16_t> in = f16Ones(4), out = f16Ones(4);
  TaskNumerics lazy;
  lazy.addInput(compact(in, FloatType::F16, {4}, "in"));
  lazy.addOutput(compact(out, FloatType::F16, {4}, "output"));
  lazy.beforeRun();
  in[0] = kF16NaN;
  out[0] = kF16NaN;
  EXPECT_THAT(lazy.afterRun(), IsEmpty());
}

TEST(NumericsCheckTest, aTaskWithoutFloatInputsIsJudgedOnItsOutputs) {
  // E.g. a conversion from integers: any Inf is its own.
  std::vector<uint16_t> out = {kF16Inf, kF16One};
  TaskNumerics task;
  task.addOutput(compact(out, FloatType::F16, {2}, "output"));
  EXPECT_FALSE(task.hasNoOutputs());
  task.beforeRun();
  ASSERT_EQ(task.afterRun().size(), 1u);
  EXPECT_TRUE(TaskNumerics().hasNoOutputs());
  // A rank-0 output.
  std::vector<float> scalar = {NAN};
  TaskNumerics rank0;
  rank0.addOutput(compact(scalar, FloatType::F32, {}, "output"));
  rank0.beforeRun();
  llvm::SmallVector<NumericsFinding, 2> findings = rank0.afterRun();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(describeFinding(findings[0]),
            "output (scalar f32): 1 element is NaN although every input was "
            "finite, the first [] = nan");
}

TEST(NumericsCheckTest, names) {
  EXPECT_STREQ(getFloatTypeName(FloatType::BF16), "bf16");
  EXPECT_STREQ(getNumericsIssueKindName(NumericsIssueKind::Saturation),
               "saturation");
  EXPECT_STREQ(getNumericsIssueKindName(NumericsIssueKind::Underflow),
               "underflow");
}

TEST(NumericsCheckTest, piecesOfALayerBelongToIt) {
  EXPECT_EQ(getLayerOfPiece("conv1/cluster0/tile12"), "conv1");
  EXPECT_EQ(getLayerOfPiece("/blk/conv/row3/part1"), "/blk/conv");
  // Not piece names: a bare kind, other words, digits with letters after.
  EXPECT_EQ(getLayerOfPiece("conv1/tile"), "conv1/tile");
  EXPECT_EQ(getLayerOfPiece("net/block2"), "net/block2");
  EXPECT_EQ(getLayerOfPiece("net/row2a"), "net/row2a");
  EXPECT_EQ(getLayerOfPiece("/cluster0"), "/cluster0");
  EXPECT_EQ(getLayerOfPiece(""), "");
}

/// The count of `values` as f16 stores.
numeric::F16Underflow countOf(std::vector<float> values) {
  std::vector<uint16_t> bits(values.size());
  numeric::floatToF16Bits(values, bits);
  numeric::F16Underflow count;
  numeric::countF16Underflow(values, bits, count);
  return count;
}

TEST(NumericsCheckTest, underflowIsTheFirstLayerThatLostItsOutput) {
  RunUnderflow run;
  // A layer in range, one of whose two pieces alone lies below it.
  run.add("conv1/cluster0", 0, countOf({0.5f, 1e-3f}), "output", {1, 2});
  run.add("conv1/cluster1", 1, countOf({1e-6f, 0.0f}), "output", {1, 2});
  EXPECT_FALSE(run.getFinding());
  // Zeros only: nothing lost.
  run.add("relu", 2, countOf({0.0f, -0.0f}), "output", {1, 2});
  EXPECT_FALSE(run.getFinding());
  // Two pieces, every result below the normal range; then later layers,
  // one without a location.
  run.add("conv2/tile0", 3, countOf({1e-9f, 2e-5f}), "output", {1, 4});
  run.add("conv2/tile1", 4, countOf({-3e-6f, 0.0f}), "output", {1, 4});
  run.add("conv3", 5, countOf({1e-12f}), "output", {1, 4});
  run.add("", 6, countOf({1e-12f}), "kernel 'add' argument 2", {});
  run.add("", 7, countOf({1.0f}), "kernel 'add' argument 2", {});

  std::optional<RunUnderflow::Finding> finding = run.getFinding();
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->firstTask, 3u);
  EXPECT_EQ(finding->tasks, 2u);
  EXPECT_EQ(finding->layer, "conv2");
  EXPECT_THAT(finding->laterLayers, ElementsAre("conv3", "task 6"));
  const NumericsFinding &f = finding->finding;
  EXPECT_EQ(f.kind, NumericsIssueKind::Underflow);
  EXPECT_EQ(f.underflow.nonzero, 3u);
  EXPECT_EQ(f.underflow.flushed, 1u);
  EXPECT_EQ(f.underflow.subnormal, 2u);
  EXPECT_EQ(f.count, 3u);
  EXPECT_EQ(describeFinding(f),
            "output (1x4 f16): all 3 nonzero results lie below the normal "
            "FP16 range (the largest magnitude is 2e-05, the smallest normal "
            "f16 6.10352e-05); stored as f16, 1 became zero and 2 "
            "subnormals of reduced precision");
}

} // namespace
} // namespace mlir::vpuc::emu
