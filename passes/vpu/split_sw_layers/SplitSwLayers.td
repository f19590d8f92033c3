//===- SplitSwLayers.td - vpuc-vpu-split-sw-layers pass -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares SplitSwLayersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS
#define VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS

include "mlir/Pass/PassBase.td"

def SplitSwLayersPass : Pass<"vpuc-vpu-split-sw-layers", "::mlir::func::FuncOp"> {
  let summary = "Splits software layers whose tensors do not fit a SHAVE tensor window";
  let description = [{
    The runtime maps every tensor of a software task that is not in CMX into a
    window of its own in the SHAVEs' 32-bit address space, and a window holds
    at most `kWindowSize` bytes (16 MiB, kernels/abi/SwKernelAbi.h); a blob
    with a larger tensor cannot be loaded (the `VPUIP.SW.Kernel` and
    `VPUIP.UPA.SW` verifiers reject it). This pass splits the software layers
    (`VPU.SW.*`) with a tensor larger than the window into layers that fit,
    as pure data flow: `VPU.Slice` of the activations (a `const.Declare`
    operand is sliced as a new constant with `#const.SubView`), one layer per
    piece and a `VPU.Concat` of the pieces.

    * `VPU.SW.FullyConnected` (`[N, K] x [O, K]^T + bias -> [N, O]`) is split
      over its output channels `O` (the weights' rows, the bias and the
      output's columns) and, when the input or one row block of the output
      is still too large, over its rows `N` (the input's and the output's
      rows): the fewest pieces of nearly equal size (the larger first) for
      which the weights, input and output of every piece fit the window,
      output channels first. The pieces of a split over both axes are
      concatenated over `O` within a row block, then the row blocks over `N`.
    * `VPU.SW.MatMul` with 2-D operands is split likewise over the columns
      of its output (`input2`'s columns, or rows with `transpose_b`) and the
      rows of `input1` (without `transpose_a`).

    The reduction axis `K` is never split (the pieces' partial sums would be
    rounded to the layer's element type before they are added): a layer one
    of whose tensors does not fit even as one row and one channel, or a
    software layer of another kind with a tensor larger than the window, is
    an error naming the layer, its tensor, its size and the window.

    Piece `i` of a layer named `fc` is located at `fc/part<i>` (`fc/part<i>/
    row<j>` for a split over both axes), so that every piece keeps the
    layer's name in diagnostics and layer reports.

    ```mlir
    // window-bytes=4096: the f16 weights (4096 x 4 bytes) become 4 pieces of 1024 x 4.
    %0 = VPU.SW.FullyConnected(%x, %w) : tensor<1x4xf16>, tensor<4096x4xf16> -> tensor<1x4096xf16>
    // becomes
    %w0 = const.Declare tensor<1024x4xf16> = #const.Content<..., [#const.SubView<[0, 0], [1024, 4]>]>
    %p0 = VPU.SW.FullyConnected(%x, %w0) : tensor<1x4xf16>, tensor<1024x4xf16> -> tensor<1x1024xf16>
    ...
    %0 = VPU.Concat(%p0, %p1, %p2, %p3) {axis = 1 : i64} : ... -> tensor<1x4096xf16>
    ```
  }];
  let options = [
    Option<"windowBytes", "window-bytes", "int64_t", /*default=*/"0",
           "The bytes a tensor of a software layer may span (0: the SHAVE "
           "tensor window of the kernel ABI, 16 MiB); smaller values test the "
           "split">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS
