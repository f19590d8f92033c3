//===- EinsumEquation.cpp - IE.Einsum equations -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The equation grammar: `term (, term)* [-> term]`, a term being letters;
// spaces are ignored. Syntax errors say "is malformed", valid equations outside
// the supported forms (ellipsis, diagonals, more than two inputs) "is not
// supported".
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/EinsumEquation.h"

#include <algorithm>
#include <string>

#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::IE::detail {

/// Reads the letters of `term` into `labels`; `what` names the term in
/// messages.
static LogicalResult parseTerm(ErrorFn emitError, llvm::StringRef equation,
                               llvm::StringRef term, llvm::StringRef what,
                               SmallVectorImpl<char> &labels) {
  for (char c : term) {
    if (c == '.') {
      return emitError()
             << "equation '" << equation
             << "' is not supported: ellipsis ('...') does not reduce to "
                "MatMul/Transpose/ReduceSum here";
    }
    if (!llvm::isAlpha(c)) {
      return emitError() << "equation '" << equation
                         << "' is malformed: invalid character '" << c
                         << "' in " << what;
    }
    if (llvm::is_contained(labels, c)) {
      if (what == "the output") {
        return emitError() << "equation '" << equation
                           << "' is malformed: output label '" << c
                           << "' repeats";
      }
      return emitError()
             << "equation '" << equation << "' is not supported: label '" << c
             << "' repeats in " << what
             << " (diagonals do not reduce to MatMul/Transpose/ReduceSum)";
    }
    labels.push_back(c);
  }
  return success();
}

FailureOr<EinsumEquation> parseEinsumEquation(ErrorFn emitError,
                                              llvm::StringRef equation,
                                              size_t numInputs) {
  std::string text;
  for (char c : equation) {
    if (c != ' ') {
      text.push_back(c);
    }
  }
  llvm::StringRef body(text);
  std::optional<llvm::StringRef> outputTerm;
  size_t arrow = body.find("->");
  llvm::StringRef lhs = body.substr(0, arrow);
  if (arrow != llvm::StringRef::npos) {
    outputTerm = body.substr(arrow + 2);
  }
  if (lhs.contains('-') || lhs.contains('>') ||
      (outputTerm && (outputTerm->contains('-') || outputTerm->contains('>') ||
                      outputTerm->contains(',')))) {
    return emitError() << "equation '" << equation
                       << "' is malformed: expected 'terms' or 'terms->output'";
  }
  SmallVector<llvm::StringRef, 2> terms;
  lhs.split(terms, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (terms.size() > 2) {
    return emitError() << "equation '" << equation
                       << "' is not supported: it has " << terms.size()
                       << " input terms; only one or two reduce to "
                          "MatMul/Transpose/ReduceSum";
  }
  if (terms.size() != numInputs) {
    return emitError() << "equation '" << equation << "' has " << terms.size()
                       << " input term(s) for " << numInputs << " input(s)";
  }
  EinsumEquation parsed;
  for (auto [index, term] : llvm::enumerate(terms)) {
    SmallVector<char, 6> labels;
    if (failed(parseTerm(emitError, equation, term,
                         "input term #" + std::to_string(index), labels))) {
      return failure();
    }
    parsed.inputs.push_back(std::move(labels));
  }
  int counts[128] = {};
  for (const auto &labels : parsed.inputs) {
    for (char c : labels) {
      ++counts[static_cast<unsigned char>(c)];
    }
  }
  if (outputTerm) {
    if (failed(parseTerm(emitError, equation, *outputTerm, "the output",
                         parsed.output))) {
      return failure();
    }
    for (char c : parsed.output) {
      if (counts[static_cast<unsigned char>(c)] == 0) {
        return emitError() << "equation '" << equation
                           << "' is malformed: output label '" << c
                           << "' does not occur in any input";
      }
    }
  } else {
    for (int c = 0; c < 128; ++c) {
      if (counts[c] == 1) {
        parsed.output.push_back(static_cast<char>(c));
      }
    }
  }
  for (const auto &labels : parsed.inputs) {
    for (char c : labels) {
      if (!llvm::is_contained(parsed.output, c) &&
          !llvm::is_contained(parsed.summed, c)) {
        parsed.summed.push_back(c);
      }
    }
  }
  return parsed;
}

FailureOr<EinsumExtents> getEinsumExtents(ErrorFn emitError,
                                          llvm::StringRef equation,
                                          const EinsumEquation &parsed,
                                          ArrayRef<ArrayRef<int64_t>> inputs) {
  EinsumExtents extents;
  extents.fill(ShapedType::kDynamic);
  // Which input fixed each extent, for messages.
  int owner[128] = {};
  for (auto [index, labels, shape] : llvm::enumerate(parsed.inputs, inputs)) {
    if (labels.size() != shape.size()) {
      return emitError() << "equation '" << equation << "': input term #"
                         << index << " has " << labels.size()
                         << " label(s) but input #" << index << " has shape "
                         << formatShape(shape);
    }
    for (auto [c, dim] : llvm::zip(labels, shape)) {
      int64_t &extent = extents[static_cast<unsigned char>(c)];
      if (ShapedType::isDynamic(dim)) {
        continue;
      }
      if (ShapedType::isDynamic(extent)) {
        extent = dim;
        owner[static_cast<unsigned char>(c)] = static_cast<int>(index);
      } else if (extent != dim) {
        return emitError() << "equation '" << equation << "': label '" << c
                           << "' has extent " << extent << " in input #"
                           << owner[static_cast<unsigned char>(c)] << " but "
                           << dim << " in input #" << index;
      }
    }
  }
  return extents;
}

DimVector getEinsumOutputShape(const EinsumEquation &parsed,
                               const EinsumExtents &extents) {
  DimVector shape;
  for (char c : parsed.output) {
    shape.push_back(extents[static_cast<unsigned char>(c)]);
  }
  return shape;
}

} // namespace mlir::vpuc::IE::detail
