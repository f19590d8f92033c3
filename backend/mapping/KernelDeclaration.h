//===- KernelDeclaration.h - A SHAVE kernel's declaration in the blob -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The packed arguments of an ACT invocation do not tell a reader which buffers
// a kernel writes or what types its scalars have, so the blob records each
// kernel's declaration in `module @VPU.SW` as a table (blob.fbs,
// KernelDeclaration): its symbol, its entry name and its arguments with their
// roles and types as MLIR prints them. The blob writer fills it from the
// declaration, the blob reader rebuilds the declaration from it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_KERNELDECLARATION_H_
#define VPUC_BACKEND_MAPPING_KERNELDECLARATION_H_

#include <string>

#include "backend/blob/BlobBuilder.h"
#include "backend/schema/blob_generated.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The role of a kernel argument.
enum class KernelArgKind {
  /// A buffer the kernel reads.
  Input,
  /// A buffer the kernel writes.
  Output,
  /// A scalar parameter.
  Scalar,
};

/// A kernel declaration as the blob records it.
struct KernelDecl {
  /// The declaration's symbol name in `module @VPU.SW`.
  std::string symbol;
  /// The kernel's entry name (`VPUIP.kernel_entry`).
  std::string entry;
  /// One argument of the kernel.
  struct Arg {
    KernelArgKind kind;
    Type type;
  };
  /// The arguments in declaration order.
  llvm::SmallVector<Arg> args;
};

/// The table contents of `decl` (types printed as MLIR prints them).
KernelDeclarationDesc toDeclarationDesc(const KernelDecl &decl);

/// Reads a declaration table; types are parsed in `context`, which must have
/// the dialects they use loaded. Fails, naming the argument, for a type that
/// does not parse or a role that does not fit the type (a buffer role for a
/// non-memref type or the other way round).
llvm::Expected<KernelDecl>
readDeclaration(const schema::KernelDeclaration &table, MLIRContext *context);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_KERNELDECLARATION_H_
