//===- BlobTest.cpp - Tests of loadBlob and BlobBuilder -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A full blob round trip, then one test per check of loadBlob: each breaks
// one rule of blob.fbs and expects the message naming it.
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"

#include <functional>

#include "backend/blob/BlobBuilder.h"
#include "backend/blob/TensorLayout.h"
#include "backend/blob/unittests/TestBlobs.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

using testing::FullBlob;
using ::testing::HasSubstr;
using testing::makeFullBuilder;

/// The error message of loading `bytes` ("" when it loads).
std::string loadError(const std::vector<uint8_t> &bytes) {
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  if (file) {
    return "";
  }
  return llvm::toString(file.takeError());
}

std::string loadError(const BlobBuilder &builder) {
  return loadError(builder.finish());
}

//===----------------------------------------------------------------------===//
// Round trip
//===----------------------------------------------------------------------===//

TEST(BlobTest, fullBlobRoundTrip) {
  FullBlob parts;
  BlobBuilder builder = makeFullBuilder(&parts);
  std::vector<uint8_t> bytes = builder.finish();
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  const schema::Blob &blob = file->get();
  const schema::Header &header = *blob.header();
  EXPECT_EQ(header.version()->major(), kSchemaMajor);
  EXPECT_EQ(header.version()->minor(), kSchemaMinor);
  EXPECT_EQ(header.arch()->str(), "VPUX37XX");
  EXPECT_EQ(header.name()->str(), "full");
  EXPECT_EQ(header.resources()->dma_ports(), 2u);
  ASSERT_EQ(header.inputs()->size(), 1u);
  EXPECT_EQ(header.inputs()->Get(0)->name()->str(), "x");
  EXPECT_EQ(header.inputs()->Get(0)->type()->dims_order(),
            shape::DimsOrder::NHWC.code());

  // Region sizes.
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::NETWORK_INPUT, 0),
            256u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::NETWORK_INPUT, 1), 0u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::CMX_NN, 1), 65536u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::CMX_NN, 2), 0u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::DDR_SCRATCH, 0), 4096u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::CONSTANT, 0), 64u);
  EXPECT_EQ(file->getRegionSize(schema::MemoryLocation::KERNEL_DATA, 1), 160u);

  // Constants and kernel data are 32-byte aligned in memory.
  EXPECT_EQ(reinterpret_cast<uintptr_t>(blob.constants()->data()) % 32, 0u);
  EXPECT_EQ(
      reinterpret_cast<uintptr_t>(blob.kernel_data()->Get(1)->data()->data()) %
          32,
      0u);

  // Barrier counts derived from the tasks.
  EXPECT_EQ(blob.barriers()->Get(parts.barrier0)->producer_count(), 1u);
  EXPECT_EQ(blob.barriers()->Get(parts.barrier0)->consumer_count(), 1u);
  EXPECT_EQ(blob.barriers()->Get(parts.barrier2)->physical_id(), 0u);

  // Task lists sorted by executor: DMA0, DMA1, ACT0.0, UPA0.
  ASSERT_EQ(blob.task_lists()->size(), 4u);
  EXPECT_EQ(getExecutorName(*blob.task_lists()->Get(0)), "DMA0");
  EXPECT_EQ(getExecutorName(*blob.task_lists()->Get(1)), "DMA1");
  EXPECT_EQ(getExecutorName(*blob.task_lists()->Get(2)), "ACT0.0");
  EXPECT_EQ(getExecutorName(*blob.task_lists()->Get(3)), "UPA0");
  const schema::Task &dma = *blob.task_lists()->Get(0)->tasks()->Get(1);
  EXPECT_EQ(dma.location()->str(), "y/copy");
  EXPECT_EQ(dma.kind_as_DmaTask()->src(), parts.cmxOut);

  // The bytes survive a file round trip.
  EXPECT_EQ(file->getBytes().vec(), bytes);
}

TEST(BlobTest, upaParamsAndQuant) {
  BlobBuilder builder = makeFullBuilder();
  TensorTypeDesc quant = tensorType(schema::DType::U8, {2, 3});
  quant.scales = {0.5f, 0.25f, 1.0f};
  quant.zeroPoints = {1, 2, 3};
  quant.quantAxis = 1;
  builder.addTensor("q", schema::MemoryLocation::DDR_SCRATCH, 0, 0, quant);
  uint32_t t = builder.addTensor("s", schema::MemoryLocation::DDR_SCRATCH, 0,
                                 1024, tensorType(schema::DType::F16, {4, 4}));
  uint32_t u = builder.addTensor("u", schema::MemoryLocation::DDR_SCRATCH, 0,
                                 2048, tensorType(schema::DType::F16, {4, 4}));
  builder.addUpaTask(1, "softmax", {t}, {u}, {}, "sm", softmaxParams(1), 2);
  std::vector<uint8_t> bytes = builder.finish();
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  const schema::TaskList &upa = *file->get().task_lists()->Get(4);
  EXPECT_EQ(getExecutorName(upa), "UPA1");
  const schema::UpaLayerTask *task =
      upa.tasks()->Get(0)->kind_as_UpaLayerTask();
  ASSERT_NE(task, nullptr);
  EXPECT_EQ(task->kernel()->str(), "softmax");
  EXPECT_EQ(task->max_shaves(), 2u);
  ASSERT_NE(task->params_as_SoftmaxParams(), nullptr);
  EXPECT_EQ(task->params_as_SoftmaxParams()->axis(), 1);
}

