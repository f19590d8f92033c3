// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation --split-input-file | FileCheck %s

// A chain: %a is dead once %b is written, so %c reuses its memory.
// CHECK: module attributes {VPURT.section_sizes = {DDR = 4048 : i64}}
// CHECK-LABEL: func.func @chain
func.func @chain(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
  // CHECK: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16>
  %a = memref.alloc() : memref<1000xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16>
  // CHECK: %[[B:.+]] = VPUIP.StaticAlloc<2048> -> memref<1000xf16>
  %b = memref.alloc() : memref<1000xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16>
  // CHECK: %[[C:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16>
  %c = memref.alloc() : memref<1000xf16>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16>) outputs(%c : memref<1000xf16>) -> memref<1000xf16>
  // CHECK-NOT: memref.alloc
  // CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[C]] : memref<1000xf16>)
  %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  return %3 : memref<1000xf16>
}

// -----

// A view used late keeps its buffer live; so does a result used through a ConcatView.
// CHECK: module attributes {VPURT.section_sizes = {DDR = 384 : i64}}
// CHECK-LABEL: func.func @views
func.func @views(%in: memref<64xf16>, %out: memref<32xf16>) -> memref<32xf16> {
  // CHECK: VPUIP.StaticAlloc<0> -> memref<64xf16>
  %a = memref.alloc() : memref<64xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  %v = VPUIP.SubView %a [32] [32] : memref<64xf16> to memref<32xf16>
  // CHECK: VPUIP.StaticAlloc<128> -> memref<64xf16>
  %b = memref.alloc() : memref<64xf16>
  %lo = VPUIP.SubView %b [0] [32] : memref<64xf16> to memref<32xf16>
  %hi = VPUIP.SubView %b [32] [32] : memref<64xf16> to memref<32xf16>
  %1 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  // The inputs of the concat are views of %d.
  // CHECK: VPUIP.StaticAlloc<256> -> memref<64xf16>
  %d = memref.alloc() : memref<64xf16>
  %d0 = VPUIP.SubView %d [0] [32] : memref<64xf16> to memref<32xf16>
  %d1 = VPUIP.SubView %d [32] [32] : memref<64xf16> to memref<32xf16>
  %2 = VPUIP.NNDMA inputs(%lo : memref<32xf16>) outputs(%d0 : memref<32xf16>) -> memref<32xf16>
  %3 = VPUIP.NNDMA inputs(%hi : memref<32xf16>) outputs(%d1 : memref<32xf16>) -> memref<32xf16>
  %cat = VPUIP.ConcatView inputs(%2, %3 : memref<32xf16>, memref<32xf16>) outputs(%d : memref<64xf16>) -> memref<64xf16>
  // %e is live with %a (read below through %v) and %d (read through %cat), not with %b.
  // CHECK: VPUIP.StaticAlloc<128> -> memref<32xf16>
  %e = memref.alloc() : memref<32xf16>
  %4 = VPUIP.NNDMA inputs(%v : memref<32xf16>) outputs(%e : memref<32xf16>) -> memref<32xf16>
  %5 = VPUIP.NNDMA inputs(%cat : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  %6 = VPUIP.NNDMA inputs(%4 : memref<32xf16>) outputs(%out : memref<32xf16>) -> memref<32xf16>
  return %6 : memref<32xf16>
}

// -----

// Alignment: the target's ddr_alignment, an alloc's own alignment, and the option.
// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="alignment=512" --split-input-file | FileCheck %s --check-prefix=ALIGN
// CHECK-LABEL: func.func @alignment
// ALIGN-LABEL: func.func @alignment
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 256, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @alignment(%in: memref<10xf16>, %out: memref<10xf16>) -> memref<10xf16> {
    // CHECK: VPUIP.StaticAlloc<0> -> memref<10xf16>
    // ALIGN: VPUIP.StaticAlloc<0> -> memref<10xf16>
    %a = memref.alloc() : memref<10xf16>
    // CHECK: VPUIP.StaticAlloc<256> -> memref<10xf16>
    // ALIGN: VPUIP.StaticAlloc<512> -> memref<10xf16>
    %b = memref.alloc() : memref<10xf16>
    // CHECK: VPUIP.StaticAlloc<1024> -> memref<10xf16>
    // ALIGN: VPUIP.StaticAlloc<1024> -> memref<10xf16>
    %c = memref.alloc() {alignment = 1024 : i64} : memref<10xf16>
    %0 = VPUIP.NNDMA inputs(%in : memref<10xf16>) outputs(%a : memref<10xf16>) -> memref<10xf16>
    %1 = VPUIP.NNDMA inputs(%in : memref<10xf16>) outputs(%b : memref<10xf16>) -> memref<10xf16>
    %2 = VPUIP.NNDMA inputs(%in : memref<10xf16>) outputs(%c : memref<10xf16>) -> memref<10xf16>
    %3 = VPUIP.NNDMA inputs(%0 : memref<10xf16>) outputs(%out : memref<10xf16>) -> memref<10xf16>
    %4 = VPUIP.NNDMA inputs(%1 : memref<10xf16>) outputs(%out : memref<10xf16>) -> memref<10xf16>
    %5 = VPUIP.NNDMA inputs(%2 : memref<10xf16>) outputs(%out : memref<10xf16>) -> memref<10xf16>
    return %out : memref<10xf16>
  }
}

// -----

// Static allocations already there stay and are avoided while live; CMX allocations are left
// alone; deallocations go; other section sizes are kept.
// CHECK: module attributes {VPURT.section_sizes = {Constant = 16 : i64, DDR = 256 : i64}}
// CHECK-LABEL: func.func @mixed
module attributes {VPURT.section_sizes = {Constant = 16 : i64}} {
  func.func @mixed(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
    // CHECK: %[[FIXED:.+]] = VPUIP.StaticAlloc<0> -> memref<64xf16, #VPUIP.mem<DDR>>
    %fixed = VPUIP.StaticAlloc<0> -> memref<64xf16, #VPUIP.mem<DDR>>
    // CHECK: VPUIP.StaticAlloc<128> -> memref<64xf16, #VPUIP.mem<DDR>>
    %a = memref.alloc() : memref<64xf16, #VPUIP.mem<DDR>>
    // CHECK: memref.alloc() : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
    %cmx = memref.alloc() : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%fixed : memref<64xf16, #VPUIP.mem<DDR>>) -> memref<64xf16, #VPUIP.mem<DDR>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<64xf16, #VPUIP.mem<DDR>>) outputs(%a : memref<64xf16, #VPUIP.mem<DDR>>) -> memref<64xf16, #VPUIP.mem<DDR>>
    %2 = VPUIP.NNDMA inputs(%1 : memref<64xf16, #VPUIP.mem<DDR>>) outputs(%cmx : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
    // CHECK-NOT: memref.dealloc %{{.+}} : memref<64xf16, #VPUIP.mem<DDR>>
    memref.dealloc %a : memref<64xf16, #VPUIP.mem<DDR>>
    // %fixed is read again here, so %b cannot take its place; %a is dead.
    // CHECK: VPUIP.StaticAlloc<128> -> memref<64xf16>
    %b = memref.alloc() : memref<64xf16>
    %3 = VPUIP.NNDMA inputs(%fixed : memref<64xf16, #VPUIP.mem<DDR>>) outputs(%b : memref<64xf16>) -> memref<64xf16>
    %4 = VPUIP.NNDMA inputs(%3 : memref<64xf16>) outputs(%out : memref<64xf16>) -> memref<64xf16>
    // CHECK: memref.dealloc %{{.+}} : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
    memref.dealloc %cmx : memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
    return %4 : memref<64xf16>
  }
}

// -----

// Every function is allocated on its own; the heap is the largest. An unused buffer is placed too.
// CHECK: module attributes {VPURT.section_sizes = {DDR = 2000 : i64}}
// CHECK-LABEL: func.func @small
func.func @small(%in: memref<8xf16>) -> memref<8xf16> {
  // CHECK: VPUIP.StaticAlloc<0> -> memref<8xf16>
  %a = memref.alloc() : memref<8xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
  return %0 : memref<8xf16>
}
// CHECK-LABEL: func.func @large
func.func @large() {
  // CHECK: VPUIP.StaticAlloc<0> -> memref<1000xf16>
  %unused = memref.alloc() : memref<1000xf16>
  return
}
// CHECK-LABEL: func.func private @declaration
func.func private @declaration(memref<8xf16>)
