//===- MappingTest.cpp - Tests of the blob <-> IR mappings ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Buffer types through blob tensor types and back, the kernel declarations
// and the UPA parameter tables.
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/KernelDeclaration.h"
#include "backend/mapping/TypeMapping.h"
#include "backend/mapping/UpaParams.h"

#include <set>

#include "kernels/abi/SwKernels.h"

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
           "memref<3xi1>",
           "memref<3xf64>",
           "memref<2x3xi1, strided<[4, 1]>>",
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
  EXPECT_THAT(error("memref<4xcomplex<f32>>"),
              HasSubstr("element type 'complex<f32>' has no blob type"));
  EXPECT_THAT(error("memref<4xi2>"),
              HasSubstr("element type 'i2' has no blob type"));
  EXPECT_THAT(error("memref<?xf16>"),
              HasSubstr("type 'memref<?xf16>' is not a buffer type"));

  // A quantised tensor has no buffer form.
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

TEST_F(MappingTest, boolTakesAByte) {
  // i1 buffers are BOOL tensors of a byte per element.
  llvm::Expected<TensorTypeDesc> desc =
      getTensorTypeDesc(type("memref<2x3xi1>"));
  ASSERT_TRUE(static_cast<bool>(desc)) << llvm::toString(desc.takeError());
  EXPECT_EQ(desc->dtype, schema::DType::BOOL);
  EXPECT_EQ(desc->strides, (std::vector<int64_t>{24, 8}));
  llvm::Expected<Type> back = getElementType(&context, schema::DType::BOOL);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_TRUE(back->isInteger(1));
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

TEST_F(MappingTest, kernelDeclarationRoundTrip) {
  KernelDecl decl;
  decl.symbol = "softmax";
  decl.entry = "softmax_fp16";
  decl.args = {{KernelArgKind::Input, type("memref<*xf16>")},
               {KernelArgKind::Output, type("memref<1x1000xf16>")},
               {KernelArgKind::Scalar, type("i32")}};
  KernelDeclarationDesc desc = toDeclarationDesc(decl);
  ASSERT_EQ(desc.args.size(), 3u);
  EXPECT_EQ(desc.args[1].first, schema::KernelArgRole::OUTPUT);
  EXPECT_EQ(desc.args[1].second, "memref<1x1000xf16>");
  EXPECT_EQ(desc.args[2].second, "i32");
  // Through the builder's table and back.
  BlobBuilder builder("VPUX37XX");
  builder.addActKernel("softmax_fp16", std::nullopt, desc);
  std::vector<uint8_t> bytes = builder.finish();
  auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
  const schema::KernelDeclaration *table =
      root->act_kernels()->Get(0)->declaration();
  ASSERT_NE(table, nullptr);
  llvm::Expected<KernelDecl> read = readDeclaration(*table, &context);
  ASSERT_TRUE(static_cast<bool>(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->symbol, "softmax");
  EXPECT_EQ(read->entry, "softmax_fp16");
  ASSERT_EQ(read->args.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(read->args[i].kind, decl.args[i].kind);
    EXPECT_EQ(read->args[i].type, decl.args[i].type);
  }
}

TEST_F(MappingTest, kernelDeclarationErrors) {
  auto readError =
      [&](std::vector<std::pair<schema::KernelArgRole, std::string>> args) {
        BlobBuilder builder("VPUX37XX");
        builder.addActKernel("k", std::nullopt, {{"k", "k", std::move(args)}});
        std::vector<uint8_t> bytes = builder.finish();
        auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
        llvm::Expected<KernelDecl> read = readDeclaration(
            *root->act_kernels()->Get(0)->declaration(), &context);
        return read ? std::string("no error")
                    : llvm::toString(read.takeError());
      };
  EXPECT_EQ(readError({{schema::KernelArgRole::INPUT, "memref<*xfoo>"}}),
            "argument 0 of declaration 'k': invalid type 'memref<*xfoo>'");
  EXPECT_EQ(readError({{schema::KernelArgRole::SCALAR, "i32 trailing"}}),
            "argument 0 of declaration 'k': invalid type 'i32 trailing'");
  EXPECT_EQ(readError({{schema::KernelArgRole::SCALAR, "i32"},
                       {schema::KernelArgRole::OUTPUT, "f16"}}),
            "argument 1 of declaration 'k': the scalar type 'f16' has the "
            "role OUTPUT");
  EXPECT_EQ(readError({{schema::KernelArgRole::SCALAR, "memref<4xf16>"}}),
            "argument 0 of declaration 'k': the buffer type 'memref<4xf16>' "
            "has the role SCALAR");
  EXPECT_EQ(readError({}), "no error");
}

/// The scalars of library kernel `decl`, with distinct values inside their
/// ranges: flags alternate, per-dim arrays end in zeros.
llvm::SmallVector<Attribute> getSampleScalars(const abi::KernelDecl &decl,
                                              MLIRContext *context) {
  Builder builder(context);
  llvm::SmallVector<Attribute> scalars;
  int64_t next = 2;
  for (const abi::ScalarDecl &scalar :
       llvm::ArrayRef(decl.scalars, decl.numScalars)) {
    for (uint32_t i = 0; i < scalar.count; ++i, ++next) {
      bool zero = scalar.count > 1 && i >= 5;
      if (scalar.kind == abi::ArgKind::F32) {
        scalars.push_back(builder.getF32FloatAttr(zero ? 0.0f : next + 0.25f));
      } else if (zero) {
        scalars.push_back(builder.getI32IntegerAttr(0));
      } else {
        // In uint64: a scalar over the whole int64 range has span 2^64 (0).
        uint64_t span = static_cast<uint64_t>(scalar.max) -
                        static_cast<uint64_t>(scalar.min) + 1;
        int64_t value = span != 0 && span < 1000
                            ? scalar.min + static_cast<int64_t>(next % span)
                            : -next;
        scalars.push_back(
            builder.getI32IntegerAttr(static_cast<int32_t>(value)));
      }
    }
  }
  return scalars;
}

class UpaParamsTest : public MappingTest {
protected:
  /// A blob with one UPA layer of `kernel` whose table `writer` writes.
  const schema::UpaLayerTask *writeTask(llvm::StringRef kernel,
                                        UpaParamsWriter writer) {
    BlobBuilder blob("VPUX30XX");
    blob.addUpaTask(0, kernel, {}, {}, {}, "t", std::move(writer));
    bytes = blob.finish();
    auto root = flatbuffers::GetRoot<schema::Blob>(bytes.data());
    return root->task_lists()->Get(0)->tasks()->Get(0)->kind_as_UpaLayerTask();
  }

  /// Writes `scalars` of `kernel` and reads them back.
  llvm::SmallVector<Attribute> roundTrip(llvm::StringRef kernel,
                                         llvm::ArrayRef<Attribute> scalars) {
    llvm::Expected<UpaParamsWriter> writer =
        makeUpaParamsWriter(kernel, scalars);
    if (!writer) {
      ADD_FAILURE() << kernel.str() << ": "
                    << llvm::toString(writer.takeError());
      return {};
    }
    const schema::UpaLayerTask *task = writeTask(kernel, *writer);
    llvm::Expected<llvm::SmallVector<Attribute>> read =
        readUpaParams(*task, &context);
    if (!read) {
      ADD_FAILURE() << kernel.str() << ": " << llvm::toString(read.takeError());
      return {};
    }
    return *read;
  }

  std::string readError(const schema::UpaLayerTask &task) {
    llvm::Expected<llvm::SmallVector<Attribute>> read =
        readUpaParams(task, &context);
    if (read) {
      return "no error";
    }
    return llvm::toString(read.takeError());
  }

  std::vector<uint8_t> bytes;
};

TEST_F(UpaParamsTest, scalarTypes) {
  EXPECT_EQ(getKernelScalarTypeNames("softmax"),
            llvm::SmallVector<std::string>({"i32"}));
  EXPECT_EQ(getKernelScalarTypeNames("clamp"),
            llvm::SmallVector<std::string>({"f32", "f32"}));
  EXPECT_EQ(getKernelScalarTypeNames("relu"), llvm::SmallVector<std::string>());
  EXPECT_EQ(getKernelScalarTypeNames("nonexistent"), std::nullopt);
  EXPECT_EQ(getKernelScalarTypeNames("interpolate")->size(), 31u);
}

TEST_F(UpaParamsTest, everyKernelRoundTrips) {
  Builder builder(&context);
  size_t withScalars = 0;
  for (const abi::KernelDecl &decl : abi::kSwKernels) {
    if (decl.numScalars == 0) {
      continue;
    }
    ++withScalars;
    llvm::SmallVector<Attribute> sample = getSampleScalars(decl, &context);
    EXPECT_EQ(roundTrip(decl.name, sample), sample) << decl.name;
    // Zeros, written although some fields default to other values.
    llvm::SmallVector<Attribute> zeros;
    for (Attribute attr : sample) {
      zeros.push_back(llvm::isa<FloatAttr>(attr)
                          ? Attribute(builder.getF32FloatAttr(0.0f))
                          : Attribute(builder.getI32IntegerAttr(0)));
    }
    EXPECT_EQ(roundTrip(decl.name, zeros), zeros) << decl.name;
  }
  EXPECT_EQ(withScalars, 41u);
  // -0.0 is not the default 0.0.
  Attribute clamp[] = {builder.getF32FloatAttr(-0.0f),
                       builder.getF32FloatAttr(0.0f)};
  llvm::SmallVector<Attribute> read = roundTrip("clamp", clamp);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_TRUE(llvm::cast<FloatAttr>(read[0]).getValue().isNegZero());
}

TEST_F(UpaParamsTest, writerErrors) {
  Builder builder(&context);
  auto writeError = [&](llvm::StringRef kernel,
                        llvm::ArrayRef<Attribute> scalars) -> std::string {
    llvm::Expected<UpaParamsWriter> writer =
        makeUpaParamsWriter(kernel, scalars);
    if (writer) {
      return "no error";
    }
    return llvm::toString(writer.takeError());
  };
  Attribute cumsum[] = {builder.getI32IntegerAttr(0),
                        builder.getI32IntegerAttr(2),
                        builder.getI32IntegerAttr(0)};
  EXPECT_EQ(writeError("cumsum", cumsum),
            "UPA parameters of kernel 'cumsum': scalar 'exclusive' is a flag, "
            "got 2");
  EXPECT_EQ(writeError("cumsum", llvm::ArrayRef(cumsum).take_front(2)),
            "kernel 'cumsum' takes 3 scalars, not 2");
  Attribute clamp[] = {builder.getI32IntegerAttr(0),
                       builder.getF32FloatAttr(1)};
  EXPECT_EQ(writeError("clamp", clamp),
            "scalar #0 of kernel 'clamp': expected an f32 value");
  EXPECT_EQ(writeError("nonexistent", {}),
            "the kernel library has no kernel 'nonexistent'");
}

TEST_F(UpaParamsTest, readerErrors) {
  // A qmin in a dequantize.
  const schema::UpaLayerTask *task =
      writeTask("dequantize", [](flatbuffers::FlatBufferBuilder &fbb) {
        return std::make_pair(
            schema::UpaParams::QuantizeParams,
            schema::CreateQuantizeParams(fbb, 1, -128).Union());
      });
  EXPECT_EQ(readError(*task),
            "UPA layer of kernel 'dequantize': field 'qmin' is not an argument "
            "of the kernel and must keep its default");
  // A per-dim vector of 9 entries.
  task = writeTask("transpose", [](flatbuffers::FlatBufferBuilder &fbb) {
    std::vector<int32_t> perm(9, 0);
    return std::make_pair(
        schema::UpaParams::TransposeParams,
        schema::CreateTransposeParamsDirect(fbb, &perm).Union());
  });
  EXPECT_EQ(readError(*task), "UPA layer of kernel 'transpose': field 'perm' "
                              "has 9 entries, more than the 8 dims");
  // Another kernel's table, and none.
  task = writeTask("softmax", clampParams(0, 1));
  EXPECT_EQ(readError(*task), "UPA layer of kernel 'softmax' has parameters "
                              "ClampParams, the kernel takes SoftmaxParams");
  task = writeTask("softmax", nullptr);
  EXPECT_EQ(readError(*task), "UPA layer of kernel 'softmax' has parameters "
                              "NONE, the kernel takes SoftmaxParams");
  // A kernel the library does not have.
  task = writeTask("nonexistent", clampParams(0, 1));
  EXPECT_EQ(readError(*task), "UPA layer 'nonexistent': its parameters "
                              "ClampParams belong to no kernel of the library");
  task = writeTask("nonexistent", nullptr);
  EXPECT_EQ(readError(*task), "no error");
}

} // namespace
} // namespace mlir::vpuc::blob