//===----------------------------------------------------------------------===//
// File-level checks
//===----------------------------------------------------------------------===//

TEST(BlobTest, rejectsNonBlobs) {
  EXPECT_THAT(loadError({}), HasSubstr("not a vpuc blob: 0 bytes are too few"));
  std::vector<uint8_t> bytes = makeFullBuilder().finish();
  bytes[4] = 'X';
  EXPECT_THAT(loadError(bytes),
              HasSubstr("file identifier 'XPUB', expected 'VPUB'"));
  std::vector<uint8_t> text(64, '\n');
  EXPECT_THAT(loadError(text), HasSubstr("not a vpuc blob: file identifier '"));
}

TEST(BlobTest, checksVersion) {
  BlobBuilder major = makeFullBuilder();
  major.setVersion(3, 0);
  EXPECT_THAT(loadError(major),
              HasSubstr("unsupported blob schema version 3.0: this reader "
                        "reads 2.0 to 2.8"));
  BlobBuilder minor = makeFullBuilder();
  minor.setVersion(2, 9);
  EXPECT_THAT(loadError(minor),
              HasSubstr("unsupported blob schema version 2.9"));
  // 1.x blobs have other UPA parameter tables.
  BlobBuilder old = makeFullBuilder();
  old.setVersion(1, 3);
  EXPECT_THAT(loadError(old), HasSubstr("version 1.3"));
}

TEST(BlobTest, constantsWithTheSameBytesAreStoredOnce) {
  BlobBuilder builder = makeFullBuilder();
  const std::vector<uint8_t> a(100, 1), b(100, 2);
  uint64_t first = builder.addConstant(a, 64);
  EXPECT_EQ(first % 64, 0u);
  EXPECT_EQ(builder.addConstant(a, 64), first);
  EXPECT_EQ(builder.addConstant(a, 32), first);
  uint64_t other = builder.addConstant(b, 64);
  EXPECT_NE(other, first);
  EXPECT_EQ(builder.addConstant(b, 64), other);
  // A block at a multiple of 64 is not at one of a larger alignment unless
  // its offset happens to be: a stricter request may take a copy of its own.
  uint64_t strict = builder.addConstant(b, 4096);
  EXPECT_EQ(strict % 4096, 0u);
  std::vector<uint8_t> bytes = builder.finish();
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  const auto *constants = file->get().constants();
  ASSERT_NE(constants, nullptr);
  EXPECT_EQ(constants->Get(first + 99), 1);
  EXPECT_EQ(constants->Get(other + 99), 2);
}

TEST(BlobTest, readsAndWritesFiles) {
  std::string path = ::testing::TempDir() + "/round_trip.blob";
  std::vector<uint8_t> bytes = makeFullBuilder().finish();
  ASSERT_FALSE(static_cast<bool>(writeBlobFile(path, bytes)));
  llvm::Expected<BlobFile> file = readBlobFile(path);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(file->getBytes().size(), bytes.size());
  llvm::Expected<BlobFile> missing = readBlobFile(path + ".missing");
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_THAT(llvm::toString(missing.takeError()),
              HasSubstr("round_trip.blob.missing: No such file"));
}

//===----------------------------------------------------------------------===//
// Header and tensors
//===----------------------------------------------------------------------===//

TEST(BlobTest, checksHeader) {
  BlobBuilder noArch = makeFullBuilder();
  noArch = BlobBuilder("");
  EXPECT_THAT(loadError(noArch), HasSubstr("invalid blob: header: empty arch"));

  BlobBuilder duplicate = makeFullBuilder();
  duplicate.addInput("x", tensorType(schema::DType::F32, {2}));
  EXPECT_THAT(loadError(duplicate),
              HasSubstr("network input 1 'x': duplicate name"));

  BlobBuilder unnamed = makeFullBuilder();
  unnamed.addOutput("", tensorType(schema::DType::F32, {2}));
  EXPECT_THAT(loadError(unnamed), HasSubstr("network output 1: empty name"));

  BlobBuilder broadcast = makeFullBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F32, {2, 3});
  type.strides = {0, 32};
  broadcast.addOutput("z", type);
  EXPECT_THAT(loadError(broadcast),
              HasSubstr("network output 1 'z': elements overlap"));
}

TEST(BlobTest, f64NeedsSchema25) {
  BlobBuilder current = makeFullBuilder();
  current.addInput("wide", tensorType(schema::DType::F64, {2, 3}));
  EXPECT_EQ(loadError(current), "");
  BlobBuilder old = makeFullBuilder();
  old.addInput("wide", tensorType(schema::DType::F64, {2, 3}));
  old.setVersion(2, 4);
  EXPECT_THAT(loadError(old),
              HasSubstr("network input 1 'wide': element type f64 needs schema "
                        "2.5, the blob says 2.4"));
  BlobBuilder oldTensor = makeFullBuilder();
  oldTensor.addTensor("t", schema::MemoryLocation::DDR_SCRATCH, 0, 0,
                      tensorType(schema::DType::F64, {2}));
  oldTensor.setVersion(2, 4);
  EXPECT_THAT(loadError(oldTensor),
              HasSubstr("element type f64 needs schema 2.5"));
}

/// A blob with one extra tensor of `type` at `offset` of `location`[index].
std::string tensorError(schema::MemoryLocation location, uint32_t index,
                        uint64_t offset, const TensorTypeDesc &type) {
  BlobBuilder builder = makeFullBuilder();
  builder.addTensor("t", location, index, offset, type);
  return loadError(builder);
}

TEST(BlobTest, checksTensorLayouts) {
  auto ddr = schema::MemoryLocation::DDR_SCRATCH;
  TensorTypeDesc good = tensorType(schema::DType::F16, {2, 3});
  EXPECT_EQ(tensorError(ddr, 0, 0, good), "");

  TensorTypeDesc dtype = good;
  dtype.dtype = schema::DType::UNDEFINED;
  EXPECT_THAT(tensorError(ddr, 0, 0, dtype),
              HasSubstr("tensor 6 't': unknown element type undefined"));
  dtype.dtype = static_cast<schema::DType>(77);
  EXPECT_THAT(tensorError(ddr, 0, 0, dtype),
              HasSubstr("unknown element type dtype(77)"));

  TensorTypeDesc rank =
      tensorType(schema::DType::U8, std::vector<int64_t>(9, 1));
  rank.order = shape::DimsOrder::NCHW;
  rank.strides = std::vector<int64_t>(9, 8);
  EXPECT_THAT(tensorError(ddr, 0, 0, rank),
              HasSubstr("rank 9 is above the maximum of 8"));

  TensorTypeDesc strides = good;
  strides.strides = {16};
  EXPECT_THAT(tensorError(ddr, 0, 0, strides),
              HasSubstr("1 strides for rank 2"));

  TensorTypeDesc order = good;
  order.order = shape::DimsOrder::NCHW;
  EXPECT_THAT(
      tensorError(ddr, 0, 0, order),
      HasSubstr("dims order NCHW has rank 4 but the tensor has rank 2"));

  TensorTypeDesc negative = good;
  negative.dims = {-1, 3};
  negative.strides = {48, 16};
  EXPECT_THAT(tensorError(ddr, 0, 0, negative),
              HasSubstr("dimension 0 size -1 out of range"));

  TensorTypeDesc negativeStride = good;
  negativeStride.strides = {-48, 16};
  EXPECT_THAT(tensorError(ddr, 0, 0, negativeStride),
              HasSubstr("stride -48 bits of dimension 0 out of range"));

  TensorTypeDesc bits = good;
  bits.strides = {52, 16};
  EXPECT_THAT(tensorError(ddr, 0, 0, bits),
              HasSubstr("stride 52 bits of memory dimension 0 is not a whole "
                        "number of bytes"));

  TensorTypeDesc swapped = good;
  swapped.strides = {16, 32};
  EXPECT_THAT(
      tensorError(ddr, 0, 0, swapped),
      HasSubstr("strides [16, 32] bits do not follow the dims order NC"));

  TensorTypeDesc huge = tensorType(schema::DType::U8, {4, 2});
  huge.strides = {int64_t(1) << 51, 8};
  EXPECT_THAT(tensorError(ddr, 0, 0, huge),
              HasSubstr("the layout spans more than 2^48 bytes"));

  TensorTypeDesc many = tensorType(schema::DType::U8, {1 << 30, 1 << 30});
  many.strides = {0, 0};
  EXPECT_THAT(tensorError(ddr, 0, 0, many),
              HasSubstr("more than 2^48 elements"));

  TensorTypeDesc quant = tensorType(schema::DType::U8, {2, 3});
  quant.scales = {1.0f, 2.0f};
  quant.quantAxis = 1;
  EXPECT_THAT(tensorError(ddr, 0, 0, quant),
              HasSubstr("2 quantisation scales, expected 3"));
  quant.quantAxis = 2;
  EXPECT_THAT(tensorError(ddr, 0, 0, quant),
              HasSubstr("quantisation axis 2 out of range for rank 2"));
  quant.scales = {1.0f};
  quant.quantAxis = -1;
  quant.zeroPoints = {1, 2};
  EXPECT_THAT(tensorError(ddr, 0, 0, quant),
              HasSubstr("2 zero points for 1 scales"));
}

TEST(BlobTest, checksTensorRegions) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {2, 3});
  EXPECT_THAT(tensorError(schema::MemoryLocation::NONE, 0, 0, type),
              HasSubstr("invalid memory location NONE"));
  EXPECT_THAT(tensorError(static_cast<schema::MemoryLocation>(40), 0, 0, type),
              HasSubstr("invalid memory location location(40)[0]"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::CMX_NN, 2, 0, type),
              HasSubstr("the blob has no region CMX_NN[2]"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::NETWORK_INPUT, 1, 0, type),
              HasSubstr("no region NETWORK_INPUT[1]"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::KERNEL_DATA, 9, 0, type),
              HasSubstr("no region KERNEL_DATA[9]"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::DDR_SCRATCH, 1, 0, type),
              HasSubstr("no region DDR_SCRATCH"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::DDR_SCRATCH, 0, 4090, type),
              HasSubstr("tensor 6 't': 12 bytes at offset 4090 lie outside "
                        "DDR_SCRATCH of 4096 bytes"));
  EXPECT_THAT(tensorError(schema::MemoryLocation::CONSTANT, 0, ~0ull, type),
              HasSubstr("lie outside CONSTANT of 64 bytes"));
  EXPECT_EQ(tensorError(schema::MemoryLocation::DDR_SCRATCH, 0, 4084, type),
            "");
  // An empty tensor fits anywhere.
  EXPECT_EQ(tensorError(schema::MemoryLocation::DDR_SCRATCH, 0, ~0ull,
                        tensorType(schema::DType::F16, {0, 3})),
            "");
}

