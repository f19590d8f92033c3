//===- RegistryTest.cpp - Tests of the static registry ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/Passes.h"

#include <gtest/gtest.h>

namespace mlir::vpuc::registry {
namespace {

TEST(RegistryTest, contributionsBelongToTheCurrentComponent) {
  Registry registry;
  registry.beginComponent("first");
  registry.addDialects({"func"}, [](DialectRegistry &dialects) {
    dialects.insert<func::FuncDialect>();
  });
  registry.addPass([] { return createCSEPass(); });
  registry.beginComponent("second");
  registry.addPipeline("p", "name: \"p\"", "p.textproto");
  bool translationRegistered = false;
  registry.addTranslation("t", [&] { translationRegistered = true; });

  ASSERT_EQ(registry.getComponents().size(), 2u);
  const ComponentInfo &first = registry.getComponents()[0];
  EXPECT_EQ(first.id, "first");
  EXPECT_EQ(first.dialects, std::vector<std::string>{"func"});
  EXPECT_EQ(first.passes, std::vector<std::string>{"cse"});
  const ComponentInfo &second = registry.getComponents()[1];
  EXPECT_EQ(second.pipelines, std::vector<std::string>{"p"});
  EXPECT_EQ(second.translations, std::vector<std::string>{"t"});

  ASSERT_NE(registry.lookupPass("cse"), nullptr);
  EXPECT_EQ(registry.lookupPass("cse")->component, "first");
  EXPECT_EQ(registry.lookupPass("cse")->summary,
            "Eliminate common sub-expressions");
  EXPECT_EQ(registry.lookupPass("canonicalize"), nullptr);
  ASSERT_NE(registry.lookupPipeline("p"), nullptr);
  EXPECT_EQ(registry.lookupPipeline("p")->sourceName, "p.textproto");
  EXPECT_EQ(registry.lookupPipeline("q"), nullptr);
  EXPECT_NE(mlir::PassInfo::lookup("cse"), nullptr);

  DialectRegistry dialects;
  registry.appendDialects(dialects);
  EXPECT_TRUE(static_cast<bool>(dialects.getDialectAllocator("func")));

  registry.registerTranslations();
  EXPECT_TRUE(translationRegistered);
}

TEST(RegistryDeathTest, registrationOutsideAComponent) {
  Registry registry;
  EXPECT_DEATH(registry.addPipeline("p", "", "p.textproto"),
               "registered something outside its entry point");
}

TEST(RegistryDeathTest, duplicates) {
  EXPECT_DEATH(
      {
        Registry registry;
        registry.beginComponent("a");
        registry.beginComponent("a");
      },
      "component 'a' is registered twice");
  EXPECT_DEATH(
      {
        Registry registry;
        registry.beginComponent("a");
        registry.addPass([] { return createSCCPPass(); });
        registry.beginComponent("b");
        registry.addPass([] { return createSCCPPass(); });
      },
      "pass 'sccp' is registered by both 'a' and 'b'");
  EXPECT_DEATH(
      {
        Registry registry;
        registry.beginComponent("a");
        registry.addPipeline("p", "", "p.textproto");
        registry.addPipeline("p", "", "q.textproto");
      },
      "pipeline 'p' is registered by both 'a' and 'a'");
}

} // namespace
} // namespace mlir::vpuc::registry
