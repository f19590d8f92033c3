// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// A fill of a part of a CMX buffer in the same cluster read by software kernels only: the kernel
// reads a view of the part (kernels take strided views) and neither the round trip nor a
// CMX-to-CMX DMA is left. Here a software kernel reads 16 of the 32 channels of a result (the
// piece of a split kernel).

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @activation(memref<*xf16>, memref<*xf16>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
  }
  // CHECK-LABEL: func.func @kernel_view
  func.func @kernel_view(%in: memref<1x32x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
    // CHECK: %[[X:.+]] = VPUIP.NNDMA inputs(%arg0
    %x = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x32x4x4xf16, #NHWC>) outputs(%x : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %d = memref.alloc() : memref<1x32x4x4xf16, #NHWC>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
    %v = VPUIP.SubView %1 [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
    %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%v : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    // CHECK-NOT: VPUIP.NNDMA
    // CHECK: %[[V:.+]] = VPUIP.SubView %[[X]] [0, 16, 0, 0] [1, 16, 4, 4]
    // CHECK-NOT: VPUIP.NNDMA
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%[[V]] : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>)
    // CHECK-NEXT: ^bb0(%{{.+}}: memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>,
    %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%o : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %r: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %r, 2 : i32, 0.0 : f32, 0.0 : f32) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    return %4 : memref<1x16x4x4xf16, #NHWC>
  }
}
// LOG: @kernel_view: removed 2 DMA task(s): 1 DDR round trip(s) within a cluster, 0 replaced by 0 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased

// -----

// The same part read by a software kernel and written by a DMA into a part of another buffer
// (not a kernel input): a CMX-to-CMX DMA fills it. The part of a buffer of the other cluster
// is filled by a DMA across the clusters.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @activation(memref<*xf16>, memref<*xf16>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
  }
  // CHECK-LABEL: func.func @kept
  func.func @kept(%in: memref<1x32x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>, %out2: memref<1x16x4x4xf16, #NHWC>) -> (memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>) {
    %x = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x32x4x4xf16, #NHWC>) outputs(%x : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %d = memref.alloc() : memref<1x32x4x4xf16, #NHWC>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
    %v = VPUIP.SubView %1 [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
    // CHECK: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[0]>>
    // CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Y]] :
    %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%v : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%o : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %r: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %r, 2 : i32, 0.0 : f32, 0.0 : f32) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    %5 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    return %4, %5 : memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>
  }
  // CHECK-LABEL: func.func @other_cluster
  func.func @other_cluster(%in: memref<1x32x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
    %x = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x32x4x4xf16, #NHWC>) outputs(%x : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %d = memref.alloc() : memref<1x32x4x4xf16, #NHWC>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
    %v = VPUIP.SubView %1 [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
    // CHECK: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Y]] :
    %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%v : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %3 = VPUIP.SW.Kernel @VPU.SW::@activation on tile 1 inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%o : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %r: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>):
      VPUIP.SW.Kernel.run(%i, %r, 2 : i32, 0.0 : f32, 0.0 : f32) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    }
    %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    return %4 : memref<1x16x4x4xf16, #NHWC>
  }
}
// LOG-DAG: @kept: removed 1 DMA task(s): 0 DDR round trip(s) within a cluster, 1 replaced by 1 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased
// LOG-DAG: @other_cluster: removed 1 DMA task(s): 0 DDR round trip(s) within a cluster, 1 replaced by 1 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased
