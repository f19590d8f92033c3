//===- NceBlobTest.cpp - loadBlob's checks of NCE cluster tasks -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A small blob with one NCE cluster task (schema 1.3; INT8 mode since 2.1,
// INT8 eltwise tasks since 2.3), made invalid one rule at a time, and damaged
// at random: every check of blob.fbs's NceInvariant, DpuVariant and PpeTask
// has a message, and no damage crashes the loader.
//
//===----------------------------------------------------------------------===//

#include <functional>
#include <limits>
#include <optional>
#include <random>

#include "backend/blob/Blob.h"
#include "backend/blob/BlobBuilder.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

using ::testing::HasSubstr;

constexpr auto kCmx = schema::MemoryLocation::CMX_NN;

/// What a test may change before the blob is built.
struct NceBlob {
  /// Tensors of the task: input 1x16x6x6, weights 16x16x3x3, table
  /// 16x1x1x4, output 1x16x3x3 (3x3 conv, stride 2, padding 1 on top and
  /// left), all NHWC in CMX_NN[0].
  TensorTypeDesc input =
      tensorType(schema::DType::F16, {1, 16, 6, 6}, shape::DimsOrder::NHWC);
  TensorTypeDesc weights =
      tensorType(schema::DType::F16, {16, 16, 3, 3}, shape::DimsOrder::NHWC);
  TensorTypeDesc table = tensorType(schema::DType::I32, {16, 1, 1, 4});
  TensorTypeDesc output =
      tensorType(schema::DType::F16, {1, 16, 3, 3}, shape::DimsOrder::NHWC);
  /// input2's type (eltwise tasks); the input's when unset.
  std::optional<TensorTypeDesc> input2Type;
  schema::MemoryLocation inputLocation = kCmx;
  uint32_t inputCluster = 0;
  uint32_t listCluster = 0;
  /// Overrides the schema version.
  std::optional<std::pair<uint16_t, uint16_t>> version;
  NceTaskDesc nce;

  NceBlob() {
    nce.kernelH = nce.kernelW = 3;
    nce.strideH = nce.strideW = 2;
    nce.padTop = nce.padLeft = 1;
    NceTaskDesc::Variant top, bottom;
    top.end = {2, 0, 15};
    top.pad = {1, 0, 1, 0};
    bottom.start = {0, 1, 0};
    bottom.end = {2, 2, 15};
    bottom.pad = {0, 0, 1, 0};
    bottom.dpu = 1;
    nce.variants = {top, bottom};
  }

  std::vector<uint8_t> build() const {
    BlobBuilder builder("VPUX30XX");
    if (version) {
      builder.setVersion(version->first, version->second);
    }
    BlobBuilder::Resources &resources = builder.getResources();
    resources.clusters = 2;
    resources.shaves = 16;
    resources.dmaPorts = 1;
    resources.barriers = 2;
    resources.ddrScratchBytes = 65536;
    resources.cmxBytes = 65536;
    NceTaskDesc task = nce;
    task.input = builder.addTensor("in", inputLocation, inputCluster, 0, input);
    task.weights = builder.addTensor("w", kCmx, 0, 2048, weights);
    task.weightsTable = builder.addTensor("wt", kCmx, 0, 8192, table);
    task.output = builder.addTensor("out", kCmx, 0, 12288, output);
    if (nce.input2 != kNoTensor) {
      task.input2 =
          builder.addTensor("in2", kCmx, 0, 16384, input2Type.value_or(input));
    }
    if (nce.weights == kNoTensor + 1) {
      task.weights = kNoTensor;
    }
    if (nce.weightsTable == kNoTensor + 1) {
      task.weightsTable = kNoTensor;
    }
    builder.addNceTask(listCluster, task, {}, "conv");
    return builder.finish();
  }
};

/// "" when `blob` loads, else the error.
std::string loadError(const NceBlob &blob) {
  llvm::Expected<BlobFile> file = loadBlob(blob.build());
  if (file) {
    return "";
  }
  return llvm::toString(file.takeError());
}

/// The error of the blob after `change`.
std::string errorAfter(const std::function<void(NceBlob &)> &change) {
  NceBlob blob;
  change(blob);
  return loadError(blob);
}

// Markers for build(): drop the weights / the table.
constexpr uint32_t kDrop = kNoTensor + 1;

