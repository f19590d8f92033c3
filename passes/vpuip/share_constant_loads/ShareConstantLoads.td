//===- ShareConstantLoads.td - one CMX copy per constant --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ShareConstantLoadsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS
#define VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS

include "mlir/Pass/PassBase.td"

def ShareConstantLoadsPass : Pass<"vpuc-vpuip-share-constant-loads", "::mlir::func::FuncOp"> {
  let summary = "Loads a constant into a cluster's CMX once for all the tasks near each other that read it";
  let description = [{
    The tiles of one layer (row tiles of `vpuc-vpu-tiling`, the pipelined tiles of
    `vpuc-vpu-pipeline-sw-layers`, the tiles of a vertically fused chain) are separate
    NCE tasks, and the NCE lowering gives each one a DMA of the layer's weights and
    weights table into a CMX buffer of its own: the same bytes read again from DDR for
    every tile of a cluster (EfficientNet-B2 on VPUX37XX default_hw: 0.56 MB of its
    20 MB of constant loads).

    A DMA `L2` loading a constant into a whole CMX `memref.alloc` `Y2` is erased, and
    the readers of its result read the result of an earlier DMA `L1` instead, when:
    - `L1` loads a constant of the same value (content) into a whole CMX
      `memref.alloc` `Y1` of `Y2`'s type (so in the same cluster), in the same block;
    - nothing but `L1` and `L2` writes `Y1` and `Y2`: every other use of them and of
      their DMAs' results, through views (`ViewLikeOpInterface`), is an input of a
      destination-style op (a task reading it);
    - `L2` is at most `window` operations after the last reader of `L1`'s copy so
      far, so the copy stays in CMX only over a short stretch of the program;
    - the copy takes at most `max-bytes` bytes.
    `Y2` is erased with `L2`. The feasible memory scheduler that runs afterwards
    treats the shared copy as it treats any loaded constant: it keeps it in CMX
    between its readers or, when the CMX runs out, drops it and loads it again from
    DDR, never spilling it.

    ```mlir
    %b1 = memref.alloc() : memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %w1 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b1 : ...) -> ...
    %t1 = VPUIP.NCEClusterTask ... weights(%w1 : ...) ...
    %b2 = memref.alloc() : memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %w2 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b2 : ...) -> ...
    %t2 = VPUIP.NCEClusterTask ... weights(%w2 : ...) ...
    // becomes
    %b1 = memref.alloc() : memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %w1 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b1 : ...) -> ...
    %t1 = VPUIP.NCEClusterTask ... weights(%w1 : ...) ...
    %t2 = VPUIP.NCEClusterTask ... weights(%w1 : ...) ...
    ```

    The pass runs after `vpuc-vpuip-convert-copies-to-dma` and the in-place passes,
    before `vpuc-vpuip-feasible-allocation`. At log level `info` it reports the DMAs
    it erased and their bytes.

    It is not in the default-HW pipeline: it removes the repeated loads, but the longer
    lives of the shared copies change the memory schedule, and over 11 networks the
    latencies moved by -2.5 % to +3.4 %, about nothing on average (docs/cost_model.md,
    "Sharing constant loads between tiles"). A pipeline spec can add it before
    `vpuc-vpuip-feasible-allocation`.
  }];
  let options = [
    Option<"window", "window", "int64_t", /*default=*/"64",
           "The most operations between the last reader of a copy and a later load of the "
           "same constant that reuses it (at least 1)">,
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"16384",
           "The largest copy shared, in bytes (at least 1): a larger copy kept in CMX between "
           "its readers crowds the prefetch of the layers after them">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::VPUIP::VPUIPDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS
