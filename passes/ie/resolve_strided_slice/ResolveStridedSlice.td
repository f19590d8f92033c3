//===- ResolveStridedSlice.td - resolve strided slices -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ResolveStridedSlicePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE
#define VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE

include "mlir/Pass/PassBase.td"

def ResolveStridedSlicePass : Pass<"vpuc-ie-resolve-strided-slice", "::mlir::func::FuncOp"> {
  let summary = "Rewrites IE.StridedSlice into one resolved form";
  let description = [{
    `IE.StridedSlice` accepts Python-style parameters: begin and end masks, negative
    positions counting from the end, positions beyond the dim (clamped) and strides of any
    sign. This pass resolves them, for every `IE.StridedSlice` whose input shape is static,
    so that later lowerings see one form. For each dim of extent `D`, with `b` the first
    element the op takes, `s` its stride and `n` the result's extent:

    * `n = 0`: begin 0, end 0, stride 1;
    * `n = 1`: begin `b`, end `b + 1`, stride 1 (the stride of a single element does not
      matter);
    * `n >= 2`, `s > 0`: begin `b`, end `b + (n - 1) * s + 1` (the tightest end, at most `D`),
      stride `s`;
    * `n >= 2`, `s < 0`: begin `b`, end `b + (n - 1) * s - 1`, stride `s`; when the slice
      runs down to element 0 that end would be -1, which the op reads as `D - 1`, so it is
      written `-D - 1` instead (the op's Python rule maps it to "before element 0"). This is
      the only negative value of the form; no masks are left to express it.

    So every begin is in `[0, D)` (0 for an empty dim), the masks are gone and there is one
    entry per dim. When every stride is then 1 the op becomes `IE.Slice` with `starts` and
    `ends` (non-negative, within the dims, no `axes` or `steps`), otherwise an
    `IE.StridedSlice` with the resolved `begins`, `ends` and `strides`. The result type
    (shape, element type, layout encoding) and the location are kept. An `IE.StridedSlice`
    already in the resolved form is left as it is, and so is one with a dynamic input dim
    (its positions cannot be resolved at compile time). The pass never fails on verified IR.

    ```mlir
    %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>,
           begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
    // becomes
    %0 = IE.StridedSlice(%x) {begins = array<i64: 0, 4>, ends = array<i64: 2, -6>, strides = array<i64: 1, -2>}
           : tensor<4x5xf32> -> tensor<2x3xf32>

    %1 = IE.StridedSlice(%x) {begins = array<i64: -3, 0>, ends = array<i64: 100, 5>, strides = array<i64: 1, 1>}
           : tensor<4x5xf32> -> tensor<3x5xf32>
    // becomes
    %1 = IE.Slice(%x) {starts = array<i64: 1, 0>, ends = array<i64: 4, 5>} : tensor<4x5xf32> -> tensor<3x5xf32>
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::IE::IEDialect"];
}

#endif // VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE
