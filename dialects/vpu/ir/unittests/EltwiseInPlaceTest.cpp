//===- EltwiseInPlaceTest.cpp - Eltwise results over an input ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// canOverwriteInput: an input of the result's type that only the eltwise op
// reads, directly or as its piece of a join, qualifies; a shared input, a
// piece another slice also reads, an input of another type, a network input
// and an op that is not an eltwise do not.
//
//===----------------------------------------------------------------------===//

#include <string>

#include "dialects/vpu/ir/EltwiseInPlace.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

class EltwiseInPlaceTest : public ::testing::Test {
protected:
  EltwiseInPlaceTest() {
    DialectRegistry registry;
    registerVPUDialect(registry);
    context.appendDialectRegistry(registry);
    context.loadDialect<VPUDialect>();
  }

  /// canOverwriteInput of the op defining `@f`'s first result, in a function
  /// of arguments %x, %y (1x16x8x8) and %z (1x16x16x8) whose body is `body`.
  bool overwrites(const std::string &body, const std::string &results) {
    const std::string type = "tensor<1x16x8x8xf16, #NHWC>";
    const std::string source =
        "#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>\n"
        "func.func @f(%x: " +
        type + ", %y: " + type + ", %z: tensor<1x16x16x8xf16, #NHWC>) -> (" +
        results + ") {\n" + body + "}\n";
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "cannot parse:\n" << source;
      return false;
    }
    auto func = *module->getOps<func::FuncOp>().begin();
    Operation *ret = func.getBody().front().getTerminator();
    return canOverwriteInput(ret->getOperand(0).getDefiningOp());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

const char *const kPool =
    "VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = "
    "array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, "
    "strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> "
    "tensor<1x16x8x8xf16, #NHWC>\n";

std::string add(const std::string &a, const std::string &b) {
  return "VPU.NCE.Eltwise(" + a + ", " + b +
         ") {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : "
         "tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> "
         "tensor<1x16x8x8xf16, #NHWC>\n";
}

const char *const kResult = "tensor<1x16x8x8xf16, #NHWC>";

TEST_F(EltwiseInPlaceTest, anNceResultOnlyItReads) {
  EXPECT_TRUE(overwrites(std::string("%p = ") + kPool + "%a = " +
                             add("%y", "%p") + "return %a : " + kResult + "\n",
                         kResult));
}

TEST_F(EltwiseInPlaceTest, notAResultOthersRead) {
  const std::string r = std::string(kResult);
  EXPECT_FALSE(overwrites(std::string("%p = ") + kPool +
                              "%a = " + add("%p", "%y") +
                              "return %a, %p : " + r + ", " + r + "\n",
                          r + ", " + r));
}

TEST_F(EltwiseInPlaceTest, notANetworkInputOrAnotherOp) {
  EXPECT_FALSE(overwrites(std::string("%a = ") + add("%x", "%y") +
                              "return %a : " + kResult + "\n",
                          kResult));
  EXPECT_FALSE(overwrites(std::string("%p = ") + kPool + "%q = " +
                              std::string(kPool).replace(16, 2, "%p") +
                              "return %q : " + kResult + "\n",
                          kResult));
}

TEST_F(EltwiseInPlaceTest, itsPieceOfAJoin) {
  const std::string pieces =
      "%x0 = VPU.Slice %z [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, "
      "#NHWC> -> tensor<1x16x8x8xf16, #NHWC>\n"
      "%p0 = " +
      std::string(kPool).replace(16, 2, "%x0") + "%p1 = " + kPool +
      "%j = VPU.Concat(%p0, %p1) {axis = 2 : i64} : tensor<1x16x8x8xf16, "
      "#NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x16x8xf16, #NHWC>\n"
      "%s0 = VPU.Slice %j [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, "
      "#NHWC> -> tensor<1x16x8x8xf16, #NHWC>\n"
      "%s1 = VPU.Slice %j [0, 0, 8, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, "
      "#NHWC> -> tensor<1x16x8x8xf16, #NHWC>\n"
      "%a = " +
      add("%s0", "%y");
  const std::string r = std::string(kResult);
  EXPECT_TRUE(overwrites(pieces + "return %a, %s1 : " + r + ", " + r + "\n",
                         r + ", " + r));
  // A halo slice also reads the first piece.
  const std::string halo =
      "%h = VPU.Slice %j [0, 0, 7, 0] [1, 16, 2, 8] : tensor<1x16x16x8xf16, "
      "#NHWC> -> tensor<1x16x2x8xf16, #NHWC>\n";
  EXPECT_FALSE(overwrites(pieces + halo + "return %a, %h : " + r +
                              ", tensor<1x16x2x8xf16, #NHWC>\n",
                          r + ", tensor<1x16x2x8xf16, #NHWC>"));
}

} // namespace
} // namespace mlir::vpuc::VPU
