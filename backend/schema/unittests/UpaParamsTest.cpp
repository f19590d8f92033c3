//===- UpaParamsTest.cpp - UPA parameter tables of the kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// VPUX30XX runs the kernels of kernels/abi/SwKernels.td as UPA layers whose
// scalars come from typed tables (UpaParams, generated from the same
// declarations). For every kernel with scalars, a table written by hand with
// flatc's builders must pack byte for byte into the scalars an ACT
// invocation carries in the kernel's Args struct, and the generated writer
// must turn those scalars back into the same table; missing or mismatched
// tables are errors.
//
//===----------------------------------------------------------------------===//

#include <functional>

#include "backend/schema/UpaParams.h"
#include "backend/schema/blob_generated.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernels.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc {
namespace {

namespace fb = ::flatbuffers;
namespace schema = ::vpuc::schema;
using ::testing::HasSubstr;

using ParamsWriter =
    std::function<std::pair<schema::UpaParams, fb::Offset<void>>(
        fb::FlatBufferBuilder &)>;

/// Packs the scalars of a UPA layer of `kernel` with `params`; returns the
/// packed bytes or the error.
std::string packScalars(const char *kernel, const ParamsWriter &params,
                        std::vector<uint8_t> &bytes) {
  fb::FlatBufferBuilder fbb;
  std::vector<uint32_t> none;
  std::pair<schema::UpaParams, fb::Offset<void>> written =
      params ? params(fbb)
             : std::make_pair(schema::UpaParams::NONE, fb::Offset<void>());
  fbb.Finish(schema::CreateUpaLayerTaskDirect(fbb, kernel, &none, &none, 1,
                                              written.first, written.second));
  const auto *task = fb::GetRoot<schema::UpaLayerTask>(fbb.GetBufferPointer());
  const abi::KernelDecl *decl = abi::findKernel(kernel);
  if (!decl) {
    return "no kernel";
  }
  abi::ArgPacker packer;
  if (llvm::Error error = schema::packUpaParams(*task, packer)) {
    return llvm::toString(std::move(error));
  }
  // The scalars are the tail of the signature.
  std::vector<abi::ArgKind> scalars;
  for (uint32_t i = 0; i < decl->numArgs; ++i) {
    if (!abi::isMemRefArg(decl->signature[i])) {
      scalars.push_back(decl->signature[i]);
    }
  }
  if (packer.getSignature() != scalars) {
    return "signature mismatch";
  }
  bytes = packer.finish();
  return "";
}

struct Case {
  const char *kernel;
  ParamsWriter params;
  /// The scalars as the ACT Args struct holds them.
  std::function<void(abi::ArgPacker &)> expected;
};

void addI32s(abi::ArgPacker &packer, std::initializer_list<int32_t> values) {
  for (int32_t value : values) {
    packer.addI32(value);
  }
}

template <typename T>
std::pair<schema::UpaParams, fb::Offset<void>> as(schema::UpaParams type,
                                                  fb::Offset<T> offset) {
  return {type, offset.Union()};
}

std::vector<Case> getCases() {
  using P = schema::UpaParams;
  return {
      {"activation",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ActivationParams,
                   schema::CreateActivationParams(f, 26, 1.5f, 2.5f));
       },
       [](abi::ArgPacker &p) {
         p.addI32(26);
         p.addF32(1.5f);
         p.addF32(2.5f);
       }},
      {"clamp",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ClampParams, schema::CreateClampParams(f, -1, 6));
       },
       [](abi::ArgPacker &p) {
         p.addF32(-1);
         p.addF32(6);
       }},
      {"softmax",
       [](fb::FlatBufferBuilder &f) {
         return as(P::SoftmaxParams, schema::CreateSoftmaxParams(f, -1));
       },
       [](abi::ArgPacker &p) { p.addI32(-1); }},
      {"log_softmax",
       [](fb::FlatBufferBuilder &f) {
         return as(P::SoftmaxParams, schema::CreateSoftmaxParams(f, 2));
       },
       [](abi::ArgPacker &p) { p.addI32(2); }},
      {"transpose",
       [](fb::FlatBufferBuilder &f) {
         std::vector<int32_t> perm = {0, 2, 3, 1};
         return as(P::TransposeParams,
                   schema::CreateTransposeParamsDirect(f, &perm));
       },
       [](abi::ArgPacker &p) { addI32s(p, {0, 2, 3, 1, 0, 0, 0, 0}); }},
      {"pad",
       [](fb::FlatBufferBuilder &f) {
         std::vector<int32_t> begin = {0, 1, 2}, end = {3, 4, 5};
         return as(P::PadParams,
                   schema::CreatePadParamsDirect(f, 3, 0.5f, &begin, &end));
       },
       [](abi::ArgPacker &p) {
         p.addI32(3);
         p.addF32(0.5f);
         addI32s(p, {0, 1, 2, 0, 0, 0, 0, 0, 3, 4, 5, 0, 0, 0, 0, 0});
       }},
      {"gather",
       [](fb::FlatBufferBuilder &f) {
         return as(P::GatherParams, schema::CreateGatherParams(f, 2, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2, 1}); }},
      {"depth_to_space",
       [](fb::FlatBufferBuilder &f) {
         return as(P::DepthSpaceParams,
                   schema::CreateDepthSpaceParams(f, 2, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2, 1}); }},
      {"space_to_depth",
       [](fb::FlatBufferBuilder &f) {
         return as(P::DepthSpaceParams, schema::CreateDepthSpaceParams(f, 3));
       },
       [](abi::ArgPacker &p) { addI32s(p, {3, 0}); }},
      {"quantize",
       [](fb::FlatBufferBuilder &f) {
         return as(P::QuantizeParams,
                   schema::CreateQuantizeParams(f, 1, -127, 127));
       },
       [](abi::ArgPacker &p) { addI32s(p, {1, -127, 127}); }},
      {"dequantize",
       [](fb::FlatBufferBuilder &f) {
         return as(P::QuantizeParams, schema::CreateQuantizeParams(f, 1));
       },
       [](abi::ArgPacker &p) { p.addI32(1); }},
      {"cumsum",
       [](fb::FlatBufferBuilder &f) {
         return as(P::CumSumParams, schema::CreateCumSumParams(f, -1, true));
       },
       [](abi::ArgPacker &p) { addI32s(p, {-1, 1, 0}); }},
      {"topk",
       [](fb::FlatBufferBuilder &f) {
         return as(P::TopKParams, schema::CreateTopKParams(f, 1, 5, 1, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {1, 5, 1, 1}); }},
      {"reduce",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ReduceParams, schema::CreateReduceParams(f, 5, 12, true));
       },
       [](abi::ArgPacker &p) { addI32s(p, {5, 12, 1}); }},
      {"mvn",
       [](fb::FlatBufferBuilder &f) {
         return as(P::MvnParams,
                   schema::CreateMvnParams(f, 12, true, 1, 1e-5f));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {12, 1, 1});
         p.addF32(1e-5f);
       }},
      {"layer_norm",
       [](fb::FlatBufferBuilder &f) {
         return as(P::LayerNormParams,
                   schema::CreateLayerNormParams(f, -1, 1e-6f));
       },
       [](abi::ArgPacker &p) {
         p.addI32(-1);
         p.addF32(1e-6f);
       }},
      {"normalize_l2",
       [](fb::FlatBufferBuilder &f) {
         return as(P::NormalizeL2Params,
                   schema::CreateNormalizeL2Params(f, 2, 1, 1e-10f));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {2, 1});
         p.addF32(1e-10f);
       }},
      {"batch_norm_inference",
       [](fb::FlatBufferBuilder &f) {
         return as(P::BatchNormParams, schema::CreateBatchNormParams(f, 1e-3f));
       },
       [](abi::ArgPacker &p) { p.addF32(1e-3f); }},
      {"convolution",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ConvolutionParams,
                   schema::CreateConvolutionParams(f, 2, 3, 1, 2, 3, 4, 5, 6, 7,
                                                   1, 0.5f, 0.25f));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {2, 3, 1, 2, 3, 4, 5, 6, 7, 1});
         p.addF32(0.5f);
         p.addF32(0.25f);
       }},
      {"deconvolution",
       [](fb::FlatBufferBuilder &f) {
         return as(P::DeconvolutionParams,
                   schema::CreateDeconvolutionParams(f, 2, 3, 1, 2, 3, 4, 5, 6,
                                                     1, 2, 7));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {2, 3, 1, 2, 3, 4, 5, 6, 1, 2, 7, -1});
         p.addF32(0);
         p.addF32(0);
       }},
      {"matmul",
       [](fb::FlatBufferBuilder &f) {
         return as(P::MatMulParams, schema::CreateMatMulParams(f, false, true));
       },
       [](abi::ArgPacker &p) { addI32s(p, {0, 1}); }},
      {"fully_connected",
       [](fb::FlatBufferBuilder &f) {
         return as(P::FullyConnectedParams,
                   schema::CreateFullyConnectedParams(f));
       },
       [](abi::ArgPacker &p) {
         p.addI32(-1);
         p.addF32(0);
         p.addF32(0);
       }},
      {"max_pool",
       [](fb::FlatBufferBuilder &f) {
         return as(P::PoolingParams,
                   schema::CreatePoolingParams(f, 3, 3, 2, 2, 1, 1, 0, 0, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {3, 3, 2, 2, 1, 1, 0, 0, 1}); }},
      {"avg_pool",
       [](fb::FlatBufferBuilder &f) {
         return as(P::PoolingParams, schema::CreatePoolingParams(
                                         f, 2, 2, 2, 2, 0, 0, 1, 1, 0, true));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2, 2, 2, 2, 0, 0, 1, 1, 0, 1}); }},
      {"lp_pool",
       [](fb::FlatBufferBuilder &f) {
         return as(P::LpPoolingParams, schema::CreateLpPoolingParams(
                                           f, 3, 2, 2, 1, 1, 0, 1, 0, 1, 3));
       },
       [](abi::ArgPacker &p) { addI32s(p, {3, 2, 2, 1, 1, 0, 1, 0, 1, 3}); }},
      {"roi_align",
       [](fb::FlatBufferBuilder &f) {
         return as(P::RoiAlignParams,
                   schema::CreateRoiAlignParams(f, 1, 2, 0.0625f, true));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {1, 2});
         p.addF32(0.0625f);
         p.addI32(1);
       }},
      {"max_roi_pool",
       [](fb::FlatBufferBuilder &f) {
         return as(P::MaxRoiPoolParams,
                   schema::CreateMaxRoiPoolParams(f, 0.5f));
       },
       [](abi::ArgPacker &p) { p.addF32(0.5f); }},
      {"argmax",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ArgExtremumParams,
                   schema::CreateArgExtremumParams(f, 2, true, false));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2, 1, 0}); }},
      {"argmin",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ArgExtremumParams,
                   schema::CreateArgExtremumParams(f, 0, false, true));
       },
       [](abi::ArgPacker &p) { addI32s(p, {0, 0, 1}); }},
      {"quantized_convolution",
       [](fb::FlatBufferBuilder &f) {
         return as(P::QuantizedConvolutionParams,
                   schema::CreateQuantizedConvolutionParams(
                       f, 2, 1, 1, 0, 1, 1, 1, 1, 3, 128, 5, 0, 255, 0.25f, 1,
                       0.0f, 6.0f));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {2, 1, 1, 0, 1, 1, 1, 1, 3, 128, 5, 0, 255});
         p.addF32(0.25f);
         addI32s(p, {1});
         p.addF32(0.0f);
         p.addF32(6.0f);
       }},
      {"quantized_eltwise",
       [](fb::FlatBufferBuilder &f) {
         return as(P::QuantizedEltwiseParams,
                   schema::CreateQuantizedEltwiseParams(f, 1, 0.5f, 127, 0.25f,
                                                        -3, 0.125f, 2, -128,
                                                        127, 21, 0.1f, 0.0f));
       },
       [](abi::ArgPacker &p) {
         p.addI32(1);
         p.addF32(0.5f);
         p.addI32(127);
         p.addF32(0.25f);
         p.addI32(-3);
         p.addF32(0.125f);
         addI32s(p, {2, -128, 127, 21});
         p.addF32(0.1f);
         p.addF32(0.0f);
       }},
      {"quantized_avg_pool",
       [](fb::FlatBufferBuilder &f) {
         return as(P::QuantizedPoolingParams,
                   schema::CreateQuantizedPoolingParams(
                       f, 3, 3, 2, 2, 1, 1, 0, 1, 1, true, 0.5f, 128, 0.25f, -3,
                       -128, 127, 21, 0.1f, 0.0f));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {3, 3, 2, 2, 1, 1, 0, 1, 1, 1});
         p.addF32(0.5f);
         p.addI32(128);
         p.addF32(0.25f);
         addI32s(p, {-3, -128, 127, 21});
         p.addF32(0.1f);
         p.addF32(0.0f);
       }},
      {"bitshift",
       [](fb::FlatBufferBuilder &f) {
         return as(P::BitShiftParams, schema::CreateBitShiftParams(f, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {1}); }},
      {"gather_elements",
       [](fb::FlatBufferBuilder &f) {
         return as(P::GatherElementsParams,
                   schema::CreateGatherElementsParams(f, 2));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2}); }},
      {"gather_nd",
       [](fb::FlatBufferBuilder &f) {
         return as(P::GatherNDParams, schema::CreateGatherNDParams(f, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {1}); }},
      {"scatter_nd_update",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ScatterNDParams, schema::CreateScatterNDParams(f, 2));
       },
       [](abi::ArgPacker &p) { addI32s(p, {2}); }},
      {"scatter_elements",
       [](fb::FlatBufferBuilder &f) {
         return as(P::ScatterElementsParams,
                   schema::CreateScatterElementsParams(f, 3, 1));
       },
       [](abi::ArgPacker &p) { addI32s(p, {3, 1}); }},
      {"lrn",
       [](fb::FlatBufferBuilder &f) {
         return as(P::LrnParams,
                   schema::CreateLrnParams(f, 0.5f, 0.75f, 2.0f, 5));
       },
       [](abi::ArgPacker &p) {
         p.addF32(0.5f);
         p.addF32(0.75f);
         p.addF32(2.0f);
         p.addI32(5);
       }},
      {"lstm_sequence",
       [](fb::FlatBufferBuilder &f) {
         return as(P::LstmSequenceParams,
                   schema::CreateLstmSequenceParams(f, 4, 0, 1, 2, 3.0f, 2));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {4, 0, 1, 2});
         p.addF32(3.0f);
         p.addI32(2);
       }},
      {"gru_sequence",
       [](fb::FlatBufferBuilder &f) {
         return as(P::GruSequenceParams,
                   schema::CreateGruSequenceParams(f, 5, 2, 1, 0.5f, 1, true));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {5, 2, 1});
         p.addF32(0.5f);
         addI32s(p, {1, 1});
       }},
      {"interpolate",
       [](fb::FlatBufferBuilder &f) {
         std::vector<float> scales = {1, 1, 2, 2}, start = {0, 0, 0.1f, 0.2f},
                            end = {1, 1, 0.9f, 0.8f};
         return as(P::InterpolateParams, schema::CreateInterpolateParamsDirect(
                                             f, 1, 5, 2, 1, true, -0.5f, 3.0f,
                                             &scales, &start, &end));
       },
       [](abi::ArgPacker &p) {
         addI32s(p, {1, 5, 2, 1, 1});
         p.addF32(-0.5f);
         p.addF32(3.0f);
         for (float value : {1.0f, 1.0f, 2.0f, 2.0f, 0.0f, 0.0f, 0.0f, 0.0f,
                             0.0f, 0.0f, 0.1f, 0.2f, 0.0f, 0.0f, 0.0f, 0.0f,
                             1.0f, 1.0f, 0.9f, 0.8f, 0.0f, 0.0f, 0.0f, 0.0f}) {
           p.addF32(value);
         }
       }},
  };
}

TEST(UpaParamsTest, tablesPackLikeTheArgsStructs) {
  std::vector<Case> cases = getCases();
  // Every kernel with scalars has a case.
  size_t withScalars = 0;
  for (const abi::KernelDecl &decl : abi::kSwKernels) {
    for (uint32_t i = 0; i < decl.numArgs; ++i) {
      if (!abi::isMemRefArg(decl.signature[i])) {
        ++withScalars;
        break;
      }
    }
  }
  EXPECT_EQ(cases.size(), withScalars);
  for (const Case &c : cases) {
    std::vector<uint8_t> bytes;
    ASSERT_EQ(packScalars(c.kernel, c.params, bytes), "") << c.kernel;
    abi::ArgPacker expected;
    c.expected(expected);
    EXPECT_EQ(bytes, expected.finish()) << c.kernel;
  }
}

TEST(UpaParamsTest, writerRebuildsTheTables) {
  for (const Case &c : getCases()) {
    abi::ArgPacker scalars;
    c.expected(scalars);
    // The scalars alone (finish() pads the buffer for its arrays).
    std::vector<uint8_t> packed = scalars.finish();
    packed.resize(scalars.getStructSize());
    // Generated writer, then generated reader: the same scalars.
    std::vector<uint8_t> bytes;
    ParamsWriter written = [&](fb::FlatBufferBuilder &f) {
      llvm::Expected<schema::UpaParamsOffset> offset =
          schema::buildUpaParams(f, c.kernel, packed);
      if (!offset) {
        ADD_FAILURE() << c.kernel << ": " << llvm::toString(offset.takeError());
        return std::make_pair(schema::UpaParams::NONE, fb::Offset<void>());
      }
      EXPECT_EQ(offset->type, schema::getUpaParamsType(c.kernel)) << c.kernel;
      return std::make_pair(offset->type, offset->offset);
    };
    ASSERT_EQ(packScalars(c.kernel, written, bytes), "") << c.kernel;
    bytes.resize(packed.size());
    EXPECT_EQ(bytes, packed) << c.kernel;
  }
}

TEST(UpaParamsTest, writerErrors) {
  fb::FlatBufferBuilder fbb;
  auto error = [&](const char *kernel, const abi::ArgPacker &packer) {
    std::vector<uint8_t> bytes = packer.finish();
    bytes.resize(packer.getStructSize());
    llvm::Expected<schema::UpaParamsOffset> offset =
        schema::buildUpaParams(fbb, kernel, bytes);
    return offset ? std::string("no error")
                  : llvm::toString(offset.takeError());
  };
  abi::ArgPacker none;
  EXPECT_EQ(error("no_such_kernel", none),
            "the kernel library has no kernel 'no_such_kernel'");
  EXPECT_EQ(error("softmax", none),
            "UPA parameters of kernel 'softmax': scalar 'axis' is missing");
  abi::ArgPacker flags;
  addI32s(flags, {0, 2, 0});
  EXPECT_EQ(error("cumsum", flags),
            "UPA parameters of kernel 'cumsum': scalar 'exclusive' is a flag, "
            "got 2");
  abi::ArgPacker extra;
  addI32s(extra, {0, 1});
  EXPECT_EQ(error("softmax", extra),
            "UPA parameters of kernel 'softmax': got 8 bytes of scalars, the "
            "kernel takes 4");
  EXPECT_EQ(error("add", extra), "UPA parameters of kernel 'add': the kernel "
                                 "takes no scalars, got 8 bytes");
  llvm::Expected<schema::UpaParamsOffset> add =
      schema::buildUpaParams(fbb, "add", {});
  ASSERT_TRUE(static_cast<bool>(add));
  EXPECT_EQ(add->type, schema::UpaParams::NONE);
}

