//===- FuseQuantizedLayers.td - Layers on quantized types --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FuseQuantizedLayersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS
#define VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS

include "mlir/Pass/PassBase.td"

def FuseQuantizedLayersPass
    : Pass<"vpuc-ie-fuse-quantized-layers", "::mlir::func::FuncOp"> {
  let summary = "Makes Dequantize -> layer -> Quantize chains layers on quantized types";
  let description = [{
    A QDQ model (ONNX Runtime's and torch's quantizers) computes every quantized layer in float
    between `DequantizeLinear`s of its inputs and a `QuantizeLinear` of its output. This pass
    gives such a layer its quantized operands and result, so that it computes in integers (see
    the quantized form of `IE.Convolution`):

    * `IE.Quantize(conv(IE.Dequantize(x), IE.Dequantize(w), IE.Dequantize(b)))`, with `conv`
      an `IE.Convolution` or `IE.GroupConvolution` used only by the quantize and optionally
      without bias, becomes `conv(x, w, b)` with the quantize's result type, where the
      operand types meet the quantized layer's rules (8-bit per-tensor input and output,
      8-bit weights per tensor or per output channel, a 32-bit bias with the scales input
      scale x weight scale). A chain that does not is left as it is. An `IE.ReLU`,
      `IE.Clamp` or `IE.LeakyRelu` between the convolution and the quantize, each used once,
      becomes the post-op of the quantized convolution (applied in float before the
      requantisation).
    * `IE.Quantize(IE.MaxPool(IE.Dequantize(x)))`, with `x` quantized per tensor, the pool
      used only by the quantize, no post-op and the quantize's type `x`'s, becomes
      `IE.MaxPool(x)`: the maximum of the stored values, exactly that of the real values.
      The same for an `IE.AvgPool` computing in f32, which becomes the quantized
      `IE.AvgPool(x)` (defined as the island it replaces: the f32 mean of the dequantized
      window, quantized), and for a global mean (`IE.ReduceMean` over axes 2 and 3 of a
      static rank-4 tensor with `keep_dims`, ONNX GlobalAveragePool), which becomes the
      quantized `IE.AvgPool(x)` over `[H, W]`: torch's quantized pools keep their input's
      parameters, so a QDQ network's squeeze-excitation and classifier means qualify.
      The same for a reshape (`IE.Reshape`, `IE.Flatten`, `IE.Squeeze`, `IE.Unsqueeze`,
      `IE.AffineReshape`), which moves the stored values.
    * `IE.Quantize(IE.Add(IE.MatMul(IE.Dequantize(x), IE.Dequantize(w)) {transpose_b},
      IE.Dequantize(b)))`, a fully connected layer as ONNX Gemm imports (`x` `[N, K]`, constant
      `w` `[M, K]`, constant `b` `[M]`, each op used once), becomes
      `IE.Reshape(IE.Convolution(IE.Reshape(x) [N, K, 1, 1], w [M, K, 1, 1], b)) [N, M]` on
      quantized types, where those meet the quantized layer's rules.
    * `IE.Quantize(eltwise(IE.Dequantize(a), IE.Dequantize(b)))`, with `eltwise` an `IE.Add`
      or `IE.Multiply` in f32 used only by the quantize, becomes `eltwise(a, b)` with the
      quantize's result type when `a`, `b` and the result are 8-bit per-tensor quantized
      (scales and zero points may all differ; the operands may broadcast as the float op's
      did): the residual Add of a QDQ network. An activation between the eltwise layer and
      the quantize becomes its post-op, as for the convolutions. A dequantize that other
      layers also read stays for them.
    * Then `IE.Quantize(act(IE.Dequantize(q)))`, with `q` the result of such a quantized layer
      (convolution, Add or Multiply) without a post-op and `act` an `IE.ReLU`, `IE.Clamp` or
      `IE.LeakyRelu`, each used once,
      becomes the layer with `act` as its post-op and the second quantize's result type: the
      activation is applied in float to the layer's result before the one requantisation
      (the chain rounds to the first quantize's grid first, so a value may end one step
      apart).

    What stays between a dequantize and a quantize computes in float (mixed precision; with
    `remarks`, each such layer is named with the reason); the
    quantized constants that remain are dequantized at compile time by
    `vpuc-ie-dequantize-constants`. The rewrites are also exported as
    `populateFuseQuantizedLayersPatterns` (first phase) and
    `populateFuseQuantizedActivationPatterns` (second phase).
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each layer that reads a dequantized tensor but stays in float, "
           "with the reason (e.g. `vpuc compile --remarks --pipeline-option "
           "vpuc-ie-fuse-quantized-layers.remarks=true`)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
    "::mlir::quant::QuantizationDialect",
  ];
}

#endif // VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS
