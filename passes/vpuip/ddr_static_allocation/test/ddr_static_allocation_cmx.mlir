// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation=memory=CMX_NN --split-input-file --verify-diagnostics | FileCheck %s
// memory=CMX_NN places the CMX buffers, cluster by cluster, within the target's usable CMX and at
// its CMX alignment; DDR buffers stay allocations and no section size is recorded.

// CHECK-NOT: VPURT.section_sizes
// CHECK-LABEL: func.func @clusters
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 4096, cmx_alignment = 32, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @clusters(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    // CHECK: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    // 2000 bytes aligned to 32: the next buffer of cluster 0 starts at 2016.
    // CHECK: VPUIP.StaticAlloc<2016> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    // Cluster 1 has its own CMX.
    // CHECK: VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    %c = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%c : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: memref.alloc() : memref<1000xf16>
    %d = memref.alloc() : memref<1000xf16>
    %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%d : memref<1000xf16>) -> memref<1000xf16>
    %4 = VPUIP.NNDMA inputs(%3 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %4 : memref<1000xf16>
  }
}

// -----

// Live CMX buffers that do not fit the cluster's CMX.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 3000, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-error-re @+1 {{cannot place its CMX_NN[0] buffers within the CMX_NN[0] of 3000 bytes {{.*}}}}
  func.func @too_big(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %2 : memref<1000xf16>
  }
}

// -----

// One CMX buffer larger than the CMX.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @one_too_big(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    // expected-error @+1 {{allocates 2000 bytes, more than the CMX_NN[0] of 1024 bytes}}
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %1 : memref<1000xf16>
  }
}

// -----

// expected-error @+1 {{the CMX allocation (memory=CMX_NN) needs the target resources (#VPUIP.resources) for the CMX size and clusters}}
module {
  func.func @no_resources(%in: memref<8xf16>) -> memref<8xf16> {
    return %in : memref<8xf16>
  }
}
