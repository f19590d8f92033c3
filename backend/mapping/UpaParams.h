//===- UpaParams.h - Scalar parameters of UPA layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A VPUX30XX UPA layer carries the scalar arguments of its kernel as a typed
// table of blob.fbs's `UpaParams` union (one table per kernel with scalars),
// where the IR has the typed attributes of `VPUIP.UPA.SW`'s `params`. This
// file is the one place that pairs them: for each kernel with scalar
// arguments, the union member and the scalar types in ABI order (the fields
// of the table). A kernel with scalars that should run as a UPA layer gets a
// table in blob.fbs, a packer in its emulator kernel, and an entry here.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_UPAPARAMS_H_
#define VPUC_BACKEND_MAPPING_UPAPARAMS_H_

#include "backend/blob/BlobBuilder.h"
#include "mlir/IR/Attributes.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The UPA parameter table of one kernel.
struct UpaParamTable {
  /// The kernel name (UpaLayerTask.kernel, VPUIP.kernel_entry).
  llvm::StringRef kernel;
  /// The union member holding the kernel's scalars.
  schema::UpaParams kind;
  /// The IR types of the fields in ABI order, as MLIR spells them: "i32",
  /// "i64" or "f32".
  llvm::ArrayRef<llvm::StringRef> fieldTypes;
  /// Writes the table from the scalar attributes (which match `fieldTypes`).
  UpaParamsWriter (*makeWriter)(llvm::ArrayRef<Attribute> params);
  /// Reads the scalar attributes back from a task holding this member.
  llvm::SmallVector<Attribute> (*read)(const schema::UpaLayerTask &task,
                                       MLIRContext *context);
};

/// The table of the kernel named `kernel`, or nullptr when the schema has
/// none (a kernel without scalars, or one unknown to the schema).
const UpaParamTable *lookupUpaParamTable(llvm::StringRef kernel);

/// The table holding union member `kind`, or nullptr for NONE and members
/// without an IR mapping.
const UpaParamTable *lookupUpaParamTable(schema::UpaParams kind);

/// The names of the kernels that have a parameter table, comma-separated
/// (for diagnostics).
std::string getUpaParamKernelNames();

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_UPAPARAMS_H_
