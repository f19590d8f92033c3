//===- IEOpsNN.td - IE: Convolution, pooling, matrix multiplication, reductions and normalisation ops -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Convolution, pooling, matrix multiplication, reductions and normalisation ops of the IE dialect. Included by IEOps.td.
//
// Their verifiers and result type inference live in NN.cpp (convolutions, matrix products),
// Pooling.cpp (pools, reductions, softmax) and Normalization.cpp, their geometry helpers in
// NNUtils.h, their host kernels in InferenceNN.cpp and InferencePooling.cpp. All of them work
// on float tensors whose operands share one element type; spatial ops are 2-D (NCHW logical
// order, any layout encoding) or 1-D ([N, C, W], every window attribute with one value,
// computed as the 2-D op with H = 1) and keep the input's layout encoding on their result.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSNN
#define VPUC_DIALECTS_IE_IR_IEOPSNN

//===----------------------------------------------------------------------===//
// Base class
//===----------------------------------------------------------------------===//

/// An NN layer: verifier, type inference (inferReturnTypeComponents), host kernel and cost
/// (getNumMACs / getNumFLOPs) are all hand-written in C++.
class IE_NNLayerOp<string mnemonic, list<Trait> traits = []> :
    IE_LayerOp<mnemonic, 0, traits> {
  let extraClassDefinition = "";
}

/// An NN layer that also runs on quantized types: its operands and result may be
/// `!quant.uniform` tensors (the verifier says which combinations), so its result may have
/// other quantisation parameters than the inferred type (the input's), and nothing else.
class IE_QuantizableNNLayerOp<string mnemonic, list<Trait> traits = []> :
    IE_NNLayerOp<mnemonic, traits> {
  let extraClassDeclaration = [{
    /// The inferred types (the input's element type) and the actual ones agree up to the
    /// parameters of quantized element types.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual) {
      return ::mlir::vpuc::IE::detail::areCompatibleUpToQuantization(inferred, actual);
    }
  }];
}

/// Spatial attributes of convolutions: (y, x) for 2-D ones, (x) for 1-D ones.
defvar IE_ConvSpatialArgs = (ins
  DenseI64ArrayAttr:$strides,
  DenseI64ArrayAttr:$pads_begin,
  DenseI64ArrayAttr:$pads_end,
  DenseI64ArrayAttr:$dilations
);

//===----------------------------------------------------------------------===//
// Convolutions and matrix products
//===----------------------------------------------------------------------===//

def IE_ConvolutionOp : IE_QuantizableNNLayerOp<"Convolution", [IE_SpatialLayout,
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "2-D or 1-D convolution";
  let description = [{
    `input` is `[N, C_in, H, W]`, `filter` is `[C_out, C_in, KY, KX]` and the optional `bias`
    is `[C_out]` or `[1, C_out, 1, 1]`. `strides`, `pads_begin`, `pads_end` and `dilations`
    each have two values (y, x); strides and dilations are >= 1, pads >= 0. The output is
    `[N, C_out, OH, OW]` with

    `O = floor((I + pad_begin + pad_end - (dilation * (K - 1) + 1)) / stride) + 1`

    and the dilated kernel must fit in the padded input. Padding reads zeros. A dynamic N,
    H or W gives a dynamic output dim. The result keeps the input's layout encoding.

    Element types: `input`, `filter` and `output` have one float type (the bias any float
    type), or the layer is quantized (what the low-precision pipeline makes of a
    `Dequantize -> Convolution -> Quantize` chain): `input` and `output` are per-tensor
    `!quant.uniform` types with 8-bit storage, `filter` has 8-bit storage and is quantized per
    tensor or per output channel (axis 0), and the optional bias has 32-bit storage, zero
    points 0 and the scales `input scale x filter scale` (per tensor or per output channel).
    A quantized layer computes `acc = sum (x - zx) * (w - zw) + bias` exactly in integers,
    then `y = acc * sx * sw` in float, then the post-op, then quantizes `y` to the output
    type (`round_half_to_even(y / sy) + zy`, saturated). Padding reads the input's zero point.

    The 1-D form has no H: `input` `[N, C_in, W]`, `filter` `[C_out, C_in, KX]`, a bias
    `[C_out]` or `[1, C_out, 1]`, one value (x) per window attribute and an output
    `[N, C_out, OW]`; it computes what the 2-D form computes with H = 1 (vpuc-ie-convert-
    conv1d-to-conv2d rewrites it so).

    ```mlir
    %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
           pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
           : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
    %1 = IE.Convolution(%s, %k) {dilations = array<i64: 2>, pads_begin = array<i64: 2>,
           pads_end = array<i64: 2>, strides = array<i64: 1>}
           : tensor<1x16x100xf32>, tensor<32x16x3xf32> -> tensor<1x32x100xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatOrQuantTensor:$input, IE_FloatOrQuantTensor:$filter,
                            Optional<IE_FloatOrQuantTensor>:$bias), IE_ConvSpatialArgs);
  let results = (outs IE_FloatOrQuantTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $filter (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($filter)
    (`,` type($bias)^)? `->` type($output)
  }];
}

def IE_GroupConvolutionOp : IE_QuantizableNNLayerOp<"GroupConvolution", [IE_SpatialLayout,
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "2-D or 1-D grouped convolution (depthwise when groups = C_in)";
  let description = [{
    Like `IE.Convolution`, with the channels split into `groups` independent groups (the ONNX
    `group` attribute form; the filter is not reshaped to `[G, O/G, I/G, KY, KX]`): `input` is
    `[N, C_in, H, W]`, `filter` is `[C_out, C_in / groups, KY, KX]`, and `C_out` must be a
    multiple of `groups`. Output channel `o` belongs to group `o / (C_out / groups)` and reads
    the input channels of that group. A depthwise convolution is `groups = C_in` with a filter
    `[C_in * M, 1, KY, KX]`. The optional bias is `[C_out]` or `[1, C_out, 1, 1]`; output sizes
    and element types (float, or quantized) follow the `IE.Convolution` rules. The 1-D form (`input` `[N, C_in, W]`, `filter`
    `[C_out, C_in / groups, KX]`, one value per window attribute) is that of `IE.Convolution`.

    ```mlir
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 32 : i64,
           pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
           : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x112x112xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatOrQuantTensor:$input, IE_FloatOrQuantTensor:$filter,
                            Optional<IE_FloatOrQuantTensor>:$bias), IE_ConvSpatialArgs,
                       (ins ConfinedAttr<I64Attr, [IntPositive]>:$groups));
  let results = (outs IE_FloatOrQuantTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $filter (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($filter)
    (`,` type($bias)^)? `->` type($output)
  }];
}

def IE_FullyConnectedOp : IE_NNLayerOp<"FullyConnected", [
    AllElementTypesMatch<["input", "weights", "output"]>,
    DeclareOpInterfaceMethods<IE_LayerWithPostOpInterface>]> {
  let summary = "Fully connected layer (ONNX Gemm with transB = 1)";
  let description = [{
    `output[n, o] = sum_k input[n, k] * weights[o, k] + bias[o]`: `input` is `[N, K]`,
    `weights` is `[O, K]` and the optional `bias` is `[O]` or `[1, O]`. The output is `[N, O]`
    without layout encoding.

    ```mlir
    %0 = IE.FullyConnected(%x, %w, %b) : tensor<1x1024xf32>, tensor<1000x1024xf32>, tensor<1000xf32> -> tensor<1x1000xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$weights,
                       Optional<IE_FloatTensor>:$bias);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $weights (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($weights)
    (`,` type($bias)^)? `->` type($output)
  }];
}

def IE_MatMulOp : IE_NNLayerOp<"MatMul", [AllElementTypesMatch<["input1", "input2", "output"]>]> {
  let summary = "Batched matrix product with broadcasting (NumPy matmul)";
  let description = [{
    Multiplies the matrices in the last two dims of `input1` (`[..., M, K]`, or `[..., K, M]`
    with `transpose_a`) and `input2` (`[..., K, N]`, or `[..., N, K]` with `transpose_b`). The
    batch dims (all but the last two) broadcast by NumPy rules and lead the result
    `[batch..., M, N]`. As in NumPy / ONNX, a 1-D `input1` `[K]` is read as `[1, K]` and a
    1-D `input2` `[K]` as `[K, 1]`, and the added dim is removed from the result; the
    transpose flag of a 1-D operand is ignored. The result has no layout encoding.

    ```mlir
    %0 = IE.MatMul(%a, %b) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
    %1 = IE.MatMul(%q, %k) {transpose_b} : tensor<8x16x64xf32>, tensor<8x16x64xf32> -> tensor<8x16x16xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input1, IE_FloatTensor:$input2,
                       UnitAttr:$transpose_a, UnitAttr:$transpose_b);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input1 `,` $input2 `)` attr-dict `:` type($input1) `,` type($input2) `->` type($output)
  }];
}


//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

def IE_RoundingType : I32EnumAttr<"RoundingType",
    "how a pool's output size is rounded", [
      I32EnumAttrCase<"FLOOR", 0, "floor">,
      I32EnumAttrCase<"CEIL", 1, "ceil">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_RoundingTypeAttr : EnumAttr<IE_Dialect, IE_RoundingType, "rounding_type"> {
  let summary = "output size rounding of a pool (ONNX ceil_mode)";
  let assemblyFormat = "`<` $value `>`";
}

/// A 2-D pool over [N, C, H, W] or a 1-D one over [N, C, W].
class IE_PoolOp<string mnemonic, dag extraArgs = (ins),
                Type tensorType = IE_FloatTensor> :
    IE_NNLayerOp<mnemonic, [AllElementTypesMatch<["input", "output"]>, IE_SpatialLayout]> {
  let arguments = !con((ins tensorType:$input,
      DenseI64ArrayAttr:$kernel_size,
      DenseI64ArrayAttr:$strides,
      DenseI64ArrayAttr:$pads_begin,
      DenseI64ArrayAttr:$pads_end,
      DefaultValuedAttr<IE_RoundingTypeAttr,
                        "::mlir::vpuc::IE::RoundingType::FLOOR">:$rounding_type), extraArgs);
  let results = (outs tensorType:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_MaxPoolOp : IE_PoolOp<"MaxPool", (ins), IE_FloatOrQuantTensor> {
  let summary = "2-D or 1-D max pooling";
  let description = [{
    The maximum of each `kernel_size` window of `input` `[N, C, H, W]`, the windows `strides`
    apart, over the input padded by `pads_begin` / `pads_end` (padding never wins: it is
    -infinity). Pads must be smaller than the kernel. With `rounding_type` `floor` (default)

    `O = floor((I + pad_begin + pad_end - K) / stride) + 1`;

    with `ceil`, `O = ceil((I + pad_begin + pad_end - K) / stride) + 1`, minus one if the
    last window would start inside the end padding (at or after `I + pad_begin`), so every
    window covers at least one input element (ONNX `ceil_mode = 1`, PyTorch rule). A NaN in a
    window gives NaN. The result keeps the input's layout encoding. A 1-D pool takes
    `input` `[N, C, W]` with one value (x) in `kernel_size`, `strides` and the pads, and
    computes what the 2-D pool computes with H = 1.

    On a quantized tensor (8-bit, per tensor) the pool takes the maximum of the stored integers
    and keeps the input's element type: the order of the stored values is that of the real
    values, so this is the maximum of the real values, exactly (`Dequantize -> MaxPool ->
    Quantize` with the input's scale and zero point, which vpuc-ie-fuse-quantized-layers
    rewrites into it).

    A global max pool (ONNX GlobalMaxPool) is `IE.ReduceMax` over axes `[2, 3]` with
    `keep_dims`.

    ```mlir
    %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>}
           : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
    ```
  }];
}

def IE_AvgPoolOp : IE_PoolOp<"AvgPool", (ins UnitAttr:$exclude_pad), IE_FloatOrQuantTensor> {
  let summary = "2-D or 1-D average pooling";
  let description = [{
    The mean of each window of `input` `[N, C, H, W]`; windows and output sizes are those of
    `IE.MaxPool`. Padding reads zeros. The divisor is the number of window positions inside
    the input when `exclude_pad` is set (ONNX `count_include_pad = 0`), otherwise the number
    of positions inside the padded input `[-pad_begin, I + pad_end)` (so the part of a ceil
    mode window beyond the end padding is never counted, as in ONNX / PyTorch). A 1-D pool
    takes `input` `[N, C, W]`, as `IE.MaxPool`.

    A global average pool (ONNX GlobalAveragePool) is `IE.ReduceMean` over axes `[2, 3]`
    with `keep_dims`.

    On a quantized tensor (per tensor; the result has the input's element type) the pool
    computes what `Dequantize -> AvgPool -> Quantize` with the input's scale and zero point
    computes: each element dequantized to f32, the f32 mean, the post-op if there is one,
    then `clamp(round_half_to_even(mean / scale) + zero_point)` (vpuc-ie-fuse-quantized-layers
    makes such pools of the islands of a quantized network). The NCE runs it as an INT8 pool
    where it can (its fixed-point requantisation rounds an exactly halfway mean up), else the
    `quantized_avg_pool` SHAVE kernel.

    ```mlir
    %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
           pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
           : tensor<1x64x28x28xf32> -> tensor<1x64x28x28xf32>
    ```
  }];
}

def IE_LpPoolOp : IE_PoolOp<"LpPool", (ins DefaultValuedAttr<I64Attr, "2">:$p)> {
  let summary = "2-D or 1-D p-norm pooling";
  let description = [{
    The p-norm `(sum |x|^p)^(1/p)` of each window of `input` `[N, C, H, W]` (ONNX `LpPool`);
    windows and output sizes are those of `IE.MaxPool`. Padding reads zeros, so it adds
    nothing to the sum. `p` is an integer >= 1 (default 2). A 1-D pool takes `input`
    `[N, C, W]`, as `IE.MaxPool`. Float tensors only.

    A global p-norm pool (ONNX `GlobalLpPool`) is `IE.LpPool` whose kernel is the input's
    spatial extent, with unit strides and no padding.

    ```mlir
    %0 = IE.LpPool(%x) {kernel_size = array<i64: 3, 3>, p = 3 : i64, pads_begin = array<i64: 1, 1>,
           pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
           : tensor<1x8x32x32xf32> -> tensor<1x8x16x16xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// A reduction over `axes`.
class IE_ReduceOp<string mnemonic, Type tensorType, string formula> :
    IE_NNLayerOp<mnemonic, [AllElementTypesMatch<["input", "output"]>, IE_AnyLayout]> {
  let summary = "Reduction over axes: " # formula;
  let description = [{
    Reduces `input` over `axes` (at least one, distinct, each in `[-rank, rank)`, negative
    counting from the end): `}] # formula # [{`. With `keep_dims` the reduced dims stay with
    extent 1 (and the result keeps the input's layout encoding), otherwise they are removed.

    ```mlir
    %0 = IE.}] # mnemonic # [{(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
    %1 = IE.}] # mnemonic # [{(%x) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
    ```
  }];
  let arguments = (ins tensorType:$input, DenseI64ArrayAttr:$axes, UnitAttr:$keep_dims);
  let results = (outs tensorType:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_ReduceMeanOp : IE_ReduceOp<"ReduceMean", IE_FloatTensor,
    "mean of the reduced elements">;
def IE_ReduceSumOp : IE_ReduceOp<"ReduceSum", IE_NumericTensor,
    "sum of the reduced elements">;
def IE_ReduceMaxOp : IE_ReduceOp<"ReduceMax", IE_NumericTensor,
    "maximum of the reduced elements (NaN if one is NaN)">;
def IE_ReduceMinOp : IE_ReduceOp<"ReduceMin", IE_NumericTensor,
    "minimum of the reduced elements (NaN if one is NaN)">;
def IE_ReduceL2Op : IE_ReduceOp<"ReduceL2", IE_FloatTensor,
    "square root of the sum of the squares of the reduced elements">;
def IE_ReduceProdOp : IE_ReduceOp<"ReduceProd", IE_NumericTensor,
    "product of the reduced elements">;

//===----------------------------------------------------------------------===//
// SoftMax
//===----------------------------------------------------------------------===//

class IE_SoftMaxBaseOp<string mnemonic> :
    IE_NNLayerOp<mnemonic, [AllElementTypesMatch<["input", "output"]>, IE_AnyLayout]> {
  let arguments = (ins IE_FloatTensor:$input, I64Attr:$axis);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_SoftMaxOp : IE_SoftMaxBaseOp<"SoftMax"> {
  let summary = "SoftMax along one axis";
  let description = [{
    `output = exp(x - max) / sum(exp(x - max))` along `axis` (in `[-rank, rank)`), computed
    with the maximum subtracted so large inputs do not overflow (ONNX SoftMax-13). The result
    has the input's type.

    ```mlir
    %0 = IE.SoftMax(%x) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
    ```
  }];
}

def IE_LogSoftMaxOp : IE_SoftMaxBaseOp<"LogSoftMax"> {
  let summary = "Logarithm of SoftMax along one axis";
  let description = [{
    `output = x - max - log(sum(exp(x - max)))` along `axis` (in `[-rank, rank)`): finite for
    any finite input (ONNX LogSoftMax-13). The result has the input's type.

    ```mlir
    %0 = IE.LogSoftMax(%x) {axis = -1 : i64} : tensor<2x5xf32> -> tensor<2x5xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Transposed convolution
//===----------------------------------------------------------------------===//

def IE_DeconvolutionOp : IE_NNLayerOp<"Deconvolution", [
    AllElementTypesMatch<["input", "filter", "output"]>, IE_SpatialLayout]> {
  let summary = "2-D or 1-D transposed convolution (ONNX ConvTranspose)";
  let description = [{
    The gradient of a convolution with respect to its input: each input element scatters
    `input[n, ic, iy, ix] * filter[ic, oc % (C_out / groups), ky, kx]` to output position
    `(iy * stride - pad_begin + ky * dilation, ix * ...)` of each output channel `oc` of its
    group. `input` is `[N, C_in, H, W]`, `filter` is `[C_in, C_out / groups, KY, KX]` (ONNX
    layout) with `C_in` a multiple of `groups` (default 1), and the optional `bias` is
    `[C_out]` or `[1, C_out, 1, 1]`. The output is `[N, C_out, OH, OW]` with

    `O = (I - 1) * stride - pad_begin - pad_end + dilation * (K - 1) + 1 + output_padding`

    where each `output_padding` value must be smaller than the stride or the dilation of its
    dim, and `O >= 1`. The result keeps the input's layout encoding. The 1-D form takes
    `input` `[N, C_in, W]`, `filter` `[C_in, C_out / groups, KX]`, a bias `[C_out]` or
    `[1, C_out, 1]` and one value (x) per window attribute and `output_padding`, and computes
    what the 2-D form computes with H = 1.

    ```mlir
    %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>,
           pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatTensor:$input, IE_FloatTensor:$filter,
                            Optional<IE_FloatTensor>:$bias), IE_ConvSpatialArgs,
                       (ins DenseI64ArrayAttr:$output_padding,
                            DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$groups));
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $filter (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($filter)
    (`,` type($bias)^)? `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Normalisation
//===----------------------------------------------------------------------===//

def IE_BatchNormInferenceOp : IE_NNLayerOp<"BatchNormInference", [
    AllElementTypesMatch<["input", "gamma", "beta", "mean", "variance", "output"]>,
    IE_AnyLayout]> {
  let summary = "Batch normalisation with fixed statistics";
  let description = [{
    `output = (input - mean) / sqrt(variance + epsilon) * gamma + beta` per channel: `input`
    is `[N, C, ...]` (rank >= 2) and `gamma`, `beta`, `mean` and `variance` are `[C]`.
    `epsilon` must be >= 0. The result has the input's type.

    ```mlir
    %0 = IE.BatchNormInference(%x, %g, %b, %m, %v) {epsilon = 1.000000e-05 : f64}
           : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$gamma, IE_FloatTensor:$beta,
                       IE_FloatTensor:$mean, IE_FloatTensor:$variance, F64Attr:$epsilon);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $gamma `,` $beta `,` $mean `,` $variance `)` attr-dict `:` type($input) `,`
    type($gamma) `,` type($beta) `,` type($mean) `,` type($variance) `->` type($output)
  }];
}

def IE_MvnEpsMode : I32EnumAttr<"MvnEpsMode", "where MVN adds epsilon", [
      I32EnumAttrCase<"INSIDE_SQRT", 0, "inside_sqrt">,
      I32EnumAttrCase<"OUTSIDE_SQRT", 1, "outside_sqrt">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_MvnEpsModeAttr : EnumAttr<IE_Dialect, IE_MvnEpsMode, "mvn_eps_mode"> {
  let summary = "where MVN adds epsilon: sqrt(var + eps) or sqrt(var) + eps";
  let assemblyFormat = "`<` $value `>`";
}

def IE_MVNOp : IE_NNLayerOp<"MVN", [AllElementTypesMatch<["input", "output"]>, IE_AnyLayout]> {
  let summary = "Mean-variance normalisation over axes";
  let description = [{
    Subtracts the mean over `axes` (at least one, distinct, in `[-rank, rank)`) and, with
    `normalize_variance`, divides by the standard deviation over the same axes (population
    variance): `sqrt(var + eps)` with `eps_mode` `inside_sqrt`, `sqrt(var) + eps` with
    `outside_sqrt`. OpenVINO MVN-1 `across_channels = true` on `[N, C, H, W]` is axes
    `[1, 2, 3]`, `false` is `[2, 3]`. `eps` must be >= 0. The result has the input's type.

    ```mlir
    %0 = IE.MVN(%x) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64,
           eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance}
           : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, DenseI64ArrayAttr:$axes,
                       UnitAttr:$normalize_variance, F64Attr:$eps,
                       IE_MvnEpsModeAttr:$eps_mode);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_LayerNormalizationOp : IE_NNLayerOp<"LayerNormalization", [
    AllElementTypesMatch<["input", "scale", "output"]>, IE_AnyLayout]> {
  let summary = "Layer normalisation (ONNX LayerNormalization)";
  let description = [{
    Normalises over the dims `[axis, rank)` (`axis` in `[-rank, rank)`, default -1):
    `output = (input - mean) / sqrt(var + epsilon) * scale + bias` with the population
    variance. `scale` and the optional `bias` broadcast (NumPy, unidirectionally) to the
    normalised shape `input.shape[axis:]`. `epsilon` must be >= 0. The result has the input's
    type.

    ```mlir
    %0 = IE.LayerNormalization(%x, %s, %b) {axis = -1 : i64, epsilon = 1.000000e-05 : f64}
           : tensor<1x128x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x128x768xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$scale,
                       Optional<IE_FloatTensor>:$bias,
                       DefaultValuedAttr<I64Attr, "-1">:$axis, F64Attr:$epsilon);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $scale (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($scale)
    (`,` type($bias)^)? `->` type($output)
  }];
}

#endif // VPUC_DIALECTS_IE_IR_IEOPSNN