TEST(NceBlobTest, validBlobLoads) {
  EXPECT_EQ(loadError(NceBlob()), "");
  llvm::Expected<BlobFile> file = loadBlob(NceBlob().build());
  ASSERT_TRUE(static_cast<bool>(file));
  const schema::TaskList &list = *file->get().task_lists()->Get(0);
  EXPECT_EQ(getExecutorName(list), "NCE0");
  EXPECT_EQ(getTaskKindName(list.tasks()->Get(0)->kind_type()), "NCE");
}

TEST(NceBlobTest, taskLists) {
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.listCluster = 2; }),
              HasSubstr("task list 0 (NCE2): NCE cluster 2 (index 0) out of "
                        "range: the blob uses 2 clusters and NCE lists have "
                        "index 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.listCluster = 1; }),
              HasSubstr("task list NCE1, task 0 'conv' input: tensor 0 lies in "
                        "CMX_NN[0], not in the CMX of the task's cluster "
                        "(CMX_NN[1])"));
}

TEST(NceBlobTest, operands) {
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.inputLocation = schema::MemoryLocation::DDR_SCRATCH;
              }),
              HasSubstr("input: tensor 0 lies in DDR_SCRATCH, not in the CMX "
                        "of the task's cluster (CMX_NN[0])"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.inputCluster = 1; }),
              HasSubstr("lies in CMX_NN[1], not in the CMX of the task's "
                        "cluster (CMX_NN[0])"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.weights = kDrop; }),
              HasSubstr("a CONV task needs weights"));
  EXPECT_THAT(
      errorAfter([](NceBlob &b) { b.nce.type = schema::NceTaskType::MAXPOOL; }),
      HasSubstr("a MAXPOOL task takes no weights"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.input2 = 0; }),
              HasSubstr("a CONV task takes no input2"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.type = schema::NceTaskType::ELTWISE_ADD;
                b.nce.weights = b.nce.weightsTable = kDrop;
              }),
              HasSubstr("a ELTWISE_ADD task needs input2"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.input = tensorType(schema::DType::F16, {1, 16, 6, 6});
              }),
              HasSubstr("input: tensor 0 is f16 1x16x6x6 NCHW, expected 1 x C "
                        "x H x W in NHWC"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.input = tensorType(schema::DType::F32, {1, 16, 6, 6},
                                     shape::DimsOrder::NHWC);
              }),
              HasSubstr("input: tensor 0 is f32 1x16x6x6 NHWC, expected a 4-d "
                        "f16, u8 or i8 tensor"));
  EXPECT_THAT(
      errorAfter([](NceBlob &b) {
        b.weights = tensorType(schema::DType::F16, {16, 8, 3, 3},
                               shape::DimsOrder::NHWC);
      }),
      HasSubstr("weights f16 16x8x3x3 NHWC, expected f16 16x16x3x3 NHWC, "
                "compact"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.table = tensorType(schema::DType::F16, {16, 1, 1, 4});
              }),
              HasSubstr("weights_table: tensor 2 is f16 16x1x1x4 NCHW, "
                        "expected a 4-d i32 tensor"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.table = tensorType(schema::DType::I32, {8, 1, 1, 4});
              }),
              HasSubstr("weights_table i32 8x1x1x4 NCHW, expected i32 "
                        "16x1x1x4, compact"));
}

TEST(NceBlobTest, kernel) {
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.padTop = 3; }),
              HasSubstr("invalid kernel 3x3, strides 2x2, padding [3, 0, 1, "
                        "0] (kernel and strides >= 1, each padding below the "
                        "kernel size on its axis)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.strideW = 0; }),
              HasSubstr("invalid kernel"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.padBottom = 2; }),
              HasSubstr("output f16 1x16x3x3 NHWC does not match input f16 "
                        "1x16x6x6 NHWC with kernel 3x3"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.type = schema::NceTaskType::DWCONV;
                b.weights = tensorType(schema::DType::F16, {16, 1, 3, 3},
                                       shape::DimsOrder::NHWC);
                b.output = tensorType(schema::DType::F16, {1, 8, 3, 3},
                                      shape::DimsOrder::NHWC);
              }),
              HasSubstr("a DWCONV task keeps the channels, but the input has "
                        "16 and the output 8"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.type = static_cast<schema::NceTaskType>(9);
              }),
              HasSubstr("unknown NCE task type unknown(9) (a newer schema "
                        "version?)"));
}

