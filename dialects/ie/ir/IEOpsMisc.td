//===- IEOpsMisc.td - IE: local norms, Einsum, RNNs, YOLO -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Local normalisations (LRN, NormalizeL2, GRN), Einsum, the recurrent layers (LSTMCell,
// LSTMSequence, GRUSequence) and the detection helpers (CTCGreedyDecoder, RegionYolo,
// ReorgYolo) of the IE dialect. Included by IEOps.td.
//
// Every op defines `inferComponents`, which both the verifier (errors on the op) and result
// type inference (errors at the optional location) call, on top of shape rules that the host
// kernels apply to the actual input shapes too (MiscOpShapes.h, EinsumEquation.h). Verifiers
// and cost: LocalNormalization.cpp, Einsum.cpp, Recurrent.cpp, Detection.cpp; host kernels:
// the Inference*.cpp file of the same name.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSMISC
#define VPUC_DIALECTS_IE_IR_IEOPSMISC

//===----------------------------------------------------------------------===//
// Base class
//===----------------------------------------------------------------------===//

/// A layer whose checks and result types come from one `inferComponents` function and whose
/// cost (getNumMACs / getNumFLOPs) is hand-written in C++.
class IE_MiscLayerOp<string mnemonic, list<Trait> traits = []> :
    IE_LayerOp<mnemonic, 0, traits> {
  let extraClassDeclaration = [{
    /// Checks the operands and attributes and computes the result types; `emitError`
    /// starts a diagnostic (possibly an inactive one).
    static ::llvm::LogicalResult inferComponents(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::ShapedTypeComponents> &components);
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verifyBeforeInference() {
      ::llvm::SmallVector<::mlir::ShapedTypeComponents, 3> components;
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

/// A layer with one float operand `input` and one result of the input's type.
class IE_LocalNormOp<string mnemonic, dag attrs> :
    IE_MiscLayerOp<mnemonic, [AllElementTypesMatch<["input", "output"]>]> {
  let arguments = !con((ins IE_FloatTensor:$input), attrs);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Local normalisations
//===----------------------------------------------------------------------===//

def IE_LRNOp : IE_LocalNormOp<"LRN", (ins F64Attr:$alpha, F64Attr:$beta, F64Attr:$bias,
                                          ConfinedAttr<I64Attr, [IntPositive]>:$size)> {
  let summary = "Local response normalisation across channels (ONNX LRN)";
  let description = [{
    Normalises each element of `input` `[N, C, ...]` (rank >= 2) by the squares of its
    neighbours along the channel dim (dim 1):

    `output[n, c, ...] = input[n, c, ...] / (bias + alpha / size * square_sum[n, c, ...]) ^ beta`

    where `square_sum[n, c, ...]` is the sum of `input[n, i, ...]^2` over the channels
    `i` in `[max(0, c - floor((size - 1) / 2)), min(C - 1, c + ceil((size - 1) / 2))]`
    (ONNX LRN-13; OpenVINO LRN-1 with axes `[1]`). `size` is >= 1; `bias` must be > 0 and
    `alpha` >= 0, so the base is positive. The result has the input's type (including its
    layout encoding).

    ```mlir
    %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64}
           : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
    ```
  }];
}

def IE_EpsMode : I32EnumAttr<"EpsMode", "how NormalizeL2 combines epsilon with the norm", [
      I32EnumAttrCase<"ADD", 0, "add">,
      I32EnumAttrCase<"MAX", 1, "max">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_EpsModeAttr : EnumAttr<IE_Dialect, IE_EpsMode, "eps_mode"> {
  let summary = "NormalizeL2 epsilon mode: sqrt(sum + eps) or sqrt(max(sum, eps))";
  let assemblyFormat = "`<` $value `>`";
}

def IE_NormalizeL2Op : IE_LocalNormOp<"NormalizeL2", (ins DenseI64ArrayAttr:$axes,
                                                          F64Attr:$eps,
                                                          IE_EpsModeAttr:$eps_mode)> {
  let summary = "L2 normalisation over axes (OpenVINO NormalizeL2, ONNX LpNormalization p = 2)";
  let description = [{
    Divides each element by the L2 norm of the elements that share its position outside
    `axes` (at least one, distinct, each in `[-rank, rank)`):

    `output = input / sqrt(sum(input^2 over axes) + eps)` with `eps_mode` `add`,
    `output = input / sqrt(max(sum(input^2 over axes), eps))` with `max`.

    `eps` must be >= 0 (with `eps = 0` an all-zero slice gives NaN, as in the formula). ONNX
    LpNormalization with `p = 2` is `axes = [axis]`, `eps = 0`, `eps_mode = add`. The result
    has the input's type.

    ```mlir
    %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>}
           : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
    ```
  }];
}

def IE_GRNOp : IE_LocalNormOp<"GRN", (ins F64Attr:$bias)> {
  let summary = "Global response normalisation across channels (OpenVINO GRN)";
  let description = [{
    `output[n, c, ...] = input[n, c, ...] / sqrt(sum_j(input[n, j, ...]^2) + bias)`, the sum
    over all channels `j` of dim 1 of an input `[N, C, ...]` of rank >= 2. `bias` must be
    >= 0. There is no ONNX counterpart. The result has the input's type.

    ```mlir
    %0 = IE.GRN(%x) {bias = 1.000000e-06 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

def IE_EinsumOp : IE_MiscLayerOp<"Einsum"> {
  let summary = "Einstein summation of one or two tensors (ONNX Einsum subset)";
  let description = [{
    Computes the product of the `inputs` summed over the labels missing from the output, as
    given by `equation`: one comma-separated term of letter labels (`a`-`z`, `A`-`Z`) per
    input, one label per dim, then optionally `->` and the output term (spaces are
    ignored). Without `->` the output is the labels that occur exactly once, in ASCII
    order (ONNX / NumPy implicit mode).

    Only the equations that reduce to MatMul, Transpose and ReduceSum are accepted:
    * one or two inputs;
    * no label twice in one term (no diagonals such as `ii->i`), no ellipsis (`...`);
    * each output label occurs in some input, and at most once in the output.

    That covers matrix and batched matrix products (`ij,jk->ik`, `bij,bjk->bik`), products
    with transposed operands (`ji,jk->ik`, `bij,bkj->bik`) and results (`ij,jk->ki`),
    inner (`i,i->`) and outer (`i,j->ij`) products, transposes (`ij->ji`) and sums
    (`ij->i`, `ij->`). Any other equation is a verifier error naming it. Every label must
    have the same extent in every input it occurs in (no broadcasting). The inputs share
    one float element type, which the result has; the result has no layout encoding.

    ```mlir
    %0 = IE.Einsum "bij,bjk->bik" (%a, %b) : tensor<2x3x4xf32>, tensor<2x4x5xf32> -> tensor<2x3x5xf32>
    %1 = IE.Einsum "ij->ji" (%c) : tensor<3x4xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Variadic<IE_FloatTensor>:$inputs, StrAttr:$equation);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    $equation `(` $inputs `)` attr-dict `:` type($inputs) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Recurrent layers
//===----------------------------------------------------------------------===//

def IE_RNNDirection : I32EnumAttr<"RNNDirection", "the direction(s) a sequence is read in", [
      I32EnumAttrCase<"FORWARD", 0, "forward">,
      I32EnumAttrCase<"REVERSE", 1, "reverse">,
      I32EnumAttrCase<"BIDIRECTIONAL", 2, "bidirectional">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_RNNDirectionAttr : EnumAttr<IE_Dialect, IE_RNNDirection, "rnn_direction"> {
  let summary = "direction of a recurrent sequence layer";
  let description = [{
    `forward` reads time steps 0 to T - 1, `reverse` T - 1 to 0, `bidirectional` both, the
    forward pass being direction 0 and the reverse pass direction 1 of the weights, states
    and outputs.
  }];
  let assemblyFormat = "`<` $value `>`";
}

/// The attributes every recurrent layer has. `activations` is the default list of names.
class IE_RNNAttrs<string activations> {
  dag args = (ins ConfinedAttr<I64Attr, [IntPositive]>:$hidden_size,
                  DefaultValuedAttr<StrArrayAttr, activations>:$activations,
                  OptionalAttr<F64Attr>:$clip);
}

defvar IE_LSTMAttrs = IE_RNNAttrs<"{\"sigmoid\", \"tanh\", \"tanh\"}">.args;
defvar IE_GRUAttrs = IE_RNNAttrs<"{\"sigmoid\", \"tanh\"}">.args;

/// A recurrent layer: every operand and result has one float element type, and all of them
/// are listed in the assembly.
class IE_RNNOp<string mnemonic, list<string> names> :
    IE_MiscLayerOp<mnemonic, [AllElementTypesMatch<names>]> {
  let assemblyFormat = [{
    `(` operands `)` attr-dict `:` type(operands) `->` type(results)
  }];
}

def IE_LSTMCellOp : IE_RNNOp<"LSTMCell", ["input", "initial_hidden_state",
    "initial_cell_state", "weights", "recurrence_weights", "biases", "output_hidden_state",
    "output_cell_state"]> {
  let summary = "One step of an LSTM (OpenVINO LSTMCell, gates f, i, c, o)";
  let description = [{
    Operands: `input` X `[batch, input_size]`, `initial_hidden_state` H `[batch, hidden]`,
    `initial_cell_state` C `[batch, hidden]`, `weights` W `[4 * hidden, input_size]`,
    `recurrence_weights` R `[4 * hidden, hidden]` and `biases` B `[4 * hidden]`, where
    `hidden` is `hidden_size`. The four gate blocks of W, R and B are in the order
    **f, i, c, o** (forget, input, cell candidate, output: the OpenVINO order; the ONNX
    importer reorders ONNX's i, o, f, c blocks):

    ```
    gates = X * W^T + H * R^T + B                      (per block: f, i, c, o)
    f = act_f(gates_f)   i = act_f(gates_i)   c~ = act_g(gates_c)   o = act_f(gates_o)
    C' = f * C + i * c~
    H' = o * act_h(C')
    ```

    `activations` names act_f, act_g and act_h, each `sigmoid`, `tanh` or `relu`; the
    default is `["sigmoid", "tanh", "tanh"]`. With `clip` (> 0) every activation's input is
    first clamped to `[-clip, clip]` (the stored cell state C' is not clipped). The results
    are H' (`output_hidden_state`) and C' (`output_cell_state`), both `[batch, hidden]`.

    ```mlir
    %h, %c = IE.LSTMCell(%x, %h0, %c0, %w, %r, %b) {hidden_size = 4 : i64}
           : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32>
           -> tensor<2x4xf32>, tensor<2x4xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatTensor:$input, IE_FloatTensor:$initial_hidden_state,
                            IE_FloatTensor:$initial_cell_state, IE_FloatTensor:$weights,
                            IE_FloatTensor:$recurrence_weights, IE_FloatTensor:$biases),
                       IE_LSTMAttrs);
  let results = (outs IE_FloatTensor:$output_hidden_state,
                      IE_FloatTensor:$output_cell_state);
}

def IE_LSTMSequenceOp : IE_RNNOp<"LSTMSequence", ["input", "initial_hidden_state",
    "initial_cell_state", "weights", "recurrence_weights", "biases", "output",
    "output_hidden_state", "output_cell_state"]> {
  let summary = "An LSTM over a whole sequence (OpenVINO LSTMSequence, gates f, i, c, o)";
  let description = [{
    Runs the `IE.LSTMCell` step over the time steps of `input` `[batch, seq_len,
    input_size]` once per direction `d` of `direction` (D = 2 directions for
    `bidirectional`, else 1), starting from `initial_hidden_state` and `initial_cell_state`
    `[batch, D, hidden]`, with `weights` `[D, 4 * hidden, input_size]`,
    `recurrence_weights` `[D, 4 * hidden, hidden]` and `biases` `[D, 4 * hidden]` (gate
    blocks f, i, c, o as in `IE.LSTMCell`; `activations` and `clip` apply to both
    directions).

    Results: `output` `[batch, D, seq_len, hidden]`, the hidden state after each step (for
    the reverse direction, `output[:, 1, t]` is the state after reading steps `T - 1` down to
    `t`), and `output_hidden_state` / `output_cell_state` `[batch, D, hidden]`, the states
    after the last step of each direction. Every sequence has the full length `seq_len`
    (OpenVINO's `sequence_lengths` operand is not modelled; the ONNX importer accepts
    `sequence_lens` only when it equals the sequence length everywhere). Dynamic `batch` and
    `seq_len` propagate to the results.

    ```mlir
    %y, %h, %c = IE.LSTMSequence(%x, %h0, %c0, %w, %r, %b) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64}
           : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x16x3xf32>, tensor<2x16x4xf32>, tensor<2x16xf32>
           -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatTensor:$input, IE_FloatTensor:$initial_hidden_state,
                            IE_FloatTensor:$initial_cell_state, IE_FloatTensor:$weights,
                            IE_FloatTensor:$recurrence_weights, IE_FloatTensor:$biases,
                            IE_RNNDirectionAttr:$direction),
                       IE_LSTMAttrs);
  let results = (outs IE_FloatTensor:$output, IE_FloatTensor:$output_hidden_state,
                      IE_FloatTensor:$output_cell_state);
}

def IE_GRUSequenceOp : IE_RNNOp<"GRUSequence", ["input", "initial_hidden_state", "weights",
    "recurrence_weights", "biases", "output", "output_hidden_state"]> {
  let summary = "A GRU over a whole sequence (OpenVINO GRUSequence, gates z, r, h)";
  let description = [{
    Operands as `IE.LSTMSequence` without the cell state, with three gate blocks in the
    order **z, r, h** (update, reset, hidden candidate; ONNX and OpenVINO agree on it):
    `weights` `[D, 3 * hidden, input_size]`, `recurrence_weights` `[D, 3 * hidden, hidden]`
    and `biases` `[D, 3 * hidden]`, or `[D, 4 * hidden]` with `linear_before_reset` (the
    z, r and h biases of W and R summed, then the h bias of R alone: `Wb_z + Rb_z, Wb_r +
    Rb_r, Wb_h, Rb_h`). Per step, with `act_f`, `act_g` from `activations` (default
    `["sigmoid", "tanh"]`) and the optional `clip` applied to their inputs:

    ```
    z = act_f(X * W_z^T + H * R_z^T + B_z)
    r = act_f(X * W_r^T + H * R_r^T + B_r)
    h~ = act_g(X * W_h^T + (r * H) * R_h^T + B_h)             without linear_before_reset
    h~ = act_g(X * W_h^T + r * (H * R_h^T + Rb_h) + Wb_h)     with linear_before_reset
    H' = (1 - z) * h~ + z * H
    ```

    Results: `output` `[batch, D, seq_len, hidden]` and `output_hidden_state`
    `[batch, D, hidden]`, as for `IE.LSTMSequence` (full-length sequences only).

    ```mlir
    %y, %h = IE.GRUSequence(%x, %h0, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64, linear_before_reset}
           : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x16xf32>
           -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
    ```
  }];
  let arguments = !con((ins IE_FloatTensor:$input, IE_FloatTensor:$initial_hidden_state,
                            IE_FloatTensor:$weights, IE_FloatTensor:$recurrence_weights,
                            IE_FloatTensor:$biases, IE_RNNDirectionAttr:$direction),
                       IE_GRUAttrs, (ins UnitAttr:$linear_before_reset));
  let results = (outs IE_FloatTensor:$output, IE_FloatTensor:$output_hidden_state);
}

//===----------------------------------------------------------------------===//
// Detection helpers
//===----------------------------------------------------------------------===//

def IE_CTCGreedyDecoderOp : IE_MiscLayerOp<"CTCGreedyDecoder", [
    AllElementTypesMatch<["data", "sequence_mask", "output"]>]> {
  let summary = "Greedy CTC decoding (OpenVINO CTCGreedyDecoder-1)";
  let description = [{
    `data` `[T, N, C]` holds the class scores of each time step of N sequences; the last
    class `C - 1` is the blank. `sequence_mask` `[T, N]` is 1 while a sequence lasts: its
    first 0 ends the sequence. For each sequence the decoder takes the best class per step
    (the first one on ties), drops blanks and, with `merge_repeated` (default true), a class
    equal to the one of the previous step (a blank in between separates repeats), and
    writes the remaining classes from the start of `output[n, :, 0, 0]`, the rest being -1.
    The result `[N, T, 1, 1]` has the element type of `data`. No ONNX counterpart.

    ```mlir
    %0 = IE.CTCGreedyDecoder(%data, %mask) : tensor<88x1x71xf32>, tensor<88x1xf32> -> tensor<1x88x1x1xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$data, IE_FloatTensor:$sequence_mask,
                       DefaultValuedAttr<BoolAttr, "true">:$merge_repeated);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $data `,` $sequence_mask `)` attr-dict `:` type($data) `,` type($sequence_mask)
    `->` type($output)
  }];
}

def IE_RegionYoloOp : IE_MiscLayerOp<"RegionYolo", [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "YOLO v2 region / v3 yolo layer activations (OpenVINO RegionYolo-0)";
  let description = [{
    `input` `[N, C, H, W]` holds, for each of R regions, `coords + 1 + classes` planes
    `H x W`: the box coordinates (x, y, w, h, ...), the objectness and the class scores;
    C must be `R * (coords + 1 + classes)`. With `do_softmax` (YOLO v2) R is `num`; the
    x and y planes and the objectness go through a sigmoid, the class scores through a
    softmax over the classes at each position, and the result is the input with dims
    `[axis, end_axis]` flattened into one (OpenVINO flattens `[1, 3]` to `[N, C * H * W]`).
    Without it (YOLO v3) R is the number of entries of `mask` (anchor indices in
    `[0, num)`); x, y, the objectness and the class scores go through a sigmoid, and the
    result has the input's shape. The w and h planes (and coords past the fourth) pass
    through unchanged. `anchors` (empty or `2 * num` values: width, height pairs) is
    carried for the box decoding that follows; it does not change the output.

    `coords` >= 2, `classes` >= 1, `num` >= 1; `axis` and `end_axis` (defaults 1 and 3) are
    in `[-4, 4)`, `axis <= end_axis`. No ONNX counterpart.

    ```mlir
    %0 = IE.RegionYolo(%x) {anchors = array<f64: 1.08, 1.19, 3.42, 4.41, 6.63, 11.38, 9.42, 5.11, 16.62, 10.52>,
           classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64}
           : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
    %1 = IE.RegionYolo(%y) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 6, 7, 8>, num = 9 : i64}
           : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input,
                       I64Attr:$coords, I64Attr:$classes, I64Attr:$num,
                       UnitAttr:$do_softmax,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$mask,
                       DefaultValuedAttr<I64Attr, "1">:$axis,
                       DefaultValuedAttr<I64Attr, "3">:$end_axis,
                       DefaultValuedAttr<DenseF64ArrayAttr, "{}">:$anchors);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def IE_ReorgYoloOp : IE_MiscLayerOp<"ReorgYolo", [AllElementTypesMatch<["input", "output"]>]> {
  let summary = "Darknet reorg (OpenVINO ReorgYolo-0)";
  let description = [{
    Rearranges `input` `[N, C, H, W]` into `[N, C * s * s, H / s, W / s]` for `stride` s
    (>= 1) as Darknet's reorg layer does: H and W must be multiples of s and C a multiple of
    `s * s`. With `C' = C / (s * s)`, the input read as `[N, C', H * s, W * s]` gives output
    element `(n, c, h, w)` of the buffer read as `[N, C, H, W]`:

    `out[n, c, h, w] = in'[n, c % C', h * s + (c / C') / s, w * s + (c / C') % s]`

    (then viewed as the result shape). Any element type; no ONNX counterpart (it is not
    ONNX SpaceToDepth).

    ```mlir
    %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
    ```
  }];
  let arguments = (ins IE_AnyTensor:$input, ConfinedAttr<I64Attr, [IntPositive]>:$stride);
  let results = (outs IE_AnyTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Region-of-interest pools
//===----------------------------------------------------------------------===//

def IE_ROIAlignMode : I32EnumAttr<"ROIAlignMode", "how IE.ROIAlign pools the samples of a bin", [
      I32EnumAttrCase<"AVG", 0, "avg">,
      I32EnumAttrCase<"MAX", 1, "max">,
    ]> {
  let cppNamespace = "::mlir::vpuc::IE";
  let genSpecializedAttr = 0;
}

def IE_ROIAlignModeAttr : EnumAttr<IE_Dialect, IE_ROIAlignMode, "roi_align_mode"> {
  let summary = "the pooling of IE.ROIAlign (ONNX RoiAlign mode)";
  let assemblyFormat = "`<` $value `>`";
}

def IE_ROIAlignOp : IE_MiscLayerOp<"ROIAlign", [AllElementTypesMatch<["input", "rois", "output"]>]> {
  let summary = "Region-of-interest align (ONNX RoiAlign)";
  let description = [{
    Pools each region of `rois` `[R, 4]` (x1, y1, x2, y2 in input coordinates before
    `spatial_scale`) of image `batch_indices[r]` (in `[0, N)`) of `input` `[N, C, H, W]`
    into `pooled_h x pooled_w` bins: the result is `[R, C, pooled_h, pooled_w]`. The scaled
    corners are shifted by -0.5 with `half_pixel` (ONNX `coordinate_transformation_mode`
    `half_pixel`); without it (`output_half_pixel`, the only mode before opset 16) a region
    is at least 1 x 1. Each bin is sampled on a grid of `sampling_ratio` points per dim
    (0: `ceil` of the bin's extent, adaptive) at the centres of its sub-bins, each sample
    bilinear in the input plane (clamped to the border; 0 for a sample more than a pixel
    outside). `mode` `avg` (default) averages the samples; `max` takes, as the ONNX reference
    implementation does, the largest weighted corner term `w_i * v_i` of any sample (not the
    largest interpolated value). FP32 arithmetic.

    `pooled_h`, `pooled_w` >= 1, `sampling_ratio` in `[0, 512]`, `spatial_scale` finite
    and > 0; `batch_indices` is an integer tensor `[R]`.

    ```mlir
    %0 = IE.ROIAlign(%x, %rois, %b) {pooled_h = 7 : i64, pooled_w = 7 : i64, sampling_ratio = 2 : i64,
           spatial_scale = 6.250000e-02 : f64, half_pixel}
           : tensor<1x256x14x14xf32>, tensor<10x4xf32>, tensor<10xi64> -> tensor<10x256x7x7xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$rois,
                       RankedTensorOf<[AnyInteger]>:$batch_indices,
                       I64Attr:$pooled_h, I64Attr:$pooled_w,
                       DefaultValuedAttr<I64Attr, "0">:$sampling_ratio,
                       DefaultValuedAttr<F64Attr, "1.0">:$spatial_scale,
                       DefaultValuedAttr<IE_ROIAlignModeAttr,
                                         "::mlir::vpuc::IE::ROIAlignMode::AVG">:$mode,
                       UnitAttr:$half_pixel);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $rois `,` $batch_indices `)` attr-dict `:` type($input) `,` type($rois) `,`
    type($batch_indices) `->` type($output)
  }];
}

def IE_MaxROIPoolOp : IE_MiscLayerOp<"MaxROIPool", [AllElementTypesMatch<["input", "rois", "output"]>]> {
  let summary = "Region-of-interest max pooling (ONNX MaxRoiPool, Caffe ROIPooling)";
  let description = [{
    Max-pools each region of `rois` `[R, 5]` (batch index in `[0, N)`, x1, y1, x2, y2 in
    input coordinates before `spatial_scale`) of `input` `[N, C, H, W]` into `pooled_h x
    pooled_w` bins: the result is `[R, C, pooled_h, pooled_w]`. The scaled corners are
    rounded half away from zero, the region spans `max(x2 - x1 + 1, 1)` x `max(y2 - y1 + 1,
    1)` pixels, and bin `(ph, pw)` covers rows `[floor(ph * h / pooled_h), ceil((ph + 1) * h /
    pooled_h))` from y1 (h the region's height), columns likewise, clipped to the input; an
    empty bin gives 0. A batch index is truncated to an integer. FP32 arithmetic.

    `pooled_h`, `pooled_w` >= 1, `spatial_scale` finite and > 0.

    ```mlir
    %0 = IE.MaxROIPool(%x, %rois) {pooled_h = 6 : i64, pooled_w = 6 : i64, spatial_scale = 6.250000e-02 : f64}
           : tensor<1x256x38x50xf32>, tensor<300x5xf32> -> tensor<300x256x6x6xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, IE_FloatTensor:$rois,
                       I64Attr:$pooled_h, I64Attr:$pooled_w,
                       DefaultValuedAttr<F64Attr, "1.0">:$spatial_scale);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `,` $rois `)` attr-dict `:` type($input) `,` type($rois) `->` type($output)
  }];
}

#endif // VPUC_DIALECTS_IE_IR_IEOPSMISC
