//===- BlobExport.h - VPURT IR -> blob --------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The blob writer: serialises a module in VPURT form (see
// docs/runtime_dialects.md and docs/blob_and_emulator.md) into the blob
// schema (backend/schema/blob.fbs):
//
//  - the network function (the `IE.CNNNetwork` entry point, else the one
//    function with a body) gives the network inputs and outputs: its
//    argument types, and names from `IE.CNNNetwork` or `VPURT.name`;
//  - `VPUIP.resources` gives the target and the header's resources;
//  - every buffer a DMA or UPA task uses becomes a tensor reference, in the
//    order of the ops that declare them; constant buffers (`const.Declare`
//    with a memref result) are laid out in that order in the constant
//    section, each at a multiple of 64 bytes;
//  - every `VPURT.ConfigureBarrier`, in order, becomes a barrier with the
//    counts its tasks give;
//  - the task lists are the executors' `VPURT.Task`s in function order; a
//    task's location string is the first name (NameLoc) of its location,
//    else of its VPUIP op's;
//  - software kernels: each kernel declaration an ACT task calls becomes an
//    ActKernel with its declaration (backend/mapping/KernelDeclaration.h),
//    each call an invocation whose packed arguments (kernels/abi) address the
//    CMX of its tile; UPA layers name the kernel and carry its scalars in the
//    kernel's UPA parameter table.
//
// Everything is laid out in an order the IR fixes (function order, the
// executors' order, declaration order), never in an order of pointers, and
// the blob carries no time stamp: the same module always gives the same
// bytes. Anything the blob cannot express (virtual barriers, ops outside the
// VPURT form, kernel calls the ABI cannot address, ...) is an error on the op
// concerned. The finished blob goes through `loadBlob`'s checks.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_EXPORT_BLOBEXPORT_H_
#define VPUC_BACKEND_EXPORT_BLOBEXPORT_H_

#include <cstdint>
#include <vector>

#include "mlir/Support/LogicalResult.h"

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The generator string the writer records in the header.
inline constexpr const char *kWriterGenerator = "vpuc (VPURT blob writer)";
/// The alignment of each constant in the constant section.
inline constexpr uint64_t kConstantAlignment = 64;

/// Inserts the dialects a module in VPURT form may use into `registry`.
void registerBlobExportDialects(DialectRegistry &registry);

/// Writes `module` as a blob; on failure the errors have been emitted on the
/// ops concerned.
FailureOr<std::vector<uint8_t>> exportBlob(ModuleOp module);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_EXPORT_BLOBEXPORT_H_
