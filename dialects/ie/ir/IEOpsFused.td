//===- IEOpsFused.td - IE: ops built by layer fusion -------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Ops that no importer creates directly: the fusion pass (vpuc-ie-fuse-layers) builds them
// from chains of source ops. Included by IEOps.td; C++ in FusedOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSFUSED
#define VPUC_DIALECTS_IE_IR_IEOPSFUSED

//===----------------------------------------------------------------------===//
// ScaleShift
//===----------------------------------------------------------------------===//

def IE_ScaleShiftOp : IE_NNLayerOp<"ScaleShift", [AttrSizedOperandSegments, IE_AnyLayout]> {
  let summary = "Per-channel scale and shift";
  let description = [{
    `output[n, c, ...] = input[n, c, ...] * weights[0, c, 0, ...] + biases[0, c, 0, ...]`:
    `input` is `[N, C, ...]` (rank >= 2) and the optional `weights` and `biases` have the
    input's rank and shape `[1, C, 1, ..., 1]` (for a 4-D input `[1, C, 1, 1]`), so they
    broadcast over every dim but the channels. At least one of them must be present; a
    missing one means 1 (weights) or 0 (biases). All tensors share the input's float
    element type and the result has the input's type.

    The fusion pass `vpuc-ie-fuse-layers` creates it from `Multiply` + `Add` with
    per-channel constants and from a `BatchNormInference` that follows no convolution.
    Folds to its input when it only multiplies by a splat 1 or only adds a splat 0.

    ```mlir
    %0 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf32>) biases(%b : tensor<1x16x1x1xf32>)
           : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
    %1 = IE.ScaleShift(%x) biases(%b : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
    ```
  }];
  let arguments = (ins IE_FloatTensor:$input, Optional<IE_FloatTensor>:$weights,
                       Optional<IE_FloatTensor>:$biases);
  let results = (outs IE_FloatTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` (`weights` `(` $weights^ `:` type($weights) `)`)?
    (`biases` `(` $biases^ `:` type($biases) `)`)? attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
}

#endif // VPUC_DIALECTS_IE_IR_IEOPSFUSED
