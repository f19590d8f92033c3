//===- MappingTest.cpp - Tests of the blob <-> IR mappings ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Buffer types through blob tensor types and back, the reference kernel image
// and the UPA parameter tables.
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/KernelImage.h"
#include "backend/mapping/TypeMapping.h"
#include "backend/mapping/UpaParams.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

using ::testing::HasSubstr;

class MappingTest : public ::testing::Test {
protected:
  MappingTest() { context.loadDialect<VPUIP::VPUIPDialect>(); }

  Type type(llvm::StringRef text) {
    Type parsed = parseType(text, &context);
    EXPECT_TRUE(parsed) << text.str();
    return parsed;
  }

  /// `text` through a blob tensor type and back.
  std::string roundTrip(llvm::StringRef text) {
    auto memref = llvm::cast<MemRefType>(type(text));
    llvm::Expected<TensorTypeDesc> desc = getTensorTypeDesc(memref);
    if (!desc) {
      return "error: " + llvm::toString(desc.takeError());
    }
    // Serialise through the builder (an input of that type) and read back.
    BlobBuilder builder("VPUX37XX");
    builder.addInput("x", *desc);
    std::vector<uint8_t> bytes = builder.finish();
    auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
    VPUIP::MemorySpaceAttr space;
    if (auto attr = llvm::dyn_cast_or_null<VPUIP::MemorySpaceAttr>(
            memref.getMemorySpace())) {
      space = attr;
    }
    llvm::Expected<MemRefType> back = getBufferType(
        &context, *root->header()->inputs()->Get(0)->type(), space, "x");
    if (!back) {
      return "error: " + llvm::toString(back.takeError());
    }
    std::string printed;
    llvm::raw_string_ostream os(printed);
    os << *back;
    return os.str();
  }

  std::string error(llvm::StringRef text) {
    llvm::Expected<TensorTypeDesc> desc = getTensorTypeDesc(type(text));
    if (desc) {
      return "no error";
    }
    return llvm::toString(desc.takeError());
  }

  MLIRContext context;
};

TEST_F(MappingTest, typesRoundTrip) {
  for (llvm::StringRef text : {
           "memref<1x1000xf16>",
           "memref<2x3xf32>",
           "memref<4xbf16>",
           "memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, "
           "d1)>>",
           "memref<1x16x8x8xui8, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, "
           "d1)>, #VPUIP.mem<CMX_NN[1]>>",
           "memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>",
           "memref<3xi8>",
           "memref<3xi16>",
           "memref<3xui16>",
           "memref<3xi32>",
           "memref<3xui32>",
           "memref<3xi64>",
           "memref<3xui64>",
           "memref<8xi4>",
           "memref<8xui4>",
       }) {
    EXPECT_EQ(roundTrip(text), text.str());
  }
  // Signed integers come back signless; DDR spelt as a memory space comes
  // back without one.
  EXPECT_EQ(roundTrip("memref<3xsi8>"), "memref<3xi8>");
  EXPECT_EQ(roundTrip("memref<3xf16, #VPUIP.mem<DDR>>"),
            "memref<3xf16, #VPUIP.mem<DDR>>");
}

TEST_F(MappingTest, typeErrors) {
  EXPECT_THAT(error("memref<4xi1>"),
              HasSubstr("element type 'i1' has no blob type (BOOL tensors "
                        "take a byte per element; use i8 or ui8)"));
  EXPECT_THAT(error("memref<4xf64>"),
              HasSubstr("element type 'f64' has no blob type"));
  EXPECT_THAT(error("memref<4xi2>"),
              HasSubstr("element type 'i2' has no blob type"));
  EXPECT_THAT(error("memref<?xf16>"),
              HasSubstr("type 'memref<?xf16>' is not a buffer type"));

  // A BOOL tensor has no IR type.
  BlobBuilder builder("VPUX37XX");
  builder.addInput("x", tensorType(schema::DType::BOOL, {4}));
  std::vector<uint8_t> bytes = builder.finish();
  auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
  llvm::Expected<MemRefType> back = getBufferType(
      &context, *root->header()->inputs()->Get(0)->type(), {}, "input 0");
  ASSERT_FALSE(static_cast<bool>(back));
  EXPECT_THAT(llvm::toString(back.takeError()),
              HasSubstr("input 0: element type bool has no IR type"));

  // Nor does a quantised one.
  BlobBuilder quantBuilder("VPUX37XX");
  TensorTypeDesc quantType = tensorType(schema::DType::U8, {4});
  quantType.scales = {0.5f};
  quantType.zeroPoints = {128};
  quantBuilder.addInput("q", quantType);
  std::vector<uint8_t> quantBytes = quantBuilder.finish();
  auto quantRoot = flatbuffers::GetRoot<schema::Blob>(quantBytes.data());
  llvm::Expected<MemRefType> quant = getBufferType(
      &context, *quantRoot->header()->inputs()->Get(0)->type(), {}, "input 0");
  ASSERT_FALSE(static_cast<bool>(quant));
  EXPECT_THAT(llvm::toString(quant.takeError()),
              HasSubstr("input 0: quantisation parameters have no buffer "
                        "form"));
}

TEST_F(MappingTest, stridesInElements) {
  Type f16 = Builder(&context).getF16Type();
  llvm::Expected<MemRefType> odd =
      getBufferType({2, 2}, {32, 8}, shape::DimsOrder::fromCode(0x12), f16, {});
  ASSERT_FALSE(static_cast<bool>(odd));
  EXPECT_THAT(llvm::toString(odd.takeError()),
              HasSubstr("stride of 8 bits is not a whole number of elements"));
  llvm::Expected<MemRefType> broadcast =
      getBufferType({2, 2}, {0, 16}, shape::DimsOrder::fromCode(0x12), f16, {});
  ASSERT_FALSE(static_cast<bool>(broadcast));
  EXPECT_THAT(llvm::toString(broadcast.takeError()),
              HasSubstr("zero strides (broadcasting) have no buffer type"));
}

TEST_F(MappingTest, kernelImage) {
  KernelImage image;
  image.symbol = "softmax";
  image.entry = "softmax_fp16";
  image.args = {{KernelArgKind::Input, type("memref<*xf16>")},
                {KernelArgKind::Output, type("memref<1x1000xf16>")},
                {KernelArgKind::Scalar, type("i32")}};
  llvm::Expected<std::vector<uint8_t>> bytes = printKernelImage(image);
  ASSERT_TRUE(static_cast<bool>(bytes)) << llvm::toString(bytes.takeError());
  EXPECT_EQ(std::string(bytes->begin(), bytes->end()),
            "vpuc-kernel-image 1\n"
            "symbol softmax\n"
            "entry softmax_fp16\n"
            "arg in memref<*xf16>\n"
            "arg out memref<1x1000xf16>\n"
            "arg scalar i32\n");
  llvm::Expected<KernelImage> parsed = parseKernelImage(*bytes, &context);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->symbol, "softmax");
  EXPECT_EQ(parsed->entry, "softmax_fp16");
  ASSERT_EQ(parsed->args.size(), 3u);
  EXPECT_EQ(parsed->args[1].kind, KernelArgKind::Output);
  EXPECT_EQ(parsed->args[1].type, image.args[1].type);
  EXPECT_EQ(parsed->args[2].kind, KernelArgKind::Scalar);

  KernelImage empty;
  empty.symbol = "runtime";
  empty.entry = "nnActEntry";
  llvm::Expected<std::vector<uint8_t>> emptyBytes = printKernelImage(empty);
  ASSERT_TRUE(static_cast<bool>(emptyBytes));
  llvm::Expected<KernelImage> emptyParsed =
      parseKernelImage(*emptyBytes, &context);
  ASSERT_TRUE(static_cast<bool>(emptyParsed));
  EXPECT_TRUE(emptyParsed->args.empty());

  KernelImage broken = image;
  broken.entry = "two\nlines";
  llvm::Expected<std::vector<uint8_t>> brokenBytes = printKernelImage(broken);
  ASSERT_FALSE(static_cast<bool>(brokenBytes));
  EXPECT_THAT(llvm::toString(brokenBytes.takeError()),
              HasSubstr("the entry name 'two\\nlines' holds a line break"));
}

TEST_F(MappingTest, kernelImageErrors) {
  auto parseError = [&](llvm::StringRef text) {
    std::vector<uint8_t> bytes(text.begin(), text.end());
    llvm::Expected<KernelImage> image = parseKernelImage(bytes, &context);
    if (image) {
      return std::string("no error");
    }
    return llvm::toString(image.takeError());
  };
  EXPECT_THAT(parseError(std::string(64, '\0')),
              HasSubstr("not a vpuc kernel image"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\nsymbol k\nentry k"),
              HasSubstr("not a vpuc kernel image"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\n"),
              HasSubstr("the symbol and entry lines are missing"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\nentry k\n"),
              HasSubstr("kernel image line 2: unexpected 'entry k'"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\nsymbol k\nentry k\narg "
                         "inout f32\n"),
              HasSubstr("kernel image line 4: unknown argument kind 'inout'"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\nsymbol k\nentry k\narg in "
                         "memref<*xfoo>\n"),
              HasSubstr("kernel image line 4: invalid type 'memref<*xfoo>'"));
  EXPECT_THAT(parseError("vpuc-kernel-image 1\nsymbol \nentry k\n"),
              HasSubstr("kernel image: empty symbol"));
}

TEST_F(MappingTest, upaParamTables) {
  const UpaParamTable *softmax = lookupUpaParamTable("softmax");
  ASSERT_NE(softmax, nullptr);
  EXPECT_EQ(softmax->kind, schema::UpaParams::SoftmaxParams);
  EXPECT_EQ(lookupUpaParamTable(schema::UpaParams::ClampParams)->kernel,
            "clamp");
  EXPECT_EQ(lookupUpaParamTable("relu"), nullptr);
  EXPECT_EQ(lookupUpaParamTable(schema::UpaParams::NONE), nullptr);
  EXPECT_EQ(getUpaParamKernelNames(), "softmax, clamp");

  // Write the clamp table and read it back.
  Builder builder(&context);
  const UpaParamTable *clamp = lookupUpaParamTable("clamp");
  Attribute params[] = {builder.getF32FloatAttr(-1.5f),
                        builder.getF32FloatAttr(6.0f)};
  BlobBuilder blob("VPUX30XX");
  blob.addUpaTask(0, "clamp", {}, {}, {}, "c",
                  clamp->makeWriter(llvm::ArrayRef<Attribute>(params)));
  std::vector<uint8_t> bytes = blob.finish();
  auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
  const schema::UpaLayerTask *task =
      root->task_lists()->Get(0)->tasks()->Get(0)->kind_as_UpaLayerTask();
  llvm::SmallVector<Attribute> read = clamp->read(*task, &context);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0], params[0]);
  EXPECT_EQ(read[1], params[1]);
}

} // namespace
} // namespace mlir::vpuc::blob
