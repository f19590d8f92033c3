//===- BlobImport.h - blob -> VPURT IR --------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The blob reader: turns a blob back into a module in VPURT form, for
// inspection and round-trip tests. The blob is loaded with `loadBlob` (the
// flatbuffers verifier, then the semantic checks) before anything is read.
//
//  - the header gives the module's name, `VPUIP.resources` (the built-in
//    target named by the header, with the header's clusters, SHAVEs, DMA
//    ports, barriers and CMX size) and `VPURT.section_sizes = {DDR = ...}`;
//  - the network I/O gives the function `@main`: its arguments (inputs then
//    outputs, named by `VPURT.name`) and results;
//  - each tensor reference becomes, in order, a `VPURT.DeclareBuffer` (or,
//    in the constant section, a `const.Declare` buffer whose content is a
//    `dense_resource` holding its bytes), named by a NameLoc;
//  - each barrier a `VPURT.ConfigureBarrier` with its counts;
//  - each ACT kernel the declaration its KernelDeclaration table holds (in
//    `module @VPU.SW`), each invocation's packed arguments the
//    `VPUIP.SW.Kernel` operands (CMX buffers of its tile) and scalars; each
//    UPA layer a `VPUIP.UPA.SW` call of a declaration made from its operands
//    and parameter table;
//  - each task a `VPURT.Task` (with a NameLoc of its location), the task
//    lists interleaved so that a task comes after the producers of the
//    barriers it waits on where the barriers allow it.
//
// Writing the result with the blob writer gives back the same bytes for any
// blob the writer produced. What the writer would lay out differently (an
// argument buffer or data window of another shape, ACT task lists on SHAVEs
// other than 0, ...) is an error rather than a silent change.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_IMPORT_BLOBIMPORT_H_
#define VPUC_BACKEND_IMPORT_BLOBIMPORT_H_

#include <cstdint>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::vpuc::blob {

/// Inserts the dialects the imported IR uses into `registry`.
void registerBlobImportDialects(DialectRegistry &registry);

/// Imports the blob `bytes`; errors are emitted at `loc`, and a null module
/// is returned on failure. The result has been verified.
OwningOpRef<ModuleOp> importBlob(llvm::ArrayRef<uint8_t> bytes,
                                 MLIRContext *context, Location loc);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_IMPORT_BLOBIMPORT_H_
