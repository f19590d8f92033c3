//===- ParameterFormats.cpp - Shared textual parameters ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The literal forms of LiteralFormat<T>: float literals in their shortest
// exact decimal form, integers, and lists of them in square brackets.
//
//===----------------------------------------------------------------------===//

#include "dialects/common/ParameterFormats.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

namespace mlir::vpuc {

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

std::string formatFloatLiteral(double value, bool single) {
  if (!std::isfinite(value)) {
    // The hexadecimal form of the f64 bits, as MLIR writes special values.
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::format_hex(llvm::bit_cast<uint64_t>(value), 18,
                           /*Upper=*/true);
    text[1] = 'x';
    return text;
  }
  // The fewest digits (at least 6, so that e.g. 100000 is not `1e+05`) that
  // read back as `value`.
  const int maxPrecision = single ? 9 : 17;
  char buffer[40];
  for (int precision = 6; precision <= maxPrecision; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    const double back = std::strtod(buffer, nullptr);
    if (single ? static_cast<float>(back) == static_cast<float>(value)
               : back == value) {
      break;
    }
  }
  std::string text(buffer);
  if (text.find('.') == std::string::npos) {
    // MLIR lexes `1e+20` as an integer followed by an identifier.
    size_t exponent = text.find('e');
    text.insert(exponent == std::string::npos ? text.size() : exponent, ".0");
  }
  return text;
}

FailureOr<double> parseFloatLiteral(AsmParser &parser) {
  double value = 0.0;
  if (parser.parseFloat(value)) {
    return failure();
  }
  return value;
}

void printFloatLiteral(AsmPrinter &printer, double value, bool single) {
  printer << formatFloatLiteral(value, single);
}

FailureOr<FloatAttr> LiteralFormat<FloatAttr>::parse(AsmParser &parser) {
  FailureOr<double> value = parseFloatLiteral(parser);
  if (failed(value)) {
    return failure();
  }
  return FloatAttr::get(Float64Type::get(parser.getContext()), *value);
}

void LiteralFormat<FloatAttr>::print(AsmPrinter &printer, FloatAttr value) {
  printFloatLiteral(printer, value.getValueAsDouble(), /*single=*/false);
}

FailureOr<std::optional<uint32_t>>
LiteralFormat<F32Bits>::parse(AsmParser &parser) {
  FailureOr<double> value = parseFloatLiteral(parser);
  if (failed(value)) {
    return failure();
  }
  return std::optional<uint32_t>(
      llvm::bit_cast<uint32_t>(static_cast<float>(*value)));
}

void LiteralFormat<F32Bits>::print(AsmPrinter &printer,
                                   std::optional<uint32_t> bits) {
  printFloatLiteral(printer, llvm::bit_cast<float>(bits.value_or(0)),
                    /*single=*/true);
}

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

FailureOr<std::optional<int64_t>>
LiteralFormat<std::optional<int64_t>>::parse(AsmParser &parser) {
  int64_t value = 0;
  if (parser.parseInteger(value)) {
    return failure();
  }
  return std::optional<int64_t>(value);
}

void LiteralFormat<std::optional<int64_t>>::print(
    AsmPrinter &printer, std::optional<int64_t> value) {
  printer << value.value_or(0);
}

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

ParseResult parseBracketList(AsmParser &parser,
                             function_ref<ParseResult()> parseElement) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        parseElement);
}

} // namespace mlir::vpuc
