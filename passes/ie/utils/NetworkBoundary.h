//===- NetworkBoundary.h - IE network entry point helpers -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Helpers of the IE passes that adapt the network's inputs and outputs to what
// the user exchanges with it (IE.CNNNetwork / IE.DataInfo): finding the network
// and its entry point, and changing the types of the entry point's arguments
// and results while the body keeps computing on the old types through a
// conversion op at the boundary (IE.Convert for the precision, a layout
// conversion for the order).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_UTILS_NETWORKBOUNDARY_H_
#define VPUC_PASSES_IE_UTILS_NETWORKBOUNDARY_H_

#include <optional>

#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class RewriterBase;
} // namespace mlir

namespace mlir::vpuc::IE {

/// The network of a module: its IE.CNNNetwork op and the function it names.
struct NetworkEntry {
  CNNNetworkOp network;
  func::FuncOp entryPoint;
};

/// Returns the IE.CNNNetwork of `module` and its entry point, or std::nullopt
/// when the module has no IE.CNNNetwork. Fails, with an error on the offending
/// op, when the module has more than one, when the entry point is not a
/// func.func with a body, or when anything but the IE.CNNNetwork refers to the
/// entry point (a caller would break when its signature changes).
FailureOr<std::optional<NetworkEntry>> lookupNetwork(ModuleOp module);

/// Builds, at the builder's insertion point, the op that converts `value` to
/// `type` and returns its result (of type `type`).
using BoundaryConversionBuilder = llvm::function_ref<Value(
    OpBuilder &builder, Location loc, Value value, Type type)>;

/// Changes the types of the arguments of `func` (which must have a body):
/// argument `i` gets the type `newTypes[i]` when that is set. The body keeps
/// reading the old type: at the start of the entry block, `convert(arg,
/// oldType)` is created for each changed argument, in argument order, and
/// replaces every other use of the argument.
void setArgumentTypes(RewriterBase &rewriter, func::FuncOp func,
                      ArrayRef<std::optional<Type>> newTypes,
                      BoundaryConversionBuilder convert);

/// Changes the types of the results of `func`: result `i` gets the type
/// `newTypes[i]` when that is set, and every func.return of the body returns
/// `convert(value, newTypes[i])`, created just before it, instead of `value`.
void setResultTypes(RewriterBase &rewriter, func::FuncOp func,
                    ArrayRef<std::optional<Type>> newTypes,
                    BoundaryConversionBuilder convert);

/// Returns the type a network input or output of type `type` gets for what
/// the user asked in `info`, or std::nullopt when it already has it. Fails,
/// with an error on `info`, when it cannot get it. `what` is "input" or
/// "output".
using UserTypeGetter = llvm::function_ref<FailureOr<std::optional<Type>>(
    DataInfoOp info, Type type, StringRef what)>;

/// Gives the arguments and results of the entry point of `module`'s network
/// the types `getUserType` returns for their IE.DataInfo, with `convert` at
/// the boundary (setArgumentTypes, setResultTypes). Does nothing when the
/// module has no network; fails, after reporting every error, when
/// lookupNetwork or `getUserType` fails, and then changes nothing.
LogicalResult applyUserTypes(ModuleOp module, UserTypeGetter getUserType,
                             BoundaryConversionBuilder convert);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_NETWORKBOUNDARY_H_
