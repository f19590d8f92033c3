//===- TaskCostTest.cpp - Tests of the task cost model ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// TaskCostModel::get reads the rates of the module's target (built-in or from
// a description file) and falls back to its defaults for an unknown target;
// estimateTaskCost prices DMAs, NCE tasks and SHAVE kernels with them.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

ResourcesAttr getResources(MLIRContext &context, StringRef arch) {
  context.getOrLoadDialect<VPUIPDialect>();
  return ResourcesAttr::get(&context, arch, /*clusters=*/2,
                            /*cmx_size=*/1 << 20, /*cmx_alignment=*/16,
                            /*ddr_alignment=*/64, /*dma_ports=*/2,
                            /*dma_max_transfer=*/1 << 24, ShaveKind::ACT,
                            /*shaves=*/2, /*barriers=*/64,
                            /*max_producers=*/256, /*max_consumers=*/256);
}

TEST(TaskCostModel, readsTheBuiltInTarget) {
  MLIRContext context;
  TaskCostModel model = TaskCostModel::get(getResources(context, "VPUX37XX"));
  // arch/vpux37xx.textproto: 1300 MHz, a 20 GB/s DMA port with a latency of
  // 150 cycles, 1024 FP16 MACs per DPU cycle, NCE tasks 60 cycles, ACT
  // SHAVEs with 16 FP16 lanes and 300 cycles per task.
  EXPECT_EQ(model.dmaLatencyCycles, 150u);
  EXPECT_NEAR(model.dmaBytesPerCycle, 20000.0 / 1300.0, 1e-9);
  EXPECT_EQ(model.macsPerDpuCycle, 1024.0);
  EXPECT_EQ(model.nceOverheadCycles, 60u);
  EXPECT_EQ(model.shaveOverheadCycles, 300u);
  EXPECT_EQ(model.elementsPerShaveCycle, 16.0);
}

TEST(TaskCostModel, keepsTheDefaultsForAnUnknownTarget) {
  MLIRContext context;
  TaskCostModel model = TaskCostModel::get(getResources(context, "NOPE"));
  TaskCostModel defaults;
  EXPECT_EQ(model.dmaLatencyCycles, defaults.dmaLatencyCycles);
  EXPECT_EQ(model.dmaBytesPerCycle, defaults.dmaBytesPerCycle);
  EXPECT_EQ(model.macsPerDpuCycle, defaults.macsPerDpuCycle);
}

TEST(TaskCost, pricesADmaWithTheModel) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, VPUIPDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
func.func @main(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  return %0 : memref<1000xf16>
}
)mlir",
                                                             &context);
  ASSERT_TRUE(module);
  TaskOpInterface dma;
  module->walk([&](TaskOpInterface task) { dma = task; });
  ASSERT_TRUE(dma);
  TaskCostModel model;
  model.dmaLatencyCycles = 10;
  model.dmaBytesPerCycle = 7;
  // 10 + ceil(2000 bytes / 7).
  EXPECT_EQ(estimateTaskCost(dma, getResources(context, "NOPE"), model),
            10u + 286u);
}

} // namespace
