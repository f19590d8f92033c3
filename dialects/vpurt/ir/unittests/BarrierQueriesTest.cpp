//===- BarrierQueriesTest.cpp - Tests of the VPURT queries ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Barrier producers/consumers and counts, task executors and task lists on
// parsed VPURT IR.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpurt/ir/BarrierQueries.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPURT;
using VPUIP::ExecutorKind;

namespace {

/// Three DMA tasks on two ports and a kernel on tile 1, with two barriers;
/// each task is named by a `name` attribute.
constexpr const char *kProgram = R"mlir(
module {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<8xf16>
    %2 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
    %unused = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    VPURT.Task updates(%b0) attributes {name = "dma0"} {
      %r = VPUIP.NNDMA inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    }
    VPURT.Task updates(%b0) attributes {name = "dma1"} {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    }
    VPURT.Task waits(%b0) updates(%b1) attributes {name = "kernel"} {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%1 : memref<8xf16>) outputs(%2 : memref<8xf16>) -> memref<8xf16> {
      ^bb0(%a: memref<8xf16>, %b: memref<8xf16>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<8xf16>, memref<8xf16>
      }
    }
    VPURT.Task waits(%b0, %b1) attributes {name = "dma2"} {
      %r = VPUIP.NNDMA inputs(%2 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    }
    return %out : memref<8xf16>
  }
}
)mlir";

class BarrierQueriesTest : public ::testing::Test {
protected:
  BarrierQueriesTest() {
    DialectRegistry registry;
    registerVPURTDialect(registry);
    context.appendDialectRegistry(registry);
    module = parseSourceString<ModuleOp>(kProgram, &context);
    EXPECT_TRUE(module);
    module->walk([&](func::FuncOp op) {
      if (op.getName() == "main") {
        func = op;
      }
    });
    for (Operation &op : func.getBody().front()) {
      if (auto barrier = llvm::dyn_cast<DeclareVirtualBarrierOp>(op)) {
        virtualBarriers.push_back(barrier.getBarrier());
      } else if (auto barrier = llvm::dyn_cast<ConfigureBarrierOp>(op)) {
        configured = barrier.getBarrier();
      }
    }
  }

  /// The `name` attributes of `tasks`.
  static std::vector<std::string> names(llvm::ArrayRef<TaskOp> tasks) {
    std::vector<std::string> result;
    for (TaskOp task : tasks) {
      result.push_back(
          task->getAttrOfType<StringAttr>("name").getValue().str());
    }
    return result;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  SmallVector<Value> virtualBarriers;
  Value configured;
};

using Names = std::vector<std::string>;

TEST_F(BarrierQueriesTest, producersAndConsumersInFunctionOrder) {
  ASSERT_EQ(virtualBarriers.size(), 2u);
  Value b0 = virtualBarriers[0];
  EXPECT_EQ(names(getBarrierProducers(b0)), (Names{"dma0", "dma1"}));
  EXPECT_EQ(names(getBarrierConsumers(b0)), (Names{"kernel", "dma2"}));
  EXPECT_EQ(names(getBarrierProducers(configured)), (Names{"kernel"}));
  EXPECT_EQ(names(getBarrierConsumers(configured)), (Names{"dma2"}));

  Value unused = virtualBarriers[1];
  EXPECT_TRUE(getBarrierProducers(unused).empty());
  EXPECT_TRUE(getBarrierConsumers(unused).empty());
}

TEST_F(BarrierQueriesTest, counts) {
  BarrierCounts b0 = getBarrierCounts(virtualBarriers[0]);
  EXPECT_EQ(b0.producers, 2);
  EXPECT_EQ(b0.consumers, 2);
  BarrierCounts b1 = getBarrierCounts(configured);
  EXPECT_EQ(b1.producers, 1);
  EXPECT_EQ(b1.consumers, 1);
  BarrierCounts none = getBarrierCounts(virtualBarriers[1]);
  EXPECT_EQ(none.producers, 0);
  EXPECT_EQ(none.consumers, 0);
}

TEST_F(BarrierQueriesTest, executorsAndTaskLists) {
  SmallVector<TaskList> lists = getTaskLists(func);
  ASSERT_EQ(lists.size(), 3u);
  EXPECT_EQ(lists[0].executor, (Executor{ExecutorKind::DMA_NN, 0}));
  EXPECT_EQ(names(lists[0].tasks), (Names{"dma0", "dma2"}));
  EXPECT_EQ(lists[1].executor, (Executor{ExecutorKind::DMA_NN, 1}));
  EXPECT_EQ(names(lists[1].tasks), (Names{"dma1"}));
  EXPECT_EQ(lists[2].executor, (Executor{ExecutorKind::SHAVE_ACT, 1}));
  EXPECT_EQ(names(lists[2].tasks), (Names{"kernel"}));

  TaskOp kernel = lists[2].tasks.front();
  EXPECT_EQ(kernel.getExecutorKind(), ExecutorKind::SHAVE_ACT);
  EXPECT_EQ(kernel.getExecutorInstance(), 1);
  EXPECT_EQ(kernel.getBarrierCount(), 1);
  EXPECT_TRUE(llvm::isa<VPUIP::TaskOpInterface>(
      kernel.getInnerTaskOp().getOperation()));
  EXPECT_EQ(*getExecutor(kernel), (Executor{ExecutorKind::SHAVE_ACT, 1}));
}

TEST_F(BarrierQueriesTest, executorOrdering) {
  Executor dma0{ExecutorKind::DMA_NN, 0};
  Executor dma1{ExecutorKind::DMA_NN, 1};
  Executor act0{ExecutorKind::SHAVE_ACT, 0};
  EXPECT_TRUE(dma0 < dma1);
  EXPECT_TRUE(dma1 < act0);
  EXPECT_FALSE(act0 < dma0);
  EXPECT_NE(dma0, dma1);
}

TEST_F(BarrierQueriesTest, builtTaskWithoutBodyHasNoExecutor) {
  OpBuilder builder(&context);
  builder.setInsertionPointToEnd(&func.getBody().front());
  auto task = builder.create<TaskOp>(builder.getUnknownLoc(), ValueRange{},
                                     ValueRange{virtualBarriers[1]});
  EXPECT_EQ(task.getUpdateBarriers().size(), 1u);
  EXPECT_TRUE(task.getWaitBarriers().empty());
  EXPECT_FALSE(task.getInnerTaskOp());
  EXPECT_TRUE(failed(getExecutor(task)));
  EXPECT_EQ(task.getBarrierCount(), 1);
  // Still counted as a producer of the barrier; left out of the task lists.
  EXPECT_EQ(getBarrierProducers(virtualBarriers[1]).size(), 1u);
  EXPECT_EQ(getTaskLists(func).size(), 3u);
  task.erase();
}

} // namespace
