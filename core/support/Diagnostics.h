//===- Diagnostics.h - Formatted, located diagnostics -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Thin helpers over MLIR's diagnostic engine for the common "report an error
// at this location and fail" pattern, with llvm::formatv formatting:
//
//   if (size > limit)
//     return errorAt(op->getLoc(), "buffer of {0} bytes exceeds {1}", size,
//     limit);
//
// Everything goes through mlir::emitError/emitWarning/emitRemark, so the
// messages reach whatever handler is installed (e.g. -verify-diagnostics) and
// carry the location. No exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SUPPORT_DIAGNOSTICS_H_
#define VPUC_CORE_SUPPORT_DIAGNOSTICS_H_

#include <string>
#include <utility>

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/FormatVariadic.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::support {

/// Emits an error at `loc` with a formatv message; more can be streamed into
/// the returned diagnostic (notes, attributes) before it is reported.
template <typename... Args>
InFlightDiagnostic emitErrorf(Location loc, const char *fmt, Args &&...args) {
  return mlir::emitError(loc,
                         llvm::formatv(fmt, std::forward<Args>(args)...).str());
}

/// Emits a warning at `loc` with a formatv message.
template <typename... Args>
InFlightDiagnostic emitWarningf(Location loc, const char *fmt, Args &&...args) {
  return mlir::emitWarning(
      loc, llvm::formatv(fmt, std::forward<Args>(args)...).str());
}

/// Emits a remark at `loc` with a formatv message.
template <typename... Args>
InFlightDiagnostic emitRemarkf(Location loc, const char *fmt, Args &&...args) {
  return mlir::emitRemark(
      loc, llvm::formatv(fmt, std::forward<Args>(args)...).str());
}

/// Emits an error at `loc` with a formatv message and returns failure; the
/// result also converts to any `FailureOr<T>`.
template <typename... Args>
LogicalResult errorAt(Location loc, const char *fmt, Args &&...args) {
  emitErrorf(loc, fmt, std::forward<Args>(args)...);
  return failure();
}

/// Prints `loc` compactly: `file:line:col` for file locations, the name and
/// the child for name locations (`"conv1"(file:1:2)`), the callee for call
/// sites, the first located part of fused locations, `<unknown>` otherwise.
void printLocation(llvm::raw_ostream &os, Location loc);

/// `printLocation` into a string.
std::string locationToString(Location loc);

/// The name of the first NameLoc in `loc` (looking into fused, call-site and
/// child locations; an ONNX node's name in imported IR), or "" without one.
std::string getLocationName(Location loc);

/// The location of a piece of the op at `loc` (a tile, a part of a split
/// layer): `<name>/<suffix>` around `loc` for a named `loc` (getLocationName),
/// `loc` itself otherwise.
Location getPieceLocation(Location loc, llvm::StringRef suffix);

} // namespace mlir::vpuc::support

#endif // VPUC_CORE_SUPPORT_DIAGNOSTICS_H_
