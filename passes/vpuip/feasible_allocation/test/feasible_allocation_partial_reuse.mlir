// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=2048 check-dependencies=true}))' | FileCheck %s

// The last task using %x reads only its second half (bytes 1000-2000); %w
// then takes %x's place at offset 0, so the scheduler orders its DMA after
// that task, which shares no byte with it: the dependency check accepts the
// reuse of the allocation's addresses.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @partial_read_then_reuse
// CHECK-DAG: %[[X:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG: %[[W:.+]] = VPUIP.StaticAlloc<0> -> memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.NNDMA inputs(%arg0 : memref<1000xf16>) outputs(%[[X]] :
// CHECK: %[[V:.+]] = VPUIP.SubView %[[X]] [500] [500]
// CHECK: VPUIP.NNDMA inputs(%[[V]] : {{.+}}) outputs(%arg2 :
// CHECK: VPUIP.NNDMA inputs(%arg1 : memref<500xf16>) outputs(%[[W]] :
func.func @partial_read_then_reuse(%in: memref<1000xf16>, %in2: memref<500xf16>, %out: memref<500xf16>, %out2: memref<500xf16>) -> (memref<500xf16>, memref<500xf16>) {
  %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
  %v = VPUIP.SubView %0 [500] [500] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%v : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<500xf16>) -> memref<500xf16>
  %w = memref.alloc() : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%in2 : memref<500xf16>) outputs(%w : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%2 : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<500xf16>) -> memref<500xf16>
  return %1, %3 : memref<500xf16>, memref<500xf16>
}
}
