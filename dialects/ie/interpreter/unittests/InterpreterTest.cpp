//===- InterpreterTest.cpp - Tests of the IE reference interpreter -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Parses small IE modules, runs them through the Interpreter and checks
// outputs, layer names seen by the callback, entry-point selection and every
// error the interpreter reports.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/Interpreter.h"

#include <string>
#include <vector>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class InterpreterTest : public ::testing::Test {
protected:
  InterpreterTest()
      : handler(&context, [this](Diagnostic &diag) {
          errors.push_back(diag.str());
          return success();
        }) {
    context.loadDialect<func::FuncDialect, IEDialect, Const::ConstDialect>();
  }

  /// Parses `source`, expecting success.
  ModuleOp parse(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << (errors.empty() ? "" : errors.front());
    return module.get();
  }

  /// The interpreter of `source`'s network, expecting success.
  Interpreter interpreter(llvm::StringRef source, llvm::StringRef entry = "") {
    FailureOr<Interpreter> result = Interpreter::create(parse(source), entry);
    EXPECT_TRUE(succeeded(result)) << (errors.empty() ? "" : errors.front());
    return std::move(*result);
  }

  /// The last error reported.
  std::string lastError() const { return errors.empty() ? "" : errors.back(); }

  MLIRContext context;
  ScopedDiagnosticHandler handler;
  std::vector<std::string> errors;
  OwningOpRef<ModuleOp> module;
};

constexpr llvm::StringLiteral kNetwork = R"mlir(
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "x" : tensor<1x4xf32> precision f32
  IE.DataInfo "y" : tensor<4xf32> precision f32
} outputsInfo : {
  IE.DataInfo "relu" : tensor<1x4xf32> precision f32
  IE.DataInfo "sum" : tensor<1x4xf32> precision f32
}
func.func @main(%x: tensor<1x4xf32>, %y: tensor<4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %c = const.Declare tensor<4xf32> = #const.Content<dense<[1.0, -2.0, 3.0, -4.0]> : tensor<4xf32>>
  %0 = IE.Add(%x, %c) : tensor<1x4xf32>, tensor<4xf32> -> tensor<1x4xf32> loc(fused["add", "model.onnx":0:0])
  %1 = IE.ReLU(%0) : tensor<1x4xf32> -> tensor<1x4xf32> loc("relu_node")
  %2 = IE.Add(%0, %y) : tensor<1x4xf32>, tensor<4xf32> -> tensor<1x4xf32>
  return %1, %2 : tensor<1x4xf32>, tensor<1x4xf32>
}
)mlir";

HostTensorMap makeInputs() {
  HostTensorMap inputs;
  inputs.insert({"x", HostTensor({1, 4}, {0.5f, 1.0f, -1.0f, 2.0f})});
  inputs.insert({"y", HostTensor({4}, {10.0f, 20.0f, 30.0f, 40.0f})});
  return inputs;
}

TEST_F(InterpreterTest, runsTheNetwork) {
  Interpreter interp = interpreter(kNetwork);
  ASSERT_EQ(interp.getInputs().size(), 2u);
  EXPECT_EQ(interp.getInputs()[0].name, "x");
  EXPECT_EQ(interp.getOutputs()[1].name, "sum");
  FailureOr<HostTensorMap> outputs = interp.run(makeInputs());
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  ASSERT_EQ(outputs->size(), 2u);
  EXPECT_EQ(outputs->begin()->first, "relu");
  EXPECT_EQ((*outputs)["relu"].data,
            (std::vector<float>{1.5f, 0.0f, 2.0f, 0.0f}));
  EXPECT_EQ((*outputs)["sum"].data,
            (std::vector<float>{11.5f, 19.0f, 32.0f, 38.0f}));
  EXPECT_EQ(llvm::ArrayRef<int64_t>((*outputs)["sum"].shape),
            llvm::ArrayRef<int64_t>({1, 4}));
}

TEST_F(InterpreterTest, callbackSeesEveryLayerByName) {
  Interpreter interp = interpreter(kNetwork);
  std::vector<std::string> names;
  std::vector<float> firstValues;
  FailureOr<HostTensorMap> outputs = interp.run(
      makeInputs(), [&](llvm::StringRef name, Value, const HostTensor &tensor) {
        names.push_back(name.str());
        firstValues.push_back(tensor.data.front());
        return success();
      });
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  // Constants are not layers; an op without a NameLoc is named after its
  // position.
  EXPECT_EQ(names, (std::vector<std::string>{"add", "relu_node", "IE.Add#3"}));
  EXPECT_EQ(firstValues, (std::vector<float>{1.5f, 1.5f, 11.5f}));
}

TEST_F(InterpreterTest, callbackFailureStopsTheRun) {
  Interpreter interp = interpreter(kNetwork);
  int calls = 0;
  FailureOr<HostTensorMap> outputs =
      interp.run(makeInputs(), [&](llvm::StringRef, Value, const HostTensor &) {
        ++calls;
        return failure();
      });
  EXPECT_TRUE(failed(outputs));
  EXPECT_EQ(calls, 1);
}

TEST_F(InterpreterTest, laterResultsAreSuffixed) {
  Interpreter interp = interpreter(R"mlir(
func.func @split(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x3xf32> loc("split")
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x3xf32>
}
)mlir");
  // Without a network description the inputs and outputs are argN / resultN.
  EXPECT_EQ(interp.getInputs()[0].name, "arg0");
  HostTensorMap inputs;
  inputs.insert({"arg0", HostTensor({2, 5}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})});
  std::vector<std::string> names;
  FailureOr<HostTensorMap> outputs =
      interp.run(inputs, [&](llvm::StringRef name, Value, const HostTensor &) {
        names.push_back(name.str());
        return success();
      });
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  EXPECT_EQ(names, (std::vector<std::string>{"split", "split:1"}));
  EXPECT_EQ((*outputs)["result0"].data, (std::vector<float>{0, 1, 5, 6}));
  EXPECT_EQ((*outputs)["result1"].data, (std::vector<float>{2, 3, 4, 7, 8, 9}));
}

TEST_F(InterpreterTest, sharedAndReturnedValuesStayIntact) {
  // %0 feeds two ops, one of which reads it twice, and is returned twice.
  Interpreter interp = interpreter(R"mlir(
func.func @f(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = IE.Negative(%x) : tensor<3xf32> -> tensor<3xf32>
  %1 = IE.Multiply(%0, %0) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %2 = IE.Add(%0, %1) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0, %2, %0, %x : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
)mlir");
  HostTensorMap inputs;
  inputs.insert({"arg0", HostTensor({3}, {1, 2, 3})});
  FailureOr<HostTensorMap> outputs = interp.run(inputs);
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  EXPECT_EQ((*outputs)["result0"].data, (std::vector<float>{-1, -2, -3}));
  EXPECT_EQ((*outputs)["result1"].data, (std::vector<float>{0, 2, 6}));
  EXPECT_EQ((*outputs)["result2"].data, (std::vector<float>{-1, -2, -3}));
  EXPECT_EQ((*outputs)["result3"].data, (std::vector<float>{1, 2, 3}));
  // The caller's inputs are not consumed: a second run gives the same results.
  FailureOr<HostTensorMap> again = interp.run(inputs);
  ASSERT_TRUE(succeeded(again));
  EXPECT_EQ((*again)["result1"].data, (*outputs)["result1"].data);
}

TEST_F(InterpreterTest, inputsAreRoundedToTheArgumentType) {
  Interpreter interp = interpreter(R"mlir(
func.func @f(%x: tensor<2xf16>, %i: tensor<2xsi8>) -> (tensor<2xf16>, tensor<2xsi8>) {
  return %x, %i : tensor<2xf16>, tensor<2xsi8>
}
)mlir");
  HostTensorMap inputs;
  inputs.insert({"arg0", HostTensor({2}, {1.0001f, 70000.0f})});
  inputs.insert({"arg1", HostTensor({2}, {3.7f, -300.0f})});
  FailureOr<HostTensorMap> outputs = interp.run(inputs);
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  EXPECT_EQ((*outputs)["result0"].data[0], 1.0f);
  EXPECT_TRUE(std::isinf((*outputs)["result0"].data[1]));
  EXPECT_EQ((*outputs)["result1"].data, (std::vector<float>{3.0f, -128.0f}));
}

TEST_F(InterpreterTest, entryPointSelection) {
  constexpr llvm::StringLiteral source = R"mlir(
func.func @one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Negative(%x) : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @two(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
)mlir";
  EXPECT_TRUE(failed(Interpreter::create(parse(source))));
  EXPECT_NE(
      lastError().find(
          "the module has no IE.CNNNetwork and 2 func.func ops with a body"),
      std::string::npos)
      << lastError();
  EXPECT_TRUE(failed(Interpreter::create(module.get(), "three")));
  EXPECT_EQ(lastError(), "no func.func named @three to interpret");
  FailureOr<Interpreter> one = Interpreter::create(module.get(), "one");
  ASSERT_TRUE(succeeded(one));
  EXPECT_EQ(one->getFunction().getSymName(), "one");

  // A given function that the network does not describe keeps the argN names.
  FailureOr<Interpreter> other =
      Interpreter::create(parse(std::string(kNetwork) + R"mlir(
func.func @other(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
)mlir"),
                          "other");
  ASSERT_TRUE(succeeded(other));
  EXPECT_EQ(other->getInputs()[0].name, "arg0");
}

TEST_F(InterpreterTest, rejectsUnsupportedSignaturesAndBodies) {
  ModuleOp declarations = parse(R"mlir(
func.func private @decl(%x: tensor<2xf32>) -> tensor<2xf32>
)mlir");
  EXPECT_TRUE(failed(Interpreter::create(declarations)));
  EXPECT_NE(lastError().find("0 func.func ops with a body"), std::string::npos)
      << lastError();
  EXPECT_TRUE(failed(Interpreter::create(declarations, "decl")));
  EXPECT_EQ(lastError(), "cannot interpret @decl: it has no body");
  EXPECT_TRUE(failed(Interpreter::create(parse(R"mlir(
func.func @f(%x: i32) -> i32 {
  return %x : i32
}
)mlir"))));
  EXPECT_EQ(lastError(),
            "cannot interpret @f: argument #0 has type 'i32', expected a "
            "ranked tensor");
}

TEST_F(InterpreterTest, inputErrorsNameTheInput) {
  Interpreter interp = interpreter(kNetwork);
  HostTensorMap inputs = makeInputs();
  inputs.erase(inputs.find("y"));
  EXPECT_TRUE(failed(interp.run(inputs)));
  EXPECT_EQ(lastError(), "missing input 'y' of shape 4");

  inputs = makeInputs();
  inputs.insert({"z", HostTensor({1}, {0.0f})});
  EXPECT_TRUE(failed(interp.run(inputs)));
  EXPECT_EQ(lastError(),
            "unknown input 'z'; the network's inputs are: 'x', 'y'");

  inputs = makeInputs();
  inputs["x"] = HostTensor({4, 1}, {1, 2, 3, 4});
  EXPECT_TRUE(failed(interp.run(inputs)));
  EXPECT_EQ(lastError(), "input 'x' has shape 4x1 but the network expects 1x4");

  inputs["x"] = HostTensor({1, 4}, {1, 2, 3});
  EXPECT_TRUE(failed(interp.run(inputs)));
  EXPECT_EQ(lastError(), "input 'x' holds 3 values for the shape 1x4");
}

TEST_F(InterpreterTest, opWithoutInferenceIsAnError) {
  context.allowUnregisteredDialects();
  // The interpreter refuses the function before it runs, naming the op and
  // its layer, and the dialect of an op below the IE level.
  EXPECT_TRUE(failed(Interpreter::create(parse(R"mlir(
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "test.opaque"(%x) : (tensor<2xf32>) -> tensor<2xf32> loc("opaque_node")
  return %0 : tensor<2xf32>
}
)mlir"))));
  EXPECT_EQ(lastError(), "'test.opaque' op cannot be interpreted: it does not "
                         "implement the IE inference interface (layer "
                         "'opaque_node'); only IE-level IR runs (IE and const "
                         "ops, and VPU ops on tensors), not test IR");
  // Ops come before the signature: a bufferized function is told by its op.
  EXPECT_TRUE(failed(Interpreter::create(parse(R"mlir(
func.func @g(%x: memref<2xf32>) -> memref<2xf32> {
  "VPUIP.Copy"(%x) : (memref<2xf32>) -> ()
  return %x : memref<2xf32>
}
)mlir"))));
  EXPECT_EQ(lastError(), "'VPUIP.Copy' op cannot be interpreted: it does not "
                         "implement the IE inference interface; only IE-level "
                         "IR runs (IE and const ops, and VPU ops on tensors), "
                         "not VPUIP IR");
  EXPECT_TRUE(failed(Interpreter::create(parse(R"mlir(
func.func @h(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @h(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)mlir"))));
  EXPECT_EQ(lastError(), "'func.call' op cannot be interpreted: it does not "
                         "implement the IE inference interface; only IE-level "
                         "IR runs (IE and const ops, and VPU ops on tensors)");
}

TEST_F(InterpreterTest, callbackSeesTheOutputsOfEachLayer) {
  // A layer is the ops of one name, its outputs the results other layers
  // read; a layer fused into a later one (listed before it in a fused
  // location) has none.
  Interpreter interp = interpreter(R"mlir(
func.func @f(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<1xf32>) {
  %0 = IE.Negative(%x) : tensor<2xf32> -> tensor<2xf32> loc("a")
  %1 = IE.Negative(%0) : tensor<2xf32> -> tensor<2xf32> loc("a")
  %2 = IE.Negative(%1) : tensor<2xf32> -> tensor<2xf32> loc("b")
  %3 = IE.ReLU(%2) : tensor<2xf32> -> tensor<2xf32> loc(fused["b", "c"])
  %4 = IE.Negative(%3) : tensor<2xf32> -> tensor<2xf32> loc("c")
  %5 = IE.Negative(%4) : tensor<2xf32> -> tensor<2xf32>
  %6 = IE.Slice(%5) {starts = array<i64: 0>, ends = array<i64: 1>} : tensor<2xf32> -> tensor<1xf32> loc("split")
  %7 = IE.Slice(%5) {starts = array<i64: 1>, ends = array<i64: 2>} : tensor<2xf32> -> tensor<1xf32> loc("split")
  %8 = IE.Add(%6, %7) : tensor<1xf32>, tensor<1xf32> -> tensor<1xf32> loc("sum")
  return %5, %8 : tensor<2xf32>, tensor<1xf32>
}
)mlir");
  HostTensorMap inputs;
  inputs.insert({"arg0", HostTensor({2}, {1, -2})});
  std::vector<std::string> names;
  std::vector<std::vector<float>> values;
  FailureOr<HostTensorMap> outputs = interp.run(
      inputs, [&](llvm::StringRef name, Value, const HostTensor &tensor) {
        names.push_back(name.str());
        values.push_back(tensor.data);
        return success();
      });
  ASSERT_TRUE(succeeded(outputs)) << lastError();
  EXPECT_EQ(names, (std::vector<std::string>{"a", "c", "IE.Negative#5", "split",
                                             "split:1", "sum"}));
  EXPECT_EQ(values, (std::vector<std::vector<float>>{
                        {1, -2}, {0, -2}, {0, 2}, {0}, {2}, {2}}));
}

TEST_F(InterpreterTest, layerNames) {
  parse(R"mlir(
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Negative(%x) : tensor<2xf32> -> tensor<2xf32> loc(callsite("inner" at "outer"))
  %1 = IE.Negative(%0) : tensor<2xf32> -> tensor<2xf32> loc(fused["a.onnx":1:2, "fusedname"])
  %2 = IE.Negative(%1) : tensor<2xf32> -> tensor<2xf32> loc("a.onnx":1:2)
  %3 = IE.Negative(%2) : tensor<2xf32> -> tensor<2xf32> loc(fused["first", "a.onnx":1:2, "last"])
  %4 = IE.Negative(%3) : tensor<2xf32> -> tensor<2xf32> loc("conv/tile0"("conv"("a.onnx":1:2)))
  return %4 : tensor<2xf32>
}
)mlir");
  auto func = *module->getOps<func::FuncOp>().begin();
  std::vector<std::string> names;
  for (Operation &op : func.getBody().front().without_terminator()) {
    names.push_back(Interpreter::getLayerName(&op));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"inner", "fusedname",
                                             "IE.Negative#2", "last", "conv"}));
}

} // namespace
} // namespace mlir::vpuc::IE
