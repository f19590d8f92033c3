//===- EltwiseShapes4D.cpp - 4-D shapes of an eltwise op --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Aligns, merges and pads the shapes of an eltwise op to rank 4.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_shape_to_4d/EltwiseShapes4D.h"

#include <optional>

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

/// Formats a shape as "[1, 3, ?]".
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os, [&](int64_t dim) {
    if (ShapedType::isDynamic(dim)) {
      os << "?";
    } else {
      os << dim;
    }
  });
  os << "]";
  return text;
}

FailureOr<EltwiseShapes4D>
computeEltwiseShapes4D(ArrayRef<int64_t> resultShape,
                       ArrayRef<SmallVector<int64_t, 4>> operandShapes,
                       std::string &reason) {
  constexpr size_t kRank = 4;
  size_t rank = resultShape.size();
  if (ShapedType::isDynamicShape(resultShape)) {
    reason = "the result shape " + formatShape(resultShape) + " is dynamic";
    return failure();
  }
  // The operand shapes aligned on the right to the result's rank.
  SmallVector<SmallVector<int64_t, 4>> aligned;
  for (auto [index, shape] : llvm::enumerate(operandShapes)) {
    std::string which =
        "operand #" + std::to_string(index) + " of shape " + formatShape(shape);
    if (ShapedType::isDynamicShape(shape)) {
      reason = which + " is dynamic";
      return failure();
    }
    bool broadcasts = shape.size() <= rank;
    SmallVector<int64_t, 4> full(rank - std::min(rank, shape.size()), 1);
    llvm::append_range(full, shape);
    for (size_t d = 0; broadcasts && d < rank; ++d) {
      broadcasts = full[d] == resultShape[d] || full[d] == 1;
    }
    if (!broadcasts) {
      reason = which + " does not broadcast to the result shape " +
               formatShape(resultShape);
      return failure();
    }
    aligned.push_back(std::move(full));
  }

  EltwiseShapes4D shapes;
  shapes.operands.resize(aligned.size());
  if (rank <= kRank) {
    shapes.result.assign(kRank - rank, 1);
    llvm::append_range(shapes.result, resultShape);
    for (auto [shape, full] : llvm::zip_equal(shapes.operands, aligned)) {
      shape.assign(kRank - rank, 1);
      llvm::append_range(shape, full);
    }
    return shapes;
  }

  // Above rank 4: group the dims of extent > 1 (dims of extent 1 are 1 in
  // every operand too) into runs where each operand is either full or
  // broadcast on the whole run; each run becomes one dim.
  auto sameBroadcast = [&](size_t a, size_t b) {
    return llvm::all_of(aligned, [&](const SmallVector<int64_t, 4> &full) {
      return (full[a] == resultShape[a]) == (full[b] == resultShape[b]);
    });
  };
  std::optional<size_t> previous;
  for (size_t d = 0; d < rank; ++d) {
    if (resultShape[d] == 1) {
      continue;
    }
    if (previous && sameBroadcast(*previous, d)) {
      shapes.result.back() *= resultShape[d];
      for (auto [shape, full] : llvm::zip_equal(shapes.operands, aligned)) {
        shape.back() *= full[d];
      }
    } else {
      shapes.result.push_back(resultShape[d]);
      for (auto [shape, full] : llvm::zip_equal(shapes.operands, aligned)) {
        shape.push_back(full[d]);
      }
    }
    previous = d;
  }
  if (shapes.result.size() > kRank) {
    reason = "the broadcast of the operand shapes";
    for (const SmallVector<int64_t, 4> &shape : operandShapes) {
      reason += " " + formatShape(shape);
    }
    reason += " to " + formatShape(resultShape) + " needs " +
              std::to_string(shapes.result.size()) + " dims";
    return failure();
  }
  size_t pad = kRank - shapes.result.size();
  shapes.result.insert(shapes.result.begin(), pad, 1);
  for (SmallVector<int64_t, 4> &shape : shapes.operands) {
    shape.insert(shape.begin(), pad, 1);
  }
  return shapes;
}

} // namespace mlir::vpuc::IE
