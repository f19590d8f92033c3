//===- UpaParams.cpp - Scalar parameters of UPA layers --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/UpaParams.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::vpuc::blob {

/// The integer value of a scalar attribute (an IntegerAttr).
static int64_t getInt(Attribute attr) {
  return llvm::cast<IntegerAttr>(attr).getInt();
}

/// The float value of a scalar attribute (a FloatAttr).
static float getFloat(Attribute attr) {
  return static_cast<float>(llvm::cast<FloatAttr>(attr).getValueAsDouble());
}

static constexpr llvm::StringRef kSoftmaxFields[] = {"i32"};
static constexpr llvm::StringRef kClampFields[] = {"f32", "f32"};

static const UpaParamTable kTables[] = {
    {"softmax", schema::UpaParams::SoftmaxParams, kSoftmaxFields,
     [](llvm::ArrayRef<Attribute> params) {
       return softmaxParams(static_cast<int32_t>(getInt(params[0])));
     },
     [](const schema::UpaLayerTask &task, MLIRContext *context) {
       Builder builder(context);
       llvm::SmallVector<Attribute> params;
       params.push_back(
           builder.getI32IntegerAttr(task.params_as_SoftmaxParams()->axis()));
       return params;
     }},
    {"clamp", schema::UpaParams::ClampParams, kClampFields,
     [](llvm::ArrayRef<Attribute> params) {
       return clampParams(getFloat(params[0]), getFloat(params[1]));
     },
     [](const schema::UpaLayerTask &task, MLIRContext *context) {
       Builder builder(context);
       const schema::ClampParams *clamp = task.params_as_ClampParams();
       llvm::SmallVector<Attribute> params;
       params.push_back(builder.getF32FloatAttr(clamp->min()));
       params.push_back(builder.getF32FloatAttr(clamp->max()));
       return params;
     }},
};

const UpaParamTable *lookupUpaParamTable(llvm::StringRef kernel) {
  for (const UpaParamTable &table : kTables) {
    if (table.kernel == kernel) {
      return &table;
    }
  }
  return nullptr;
}

const UpaParamTable *lookupUpaParamTable(schema::UpaParams kind) {
  for (const UpaParamTable &table : kTables) {
    if (table.kind == kind) {
      return &table;
    }
  }
  return nullptr;
}

std::string getUpaParamKernelNames() {
  std::string names;
  for (const UpaParamTable &table : kTables) {
    names += (names.empty() ? "" : ", ") + table.kernel.str();
  }
  return names;
}

} // namespace mlir::vpuc::blob