TEST(UpaParamsTest, missingAndMismatchedTables) {
  std::vector<uint8_t> bytes;
  for (const Case &c : getCases()) {
    EXPECT_THAT(packScalars(c.kernel, nullptr, bytes),
                HasSubstr("UPA layer of kernel '" + std::string(c.kernel) +
                          "' has parameters NONE, the kernel takes "))
        << c.kernel;
  }
  ParamsWriter gather = [](fb::FlatBufferBuilder &f) {
    return as(schema::UpaParams::GatherParams,
              schema::CreateGatherParams(f, 0, 0));
  };
  EXPECT_EQ(packScalars("reduce", gather, bytes),
            "UPA layer of kernel 'reduce' has parameters GatherParams, the "
            "kernel takes ReduceParams");
  EXPECT_EQ(packScalars("add", gather, bytes),
            "UPA layer of kernel 'add' has parameters GatherParams, the kernel "
            "takes none");
  ParamsWriter tooLong = [](fb::FlatBufferBuilder &f) {
    std::vector<int32_t> perm(9, 0);
    return as(schema::UpaParams::TransposeParams,
              schema::CreateTransposeParamsDirect(f, &perm));
  };
  EXPECT_EQ(packScalars("transpose", tooLong, bytes),
            "UPA layer of kernel 'transpose': field 'perm' has 9 entries, more "
            "than the 8 dims");
  ParamsWriter qmin = [](fb::FlatBufferBuilder &f) {
    return as(schema::UpaParams::QuantizeParams,
              schema::CreateQuantizeParams(f, 1, -128, 0));
  };
  EXPECT_EQ(packScalars("dequantize", qmin, bytes),
            "UPA layer of kernel 'dequantize': field 'qmin' is not an argument "
            "of the kernel and must keep its default");
  ParamsWriter excludePad = [](fb::FlatBufferBuilder &f) {
    return as(schema::UpaParams::PoolingParams,
              schema::CreatePoolingParams(f, 2, 2, 2, 2, 0, 0, 0, 0, 0, true));
  };
  EXPECT_EQ(packScalars("max_pool", excludePad, bytes),
            "UPA layer of kernel 'max_pool': field 'exclude_pad' is not an "
            "argument of the kernel and must keep its default");
}

} // namespace
} // namespace mlir::vpuc
