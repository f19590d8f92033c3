//===- IEOpsExtra.td - IE: Interpolate, quantisation and indexing ops -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Interpolate, Quantize / Dequantize / FakeQuantize and further data / indexing ops of the IE
// dialect (StridedSlice, Broadcast, Range, Reorder, AffineReshape, PerAxisTile,
// GatherElements, ScatterNDUpdate, ScatterElementsUpdate, GatherND, Det, TopK, CumSum,
// DepthToSpace, SpaceToDepth). Included by IEOps.td.
//
// Verifiers and result type inference: Interpolate.cpp, Quantization.cpp, DataExtra.cpp,
// Scatter.cpp, Det.cpp (shape helpers in ExtraOpUtils.h). Host kernels:
// InferenceInterpolate.cpp, InferenceQuantization.cpp, InferenceDataExtra.cpp,
// InferenceScatter.cpp, Det.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSEXTRA
#define VPUC_DIALECTS_IE_IR_IEOPSEXTRA

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// A layer whose checks and result types come from one static `inferComponents` (as
/// IE_DataOp), with `flops` floating-point operations per output element.
class IE_ExtraOp<string mnemonic, int flops, list<Trait> traits = []> :
    IE_LayerOp<mnemonic, flops, traits> {
  let extraClassDeclaration = [{
    /// Checks the operands and attributes and computes the result types; `emitError`
    /// starts a diagnostic (possibly an inactive one).
    static ::llvm::LogicalResult inferComponents(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components);
  }];
  code inferenceDefinition = [{
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
  let extraClassDefinition = costDefinition # inferenceDefinition;
}

/// An IE_ExtraOp whose getNumMACs / getNumFLOPs are written in C++.
class IE_ExtraCostOp<string mnemonic, list<Trait> traits = []> :
    IE_ExtraOp<mnemonic, 0, traits> {
  let extraClassDefinition = inferenceDefinition;
}

//===----------------------------------------------------------------------===//
// Interpolate
//===----------------------------------------------------------------------===//

def IE_InterpolateMode : I32EnumAttr<"InterpolateMode", "interpolation of IE.Interpolate", [
      I32EnumAttrCase<"NEAREST", 0, "nearest">,
      I32EnumAttrCase<"LINEAR", 1, "linear">,
      I32EnumAttrCase<"CUBIC", 2, "cubic">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_InterpolateModeAttr : EnumAttr<IE_Dialect, IE_InterpolateMode, "interp_mode"> {
  let summary = "interpolation mode of IE.Interpolate";
  let assemblyFormat = "`<` $value `>`";
}

def IE_InterpolateCoordMode : I32EnumAttr<"InterpolateCoordMode",
    "how IE.Interpolate maps output coordinates to input coordinates", [
      I32EnumAttrCase<"HALF_PIXEL", 0, "half_pixel">,
      I32EnumAttrCase<"PYTORCH_HALF_PIXEL", 1, "pytorch_half_pixel">,
      I32EnumAttrCase<"ALIGN_CORNERS", 2, "align_corners">,
      I32EnumAttrCase<"ASYMMETRIC", 3, "asymmetric">,
      I32EnumAttrCase<"TF_HALF_PIXEL_FOR_NN", 4, "tf_half_pixel_for_nn">,
      I32EnumAttrCase<"TF_CROP_AND_RESIZE", 5, "tf_crop_and_resize">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_InterpolateCoordModeAttr : EnumAttr<IE_Dialect, IE_InterpolateCoordMode,
                                           "interp_coord_mode"> {
  let summary = "coordinate transformation mode of IE.Interpolate";
  let assemblyFormat = "`<` $value `>`";
}

def IE_InterpolateNearestMode : I32EnumAttr<"InterpolateNearestMode",
    "how IE.Interpolate rounds a coordinate in nearest mode", [
      I32EnumAttrCase<"ROUND_PREFER_FLOOR", 0, "round_prefer_floor">,
      I32EnumAttrCase<"ROUND_PREFER_CEIL", 1, "round_prefer_ceil">,
      I32EnumAttrCase<"FLOOR", 2, "floor">,
      I32EnumAttrCase<"CEIL", 3, "ceil">,
      I32EnumAttrCase<"SIMPLE", 4, "simple">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_InterpolateNearestModeAttr : EnumAttr<IE_Dialect, IE_InterpolateNearestMode,
                                             "interp_nearest_mode"> {
  let summary = "nearest rounding mode of IE.Interpolate";
  let assemblyFormat = "`<` $value `>`";
}

def IE_InterpolateOp : IE_ExtraCostOp<"Interpolate", [AllElementTypesMatch<["input", "output"]>,
    IE_AnyLayout]> {
  let summary = "Resizes the tensor by interpolation (ONNX Resize / Upsample)";
  let description = [{
    ONNX Resize (opsets 10 to 13) with static parameters. Exactly one of `scales` (one
    positive factor per dim) and `sizes` (the output shape) is given. With `scales`, output dim
    `d` is `floor(input[d] * scales[d])`; with `sizes`, the scale of dim `d` is
    `sizes[d] / input[d]`. Each output coordinate `x` of dim `d` maps to an input coordinate
    `x_original` by `coord_mode` (`scale` is the dim's scale, `in` its input size and
    `out = in * scale`):

    * `half_pixel` (default): `(x + 0.5) / scale - 0.5`
    * `pytorch_half_pixel`: `out > 1 ? (x + 0.5) / scale - 0.5 : 0`
    * `align_corners`: `out == 1 ? 0 : x * (in - 1) / (out - 1)`
    * `asymmetric`: `x / scale`
    * `tf_half_pixel_for_nn`: `(x + 0.5) / scale`
    * `tf_crop_and_resize`: `out > 1 ? start * (in - 1) + x * (end - start) * (in - 1) / (out - 1)
      : 0.5 * (start + end) * (in - 1)` with `start = roi[d]`, `end = roi[rank + d]`
      (`roi` is required in this mode and only allowed there); an output element whose input
      coordinate falls outside `[0, in - 1]` in any dim is `extrapolation_value`.

    `mode` then interpolates, separably along each dim, from the neighbours of
    `x_original` (indices clamped to `[0, in - 1]`, i.e. edge padding):

    * `nearest`: one neighbour, `x_original` rounded by `nearest_mode`: `round_prefer_floor`
      (default; halves go down), `round_prefer_ceil` (halves go up), `floor`, `ceil`, or
      `simple` (ONNX Resize-10 / Upsample as ONNX Runtime runs them: `ceil` in a dim whose
      scale is below 1, truncation otherwise).
    * `linear`: the two neighbours `floor(x_original)` and the next, weights `1 - t` and `t`
      with `t = x_original - floor(x_original)` (N-D linear is bilinear in 2-D etc.).
    * `cubic`: the four neighbours `floor(x_original) - 1 ... + 2` with the cubic convolution
      weights of coefficient `cubic_coeff_a` (default -0.75). With `exclude_outside`, the
      weights of neighbours outside the input are 0 and the others are renormalised to sum 1.

    Coordinates and weights are computed in double precision, as in the ONNX reference
    implementation. The result keeps the input's element type and layout encoding. Cost: no
    MACs; 2 FLOPs per tap (2 for linear, 4 for cubic, none for nearest) per resized dim (input
    and output sizes differ) per output element.

    ```mlir
    %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>}
           : tensor<1x8x16x16xf32> -> tensor<1x8x32x32xf32>
    ```
  }];
  let arguments = (ins IE_NumericTensor:$input,
      IE_InterpolateModeAttr:$mode,
      DefaultValuedAttr<IE_InterpolateCoordModeAttr,
          "::mlir::vpuc::IE::InterpolateCoordMode::HALF_PIXEL">:$coord_mode,
      DefaultValuedAttr<IE_InterpolateNearestModeAttr,
          "::mlir::vpuc::IE::InterpolateNearestMode::ROUND_PREFER_FLOOR">:$nearest_mode,
      DefaultValuedAttr<F64Attr, "-0.75">:$cubic_coeff_a,
      UnitAttr:$exclude_outside,
      DefaultValuedAttr<F64Attr, "0.0">:$extrapolation_value,
      OptionalAttr<DenseF64ArrayAttr>:$scales,
      OptionalAttr<DenseI64ArrayAttr>:$sizes,
      OptionalAttr<DenseF64ArrayAttr>:$roi);
  let results = (outs IE_NumericTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Quantisation
//===----------------------------------------------------------------------===//

def IE_QuantizeOp : IE_ExtraOp<"Quantize", 3> {
  let summary = "Quantizes a float tensor to a uniform quantized type (ONNX QuantizeLinear)";
  let description = [{
    Quantisation in IE uses MLIR's quant types, as the `const` dialect does
    (`#const.QuantCast`, `#const.Dequantize`): the scale(s) and zero point(s) live in the
    element type `dstElemType` of the result, a `!quant.uniform` type, per tensor or per axis
    (its quantized dimension must exist in the input and, when static, have one scale per
    element). The storage type is any signed or unsigned integer of at most 32 bits
    (ONNX: `i8`, `u8`; `i32` for biases).

    `q = saturate(round_half_to_even(x / scale) + zero_point)`, saturating to the storage
    range (`storageTypeMin` / `storageTypeMax` of the quant type); NaN gives the zero point.
    The host interpreter holds a quantized tensor as its storage integers. The result keeps
    the input's shape and layout encoding.

    ```mlir
    %0 = IE.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 0.02:128>}
           : tensor<1x3x8x8xf32> -> tensor<1x3x8x8x!quant.uniform<u8:f32, 0.02:128>>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, TypeAttr:$dstElemType);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_DequantizeOp : IE_ExtraOp<"Dequantize", 2> {
  let summary = "Dequantizes a uniform quantized tensor (ONNX DequantizeLinear)";
  let description = [{
    `x = (q - zero_point) * scale` with the scale(s) and zero point(s) of the input's
    `!quant.uniform` element type (per tensor or per axis), computed as in
    `#const.Dequantize`. `dstElemType` is the float result element type. The result keeps the
    input's shape and layout encoding.

    ```mlir
    %0 = IE.Dequantize(%q) {dstElemType = f32}
           : tensor<16x3x3x3x!quant.uniform<i8:f32:0, {0.1, 0.2, ...}>> -> tensor<16x3x3x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, TypeAttrOf<IE_FloatElement>:$dstElemType);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_FakeQuantizeOp : IE_ExtraOp<"FakeQuantize", 7, [
    AllElementTypesMatch<["input", "input_low", "input_high", "output_low", "output_high",
                          "output"]>]> {
  let summary = "Quantizes and dequantizes in float (OpenVINO FakeQuantize)";
  let description = [{
    OpenVINO FakeQuantize: with `il, ih, ol, oh` the limits broadcast to the input:

    * `x <= min(il, ih)`: `ol`;
    * `x > max(il, ih)`: `oh`;
    * otherwise `round((x - il) / (ih - il) * (levels - 1)) / (levels - 1) * (oh - ol) + ol`,
      rounding halves to even.

    `levels` is at least 2. With `auto_broadcast` `NUMPY` (default) each limit must broadcast
    to the input's shape (unidirectionally); with `NONE_OR_EXPLICIT` it must have it. The
    result has the input's type. There is no ONNX op; a QuantizeLinear / DequantizeLinear pair
    is equivalent to a FakeQuantize with `levels = 256`.

    ```mlir
    %0 = IE.FakeQuantize(%x, %il, %ih, %ol, %oh) {levels = 256 : i64}
           : tensor<1x3x8x8xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
           -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$input_low,
                   IE_FloatTensor:$input_high, IE_FloatTensor:$output_low,
                   IE_FloatTensor:$output_high, I64Attr:$levels,
                   IE_AutoBroadcastArg:$auto_broadcast);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $input_low `,` $input_high `,` $output_low `,` $output_high `)` attr-dict
    `:` type($input) `,` type($input_low) `,` type($input_high) `,` type($output_low) `,`
    type($output_high) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Slicing, broadcasting, ranges and layout
//===----------------------------------------------------------------------===//

/// A data op with one tensor operand and one result of the same element type (no arithmetic).
class IE_ExtraUnaryDataOp<string mnemonic, dag attrs, list<Trait> traits = []> :
    IE_ExtraOp<mnemonic, 0, !listconcat([AllElementTypesMatch<["input", "output"]>], traits)> {
  let arguments = !con((ins IE_AnyTensor:$input), attrs);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_StridedSliceOp : IE_ExtraUnaryDataOp<"StridedSlice", (ins
    DenseI64ArrayAttr:$begins, DenseI64ArrayAttr:$ends, DenseI64ArrayAttr:$strides,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$begin_mask,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$end_mask)> {
  let summary = "Takes a strided slice with begin / end masks";
  let description = [{
    `begins`, `ends` and `strides` have one entry per input dim (strides nonzero, possibly
    negative). `begin_mask` and `end_mask` are empty (no masking) or have one 0 / 1 entry per
    dim: a 1 ignores the corresponding `begins` / `ends` entry and takes the dim from its
    start (the end for a negative stride) / to its end (the start for a negative stride).
    Unmasked values follow Python slicing: negative values count from the end, then they are
    clamped to the dim (`[0, dim]` for a positive stride, `[-1, dim - 1]` for a negative one).
    Result dim `d` is `max(0, ceil((end - begin) / stride))`, dynamic when the input dim is.
    New-axis, shrink-axis and ellipsis masks are not supported (express them with
    `IE.Unsqueeze` / `IE.Squeeze`). The result keeps the input's layout encoding.

    ```mlir
    %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>,
           begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
    ```
  }];
}

def IE_BroadcastMode : I32EnumAttr<"BroadcastMode", "how IE.Broadcast aligns the shapes", [
      I32EnumAttrCase<"NUMPY", 0, "numpy">,
      I32EnumAttrCase<"BIDIRECTIONAL", 1, "bidirectional">,
      I32EnumAttrCase<"EXPLICIT", 2, "explicit">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_BroadcastModeAttr : EnumAttr<IE_Dialect, IE_BroadcastMode, "broadcast_mode"> {
  let summary = "broadcast mode of IE.Broadcast";
  let assemblyFormat = "`<` $value `>`";
}

def IE_BroadcastOp : IE_ExtraUnaryDataOp<"Broadcast", (ins
    DenseI64ArrayAttr:$target_shape,
    DefaultValuedAttr<IE_BroadcastModeAttr, "::mlir::vpuc::IE::BroadcastMode::NUMPY">:$mode,
    OptionalAttr<DenseI64ArrayAttr>:$axes_mapping)> {
  let summary = "Replicates the tensor to a target shape";
  let description = [{
    OpenVINO Broadcast-3 with a static `target_shape` (non-negative dims):

    * `numpy` (default): the input shape must broadcast (NumPy rules, aligned on the right)
      to exactly `target_shape`, the result shape;
    * `bidirectional` (ONNX Expand): the result shape is the NumPy broadcast of the input
      shape and `target_shape` (either side may have 1s);
    * `explicit`: `axes_mapping` (required here, and only here) gives, for each input dim,
      the result dim it lands on (strictly increasing, one per input dim); each input dim
      equals that target dim or is 1. The other result dims are replicated.

    The result has no layout encoding.

    ```mlir
    %0 = IE.Broadcast(%x) {mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1>,
           target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
    ```
  }];
}

def IE_RangeOp : IE_ExtraOp<"Range", 2> {
  let summary = "A 1-D sequence of evenly spaced numbers (ONNX Range, static)";
  let description = [{
    `output[i] = start + i * delta` for `i` in `[0, max(ceil((limit - start) / delta), 0))`,
    computed in double precision and rounded to `dstElemType` (an integer or float type) once.
    `delta` must not be 0. For an integer `dstElemType`, `start`, `limit` and `delta` must be
    integers.

    ```mlir
    %0 = IE.Range {start = 0.0, limit = 10.0, delta = 3.0, dstElemType = si64} : tensor<4xsi64>
    ```
  }];
  let arguments = (ins F64Attr:$start, F64Attr:$limit, F64Attr:$delta,
                   TypeAttrOf<AnyTypeOf<[F16, BF16, F32, F64, AnyInteger]>>:$dstElemType);
  let results = (outs IE_NumericTensor:$output);
  let assemblyFormat = [{
    attr-dict `:` type($output)
  }];
}

def IE_ReorderOp : IE_ExtraUnaryDataOp<"Reorder", (ins AffineMapAttr:$dstOrder)> {
  let summary = "Changes the memory order (layout encoding) of the tensor";
  let description = [{
    The result has the input's shape, element type and values (in logical order) and the
    memory order `dstOrder`, a permutation of the input's dims (core/shape's `withOrder`: the
    identity order is written without encoding). Only the layout changes; no dim changes its
    meaning. A reorder to the input's own type folds away.

    ```mlir
    %0 = IE.Reorder(%x) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>}
           : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
  let hasFolder = 1;
}

def IE_AffineReshapeOp : IE_ExtraUnaryDataOp<"AffineReshape", (ins
    TypedArrayAttrBase<DenseI64ArrayAttr, "array of i64 arrays">:$dim_mapping,
    DenseI64ArrayAttr:$shape_value)> {
  let summary = "A reshape that splits and merges neighbouring dims, keeping the layout";
  let description = [{
    Reshapes `input` to `shape_value` like `IE.Reshape`, with `dim_mapping` saying where
    each input dim goes: entry `i` lists the result dims input dim `i` maps to (consecutive,
    increasing). An input dim mapped to several result dims is split into them (their product
    is the input dim); several input dims mapped to one result dim are merged into it (its
    size is their product). Consecutive input dims map to the same or to following result
    dims, and every result dim is covered, so the logical row-major data is unchanged.

    The result's layout follows the input's: walking the input dims in memory order and
    replacing each by its result dims gives the result's memory order (merged input dims must
    be adjacent and in logical order in memory). An identity order gives no encoding.

    ```mlir
    %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>],
           shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
    ```
  }];
}

def IE_PerAxisTileOp : IE_ExtraUnaryDataOp<"PerAxisTile", (ins I64Attr:$axis, I64Attr:$tiles)> {
  let summary = "Repeats the tensor along one axis";
  let description = [{
    Concatenates `tiles` (>= 1) copies of `input` along `axis` (negative values count from
    the end): `IE.Tile` with one non-1 repeat. The result keeps the input's layout encoding.

    ```mlir
    %0 = IE.PerAxisTile(%x) {axis = 1 : i64, tiles = 3 : i64} : tensor<2x4xf32> -> tensor<2x12xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

def IE_GatherElementsOp : IE_ExtraOp<"GatherElements", 0, [
    AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Gathers single elements along one axis (ONNX GatherElements)";
  let description = [{
    `output[i0, ..., ij, ...] = input[i0, ..., indices[i0, ..., ij, ...], ...]` along `axis`
    (negative values count from the end). `indices` has the input's rank, and each of its
    dims other than `axis` is at most the input's (when static); the result has the shape
    of `indices` and no layout encoding. Negative indices count from the end of the dim;
    float indices are truncated; out-of-range indices are an error at inference time.

    ```mlir
    %0 = IE.GatherElements(%x, %i) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, IE_NumericTensor:$indices, I64Attr:$axis);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $indices `)` attr-dict `:` type($input) `,` type($indices) `->` type($output)
  }];
}

def IE_ScatterReduction : I32EnumAttr<"ScatterReduction",
    "how a scatter combines an update with the element it lands on", [
      I32EnumAttrCase<"NONE", 0, "none">,
      I32EnumAttrCase<"ADD", 1, "add">,
      I32EnumAttrCase<"MUL", 2, "mul">,
      I32EnumAttrCase<"MAX", 3, "max">,
      I32EnumAttrCase<"MIN", 4, "min">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_ScatterReductionAttr : EnumAttr<IE_Dialect, IE_ScatterReduction, "scatter_reduction"> {
  let summary = "reduction of IE.ScatterNDUpdate and IE.ScatterElementsUpdate";
  let assemblyFormat = "`<` $value `>`";
}

defvar IE_ScatterReductionDefault =
    DefaultValuedAttr<IE_ScatterReductionAttr, "::mlir::vpuc::IE::ScatterReduction::NONE">;

def IE_ScatterNDUpdateOp : IE_ExtraOp<"ScatterNDUpdate", 0, [
    AllElementTypesMatch<["input", "updates", "output"]>]> {
  let summary = "Writes or accumulates slices at N-D indices (ONNX ScatterND)";
  let description = [{
    The result is `input` (of rank r) with slices replaced: `indices` has shape
    `[i_1, ..., i_q-1, k]` with `1 <= k <= r` (k static), and `updates` has shape
    `[i_1, ..., i_q-1] + input[k:]`. For each index tuple, in row-major order,
    `output[indices[...]] = updates[...]` (a whole slice of the last `r - k` dims), or with
    `reduction` add / mul / max / min, `output[indices[...]]` combined with `updates[...]`
    (duplicate indices accumulate; the element type must then be numeric). Negative indices
    count from the end of the dim; out-of-range indices are an error at inference time.
    Duplicate indices without a reduction write in order (the last one wins). The result has
    the input's type.

    ```mlir
    %0 = IE.ScatterNDUpdate(%x, %i, %u) : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
    %1 = IE.ScatterNDUpdate(%x, %i, %u) {reduction = #IE.scatter_reduction<add>}
           : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, IE_NumericTensor:$indices, IE_AnyTensor:$updates,
                       IE_ScatterReductionDefault:$reduction);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $indices `,` $updates `)` attr-dict `:` type($input) `,` type($indices) `,`
    type($updates) `->` type($output)
  }];
}

def IE_ScatterElementsUpdateOp : IE_ExtraOp<"ScatterElementsUpdate", 0, [
    AllElementTypesMatch<["input", "updates", "output"]>]> {
  let summary = "Writes or accumulates single elements along one axis (ONNX ScatterElements)";
  let description = [{
    The result is `input` with, for every position `p` of `indices` in row-major order,
    `output[p with dim axis replaced by indices[p]] = updates[p]`, or with `reduction`
    add / mul / max / min that element combined with `updates[p]` (duplicate indices
    accumulate; the element type must then be numeric). `axis` counts from the end when
    negative. `indices` and `updates` have one shape and the input's rank, each dim at most
    the input's except along `axis` (when static). Negative indices count from the end of
    the dim; float indices are truncated; out-of-range indices are an error at inference
    time. Without a reduction, duplicate indices write in order (the last one wins). The
    result has the input's type.

    ```mlir
    %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64, reduction = #IE.scatter_reduction<mul>}
           : tensor<3x4xf32>, tensor<3x2xsi64>, tensor<3x2xf32> -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, IE_NumericTensor:$indices, IE_AnyTensor:$updates,
                       I64Attr:$axis, IE_ScatterReductionDefault:$reduction);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $indices `,` $updates `)` attr-dict `:` type($input) `,` type($indices) `,`
    type($updates) `->` type($output)
  }];
}

def IE_GatherNDOp : IE_ExtraOp<"GatherND", 0, [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Gathers slices at N-D indices (ONNX GatherND)";
  let description = [{
    `indices` has shape `[B..., I..., k]` where `B` are the first `batch_dims` (b) dims,
    equal to the input's, and `1 <= k <= rank(input) - b` (k static); each index tuple names
    the slice `input[B..., j_1, ..., j_k, :]`. The result has the shape
    `indices[:-1] + input[b + k:]` and no layout encoding. Negative indices count from the
    end of the dim; float indices are truncated; out-of-range indices are an error at
    inference time.

    ```mlir
    %0 = IE.GatherND(%x, %i) {batch_dims = 1 : i64} : tensor<2x4x3xf32>, tensor<2x5x1xsi64> -> tensor<2x5x3xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, IE_NumericTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $indices `)` attr-dict `:` type($input) `,` type($indices) `->` type($output)
  }];
}

def IE_DetOp : IE_ExtraOp<"Det", 0, [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Determinants of square matrices (ONNX Det)";
  let description = [{
    `input` has shape `[*, M, M]` (rank at least 2, the last two dims equal when static): the
    result, of shape `[*]`, holds the determinant of each `M x M` matrix, computed by LU
    decomposition with partial pivoting (in double precision on the host). A singular matrix
    gives 0 (or a tiny value from rounding); an empty matrix (M = 0) gives 1.

    ```mlir
    %0 = IE.Det(%x) : tensor<2x3x3xf32> -> tensor<2xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = "`(` $input `)` attr-dict `:` type($input) `->` type($output)";
}

def IE_TopKMode : I32EnumAttr<"TopKMode", "which elements IE.TopK keeps", [
      I32EnumAttrCase<"MAX", 0, "max">,
      I32EnumAttrCase<"MIN", 1, "min">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_TopKModeAttr : EnumAttr<IE_Dialect, IE_TopKMode, "topk_mode"> {
  let summary = "mode of IE.TopK (largest or smallest)";
  let assemblyFormat = "`<` $value `>`";
}

def IE_TopKSortType : I32EnumAttr<"TopKSortType", "how IE.TopK orders its results", [
      I32EnumAttrCase<"VALUE", 0, "value">,
      I32EnumAttrCase<"INDEX", 1, "index">,
      I32EnumAttrCase<"NONE", 2, "none">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_TopKSortTypeAttr : EnumAttr<IE_Dialect, IE_TopKSortType, "topk_sort"> {
  let summary = "result order of IE.TopK";
  let assemblyFormat = "`<` $value `>`";
}

def IE_TopKOp : IE_ExtraOp<"TopK", 0, [AllElementTypesMatch<["input", "values"]>]> {
  let summary = "The k largest or smallest elements along one axis (ONNX TopK)";
  let description = [{
    Selects `k` (>= 0, at most the dim when static) elements of each slice of `input` along
    `axis` (negative values count from the end): the largest for `mode` `max` (default), the
    smallest for `min`. Among equal values the one with the lower index wins; NaN is larger
    than every number. `sort`: `value` (default) orders the results by value (descending for
    `max`, ascending for `min`; ties by index), `index` by ascending index, and `none` leaves
    the order to the implementation (here: by index). `values` has the input's element type,
    `indices` the integer `indexElemType`; both have the input shape with `k` at `axis` and no
    layout encoding.

    ```mlir
    %0:2 = IE.TopK(%x) {axis = -1 : i64, k = 3 : i64, indexElemType = si64}
             : tensor<2x10xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
    ```
  }];
  let arguments = (ins IE_NumericTensor:$input, I64Attr:$k,
      DefaultValuedAttr<I64Attr, "-1">:$axis,
      DefaultValuedAttr<IE_TopKModeAttr, "::mlir::vpuc::IE::TopKMode::MAX">:$mode,
      DefaultValuedAttr<IE_TopKSortTypeAttr, "::mlir::vpuc::IE::TopKSortType::VALUE">:$sort,
      TypeAttrOf<AnyInteger>:$indexElemType);
  let results = (outs IE_NumericTensor:$values, RankedTensorOf<[AnyInteger]>:$indices);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($values) `,` type($indices)
  }];
}

def IE_CumSumOp : IE_ExtraOp<"CumSum", 1, [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Cumulative sum along one axis (ONNX CumSum)";
  let description = [{
    `output[..., j, ...] = sum of input[..., i, ...]` along `axis` (negative values count from
    the end) over `i <= j`; `exclusive` excludes `i == j` (the first output is 0), `reverse`
    sums from the end (`i >= j`). Sums accumulate in order in float32 and the result is
    rounded to the element type. The result has the input's type.

    ```mlir
    %0 = IE.CumSum(%x) {axis = 1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
    ```
  }];
  let arguments = (ins IE_NumericTensor:$input, I64Attr:$axis, UnitAttr:$exclusive,
                   UnitAttr:$reverse);
  let results = (outs IE_NumericTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

/// ArgMax / ArgMin: the index of the extremum along one axis.
class IE_ArgExtremumOp<string mnemonic, string extremum> : IE_ExtraOp<mnemonic, 1> {
  let summary = "The index of the " # extremum # " element along one axis (ONNX " # mnemonic # ")";
  let description = [{
    The index along `axis` (negative values count from the end) of the }] # extremum # [{ element
    of each slice of `input`: the first one among equal values, or the last one with
    `select_last_index`. NaN is beyond every number (the first NaN wins, or the last one with
    `select_last_index`). The result has the input shape with the `axis` dim set to 1
    (`keep_dims`) or removed, the integer `indexElemType` and no layout encoding. The reduced
    dim must not be empty.

    ```mlir
    %0 = IE.}] # mnemonic # [{(%x) {axis = 1 : i64, keep_dims, indexElemType = si64}
           : tensor<2x5xf32> -> tensor<2x1xsi64>
    ```
  }];
  let arguments = (ins IE_NumericTensor:$input, DefaultValuedAttr<I64Attr, "0">:$axis,
                   UnitAttr:$keep_dims, UnitAttr:$select_last_index,
                   TypeAttrOf<AnyInteger>:$indexElemType);
  let results = (outs RankedTensorOf<[AnyInteger]>:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
  // One comparison per input element.
  let extraClassDefinition = inferenceDefinition # [{
    std::optional<int64_t> $cppClass::getNumMACs() { return 0; }
    std::optional<int64_t> $cppClass::getNumFLOPs() {
      auto type = ::llvm::cast<::mlir::ShapedType>(getInput().getType());
      if (!type.hasStaticShape()) {
        return std::nullopt;
      }
      return type.getNumElements();
    }
  }];
}

def IE_ArgMaxOp : IE_ArgExtremumOp<"ArgMax", "largest">;
def IE_ArgMinOp : IE_ArgExtremumOp<"ArgMin", "smallest">;

//===----------------------------------------------------------------------===//
// Depth / space rearrangement
//===----------------------------------------------------------------------===//

def IE_DepthToSpaceMode : I32EnumAttr<"DepthToSpaceMode",
    "channel order of IE.DepthToSpace / IE.SpaceToDepth", [
      I32EnumAttrCase<"DCR", 0, "dcr">,
      I32EnumAttrCase<"CRD", 1, "crd">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_DepthToSpaceModeAttr : EnumAttr<IE_Dialect, IE_DepthToSpaceMode, "depth_to_space_mode"> {
  let summary = "channel order of IE.DepthToSpace / IE.SpaceToDepth (DCR or CRD)";
  let assemblyFormat = "`<` $value `>`";
}

def IE_DepthToSpaceOp : IE_ExtraUnaryDataOp<"DepthToSpace", (ins I64Attr:$block_size,
    DefaultValuedAttr<IE_DepthToSpaceModeAttr, "::mlir::vpuc::IE::DepthToSpaceMode::DCR">:$mode),
    [IE_AnyLayout]> {
  let summary = "Moves channel blocks into spatial blocks (ONNX DepthToSpace)";
  let description = [{
    `input` is `[N, C, H, W]` with `C` a multiple of `block_size^2` (`block_size` >= 1); the
    result is `[N, C / bs^2, H * bs, W * bs]`. `dcr` (depth-column-row, OpenVINO
    blocks_first, ONNX default): reshape to `[N, bs, bs, C / bs^2, H, W]`, transpose
    `[0, 3, 4, 1, 5, 2]`. `crd` (column-row-depth, OpenVINO depth_first): reshape to
    `[N, C / bs^2, bs, bs, H, W]`, transpose `[0, 1, 4, 2, 5, 3]`. The result keeps the
    input's layout encoding.

    ```mlir
    %0 = IE.DepthToSpace(%x) {block_size = 2 : i64, mode = #IE.depth_to_space_mode<crd>}
           : tensor<1x8x2x3xf32> -> tensor<1x2x4x6xf32>
    ```
  }];
}

def IE_SpaceToDepthOp : IE_ExtraUnaryDataOp<"SpaceToDepth", (ins I64Attr:$block_size,
    DefaultValuedAttr<IE_DepthToSpaceModeAttr, "::mlir::vpuc::IE::DepthToSpaceMode::DCR">:$mode),
    [IE_AnyLayout]> {
  let summary = "Moves spatial blocks into channels (ONNX SpaceToDepth)";
  let description = [{
    The inverse of `IE.DepthToSpace` of the same mode: `input` `[N, C, H, W]` with `H` and
    `W` multiples of `block_size` (>= 1) gives `[N, C * bs^2, H / bs, W / bs]`. `dcr` (ONNX
    SpaceToDepth, OpenVINO blocks_first): reshape to `[N, C, H / bs, bs, W / bs, bs]`, transpose
    `[0, 3, 5, 1, 2, 4]`. `crd` (OpenVINO depth_first): transpose `[0, 1, 3, 5, 2, 4]`. The
    result keeps the input's layout encoding.

    ```mlir
    %0 = IE.SpaceToDepth(%x) {block_size = 2 : i64} : tensor<1x2x4x6xf32> -> tensor<1x8x2x3xf32>
    ```
  }];
}

#endif // VPUC_DIALECTS_IE_IR_IEOPSEXTRA
