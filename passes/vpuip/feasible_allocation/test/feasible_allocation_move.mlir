// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=480 summary=true check-dependencies=true move-to-fit=true}))' | FileCheck %s
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=480}))' | FileCheck %s --check-prefix=SPILL

// 480 bytes of CMX: %k1 at 0 and %k2 at 160; once %k1 dies, 320 bytes are
// free in two holes, and %big needs them in one. Without moves %k2 goes to
// DDR and back; with move-to-fit it moves within CMX (160 -> 320, one
// CMX -> CMX DMA), %big takes [0, 320), and the later readers of %k2 read it
// where it moved. The schedule with the move has the lower estimate, so it is
// kept.
// CHECK-LABEL: func.func @move
// CHECK-NOT: memref.alloc
// CHECK: %[[K1:.+]] = VPUIP.StaticAlloc<0> -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[K2:.+]] = VPUIP.StaticAlloc<160> -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[MOVED:.+]] = VPUIP.StaticAlloc<320> -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[BIG:.+]] = VPUIP.StaticAlloc<0> -> memref<160xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.NNDMA inputs(%arg0 : memref<80xf16>) outputs(%[[K1]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[K1]] : {{.*}}) outputs(%[[K2]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[K2]] : {{.*}}) outputs(%[[MOVED]] :
// CHECK: VPUIP.SubView %[[BIG]] [0] [80]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[MOVED]] : {{.*}}) outputs(
// CHECK: VPUIP.SubView %[[BIG]] [80] [80]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[MOVED]] : {{.*}}) outputs(
// CHECK: VPUIP.NNDMA inputs(%[[BIG]] : {{.*}}) outputs(%arg1 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[MOVED]] : {{.*}}) outputs(%arg2 :
// SPILL-LABEL: func.func @move
// SPILL: %[[SLOT:.+]] = memref.alloc() : memref<80xf16>
// SPILL: VPUIP.NNDMA inputs(%{{.+}} : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[SLOT]] : memref<80xf16>)
// SPILL-NEXT: VPUIP.NNDMA inputs(%[[SLOT]] : memref<80xf16>) outputs(
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{6 task(s), 7 step(s); 0 spill write(s) (0 bytes), 0 spill read(s), 0 reload(s) (0 bytes), 0 prefetched, 0 shared (0 bytes), 1 move(s) (160 bytes)}}
  func.func @move(%in: memref<80xf16>, %out: memref<160xf16>, %out2: memref<80xf16>) -> (memref<160xf16>, memref<80xf16>) {
    %k1 = memref.alloc() : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<80xf16>) outputs(%k1 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %k2 = memref.alloc() : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%k2 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %big = memref.alloc() : memref<160xf16, #VPUIP.mem<CMX_NN[0]>>
    %b0 = VPUIP.SubView %big [0] [80] : memref<160xf16, #VPUIP.mem<CMX_NN[0]>> to memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b0 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.SubView %big [80] [80] : memref<160xf16, #VPUIP.mem<CMX_NN[0]>> to memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.NNDMA inputs(%1 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b1 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<80xf16, #VPUIP.mem<CMX_NN[0]>>
    %cat = VPUIP.ConcatView inputs(%2, %3 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>, memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%big : memref<160xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<160xf16, #VPUIP.mem<CMX_NN[0]>>
    %4 = VPUIP.NNDMA inputs(%cat : memref<160xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<160xf16>) -> memref<160xf16>
    %5 = VPUIP.NNDMA inputs(%1 : memref<80xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<80xf16>) -> memref<80xf16>
    return %4, %5 : memref<160xf16>, memref<80xf16>
  }
}
