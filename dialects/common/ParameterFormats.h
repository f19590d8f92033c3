//===- ParameterFormats.h - Shared textual parameters -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LiteralFormat<T>: how an attribute parameter of C++ type T is written when
// it is a plain literal (a float or an integer) or a list of them in square
// brackets. The tablegen side is ParameterFormats.td (VPUC_LiteralParameter);
// the dialects' PPE attributes write their values through it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_COMMON_PARAMETERFORMATS_H_
#define VPUC_DIALECTS_COMMON_PARAMETERFORMATS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc {

/// The shortest decimal form of `value` that reads back as the same double
/// (as the same float when `single`), always with a `.` so that MLIR lexes it
/// as a float: `0.0`, `0.1`, `6.5`, `1.0e+20`. `value` is finite.
std::string formatFloatLiteral(double value, bool single);

/// Parses a float literal (an integer literal is taken as a float too).
FailureOr<double> parseFloatLiteral(AsmParser &parser);

/// Prints `value` as formatFloatLiteral does.
void printFloatLiteral(AsmPrinter &printer, double value, bool single);

/// Selects the float-literal form of an FP32 value stored as its bits
/// (`std::optional<uint32_t>`); never instantiated.
struct F32Bits;

/// The textual form of a parameter of type T (see ParameterFormats.td);
/// specialised for every type a VPUC_LiteralParameter may have.
template <typename T> struct LiteralFormat;

/// An f64 FloatAttr: a float literal.
template <> struct LiteralFormat<FloatAttr> {
  static FailureOr<FloatAttr> parse(AsmParser &parser);
  static void print(AsmPrinter &printer, FloatAttr value);
};

/// An FP32 value as its bits: a float literal, rounded to FP32.
template <> struct LiteralFormat<F32Bits> {
  static FailureOr<std::optional<uint32_t>> parse(AsmParser &parser);
  static void print(AsmPrinter &printer, std::optional<uint32_t> bits);
};

/// An optional integer: an integer literal.
template <> struct LiteralFormat<std::optional<int64_t>> {
  static FailureOr<std::optional<int64_t>> parse(AsmParser &parser);
  static void print(AsmPrinter &printer, std::optional<int64_t> value);
};

/// Parses `[v, v, ...]` (possibly `[]`), each element with `parseElement`.
ParseResult parseBracketList(AsmParser &parser,
                             function_ref<ParseResult()> parseElement);

/// Integers or floats in square brackets.
template <typename T> struct LiteralFormat<SmallVector<T>> {
  static_assert(std::is_integral_v<T> || std::is_floating_point_v<T>,
                "lists hold integers or floats");

  static FailureOr<SmallVector<T>> parse(AsmParser &parser) {
    SmallVector<T> values;
    if (parseBracketList(parser, [&]() -> ParseResult {
          if constexpr (std::is_floating_point_v<T>) {
            FailureOr<double> value = parseFloatLiteral(parser);
            if (failed(value)) {
              return failure();
            }
            values.push_back(static_cast<T>(*value));
            return success();
          } else {
            return parser.parseInteger(values.emplace_back());
          }
        })) {
      return failure();
    }
    return values;
  }

  static void print(AsmPrinter &printer, ArrayRef<T> values) {
    printer << "[";
    llvm::interleaveComma(values, printer, [&](T value) {
      if constexpr (std::is_floating_point_v<T>) {
        printFloatLiteral(printer, value, std::is_same_v<T, float>);
      } else {
        printer << value;
      }
    });
    printer << "]";
  }
};

/// `[v, ...]` as a dense array attribute (DenseI64ArrayAttr,
/// DenseF64ArrayAttr, ...): `[]` is an empty array, not a null one.
template <typename T> struct LiteralFormat<detail::DenseArrayAttrImpl<T>> {
  using Attr = detail::DenseArrayAttrImpl<T>;

  static FailureOr<Attr> parse(AsmParser &parser) {
    FailureOr<SmallVector<T>> values =
        LiteralFormat<SmallVector<T>>::parse(parser);
    if (failed(values)) {
      return failure();
    }
    return Attr::get(parser.getContext(), *values);
  }

  static void print(AsmPrinter &printer, Attr values) {
    LiteralFormat<SmallVector<T>>::print(printer, values.asArrayRef());
  }
};

} // namespace mlir::vpuc

#endif // VPUC_DIALECTS_COMMON_PARAMETERFORMATS_H_
