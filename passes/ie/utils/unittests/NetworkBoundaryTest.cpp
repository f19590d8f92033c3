//===- NetworkBoundaryTest.cpp - network_boundary tests ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lookupNetwork on valid and invalid modules, and the signature rewrites of
// setArgumentTypes and setResultTypes (conversion order, replaced uses,
// pass-through values, every return).
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/NetworkBoundary.h"

#include <string>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class NetworkBoundaryTest : public ::testing::Test {
protected:
  NetworkBoundaryTest() {
    context.loadDialect<func::FuncDialect, IEDialect, Const::ConstDialect>();
    context.printOpOnDiagnostic(false);
  }

  /// Parses `source`, failing the test when it does not parse and verify.
  OwningOpRef<ModuleOp> parse(const std::string &source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    return module;
  }

  /// Runs lookupNetwork on `module`, collecting the diagnostics into
  /// `messages`.
  FailureOr<std::optional<NetworkEntry>> lookup(ModuleOp module) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      messages += diag.str();
      for (const Diagnostic &note : diag.getNotes()) {
        messages += " | " + note.str();
      }
      return success();
    });
    return lookupNetwork(module);
  }

  /// Prints `op` in its custom form.
  static std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  /// Creates an IE.Convert of `value` to the element type of `type`.
  static Value createConvert(OpBuilder &builder, Location loc, Value value,
                             Type type) {
    Type elemType = llvm::cast<RankedTensorType>(type).getElementType();
    return builder.create<ConvertOp>(loc, value, TypeAttr::get(elemType));
  }

  MLIRContext context;
  std::string messages;
};

constexpr const char *kNetwork = R"mlir(
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
  IE.DataInfo "b" : tensor<3xf32> precision f16
} outputsInfo : {
  IE.DataInfo "x" : tensor<2xf32> precision f16
  IE.DataInfo "y" : tensor<3xf32> precision f32
  IE.DataInfo "z" : tensor<2xf32> precision f16
}
func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>)
    -> (tensor<2xf32>, tensor<3xf32>, tensor<2xf32>) {
  %0 = IE.ReLU(%a) : tensor<2xf32> -> tensor<2xf32>
  %1 = IE.Negative(%b) : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %a : tensor<2xf32>, tensor<3xf32>, tensor<2xf32>
}
)mlir";

TEST_F(NetworkBoundaryTest, noNetwork) {
  OwningOpRef<ModuleOp> module = parse("func.func @f() { return }");
  FailureOr<std::optional<NetworkEntry>> entry = lookup(*module);
  ASSERT_TRUE(succeeded(entry));
  EXPECT_FALSE(entry->has_value());
  EXPECT_TRUE(messages.empty());
}

TEST_F(NetworkBoundaryTest, findsTheEntryPoint) {
  OwningOpRef<ModuleOp> module = parse(kNetwork);
  FailureOr<std::optional<NetworkEntry>> entry = lookup(*module);
  ASSERT_TRUE(succeeded(entry));
  ASSERT_TRUE(entry->has_value());
  EXPECT_EQ((*entry)->entryPoint.getSymName(), "main");
  EXPECT_EQ((*entry)->network.getEntryPoint(), "main");
}

TEST_F(NetworkBoundaryTest, rejectsTwoNetworks) {
  OwningOpRef<ModuleOp> module = parse(std::string(kNetwork) + R"mlir(
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
  IE.DataInfo "b" : tensor<3xf32> precision f16
} outputsInfo : {
  IE.DataInfo "x" : tensor<2xf32> precision f16
  IE.DataInfo "y" : tensor<3xf32> precision f32
  IE.DataInfo "z" : tensor<2xf32> precision f16
}
)mlir");
  EXPECT_TRUE(failed(lookup(*module)));
  EXPECT_EQ(
      messages,
      "'IE.CNNNetwork' op is a second network of the module; expects at most "
      "one | the first IE.CNNNetwork");
}

TEST_F(NetworkBoundaryTest, rejectsADeclaration) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
IE.CNNNetwork entryPoint : @main inputsInfo : {
} outputsInfo : {
  IE.DataInfo "x" : tensor<2xf32> precision f16
}
func.func private @main() -> tensor<2xf32>
)mlir");
  EXPECT_TRUE(failed(lookup(*module)));
  EXPECT_EQ(messages, "'IE.CNNNetwork' op entry point @main has no body");
}

TEST_F(NetworkBoundaryTest, rejectsACalledEntryPoint) {
  OwningOpRef<ModuleOp> module = parse(std::string(kNetwork) + R"mlir(
func.func @caller(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0:3 = call @main(%a, %b) : (tensor<2xf32>, tensor<3xf32>)
      -> (tensor<2xf32>, tensor<3xf32>, tensor<2xf32>)
  return %0#0 : tensor<2xf32>
}
)mlir");
  EXPECT_TRUE(failed(lookup(*module)));
  EXPECT_EQ(messages,
            "'func.call' op refers to the network entry point @main, whose "
            "signature the adaptation of the network's inputs and outputs "
            "changes | the IE.CNNNetwork");
}

TEST_F(NetworkBoundaryTest, setsArgumentTypesInArgumentOrder) {
  OwningOpRef<ModuleOp> module = parse(kNetwork);
  auto func = module->lookupSymbol<func::FuncOp>("main");
  IRRewriter rewriter(&context);
  Type a16 = RankedTensorType::get({2}, Float16Type::get(&context));
  Type b16 = RankedTensorType::get({3}, Float16Type::get(&context));
  setArgumentTypes(rewriter, func, {a16, b16}, createConvert);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(
      print(func),
      "func.func @main(%arg0: tensor<2xf16>, %arg1: tensor<3xf16>) -> "
      "(tensor<2xf32>, "
      "tensor<3xf32>, tensor<2xf32>) {\n"
      "  %0 = IE.Convert(%arg0) {dstElemType = f32} : tensor<2xf16> -> "
      "tensor<2xf32>\n"
      "  %1 = IE.Convert(%arg1) {dstElemType = f32} : tensor<3xf16> -> "
      "tensor<3xf32>\n"
      "  %2 = IE.ReLU(%0) : tensor<2xf32> -> tensor<2xf32>\n"
      "  %3 = IE.Negative(%1) : tensor<3xf32> -> tensor<3xf32>\n"
      "  return %2, %3, %0 : tensor<2xf32>, tensor<3xf32>, tensor<2xf32>\n"
      "}");
}

TEST_F(NetworkBoundaryTest, keepsUnsetAndUnchangedArguments) {
  OwningOpRef<ModuleOp> module = parse(kNetwork);
  auto func = module->lookupSymbol<func::FuncOp>("main");
  std::string before = print(func);
  IRRewriter rewriter(&context);
  Type b32 = RankedTensorType::get({3}, Float32Type::get(&context));
  setArgumentTypes(rewriter, func, {std::nullopt, b32}, createConvert);
  EXPECT_EQ(print(func), before);
}

TEST_F(NetworkBoundaryTest, setsResultTypesAtEveryReturnedValue) {
  OwningOpRef<ModuleOp> module = parse(kNetwork);
  auto func = module->lookupSymbol<func::FuncOp>("main");
  IRRewriter rewriter(&context);
  Type a16 = RankedTensorType::get({2}, Float16Type::get(&context));
  setResultTypes(rewriter, func, {a16, std::nullopt, a16}, createConvert);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(
      print(func),
      "func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> "
      "(tensor<2xf16>, "
      "tensor<3xf32>, tensor<2xf16>) {\n"
      "  %0 = IE.ReLU(%arg0) : tensor<2xf32> -> tensor<2xf32>\n"
      "  %1 = IE.Negative(%arg1) : tensor<3xf32> -> tensor<3xf32>\n"
      "  %2 = IE.Convert(%0) {dstElemType = f16} : tensor<2xf32> -> "
      "tensor<2xf16>\n"
      "  %3 = IE.Convert(%arg0) {dstElemType = f16} : tensor<2xf32> -> "
      "tensor<2xf16>\n"
      "  return %2, %1, %3 : tensor<2xf16>, tensor<3xf32>, tensor<2xf16>\n"
      "}");
}

TEST_F(NetworkBoundaryTest, passThroughArgumentConvertsTwice) {
  OwningOpRef<ModuleOp> module = parse(kNetwork);
  auto func = module->lookupSymbol<func::FuncOp>("main");
  IRRewriter rewriter(&context);
  Type a16 = RankedTensorType::get({2}, Float16Type::get(&context));
  setArgumentTypes(rewriter, func, {a16, std::nullopt}, createConvert);
  setResultTypes(rewriter, func, {std::nullopt, std::nullopt, a16},
                 createConvert);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(func.getFunctionType(),
            FunctionType::get(
                &context,
                {a16, RankedTensorType::get({3}, Float32Type::get(&context))},
                {RankedTensorType::get({2}, Float32Type::get(&context)),
                 RankedTensorType::get({3}, Float32Type::get(&context)), a16}));
  auto ret = llvm::cast<func::ReturnOp>(func.front().getTerminator());
  auto outer = ret.getOperand(2).getDefiningOp<ConvertOp>();
  ASSERT_TRUE(outer);
  auto inner = outer.getInput().getDefiningOp<ConvertOp>();
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner.getInput(), func.getArgument(0));
}

} // namespace
} // namespace mlir::vpuc::IE
