//===- SplitEquivalence.cpp - Harness of the NCE split tests ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the SplitEquivalence test fixture base.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/utils/testing/SplitEquivalence.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU::testing {

SplitEquivalence::SplitEquivalence(uint32_t seed) : seed(seed) {
  DialectRegistry registry;
  registerVPUDialect(registry);
  Const::registerConstDialect(registry);
  registry.insert<VPUIP::VPUIPDialect, func::FuncDialect>();
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

float SplitEquivalence::next() {
  seed = seed * 1664525u + 1013904223u;
  return static_cast<float>(seed >> 8) / static_cast<float>(1u << 23) - 1.0f;
}

std::string SplitEquivalence::withNhwcAndConstants(std::string function) {
  return "#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>\n" +
         expandConstants(std::move(function));
}

std::pair<int64_t, int64_t>
SplitEquivalence::countNceOpsAndSwLayers(ModuleOp module) {
  int64_t nceOps = 0;
  int64_t swLayers = 0;
  module.walk([&](Operation *op) {
    nceOps += llvm::isa<NCEOpInterface>(op) ? 1 : 0;
    swLayers += llvm::isa<SWSwishOp, SWSigmoidOp>(op) ? 1 : 0;
  });
  return {nceOps, swLayers};
}

std::string SplitEquivalence::expandConstants(std::string function) {
  for (const char *marker : {"{W:", "{B:", "{V:", "{C:"}) {
    for (size_t begin = function.find(marker); begin != std::string::npos;
         begin = function.find(marker)) {
      size_t end = function.find('}', begin);
      StringRef spec = StringRef(function).slice(begin + 3, end);
      auto [shape, countText] = spec.split(':');
      int64_t count = 0;
      EXPECT_FALSE(countText.getAsInteger(10, count));
      std::string body = "[";
      for (int64_t i = 0; i < count; ++i) {
        body += llvm::formatv("{0}{1:e}", i ? ", " : "", next() * 0.25f).str();
      }
      body += "]";
      std::string dims = shape.str();
      std::replace(dims.begin(), dims.end(), 'x', ',');
      const bool rank4 = std::count(dims.begin(), dims.end(), ',') == 3;
      std::string decl =
          llvm::formatv("  %{0} = const.Declare tensor<{1}xf16{2}> = "
                        "#const.Content<dense<{3}> : tensor<{4}xf16>, "
                        "[#const.Reshape<[{5}]>{6}]>\n",
                        static_cast<char>(std::tolower(marker[1])), shape,
                        rank4 ? ", #NHWC" : "", body, count, dims,
                        rank4 ? ", #const.Reorder<#NHWC>" : "")
              .str();
      function.replace(begin, end - begin + 1, decl);
    }
  }
  return function;
}

IE::HostTensorMap SplitEquivalence::randomInputs(func::FuncOp func) {
  IE::HostTensorMap inputs;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto tensor = llvm::cast<RankedTensorType>(type);
    IE::HostTensor host = IE::HostTensor::filled(tensor.getShape());
    for (float &value : host.data) {
      value = next();
    }
    inputs.insert({"arg" + std::to_string(index), std::move(host)});
  }
  return inputs;
}

IE::HostTensorMap SplitEquivalence::run(ModuleOp module,
                                        const IE::HostTensorMap &inputs) {
  FailureOr<IE::Interpreter> interpreter = IE::Interpreter::create(module);
  EXPECT_TRUE(succeeded(interpreter));
  if (failed(interpreter)) {
    return {};
  }
  FailureOr<IE::HostTensorMap> outputs = interpreter->run(inputs);
  EXPECT_TRUE(succeeded(outputs));
  return succeeded(outputs) ? *outputs : IE::HostTensorMap();
}

void SplitEquivalence::expectSameValues(const IE::HostTensorMap &before,
                                        const IE::HostTensorMap &after) {
  ASSERT_EQ(before.size(), 1u);
  ASSERT_EQ(after.size(), 1u);
  const IE::HostTensor &expected = before.begin()->second;
  const IE::HostTensor &actual = after.begin()->second;
  ASSERT_EQ(actual.shape, expected.shape);
  ASSERT_EQ(actual.data.size(), expected.data.size());
  for (size_t i = 0; i < expected.data.size(); ++i) {
    ASSERT_EQ(actual.data[i], expected.data[i]) << "element " << i;
  }
}

OwningOpRef<ModuleOp>
SplitEquivalence::expectPassKeepsValues(const std::string &source,
                                        std::unique_ptr<Pass> pass) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module) {
    ADD_FAILURE() << "cannot parse:\n" << source;
    return {};
  }
  auto func = *module->getOps<func::FuncOp>().begin();
  IE::HostTensorMap inputs = randomInputs(func);
  IE::HostTensorMap before = run(*module, inputs);
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(std::move(pass));
  if (failed(pm.run(*module))) {
    ADD_FAILURE() << "the pass failed";
    return {};
  }
  expectSameValues(before, run(*module, inputs));
  return module;
}

} // namespace mlir::vpuc::VPU::testing
