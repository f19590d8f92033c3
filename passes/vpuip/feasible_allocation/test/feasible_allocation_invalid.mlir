// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=3000}))'

// A task whose CMX buffers do not fit on their own.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @too_big(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    // expected-error-re @+1 {{cannot be scheduled in CMX: task 'VPUIP.NNDMA at {{.+}}' (#1) needs 4000 bytes of CMX arena 0 for its buffers ('%alloc' (2000), '%alloc_0' (2000)), more than the capacity of 3000 bytes; it must be tiled first}}
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %2 : memref<1000xf16>
  }
}

// -----

module {
  // expected-error @+1 {{'func.func' op has no target resources (#VPUIP.resources on the module); the feasible allocation needs the CMX size and the clusters}}
  func.func @no_resources(%in: memref<1000xf16>) -> memref<1000xf16> {
    return %in : memref<1000xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @placed_cmx(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op places a CMX buffer before the feasible allocation, which owns the whole CMX; run it before any CMX allocation}}
    %x = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %1 : memref<1000xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @not_a_task(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    // expected-error @+1 {{'memref.dealloc' op accesses memory but is not a VPUIP task (VPUIP_TaskOpInterface); the feasible allocation cannot schedule it}}
    memref.dealloc %x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    return %1 : memref<1000xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @returns_cmx(%in: memref<1000xf16>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    // expected-error @+1 {{'func.return' op returns a CMX buffer; the results of a function are in DDR}}
    return %0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 2048, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op cmx-bytes 3000 of vpuc-vpuip-feasible-allocation is not between 0 and the target's cmx_size (2048)}}
  func.func @too_many_bytes(%in: memref<1000xf16>) -> memref<1000xf16> {
    return %in : memref<1000xf16>
  }
}
