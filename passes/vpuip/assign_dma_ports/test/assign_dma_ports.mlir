// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-dma-ports | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-dma-ports="policy=cluster" | FileCheck %s --check-prefix=CLUSTER
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-dma-ports --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// balance: each DMA goes to the port with the fewest bytes so far (the
// lowest on a tie). cluster: the cluster of the CMX end, port 0 between DDR
// buffers.

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @spread
// CLUSTER-LABEL: func.func @spread
func.func @spread(%big: memref<1x16x8x8xf16>, %small: memref<1x16x2x2xf16>, %out: memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16> {
  // 2048 bytes on port 0.
  // CHECK: VPUIP.NNDMA inputs(%arg0
  // CLUSTER: VPUIP.NNDMA inputs(%arg0
  %a = memref.alloc() : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {port = 1 : i64} inputs(%big : memref<1x16x8x8xf16>) outputs(%a : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>
  // 128 bytes on port 1.
  // CHECK-NEXT: memref.alloc
  // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%arg1
  // CLUSTER-NEXT: memref.alloc
  // CLUSTER-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%arg1
  %b = memref.alloc() : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA inputs(%small : memref<1x16x2x2xf16>) outputs(%b : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>
  // 128 more bytes on port 1, which has moved fewer.
  // CHECK-NEXT: memref.alloc
  // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%{{.+}} : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>)
  // CLUSTER-NEXT: memref.alloc
  // CLUSTER-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>)
  %c = memref.alloc() : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%c : memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x2xf16, #VPUIP.mem<CMX_NN[0]>>
  // DDR to DDR.
  // CHECK-NEXT: memref.alloc
  // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%arg0
  // CLUSTER-NEXT: memref.alloc
  // CLUSTER-NEXT: VPUIP.NNDMA inputs(%arg0
  %d = memref.alloc() : memref<1x16x8x8xf16>
  %3 = VPUIP.NNDMA {port = 1 : i64} inputs(%big : memref<1x16x8x8xf16>) outputs(%d : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
  // Ports now 2048 and 2304 bytes: port 0.
  // CHECK-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>)
  // CLUSTER-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>)
  %4 = VPUIP.NNDMA inputs(%0 : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
  return %4 : memref<1x16x8x8xf16>
}
}
// LOG: [vpuc-vpuip-assign-dma-ports] {{.*}}@spread: port 0: 2 DMA task(s), 4096 bytes
// LOG: [vpuc-vpuip-assign-dma-ports] {{.*}}@spread: port 1: 3 DMA task(s), 2304 bytes

// -----

// One port: everything on port 0, whatever the policy.

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 1,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @one_port
// CLUSTER-LABEL: func.func @one_port
func.func @one_port(%in: memref<1x16x8x8xf16>, %out: memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16> {
  // CHECK-NOT: port =
  // CLUSTER-NOT: port =
  %a = memref.alloc() : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x8x8xf16>) outputs(%a : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
  return %1 : memref<1x16x8x8xf16>
}
}
// LOG: @one_port: port 0: 2 DMA task(s), 4096 bytes
