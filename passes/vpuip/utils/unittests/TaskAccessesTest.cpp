//===- TaskAccessesTest.cpp - Tests of TaskAccesses -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Accesses of DMA tasks and of ops without memory effects, and the conflict
// rule (read after write, write after read, write after write, reads and
// disjoint bytes never conflict, unknown effects always do) on parsed VPUIP
// IR.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskAccesses.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

/// Every task carries a `tag`; tasks are looked up by it.
constexpr const char *kProgram = R"mlir(
func.func @main(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPUIP.StaticAlloc<0> -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %b = VPUIP.StaticAlloc<128> -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %c = VPUIP.StaticAlloc<256> -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %lo = VPUIP.SubView %a [0] [32] : memref<64xf16, #VPUIP.mem<CMX_NN[0]>> to memref<32xf16, #VPUIP.mem<CMX_NN[0]>>
  %hi = VPUIP.SubView %a [32] [32] : memref<64xf16, #VPUIP.mem<CMX_NN[0]>> to memref<32xf16, #VPUIP.mem<CMX_NN[0]>>
  %inlo = VPUIP.SubView %in [0] [32] : memref<64xf16> to memref<32xf16>
  %load = VPUIP.NNDMA {tag = "load"} inputs(%in : memref<64xf16>) outputs(%a : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %copy = VPUIP.NNDMA {tag = "copy"} inputs(%a : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %copy2 = VPUIP.NNDMA {tag = "copy2"} inputs(%a : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%c : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %wlo = VPUIP.NNDMA {tag = "wlo"} inputs(%inlo : memref<32xf16>) outputs(%lo : memref<32xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<32xf16, #VPUIP.mem<CMX_NN[0]>>
  %whi = VPUIP.NNDMA {tag = "whi"} inputs(%inlo : memref<32xf16>) outputs(%hi : memref<32xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<32xf16, #VPUIP.mem<CMX_NN[0]>>
  %store = VPUIP.NNDMA {tag = "store"} inputs(%b : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<64xf16>) -> memref<64xf16>
  "test.opaque"(%c) {tag = "opaque"} : (memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) -> ()
  return %store : memref<64xf16>
}
)mlir";

class TaskAccessesTest : public ::testing::Test {
protected:
  void SetUp() override {
    context.allowUnregisteredDialects();
    context.loadDialect<VPUIPDialect, func::FuncDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &context);
    ASSERT_TRUE(module);
    module->walk([&](Operation *op) {
      if (auto name = op->getAttrOfType<StringAttr>("tag")) {
        ops[name.getValue()] = op;
      }
    });
  }

  TaskAccesses of(StringRef name) {
    EXPECT_TRUE(ops.count(name)) << name.str();
    return getTaskAccesses(ops.lookup(name));
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  llvm::StringMap<Operation *> ops;
};

TEST_F(TaskAccessesTest, dmaReadsItsInputAndWritesItsOutput) {
  TaskAccesses load = of("load");
  EXPECT_FALSE(load.touchesAll);
  ASSERT_EQ(load.accesses.size(), 2u);
  int reads = 0, writes = 0;
  for (const BufferAccess &access : load.accesses) {
    if (access.write) {
      ++writes;
      EXPECT_EQ(access.location.kind, BufferRootKind::StaticAllocation);
      EXPECT_EQ(*access.location.getAbsoluteOffset(), 0);
    } else {
      ++reads;
      EXPECT_EQ(access.location.kind, BufferRootKind::Argument);
    }
  }
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(writes, 1);
}

TEST_F(TaskAccessesTest, writesOrderTasksOnSharedBytes) {
  // Read after write.
  EXPECT_TRUE(conflict(of("load"), of("copy")));
  EXPECT_TRUE(conflict(of("copy"), of("store")));
  // Two reads of %a, writes to disjoint buffers: no order.
  EXPECT_FALSE(conflict(of("copy"), of("copy2")));
  // Write after read: the halves of %a after the copies read all of it.
  EXPECT_TRUE(conflict(of("copy"), of("wlo")));
  // Write after write.
  EXPECT_TRUE(conflict(of("load"), of("whi")));
  // Disjoint halves of one buffer, both reading the same input.
  EXPECT_FALSE(conflict(of("wlo"), of("whi")));
  // Unrelated buffers.
  EXPECT_FALSE(conflict(of("load"), of("store")));
}

TEST_F(TaskAccessesTest, ignoredPairsDoNotConflict) {
  auto writes = [](const BufferAccess &x, const BufferAccess &y) {
    return x.write || y.write;
  };
  // Read after write, the pair ignored: no other access overlaps.
  EXPECT_FALSE(conflict(of("load"), of("copy"), writes));
  // Ignoring nothing is the plain conflict.
  auto none = [](const BufferAccess &, const BufferAccess &) { return false; };
  EXPECT_TRUE(conflict(of("load"), of("copy"), none));
  // A task touching all memory conflicts whatever is ignored.
  TaskAccesses all;
  all.touchesAll = true;
  EXPECT_TRUE(conflict(all, of("copy"), writes));
}

TEST_F(TaskAccessesTest, opsWithoutEffectsReadAndWriteEveryBuffer) {
  TaskAccesses opaque = of("opaque");
  ASSERT_EQ(opaque.accesses.size(), 1u);
  EXPECT_TRUE(opaque.accesses.front().write);
  EXPECT_FALSE(opaque.touchesAll);
  // A read of %c written before, a write of %c read after.
  EXPECT_TRUE(conflict(of("copy2"), opaque));
  EXPECT_TRUE(conflict(opaque, opaque));
  // %c (bytes [256, 384) of CMX_NN[0]) shares no byte with %a and %b.
  EXPECT_FALSE(conflict(opaque, of("store")));
  EXPECT_FALSE(conflict(of("load"), opaque));
}

TEST_F(TaskAccessesTest, unknownEffectsConflictWithEverything) {
  TaskAccesses all;
  all.touchesAll = true;
  EXPECT_TRUE(conflict(all, of("store")));
  EXPECT_TRUE(conflict(of("store"), all));
  EXPECT_TRUE(conflict(all, TaskAccesses()));
  EXPECT_FALSE(conflict(TaskAccesses(), of("store")));
}

} // namespace