//===----------------------------------------------------------------------===//
// Barriers, kernels, task lists
//===----------------------------------------------------------------------===//

TEST(BlobTest, checksBarriers) {
  BlobBuilder builder = makeFullBuilder();
  builder.addBarrier(2);
  EXPECT_THAT(loadError(builder),
              HasSubstr("barrier 3: physical id 2 out of range (the blob uses "
                        "2 physical barriers)"));
}

TEST(BlobTest, checksTaskBarriers) {
  FullBlob p;
  BlobBuilder outOfRange = makeFullBuilder(&p);
  outOfRange.addDmaTask(1, p.inputTensor, p.cmxIn, {{17}, {}}, "late");
  EXPECT_THAT(loadError(outOfRange),
              HasSubstr("task list DMA1, task 1 'late': wait barrier 17 out of "
                        "range (the blob has 3 barriers)"));
  BlobBuilder update = makeFullBuilder(&p);
  update.addDmaTask(1, p.inputTensor, p.cmxIn, {{}, {3}}, "late");
  EXPECT_THAT(loadError(update), HasSubstr("update barrier 3 out of range"));
  BlobBuilder twice = makeFullBuilder(&p);
  twice.addDmaTask(1, p.inputTensor, p.cmxIn, {{1, 1}, {}}, "late");
  EXPECT_THAT(loadError(twice), HasSubstr("waits twice on barrier 1"));
  BlobBuilder twiceUpdate = makeFullBuilder(&p);
  twiceUpdate.addDmaTask(1, p.inputTensor, p.cmxIn, {{}, {2, 2}}, "late");
  EXPECT_THAT(loadError(twiceUpdate), HasSubstr("updates barrier 2 twice"));
  BlobBuilder both = makeFullBuilder(&p);
  both.addDmaTask(1, p.inputTensor, p.cmxIn, {{1}, {1}}, "late");
  EXPECT_THAT(loadError(both),
              HasSubstr("both waits on and updates barrier 1"));
}

TEST(BlobTest, checksDmaTasks) {
  FullBlob p;
  auto dmaError = [&](std::function<void(BlobBuilder &)> change) {
    BlobBuilder builder = makeFullBuilder(&p);
    change(builder);
    return loadError(builder);
  };
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                b.addDmaTask(1, 99, p.cmxIn, {}, "bad");
              }),
              HasSubstr("task list DMA1, task 1 'bad' source: tensor 99 out of "
                        "range (the blob has 6 tensors)"));
  EXPECT_THAT(
      dmaError([&](BlobBuilder &b) { b.addDmaTask(1, p.cmxIn, 6, {}, "bad"); }),
      HasSubstr("destination: tensor 6 out of range"));
  EXPECT_THAT(
      dmaError([&](BlobBuilder &b) {
        b.addDmaTask(1, p.constTensor, p.cmxIn, {}, "bad");
      }),
      HasSubstr("DMA from u8 64 C to f16 1x8x4x4 NHWC changes the dims"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                uint32_t f32 =
                    b.addTensor("f", schema::MemoryLocation::CMX_NN, 1, 0,
                                tensorType(schema::DType::F32, {1, 8, 4, 4},
                                           shape::DimsOrder::NHWC));
                b.addDmaTask(1, p.cmxIn, f32, {}, "bad");
              }),
              HasSubstr("converts the element type, which schema 1.0 DMAs "
                        "cannot do"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                b.addDmaTask(1, p.ddrTensor, p.constTensor, {}, "bad");
              }),
              HasSubstr("destination: tensor 4 is written but lies in "
                        "read-only CONSTANT"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                b.addDmaTask(1, p.cmxIn, p.inputTensor, {}, "bad");
              }),
              HasSubstr("lies in read-only NETWORK_INPUT[0]"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                TensorTypeDesc broadcast = tensorType(schema::DType::U8, {64});
                broadcast.strides = {0};
                uint32_t t = b.addTensor(
                    "b", schema::MemoryLocation::DDR_SCRATCH, 0, 0, broadcast);
                b.addDmaTask(1, p.constTensor, t, {}, "bad");
              }),
              HasSubstr("is written but its elements overlap (u8 64 C strides "
                        "[0] bits)"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                uint32_t t =
                    b.addTensor("o", schema::MemoryLocation::DDR_SCRATCH, 0,
                                160, tensorType(schema::DType::U8, {64}));
                b.addDmaTask(1, p.ddrTensor, t, {}, "bad");
              }),
              HasSubstr("DMA source and destination overlap in DDR_SCRATCH"));
  EXPECT_THAT(dmaError([&](BlobBuilder &b) {
                TensorTypeDesc i4 = tensorType(schema::DType::I4, {2, 8});
                uint32_t a = b.addTensor(
                    "a", schema::MemoryLocation::DDR_SCRATCH, 0, 0, i4);
                i4.order = shape::DimsOrder::CN;
                uint32_t c = b.addTensor(
                    "c", schema::MemoryLocation::DDR_SCRATCH, 0, 64, i4);
                b.addDmaTask(1, a, c, {}, "bad");
              }),
              HasSubstr("a DMA of i4 elements must copy between identical "
                        "compact layouts"));
  // A permuting DMA and a broadcasting source are fine.
  EXPECT_EQ(dmaError([&](BlobBuilder &b) {
              uint32_t nchw =
                  b.addTensor("nchw", schema::MemoryLocation::CMX_NN, 1, 0,
                              tensorType(schema::DType::F16, {1, 8, 4, 4}));
              b.addDmaTask(1, p.cmxIn, nchw, {}, "permute");
              TensorTypeDesc broadcast = tensorType(schema::DType::U8, {64});
              broadcast.strides = {0};
              uint32_t t = b.addTensor("b", schema::MemoryLocation::CONSTANT, 0,
                                       0, broadcast);
              b.addDmaTask(1, t, p.ddrTensor, {}, "broadcast");
            }),
            "");
}

TEST(BlobTest, checksBroadcastDmas) {
  FullBlob p;
  const TensorTypeDesc type =
      tensorType(schema::DType::F16, {1, 8, 4, 4}, shape::DimsOrder::NHWC);
  // `change` adds a broadcast DMA of the network input into x_cmx (CMX_NN[0]
  // at 0) and into the tensor it returns.
  auto broadcastError = [&](std::function<uint32_t(BlobBuilder &)> change,
                            uint16_t minor = kSchemaMinor) {
    BlobBuilder builder = makeFullBuilder(&p);
    uint32_t copy = change(builder);
    builder.addDmaTask(1, p.inputTensor, p.cmxIn, {}, "load", {copy});
    builder.setVersion(kSchemaMajor, minor);
    return loadError(builder);
  };
  auto inCluster1 = [&](uint64_t offset, TensorTypeDesc layout) {
    return [=](BlobBuilder &b) {
      return b.addTensor("copy", schema::MemoryLocation::CMX_NN, 1, offset,
                         layout);
    };
  };
  EXPECT_EQ(broadcastError(inCluster1(0, type)), "");
  EXPECT_THAT(broadcastError(inCluster1(0, type), 6),
              HasSubstr("task list DMA1, task 1 'load': a broadcast DMA needs "
                        "schema 2.7, the blob says 2.6"));
  EXPECT_THAT(broadcastError(inCluster1(64, type)),
              HasSubstr("broadcast destination 6 (f16 1x8x4x4 NHWC at offset "
                        "64) is not the destination's layout at its offset "
                        "(f16 1x8x4x4 NHWC at offset 0)"));
  EXPECT_THAT(broadcastError(
                  inCluster1(0, tensorType(schema::DType::F16, {1, 8, 4, 4}))),
              HasSubstr("is not the destination's layout at its offset"));
  EXPECT_THAT(broadcastError([&](BlobBuilder &) { return p.cmxOut; }),
              HasSubstr("the DMA already writes the CMX of cluster 0"));
  EXPECT_THAT(broadcastError([&](BlobBuilder &) { return p.ddrTensor; }),
              HasSubstr("broadcast destination 5 is in DDR_SCRATCH, not in "
                        "the CMX of a cluster"));
  EXPECT_THAT(broadcastError([&](BlobBuilder &) { return 99u; }),
              HasSubstr("broadcast destination 99: tensor 99 out of range"));
  // The first destination must be in CMX too.
  BlobBuilder ddrFirst = makeFullBuilder(&p);
  uint32_t copy = inCluster1(0, type)(ddrFirst);
  uint32_t ddr = ddrFirst.addTensor("ddr", schema::MemoryLocation::DDR_SCRATCH,
                                    0, 1024, type);
  ddrFirst.addDmaTask(1, p.inputTensor, ddr, {}, "load", {copy});
  EXPECT_THAT(loadError(ddrFirst),
              HasSubstr("a broadcast DMA writes CMX, but its destination is "
                        "in DDR_SCRATCH"));
}

TEST(BlobTest, checksActKernels) {
  FullBlob p;
  BlobBuilder badText = makeFullBuilder(&p);
  badText.addActKernel("k", KernelDataRef{0, 8, 16});
  EXPECT_THAT(loadError(badText),
              HasSubstr("act kernel 1 'k' text: bytes [8, +16) lie outside "
                        "kernel data 0 of 16 bytes"));
  BlobBuilder badBuffer = makeFullBuilder(&p);
  badBuffer.addActKernel("k", KernelDataRef{5, 0, 0});
  EXPECT_THAT(loadError(badBuffer),
              HasSubstr("act kernel 1 'k' text: kernel data buffer 5 out of "
                        "range (the blob has 2)"));
  BlobBuilder unnamed = makeFullBuilder(&p);
  unnamed.addActKernel("", KernelDataRef{0, 0, 16});
  EXPECT_THAT(loadError(unnamed), HasSubstr("act kernel 1: empty name"));
  BlobBuilder kernel = makeFullBuilder(&p);
  kernel.addActInvocation(3, 0, {1, 0, 128});
  EXPECT_THAT(loadError(kernel),
              HasSubstr("act invocation 1: kernel 3 out of range (the blob has "
                        "1 act kernels)"));
  BlobBuilder tile = makeFullBuilder(&p);
  tile.addActInvocation(0, 2, {1, 0, 128});
  EXPECT_THAT(loadError(tile),
              HasSubstr("act invocation 1: tile 2 out of range"));
  BlobBuilder args = makeFullBuilder(&p);
  args.addActInvocation(0, 1, {1, 0, 128}, 128);
  EXPECT_THAT(loadError(args),
              HasSubstr("act invocation 1: args offset 128 outside its data "
                        "of 128 bytes"));
  BlobBuilder stacks = makeFullBuilder(&p);
  stacks.setActRuntime({1024});
  EXPECT_THAT(loadError(stacks),
              HasSubstr("act runtime: 1 stack sizes for 2 clusters"));
  BlobBuilder zero = makeFullBuilder(&p);
  zero.setActRuntime({1024, 0});
  EXPECT_THAT(loadError(zero), HasSubstr("act runtime: zero stack size"));
  BlobBuilder withCode = makeFullBuilder(&p);
  withCode.setActRuntime({1024, 1024}, KernelDataRef{0, 4, 8});
  std::vector<uint8_t> withCodeBytes = withCode.finish();
  llvm::Expected<BlobFile> withCodeFile = loadBlob(withCodeBytes);
  ASSERT_TRUE(static_cast<bool>(withCodeFile))
      << llvm::toString(withCodeFile.takeError());
  const schema::KernelDataReference *runtimeCode =
      withCodeFile->get().act_runtime()->code();
  ASSERT_NE(runtimeCode, nullptr);
  EXPECT_EQ(runtimeCode->offset(), 4u);
  EXPECT_EQ(runtimeCode->size(), 8u);
  BlobBuilder code = makeFullBuilder(&p);
  code.setActRuntime({1024, 1024}, KernelDataRef{7, 0, 4});
  EXPECT_THAT(loadError(code),
              HasSubstr("act runtime code: kernel data buffer 7 out of range"));
  BlobBuilder task = makeFullBuilder(&p);
  task.addActTask(0, 1, 4, {}, "k");
  EXPECT_THAT(loadError(task),
              HasSubstr("task list ACT0.1, task 0 'k': act invocation 4 out of "
                        "range (the blob has 1)"));
  BlobBuilder wrongTile = makeFullBuilder(&p);
  wrongTile.addActTask(1, 0, p.invocation, {}, "k");
  EXPECT_THAT(loadError(wrongTile),
              HasSubstr("invocation 0 is for tile 0 but runs on ACT1.0"));
  BlobBuilder shave = makeFullBuilder(&p);
  shave.addActTask(0, 2, p.invocation, {}, "k");
  EXPECT_THAT(loadError(shave),
              HasSubstr("ACT SHAVE 2 of tile 0 out of range: the blob uses 2 "
                        "tiles of 2 SHAVEs"));
}

/// The load error of the full blob with a second relu invocation whose
/// arguments are `args` and relocations `relocations`.
std::string relocationError(std::vector<uint8_t> args,
                            std::vector<ActRelocationDesc> relocations) {
  FullBlob parts;
  BlobBuilder builder = makeFullBuilder(&parts);
  builder.addActInvocationWithArgs(0, 1, args, std::move(relocations));
  return loadError(builder);
}

TEST(BlobTest, checksActRelocations) {
  FullBlob p;
  makeFullBuilder(&p);
  std::vector<uint8_t> args = testing::getReluArgs(0, 0);
  // Both descriptors relocated: valid (the full blob has one too).
  EXPECT_EQ(relocationError(args, {{p.inputTensor, 0}, {p.outputTensor, 32}}),
            "");
  EXPECT_THAT(relocationError(args, {{42, 0}}),
              HasSubstr("act invocation 1, relocation 0: tensor 42 out of "
                        "range (the blob has 6 tensors)"));
  EXPECT_THAT(
      relocationError(args, {{p.inputTensor, 0}, {p.outputTensor, 140}}),
      HasSubstr("act invocation 1, relocation 1: the descriptor at "
                "offset 140 does not fit the invocation's data of 160 "
                "bytes"));
  EXPECT_THAT(relocationError(args, {{p.inputTensor, 0}, {p.outputTensor, 0}}),
              HasSubstr("act invocation 1, relocation 1: the descriptor at "
                        "offset 0 is relocated twice"));
  EXPECT_THAT(
      relocationError(testing::getReluArgs(abi::kWinFBase, 0),
                      {{p.inputTensor, 0}}),
      HasSubstr("act invocation 1, relocation 0: the descriptor's data address "
                "is 1f000000, not 0 (the runtime fills it in)"));
  // Descriptors that do not describe their tensor.
  EXPECT_THAT(relocationError(args, {{p.constTensor, 0}}),
              HasSubstr("act invocation 1, relocation 0: the descriptor (rank "
                        "4, data type 2, order 0x1342) does not describe "
                        "tensor 4 (u8 64 C"));
  std::vector<uint8_t> otherDims = args;
  otherDims[64] = 2; // dims[0] of the first descriptor
  EXPECT_THAT(relocationError(otherDims, {{p.inputTensor, 0}}),
              HasSubstr("act invocation 1, relocation 0: the descriptor's dims "
                        "or strides are not those of tensor 0"));
  std::vector<uint8_t> badArray = args;
  badArray[12] = 0xf0; // dimsAddr of the first descriptor
  EXPECT_THAT(relocationError(badArray, {{p.inputTensor, 0}}),
              HasSubstr("act invocation 1, relocation 0: the descriptor's dims "
                        "or strides array lies outside the invocation's data"));
}

TEST(BlobTest, readsBlobsWithoutRelocations) {
  // The full blob without its relocation (relocations are optional).
  BlobBuilder builder = makeFullBuilder(nullptr, /*relocate=*/false);
  EXPECT_EQ(loadError(builder), "");
}

TEST(BlobTest, checksUpaTasks) {
  FullBlob p;
  BlobBuilder noName = makeFullBuilder(&p);
  noName.addUpaTask(0, "", {p.ddrTensor}, {p.ddrTensor}, {}, "u");
  EXPECT_THAT(loadError(noName), HasSubstr("'u': empty kernel name"));
  BlobBuilder input = makeFullBuilder(&p);
  input.addUpaTask(0, "copy", {42}, {p.ddrTensor}, {}, "u");
  EXPECT_THAT(loadError(input), HasSubstr("'u' input: tensor 42 out of range"));
  BlobBuilder output = makeFullBuilder(&p);
  output.addUpaTask(0, "copy", {p.ddrTensor}, {p.constTensor}, {}, "u");
  EXPECT_THAT(loadError(output),
              HasSubstr("'u' output: tensor 4 is written but lies in read-only "
                        "CONSTANT"));
  BlobBuilder shaves = makeFullBuilder(&p);
  shaves.addUpaTask(0, "copy", {p.ddrTensor}, {p.ddrTensor}, {}, "u", nullptr,
                    3);
  EXPECT_THAT(loadError(shaves), HasSubstr("max_shaves 3 out of range [1, 2]"));
  BlobBuilder queue = makeFullBuilder(&p);
  queue.addUpaTask(5, "copy", {p.ddrTensor}, {p.ddrTensor}, {}, "u");
  EXPECT_THAT(loadError(queue),
              HasSubstr("task list 4 (UPA5): UPA queue 5 (cluster 0) out of "
                        "range"));
  BlobBuilder params = makeFullBuilder(&p);
  params.addUpaTask(0, "copy", {p.ddrTensor}, {p.ddrTensor}, {}, "u",
                    [](flatbuffers::FlatBufferBuilder &fbb) {
                      return std::make_pair(
                          static_cast<schema::UpaParams>(99),
                          schema::CreateSoftmaxParams(fbb, 1).Union());
                    });
  EXPECT_THAT(loadError(params),
              HasSubstr("unknown UPA parameter kind 99 (a newer schema "
                        "version?)"));
}

TEST(BlobTest, checksDmaPorts) {
  FullBlob p;
  BlobBuilder builder = makeFullBuilder(&p);
  builder.addDmaTask(2, p.inputTensor, p.cmxIn, {}, "x");
  EXPECT_THAT(loadError(builder),
              HasSubstr("task list 2 (DMA2): DMA port 2 (cluster 0) out of "
                        "range: the blob uses 2 DMA ports"));
}

/// A minimal blob whose task lists are written by `writeLists`.
std::vector<uint8_t>
blobWithLists(std::function<std::vector<flatbuffers::Offset<schema::TaskList>>(
                  flatbuffers::FlatBufferBuilder &)>
                  writeLists,
              bool withRuntime = false) {
  flatbuffers::FlatBufferBuilder fbb;
  schema::SchemaVersion version(kSchemaMajor, kSchemaMinor);
  auto resources = schema::CreateResources(fbb, 1, 1, 1, 1, 0, 1024);
  auto header =
      schema::CreateHeaderDirect(fbb, &version, "VPUX37XX", "", "", resources);
  std::vector<int64_t> dims = {4}, strides = {8};
  auto type = schema::CreateTensorTypeDirect(fbb, &dims, &strides, 0x1,
                                             schema::DType::U8);
  std::vector<flatbuffers::Offset<schema::TensorReference>> tensors = {
      schema::CreateTensorReferenceDirect(
          fbb, "a", schema::MemoryLocation::CMX_NN, 0, 0, type),
      schema::CreateTensorReferenceDirect(
          fbb, "b", schema::MemoryLocation::CMX_NN, 0, 64, type)};
  std::vector<flatbuffers::Offset<schema::TaskList>> lists = writeLists(fbb);
  flatbuffers::Offset<schema::ActKernelRuntime> runtime;
  if (withRuntime) {
    std::vector<uint32_t> stacks = {1024};
    runtime = schema::CreateActKernelRuntimeDirect(fbb, &stacks);
  }
  auto root =
      schema::CreateBlobDirect(fbb, header, &tensors, nullptr, &lists, nullptr,
                               nullptr, nullptr, nullptr, runtime);
  schema::FinishBlobBuffer(fbb, root);
  return std::vector<uint8_t>(fbb.GetBufferPointer(),
                              fbb.GetBufferPointer() + fbb.GetSize());
}

flatbuffers::Offset<schema::Task> dmaTask(flatbuffers::FlatBufferBuilder &fbb) {
  return schema::CreateTaskDirect(fbb, "dma", nullptr, nullptr,
                                  schema::TaskKind::DmaTask,
                                  schema::CreateDmaTask(fbb, 0, 1).Union());
}

TEST(BlobTest, checksTaskListKinds) {
  auto list = [](schema::ExecutorKind kind, uint32_t index,
                 std::function<flatbuffers::Offset<schema::Task>(
                     flatbuffers::FlatBufferBuilder &)>
                     task) {
    return [=](flatbuffers::FlatBufferBuilder &fbb) {
      std::vector<flatbuffers::Offset<schema::Task>> tasks = {task(fbb)};
      return std::vector<flatbuffers::Offset<schema::TaskList>>{
          schema::CreateTaskListDirect(fbb, kind, 0, index, &tasks)};
    };
  };
  EXPECT_EQ(
      loadError(blobWithLists(list(schema::ExecutorKind::DMA, 0, dmaTask))),
      "");
  EXPECT_THAT(
      loadError(blobWithLists(list(schema::ExecutorKind::NCE, 0, dmaTask))),
      HasSubstr("task list NCE0, task 0 'dma': a DMA task cannot run on NCE0"));
  EXPECT_THAT(loadError(blobWithLists(
                  list(static_cast<schema::ExecutorKind>(7), 0, dmaTask))),
              HasSubstr("unknown executor kind 7 (a newer schema version?)"));
  EXPECT_THAT(loadError(blobWithLists(
                  list(schema::ExecutorKind::UPA_SHAVE, 0, dmaTask))),
              HasSubstr("task list UPA0, task 0 'dma': a DMA task cannot run "
                        "on UPA0"));
  EXPECT_THAT(loadError(blobWithLists(
                  list(schema::ExecutorKind::ACT_SHAVE, 0, dmaTask))),
              HasSubstr("(ACT0.0): the blob has ACT task lists but no "
                        "act_runtime declaration"));
  EXPECT_THAT(loadError(blobWithLists(
                  list(schema::ExecutorKind::ACT_SHAVE, 0, dmaTask), true)),
              HasSubstr("a DMA task cannot run on ACT0.0"));
  auto unknownKind = [](flatbuffers::FlatBufferBuilder &fbb) {
    return schema::CreateTaskDirect(fbb, "future", nullptr, nullptr,
                                    static_cast<schema::TaskKind>(12),
                                    schema::CreateDmaTask(fbb, 0, 1).Union());
  };
  EXPECT_THAT(
      loadError(blobWithLists(list(schema::ExecutorKind::DMA, 0, unknownKind))),
      HasSubstr("task list DMA0, task 0 'future': unknown task kind "
                "unknown(12) (a newer schema version?)"));
  auto twoLists = [](flatbuffers::FlatBufferBuilder &fbb) {
    std::vector<flatbuffers::Offset<schema::Task>> a = {dmaTask(fbb)};
    std::vector<flatbuffers::Offset<schema::Task>> b = {dmaTask(fbb)};
    return std::vector<flatbuffers::Offset<schema::TaskList>>{
        schema::CreateTaskListDirect(fbb, schema::ExecutorKind::DMA, 0, 0, &a),
        schema::CreateTaskListDirect(fbb, schema::ExecutorKind::DMA, 0, 0, &b)};
  };
  EXPECT_THAT(loadError(blobWithLists(twoLists)),
              HasSubstr("task list 1 (DMA0): a second task list for executor "
                        "DMA0"));
}

//===----------------------------------------------------------------------===//
// TensorLayout
//===----------------------------------------------------------------------===//

TEST(BlobTest, tensorLayoutHelpers) {
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<int64_t> dims = {1, 4, 2, 3};
  // NHWC with a padded channel stride (8 f16 per pixel instead of 4).
  std::vector<int64_t> strides = {2 * 3 * 8 * 16, 16, 3 * 8 * 16, 8 * 16};
  fbb.Finish(schema::CreateTensorTypeDirect(
      fbb, &dims, &strides, shape::DimsOrder::NHWC.code(), schema::DType::F16));
  const auto *type =
      flatbuffers::GetRoot<schema::TensorType>(fbb.GetBufferPointer());
  llvm::Expected<TensorLayout> layout = getTensorLayout(*type, "t");
  ASSERT_TRUE(static_cast<bool>(layout)) << llvm::toString(layout.takeError());
  EXPECT_EQ(layout->getNumElements(), 24);
  EXPECT_FALSE(layout->isCompact());
  EXPECT_TRUE(layout->isNonOverlapping());
  // Last element at ((2-1)*3*8 + (3-1)*8 + 3) f16 = 43 -> 88 bytes.
  EXPECT_EQ(layout->spanBytes, 88);
  EXPECT_EQ(layout->describe(),
            "f16 1x4x2x3 NHWC strides [768, 16, 384, 128] bits");
  EXPECT_EQ(layout->getMemShape().raw(), llvm::ArrayRef<int64_t>({1, 2, 3, 4}));
  shape::Strides compact =
      getCompactStrides(shape::Shape{1, 4, 2, 3}, shape::DimsOrder::NHWC, 16);
  EXPECT_EQ(compact.raw(), llvm::ArrayRef<int64_t>({384, 16, 192, 64}));
}

// An empty tensor overlaps nothing, whatever its strides: its span is not
// bounded, so (size - 1) * stride of its other dims may exceed int64 (a blob
// fuzzer finding).
TEST(BlobTest, emptyTensorIsNonOverlapping) {
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<int64_t> dims = {0, int64_t(1) << 30, 2};
  std::vector<int64_t> strides = {int64_t(1) << 51, int64_t(1) << 34, 0};
  fbb.Finish(schema::CreateTensorTypeDirect(
      fbb, &dims, &strides, shape::DimsOrder::CHW.code(), schema::DType::U8));
  const auto *type =
      flatbuffers::GetRoot<schema::TensorType>(fbb.GetBufferPointer());
  llvm::Expected<TensorLayout> layout = getTensorLayout(*type, "t");
  ASSERT_TRUE(static_cast<bool>(layout)) << llvm::toString(layout.takeError());
  EXPECT_EQ(layout->getNumElements(), 0);
  EXPECT_TRUE(layout->isNonOverlapping());
}

} // namespace
} // namespace mlir::vpuc::blob
