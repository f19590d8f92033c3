//===- UpaParams.h - The UPA parameter table of each kernel ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A VPUX30XX UPA layer carries its kernel's scalar arguments as a typed table
// of the blob schema's `UpaParams` union. The tables, and the code below that
// writes and reads them, are generated from the kernel contract
// (kernels/abi/SwKernels.td): a kernel's scalars, in `Args` order, are the
// fields of its table of the same names. Both directions go through the
// packed scalars (the tail of the kernel's `Args`), so the compiler, the blob
// reader and the runtime share one definition.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_SCHEMA_UPAPARAMS_H_
#define VPUC_BACKEND_SCHEMA_UPAPARAMS_H_

#include <cstdint>
#include <optional>

#include "backend/schema/blob_generated.h"
#include "kernels/abi/ArgPacker.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace vpuc::schema {

/// A written UpaParams member: its type and its table (NONE and 0 for a
/// kernel without scalars).
struct UpaParamsOffset {
  UpaParams type;
  flatbuffers::Offset<void> offset;
};

/// The UpaParams member of library kernel `kernel`: NONE for a kernel without
/// scalars, std::nullopt for a name the library does not have.
std::optional<UpaParams> getUpaParamsType(llvm::StringRef kernel);

/// Writes the parameter table of `kernel` from its packed scalars (the bytes
/// of `Args` after the tensors, as abi::ArgPacker writes them). Fails for an
/// unknown kernel, scalars of the wrong size, and a flag that is not 0 or 1.
/// Per-dim vectors are written without their trailing zeros.
llvm::Expected<UpaParamsOffset>
buildUpaParams(flatbuffers::FlatBufferBuilder &fbb, llvm::StringRef kernel,
               llvm::ArrayRef<uint8_t> scalars);

/// Appends the scalars of UPA layer `task` to `packer` in its kernel's `Args`
/// order. Fails when the layer's member is not its kernel's table, a per-dim
/// vector is longer than kMaxRank, or a field of a shared table that the
/// kernel does not take is not at its default; the message names the layer's
/// kernel and the field.
llvm::Error packUpaParams(const UpaLayerTask &task,
                          mlir::vpuc::abi::ArgPacker &packer);

} // namespace vpuc::schema

#endif // VPUC_BACKEND_SCHEMA_UPAPARAMS_H_
