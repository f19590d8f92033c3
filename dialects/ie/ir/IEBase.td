//===- IEBase.td - IE dialect definition, attributes and base op -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IE dialect (level 3, HW-agnostic topology): its definition, its enum attributes and the
// base classes of its ops.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEBASE
#define VPUC_DIALECTS_IE_IR_IEBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def IE_Dialect : Dialect {
  let name = "IE";
  let cppNamespace = "::mlir::vpuc::IE";
  let summary = "HW-agnostic topology level: tensors, SSA, pure layer ops";
  let description = [{
    The IE dialect is the entry level of vpuc (DESIGN.md section 3). Each op is one layer of
    the source network (the ONNX importer maps every source node to exactly one IE op), works
    on ranked tensors and has no side effects. A module holds the network as a `func.func`
    plus one `IE.CNNNetwork` op that names the entry point and describes its inputs and
    outputs as the user sees them (name, precision, layout).

    Tensor types may carry the project's layout encoding: an `AffineMapAttr` permutation in
    the `encoding` of a `RankedTensorType` gives the order of the dimensions in memory
    (outermost first). No encoding means the identity (row-major) order. Every IE op verifies
    that the encodings of its operands and results are such permutations.

    Every layer op implements:
    * `InferTypeOpInterface` / `InferShapedTypeOpInterface` (result types from operands),
    * `IE_LayerOpInterface` (inputs and outputs of the layer),
    * `IE_InferenceOpInterface` (runs the op on host float buffers, DESIGN.md section 10),
    * `IE_CostOpInterface` (MACs / FLOPs for cost reports),
    * `IE_LayoutInfoOpInterface` (the dimension orders each operand and result supports).

    Constant folding is lazy: an op whose operands are `const.Declare`s folds to a new
    `const.Declare` with the same base content and one more `#const` transformation when
    one expresses the op exactly (Reshape, Squeeze, Unsqueeze, Flatten -> `Reshape`;
    Transpose -> `Transpose`; Convert -> `ConvertElemType`; a unit-step Slice -> `SubView`;
    a zero constant Pad -> `PadWithZero`; Tile -> `Broadcast` (with `Reshape`s); Add,
    Subtract, Multiply, Divide by a power of two and Negative with a float splat ->
    `Add` / `Rescale`). The dialect materialises such folded `#const.Content` values as
    `const.Declare` ops.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::quant::QuantizationDialect",
                           "::mlir::vpuc::Const::ConstDialect"];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the dialect's attributes (IEAttributes.cpp, where their storage is defined).
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Enum attributes
//===----------------------------------------------------------------------===//

def IE_AutoBroadcastType : I32EnumAttr<"AutoBroadcastType",
    "how the shapes of the operands of an eltwise op are reconciled", [
      I32EnumAttrCase<"NONE_OR_EXPLICIT", 0>,
      I32EnumAttrCase<"NUMPY", 1>,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_AutoBroadcastTypeAttr : EnumAttr<IE_Dialect, IE_AutoBroadcastType,
                                        "auto_broadcast"> {
  let summary = "auto-broadcast mode of an eltwise op";
  let description = [{
    `NONE_OR_EXPLICIT`: all operands must have the same shape. `NUMPY`: NumPy / ONNX
    multidirectional broadcasting (shapes aligned on the right, a dimension of 1 stretches).
  }];
  let assemblyFormat = "`<` $value `>`";
}

def IE_RoundMode : I32EnumAttr<"RoundMode", "rounding of halfway cases", [
      I32EnumAttrCase<"HALF_TO_EVEN", 0, "half_to_even">,
      I32EnumAttrCase<"HALF_AWAY_FROM_ZERO", 1, "half_away_from_zero">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_RoundModeAttr : EnumAttr<IE_Dialect, IE_RoundMode, "round_mode"> {
  let summary = "rounding mode of IE.Round";
  let assemblyFormat = "`<` $value `>`";
}

def IE_BitShiftDirection : I32EnumAttr<"BitShiftDirection", "direction of IE.BitShift", [
      I32EnumAttrCase<"LEFT", 0, "left">,
      I32EnumAttrCase<"RIGHT", 1, "right">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_BitShiftDirectionAttr : EnumAttr<IE_Dialect, IE_BitShiftDirection, "bit_shift_direction"> {
  let summary = "direction of IE.BitShift";
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

/// Element types the IE compute ops accept.
def IE_FloatElement : AnyTypeOf<[F16, BF16, F32, F64]>;
def IE_IntElement : AnyTypeOf<[AnySignlessInteger, AnySignedInteger, AnyUnsignedInteger]>;

/// A uniform quantized element type (`!quant.uniform`, per tensor or per axis).
def IE_QuantElement : Type<
    CPred<"::llvm::isa<::mlir::quant::UniformQuantizedType, "
          "::mlir::quant::UniformQuantizedPerAxisType>($_self)">,
    "uniform quantized type">;

def IE_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
/// The tensors of layers that also run on quantized types (the low-precision pipeline).
def IE_FloatOrQuantTensor : RankedTensorOf<[F16, BF16, F32, F64, IE_QuantElement]>;
def IE_NumericTensor : RankedTensorOf<[F16, BF16, F32, F64, AnyInteger]>;
/// The tensors of arithmetic ops that also run on quantized types (IE.Add, IE.Multiply).
def IE_NumericOrQuantTensor : RankedTensorOf<[F16, BF16, F32, F64, AnyInteger, IE_QuantElement]>;
def IE_BoolTensor : RankedTensorOf<[I1]>;
/// Unsigned integer tensors (ONNX BitShift).
def IE_UnsignedTensor : RankedTensorOf<[UI8, UI16, UI32, UI64]>;
def IE_AnyTensor : RankedTensorOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// Base op classes
//===----------------------------------------------------------------------===//

/// Verifies that every ranked tensor operand/result has either no encoding or an AffineMapAttr
/// permutation of its dimensions (see IETraits.h).
def IE_ValidLayoutEncoding : NativeOpTrait<"ValidLayoutEncoding"> {
  let cppNamespace = "::mlir::vpuc::IE";
}

class IE_Op<string mnemonic, list<Trait> traits = []> :
    Op<IE_Dialect, mnemonic, !listconcat([IE_ValidLayoutEncoding], traits)>;

#endif // VPUC_DIALECTS_IE_IR_IEBASE
