//===- TaskCostTest.cpp - Tests of the task cost model ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// loadCostModel loads the cost model of the module's target and names a
// target it cannot load; getMacRateName names the MAC rate of an element
// type; estimateTaskCost prices tasks with it.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include "core/cost/CostModel.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
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

/// The MAC rate names are the arch file's nce.mac_rates keys: a quantized
/// type's storage and an integer type by sign and width, a float by name.
TEST(TaskCost, namesTheMacRateOfAnElementType) {
  MLIRContext context;
  context.getOrLoadDialect<quant::QuantizationDialect>();
  Builder builder(&context);
  auto quantized = [&](bool isSigned) {
    return quant::UniformQuantizedType::get(
        isSigned ? quant::QuantizationFlags::Signed : 0,
        builder.getIntegerType(8), builder.getF32Type(), 0.5,
        isSigned ? 0 : 128, isSigned ? -128 : 0, isSigned ? 127 : 255);
  };
  EXPECT_EQ(getMacRateName(quantized(false)), "u8");
  EXPECT_EQ(getMacRateName(quantized(true)), "i8");
  EXPECT_EQ(getMacRateName(builder.getIntegerType(8, /*isSigned=*/false)),
            "u8");
  EXPECT_EQ(getMacRateName(builder.getIntegerType(8)), "i8");
  EXPECT_EQ(getMacRateName(builder.getF16Type()), "f16");
  EXPECT_EQ(getMacRateName(builder.getBF16Type()), "bf16");
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

TEST(TaskCost, pricesTheDataOfAStridedView) {
  // Rows 0..55 of a 1x3x224x224 f32 tensor in channel-major order: the view
  // spans most of the tensor, but the DMA moves 3 x 56 x 224 values.
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  TaskOpInterface dma = parseTask(context, R"mlir(
func.func @main(%in: memref<1x3x56x224xf32, strided<[150528, 50176, 224, 1]>>, %out: memref<1x3x56x224xf32, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x3x56x224xf32, #VPUIP.mem<CMX_NN[0]>> {
  %0 = VPUIP.NNDMA inputs(%in : memref<1x3x56x224xf32, strided<[150528, 50176, 224, 1]>>) outputs(%out : memref<1x3x56x224xf32, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x3x56x224xf32, #VPUIP.mem<CMX_NN[0]>>
  return %0 : memref<1x3x56x224xf32, #VPUIP.mem<CMX_NN[0]>>
}
)mlir",
                                  module);
  ASSERT_TRUE(dma);
  ResourcesAttr resources = getResources(context, "VPUX37XX");
  cost::CostModel model = cantFail(loadCostModel(resources));
  // 150528 bytes: 9664 cycles of the derated DDR's 27 x 0.75 GB/s at 1300
  // MHz; the DMA moves them at the port's 20 GB/s, 9785 cycles after the
  // 150 of latency (the span of the view would take 3.3 times as long).
  EXPECT_EQ(estimateDdrCycles(dma, model), 9664u);
  EXPECT_EQ(estimateTaskCost(dma, resources, model), 150u + 9785u);
}

/// An activation (4 cycles per vector of its outputs) and a mean over H and W
/// (one cycle per vector of its input) of 1x16x64x64 f16 buffers in CMX.
constexpr StringLiteral kKernels = R"mlir(
module {
  module @VPU.SW {
    func.func private @activation(memref<*xf16>, memref<*xf16>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
    func.func private @reduce(memref<*xf16>, memref<*xf16>, i32, i32, i32) attributes {VPUIP.kernel_entry = "reduce"}
  }
  func.func @main(%x: memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, %y: memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, %m: memref<1x16x1x1xf16, #VPUIP.mem<CMX_NN[0]>>) {
    %0 = VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%x : memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 2 : i32, 0.0 : f32, 0.0 : f32) : memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>
    }
    %1 = VPUIP.SW.Kernel @VPU.SW::@reduce on tile 0 inputs(%x : memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%m : memref<1x16x1x1xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x1xf16, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x1x1xf16, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 1 : i32, 12 : i32, 1 : i32) : memref<1x16x64x64xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x1xf16, #VPUIP.mem<CMX_NN[0]>>
    }
    return
  }
}
)mlir";

TEST(TaskCost, pricesAShaveKernelAtItsOwnCost) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, VPUIPDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kKernels, &context);
  ASSERT_TRUE(module);
  SmallVector<TaskOpInterface> tasks;
  module->walk([&](TaskOpInterface task) { tasks.push_back(task); });
  ASSERT_EQ(tasks.size(), 2u);
  ResourcesAttr resources = getResources(context, "VPUX37XX");
  cost::CostModel model = cantFail(loadCostModel(resources));
  // VPUX37XX: 300 cycles of overhead and 16 lanes. The activation: 65536
  // outputs, 4096 vectors at 4 cycles (its 256 KiB of CMX take 2663 cycles
  // at 128 GB/s). The mean: its 65536 inputs at one cycle per vector.
  EXPECT_EQ(estimateTaskCost(tasks[0], resources, model), 300u + 16384u);
  EXPECT_EQ(estimateTaskCost(tasks[1], resources, model), 300u + 4096u);
  // Neither moves a byte through DDR.
  EXPECT_EQ(estimateDdrCycles(tasks[0], model), 0u);
}

TEST(TaskCost, pricesTheDdrBytesOfATask) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  TaskOpInterface dma = parseTask(context, R"mlir(
func.func @main(%in: memref<13000xf16>, %out: memref<13000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<13000xf16, #VPUIP.mem<CMX_NN[0]>> {
  %0 = VPUIP.NNDMA inputs(%in : memref<13000xf16>) outputs(%out : memref<13000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<13000xf16, #VPUIP.mem<CMX_NN[0]>>
  return %0 : memref<13000xf16, #VPUIP.mem<CMX_NN[0]>>
}
)mlir",
                                  module);
  ASSERT_TRUE(dma);
  cost::CostModel model =
      cantFail(loadCostModel(getResources(context, "VPUX37XX")));
  // 26000 bytes at DDR's 27 x 0.75 GB/s at 1300 MHz (15.577 bytes a cycle).
  EXPECT_EQ(estimateDdrCycles(dma, model), 1670u);
}

} // namespace
