//===- VPUIPOps.cpp - VPUIP op definitions ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generated op classes, the custom assembly directives of the kernel
// ops, the MemorySpacesInTarget trait and the interface definitions. The
// verifiers are in ViewOps.cpp, CopyOps.cpp and SwKernelOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include "dialects/vpuip/ir/VPUIPOpInterfaces.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPUIP {

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `%buf0, %buf1, 1 : i64, 5.0e-01 : f32` (inside parentheses): buffers,
/// then scalar parameters; possibly empty.
static ParseResult
parseKernelArgs(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &args,
                ArrayAttr &params) {
  SmallVector<Attribute> scalars;
  // Parses one element if there is one; `parsed` tells whether there was.
  auto parseOne = [&](bool &parsed) -> ParseResult {
    parsed = true;
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsedOperand = parser.parseOptionalOperand(operand);
    if (parsedOperand.has_value()) {
      if (failed(*parsedOperand)) {
        return failure();
      }
      if (!scalars.empty()) {
        return parser.emitError(operand.location)
               << "buffers must come before the scalar parameters";
      }
      args.push_back(operand);
      return success();
    }
    Attribute scalar;
    OptionalParseResult parsedScalar = parser.parseOptionalAttribute(scalar);
    if (!parsedScalar.has_value()) {
      parsed = false;
      return success();
    }
    if (failed(*parsedScalar)) {
      return failure();
    }
    scalars.push_back(scalar);
    return success();
  };
  bool parsed = false;
  if (parseOne(parsed)) {
    return failure();
  }
  while (parsed && succeeded(parser.parseOptionalComma())) {
    if (parseOne(parsed)) {
      return failure();
    }
    if (!parsed) {
      return parser.emitError(parser.getCurrentLocation())
             << "expected a buffer or a scalar parameter";
    }
  }
  params = parser.getBuilder().getArrayAttr(scalars);
  return success();
}

static void printKernelArgs(OpAsmPrinter &printer, Operation *,
                            OperandRange args, ArrayAttr params) {
  printer.printOperands(args);
  bool first = args.empty();
  for (Attribute param : params) {
    if (!first) {
      printer << ", ";
    }
    first = false;
    printer.printAttribute(param);
  }
}

/// An optional `params [<attr>, ...]`, absent for an empty list.
static ParseResult parseOptionalParams(OpAsmParser &parser, ArrayAttr &params) {
  if (failed(parser.parseOptionalKeyword("params"))) {
    params = parser.getBuilder().getArrayAttr({});
    return success();
  }
  return parser.parseAttribute(params);
}

static void printOptionalParams(OpAsmPrinter &printer, Operation *,
                                ArrayAttr params) {
  if (params && !params.empty()) {
    printer << "params ";
    printer.printAttribute(params);
  }
}

//===----------------------------------------------------------------------===//
// MemorySpacesInTarget
//===----------------------------------------------------------------------===//

namespace detail {

LogicalResult verifyMemorySpacesInTarget(Operation *op) {
  ResourcesAttr resources;
  auto check = [&](Type type, StringRef what, unsigned index) -> LogicalResult {
    auto memref = llvm::dyn_cast<BaseMemRefType>(type);
    if (!memref) {
      return success();
    }
    auto space =
        llvm::dyn_cast_if_present<MemorySpaceAttr>(memref.getMemorySpace());
    if (!space || space.getKind() != MemoryKind::CMX_NN) {
      return success();
    }
    if (!resources) {
      resources = getResources(op);
      if (!resources) {
        return success();
      }
    }
    if (*space.getIndex() >= resources.getClusters()) {
      return op->emitOpError()
             << what << " #" << index << " is in " << space
             << ", but the target " << resources.getArch() << " has "
             << resources.getClusters() << " cluster(s)";
    }
    return success();
  };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
    if (failed(check(type, "operand", index))) {
      return failure();
    }
  }
  for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
    if (failed(check(type, "result", index))) {
      return failure();
    }
  }
  return success();
}

} // namespace detail

} // namespace mlir::vpuc::VPUIP

#define GET_OP_CLASSES
#include "dialects/vpuip/ir/VPUIPOps.cpp.inc" // IWYU pragma: keep
