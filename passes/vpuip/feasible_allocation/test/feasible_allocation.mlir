// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{check-dependencies=true}))' | FileCheck %s
// Loads farther ahead into idle DMA time: every schedule still passes the dependency check.
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{check-dependencies=true prefetch-lookahead=1 prefetch-idle-lookahead=8}))' | FileCheck %s --check-prefix=IDLE

// Without pressure every CMX buffer gets a static placement in its cluster,
// the data load first (just in time), and nothing is spilled.
// CHECK-LABEL: func.func @no_spill
// IDLE-LABEL: func.func @no_spill
// CHECK-DAG: %[[X:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG: %[[A:.+]] = VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NOT: memref.alloc
// CHECK: VPUIP.NNDMA inputs(%arg0 : memref<1000xf16>) outputs(%[[X]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[X]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1 : memref<1000xf16>)
// CHECK-NEXT: return %arg1
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @no_spill(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %2 : memref<1000xf16>
  }
}

// -----

// Views (and the concatenation) are rebuilt on the placed buffer.
// CHECK-LABEL: func.func @views
// CHECK: %[[X:.+]] = VPUIP.StaticAlloc<0> -> memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[V0:.+]] = VPUIP.SubView %[[X]] [0, 0] [1, 1000]
// CHECK-NEXT: VPUIP.NNDMA inputs(%arg0 : memref<1x1000xf16>) outputs(%[[V0]]
// CHECK: %[[V1:.+]] = VPUIP.SubView %[[X]] [1, 0] [1, 1000]
// CHECK-NEXT: VPUIP.NNDMA inputs(%arg0 : memref<1x1000xf16>) outputs(%[[V1]]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[X]] : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1
// CHECK-NOT: ConcatView
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @views(%in: memref<1x1000xf16>, %out: memref<2x1000xf16>) -> memref<2x1000xf16> {
    %x = memref.alloc() : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %v0 = VPUIP.SubView %x [0, 0] [1, 1000] : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x1000xf16>) outputs(%v0 : memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %v1 = VPUIP.SubView %x [1, 0] [1, 1000] : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%in : memref<1x1000xf16>) outputs(%v1 : memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %c = VPUIP.ConcatView inputs(%0, %1 : memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%x : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%c : memref<2x1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<2x1000xf16>) -> memref<2x1000xf16>
    return %2 : memref<2x1000xf16>
  }
}

// -----

// Two clusters are two memories: both buffers start at 0.
// CHECK-LABEL: func.func @two_clusters
// CHECK-DAG: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG: %[[B:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.NNDMA inputs(%arg0 : memref<1000xf16>) outputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[B]] : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B]] : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%arg1 : memref<1000xf16>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @two_clusters(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %2 : memref<1000xf16>
  }
}
