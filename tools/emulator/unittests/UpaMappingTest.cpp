//===- UpaMappingTest.cpp - The mapping vs the kernel packers --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The blob writer turns a UPA layer's scalar attributes into its kernel's
// parameter table with backend/mapping/UpaParams (a generic, table-driven
// writer); the emulator packs the kernel's Args scalars from that table with
// the generated flatbuffers accessors. For every kernel with scalars, and for
// values both away from and at the schema defaults, the packed scalars must
// be the attributes in order, byte for byte: this pins the mapping's field
// order, kinds, vtable slots and defaults to the schema.
//
//===----------------------------------------------------------------------===//

#include "backend/abi/ArgPacker.h"
#include "backend/blob/BlobBuilder.h"
#include "backend/mapping/UpaParams.h"
#include "backend/schema/blob_generated.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "tools/emulator/KernelRegistry.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

/// Scalars for `table`'s kernel from its ABI kinds: distinct values (flags
/// 0 / 1), or each field's default when `defaults`.
llvm::SmallVector<Attribute> getScalars(const blob::UpaParamTable &table,
                                        bool defaults, MLIRContext *context) {
  Builder builder(context);
  llvm::SmallVector<Attribute> scalars;
  int32_t next = 3;
  for (auto [index, field] : llvm::enumerate(table.fields)) {
    if (table.unusedFields & (1u << index)) {
      continue;
    }
    bool perDim = field.kind == blob::UpaFieldKind::I32PerDim ||
                  field.kind == blob::UpaFieldKind::F32PerDim;
    for (unsigned i = 0; i < (perDim ? abi::kMaxRank : 1); ++i, ++next) {
      double value = defaults ? field.defaultValue
                     : field.kind == blob::UpaFieldKind::Bool ? next % 2
                     : perDim && i >= 4                       ? 0
                                                              : next;
      if (field.kind == blob::UpaFieldKind::F32 ||
          field.kind == blob::UpaFieldKind::F32PerDim) {
        scalars.push_back(builder.getF32FloatAttr(
            static_cast<float>(defaults ? value : value + 0.5)));
      } else {
        scalars.push_back(
            builder.getI32IntegerAttr(static_cast<int32_t>(value)));
      }
    }
  }
  return scalars;
}

TEST(UpaMappingTest, writtenTablesPackAsTheAttributes) {
  MLIRContext context;
  for (const blob::UpaParamTable &table : blob::getUpaParamTables()) {
    const KernelInfo *info = getBuiltinKernels().lookup(table.kernel);
    ASSERT_NE(info, nullptr) << table.kernel.str();
    ASSERT_NE(info->packUpaScalars, nullptr) << table.kernel.str();
    for (bool defaults : {false, true}) {
      llvm::SmallVector<Attribute> scalars =
          getScalars(table, defaults, &context);
      llvm::Expected<blob::UpaParamsWriter> writer = table.makeWriter(scalars);
      ASSERT_TRUE(static_cast<bool>(writer))
          << table.kernel.str() << ": " << llvm::toString(writer.takeError());
      blob::BlobBuilder builder("VPUX30XX");
      builder.addUpaTask(0, table.kernel, {}, {}, {}, "t", *writer);
      std::vector<uint8_t> bytes = builder.finish();
      const auto *task =
          flatbuffers::GetRoot<::vpuc::schema::Blob>(bytes.data())
              ->task_lists()
              ->Get(0)
              ->tasks()
              ->Get(0)
              ->kind_as_UpaLayerTask();
      abi::ArgPacker packed;
      llvm::Error error = info->packUpaScalars(*task, packed);
      ASSERT_FALSE(static_cast<bool>(error))
          << table.kernel.str() << ": " << llvm::toString(std::move(error));
      abi::ArgPacker expected;
      for (Attribute scalar : scalars) {
        if (auto value = llvm::dyn_cast<FloatAttr>(scalar)) {
          expected.addF32(static_cast<float>(value.getValueAsDouble()));
        } else {
          expected.addI32(
              static_cast<int32_t>(llvm::cast<IntegerAttr>(scalar).getInt()));
        }
      }
      EXPECT_EQ(packed.finish(), expected.finish())
          << table.kernel.str() << (defaults ? " (defaults)" : "");
    }
  }
}

} // namespace
} // namespace mlir::vpuc::emu
