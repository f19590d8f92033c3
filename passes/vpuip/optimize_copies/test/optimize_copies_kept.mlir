// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies --allow-unregistered-dialect | FileCheck %s

// The round trips the pass must keep: each function checks that its DMAs
// are all still there.

// X is written after the spill: the fill keeps the old value.
// CHECK-LABEL: func.func @source_written_later
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @source_written_later(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %2 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %1 : memref<1x16x4x4xf16>
}

// -----

// X is written after the spill through a view of its allocation.
// CHECK-LABEL: func.func @source_view_written_later
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @source_view_written_later(%in: memref<1x16x4x4xf16>, %part: memref<1x8x4x4xf16>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %v = VPUIP.SubView %x [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%part : memref<1x8x4x4xf16>) outputs(%v : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %3 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// D is also written by another DMA (into a view of it).
// CHECK-LABEL: func.func @ddr_written_twice
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @ddr_written_twice(%in: memref<1x16x4x4xf16>, %part: memref<1x8x4x4xf16>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %v = VPUIP.SubView %1 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  %2 = VPUIP.NNDMA inputs(%part : memref<1x8x4x4xf16>) outputs(%v : memref<1x8x4x4xf16>) -> memref<1x8x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %3 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Y is written after the fill: it cannot become X.
// CHECK-LABEL: func.func @target_written_later
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @target_written_later(%in: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%2 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %3 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Views: X is a view of a CMX buffer, D a view of a DDR buffer, the fill
// reads a view of D. None is a whole buffer.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @views
// CHECK-COUNT-7: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @views(%in: memref<1x16x4x4xf16>) -> (memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // X a view.
  %xv = VPUIP.SubView %0 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d0 = memref.alloc() : memref<1x8x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%xv : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d0 : memref<1x8x4x4xf16>) -> memref<1x8x4x4xf16>
  %y0 = memref.alloc() : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x8x4x4xf16>) outputs(%y0 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // D a view.
  %d1 = memref.alloc() : memref<1x32x4x4xf16>
  %d1v = VPUIP.SubView %d1 [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16> to memref<1x16x4x4xf16>
  %3 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d1v : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y1 = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16>) outputs(%y1 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %y1v = VPUIP.SubView %4 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // The fill reads a view of D.
  %d2 = memref.alloc() : memref<1x16x4x4xf16>
  %5 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d2 : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %d2v = VPUIP.SubView %5 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  %y2 = memref.alloc() : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %6 = VPUIP.NNDMA inputs(%d2v : memref<1x8x4x4xf16>) outputs(%y2 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %2, %y1v, %6 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Y has another layout than X; D is a network output; a DDR round trip.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @other_layout_output_and_ddr
// CHECK-COUNT-6: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @other_layout_output_and_ddr(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> (memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16>) {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // The network output argument as D.
  %3 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y1 = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16>) outputs(%y1 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // DDR -> DDR -> read.
  %e = memref.alloc() : memref<1x16x4x4xf16>
  %5 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%e : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  return %2, %4, %5 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16>
}

// -----

// An op writing memory the analysis cannot locate blocks every rewrite.
// CHECK-LABEL: func.func @unknown_writer
// CHECK-COUNT-3: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @unknown_writer(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %u = "test.buffer"() : () -> memref<1x16x4x4xf16>
  "test.write"(%u) : (memref<1x16x4x4xf16>) -> ()
  return %2 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}
