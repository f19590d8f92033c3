//===- IEOpsData.td - IE: Data movement and shape ops -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Data movement and shape ops of the IE dialect. Included by IEOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSDATA
#define VPUC_DIALECTS_IE_IR_IEOPSDATA

//===----------------------------------------------------------------------===//
// Base class
//===----------------------------------------------------------------------===//

/// A data movement / shape layer: no arithmetic (0 MACs, 0 FLOPs). The op defines
/// `inferComponents`, which both the verifier (errors on the op) and result type inference
/// (errors at the optional location) call, so every invalid combination has one message.
class IE_DataOp<string mnemonic, list<Trait> traits = []> :
    IE_LayerOp<mnemonic, 0, traits> {
  let extraClassDeclaration = [{
    /// Checks the operands and attributes and computes the result types; `emitError`
    /// starts a diagnostic (possibly an inactive one).
    static ::llvm::LogicalResult inferComponents(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components);
  }];
  let extraClassDefinition = costDefinition # [{
    ::llvm::LogicalResult $cppClass::verifyBeforeInference() {
      ::llvm::SmallVector<::mlir::ShapedTypeComponents, 2> components;
      return inferComponents([this] { return emitOpError(); }, Adaptor(*this), components);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypeComponents(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components) {
      auto emitError = [loc] {
        return loc ? ::mlir::emitError(*loc) : ::mlir::InFlightDiagnostic();
      };
      return inferComponents(emitError, adaptor, components);
    }
  }];
}

