//===- EltwiseInPlace.td - Eltwise tasks in place ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares EltwiseInPlacePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE
#define VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE

include "mlir/Pass/PassBase.td"

def EltwiseInPlacePass
    : Pass<"vpuc-vpuip-eltwise-in-place", "::mlir::func::FuncOp"> {
  let summary = "An eltwise task or kernel writes its result over an input "
                "it reads last";
  let description = [{
    The residual addition of a ResNet bottleneck reads two activations of
    the full width (its block's input and its last convolution's result) and
    writes a third: on a 56 x 56 x 256 stage, split over two clusters, that
    is 2.4 MB of CMX per cluster for one task, more than the CMX holds, so
    the memory scheduler spills. An eltwise task reads each element of its
    inputs only to compute the output element at the same index, so it can
    write its result over one of them when nothing reads that input after
    it. This pass makes it do so. The same holds for an element-wise
    software kernel: EfficientNet's Swish after a 112 x 112 x 96 expansion
    reads 1.2 MB per cluster and would write another 1.2 MB; split into a
    piece per SHAVE, each piece writes over its own rows of it.

    A `VPUIP.NCEClusterTask` of type `ELTWISE_ADD`, `ELTWISE_SUB` or
    `ELTWISE_MUL`, or a `VPUIP.SW.Kernel` with one output that calls an
    element-wise library kernel (`elementwise` in the kernel ABI,
    kernels/abi/SwKernels.h: each output element from the inputs at its own
    index, so an output over an input of the same layout reads each element
    before it writes it), whose output buffer is a `memref.alloc` `O` that
    only it uses writes instead into the buffer `A` of its first input (for
    an NCE task `input`, else `input2`) that qualifies:

    * the operand is all of a `memref.alloc` `A` (the allocation itself or
      a result tied to all of it, `passes/vpuip/utils/BufferLocation.h`) or
      a unit-step view of one (a piece of a kernel split over rows reads a
      range of rows of its producer's buffer), of `O`'s type (shape,
      element type, layout and memory, so the same cluster's CMX);
    * no op after the task in the function body has an operand that may
      share a byte with it (views themselves read nothing; the ops using
      them count): the task is the last to read those bytes, so the values
      it overwrites are dead;
    * for a view, the ops reading the task's result (directly or through
      views) still have their CMX buffers fit in the cluster's CMX (the
      module's `VPUIP.resources`) with all of `A` in place of `O`.

    Then the task's output is `A` (or the view; its result takes that type,
    which is `O`'s) and `O` is erased. Its readers and writers before it keep
    their order with it through their buffer dependencies. The pass never
    fails; a task that does not qualify is left alone. It runs before the
    memory scheduler (`vpuc-vpuip-feasible-allocation`), which then keeps one
    buffer where there were two.

    ```mlir
    %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %r = VPUIP.NCEClusterTask <ELTWISE_ADD> ... input(%x : ...) input2(%y : ...) outputs(%o : ...)
    // becomes (nothing reads %x after the task)
    %r = VPUIP.NCEClusterTask <ELTWISE_ADD> ... input(%x : ...) input2(%y : ...) outputs(%x : ...)
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::VPUIP::VPUIPDialect"];
}

#endif // VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE
