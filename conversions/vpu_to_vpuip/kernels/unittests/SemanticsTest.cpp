//===- SemanticsTest.cpp - Mapped calls compute what VPU ops do -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// For a set of VPU ops whose parameters are easy to get wrong (convolution
// padding and strides, pools with exclude-pad and ceil rounding, reductions
// with and without keep-dims, softmax axes, transposes, interpolation by
// scales and by sizes, ...), runs the op's host inference
// (IE_InferenceOpInterface::inferOnCPU) and the emulator's native library
// kernel called through the real ABI with the mapped call (ArgPacker ->
// registry lookup -> signature check -> kernel), on the same random inputs,
// and compares the results.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "conversions/vpu_to_vpuip/kernels/KernelMapping.h"
#include "core/shape/DimsOrder.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/ie/utils/HostTensor.h"
#include "dialects/vpu/ir/SWKernelInfo.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernelAbi.h"
#include "kernels/shave/KernelRegistry.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPUIP {
namespace {

/// A compact tensor in the test's CMX, identity order.
struct Buffer {
  abi::DataType type = abi::DataType::F32;
  std::vector<int64_t> dims;
  uint32_t offset = 0;

  int64_t getNumElements() const {
    int64_t count = 1;
    for (int64_t dim : dims) {
      count *= dim;
    }
    return count;
  }
};

class SemanticsTest : public ::testing::Test {
protected:
  SemanticsTest() { context.loadDialect<VPU::VPUDialect, func::FuncDialect>(); }

  /// Parses `op` on function arguments `args`, runs it on the host and as
  /// the mapped library call, and compares every output within `tolerance`
  /// (absolute plus relative).
  void check(llvm::StringRef args, llvm::StringRef op,
             double tolerance = 1e-5) {
    SCOPED_TRACE(op.str());
    std::string text =
        ("func.func @f(" + args + ") {\n  " + op + "\n  return\n}\n").str();
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    ASSERT_TRUE(module) << text;
    Operation *layer = nullptr;
    module->walk([&](VPU::SWKernelOpInterface kernel) {
      layer = kernel.getOperation();
    });
    ASSERT_TRUE(layer);

    // The same inputs for both: random floats, small integers.
    std::vector<IE::HostTensor> inputs;
    for (Value operand : layer->getOperands()) {
      auto type = llvm::cast<RankedTensorType>(operand.getType());
      IE::HostTensor tensor = IE::HostTensor::filled(type.getShape());
      for (float &value : tensor.data) {
        value = llvm::isa<FloatType>(type.getElementType())
                    ? static_cast<float>(uniform(random))
                    : static_cast<float>(integer(random));
      }
      inputs.push_back(std::move(tensor));
    }

    llvm::SmallVector<IE::HostTensor> expected;
    ASSERT_TRUE(
        succeeded(llvm::cast<IE::InferenceOpInterface>(layer).inferOnCPU(
            inputs, expected)));

    VPU::SWKernelInfo info =
        llvm::cast<VPU::SWKernelOpInterface>(layer).getKernelInfo();
    std::string diagnostic;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostic = diag.str();
      return success();
    });
    FailureOr<AbiKernelCall> call = mapToAbiKernel(
        info, [&] { return emitError(UnknownLoc::get(&context)); });
    ASSERT_TRUE(succeeded(call)) << diagnostic;

    std::vector<std::vector<float>> got = run(*call, info, inputs);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t r = 0; r < got.size(); ++r) {
      ASSERT_EQ(static_cast<int64_t>(got[r].size()),
                expected[r].getNumElements());
      int failures = 0;
      for (size_t i = 0; i < got[r].size() && failures < 8; ++i) {
        double want = expected[r].data[i];
        if (!(std::fabs(got[r][i] - want) <=
              tolerance * (1.0 + std::fabs(want)))) {
          ADD_FAILURE() << "output " << r << " element " << i << ": kernel "
                        << got[r][i] << ", host " << want;
          ++failures;
        }
      }
    }
  }

private:
  /// Runs `call` in the emulator's kernel registry; returns the outputs in
  /// logical row-major order.
  std::vector<std::vector<float>> run(const AbiKernelCall &call,
                                      const VPU::SWKernelInfo &info,
                                      llvm::ArrayRef<IE::HostTensor> inputs) {
    std::vector<uint8_t> cmx(1 << 20, 0xff);
    uint32_t next = 0;
    auto alloc = [&](Type type) {
      auto tensorType = llvm::cast<RankedTensorType>(type);
      Buffer buffer;
      buffer.type = toDataType(tensorType.getElementType());
      buffer.dims.assign(tensorType.getShape().begin(),
                         tensorType.getShape().end());
      next = (next + 63) / 64 * 64;
      buffer.offset = next;
      next += static_cast<uint32_t>(
          std::max<int64_t>(buffer.getNumElements() * 4, 1));
      EXPECT_LE(next, cmx.size());
      return buffer;
    };
    abi::ArgPacker packer;
    auto add = [&](abi::ArgKind kind, const Buffer &buffer) {
      std::vector<int64_t> strides(buffer.dims.size());
      int64_t stride = 32;
      for (int64_t d = static_cast<int64_t>(buffer.dims.size()) - 1; d >= 0;
           --d) {
        strides[d] = stride;
        stride *= buffer.dims[d];
      }
      packer.addMemRef(
          kind, abi::kWinFBase + buffer.offset, buffer.dims, strides,
          buffer.type,
          shape::DimsOrder::getDefaultOrder(buffer.dims.size()).code());
    };
    for (int64_t index : call.inputs) {
      if (index == kAbsentOperand) {
        Buffer absent;
        absent.type = abi::DataType::F16;
        absent.dims = {0};
        add(abi::ArgKind::MemRefIn, absent);
        continue;
      }
      Buffer buffer = alloc(info.inputs[index].getType());
      for (int64_t i = 0; i < buffer.getNumElements(); ++i) {
        store(cmx.data() + buffer.offset + 4 * i, buffer.type,
              inputs[index].data[i]);
      }
      add(abi::ArgKind::MemRefIn, buffer);
    }
    std::vector<Buffer> outputs;
    for (int64_t index : call.outputs) {
      outputs.push_back(alloc(info.outputs[index].getType()));
      add(abi::ArgKind::MemRefOut, outputs.back());
    }
    for (Attribute scalar : call.scalars) {
      if (auto integer = llvm::dyn_cast<IntegerAttr>(scalar)) {
        packer.addI32(static_cast<int32_t>(integer.getInt()));
      } else {
        packer.addF32(
            llvm::cast<FloatAttr>(scalar).getValue().convertToFloat());
      }
    }

    const emu::KernelInfo *kernel =
        emu::getBuiltinKernels().lookup(call.kernel);
    EXPECT_TRUE(kernel) << call.kernel;
    if (!kernel) {
      return {};
    }
    if (llvm::Error error = emu::checkSignature(*kernel, packer.getSignature(),
                                                "the mapped call gives")) {
      ADD_FAILURE() << llvm::toString(std::move(error));
      return {};
    }
    std::vector<uint8_t> args = packer.finish();
    emu::KernelContext kernelContext({{abi::kWinEBase, args.size(), args.data(),
                                       emu::kNoRegion, 0, false, "WIN_E"},
                                      {abi::kWinFBase, cmx.size(), cmx.data(),
                                       emu::kNoRegion, 0, true, "WIN_F"}});
    if (llvm::Error error = kernel->run(args.data(), kernelContext)) {
      ADD_FAILURE() << llvm::toString(std::move(error));
      return {};
    }
    std::vector<std::vector<float>> results;
    for (const Buffer &buffer : outputs) {
      std::vector<float> values(buffer.getNumElements());
      for (int64_t i = 0; i < buffer.getNumElements(); ++i) {
        values[i] = load(cmx.data() + buffer.offset + 4 * i, buffer.type);
      }
      results.push_back(std::move(values));
    }
    return results;
  }

  /// The test's element types: f32 and 32-bit integers.
  static abi::DataType toDataType(Type type) {
    if (type.isF32()) {
      return abi::DataType::F32;
    }
    EXPECT_TRUE(type.isInteger(32)) << "the test takes f32 and i32 tensors";
    return abi::DataType::I32;
  }

  static void store(uint8_t *p, abi::DataType type, float value) {
    if (type == abi::DataType::F32) {
      std::memcpy(p, &value, 4);
    } else {
      int32_t integer = static_cast<int32_t>(value);
      std::memcpy(p, &integer, 4);
    }
  }

  static float load(const uint8_t *p, abi::DataType type) {
    if (type == abi::DataType::F32) {
      float value;
      std::memcpy(&value, p, 4);
      return value;
    }
    int32_t integer;
    std::memcpy(&integer, p, 4);
    return static_cast<float>(integer);
  }

  MLIRContext context;
  std::mt19937 random{1234};
  std::uniform_real_distribution<double> uniform{-2.0, 2.0};
  std::uniform_int_distribution<int> integer{0, 2};
};

