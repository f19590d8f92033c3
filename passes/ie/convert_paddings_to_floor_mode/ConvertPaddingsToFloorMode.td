//===- ConvertPaddingsToFloorMode.td - Ceil pools to floor -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertPaddingsToFloorModePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE
#define VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE

include "mlir/Pass/PassBase.td"

def ConvertPaddingsToFloorModePass
    : Pass<"vpuc-ie-convert-paddings-to-floor-mode", "::mlir::func::FuncOp"> {
  let summary = "Rewrites ceil-rounding pools as floor-rounding pools with extra end padding";
  let description = [{
    NCE pools round their output size down (floor). An `IE.MaxPool` or `IE.AvgPool` with
    `rounding_type = ceil` has, per spatial axis with input size `I`, kernel `K`, stride `S`,
    pads `pb` and `pe` and output size `O`, a last window ending `e = (O - 1) * S + K -
    (I + pb + pe)` elements beyond the padded input when `e > 0`. The pass adds `max(e, 0)`
    to `pads_end` and sets `rounding_type = floor`: the floor rule then gives the same `O`
    and the windows start where they did. The values are the same:

    * `IE.MaxPool`: padding never wins (it is -infinity) and the ceil rule clips the last
      window to the input, so the extra padding reads nothing new; always exact.
    * `IE.AvgPool` with `exclude_pad`: the divisor counts the window positions inside the
      input, which the padding does not change; always exact.
    * `IE.AvgPool` counting the padding: the ceil rule divides the last window by the
      positions inside `[-pb, I + pe)`, so extra padding would change that divisor. It is
      exact only where no axis needs extra padding (`e <= 0`: the ceil and floor output
      sizes agree), and the pool is left otherwise.

    The pads stay smaller than the kernel (the ceil rule starts every window inside the
    input plus `pads_begin`). Pools with a dynamic spatial input or output size are left.
    The pass is a normal form for the NCE lowering and applies to every pool where it is
    exact, whether or not the NCE then runs it. It never fails.

    ```mlir
    %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    // becomes
    %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    ```
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each ceil-rounding pool the pass leaves, with the reason">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE
