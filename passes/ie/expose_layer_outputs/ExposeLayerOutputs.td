//===- ExposeLayerOutputs.td - vpuc-ie-expose-layer-outputs -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ExposeLayerOutputsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS
#define VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS

include "mlir/Pass/PassBase.td"

def ExposeLayerOutputsPass : Pass<"vpuc-ie-expose-layer-outputs", "::mlir::ModuleOp"> {
  let summary = "Makes the outputs of chosen layers extra network outputs, so a run of the "
                "compiled network can observe them";
  let description = [{
    A compiled network keeps its intermediate results in buffers that the schedule reuses, so
    a run of the blob cannot show what a layer computed. This pass makes the outputs of the
    layers named by `layers` (every layer with `*`) extra results of the network's entry
    point, each described in `IE.CNNNetwork` by an `IE.DataInfo` named `layer:<output>`; the
    rest of the pipeline then gives each one its own DDR output buffer, which nothing
    overwrites, and `vpuc run --dump-layers` writes them by layer name. With `layers` empty
    (the default) the pass does nothing; `vpuc compile --observe-layers` sets the option.
    The modes run it after the fusions: reference_sw after ie_adaptation, the hardware modes
    in hw_adaptation before its layout and channel passes, which then treat the exposed
    outputs as they treat the network's own (an output whose channels were padded for the
    NCE is cropped back to them).

    A layer is what `vpuc infer --dump-layers` calls one (dialects/ie/interpreter/
    LayerOutputs.h): the ops of one location name (the ONNX node), whose outputs are the
    results other layers or the return read; a layer fused into a later one has none of its
    own, and the output of the fused op is the later layer's. So the names of the exposed
    outputs are those of a layer dump of the same IR, and `vpuc compare` pairs a blob's
    layers with the ONNX model's.

    Each exposed value is returned as the user reads it: a quantized tensor is dequantized
    (`IE.Dequantize` to `f16`), a tensor with a layout encoding is reordered to its
    row-major order (`IE.Reorder`); the added ops carry the layer's location. An exposed
    value that the network already returns is returned once more.

    ```mlir
    func.func @main(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
      %0 = IE.ReLU(%arg0) : tensor<1x16xf16> -> tensor<1x16xf16> loc("relu")
      %1 = IE.Sigmoid(%0) : tensor<1x16xf16> -> tensor<1x16xf16> loc("sig")
      return %1 : tensor<1x16xf16>
    }
    // with layers=relu becomes
    func.func @main(%arg0: tensor<1x16xf16>) -> (tensor<1x16xf16>, tensor<1x16xf16>) {
      ...
      return %1, %0 : tensor<1x16xf16>, tensor<1x16xf16>
    }
    // and IE.CNNNetwork gains `IE.DataInfo "layer:relu" : tensor<1x16xf16> precision f16`.
    ```

    Errors: a non-empty `layers` on a module without `IE.CNNNetwork`, a name in `layers` that
    is no layer with an output of its own (a fused layer, a typo; the error lists up to ten
    layers there are), a network output already named with the `layer:` prefix, and an
    exposed value of a type the pass cannot return as a float tensor. Nothing is changed when
    the pass fails.
  }];
  let options = [
    ListOption<"layers", "layers", "std::string",
               "The layers whose outputs become network outputs, by name; `*` for every "
               "layer (default: none)">,
  ];
  let dependentDialects = ["::mlir::vpuc::IE::IEDialect"];
}

#endif // VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS
