//===- TaskCostTest.cpp - Tests of the task cost model ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// loadCostModel loads the cost model of the module's target and names a
// target it cannot load; estimateTaskCost prices tasks with it.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include "core/cost/CostModel.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;
using ::testing::HasSubstr;

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

TEST(TaskCost, loadsTheModelOfTheTarget) {
  MLIRContext context;
  llvm::Expected<cost::CostModel> model =
      loadCostModel(getResources(context, "VPUX37XX"));
  ASSERT_TRUE(static_cast<bool>(model)) << llvm::toString(model.takeError());
  EXPECT_DOUBLE_EQ(model->getDmaLatencyCycles(), 150);
}

TEST(TaskCost, namesATargetItCannotLoad) {
  MLIRContext context;
  llvm::Expected<cost::CostModel> model =
      loadCostModel(getResources(context, "NOPE"));
  ASSERT_FALSE(static_cast<bool>(model));
  EXPECT_THAT(llvm::toString(model.takeError()),
              HasSubstr("cannot load the target 'NOPE' of the module's "
                        "VPUIP.resources for the cost model"));
}

/// The single task of `source`, parsed into `module`.
TaskOpInterface parseTask(MLIRContext &context, StringRef source,
                          OwningOpRef<ModuleOp> &module) {
  context.loadDialect<func::FuncDialect, VPUIPDialect>();
  module = parseSourceString<ModuleOp>(source, &context);
  TaskOpInterface result;
  if (module) {
    module->walk([&](TaskOpInterface task) { result = task; });
  }
  return result;
}

TEST(TaskCost, pricesADmaWithTheCostModel) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  TaskOpInterface dma = parseTask(context, R"mlir(
func.func @main(%in: memref<1000xf16>, %out: memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> {
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%out : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
  return %0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
}
)mlir",
                                  module);
  ASSERT_TRUE(dma);
  ResourcesAttr resources = getResources(context, "VPUX37XX");
  cost::CostModel model = cantFail(loadCostModel(resources));
  // VPUX37XX: 150 cycles, then 2000 bytes at the port's 20 GB/s at 1300 MHz
  // (below DDR's 27 x 0.75 GB/s): 150 + 130 cycles.
  EXPECT_EQ(estimateTaskCost(dma, resources, model), 280u);
}

} // namespace
