//===- TensorConversionTest.cpp - Tests of array <-> host tensor conversion -*-
// C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks the dtype mapping, value conversions in both directions, the input
// checks (missing, unknown, wrong dtype, wrong shape, single array by position)
// and user layouts.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/TensorConversion.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class TensorConversionTest : public ::testing::Test {
protected:
  TensorConversionTest() : builder(&context) {}

  NetworkTensorInfo info(llvm::StringRef name, llvm::ArrayRef<int64_t> shape,
                         Type precision) {
    NetworkTensorInfo result;
    result.name = name.str();
    result.shape.assign(shape.begin(), shape.end());
    result.precision = precision;
    result.elementType = builder.getF32Type();
    result.layout =
        shape::DimsOrder::getDefaultOrder(static_cast<int64_t>(shape.size()));
    return result;
  }

  static std::string errorOf(llvm::Error error) {
    return llvm::toString(std::move(error));
  }

  MLIRContext context;
  Builder builder;
};

TEST_F(TensorConversionTest, dtypes) {
  EXPECT_EQ(*getDType(builder.getF32Type()), npy::DType::F32);
  EXPECT_EQ(*getDType(builder.getF16Type()), npy::DType::F16);
  EXPECT_EQ(*getDType(builder.getF64Type()), npy::DType::F64);
  EXPECT_EQ(*getDType(builder.getI1Type()), npy::DType::Bool);
  EXPECT_EQ(*getDType(builder.getIntegerType(8)), npy::DType::I8);
  EXPECT_EQ(*getDType(builder.getIntegerType(8, /*isSigned=*/false)),
            npy::DType::U8);
  EXPECT_EQ(*getDType(builder.getIntegerType(32, /*isSigned=*/true)),
            npy::DType::I32);
  EXPECT_EQ(*getDType(builder.getI64Type()), npy::DType::I64);
  llvm::Expected<npy::DType> bf16 = getDType(builder.getBF16Type());
  ASSERT_FALSE(bf16);
  EXPECT_EQ(errorOf(bf16.takeError()), "element type bf16 has no NumPy dtype");
}

TEST_F(TensorConversionTest, valuesToArrays) {
  HostTensor tensor(
      {4}, {1.9f, -2.9f, 300.0f, std::numeric_limits<float>::quiet_NaN()});
  npy::Array i8 = toArray(tensor, npy::DType::I8);
  EXPECT_EQ(i8.getValues<int8_t>(), llvm::ArrayRef<int8_t>({1, -2, 127, 0}));
  npy::Array u8 = toArray(tensor, npy::DType::U8);
  EXPECT_EQ(u8.getValues<uint8_t>(), llvm::ArrayRef<uint8_t>({1, 0, 255, 0}));
  npy::Array i64 = toArray(HostTensor({2}, {-1e30f, 1e30f}), npy::DType::I64);
  EXPECT_EQ(i64.getValues<int64_t>(),
            llvm::ArrayRef<int64_t>({std::numeric_limits<int64_t>::lowest(),
                                     std::numeric_limits<int64_t>::max()}));
  npy::Array b =
      toArray(HostTensor({3}, {0.0f, 2.0f, -0.0f}), npy::DType::Bool);
  EXPECT_EQ(b.getValues<uint8_t>(), llvm::ArrayRef<uint8_t>({0, 1, 0}));
  npy::Array f16 = toArray(HostTensor({2}, {1.0f, -2.0f}), npy::DType::F16);
  EXPECT_EQ(f16.getValues<uint16_t>(),
            llvm::ArrayRef<uint16_t>({0x3c00, 0xc000}));
  npy::Array f32 = toArray(HostTensor({1, 2}, {1.5f, 2.5f}), npy::DType::F32);
  EXPECT_EQ(llvm::ArrayRef<int64_t>(f32.shape),
            llvm::ArrayRef<int64_t>({1, 2}));
  EXPECT_EQ(f32.getValues<float>(), llvm::ArrayRef<float>({1.5f, 2.5f}));

  HostTensor back = toHostTensor(f16);
  EXPECT_EQ(back.data, (std::vector<float>{1.0f, -2.0f}));
  HostTensor ints = toHostTensor(npy::Array::fromValues<int32_t>(
      npy::DType::I32, {3}, llvm::ArrayRef<int32_t>({-7, 0, 1 << 20})));
  EXPECT_EQ(ints.data, (std::vector<float>{-7.0f, 0.0f, 1048576.0f}));
}

