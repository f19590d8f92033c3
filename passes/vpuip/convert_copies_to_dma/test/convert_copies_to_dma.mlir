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

// -----

// A copy of 4096 bytes with DMAs of at most 1024: four DMAs of one index of the outermost dim
// each, on views of both buffers, joined by a ConcatView that replaces the copy.
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[IN:.*]]: memref<4x16x32xf16>, %[[OUT:.*]]: memref<4x16x32xf16>)
// CHECK:      %[[I0:.*]] = VPUIP.SubView %[[IN]] [0, 0, 0] [1, 16, 32]
// CHECK-NEXT: %[[O0:.*]] = VPUIP.SubView %[[OUT]] [0, 0, 0] [1, 16, 32]
// CHECK-NEXT: %[[D0:.*]] = VPUIP.NNDMA inputs(%[[I0]] : {{.*}}) outputs(%[[O0]] : {{.*}})
// CHECK-NEXT: VPUIP.SubView %[[IN]] [1, 0, 0] [1, 16, 32]
// CHECK-NEXT: VPUIP.SubView %[[OUT]] [1, 0, 0] [1, 16, 32]
// CHECK-NEXT: %[[D1:.*]] = VPUIP.NNDMA
// CHECK:      %[[D2:.*]] = VPUIP.NNDMA
// CHECK:      VPUIP.SubView %[[OUT]] [3, 0, 0] [1, 16, 32]
// CHECK-NEXT: %[[D3:.*]] = VPUIP.NNDMA
// CHECK-NEXT: %[[C:.*]] = VPUIP.ConcatView inputs(%[[D0]], %[[D1]], %[[D2]], %[[D3]] : {{.*}}) outputs(%[[OUT]] : memref<4x16x32xf16>) -> memref<4x16x32xf16>
// CHECK-NOT:  VPUIP.Copy
// CHECK:      return %[[C]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 1024, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @split(%in: memref<4x16x32xf16>, %out: memref<4x16x32xf16>) -> memref<4x16x32xf16> {
    %0 = VPUIP.Copy inputs(%in : memref<4x16x32xf16>) outputs(%out : memref<4x16x32xf16>) -> memref<4x16x32xf16>
    return %0 : memref<4x16x32xf16>
  }
}

// -----

// One index of the outermost dim in the destination's order (H of an NHWC buffer: 1536 bytes)
// is still larger than 1024 bytes: each of the two H parts is cut again over W (the next dim in
// that order) into parts of 2 and 1 columns (1024 and 512 bytes).
// CHECK-LABEL: func.func @split_twice
// CHECK:      %[[I0:.*]] = VPUIP.SubView %arg0 [0, 0, 0, 0] [1, 256, 1, 3]
// CHECK-NEXT: %[[O0:.*]] = VPUIP.SubView %arg1 [0, 0, 0, 0] [1, 256, 1, 3]
// CHECK-NEXT: %[[I00:.*]] = VPUIP.SubView %[[I0]] [0, 0, 0, 0] [1, 256, 1, 2]
// CHECK-NEXT: %[[O00:.*]] = VPUIP.SubView %[[O0]] [0, 0, 0, 0] [1, 256, 1, 2]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[I00]] : {{.*}}) outputs(%[[O00]] : {{.*}})
// CHECK-NEXT: VPUIP.SubView %[[I0]] [0, 0, 0, 2] [1, 256, 1, 1]
// CHECK-NEXT: VPUIP.SubView %[[O0]] [0, 0, 0, 2] [1, 256, 1, 1]
// CHECK-NEXT: VPUIP.NNDMA
// CHECK-NEXT: VPUIP.SubView %arg0 [0, 0, 1, 0] [1, 256, 1, 3]
// CHECK:      VPUIP.NNDMA
// CHECK:      VPUIP.NNDMA
// CHECK-NEXT: VPUIP.ConcatView inputs({{.*}}, {{.*}}, {{.*}}, {{.*}} : {{.*}}) outputs(%arg1 : {{.*}})
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 1024, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @split_twice(%in: memref<1x256x2x3xf16, #NHWC>, %out: memref<1x256x2x3xf16, #NHWC>) -> memref<1x256x2x3xf16, #NHWC> {
    %0 = VPUIP.Copy inputs(%in : memref<1x256x2x3xf16, #NHWC>) outputs(%out : memref<1x256x2x3xf16, #NHWC>) -> memref<1x256x2x3xf16, #NHWC>
    return %0 : memref<1x256x2x3xf16, #NHWC>
  }
}
