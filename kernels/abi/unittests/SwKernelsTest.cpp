//===- SwKernelsTest.cpp - Tests of the kernel library ABI ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The invariants of kernels/abi/SwKernels.h beyond its static_asserts: unique
// snake_case names, tensor operands ordered inputs then outputs then scalars,
// and an Args struct written field by field landing where ArgPacker puts the
// same arguments.
//
//===----------------------------------------------------------------------===//

#include "kernels/abi/SwKernels.h"

#include <cstring>
#include <set>
#include <string>

#include "kernels/abi/ArgPacker.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::abi {
namespace {

TEST(SwKernelsTest, namesAndOperandOrder) {
  std::set<std::string> names;
  for (const KernelDecl &decl : kSwKernels) {
    std::string name = decl.name;
    EXPECT_TRUE(names.insert(name).second) << "duplicate " << name;
    for (char c : name) {
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
          << name;
    }
    // in* out+ scalar*
    uint32_t i = 0;
    while (i < decl.numArgs && decl.signature[i] == ArgKind::MemRefIn) {
      ++i;
    }
    uint32_t outputs = 0;
    while (i < decl.numArgs && decl.signature[i] == ArgKind::MemRefOut) {
      ++i;
      ++outputs;
    }
    EXPECT_GE(outputs, 1u) << name;
    for (; i < decl.numArgs; ++i) {
      EXPECT_FALSE(isMemRefArg(decl.signature[i])) << name;
    }
  }
  EXPECT_EQ(names.size(), 67u);
}

// The element-wise kernels, which the compiler may split into pieces: the
// unary and binary families, select, activation and clamp; none whose output
// element reads other indices (a reduction, a window, a permutation).
TEST(SwKernelsTest, elementwiseKernels) {
  std::set<std::string> elementwise;
  for (const KernelDecl &decl : kSwKernels) {
    if (decl.elementwise) {
      elementwise.insert(decl.name);
    }
  }
  for (const char *name :
       {"copy", "convert", "relu", "logical_not", "add", "multiply", "divide",
        "greater_equal", "select", "activation", "clamp"}) {
    EXPECT_EQ(elementwise.count(name), 1u) << name;
  }
  for (const char *name :
       {"softmax", "transpose", "pad", "prelu", "reduce", "interpolate",
        "convolution", "matmul", "depth_to_space", "quantize", "mvn"}) {
    EXPECT_EQ(elementwise.count(name), 0u) << name;
    ASSERT_NE(findKernel(name), nullptr) << name;
  }
  EXPECT_EQ(elementwise.size(), 25u);
}

TEST(SwKernelsTest, argsStructMatchesThePacker) {
  // A convolution's Args filled by a compiler written as a struct...
  ConvolutionKernel::Args args;
  std::memset(&args, 0, sizeof(args));
  args.strideH = 2;
  args.strideW = 1;
  args.padTop = 1;
  args.padLeft = 0;
  args.padBottom = 1;
  args.padRight = 0;
  args.dilationH = 1;
  args.dilationW = 3;
  args.groups = 4;
  args.postOp = static_cast<int32_t>(ActivationOp::LeakyRelu);
  args.postOpAlpha = 0.125f;
  args.postOpBeta = 0.0f;
  // ...and by the packer: the scalars land at the same bytes.
  ArgPacker packer;
  for (int i = 0; i < 4; ++i) {
    packer.addMemRef(i == 3 ? ArgKind::MemRefOut : ArgKind::MemRefIn, kWinFBase,
                     {1}, {16}, DataType::F16, 0x1);
  }
  for (int32_t value : {2, 1, 1, 0, 1, 0, 1, 3, 4, 21}) {
    packer.addI32(value);
  }
  packer.addF32(0.125f);
  packer.addF32(0.0f);
  EXPECT_EQ(packer.getSignature(),
            std::vector<ArgKind>(std::begin(ConvolutionKernel::signature),
                                 std::end(ConvolutionKernel::signature)));
  std::vector<uint8_t> bytes = packer.finish();
  ASSERT_GE(bytes.size(), sizeof(args));
  size_t scalars = offsetof(ConvolutionKernel::Args, strideH);
  EXPECT_EQ(std::memcmp(bytes.data() + scalars,
                        reinterpret_cast<const uint8_t *>(&args) + scalars,
                        sizeof(args) - scalars),
            0);
}

TEST(SwKernelsTest, sizesOfSomeStructs) {
  static_assert(sizeof(SoftmaxKernel::Args) == 68, "softmax");
  static_assert(sizeof(ConvolutionKernel::Args) == 4 * 32 + 12 * 4, "conv");
  static_assert(sizeof(InterpolateKernel::Args) == 2 * 32 + 7 * 4 + 24 * 4,
                "interpolate");
  static_assert(sizeof(PadKernel::Args) == 2 * 32 + 2 * 4 + 16 * 4, "pad");
  EXPECT_EQ(sizeof(BinaryArgs), 96u);
}

} // namespace
} // namespace mlir::vpuc::abi