TEST_F(TensorConversionTest, inputsAreChecked) {
  std::vector<NetworkTensorInfo> infos = {
      info("a", {1, 2}, builder.getF32Type()),
      info("b", {3}, builder.getIntegerType(64))};
  npy::ArrayMap arrays;
  arrays.insert({"a", npy::Array::zeros(npy::DType::F32, {1, 2})});
  arrays.insert({"b", npy::Array::zeros(npy::DType::I64, {3})});
  llvm::Expected<HostTensorMap> ok = convertInputs(arrays, infos);
  ASSERT_TRUE(!!ok) << errorOf(ok.takeError());
  EXPECT_EQ(ok->size(), 2u);

  npy::ArrayMap missing;
  missing.insert({"a", npy::Array::zeros(npy::DType::F32, {1, 2})});
  EXPECT_EQ(errorOf(convertInputs(missing, infos).takeError()),
            "missing input 'b' (3 int64)");

  npy::ArrayMap extra = arrays;
  extra.insert({"c", npy::Array::zeros(npy::DType::F32, {1})});
  EXPECT_EQ(errorOf(convertInputs(extra, infos).takeError()),
            "unknown input 'c'; the network's inputs are: 'a', 'b'");

  npy::ArrayMap wrongType = arrays;
  wrongType["b"] = npy::Array::zeros(npy::DType::I32, {3});
  EXPECT_EQ(errorOf(convertInputs(wrongType, infos).takeError()),
            "input 'b' has dtype int32 but the network expects int64");

  npy::ArrayMap wrongShape = arrays;
  wrongShape["a"] = npy::Array::zeros(npy::DType::F32, {2});
  EXPECT_EQ(errorOf(convertInputs(wrongShape, infos).takeError()),
            "input 'a' has shape 2 but the network expects 1x2");

  std::vector<NetworkTensorInfo> bf16 = {info("h", {1}, builder.getBF16Type())};
  npy::ArrayMap h;
  h.insert({"h", npy::Array::zeros(npy::DType::F32, {1})});
  EXPECT_EQ(errorOf(convertInputs(h, bf16).takeError()),
            "input 'h': element type bf16 has no NumPy dtype");
}

TEST_F(TensorConversionTest, singleInputTakesAnyName) {
  std::vector<NetworkTensorInfo> infos = {info("x", {2}, builder.getF16Type())};
  npy::ArrayMap arrays;
  arrays.insert({"input_0", npy::Array::fromValues<uint16_t>(
                                npy::DType::F16, {2},
                                llvm::ArrayRef<uint16_t>({0x3c00, 0}))});
  llvm::Expected<HostTensorMap> inputs = convertInputs(arrays, infos);
  ASSERT_TRUE(!!inputs) << errorOf(inputs.takeError());
  EXPECT_EQ(inputs->begin()->first, "x");
  EXPECT_EQ(inputs->begin()->second.data, (std::vector<float>{1.0f, 0.0f}));
}

TEST_F(TensorConversionTest, layouts) {
  // A 1x2x2x3 NCHW tensor exchanged as NHWC: the array is 1x2x3x2.
  NetworkTensorInfo nhwc = info("x", {1, 2, 2, 3}, builder.getF32Type());
  nhwc.layout = *shape::DimsOrder::parse("NHWC");
  std::vector<float> logical(12);
  for (int i = 0; i < 12; ++i) {
    logical[i] = static_cast<float>(i);
  }
  HostTensorMap tensors;
  tensors.insert({"x", HostTensor({1, 2, 2, 3}, logical)});
  llvm::Expected<npy::ArrayMap> arrays = convertOutputs(tensors, {nhwc});
  ASSERT_TRUE(!!arrays) << errorOf(arrays.takeError());
  const npy::Array &array = (*arrays)["x"];
  EXPECT_EQ(llvm::ArrayRef<int64_t>(array.shape),
            llvm::ArrayRef<int64_t>({1, 2, 3, 2}));
  // Element (n, h, w, c) of the array is logical (n, c, h, w) = c * 6 + h * 3 +
  // w.
  EXPECT_EQ(array.getValues<float>(),
            llvm::ArrayRef<float>({0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}));

  llvm::Expected<HostTensorMap> back = convertInputs(*arrays, {nhwc});
  ASSERT_TRUE(!!back) << errorOf(back.takeError());
  EXPECT_EQ(llvm::ArrayRef<int64_t>(back->begin()->second.shape),
            llvm::ArrayRef<int64_t>({1, 2, 2, 3}));
  EXPECT_EQ(back->begin()->second.data, logical);

  npy::ArrayMap wrong;
  wrong.insert({"x", npy::Array::zeros(npy::DType::F32, {1, 2, 2, 3})});
  EXPECT_EQ(errorOf(convertInputs(wrong, {nhwc}).takeError()),
            "input 'x' has shape 1x2x2x3 but the network expects 1x2x3x2 (in "
            "layout NHWC)");
}

TEST_F(TensorConversionTest, outputsOfEveryPrecision) {
  std::vector<NetworkTensorInfo> infos = {
      info("f", {2}, builder.getF16Type()),
      info("u", {2}, builder.getIntegerType(8, false)),
      info("m", {2}, builder.getI1Type())};
  HostTensorMap tensors;
  tensors.insert({"f", HostTensor({2}, {0.5f, 2.0f})});
  tensors.insert({"u", HostTensor({2}, {7.0f, 255.0f})});
  tensors.insert({"m", HostTensor({2}, {1.0f, 0.0f})});
  llvm::Expected<npy::ArrayMap> arrays = convertOutputs(tensors, infos);
  ASSERT_TRUE(!!arrays) << errorOf(arrays.takeError());
  EXPECT_EQ((*arrays)["f"].dtype, npy::DType::F16);
  EXPECT_EQ((*arrays)["u"].getValues<uint8_t>(),
            llvm::ArrayRef<uint8_t>({7, 255}));
  EXPECT_EQ((*arrays)["m"].dtype, npy::DType::Bool);

  HostTensorMap none;
  EXPECT_EQ(errorOf(convertOutputs(none, infos).takeError()),
            "no tensor for the network output 'f'");
}

} // namespace
} // namespace mlir::vpuc::IE
