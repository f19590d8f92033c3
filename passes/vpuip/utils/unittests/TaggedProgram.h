//===- TaggedProgram.h - Parsed test IR with tagged ops ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The fixture of the tests of the level-2 utilities: a module of VPUIP, const,
// func and memref IR parsed from a string, whose first function's ops carry
// a `tag` string attribute by which a test finds them.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_UNITTESTS_TAGGEDPROGRAM_H_
#define VPUC_PASSES_VPUIP_UTILS_UNITTESTS_TAGGEDPROGRAM_H_

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPUIP {

class TaggedProgramTest : public ::testing::Test {
protected:
  /// Parses `source` into `module` and indexes the tagged ops of its first
  /// function.
  void parse(const char *source) {
    context.loadDialect<VPUIPDialect, Const::ConstDialect, func::FuncDialect,
                        memref::MemRefDialect>();
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    func = *module->getOps<func::FuncOp>().begin();
    func.walk([&](Operation *op) {
      if (auto name = op->getAttrOfType<StringAttr>("tag")) {
        ops[name.getValue()] = op;
      }
    });
  }

  /// The op tagged `name`.
  Operation *op(StringRef name) {
    EXPECT_TRUE(ops.count(name)) << name.str();
    return ops.lookup(name);
  }

  /// The first result of the op tagged `name`.
  Value at(StringRef name) {
    Operation *tagged = op(name);
    return tagged ? tagged->getResult(0) : Value();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  llvm::StringMap<Operation *> ops;
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_UNITTESTS_TAGGEDPROGRAM_H_
