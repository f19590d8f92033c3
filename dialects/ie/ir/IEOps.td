//===- IEOps.td - Ops of the IE dialect -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The ops of the IE dialect: the network description (IE.CNNNetwork, IE.DataInfo), binary
// eltwise ops with NumPy broadcasting, comparison/logic ops and activations.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPS
#define VPUC_DIALECTS_IE_IR_IEOPS

include "dialects/ie/ir/IEBase.td"
include "dialects/ie/ir/IEInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Network description
//===----------------------------------------------------------------------===//

def IE_CNNNetworkOp : IE_Op<"CNNNetwork", [
    IsolatedFromAbove,
    HasParent<"::mlir::ModuleOp">,
    NoTerminator,
    SingleBlock,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "Names the network's entry point and describes its inputs and outputs";
  let description = [{
    Names the `func.func` that computes the network and describes, for each of its arguments
    (`inputsInfo`) and results (`outputsInfo`), in order, the tensor the user of the compiled
    network exchanges with it: a name, a precision and a layout (see `IE.DataInfo`). The
    function's own types are what the compiler computes internally; the user precision and
    layout may differ from them (the compiler then inserts conversions).

    The verifier checks that the entry point exists and is a `func.func`, that it has as many
    inputs and outputs as described, and that their shapes agree; names must be unique among
    the inputs and among the outputs. At the runtime levels (buffers), the entry point may
    also take the output buffers as trailing arguments, after the inputs, and return them
    (the calling convention of VPURT).

    Example:

    ```mlir
    IE.CNNNetwork entryPoint : @main inputsInfo : {
      IE.DataInfo "data" : tensor<1x3x224x224xf32> precision f16 layout affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    } outputsInfo : {
      IE.DataInfo "prob" : tensor<1x1000xf32> precision f32
    }
    func.func @main(%arg0: tensor<1x3x224x224xf32>) -> tensor<1x1000xf32> { ... }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$entryPoint);
  let regions = (region SizedRegion<1>:$inputsInfo, SizedRegion<1>:$outputsInfo);
  let assemblyFormat = [{
    `entryPoint` `:` $entryPoint attr-dict-with-keyword
    `inputsInfo` `:` $inputsInfo
    `outputsInfo` `:` $outputsInfo
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Returns the IE.DataInfo ops of the inputs, in argument order.
    ::llvm::SmallVector<::mlir::vpuc::IE::DataInfoOp, 4> getInputsDataInfo();
    /// Returns the IE.DataInfo ops of the outputs, in result order.
    ::llvm::SmallVector<::mlir::vpuc::IE::DataInfoOp, 4> getOutputsDataInfo();
  }];
}

def IE_DataInfoOp : IE_Op<"DataInfo", [HasParent<"::mlir::vpuc::IE::CNNNetworkOp">]> {
  let summary = "Describes one network input or output as the user sees it";
  let description = [{
    `name` is the tensor's name in the source model. `userType` is its logical type (shape and
    element type of the network argument/result). `precision` is the element type the user
    provides or expects (the compiled network converts as needed). `layout`, when present, is
    the order of the dimensions in the user's buffer as an affine-map permutation (outermost
    first); absent means row-major.

    Example:

    ```mlir
    IE.DataInfo "data" : tensor<1x3x224x224xf32> precision ui8 layout affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    ```
  }];
  let arguments = (ins
    StrAttr:$name,
    TypeAttrOf<AnyRankedTensor>:$userType,
    TypeAttr:$precision,
    OptionalAttr<AffineMapAttr>:$layout
  );
  let assemblyFormat = [{
    $name `:` $userType `precision` $precision (`layout` $layout^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Returns the user-visible tensor type.
    ::mlir::RankedTensorType getTensorType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getUserType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Layer base classes
//===----------------------------------------------------------------------===//

/// Runs the op's own checks before result type inference (so a bad op gets a precise
/// message rather than "failed to infer returned types"). See IETraits.h.
def IE_VerifiedBeforeInference : NativeOpTrait<"VerifiedBeforeInference", [],
    [{ ::llvm::LogicalResult verifyBeforeInference(); }]> {
  let cppNamespace = "::mlir::vpuc::IE";
}

/// A pure layer op with inferred result types, host inference and a cost.
/// `flops` is the number of floating-point operations per output element.
class IE_LayerOp<string mnemonic, int flops, list<Trait> traits = []> :
    IE_Op<mnemonic, !listconcat([
        Pure,
        IE_VerifiedBeforeInference,
        InferTensorTypeAdaptor,
        IE_LayerOpInterface,
        IE_LayoutInfoOpInterface,
        DeclareOpInterfaceMethods<IE_InferenceOpInterface>,
        DeclareOpInterfaceMethods<IE_CostOpInterface>,
      ], traits)> {
  int flopsPerElement = flops;
  code costDefinition = [{
    std::optional<int64_t> $cppClass::getNumMACs() { return 0; }
    std::optional<int64_t> $cppClass::getNumFLOPs() {
      return ::mlir::vpuc::IE::detail::countEltwiseFLOPs(getOperation(), }] # flops # [{);
    }
  }];
}

/// The `auto_broadcast` attribute of eltwise ops (NUMPY by default).
defvar IE_AutoBroadcastArg =
    DefaultValuedAttr<IE_AutoBroadcastTypeAttr, "::mlir::vpuc::IE::AutoBroadcastType::NUMPY">;

/// The operands, result, format and shape rules of a binary eltwise op. `resultElemType` is
/// the C++ expression of the result element type (with `ctx` the MLIRContext), or `nullptr`
/// for the operands' element type; `elementTypeVerifier` is a C++ statement checking the
/// element types (returning a failed LogicalResult on error), empty if `typeTraits` do it.
class IE_BinaryEltwiseBase<string mnemonic, int flops, Type operandType, Type resultType,
                           code resultElemType, list<Trait> typeTraits,
                           code elementTypeVerifier, list<Trait> traits = []> :
    IE_LayerOp<mnemonic, flops, !listconcat(typeTraits, [IE_AnyLayout], traits)> {
  let arguments = (ins operandType:$input1, operandType:$input2,
                   IE_AutoBroadcastArg:$auto_broadcast);
  let results = (outs resultType:$output);
  let assemblyFormat = [{
    `(` $input1 `,` $input2 `)` attr-dict `:` type($input1) `,` type($input2) `->` type($output)
  }];
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::verifyBeforeInference() {
      if (::mlir::failed(::mlir::vpuc::IE::detail::verifyEltwiseOperands(getOperation(),
              {getInput1().getType(), getInput2().getType()}, getAutoBroadcast()))) {
        return ::mlir::failure();
      }
      }] # elementTypeVerifier # [{
      return ::mlir::success();
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      return ::mlir::vpuc::IE::detail::inferEltwiseComponents(loc,
          {adaptor.getInput1().getType(), adaptor.getInput2().getType()},
          adaptor.getAutoBroadcast(), }] # resultElemType # [{, components);
    }
  }];
}

/// A binary eltwise op whose operands have one element type.
class IE_BinaryEltwiseOp<string mnemonic, int flops, Type operandType, Type resultType,
                         code resultElemType, list<Trait> traits = []> :
    IE_BinaryEltwiseBase<mnemonic, flops, operandType, resultType, resultElemType,
                         [AllElementTypesMatch<["input1", "input2"]>], "", traits>;

/// An arithmetic binary op: numeric operands of one element type, result of that type.
class IE_ArithmeticOp<string mnemonic, int flops, list<Trait> traits = []> :
    IE_BinaryEltwiseOp<mnemonic, flops, IE_NumericTensor, IE_NumericTensor, "nullptr",
                       traits>;

/// An arithmetic binary op that also runs on quantized types: numeric operands of one
/// element type and a result of that type, or a quantized layer (8-bit per-tensor
/// `!quant.uniform` operands and result, each with its own scale and zero point; see
/// `IE::detail::checkEltwiseElementTypes`) whose result has its own quantisation.
class IE_QuantizableArithmeticOp<string mnemonic, int flops, list<Trait> traits = []> :
    IE_BinaryEltwiseBase<mnemonic, flops, IE_NumericOrQuantTensor, IE_NumericOrQuantTensor,
                         "nullptr", [], [{
      if (::mlir::failed(::mlir::vpuc::IE::detail::verifyEltwiseElementTypes(getOperation(),
              getInput1().getType(), getInput2().getType(), getOutput().getType()))) {
        return ::mlir::failure();
      }
    }], traits> {
  let extraClassDeclaration = [{
    /// The inferred types (the first operand's element type) and the actual ones agree up
    /// to the parameters of quantized element types.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual) {
      return ::mlir::vpuc::IE::detail::areCompatibleUpToQuantization(inferred, actual);
    }
  }];
}

/// A comparison: numeric operands of one element type, boolean (i1) result.
class IE_ComparisonOp<string mnemonic, list<Trait> traits = []> :
    IE_BinaryEltwiseOp<mnemonic, 1, IE_NumericTensor, IE_BoolTensor,
                       "::mlir::IntegerType::get(ctx, 1)", traits>;

/// A binary logic op on booleans (i1).
class IE_BinaryLogicOp<string mnemonic, list<Trait> traits = []> :
    IE_BinaryEltwiseOp<mnemonic, 1, IE_BoolTensor, IE_BoolTensor, "nullptr", traits>;

/// A unary op whose result has the operand's type. `attrs` are extra attributes; ops with
/// extra checks set `unaryVerifier` to a C++ statement returning a LogicalResult.
class IE_UnaryOp<string mnemonic, int flops, Type tensorType, dag attrs = (ins),
                 list<Trait> traits = []> :
    IE_LayerOp<mnemonic, flops, !listconcat([IE_AnyLayout], traits)> {
  let arguments = !con((ins tensorType:$input), attrs);
  let results = (outs tensorType:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
  code unaryVerifier = "return ::mlir::success();";
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::verifyBeforeInference() {
      }] # unaryVerifier # [{
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      auto type = ::llvm::cast<::mlir::RankedTensorType>(adaptor.getInput().getType());
      components.emplace_back(type.getShape(), type.getElementType(), type.getEncoding());
      return ::mlir::success();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

def IE_AddOp : IE_QuantizableArithmeticOp<"Add", 1, [Commutative,
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "Elementwise sum with broadcasting";
  let description = [{
    `output = input1 + input2`, with the operand shapes reconciled by `auto_broadcast`
    (NumPy multidirectional broadcasting by default). The result keeps the operands' layout
    encoding when both carry the same one. Folds `x + 0` to `x` when `0` is a zero splat
    constant and the result type equals the type of `x` (float and integer types).

    Element types: the operands have one float or integer type, which the result has; or the
    layer is quantized (what the low-precision pipeline makes of a `Dequantize, Dequantize ->
    Add -> Quantize` chain): `input1`, `input2` and `output` are per-tensor `!quant.uniform`
    types with 8-bit storage (u8 or i8), each with its own scale and zero point. A quantized
    Add computes what the QDQ graph it replaces computes: each operand dequantized to f32,
    `a = f32((q1 - z1) * s1)` and `b = f32((q2 - z2) * s2)` (each product exact in double,
    rounded once), the sum `y = a + b` in f32, the post-op on `y` in f32, then `q =
    clamp(round_half_to_even(y / so) + zo, storage range)` with the division in f32; the
    scales are taken as f32 (the precision ONNX stores them in). `vpuc infer` runs it so;
    every mode runs it as the `quantized_eltwise` SHAVE kernel.

    ```mlir
    %0 = IE.Add(%a, %b) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
    %1 = IE.Add(%c, %d) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>}
           : tensor<8xf16>, tensor<8xf16> -> tensor<8xf16>
    %2 = IE.Add(%qa, %qb) {post_op = {name = "IE.ReLU"}}
           : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>>,
             tensor<1x16x8x8x!quant.uniform<u8:f32, 0.02>>
           -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.04>>
    ```
  }];
  let hasFolder = 1;
}

def IE_SubtractOp : IE_ArithmeticOp<"Subtract", 1, [
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "Elementwise difference with broadcasting";
  let description = [{
    `output = input1 - input2` with broadcasting. Folds `x - 0` to `x` (zero splat constant,
    same result type).

    ```mlir
    %0 = IE.Subtract(%a, %b) : tensor<1x16xf32>, tensor<1xf32> -> tensor<1x16xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_MultiplyOp : IE_QuantizableArithmeticOp<"Multiply", 1, [Commutative,
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "Elementwise product with broadcasting";
  let description = [{
    `output = input1 * input2` with broadcasting. Folds `x * 1` to `x` (one splat constant,
    same result type; float and integer types). Element types follow the `IE.Add` rules: a
    quantized Multiply computes `y = a * b` in f32 from the operands dequantized to f32, then
    the post-op and the quantisation of `IE.Add`.

    ```mlir
    %0 = IE.Multiply(%a, %scale) : tensor<1x3x8x8xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x8x8xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_DivideOp : IE_ArithmeticOp<"Divide", 1> {
  let summary = "Elementwise quotient with broadcasting";
  let description = [{
    `output = input1 / input2` with broadcasting. For integer element types the quotient is
    truncated toward zero (C / ONNX semantics); integer division by zero gives 0 in the host
    inference. Folds `x / 1` to `x` (one splat constant, same result type).

    ```mlir
    %0 = IE.Divide(%a, %b) : tensor<4x4xf32>, tensor<4x1xf32> -> tensor<4x4xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_PowerOp : IE_ArithmeticOp<"Power", 1> {
  let summary = "Elementwise power with broadcasting";
  let description = [{
    `output = input1 ^ input2` (`std::pow` semantics) with broadcasting.

    ```mlir
    %0 = IE.Power(%x, %e) : tensor<2x3xf32>, tensor<1xf32> -> tensor<2x3xf32>
    ```
  }];
}

def IE_MaximumOp : IE_ArithmeticOp<"Maximum", 1, [Commutative]> {
  let summary = "Elementwise maximum with broadcasting";
  let description = [{
    `output = max(input1, input2)` with broadcasting; a NaN operand gives NaN.

    ```mlir
    %0 = IE.Maximum(%a, %b) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
    ```
  }];
}

def IE_MinimumOp : IE_ArithmeticOp<"Minimum", 1, [Commutative]> {
  let summary = "Elementwise minimum with broadcasting";
  let description = [{
    `output = min(input1, input2)` with broadcasting; a NaN operand gives NaN.

    ```mlir
    %0 = IE.Minimum(%a, %b) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
    ```
  }];
}

def IE_SquaredDifferenceOp : IE_ArithmeticOp<"SquaredDifference", 2, [Commutative]> {
  let summary = "Elementwise squared difference with broadcasting";
  let description = [{
    `output = (input1 - input2)^2` with broadcasting.

    ```mlir
    %0 = IE.SquaredDifference(%a, %b) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_FloorModOp : IE_ArithmeticOp<"FloorMod", 3> {
  let summary = "Elementwise floored modulo with broadcasting";
  let description = [{
    `output = input1 - floor(input1 / input2) * input2`: the remainder has the sign of the
    divisor (Python `%`, NumPy `mod`, ONNX `Mod` with `fmod = 0`). A zero divisor gives NaN
    for float types and 0 for integer types in the host inference.

    ```mlir
    %0 = IE.FloorMod(%a, %b) : tensor<4xsi32>, tensor<1xsi32> -> tensor<4xsi32>
    ```
  }];
}

def IE_BitShiftOp : IE_BinaryEltwiseOp<"BitShift", 1, IE_UnsignedTensor, IE_UnsignedTensor,
                                       "nullptr"> {
  let summary = "Elementwise logical bit shift of unsigned integers with broadcasting";
  let description = [{
    `output = input1 << input2` (`direction = left`) or `input1 >> input2` (`right`), on
    unsigned integers of one type (ONNX BitShift); bits shifted out are lost, and a shift by
    the element width or more gives 0.

    The host inference computes on the float values of the interpreter's tensors: exact for
    values below 2^24 (every u8 and u16 value; u32 and u64 values below 2^24). The `bitshift`
    SHAVE kernel computes on the stored integers, exact for every width.

    ```mlir
    %0 = IE.BitShift(%a, %b) {direction = #IE.bit_shift_direction<left>}
           : tensor<4xui8>, tensor<1xui8> -> tensor<4xui8>
    ```
  }];
  let arguments = (ins IE_UnsignedTensor:$input1, IE_UnsignedTensor:$input2,
                   IE_BitShiftDirectionAttr:$direction, IE_AutoBroadcastArg:$auto_broadcast);
}

//===----------------------------------------------------------------------===//
// Comparison and logic
//===----------------------------------------------------------------------===//

def IE_EqualOp : IE_ComparisonOp<"Equal", [Commutative]> {
  let summary = "Elementwise equality with broadcasting";
  let description = [{
    `output = input1 == input2` as `i1`, with broadcasting.

    ```mlir
    %0 = IE.Equal(%a, %b) : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xi1>
    ```
  }];
}

def IE_LessOp : IE_ComparisonOp<"Less"> {
  let summary = "Elementwise less-than with broadcasting";
  let description = [{
    `output = input1 < input2` as `i1`, with broadcasting.

    ```mlir
    %0 = IE.Less(%a, %b) : tensor<2x3xsi32>, tensor<2x3xsi32> -> tensor<2x3xi1>
    ```
  }];
}

def IE_GreaterOp : IE_ComparisonOp<"Greater"> {
  let summary = "Elementwise greater-than with broadcasting";
  let description = [{
    `output = input1 > input2` as `i1`, with broadcasting.

    ```mlir
    %0 = IE.Greater(%a, %b) : tensor<2x3xf16>, tensor<f16> -> tensor<2x3xi1>
    ```
  }];
}

def IE_LogicalAndOp : IE_BinaryLogicOp<"LogicalAnd", [Commutative]> {
  let summary = "Elementwise logical and with broadcasting";
  let description = [{
    `output = input1 && input2` on `i1` tensors, with broadcasting.

    ```mlir
    %0 = IE.LogicalAnd(%a, %b) : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
    ```
  }];
}

def IE_LogicalOrOp : IE_BinaryLogicOp<"LogicalOr", [Commutative]> {
  let summary = "Elementwise logical or with broadcasting";
  let description = [{
    `output = input1 || input2` on `i1` tensors, with broadcasting.

    ```mlir
    %0 = IE.LogicalOr(%a, %b) : tensor<4xi1>, tensor<1xi1> -> tensor<4xi1>
    ```
  }];
}

def IE_LogicalNotOp : IE_UnaryOp<"LogicalNot", 1, IE_BoolTensor> {
  let summary = "Elementwise logical negation";
  let description = [{
    `output = !input` on an `i1` tensor.

    ```mlir
    %0 = IE.LogicalNot(%a) : tensor<4xi1> -> tensor<4xi1>
    ```
  }];
}

def IE_SelectOp : IE_LayerOp<"Select", 1, [
    AllElementTypesMatch<["input1", "input2", "output"]>, IE_AnyLayout]> {
  let summary = "Elementwise choice between two tensors (ONNX Where)";
  let description = [{
    `output = condition ? input1 : input2`, the three operands broadcast together by
    `auto_broadcast`. The result has the element type of `input1` / `input2`.

    ```mlir
    %0 = IE.Select(%c, %a, %b) : tensor<2x1xi1>, tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins IE_BoolTensor:$condition, IE_AnyTensor:$input1,
                   IE_AnyTensor:$input2, IE_AutoBroadcastArg:$auto_broadcast);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $condition `,` $input1 `,` $input2 `)` attr-dict `:`
    type($condition) `,` type($input1) `,` type($input2) `->` type($output)
  }];
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::verifyBeforeInference() {
      return ::mlir::vpuc::IE::detail::verifyEltwiseOperands(getOperation(),
          {getCondition().getType(), getInput1().getType(), getInput2().getType()},
          getAutoBroadcast());
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      return ::mlir::vpuc::IE::detail::inferEltwiseComponents(loc,
          {adaptor.getCondition().getType(), adaptor.getInput1().getType(),
           adaptor.getInput2().getType()},
          adaptor.getAutoBroadcast(),
          ::llvm::cast<::mlir::ShapedType>(adaptor.getInput1().getType()).getElementType(),
          components);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Activations and unary math
//===----------------------------------------------------------------------===//

def IE_ReLUOp : IE_UnaryOp<"ReLU", 1, IE_NumericTensor> {
  let summary = "Rectified linear unit";
  let description = [{
    `output = max(input, 0)`. `ReLU(ReLU(x))` folds to `ReLU(x)`.

    ```mlir
    %0 = IE.ReLU(%x) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_ClampOp : IE_UnaryOp<"Clamp", 2, IE_NumericTensor, (ins F64Attr:$min, F64Attr:$max)> {
  let summary = "Clamps values into [min, max]";
  let description = [{
    `output = min(max(input, min), max)`; `min <= max` is required. NaN stays NaN.

    ```mlir
    %0 = IE.Clamp(%x) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
           : tensor<1x16xf32> -> tensor<1x16xf32>
    ```
  }];
  let unaryVerifier = [{
    if (!(getMin().convertToDouble() <= getMax().convertToDouble())) {
      return emitOpError() << "expects min <= max, got min = "
                           << getMin().convertToDouble() << " and max = "
                           << getMax().convertToDouble();
    }
    return ::mlir::success();
  }];
}

def IE_SigmoidOp : IE_UnaryOp<"Sigmoid", 4, IE_FloatTensor> {
  let summary = "Logistic sigmoid";
  let description = [{
    `output = 1 / (1 + exp(-input))`.

    ```mlir
    %0 = IE.Sigmoid(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_TanhOp : IE_UnaryOp<"Tanh", 1, IE_FloatTensor> {
  let summary = "Hyperbolic tangent";
  let description = [{
    `output = tanh(input)`.

    ```mlir
    %0 = IE.Tanh(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_EluOp : IE_UnaryOp<"Elu", 3, IE_FloatTensor, (ins F64Attr:$alpha)> {
  let summary = "Exponential linear unit";
  let description = [{
    `output = input > 0 ? input : alpha * (exp(input) - 1)`.

    ```mlir
    %0 = IE.Elu(%x) {alpha = 1.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_ErfOp : IE_UnaryOp<"Erf", 1, IE_FloatTensor> {
  let summary = "Gauss error function";
  let description = [{
    `output = erf(input)`.

    ```mlir
    %0 = IE.Erf(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_GeluOp : IE_UnaryOp<"Gelu", 5, IE_FloatTensor> {
  let summary = "Gaussian error linear unit (exact, erf form)";
  let description = [{
    `output = 0.5 * input * (1 + erf(input / sqrt(2)))`.

    ```mlir
    %0 = IE.Gelu(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_ExpOp : IE_UnaryOp<"Exp", 1, IE_FloatTensor> {
  let summary = "Exponential";
  let description = [{
    `output = exp(input)`.

    ```mlir
    %0 = IE.Exp(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_LogOp : IE_UnaryOp<"Log", 1, IE_FloatTensor> {
  let summary = "Natural logarithm";
  let description = [{
    `output = ln(input)` (NaN for negative inputs, -inf for 0).

    ```mlir
    %0 = IE.Log(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_SqrtOp : IE_UnaryOp<"Sqrt", 1, IE_FloatTensor> {
  let summary = "Square root";
  let description = [{
    `output = sqrt(input)` (NaN for negative inputs).

    ```mlir
    %0 = IE.Sqrt(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_AbsOp : IE_UnaryOp<"Abs", 1, IE_NumericTensor> {
  let summary = "Absolute value";
  let description = [{
    `output = |input|`.

    ```mlir
    %0 = IE.Abs(%x) : tensor<1x8xsi32> -> tensor<1x8xsi32>
    ```
  }];
}

def IE_FloorOp : IE_UnaryOp<"Floor", 1, IE_FloatTensor> {
  let summary = "Rounds toward negative infinity";
  let description = [{
    `output = floor(input)`.

    ```mlir
    %0 = IE.Floor(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_CeilOp : IE_UnaryOp<"Ceil", 1, IE_FloatTensor> {
  let summary = "Rounds toward positive infinity";
  let description = [{
    `output = ceil(input)`.

    ```mlir
    %0 = IE.Ceil(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_RoundOp : IE_UnaryOp<"Round", 1, IE_FloatTensor, (ins IE_RoundModeAttr:$mode)> {
  let summary = "Rounds to the nearest integer";
  let description = [{
    Rounds to the nearest integer; `mode` decides halfway cases: `half_to_even` (ONNX
    Round, banker's rounding: 2.5 -> 2) or `half_away_from_zero` (2.5 -> 3, -2.5 -> -3).

    ```mlir
    %0 = IE.Round(%x) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

/// `output = fn(input)` element by element on a float tensor, for the trigonometric and
/// hyperbolic functions and their inverses (ONNX Sin ... Atanh). `domain` says what the
/// function gives outside its domain, or is empty.
class IE_MathUnaryOp<string mnemonic, string fn, string what, string domain = "">
    : IE_UnaryOp<mnemonic, 1, IE_FloatTensor> {
  let summary = what;
  let description = "`output = " # fn # "(input)`, element by element" # domain # ".\n\n"
      # "```mlir\n%0 = IE." # mnemonic # "(%x) : tensor<1x8xf32> -> tensor<1x8xf32>\n```";
}

def IE_SinOp : IE_MathUnaryOp<"Sin", "sin", "Sine (radians)">;
def IE_CosOp : IE_MathUnaryOp<"Cos", "cos", "Cosine (radians)">;
def IE_TanOp : IE_MathUnaryOp<"Tan", "tan", "Tangent (radians)">;
def IE_AsinOp : IE_MathUnaryOp<"Asin", "asin", "Arcsine",
    " in [-pi/2, pi/2]; NaN outside [-1, 1]">;
def IE_AcosOp : IE_MathUnaryOp<"Acos", "acos", "Arccosine",
    " in [0, pi]; NaN outside [-1, 1]">;
def IE_AtanOp : IE_MathUnaryOp<"Atan", "atan", "Arctangent", " in (-pi/2, pi/2)">;
def IE_SinhOp : IE_MathUnaryOp<"Sinh", "sinh", "Hyperbolic sine",
    "; +-inf where it exceeds the element type">;
def IE_CoshOp : IE_MathUnaryOp<"Cosh", "cosh", "Hyperbolic cosine",
    "; +inf where it exceeds the element type">;
def IE_AsinhOp : IE_MathUnaryOp<"Asinh", "asinh", "Inverse hyperbolic sine">;
def IE_AcoshOp : IE_MathUnaryOp<"Acosh", "acosh", "Inverse hyperbolic cosine",
    " (>= 0); NaN below 1">;
def IE_AtanhOp : IE_MathUnaryOp<"Atanh", "atanh", "Inverse hyperbolic tangent",
    "; +-inf at +-1, NaN outside [-1, 1]">;

def IE_HSwishOp : IE_UnaryOp<"HSwish", 5, IE_FloatTensor> {
  let summary = "Hard swish";
  let description = [{
    `output = input * min(max(input + 3, 0), 6) / 6`.

    ```mlir
    %0 = IE.HSwish(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_HSigmoidOp : IE_UnaryOp<"HSigmoid", 4, IE_FloatTensor> {
  let summary = "Hard sigmoid";
  let description = [{
    `output = min(max(input + 3, 0), 6) / 6` (ONNX HardSigmoid with alpha = 1/6, beta = 0.5).

    ```mlir
    %0 = IE.HSigmoid(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_SwishOp : IE_LayerOp<"Swish", 6, [IE_AnyLayout]> {
  let summary = "Swish (SiLU for beta = 1)";
  let description = [{
    `output = input * sigmoid(beta * input)`. `beta` is either the optional scalar operand
    `beta` (a one-element float tensor of the input's element type), or the attribute
    `beta_value`, or 1 when neither is given; giving both is an error. Canonicalisation
    turns a constant `beta` operand into `beta_value` and drops `beta_value = 1`.

    ```mlir
    %0 = IE.Swish(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    %1 = IE.Swish(%x) {beta_value = 1.500000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
    %2 = IE.Swish(%x, %b) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, Optional<IE_FloatTensor>:$beta,
                   OptionalAttr<F64Attr>:$beta_value);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input (`,` $beta^)? `)` attr-dict `:` type($input) (`,` type($beta)^)? `->` type($output)
  }];
  let hasCanonicalizer = 1;
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      auto type = ::llvm::cast<::mlir::RankedTensorType>(adaptor.getInput().getType());
      components.emplace_back(type.getShape(), type.getElementType(), type.getEncoding());
      return ::mlir::success();
    }
  }];
}

def IE_MishOp : IE_UnaryOp<"Mish", 5, IE_FloatTensor> {
  let summary = "Mish";
  let description = [{
    `output = input * tanh(softplus(input))`.

    ```mlir
    %0 = IE.Mish(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_SoftPlusOp : IE_UnaryOp<"SoftPlus", 3, IE_FloatTensor> {
  let summary = "SoftPlus";
  let description = [{
    `output = ln(1 + exp(input))`, computed without overflow for large inputs.

    ```mlir
    %0 = IE.SoftPlus(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_LeakyReluOp : IE_UnaryOp<"LeakyRelu", 2, IE_FloatTensor,
    (ins DefaultValuedAttr<F64Attr, "0.01">:$negative_slope)> {
  let summary = "Leaky rectified linear unit";
  let description = [{
    `output = input >= 0 ? input : negative_slope * input` (negative_slope defaults to 0.01,
    as in ONNX).

    ```mlir
    %0 = IE.LeakyRelu(%x) {negative_slope = 1.000000e-01 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
}

def IE_PReluOp : IE_LayerOp<"PRelu", 2, [AllElementTypesMatch<["input", "slope", "output"]>,
                                         IE_AnyLayout]> {
  let summary = "Parametric rectified linear unit";
  let description = [{
    `output = input >= 0 ? input : slope * input`. The result has the type of `input`.
    `slope` is either a 1-D tensor of C elements where C = dim 1 of an input of rank >= 2
    (one slope per channel, OpenVINO convention; this reading wins when it applies), or a
    tensor that broadcasts to the input shape by NumPy rules (ONNX PRelu).

    ```mlir
    %0 = IE.PRelu(%x, %s) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
    %1 = IE.PRelu(%x, %t) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$slope);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $slope `)` attr-dict `:` type($input) `,` type($slope) `->` type($output)
  }];
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      auto type = ::llvm::cast<::mlir::RankedTensorType>(adaptor.getInput().getType());
      components.emplace_back(type.getShape(), type.getElementType(), type.getEncoding());
      return ::mlir::success();
    }
  }];
}

def IE_NegativeOp : IE_UnaryOp<"Negative", 1, IE_NumericTensor> {
  let summary = "Elementwise negation";
  let description = [{
    `output = -input`. `Negative(Negative(x))` folds to `x`.

    ```mlir
    %0 = IE.Negative(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_ConvertOp : IE_LayerOp<"Convert", 1, [IE_AnyLayout]> {
  let summary = "Converts the element type";
  let description = [{
    Converts each element to `dstElemType` (float or integer; the shape and layout encoding
    are kept). Float to float rounds to nearest even. Float to integer truncates toward zero
    and saturates to the integer range (NaN gives 0); to `i1`, nonzero gives 1. A conversion
    to the input's own element type folds away.

    ```mlir
    %0 = IE.Convert(%x) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
    ```
  }];
  let arguments = (ins IE_NumericTensor:$input,
                   TypeAttrOf<AnyTypeOf<[F16, BF16, F32, F64, AnyInteger]>>:$dstElemType);
  let results = (outs IE_NumericTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      auto type = ::llvm::cast<::mlir::RankedTensorType>(adaptor.getInput().getType());
      components.emplace_back(type.getShape(), adaptor.getDstElemType(), type.getEncoding());
      return ::mlir::success();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Further op families, one file each
//===----------------------------------------------------------------------===//

include "dialects/ie/ir/IEOpsNN.td"
include "dialects/ie/ir/IEOpsData.td"
include "dialects/ie/ir/IEOpsFused.td"
include "dialects/ie/ir/IEOpsExtra.td"
include "dialects/ie/ir/IEOpsMisc.td"

#endif // VPUC_DIALECTS_IE_IR_IEOPS
