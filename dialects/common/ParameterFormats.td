//===- ParameterFormats.td - Shared textual parameters -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Attribute parameters whose textual form the default FieldParser does not
// give: numbers written as plain literals (`0.5`, `-3`) and lists of them in
// square brackets (`[0.5, 0.25]`, `[16384, 8192]`). Every one is optional (it
// may be left out of an `assemblyFormat` struct, and is then not printed), and
// parses and prints through ::mlir::vpuc::LiteralFormat (ParameterFormats.h),
// so `#VPU.PPE` and `#VPUIP.ppe` write their values the same way.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_COMMON_PARAMETERFORMATS
#define VPUC_DIALECTS_COMMON_PARAMETERFORMATS

include "mlir/IR/AttrTypeBase.td"

// An optional parameter of C++ type `type` written as a literal. `format` is
// the C++ type that selects the textual form (LiteralFormat<format>): the
// parameter's own type unless that alone does not say it (an FP32 value stored
// as its bits is a `std::optional<uint32_t>` written as a float).
//
// The forms: `::mlir::FloatAttr` (f64) and `::mlir::vpuc::F32Bits` a float
// literal, printed in the shortest form that reads back to the same value;
// `std::optional<int64_t>` an integer; `::mlir::DenseI64ArrayAttr`,
// `::mlir::DenseF64ArrayAttr` and `::llvm::SmallVector<T>` (see
// VPUC_LiteralListParameter) a list in square brackets.
class VPUC_LiteralParameter<string type, string desc, string format = type>
    : OptionalParameter<type, desc> {
  let parser = "::mlir::vpuc::LiteralFormat<" # format # ">::parse($_parser)";
  let printer = "::mlir::vpuc::LiteralFormat<" # format #
                ">::print($_printer, $_self)";
}

// An optional FP32 value stored as its bit pattern (a `std::optional<uint32_t>`,
// so that -0.0 and 0.0 stay apart), written as a float literal.
def VPUC_F32BitsParameter
    : VPUC_LiteralParameter<"std::optional<uint32_t>",
                            "an FP32 value, stored as its bits",
                            "::mlir::vpuc::F32Bits">;

// An optional list of `element` values, stored inline (an empty list is the
// absent one), written in square brackets.
class VPUC_LiteralListParameter<string element, string desc>
    : VPUC_LiteralParameter<"::llvm::ArrayRef<" # element # ">", desc,
                            "::llvm::SmallVector<" # element # ">"> {
  let allocator = [{$_dst = $_allocator.copyInto($_self);}];
  let cppStorageType = "::llvm::SmallVector<" # element # ">";
  let comparator = cppType # "($_lhs) == " # cppType # "($_rhs)";
}

#endif // VPUC_DIALECTS_COMMON_PARAMETERFORMATS