/// A data op with one tensor operand and one result of the same element type.
class IE_UnaryDataOp<string mnemonic, dag attrs, list<Trait> traits = []> :
    IE_DataOp<mnemonic, !listconcat([AllElementTypesMatch<["input", "output"]>], traits)> {
  let arguments = !con((ins IE_AnyTensor:$input), attrs);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

def IE_ReshapeOp : IE_UnaryDataOp<"Reshape", (ins DenseI64ArrayAttr:$shape)> {
  let summary = "Reinterprets the tensor with a new static shape";
  let description = [{
    Returns the elements of `input`, in logical row-major order, with the shape `shape`. The
    attribute holds the final shape: ONNX Reshape's special values (0 = copy the input dim,
    -1 = infer the dim) are resolved by the importer, so every entry must be >= 0 and the
    element counts must agree (checked when the input shape is static). The result has no
    layout encoding.

    `Reshape(Reshape(x))` canonicalises to one `Reshape(x)`, and a reshape to the type of its
    input folds away; chains of reshapes, squeezes, unsqueezes and flattens become one reshape.

    ```mlir
    %0 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<6xf32> -> tensor<2x3xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_SqueezeOp : IE_UnaryDataOp<"Squeeze",
    (ins DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$axes)> {
  let summary = "Removes dimensions of size 1";
  let description = [{
    Removes the dims listed in `axes` (negative values count from the end: -1 is the last
    dim), each of which must have size 1. With no axes, every dim of size 1 is removed; the
    input shape must then be static. The result has no layout encoding.

    ```mlir
    %0 = IE.Squeeze(%x) {axes = array<i64: 0, -1>} : tensor<1x3x1xf32> -> tensor<3xf32>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def IE_UnsqueezeOp : IE_UnaryDataOp<"Unsqueeze", (ins DenseI64ArrayAttr:$axes)> {
  let summary = "Inserts dimensions of size 1";
  let description = [{
    Inserts a dim of size 1 at each position of `axes` in the result (of rank input rank +
    number of axes; negative values count from the end of the result). The result has no
    layout encoding.

    ```mlir
    %0 = IE.Unsqueeze(%x) {axes = array<i64: 0, -1>} : tensor<3xf32> -> tensor<1x3x1xf32>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def IE_FlattenOp : IE_UnaryDataOp<"Flatten",
    (ins DefaultValuedAttr<I64Attr, "1">:$axis)> {
  let summary = "Flattens the tensor into a matrix";
  let description = [{
    ONNX Flatten: the result is 2-D, `[d0 * ... * d(axis-1), d(axis) * ... * d(n-1)]`
    (an empty product is 1). `axis` is in `[-rank, rank]`; negative values count from the
    end. The result has no layout encoding.

    ```mlir
    %0 = IE.Flatten(%x) {axis = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x12xf32>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Transpose, concatenation, split, slice
//===----------------------------------------------------------------------===//

def IE_TransposeOp : IE_UnaryDataOp<"Transpose", (ins DenseI64ArrayAttr:$perm)> {
  let summary = "Permutes the dimensions";
  let description = [{
    Result dim `i` is input dim `perm[i]`; `perm` must be a permutation of the input's dims
    (ONNX's default, the reversed order, is made explicit by the importer). The result has
    no layout encoding. An identity transpose folds away and `Transpose(Transpose(x))`
    folds into one transpose (or `x`).

    ```mlir
    %0 = IE.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32> -> tensor<1x4x5x3xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_ConcatOp : IE_DataOp<"Concat", [IE_AnyLayout]> {
  let summary = "Concatenates tensors along one axis";
  let description = [{
    Joins the `inputs` (at least one, of one rank and element type) along `axis` (negative
    values count from the end). All other dims must agree. The result keeps the layout
    encoding the inputs share, if any. A concatenation of one input folds to it.

    ```mlir
    %0 = IE.Concat(%a, %b) {axis = 1 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
    ```
  }];
  let arguments = (ins Variadic<IE_AnyTensor>:$inputs, I64Attr:$axis);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $inputs `)` attr-dict `:` type($inputs) `->` type($output)
  }];
  let hasFolder = 1;
}

def IE_SplitOp : IE_DataOp<"Split", [IE_AnyLayout]> {
  let summary = "Splits a tensor into parts along one axis";
  let description = [{
    Cuts `input` along `axis` (negative values count from the end) into one result per entry
    of `splits`, which gives the sizes of the parts (all >= 0; their sum must equal the
    dim when it is static). ONNX's default of equal parts is resolved by the importer. The
    results keep the input's layout encoding.

    ```mlir
    %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<1x5xf32> -> tensor<1x2xf32>, tensor<1x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, I64Attr:$axis, DenseI64ArrayAttr:$splits);
  let results = (outs Variadic<IE_AnyTensor>:$outputs);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($outputs)
  }];
}

def IE_SliceOp : IE_UnaryDataOp<"Slice", (ins
    DenseI64ArrayAttr:$starts, DenseI64ArrayAttr:$ends,
    OptionalAttr<DenseI64ArrayAttr>:$axes, OptionalAttr<DenseI64ArrayAttr>:$steps),
    [IE_AnyLayout]> {
  let summary = "Takes a strided slice (ONNX Slice with static parameters)";
  let description = [{
    For each `axes[i]` (default `0, 1, ...`; negative values count from the end; no axis
    twice) takes the elements `starts[i], starts[i] + steps[i], ...` up to but excluding
    `ends[i]` (`steps` defaults to all 1; a step must not be 0 and may be negative). As in
    ONNX, negative starts and ends count from the end of the dim (add the dim) and are then
    clamped: to `[0, dim]` for a positive step, to `[0, dim - 1]` (start) and `[-1, dim - 1]`
    (end) for a negative step. Use INT64_MAX / INT64_MIN for "to the end". The result dim is
    `max(0, ceil((end - start) / step))`; it is dynamic when the input dim is. The result keeps
    the input's layout encoding.

    ```mlir
    %0 = IE.Slice(%x) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -2>}
           : tensor<2x5xf32> -> tensor<2x3xf32>
    ```
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pad, Tile, Gather, ShapeOf
//===----------------------------------------------------------------------===//

def IE_PadMode : I32EnumAttr<"PadMode", "how IE.Pad fills the border", [
      I32EnumAttrCase<"CONSTANT", 0, "constant">,
      I32EnumAttrCase<"EDGE", 1, "edge">,
      I32EnumAttrCase<"REFLECT", 2, "reflect">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_PadModeAttr : EnumAttr<IE_Dialect, IE_PadMode, "pad_mode"> {
  let summary = "border mode of IE.Pad";
  let assemblyFormat = "`<` $value `>`";
}

def IE_PadOp : IE_UnaryDataOp<"Pad", (ins
    DenseI64ArrayAttr:$pads_begin, DenseI64ArrayAttr:$pads_end,
    DefaultValuedAttr<IE_PadModeAttr, "::mlir::vpuc::IE::PadMode::CONSTANT">:$mode,
    DefaultValuedAttr<F64Attr, "0.0">:$pad_value), [IE_AnyLayout]> {
  let summary = "Pads the tensor at the start and end of each dim";
  let description = [{
    Adds `pads_begin[d]` elements before and `pads_end[d]` after dim `d` (one non-negative
    entry per dim). `mode`: `constant` fills with `pad_value`; `edge` repeats the border
    element (the dim must not be empty); `reflect` mirrors the elements next to the border
    without repeating it (ONNX / NumPy "reflect": pads must be smaller than the dim). The
    result keeps the input's layout encoding.

    ```mlir
    %0 = IE.Pad(%x) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>}
           : tensor<2x3xf32> -> tensor<2x6xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_TileOp : IE_UnaryDataOp<"Tile", (ins DenseI64ArrayAttr:$repeats), [IE_AnyLayout]> {
  let summary = "Repeats the tensor along each dim";
  let description = [{
    Result dim `d` is `repeats[d]` copies of input dim `d` (one non-negative entry per dim).
    The result keeps the input's layout encoding.

    ```mlir
    %0 = IE.Tile(%x) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
    ```
  }];
  let hasFolder = 1;
}

def IE_GatherOp : IE_DataOp<"Gather", [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Takes slices of the input at the given indices along one axis";
  let description = [{
    ONNX Gather: `output[a..., i..., b...] = input[a..., indices[i...], b...]`, where `a` are
    the dims before `axis` (negative values count from the end) and `b` the dims after it;
    the result shape is `input[:axis] + indices.shape + input[axis + 1:]`. `indices` is an
    integer or float tensor (float values are truncated); negative indices count from the
    end of the dim, and out-of-range indices are an error at inference time. The result
    has no layout encoding.

    ```mlir
    %0 = IE.Gather(%x, %i) {axis = 1 : i64} : tensor<2x5xf32>, tensor<3xsi64> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, IE_NumericTensor:$indices, I64Attr:$axis);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $indices `)` attr-dict `:` type($input) `,` type($indices) `->` type($output)
  }];
}

def IE_ShapeOfOp : IE_DataOp<"ShapeOf"> {
  let summary = "Returns the shape of the tensor";
  let description = [{
    A 1-D `i64` tensor with one element per dim of `input`: its extents (the actual ones for
    dynamic dims, at inference time).

    ```mlir
    %0 = IE.ShapeOf(%x) : tensor<?x3xf32> -> tensor<2xi64>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input);
  let results = (outs RankedTensorOf<[I64]>:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

#endif // VPUC_DIALECTS_IE_IR_IEOPSDATA
