//===- CompareTest.cpp - Tests of the comparison metrics
//-------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/compare/Compare.h"

#include <cmath>

#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc;
using namespace mlir::vpuc::compare;
using ::testing::HasSubstr;

namespace {

npy::Array floats(llvm::ArrayRef<int64_t> shape, std::vector<float> values) {
  return npy::Array::fromValues<float>(npy::DType::F32, shape, values);
}

TEST(CompareTest, metricsOfKnownVectors) {
  auto m = computeMetrics(floats({2}, {1, 0}), floats({2}, {0, 1}));
  ASSERT_TRUE(bool(m));
  EXPECT_DOUBLE_EQ(m->cosine, 0);
  EXPECT_NEAR(m->euclidean, 1 - std::sqrt(2.0), 1e-12);
  EXPECT_DOUBLE_EQ(m->maxAbsError, 1);

  m = computeMetrics(floats({1, 3}, {2, 4, 6}), floats({3}, {1, 2, 3}));
  ASSERT_TRUE(bool(m));
  EXPECT_NEAR(m->cosine, 1, 1e-12);
  EXPECT_NEAR(m->euclidean, 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(m->maxAbsError, 3);
  EXPECT_DOUBLE_EQ(m->referenceAbsMax, 3);

  m = computeMetrics(floats({2}, {0, 0}), floats({2}, {0, 0}));
  ASSERT_TRUE(bool(m));
  EXPECT_EQ(m->cosine, 1);
  EXPECT_EQ(m->euclidean, 1);
}

TEST(CompareTest, nanFailsEveryTolerance) {
  auto m = computeMetrics(floats({2}, {NAN, 1}), floats({2}, {1, 1}));
  ASSERT_TRUE(bool(m));
  EXPECT_TRUE(std::isnan(m->cosine));
  npy::ArrayMap actual, reference;
  actual["y"] = floats({2}, {NAN, 1});
  reference["y"] = floats({2}, {1, 1});
  auto reports = compareArrays(actual, reference, Tolerance{-1, -1});
  ASSERT_TRUE(bool(reports));
  EXPECT_FALSE(reports->reports[0].passed);
}

TEST(CompareTest, convertsEveryDType) {
  std::vector<uint16_t> half = {0x3c00, 0xc000}; // 1, -2
  EXPECT_EQ(
      toFloat(npy::Array::fromValues<uint16_t>(npy::DType::F16, {2}, half)),
      (std::vector<float>{1, -2}));
  std::vector<int8_t> i8 = {-128, 127};
  EXPECT_EQ(toFloat(npy::Array::fromValues<int8_t>(npy::DType::I8, {2}, i8)),
            (std::vector<float>{-128, 127}));
  std::vector<int64_t> i64 = {-5, 1 << 20};
  EXPECT_EQ(toFloat(npy::Array::fromValues<int64_t>(npy::DType::I64, {2}, i64)),
            (std::vector<float>{-5, 1 << 20}));
}

TEST(CompareTest, matchesByNameOrPosition) {
  npy::ArrayMap actual, reference;
  actual["out"] = floats({2}, {1, 2});
  reference["output_0"] = floats({2}, {1, 2});
  auto reports = compareArrays(actual, reference, Tolerance{});
  ASSERT_TRUE(bool(reports));
  EXPECT_EQ(reports->reports[0].actualName, "out");
  EXPECT_TRUE(reports->reports[0].passed);
  EXPECT_TRUE(reports->onlyInActual.empty());
  EXPECT_TRUE(reports->onlyInReference.empty());

  actual["other"] = floats({2}, {1, 2});
  auto missing = compareArrays(actual, reference, Tolerance{});
  ASSERT_FALSE(bool(missing));
  EXPECT_THAT(llvm::toString(missing.takeError()),
              HasSubstr("no tensor name is in both sets: the reference holds "
                        "output_0; the actual tensors are out, other"));

  npy::ArrayMap small;
  small["output_0"] = floats({3}, {1, 2, 3});
  auto mismatch = compareArrays(small, reference, Tolerance{});
  ASSERT_FALSE(bool(mismatch));
  EXPECT_THAT(
      llvm::toString(mismatch.takeError()),
      HasSubstr(
          "tensor 'output_0': shape 3 does not match the reference shape 2"));
}

TEST(CompareTest, shapesMustMatch) {
  EXPECT_TRUE(isSameShape({1, 10}, {10}));
  EXPECT_TRUE(isSameShape({10, 1}, {1, 10, 1}));
  EXPECT_TRUE(isSameShape({1, 1000, 1, 1}, {1, 1000}));
  EXPECT_TRUE(isSameShape({}, {1}));
  EXPECT_FALSE(isSameShape({2, 5}, {10}));
  EXPECT_FALSE(isSameShape({2, 3}, {3, 2}));
  EXPECT_TRUE(isSameShape({1, 2, 1, 3}, {2, 3}));
  EXPECT_TRUE(isSameShape({64, 1, 256}, {1, 1, 64, 256}));
  EXPECT_FALSE(isSameShape({2, 1, 3}, {3, 2}));
  EXPECT_FALSE(isSameShape({2, 3}, {2, 3, 2}));

  // Equal element counts are not enough.
  auto m = computeMetrics(floats({2, 3}, {1, 2, 3, 4, 5, 6}),
                          floats({3, 2}, {1, 2, 3, 4, 5, 6}));
  ASSERT_FALSE(bool(m));
  EXPECT_THAT(llvm::toString(m.takeError()),
              HasSubstr("shape 2x3 does not match the reference shape 3x2"));
  m = computeMetrics(floats({}, {1}), floats({1}, {1}));
  ASSERT_TRUE(bool(m));
  EXPECT_EQ(formatShape({}), "scalar");
}

TEST(CompareTest, emptyReferenceIsAnError) {
  npy::ArrayMap actual, reference;
  actual["y"] = floats({1}, {1});
  auto empty = compareArrays(actual, reference, Tolerance{});
  ASSERT_FALSE(bool(empty));
  EXPECT_THAT(llvm::toString(empty.takeError()),
              HasSubstr("the reference holds no tensor"));

  // No name in common: an error too, whatever the sizes; long lists are cut.
  reference["a"] = floats({1}, {1});
  reference["b"] = floats({1}, {1});
  for (int i = 0; i < 10; ++i) {
    actual["t" + std::to_string(i)] = floats({1}, {1});
  }
  auto disjoint = compareArrays(actual, reference, Tolerance{});
  ASSERT_FALSE(bool(disjoint));
  EXPECT_THAT(llvm::toString(disjoint.takeError()),
              HasSubstr("the reference holds a, b; the actual tensors are y, "
                        "t0, t1, t2, t3, t4, t5, t6, ... (11 in all)"));
  auto none = compareArrays(npy::ArrayMap(), reference, Tolerance{});
  ASSERT_FALSE(bool(none));
  EXPECT_THAT(llvm::toString(none.takeError()),
              HasSubstr("the actual tensors are none"));
}

TEST(CompareTest, layerDumpsInReferenceOrder) {
  // Two dumps in network order (the actual one written in another order),
  // diverging from `c` on; `x` and `z` are only on one side.
  npy::ArrayMap actual, reference;
  for (const char *name : {"d", "x", "c", "b", "a"}) {
    bool diverged =
        llvm::StringRef(name) == "c" || llvm::StringRef(name) == "d";
    actual[name] = floats({2}, {1, diverged ? -1.0f : 1.0f});
  }
  for (const char *name : {"a", "b", "c", "z", "d"}) {
    reference[name] = floats({2}, {1, 1});
  }
  auto comparison = compareArrays(actual, reference, Tolerance{});
  ASSERT_TRUE(bool(comparison));
  std::vector<std::string> order;
  for (const TensorReport &report : comparison->reports) {
    order.push_back(report.name);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(comparison->onlyInActual, (std::vector<std::string>{"x"}));
  EXPECT_EQ(comparison->onlyInReference, (std::vector<std::string>{"z"}));
  ASSERT_NE(comparison->getFirstFailure(), nullptr);
  EXPECT_EQ(comparison->getFirstFailure()->name, "c");
  EXPECT_EQ(comparison->getNumFailures(), 2u);

  std::string text;
  llvm::raw_string_ostream os(text);
  printComparison(*comparison, "act.npz", "ref.npz", os);
  EXPECT_THAT(os.str(),
              HasSubstr("note: 'x' is only in act.npz (not compared)\n"
                        "note: 'z' is only in ref.npz (not compared)\n"
                        "tensor "));
  EXPECT_THAT(os.str(),
              HasSubstr("BELOW TOLERANCE\nfirst below tolerance: c\n"));

  for (const char *name : {"c", "d"}) {
    actual[name] = floats({2}, {1, 1});
  }
  comparison = compareArrays(actual, reference, Tolerance{});
  ASSERT_TRUE(bool(comparison));
  EXPECT_EQ(comparison->getFirstFailure(), nullptr);
  text.clear();
  printComparison(*comparison, "act.npz", "ref.npz", os);
  EXPECT_THAT(os.str(), HasSubstr("ok\nall within tolerance\n"));
}

TEST(CompareTest, toleranceAndReport) {
  auto tol = parseTolerance("0.99,0.9");
  ASSERT_TRUE(bool(tol));
  EXPECT_DOUBLE_EQ(tol->cosine, 0.99);
  EXPECT_DOUBLE_EQ(tol->euclidean, 0.9);
  EXPECT_FALSE(bool(parseTolerance("abc")));
  auto bad = parseTolerance("0.9,2");
  ASSERT_FALSE(bool(bad));
  EXPECT_THAT(llvm::toString(bad.takeError()),
              HasSubstr("invalid tolerance '0.9,2'"));
  llvm::consumeError(parseTolerance("abc").takeError());

  npy::ArrayMap actual, reference;
  actual["y"] = floats({1, 2}, {1, 0});
  reference["y"] = floats({1, 2}, {0, 1});
  auto reports = compareArrays(actual, reference, *tol);
  ASSERT_TRUE(bool(reports));
  std::string text;
  llvm::raw_string_ostream os(text);
  printReports(reports->reports, os);
  EXPECT_THAT(os.str(), HasSubstr("1x2"));
  EXPECT_THAT(os.str(), HasSubstr("BELOW TOLERANCE"));
}

TEST(CompareTest, maxAbsErrorRelativeToRange) {
  auto m = computeMetrics(floats({3}, {1.5f, 2, 5}), floats({3}, {1, 2, 5}));
  ASSERT_TRUE(bool(m));
  EXPECT_DOUBLE_EQ(m->referenceRange, 4);

  npy::ArrayMap actual, reference;
  actual["y"] = floats({4}, {-1.001f, 0, 1, 3});
  reference["y"] = floats({4}, {-1, 0, 1, 3});
  Tolerance tol;
  tol.maxAbsErrorOfRange = 1e-3; // Range 4: limit 0.004.
  auto reports = compareArrays(actual, reference, tol);
  ASSERT_TRUE(bool(reports));
  EXPECT_TRUE(reports->reports[0].passed);
  ASSERT_TRUE(reports->reports[0].absErrorLimit.has_value());
  EXPECT_NEAR(*reports->reports[0].absErrorLimit, 0.004, 1e-12);

  actual["y"] = floats({4}, {-1, 0, 1, 3.01f});
  reports = compareArrays(actual, reference, tol);
  ASSERT_TRUE(bool(reports));
  EXPECT_TRUE(reports->reports[0].similar);
  EXPECT_FALSE(reports->reports[0].absErrorWithinLimit);
  EXPECT_FALSE(reports->reports[0].passed);
  std::string text;
  llvm::raw_string_ostream os(text);
  printReports(reports->reports, os);
  EXPECT_THAT(os.str(), HasSubstr("MAX ABS ERROR ABOVE 0.004"));

  auto limit = parseMaxAbsErrorOfRange("1e-3");
  ASSERT_TRUE(bool(limit));
  EXPECT_DOUBLE_EQ(*limit, 1e-3);
  for (const char *bad : {"-1", "x", "inf", "nan"}) {
    auto parsed = parseMaxAbsErrorOfRange(bad);
    ASSERT_FALSE(bool(parsed)) << bad;
    EXPECT_THAT(llvm::toString(parsed.takeError()),
                HasSubstr("invalid max abs error"));
  }
}

} // namespace
