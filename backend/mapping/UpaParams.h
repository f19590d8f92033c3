//===- UpaParams.h - Scalar parameters of UPA layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A VPUX30XX UPA layer carries the scalar arguments of its kernel as a typed
// table of blob.fbs's `UpaParams` union, where the IR has the typed
// attributes of `VPUIP.UPA.SW`'s `params`: exactly the kernel's ABI scalars in
// `Args` order (kernels/abi/SwKernels.td; i32 as IntegerAttr, f32 as
// FloatAttr, per-dim arrays as kMaxRank scalars). This file converts between
// the attributes and the packed scalars; the tables themselves are written
// and read by the code generated from the kernel contract
// (backend/schema/UpaParams.h).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_UPAPARAMS_H_
#define VPUC_BACKEND_MAPPING_UPAPARAMS_H_

#include <optional>
#include <string>

#include "backend/blob/BlobBuilder.h"
#include "mlir/IR/Attributes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The IR types of the scalar arguments of library kernel `kernel` as MLIR
/// spells them ("i32", "f32"), in ABI order; std::nullopt for a kernel the
/// library does not have.
std::optional<llvm::SmallVector<std::string>>
getKernelScalarTypeNames(llvm::StringRef kernel);

/// A writer of the parameter table of a UPA layer of `kernel` from its scalar
/// attributes, which must be the kernel's scalars (getKernelScalarTypeNames);
/// errors name the offending scalar (e.g. a flag that is not 0 or 1). Float
/// scalars keep their bits (a -0.0 stays -0.0).
llvm::Expected<UpaParamsWriter>
makeUpaParamsWriter(llvm::StringRef kernel, llvm::ArrayRef<Attribute> params);

/// The scalar attributes of a UPA layer (the blob has passed loadBlob); none
/// for a kernel without scalars. Errors: the member is not the kernel's
/// table, a per-dim vector is longer than kMaxRank, a field the kernel does
/// not take is not at its default, or the kernel is not in the library and
/// the layer has parameters.
llvm::Expected<llvm::SmallVector<Attribute>>
readUpaParams(const schema::UpaLayerTask &task, MLIRContext *context);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_UPAPARAMS_H_
