//===- ArchResourcesTest.cpp - Tests of getResourcesAttr --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The built-in targets as `#VPUIP.resources`, and the module attribute.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/utils/ArchResources.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

TEST(ArchResourcesTest, vpux37xx) {
  MLIRContext context;
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch("VPUX37XX");
  ASSERT_TRUE(static_cast<bool>(desc)) << llvm::toString(desc.takeError());
  llvm::Expected<ResourcesAttr> resources = getResourcesAttr(&context, *desc);
  ASSERT_TRUE(static_cast<bool>(resources))
      << llvm::toString(resources.takeError());
  EXPECT_EQ(resources->getArch(), "VPUX37XX");
  EXPECT_EQ(resources->getClusters(), desc->nce().clusters());
  EXPECT_EQ(resources->getCmxSize(), desc->cmx().usable_bytes_per_cluster());
  EXPECT_EQ(resources->getCmxAlignment(), desc->cmx().alignment_bytes());
  EXPECT_EQ(resources->getDdrAlignment(), desc->ddr().alignment_bytes());
  EXPECT_EQ(resources->getDmaPorts(), desc->dma().ports());
  EXPECT_EQ(resources->getDmaMaxTransfer(), desc->dma().max_transfer_bytes());
  EXPECT_EQ(resources->getShaveKind(), ShaveKind::ACT);
  EXPECT_EQ(resources->getShaves(), desc->shave().count());
  EXPECT_EQ(resources->getBarriers(), desc->barriers().usable());
  EXPECT_EQ(resources->getMaxProducers(), desc->barriers().max_producers());
  EXPECT_EQ(resources->getMaxConsumers(), desc->barriers().max_consumers());
  EXPECT_EQ(resources->getDpus(), desc->nce().dpus_per_cluster());
  EXPECT_EQ(resources->getMaxVariants(),
            desc->nce().limits().max_variants_per_task());
}

TEST(ArchResourcesTest, vpux30xxOnAModule) {
  MLIRContext context;
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch("VPUX30XX");
  ASSERT_TRUE(static_cast<bool>(desc)) << llvm::toString(desc.takeError());
  llvm::Expected<ResourcesAttr> resources = getResourcesAttr(&context, *desc);
  ASSERT_TRUE(static_cast<bool>(resources))
      << llvm::toString(resources.takeError());
  EXPECT_EQ(resources->getShaveKind(), ShaveKind::UPA);
  EXPECT_EQ(resources->getBarriers(), 32);
  EXPECT_EQ(resources->getMaxVariants(), 50);

  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  setResources(*module, *resources);
  EXPECT_EQ(getResources(module->getOperation()), *resources);
  EXPECT_TRUE(succeeded(verify(module->getOperation())));
}

TEST(ArchResourcesTest, missingShaveKind) {
  MLIRContext context;
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch("VPUX37XX");
  ASSERT_TRUE(static_cast<bool>(desc)) << llvm::toString(desc.takeError());
  desc->mutable_shave()->set_kind(::vpuc::arch::SHAVE_KIND_UNSPECIFIED);
  llvm::Expected<ResourcesAttr> resources = getResourcesAttr(&context, *desc);
  ASSERT_FALSE(static_cast<bool>(resources));
  EXPECT_EQ(llvm::toString(resources.takeError()),
            "target 'VPUX37XX': shave.kind must be UPA or ACT");
}

} // namespace
