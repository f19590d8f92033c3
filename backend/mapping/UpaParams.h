//===- UpaParams.h - Scalar parameters of UPA layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A VPUX30XX UPA layer carries the scalar arguments of its kernel as a typed
// table of blob.fbs's `UpaParams` union (one table per kernel family with
// scalars), where the IR has the typed attributes of `VPUIP.UPA.SW`'s
// `params`: exactly the kernel's ABI scalars in `Args` order
// (backend/abi/SwKernels.h; i32 as IntegerAttr, f32 as FloatAttr, per-dim
// arrays as kMaxRank scalars). This file is the one place that pairs them.
//
// It is table-driven: each parameter table of the schema is described once
// as its fields in schema order (kind, name, schema default; a field's
// vtable slot follows from its position), and each kernel names its table
// and the fields it does not take (e.g. convolution's output padding). The
// kernel's scalar kinds come from its ABI signature; one generic writer and
// one generic reader handle every table. A kernel with scalars that should
// run as a UPA layer gets a table in blob.fbs, a packer in its emulator
// kernel, and an entry in UpaParams.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_UPAPARAMS_H_
#define VPUC_BACKEND_MAPPING_UPAPARAMS_H_

#include <cstdint>
#include <string>

#include "backend/abi/SwKernelAbi.h"
#include "backend/blob/BlobBuilder.h"
#include "mlir/IR/Attributes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::blob {

/// How a field of a UPA parameter table holds the ABI scalars.
enum class UpaFieldKind : uint8_t {
  /// An int32 field: one I32 scalar.
  I32,
  /// A float field: one F32 scalar.
  F32,
  /// A bool field: one I32 scalar that is 0 or 1.
  Bool,
  /// An int32 vector of at most kMaxRank entries: kMaxRank I32 scalars
  /// (entries beyond the vector are 0).
  I32PerDim,
  /// A float vector of at most kMaxRank entries: kMaxRank F32 scalars.
  F32PerDim,
};

/// One field of a parameter table, in schema declaration order.
struct UpaField {
  /// The schema's field name (for diagnostics).
  const char *name;
  UpaFieldKind kind;
  /// The schema default of a scalar field (0 for vectors).
  double defaultValue = 0;
};

/// The UPA parameter table of one kernel.
struct UpaParamTable {
  /// The kernel name (UpaLayerTask.kernel, VPUIP.kernel_entry).
  llvm::StringRef kernel;
  /// The union member holding the kernel's scalars.
  schema::UpaParams kind;
  /// Every field of that table, in schema declaration order.
  llvm::ArrayRef<UpaField> fields;
  /// Bit i set: field i is not an argument of this kernel (the writer leaves
  /// it at its default, the reader requires the default).
  uint32_t unusedFields = 0;

  /// The kernel's scalar argument kinds in ABI order (from SwKernels.h).
  llvm::SmallVector<abi::ArgKind> getScalarKinds() const;
  /// The IR types of the scalars as MLIR spells them ("i32", "f32").
  llvm::SmallVector<std::string> getScalarTypeNames() const;
  /// A writer of the table from the scalar attributes, which must match
  /// getScalarKinds(); errors name the offending scalar (e.g. a flag that is
  /// not 0 or 1).
  llvm::Expected<UpaParamsWriter>
  makeWriter(llvm::ArrayRef<Attribute> params) const;
  /// Reads the scalar attributes back from a task holding this member (the
  /// blob has passed loadBlob); errors for per-dim vectors longer than
  /// kMaxRank and fields this kernel does not take that are not at their
  /// default.
  llvm::Expected<llvm::SmallVector<Attribute>>
  read(const schema::UpaLayerTask &task, MLIRContext *context) const;
};

/// The table of the kernel named `kernel`, or nullptr when the schema has
/// none (a kernel without scalars, or one unknown to the schema).
const UpaParamTable *lookupUpaParamTable(llvm::StringRef kernel);

/// Every kernel with a table, in the order of the schema's tables.
llvm::ArrayRef<UpaParamTable> getUpaParamTables();

/// The names of the kernels that have a parameter table, comma-separated
/// (for diagnostics).
std::string getUpaParamKernelNames();

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_UPAPARAMS_H_
