// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=4096 summary=true check-dependencies=true}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{cmx-bytes=4096 prefetch-lookahead=0}))' 2>&1 | FileCheck %s --check-prefix=JIT

// 4096 bytes of CMX: %a (written by a DMA, so an activation) must leave CMX
// while %y and %z are used, so it is spilled to a new DDR buffer and read
// back into a new instance, which its last user reads.
// CHECK-LABEL: func.func @spill
// CHECK: %[[SPILL:.+]] = memref.alloc() : memref<1000xf16>
// CHECK-NEXT: %[[X:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[A:.+]] = VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[Y:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[Z:.+]] = VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[A2:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.NNDMA inputs(%arg0 : memref<1000xf16>) outputs(%[[X]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[X]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[SPILL]] : memref<1000xf16>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%arg0 : memref<1000xf16>) outputs(%[[Y]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[Y]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Z]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[Z]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1 : memref<1000xf16>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[SPILL]] : memref<1000xf16>) outputs(%[[A2]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A2]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg2 : memref<1000xf16>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{6 task(s), 8 step(s); 1 spill write(s) (2000 bytes), 1 spill read(s), 0 reload(s) (0 bytes)}}
  func.func @spill(%in: memref<1000xf16>, %out1: memref<1000xf16>, %out2: memref<1000xf16>) -> (memref<1000xf16>, memref<1000xf16>) {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %y = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%y : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %z = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%z : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %4 = VPUIP.NNDMA inputs(%3 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1000xf16>) -> memref<1000xf16>
    %5 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1000xf16>) -> memref<1000xf16>
    return %4, %5 : memref<1000xf16>, memref<1000xf16>
  }
}

// -----

// A loaded constant is not spilled but loaded again (a clone of its DMA)
// when it is needed after an eviction.
// CHECK-LABEL: func.func @reload
// CHECK-NOT: memref.alloc
// CHECK: %[[CST:.+]] = const.Declare
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[CST]] : memref<1000xf16>) outputs
// CHECK: VPUIP.NNDMA inputs(%[[CST]] : memref<1000xf16>) outputs(%[[W2:.+]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W2]] : {{.+}}) outputs(%arg2
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{0 spill write(s) (0 bytes), 0 spill read(s), 1 reload(s) (2000 bytes)}}
  func.func @reload(%in: memref<1000xf16>, %out1: memref<1000xf16>, %out2: memref<1000xf16>) -> (memref<1000xf16>, memref<1000xf16>) {
    %cst = const.Declare memref<1000xf16> = #const.Content<dense<1.0> : tensor<1000xf16>>
    %w = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%cst : memref<1000xf16>) outputs(%w : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1000xf16>) -> memref<1000xf16>
    %y = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%y : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %z = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%z : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %4 = VPUIP.NNDMA inputs(%3 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1000xf16>) -> memref<1000xf16>
    %5 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1000xf16>) -> memref<1000xf16>
    return %4, %5 : memref<1000xf16>, memref<1000xf16>
  }
}

// -----

// Prefetch: with lookahead 1, the load of %b is placed while %a is still
// live (after the task using %a, but not over its bytes), so it need not
// wait for that task; just in time (lookahead 0), it reuses the bytes of %a.
// CHECK-LABEL: func.func @prefetch
// CHECK-DAG: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG: %[[B:.+]] = VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1 : memref<1000xf16>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[B]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg2 : memref<1000xf16>)
// JIT-LABEL: func.func @prefetch
// JIT: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// JIT-NEXT: %[[B:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// JIT-NOT: StaticAlloc
// JIT: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
// JIT-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1 : memref<1000xf16>)
// JIT-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[B]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{1 prefetched}}
  func.func @prefetch(%in: memref<1000xf16>, %out1: memref<1000xf16>, %out2: memref<1000xf16>) -> (memref<1000xf16>, memref<1000xf16>) {
    %cst0 = const.Declare memref<1000xf16> = #const.Content<dense<1.0> : tensor<1000xf16>>
    %cst1 = const.Declare memref<1000xf16> = #const.Content<dense<2.0> : tensor<1000xf16>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%cst0 : memref<1000xf16>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%cst1 : memref<1000xf16>) outputs(%b : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1000xf16>) -> memref<1000xf16>
    %3 = VPUIP.NNDMA inputs(%1 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1000xf16>) -> memref<1000xf16>
    return %2, %3 : memref<1000xf16>, memref<1000xf16>
  }
}

// -----

// A concatenation %a whose first half is written before it must leave CMX and whose second
// half is written after it comes back: the spill copies only the written half (the other half
// holds no data yet, and a copy of it would read memory no task wrote), and reads it back.
// CHECK-LABEL: func.func @partial_spill
// CHECK: %[[SPILL:.+]] = memref.alloc() : memref<1000xf16>
// CHECK-NEXT: VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[A:.+]] = VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: VPUIP.StaticAlloc<2000> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[A2:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[S:.+]] = VPUIP.SubView %[[SPILL]] [0] [500]
// CHECK-NEXT: %[[P:.+]] = VPUIP.SubView %[[A]] [0] [500]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[P]] : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[S]] : memref<500xf16>)
// CHECK: %[[S2:.+]] = VPUIP.SubView %[[SPILL]] [0] [500]
// CHECK-NEXT: %[[P2:.+]] = VPUIP.SubView %[[A2]] [0] [500]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[S2]] : memref<500xf16>) outputs(%[[P2]] : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>)
// CHECK: VPUIP.NNDMA inputs(%[[A2]] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg2 : memref<1000xf16>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{7 task(s), 9 step(s); 1 spill write(s) (2000 bytes), 1 spill read(s), 0 reload(s) (0 bytes)}}
  func.func @partial_spill(%in: memref<1000xf16>, %out1: memref<1000xf16>, %out2: memref<1000xf16>) -> (memref<1000xf16>, memref<1000xf16>) {
    %x = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%x : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %a = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %x0 = VPUIP.SubView %0 [0] [500] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
    %a0 = VPUIP.SubView %a [0] [500] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%x0 : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a0 : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
    %y = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%y : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %z = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%z : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %4 = VPUIP.NNDMA inputs(%3 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1000xf16>) -> memref<1000xf16>
    %i1 = VPUIP.SubView %in [500] [500] : memref<1000xf16> to memref<500xf16>
    %a1 = VPUIP.SubView %a [500] [500] : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> to memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
    %6 = VPUIP.NNDMA inputs(%i1 : memref<500xf16>) outputs(%a1 : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<500xf16, #VPUIP.mem<CMX_NN[0]>>
    %cat = VPUIP.ConcatView inputs(%1, %6 : memref<500xf16, #VPUIP.mem<CMX_NN[0]>>, memref<500xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %5 = VPUIP.NNDMA inputs(%cat : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1000xf16>) -> memref<1000xf16>
    return %4, %5 : memref<1000xf16>, memref<1000xf16>
  }
}
