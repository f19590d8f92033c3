//===- ConvertShapeTo4D.td - vpuc-ie-convert-shape-to-4d ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertShapeTo4DPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D
#define VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D

include "mlir/Pass/PassBase.td"

def ConvertShapeTo4DPass : Pass<"vpuc-ie-convert-shape-to-4d", "::mlir::func::FuncOp"> {
  let summary = "Reshapes eltwise ops to compute on 4-D tensors";
  let description = [{
    Kernels of eltwise and activation layers work on 4-D tensors. For every op named in
    `ops` whose result or operands are not all 4-D, this pass reshapes the operands to 4-D
    (`IE.Reshape`, or a `#const.Reshape` transformation of a `const.Declare` operand), runs
    the op on the 4-D tensors, and reshapes the result back to its original shape, so the
    rest of the network is unchanged:

    * up to rank 4, the shapes are aligned to the result's rank (NumPy broadcasting aligns
      them on the right) and padded with leading 1s: `[C]` with `[N, C]` becomes
      `[1, 1, 1, C]` with `[1, 1, N, C]`;
    * above rank 4, dims of extent 1 are dropped and adjacent dims are merged where every
      operand is either full (the result's extent) on both or broadcast (1) on both, then
      padded to 4: `[2, 3, 4, 5, 6]` with `[1, 3, 4, 1, 1]` becomes `[1, 2, 12, 30]` with
      `[1, 1, 12, 1]`.

    Either way the elements of each tensor keep their row-major order and each operand
    broadcasts to the new result exactly as before, so per-axis constants stay aligned with
    the axes they scale.

    `ops` lists the ops to convert by name (`IE.Add,IE.ReLU,...`); the pipeline spec that
    runs the pass decides which kernels need it. Every listed op must be an IE layer
    computing each result element from the operand elements at the same (broadcast)
    position, with one result to which every operand broadcasts by NumPy rules: binary
    eltwise ops, comparisons, logic ops, `IE.Select`, unary activations, `IE.Convert`,
    `IE.Swish`. Ops whose attributes name axes (`IE.SoftMax`, reductions, ...) or whose
    operands align otherwise (`IE.PRelu`'s per-channel slope) must not be listed: reshaping
    them would change what they compute.

    ```mlir
    %0 = IE.Multiply(%x, %cst) : tensor<2x3x5xf32>, tensor<3x1xf32> -> tensor<2x3x5xf32>
    // becomes, with ops=IE.Multiply
    %cst_4d = const.Declare tensor<1x1x3x1xf32> = #const.Content<..., [#const.Reshape<[1, 1, 3, 1]>]>
    %0 = IE.Reshape(%x) {shape = array<i64: 1, 2, 3, 5>} : tensor<2x3x5xf32> -> tensor<1x2x3x5xf32>
    %1 = IE.Multiply(%0, %cst_4d) : tensor<1x2x3x5xf32>, tensor<1x1x3x1xf32> -> tensor<1x2x3x5xf32>
    %2 = IE.Reshape(%1) {shape = array<i64: 2, 3, 5>} : tensor<1x2x3x5xf32> -> tensor<2x3x5xf32>
    ```

    The reshapes between two converted ops cancel out under canonicalisation.

    Errors: `ops` is empty, names an unknown op or an op that is not an IE layer; a listed
    op that has several results, a dynamic shape, a layout encoding, an operand that does
    not broadcast to its result, or a broadcast that needs more than 4 dims. All errors of
    a function are reported and the function is then left unchanged.
  }];
  let options = [
    ListOption<"opNames", "ops", "std::string",
               "Names of the eltwise ops to convert (e.g. IE.Add,IE.ReLU)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D
