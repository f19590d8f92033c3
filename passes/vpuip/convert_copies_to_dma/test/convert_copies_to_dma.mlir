// RUN: vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma="port=1" --split-input-file | FileCheck %s --check-prefix=PORT

// CHECK-LABEL: func.func @copies
// PORT-LABEL: func.func @copies
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @copies(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
    %cmx = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: %[[A:.+]] = VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16>) outputs(%{{.+}} : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>)
    // PORT: %[[A:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs
    %0 = VPUIP.Copy inputs(%in : memref<1x16x4x4xf16>) outputs(%cmx : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: %[[B:.+]] = VPUIP.NNDMA inputs(%[[A]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%{{.+}} : memref<1x16x4x4xf16, #map>)
    // CHECK-NOT: VPUIP.Copy
    // CHECK: return %[[B]]
    %1 = VPUIP.Copy inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    return %1 : memref<1x16x4x4xf16, #NHWC>
  }
}