TEST(NceBlobTest, variants) {
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.variants.pop_back(); }),
              HasSubstr("the variants cover 48 of the 144 output elements"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.variants.clear(); }),
              HasSubstr("0 variants, expected 1 to 4096"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.variants.resize(4097, b.nce.variants[0]);
              }),
              HasSubstr("4097 variants, expected 1 to 4096"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.variants[1].end[1] = 3; }),
              HasSubstr("task list NCE0, task 0 'conv', variant 1: box [0, 1, "
                        "0] to [2, 3, 15] is not inside the output"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.variants[1].start[1] = 0; }),
              HasSubstr("variant 1: padding [0, 0, 1, 0] differs from the "
                        "task's on the output border [1, 0, 1, 0]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.variants[1].start[1] = 0;
                b.nce.variants[1].pad[0] = 1;
              }),
              HasSubstr("variant 1: box overlaps variant 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.nce.variants[0].mpe = static_cast<schema::MpeMode>(5);
              }),
              HasSubstr("variant 0: unknown MPE mode 5"));
}

TEST(NceBlobTest, ppe) {
  auto withPpe = [](std::function<void(NceTaskDesc::Ppe &)> change) {
    return errorAfter([&](NceBlob &b) {
      NceTaskDesc::Ppe ppe;
      change(ppe);
      b.nce.ppe = ppe;
    });
  };
  EXPECT_EQ(withPpe([](NceTaskDesc::Ppe &p) {
              p.mode = schema::PpeMode::RELUX;
              p.clampHigh = 6;
            }),
            "");
  EXPECT_THAT(withPpe([](NceTaskDesc::Ppe &p) {
                p.mode = static_cast<schema::PpeMode>(7);
              }),
              HasSubstr("unknown PPE mode 7 (a newer schema version?)"));
  EXPECT_THAT(withPpe([](NceTaskDesc::Ppe &p) { p.alpha = 0.5f; }),
              HasSubstr("invalid PPE parameters for mode NONE"));
  EXPECT_THAT(withPpe([](NceTaskDesc::Ppe &p) {
                p.mode = schema::PpeMode::RELUX;
                p.clampLow = 1;
              }),
              HasSubstr("invalid PPE parameters for mode RELUX"));
  EXPECT_THAT(withPpe([](NceTaskDesc::Ppe &p) {
                p.mode = schema::PpeMode::LRELU;
                p.alpha = std::numeric_limits<float>::infinity();
              }),
              HasSubstr("invalid PPE parameters for mode LRELU"));
  EXPECT_THAT(withPpe([](NceTaskDesc::Ppe &p) { p.quantMult = {1}; }),
              HasSubstr("PPE requantisation fields on a task with an f16 "
                        "output"));
}

//===----------------------------------------------------------------------===//
// INT8 mode (since 2.1)
//===----------------------------------------------------------------------===//

/// The blob's task in INT8 mode: `in` input, `w` weights, `out` output.
void makeInt8(NceBlob &b, schema::DType in = schema::DType::U8,
              schema::DType w = schema::DType::I8,
              schema::DType out = schema::DType::U8) {
  b.input = tensorType(in, {1, 16, 6, 6}, shape::DimsOrder::NHWC);
  b.weights = tensorType(w, {16, 16, 3, 3}, shape::DimsOrder::NHWC);
  b.output = tensorType(out, {1, 16, 3, 3}, shape::DimsOrder::NHWC);
}

/// The blob's task as an INT8 pool (`type`) with a u8 output and a PPE of
/// one multiplier and shift.
void makeInt8Pool(NceBlob &b, schema::NceTaskType type) {
  makeInt8(b, schema::DType::I8, schema::DType::I8, schema::DType::U8);
  b.nce.type = type;
  b.nce.weights = b.nce.weightsTable = kDrop;
  NceTaskDesc::Ppe ppe;
  ppe.quantMult = {1};
  ppe.quantShift = {0};
  b.nce.ppe = ppe;
}

TEST(NceBlobTest, int8TasksLoad) {
  for (schema::DType in : {schema::DType::U8, schema::DType::I8}) {
    for (schema::DType w : {schema::DType::U8, schema::DType::I8}) {
      for (schema::DType out :
           {schema::DType::U8, schema::DType::I8, schema::DType::F16}) {
        EXPECT_EQ(errorAfter([&](NceBlob &b) {
                    makeInt8(b, in, w, out);
                    b.nce.inputZeroPoint = in == schema::DType::U8 ? 255 : -128;
                    b.nce.weightsZeroPoint = w == schema::DType::U8 ? 0 : 127;
                  }),
                  "")
            << getDTypeName(in) << " " << getDTypeName(w) << " "
            << getDTypeName(out);
      }
    }
  }
  EXPECT_EQ(errorAfter([](NceBlob &b) {
              makeInt8(b);
              b.nce.type = schema::NceTaskType::DWCONV;
              b.weights = tensorType(schema::DType::U8, {16, 1, 3, 3},
                                     shape::DimsOrder::NHWC);
              NceTaskDesc::Ppe ppe;
              ppe.mode = schema::PpeMode::RELUX;
              ppe.clampLow = -3;
              ppe.clampHigh = 100;
              ppe.outZeroPoint = 255;
              b.nce.ppe = ppe;
            }),
            "");
  for (auto type :
       {schema::NceTaskType::MAXPOOL, schema::NceTaskType::AVEPOOL}) {
    EXPECT_EQ(errorAfter([&](NceBlob &b) {
                makeInt8Pool(b, type);
                b.nce.ppe->mode = schema::PpeMode::LRELU;
                b.nce.ppe->alpha = 0.1f;
                b.nce.ppe->quantMult = {(1 << 24) - 1};
                b.nce.ppe->quantShift = {63};
                b.nce.ppe->outZeroPoint = 0;
              }),
              "");
  }
  // 2.0 and 2.1 blobs with F16 NCE tasks still load.
  EXPECT_EQ(errorAfter([](NceBlob &b) { b.version = {{2, 0}}; }), "");
  EXPECT_EQ(errorAfter([](NceBlob &b) { b.version = {{2, 1}}; }), "");
}

TEST(NceBlobTest, int8ElementTypes) {
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.version = {{2, 0}};
              }),
              HasSubstr("task list NCE0, task 0 'conv': a CONV task on a u8 "
                        "input (INT8 mode) needs schema 2.2, but the blob is "
                        "2.0"));
  // 2.1's INT8 tasks had another weights-table word 2.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.version = {{2, 1}};
              }),
              HasSubstr("needs schema 2.2, but the blob is 2.1"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b, schema::DType::U8, schema::DType::F16);
              }),
              HasSubstr("task list NCE0, task 0 'conv' weights: tensor 1 is "
                        "f16 16x16x3x3 NHWC, expected a 4-d u8 or i8 tensor "
                        "(the input is u8)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b, schema::DType::I8, schema::DType::I8,
                         schema::DType::F32);
              }),
              HasSubstr("'conv' output: tensor 3 is f32 1x16x3x3 NHWC, "
                        "expected a 4-d u8, i8 or f16 tensor (the input is "
                        "i8)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.output = tensorType(schema::DType::U8, {1, 16, 3, 3},
                                      shape::DimsOrder::NHWC);
              }),
              HasSubstr("'conv' output: tensor 3 is u8 1x16x3x3 NHWC, "
                        "expected a 4-d f16 tensor (the input is f16)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                b.weights = tensorType(schema::DType::I8, {16, 16, 3, 3},
                                       shape::DimsOrder::NHWC);
              }),
              HasSubstr("'conv' weights: tensor 1 is i8 16x16x3x3 NHWC, "
                        "expected a 4-d f16 tensor (the input is f16)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.weights = tensorType(schema::DType::I8, {16, 8, 3, 3},
                                       shape::DimsOrder::NHWC);
              }),
              HasSubstr("weights i8 16x8x3x3 NHWC, expected i8 16x16x3x3 NHWC, "
                        "compact"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.output = tensorType(schema::DType::F16, {1, 16, 3, 3},
                                      shape::DimsOrder::NHWC);
                b.nce.ppe->quantMult.clear();
                b.nce.ppe->quantShift.clear();
              }),
              HasSubstr("'conv' output: tensor 3 is f16 1x16x3x3 NHWC, "
                        "expected a 4-d u8 or i8 tensor (the input is i8): "
                        "f16 outputs of INT8 inputs are for CONV and DWCONV "
                        "only"));
}

TEST(NceBlobTest, int8ZeroPoints) {
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.inputZeroPoint = 3; }),
              HasSubstr("'conv': input_zero_point 3 and weights_zero_point 0 "
                        "must be 0 on a task with an f16 input (zero points "
                        "are for INT8 inputs)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.weightsZeroPoint = -1; }),
              HasSubstr("must be 0 on a task with an f16 input"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.nce.inputZeroPoint = 256;
              }),
              HasSubstr("'conv': input_zero_point 256 is outside the range of "
                        "the u8 input [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b, schema::DType::I8);
                b.nce.inputZeroPoint = -129;
              }),
              HasSubstr("input_zero_point -129 is outside the range of the i8 "
                        "input [-128, 127]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.nce.weightsZeroPoint = 128;
              }),
              HasSubstr("'conv': weights_zero_point 128 is outside the range "
                        "of the i8 weights [-128, 127]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b, schema::DType::U8, schema::DType::U8);
                b.nce.weightsZeroPoint = -1;
              }),
              HasSubstr("weights_zero_point -1 is outside the range of the u8 "
                        "weights [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.weightsZeroPoint = 2;
              }),
              HasSubstr("'conv': weights_zero_point 2 on a MAXPOOL task, which "
                        "has no weights"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                NceTaskDesc::Ppe ppe;
                ppe.outZeroPoint = -1;
                b.nce.ppe = ppe;
              }),
              HasSubstr("'conv': PPE out_zero_point -1 is outside the range "
                        "of the u8 output [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b, schema::DType::U8, schema::DType::I8,
                         schema::DType::I8);
                NceTaskDesc::Ppe ppe;
                ppe.outZeroPoint = 128;
                b.nce.ppe = ppe;
              }),
              HasSubstr("PPE out_zero_point 128 is outside the range of the i8 "
                        "output [-128, 127]"));
}

TEST(NceBlobTest, int8Ppe) {
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                NceTaskDesc::Ppe ppe;
                ppe.quantMult = {3};
                ppe.quantShift = {1};
                b.nce.ppe = ppe;
              }),
              HasSubstr("'conv': PPE quant_mult / quant_shift on a CONV task: "
                        "its multipliers and shifts are in the weights table"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                NceTaskDesc::Ppe ppe;
                ppe.quantPostShift = 2;
                b.nce.ppe = ppe;
              }),
              HasSubstr("'conv': PPE quant_post_shift 2 must be 0 (reserved)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                NceTaskDesc::Ppe ppe;
                ppe.mode = schema::PpeMode::RELUX;
                ppe.clampLow = 0.5f;
                ppe.clampHigh = 6;
                b.nce.ppe = ppe;
              }),
              HasSubstr("'conv': PPE RELUX clamps on an integer output must be "
                        "integral (clamp_low 0.500000, clamp_high 6.000000)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                NceTaskDesc::Ppe ppe;
                ppe.mode = schema::PpeMode::RELUX;
                ppe.clampLow = 5;
                ppe.clampHigh = 4;
                b.nce.ppe = ppe;
              }),
              HasSubstr("invalid PPE parameters for mode RELUX"));
  // F16 outputs of INT8 inputs take no requantisation fields; their clamps
  // need not be integral.
  EXPECT_EQ(errorAfter([](NceBlob &b) {
              makeInt8(b, schema::DType::U8, schema::DType::I8,
                       schema::DType::F16);
              NceTaskDesc::Ppe ppe;
              ppe.mode = schema::PpeMode::RELUX;
              ppe.clampHigh = 6.5f;
              b.nce.ppe = ppe;
            }),
            "");
  for (auto change : std::vector<std::function<void(NceTaskDesc::Ppe &)>>{
           [](NceTaskDesc::Ppe &p) { p.outZeroPoint = 1; },
           [](NceTaskDesc::Ppe &p) { p.quantMult = {1}; },
           [](NceTaskDesc::Ppe &p) { p.quantShift = {1}; },
           [](NceTaskDesc::Ppe &p) { p.quantPostShift = 1; }}) {
    EXPECT_THAT(errorAfter([&](NceBlob &b) {
                  makeInt8(b, schema::DType::U8, schema::DType::I8,
                           schema::DType::F16);
                  NceTaskDesc::Ppe ppe;
                  change(ppe);
                  b.nce.ppe = ppe;
                }),
                HasSubstr("'conv': PPE requantisation fields on a task with an "
                          "f16 output"));
  }
  // Pools: one multiplier and one shift in the PPE, in range.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::AVEPOOL);
                b.nce.ppe.reset();
              }),
              HasSubstr("'conv': a AVEPOOL task with a u8 output needs the "
                        "PPE's quant_mult and quant_shift, one entry each (got "
                        "0 and 0)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.ppe->quantMult = {1, 2};
              }),
              HasSubstr("a MAXPOOL task with a u8 output needs the PPE's "
                        "quant_mult and quant_shift, one entry each (got 2 and "
                        "1)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.ppe->quantShift.clear();
              }),
              HasSubstr("(got 1 and 0)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.ppe->quantMult = {1 << 24};
              }),
              HasSubstr("'conv': PPE quant_mult 16777216 and quant_shift 0: "
                        "expected 0 <= quant_mult <= 16777215 and 0 <= "
                        "quant_shift <= 63"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.ppe->quantMult = {-1};
              }),
              HasSubstr("PPE quant_mult -1 and quant_shift 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::AVEPOOL);
                b.nce.ppe->quantShift = {64};
              }),
              HasSubstr("PPE quant_mult 1 and quant_shift 64"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::AVEPOOL);
                b.nce.ppe->quantShift = {-1};
              }),
              HasSubstr("PPE quant_mult 1 and quant_shift -1"));
}

//===----------------------------------------------------------------------===//
// INT8 eltwise tasks (since 2.3)
//===----------------------------------------------------------------------===//

/// The blob's task as an eltwise task (`type`) on 1x16x6x6 tensors: in
/// FP16 mode by default, in INT8 mode with `in` / `in2` inputs, an `out`
/// output and a PPE of one multiplier and shift when `in` is not F16.
void makeEltwise(NceBlob &b, schema::NceTaskType type,
                 schema::DType in = schema::DType::F16,
                 schema::DType in2 = schema::DType::F16,
                 schema::DType out = schema::DType::F16) {
  b.input = tensorType(in, {1, 16, 6, 6}, shape::DimsOrder::NHWC);
  b.input2Type = tensorType(in2, {1, 16, 6, 6}, shape::DimsOrder::NHWC);
  b.output = tensorType(out, {1, 16, 6, 6}, shape::DimsOrder::NHWC);
  b.nce.type = type;
  b.nce.input2 = 0;
  b.nce.weights = b.nce.weightsTable = kDrop;
  b.nce.kernelH = b.nce.kernelW = 1;
  b.nce.strideH = b.nce.strideW = 1;
  b.nce.padTop = b.nce.padLeft = 0;
  NceTaskDesc::Variant top, bottom;
  top.end = {5, 0, 15};
  bottom.start = {0, 1, 0};
  bottom.end = {5, 5, 15};
  bottom.dpu = 1;
  b.nce.variants = {top, bottom};
  if (in != schema::DType::F16) {
    NceTaskDesc::Ppe ppe;
    ppe.quantMult = {1};
    ppe.quantShift = {0};
    b.nce.ppe = ppe;
  }
}

/// makeEltwise in INT8 mode: a u8 input, an i8 input2 and a u8 output.
void makeInt8Eltwise(NceBlob &b, schema::NceTaskType type) {
  makeEltwise(b, type, schema::DType::U8, schema::DType::I8, schema::DType::U8);
}

constexpr auto kAdd = schema::NceTaskType::ELTWISE_ADD;
constexpr auto kSub = schema::NceTaskType::ELTWISE_SUB;
constexpr auto kMul = schema::NceTaskType::ELTWISE_MUL;

TEST(NceBlobTest, int8EltwiseTasksLoad) {
  EXPECT_EQ(errorAfter([](NceBlob &b) { makeEltwise(b, kAdd); }), "");
  for (auto type : {kAdd, kSub, kMul}) {
    for (schema::DType in : {schema::DType::U8, schema::DType::I8}) {
      for (schema::DType in2 : {schema::DType::U8, schema::DType::I8}) {
        for (schema::DType out : {schema::DType::U8, schema::DType::I8}) {
          EXPECT_EQ(
              errorAfter([&](NceBlob &b) {
                makeEltwise(b, type, in, in2, out);
                b.nce.inputZeroPoint = in == schema::DType::U8 ? 255 : -128;
                b.nce.input2ZeroPoint = in2 == schema::DType::U8 ? 0 : 127;
                if (type != kMul) {
                  b.nce.inputMult = kMaxEltwiseMult;
                  b.nce.input2Mult = 0;
                }
                b.nce.ppe->mode = schema::PpeMode::RELUX;
                b.nce.ppe->clampLow = -3;
                b.nce.ppe->clampHigh = 100;
                b.nce.ppe->quantMult = {(1 << 24) - 1};
                b.nce.ppe->quantShift = {63};
                b.nce.ppe->outZeroPoint = out == schema::DType::U8 ? 255 : -128;
              }),
              "")
              << getNceTaskTypeName(type) << " " << getDTypeName(in) << " "
              << getDTypeName(in2) << " " << getDTypeName(out);
        }
      }
    }
  }
  // 2.2 blobs with FP16 eltwise tasks still load.
  EXPECT_EQ(errorAfter([](NceBlob &b) {
              makeEltwise(b, kSub);
              b.version = {{2, 2}};
            }),
            "");
}

TEST(NceBlobTest, int8EltwiseVersionAndTypes) {
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.version = {{2, 2}};
              }),
              HasSubstr("task list NCE0, task 0 'conv': a ELTWISE_ADD task on "
                        "a u8 input (INT8 mode) needs schema 2.3, but the blob "
                        "is 2.2"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kMul, schema::DType::I8, schema::DType::I8,
                            schema::DType::I8);
                b.version = {{2, 0}};
              }),
              HasSubstr("a ELTWISE_MUL task on a i8 input (INT8 mode) needs "
                        "schema 2.3, but the blob is 2.0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kAdd, schema::DType::U8, schema::DType::F16,
                            schema::DType::U8);
              }),
              HasSubstr("'conv' input2: tensor 4 is f16 1x16x6x6 NHWC, "
                        "expected a 4-d u8 or i8 tensor (the input is u8)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kAdd, schema::DType::F16, schema::DType::U8,
                            schema::DType::F16);
              }),
              HasSubstr("'conv' input2: tensor 4 is u8 1x16x6x6 NHWC, "
                        "expected a 4-d f16 tensor (the input is f16)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kSub, schema::DType::I8, schema::DType::U8,
                            schema::DType::F16);
                b.nce.ppe.reset();
              }),
              HasSubstr("'conv' output: tensor 3 is f16 1x16x6x6 NHWC, "
                        "expected a 4-d u8 or i8 tensor (the input is i8): "
                        "f16 outputs of INT8 inputs are for CONV and DWCONV "
                        "only"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.input2Type = tensorType(schema::DType::I8, {1, 16, 6, 5},
                                          shape::DimsOrder::NHWC);
              }),
              HasSubstr("'conv': input2 i8 1x16x6x5 NHWC and input u8 "
                        "1x16x6x6 NHWC differ in dims"));
}

TEST(NceBlobTest, int8EltwiseFields) {
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.input2ZeroPoint = 128;
              }),
              HasSubstr("'conv': input2_zero_point 128 is outside the range "
                        "of the i8 input2 [-128, 127]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kMul, schema::DType::I8, schema::DType::U8,
                            schema::DType::I8);
                b.nce.input2ZeroPoint = -1;
              }),
              HasSubstr("input2_zero_point -1 is outside the range of the u8 "
                        "input2 [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kSub);
                b.nce.inputZeroPoint = 256;
              }),
              HasSubstr("input_zero_point 256 is outside the range of the u8 "
                        "input [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.weightsZeroPoint = 1;
              }),
              HasSubstr("'conv': weights_zero_point 1 on a ELTWISE_ADD task, "
                        "which has no weights"));
  // The multipliers of ADD and SUB: [0, 2^15 - 1].
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.inputMult = kMaxEltwiseMult + 1;
              }),
              HasSubstr("'conv': input_mult 32768 is outside [0, 32767]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kSub);
                b.nce.inputMult = 3;
                b.nce.input2Mult = -1;
              }),
              HasSubstr("'conv': input2_mult -1 is outside [0, 32767]"));
  // MUL has no multipliers.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kMul);
                b.nce.inputMult = 1;
              }),
              HasSubstr("'conv': input_mult 1 on a ELTWISE_MUL task on a u8 "
                        "input, expected 0 (only INT8 ELTWISE_ADD and "
                        "ELTWISE_SUB tasks scale their inputs)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kMul);
                b.nce.input2Mult = 16384;
              }),
              HasSubstr("'conv': input2_mult 16384 on a ELTWISE_MUL task"));
  // The new fields are 0 on every other task.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kAdd);
                b.nce.inputMult = 1;
              }),
              HasSubstr("'conv': input_mult 1 on a ELTWISE_ADD task on a f16 "
                        "input, expected 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kSub);
                b.nce.input2ZeroPoint = 2;
              }),
              HasSubstr("'conv': input2_zero_point 2 on a ELTWISE_SUB task on "
                        "a f16 input, expected 0 (only INT8 eltwise tasks have "
                        "one)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) { b.nce.input2ZeroPoint = -5; }),
              HasSubstr("'conv': input2_zero_point -5 on a CONV task on a f16 "
                        "input, expected 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8(b);
                b.nce.input2Mult = 7;
              }),
              HasSubstr("'conv': input2_mult 7 on a CONV task on a u8 input, "
                        "expected 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::AVEPOOL);
                b.nce.input2ZeroPoint = 1;
              }),
              HasSubstr("'conv': input2_zero_point 1 on a AVEPOOL task on a i8 "
                        "input, expected 0"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Pool(b, schema::NceTaskType::MAXPOOL);
                b.nce.inputMult = 2;
              }),
              HasSubstr("'conv': input_mult 2 on a MAXPOOL task on a i8 input, "
                        "expected 0"));
}