TEST_F(SemanticsTest, convolutionWithPaddingAndStrides) {
  check("%a0: tensor<1x3x9x9xf32>, %a1: tensor<4x3x3x3xf32>, %a2: "
        "tensor<4xf32>",
        "%0 = VPU.SW.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, "
        "2>, pads_begin = array<i64: 1, 2>, pads_end = array<i64: 1, 0>, "
        "strides = array<i64: 2, 1>} : tensor<1x3x9x9xf32>, "
        "tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x5x7xf32>");
  check("%a0: tensor<1x4x6x6xf32>, %a1: tensor<8x1x3x3xf32>",
        "%0 = VPU.SW.GroupConvolution(%a0, %a1) {dilations = array<i64: 1, 1>, "
        "groups = 4 : i64, pads_begin = array<i64: 1, 1>, pads_end = "
        "array<i64: 1, 1>, strides = array<i64: 2, 2>} : "
        "tensor<1x4x6x6xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x3x3xf32>");
  check("%a0: tensor<1x4x3x3xf32>, %a1: tensor<4x2x3x3xf32>, %a2: "
        "tensor<2xf32>",
        "%0 = VPU.SW.Deconvolution(%a0, %a1, %a2) {dilations = array<i64: 1, "
        "1>, output_padding = array<i64: 1, 0>, pads_begin = array<i64: 1, "
        "1>, pads_end = array<i64: 1, 0>, strides = array<i64: 2, 2>} : "
        "tensor<1x4x3x3xf32>, tensor<4x2x3x3xf32>, tensor<2xf32> -> "
        "tensor<1x2x6x6xf32>");
}

TEST_F(SemanticsTest, poolsWithExcludePadAndCeil) {
  check("%a0: tensor<1x2x6x6xf32>",
        "%0 = VPU.SW.AvgPool(%a0) {exclude_pad, kernel_size = array<i64: 3, "
        "3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, "
        "strides = array<i64: 2, 2>} : tensor<1x2x6x6xf32> -> "
        "tensor<1x2x3x3xf32>");
  check("%a0: tensor<1x2x6x6xf32>",
        "%0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 3, 3>, "
        "pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, "
        "rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, "
        "2>} : tensor<1x2x6x6xf32> -> tensor<1x2x4x4xf32>");
  check("%a0: tensor<1x2x6x6xf32>",
        "%0 = VPU.SW.MaxPool(%a0) {kernel_size = array<i64: 3, 3>, "
        "pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, "
        "rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, "
        "2>} : tensor<1x2x6x6xf32> -> tensor<1x2x3x3xf32>");
}

TEST_F(SemanticsTest, reductionsAndSoftmax) {
  check("%a0: tensor<2x3x4xf32>",
        "%0 = VPU.SW.ReduceMean(%a0) {axes = array<i64: 1, -1>, keep_dims} : "
        "tensor<2x3x4xf32> -> tensor<2x1x1xf32>");
  check("%a0: tensor<2x3x4xf32>",
        "%0 = VPU.SW.ReduceL2(%a0) {axes = array<i64: 0>} : "
        "tensor<2x3x4xf32> -> tensor<3x4xf32>");
  check("%a0: tensor<2x3x4xf32>",
        "%0 = VPU.SW.SoftMax(%a0) {axis = -2 : i64} : tensor<2x3x4xf32> -> "
        "tensor<2x3x4xf32>");
  check("%a0: tensor<2x3x4xf32>",
        "%0 = VPU.SW.MVN(%a0) {axes = array<i64: 2>, eps = 1.0e-3 : f64, "
        "eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : "
        "tensor<2x3x4xf32> -> tensor<2x3x4xf32>",
        1e-4);
}

TEST_F(SemanticsTest, dataMovement) {
  check("%a0: tensor<1x3x4x5xf32>",
        "%0 = VPU.SW.Transpose(%a0) {perm = array<i64: 0, 2, 3, 1>} : "
        "tensor<1x3x4x5xf32> -> tensor<1x4x5x3xf32>");
  check("%a0: tensor<2x3xf32>",
        "%0 = VPU.SW.Pad(%a0) {mode = #IE.pad_mode<reflect>, pads_begin = "
        "array<i64: 1, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> "
        "tensor<3x6xf32>");
  check("%a0: tensor<2x5x4xf32>, %a1: tensor<2x2xsi32>",
        "%0 = VPU.SW.Gather(%a0, %a1) {axis = 1 : i64} : tensor<2x5x4xf32>, "
        "tensor<2x2xsi32> -> tensor<2x2x2x4xf32>");
  check("%a0: tensor<1x8x2x3xf32>",
        "%0 = VPU.SW.DepthToSpace(%a0) {block_size = 2 : i64, mode = "
        "#IE.depth_to_space_mode<crd>} : tensor<1x8x2x3xf32> -> "
        "tensor<1x2x4x6xf32>");
  check("%a0: tensor<2x5xf32>",
        "%0:2 = VPU.SW.TopK(%a0) {k = 3 : i64, mode = #IE.topk_mode<min>, "
        "indexElemType = si32} : tensor<2x5xf32> -> tensor<2x3xf32>, "
        "tensor<2x3xsi32>");
  check("%a0: tensor<2x5xf32>",
        "%0 = VPU.SW.CumSum(%a0) {axis = -1 : i64, exclusive, reverse} : "
        "tensor<2x5xf32> -> tensor<2x5xf32>");
}

TEST_F(SemanticsTest, interpolateByScalesAndSizes) {
  check("%a0: tensor<1x2x4x4xf32>",
        "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<linear>, scales "
        "= array<f64: 1.0, 1.0, 2.0, 2.0>} : tensor<1x2x4x4xf32> -> "
        "tensor<1x2x8x8xf32>");
  check("%a0: tensor<1x1x5x5xf32>",
        "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<linear>, "
        "coord_mode = #IE.interp_coord_mode<align_corners>, scales = "
        "array<f64: 1.0, 1.0, 0.7, 1.5>} : tensor<1x1x5x5xf32> -> "
        "tensor<1x1x3x7xf32>");
  check("%a0: tensor<1x1x4x4xf32>",
        "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<cubic>, "
        "coord_mode = #IE.interp_coord_mode<pytorch_half_pixel>, sizes = "
        "array<i64: 1, 1, 6, 3>} : tensor<1x1x4x4xf32> -> "
        "tensor<1x1x6x3xf32>");
  check("%a0: tensor<2x5xf32>",
        "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<nearest>, "
        "coord_mode = #IE.interp_coord_mode<asymmetric>, nearest_mode = "
        "#IE.interp_nearest_mode<ceil>, scales = array<f64: 1.0, 0.6>} : "
        "tensor<2x5xf32> -> tensor<2x3xf32>");
}

TEST_F(SemanticsTest, activationsAndNormalisations) {
  for (const char *op : {"Elu {alpha = 0.7}",
                         "LeakyRelu {negative_slope = "
                         "0.2}",
                         "Gelu", "HSwish", "HSigmoid", "Mish", "SoftPlus",
                         "Sigmoid", "Negative"}) {
    llvm::StringRef name = llvm::StringRef(op).split(' ').first;
    llvm::StringRef attrs = llvm::StringRef(op).split(' ').second;
    check("%a0: tensor<2x8xf32>",
          (llvm::Twine("%0 = VPU.SW.") + name + "(%a0) " + attrs +
           " : tensor<2x8xf32> -> tensor<2x8xf32>")
              .str());
  }
  check("%a0: tensor<2x8xf32>",
        "%0 = VPU.SW.Round(%a0) {mode = #IE.round_mode<half_away_from_zero>} "
        ": tensor<2x8xf32> -> tensor<2x8xf32>");
  check("%a0: tensor<2x8xf32>",
        "%0 = VPU.SW.Swish(%a0) {beta_value = 1.5} : tensor<2x8xf32> -> "
        "tensor<2x8xf32>");
  check("%a0: tensor<1x4x8xf32>, %a1: tensor<4x8xf32>",
        "%0 = VPU.SW.LayerNormalization(%a0, %a1) {axis = 1 : i64, epsilon = "
        "1.0e-3 : f64} : tensor<1x4x8xf32>, tensor<4x8xf32> -> "
        "tensor<1x4x8xf32>",
        1e-4);
}

} // namespace
} // namespace mlir::vpuc::VPUIP
