//===- IEOps.cpp - Generated definitions of the IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The tablegen'd op definitions (parsers, printers, builders, ODS verifiers and
// the extraClassDefinition code of IEOps.td). Hand-written verifiers, folders
// and kernels live in the per-family sources (CNNNetwork.cpp, Eltwise.cpp,
// Activation.cpp, IEFolders.cpp, Inference*.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#define GET_OP_CLASSES
#include "dialects/ie/ir/IEOps.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::IE::detail {

bool areCompatibleUpToQuantization(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size()) {
    return false;
  }
  auto isQuantized = [](Type type) {
    return llvm::isa<quant::UniformQuantizedType,
                     quant::UniformQuantizedPerAxisType>(type);
  };
  for (auto [a, b] : llvm::zip_equal(inferred, actual)) {
    if (a == b) {
      continue;
    }
    auto tensorA = llvm::dyn_cast<RankedTensorType>(a);
    auto tensorB = llvm::dyn_cast<RankedTensorType>(b);
    if (!tensorA || !tensorB || tensorA.getShape() != tensorB.getShape() ||
        tensorA.getEncoding() != tensorB.getEncoding() ||
        !isQuantized(tensorA.getElementType()) ||
        !isQuantized(tensorB.getElementType())) {
      return false;
    }
  }
  return true;
}

} // namespace mlir::vpuc::IE::detail