TEST(NceBlobTest, int8EltwisePpe) {
  // Like pools: one multiplier and one shift in the PPE, in range.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.ppe.reset();
              }),
              HasSubstr("'conv': a ELTWISE_ADD task with a u8 output needs the "
                        "PPE's quant_mult and quant_shift, one entry each (got "
                        "0 and 0)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kMul);
                b.nce.ppe->quantShift = {1, 2};
              }),
              HasSubstr("a ELTWISE_MUL task with a u8 output needs the PPE's "
                        "quant_mult and quant_shift, one entry each (got 1 and "
                        "2)"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kSub);
                b.nce.ppe->quantMult = {1 << 24};
              }),
              HasSubstr("'conv': PPE quant_mult 16777216 and quant_shift 0: "
                        "expected 0 <= quant_mult <= 16777215"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kSub);
                b.nce.ppe->quantShift = {64};
              }),
              HasSubstr("PPE quant_mult 1 and quant_shift 64"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.ppe->outZeroPoint = 256;
              }),
              HasSubstr("'conv': PPE out_zero_point 256 is outside the range "
                        "of the u8 output [0, 255]"));
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeInt8Eltwise(b, kAdd);
                b.nce.ppe->mode = schema::PpeMode::RELUX;
                b.nce.ppe->clampHigh = 2.5f;
              }),
              HasSubstr("'conv': PPE RELUX clamps on an integer output must be "
                        "integral"));
  // FP16 eltwise tasks take no requantisation fields.
  EXPECT_THAT(errorAfter([](NceBlob &b) {
                makeEltwise(b, kAdd);
                NceTaskDesc::Ppe ppe;
                ppe.quantMult = {1};
                ppe.quantShift = {0};
                b.nce.ppe = ppe;
              }),
              HasSubstr("'conv': PPE requantisation fields on a task with an "
                        "f16 output"));
}

/// Damages the blob of `blob` at every byte and at random.
void checkDamageNeverCrashes(const NceBlob &blob) {
  std::vector<uint8_t> bytes = blob.build();
  ASSERT_TRUE(static_cast<bool>(loadBlob(bytes)));
  size_t loaded = 0, rejected = 0;
  for (uint8_t pattern : {0x01, 0x80, 0xff, 0x10}) {
    for (size_t at = 0; at < bytes.size(); ++at) {
      std::vector<uint8_t> damaged = bytes;
      damaged[at] ^= pattern;
      llvm::Expected<BlobFile> file = loadBlob(damaged);
      if (file) {
        ++loaded;
      } else {
        EXPECT_FALSE(llvm::toString(file.takeError()).empty());
        ++rejected;
      }
    }
  }
  EXPECT_GT(loaded, 0u);
  EXPECT_GT(rejected, 0u);
  std::mt19937 random(99);
  for (int round = 0; round < 2000; ++round) {
    std::vector<uint8_t> damaged = bytes;
    for (int i = 0, n = 1 + random() % 8; i < n; ++i) {
      damaged[random() % damaged.size()] = static_cast<uint8_t>(random());
    }
    llvm::Expected<BlobFile> file = loadBlob(damaged);
    if (!file) {
      llvm::consumeError(file.takeError());
    }
  }
}

TEST(NceBlobTest, damageNeverCrashes) {
  NceTaskDesc::Ppe ppe;
  ppe.mode = schema::PpeMode::LRELU;
  ppe.alpha = 0.125f;
  NceBlob blob;
  blob.nce.ppe = ppe;
  checkDamageNeverCrashes(blob);
  // INT8 mode: zero points and the requantisation fields of a pool.
  NceBlob pool;
  makeInt8Pool(pool, schema::NceTaskType::AVEPOOL);
  pool.nce.inputZeroPoint = -3;
  pool.nce.ppe->mode = schema::PpeMode::RELUX;
  pool.nce.ppe->clampLow = -2;
  pool.nce.ppe->clampHigh = 90;
  pool.nce.ppe->outZeroPoint = 7;
  checkDamageNeverCrashes(pool);
  // INT8 eltwise: input2's zero point and the input multipliers.
  NceBlob eltwise;
  makeInt8Eltwise(eltwise, kSub);
  eltwise.nce.inputZeroPoint = 130;
  eltwise.nce.input2ZeroPoint = -9;
  eltwise.nce.inputMult = 16384;
  eltwise.nce.input2Mult = 9000;
  eltwise.nce.ppe->quantMult = {12345};
  eltwise.nce.ppe->quantShift = {20};
  eltwise.nce.ppe->outZeroPoint = 4;
  checkDamageNeverCrashes(eltwise);
}

} // namespace
} // namespace mlir::vpuc::blob
