//===- FoldResultCopies.td - Tasks write the results ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FoldResultCopiesPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES
#define VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES

include "mlir/Pass/PassBase.td"

def FoldResultCopiesPass
    : Pass<"vpuc-vpuip-fold-result-copies", "::mlir::func::FuncOp"> {
  let summary = "The task computing a network result writes the output "
                "buffer instead of a buffer copied into it";
  let description = [{
    `vpuc-vpuip-add-buffers-for-net-results` copies each returned value into
    its output buffer argument, and a layout change of a result (the NHWC ->
    NCHW reorder of a convolution's output) is one more copy between two DDR
    buffers. Each such copy reads and writes every byte of the result in DDR
    once more, at the end of the network where nothing else runs (on a
    U-Net's 128 x 128 output, 13 us of a 365 us inference). This pass lets
    the task that computes the copied value write the output buffer directly
    and erases the copy, repeatedly, so a chain of copies into a result
    folds into its first task.

    A copy `C` (`VPUIP.Copy` or `VPUIP.NNDMA`) of a value `R` into an output
    buffer argument `O` of the function is erased when:

    * `O` is an argument of the function whose only use is `C`, and `C`'s
      only use is the `func.return`;
    * `R` is the result of a task `T` that is a copy (`VPUIP.Copy`,
      `VPUIP.NNDMA`: a copy writes any layout) or a software kernel
      (`VPUIP.SW.Kernel`) whose library kernel is element-wise (its
      contract is on logical dims, and the element-wise kernels take any
      layout: kernels/abi/SwKernels.td); `R`'s only use is `C`;
    * `T` writes `R` into a whole `memref.alloc` `A` that nothing else
      uses, of `O`'s shape and element type and in `O`'s memory (the layout
      may differ).

    Then `T` writes `O` instead of `A` (its result and, for a kernel, the
    argument of its body take `O`'s type), the return takes `T`'s result,
    and `C` and `A` are erased. Nothing else reads or writes `O` or `A`, so
    no value read changes. The pass never fails; a copy that does not
    qualify is left alone. It runs right after
    `vpuc-vpuip-add-buffers-for-net-results`, before the kernels are split
    over the SHAVEs and their buffers moved to CMX.

    ```mlir
    %a = memref.alloc() : memref<1x2x4x4xf32, #NHWC>
    %k = VPUIP.SW.Kernel @VPU.SW::@convert_f16_f32 inputs(%x : memref<1x2x4x4xf16, #NHWC>)
           outputs(%a : memref<1x2x4x4xf32, #NHWC>) -> memref<1x2x4x4xf32, #NHWC> {...}
    %b = memref.alloc() : memref<1x2x4x4xf32>
    %r = VPUIP.Copy inputs(%k : memref<1x2x4x4xf32, #NHWC>) outputs(%b : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32>
    %c = VPUIP.Copy inputs(%r : memref<1x2x4x4xf32>) outputs(%out : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32>
    return %c : memref<1x2x4x4xf32>
    // becomes
    %k = VPUIP.SW.Kernel @VPU.SW::@convert_f16_f32 inputs(%x : memref<1x2x4x4xf16, #NHWC>)
           outputs(%out : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32> {...}
    return %k : memref<1x2x4x4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::VPUIP::VPUIPDialect"];
}

#endif // VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES
