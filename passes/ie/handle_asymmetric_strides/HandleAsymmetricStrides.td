//===- HandleAsymmetricStrides.td - Asymmetric strides -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares HandleAsymmetricStridesPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES
#define VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES

include "mlir/Pass/PassBase.td"

def HandleAsymmetricStridesPass
    : Pass<"vpuc-ie-handle-asymmetric-strides", "::mlir::func::FuncOp"> {
  let summary = "Runs window ops with asymmetric strides the NCE rejects at strides it takes";
  let description = [{
    An `IE.Convolution`, depthwise `IE.GroupConvolution`, `IE.MaxPool` or `IE.AvgPool`
    (2-D, static shapes) with `strides = [SY, SX]`, `SY != SX`, that the NCE rejects (its
    `VPU::NCELegalityOpInterface`) is computed at smaller strides and subsampled:

    * the op is rebuilt with strides `[DY, DX]`, `DY` a divisor of `SY` and `DX` a divisor
      of `SX`, all other operands and attributes kept;
    * an `IE.Slice` over axes 2 and 3 with steps `[SY / DY, SX / DX]` (an axis with step 1
      is not sliced) keeps outputs `0, RY, 2 * RY, ...`, `O` of them per axis.

    This is exact: output `o` of the original op reads the window starting at `o * S - pb`,
    which is the window of output `o * R` of the op with stride `D = S / R`; window
    contents, padding and (for `exclude_pad`) divisors are the same. With floor rounding the
    smaller stride gives at least `(O - 1) * R + 1` outputs, so every needed one exists.
    Among the divisor pairs, the one the NCE accepts with the largest `DY * DX` (the least
    extra computation) is taken; an op no pair makes runnable is left. Ceil-rounding pools
    are never accepted by the NCE: run `vpuc-ie-convert-paddings-to-floor-mode` first.

    The NCE is asked about each pair of strides on the op's description (types and
    attributes) before anything is built, without its layout and channel alignment checks
    (the layout assignment and the channel expansion come later). The rewrite is also
    exported as `populateHandleAsymmetricStridesPatterns`. Ops with equal strides are left (the same rewrite
    would serve symmetric strides beyond the NCE limit, which this pass does not handle).
    The new ops take the location of the op they replace; the pass never fails.

    ```mlir
    %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 3>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, strides = array<i64: 1, 10>}
           : tensor<1x16x20x40xf16> -> tensor<1x16x19x4xf16>
    // becomes
    %1 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 3>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, strides = array<i64: 1, 5>}
           : tensor<1x16x20x40xf16> -> tensor<1x16x19x8xf16>
    %0 = IE.Slice(%1) {axes = array<i64: 3>, ends = array<i64: 7>, starts = array<i64: 0>,
           steps = array<i64: 2>} : tensor<1x16x19x8xf16> -> tensor<1x16x19x4xf16>
    ```
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each op with asymmetric strides the NCE rejects that the pass "
           "leaves, with the reasons">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES
