//===- ApplyOnceTest.cpp - apply_once tests ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// applyPatternsOnce: each op nested in the root is offered to the patterns
// once, in post-order as collected before the first rewrite; the ops a rewrite
// creates are not visited, those it erases are skipped; the remarks of the
// ops a pass left unchanged.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/ApplyOnce.h"

#include <string>
#include <vector>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

/// Nested unregistered ops, each with an `id`. `test.replace` is replaced by
/// a new op, `test.erase_next` erases the op after it.
constexpr const char *kSource = R"mlir(
"test.outer"() ({
  "test.leaf"() {id = "a"} : () -> ()
  "test.replace"() {id = "b"} : () -> ()
  "test.erase_next"() {id = "c"} : () -> ()
  "test.leaf"() {id = "d"} : () -> ()
  "test.leaf"() {id = "e"} : () -> ()
}) {id = "outer"} : () -> ()
"test.leaf"() {id = "f"} : () -> ()
)mlir";

/// Records the id of every op it is offered, then rewrites the ops of
/// kSource; it succeeds without changing the others, so a driver that
/// offered an op twice would record it twice.
struct RecordingPattern final : RewritePattern {
  RecordingPattern(MLIRContext *context, std::vector<std::string> &visits)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        visits(visits) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto id = op->getAttrOfType<StringAttr>("id");
    visits.push_back(id ? id.str() : op->getName().getStringRef().str());
    if (op->getName().getStringRef() == "test.replace") {
      OperationState state(op->getLoc(), "test.created");
      state.addAttribute("id", rewriter.getStringAttr("created"));
      rewriter.create(state);
      rewriter.eraseOp(op);
    } else if (op->getName().getStringRef() == "test.erase_next") {
      rewriter.eraseOp(op->getNextNode());
    }
    return success();
  }

  std::vector<std::string> &visits;
};

class ApplyOnceTest : public ::testing::Test {
protected:
  ApplyOnceTest() {
    context.allowUnregisteredDialects();
    context.printOpOnDiagnostic(false);
    module = parseSourceString<ModuleOp>(kSource, &context);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::vector<std::string> visits;
};

TEST_F(ApplyOnceTest, visitsEachOpOnceInPostOrder) {
  ASSERT_TRUE(module);
  RewritePatternSet patterns(&context);
  patterns.add<RecordingPattern>(&context, visits);
  applyPatternsOnce(module->getOperation(),
                    FrozenRewritePatternSet(std::move(patterns)));
  // Nested ops before their parent; not the root (the module); not the op
  // `b`'s rewrite created; not `d`, erased by `c` before its turn.
  EXPECT_EQ(visits,
            (std::vector<std::string>{"a", "b", "c", "e", "outer", "f"}));
  // The rewrites happened: `created` stands where `b` was, `d` is gone.
  std::vector<std::string> ids;
  module->walk([&](Operation *op) {
    if (auto id = op->getAttrOfType<StringAttr>("id")) {
      ids.push_back(id.str());
    }
  });
  EXPECT_EQ(ids,
            (std::vector<std::string>{"a", "created", "c", "e", "outer", "f"}));
}

TEST_F(ApplyOnceTest, remarksOnTheOpsLeftUnchanged) {
  ASSERT_TRUE(module);
  std::vector<std::string> remarks;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    EXPECT_EQ(diag.getSeverity(), DiagnosticSeverity::Remark);
    remarks.push_back(diag.str());
    return success();
  });
  auto populate = [&](RewritePatternSet &patterns) {
    patterns.add<RecordingPattern>(&context, visits);
  };
  auto whyUnchanged = [](Operation *op) -> std::string {
    auto id = op->getAttrOfType<StringAttr>("id");
    return id && (id == "a" || id == "f") ? "because " + id.str() : "";
  };
  applyPatternsOnce(module->getOperation(), populate, /*emitRemarks=*/false,
                    whyUnchanged);
  EXPECT_TRUE(remarks.empty());
  EXPECT_EQ(visits.size(), 6u);

  // Asked for, the remarks come after the sweep, in post-order.
  applyPatternsOnce(module->getOperation(), populate, /*emitRemarks=*/true,
                    whyUnchanged);
  EXPECT_EQ(remarks, (std::vector<std::string>{"left unchanged: because a",
                                               "left unchanged: because f"}));
}

} // namespace
} // namespace mlir::vpuc::IE
