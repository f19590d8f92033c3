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

// D is a network output; a DDR-to-DDR copy.
// CHECK-LABEL: func.func @output_and_ddr
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @output_and_ddr(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> (memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16>) {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // The network output argument as D.
  %3 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y1 = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16>) outputs(%y1 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // DDR -> DDR -> read.
  %e = memref.alloc() : memref<1x16x4x4xf16>
  %5 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%e : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  return %4, %5 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16>
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

// -----

// Split over H: D's rows 2-3 come from DDR (a DMA from an input), not
// from CMX: the fill of rows 1-3 keeps reading D.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @ddr_part_written_from_ddr
// CHECK-COUNT-4: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @ddr_part_written_from_ddr(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 1, 0] [1, 16, 3, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x3x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x3x4xf16, #NHWC>) outputs(%y0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %f0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Two DMAs write the same rows of D: nothing is rewritten.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @overlapping_writers
// CHECK-COUNT-6: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @overlapping_writers(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v2 = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s2 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v2 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x2x4xf16, #NHWC>) outputs(%y0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %f0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// The DMA writing rows 2-3 of D comes after the fill reading rows 1-3.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @written_after_fill
// CHECK-COUNT-5: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @written_after_fill(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %r0 = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 3, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x3x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x3x4xf16, #NHWC>) outputs(%y0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  return %f0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// The CMX buffer of cluster 1 is written again after its DMA to D: the
// fill of rows 1-3 keeps reading D.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @source_written_after_spill
// CHECK-COUNT-6: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @source_written_after_spill(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %w = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 1, 0] [1, 16, 3, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x3x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x3x4xf16, #NHWC>) outputs(%y0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %f0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// A software kernel reads D too: the fills read the CMX results, D and the
// DMAs writing it stay.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @sw_reader {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
// CHECK-LABEL: func.func @sw_kernel_reader
// CHECK: %[[X0:.+]] = VPUIP.NNDMA inputs(%arg0
// CHECK: %[[X1:.+]] = VPUIP.NNDMA inputs(%arg1
// CHECK: VPUIP.NNDMA inputs(%[[X0]] : {{.+}}) outputs(%{{.+}} : memref<1x16x2x4xf16, #map>)
// CHECK: VPUIP.NNDMA inputs(%[[X1]] : {{.+}}) outputs(%{{.+}} : memref<1x16x2x4xf16, #map>)
// CHECK: %[[J:.+]] = VPUIP.ConcatView
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[J]]
// CHECK-NOT: VPUIP.NNDMA
// CHECK: return %[[X0]], %[[X1]],
func.func @sw_kernel_reader(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> (memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x4x4xf16, #NHWC>) {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x2x4xf16, #NHWC>) outputs(%y0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.SubView %j [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %y1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %f1 = VPUIP.NNDMA inputs(%r1 : memref<1x16x2x4xf16, #NHWC>) outputs(%y1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %k = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %o = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%j : memref<1x16x4x4xf16, #NHWC>) outputs(%k : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  ^bb0(%a: memref<1x16x4x4xf16, #NHWC>, %b: memref<1x16x4x4xf16, #NHWC>):
    VPUIP.SW.Kernel.run(%a, %b) : memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>
  }
  return %f0, %f1, %o : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x4x4xf16, #NHWC>
}
}

// -----

// D is also copied to the network output: the fills read the CMX results, D
// and the DMAs writing it stay.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @output_reader
// CHECK: %[[X0:.+]] = VPUIP.NNDMA inputs(%arg0
// CHECK: %[[X1:.+]] = VPUIP.NNDMA inputs(%arg1
// CHECK: VPUIP.NNDMA inputs(%[[X0]] : {{.+}}) outputs(%{{.+}} : memref<1x16x2x4xf16, #map>)
// CHECK: VPUIP.NNDMA inputs(%[[X1]] : {{.+}}) outputs(%{{.+}} : memref<1x16x2x4xf16, #map>)
// CHECK: %[[J:.+]] = VPUIP.ConcatView
// CHECK: %[[O:.+]] = VPUIP.NNDMA inputs(%[[J]] : {{.+}}) outputs(%arg2
// CHECK-NOT: VPUIP.NNDMA
// CHECK: return %[[X0]], %[[X1]], %[[O]]
func.func @output_reader(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> (memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x4x4xf16, #NHWC>) {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x2x4xf16, #NHWC>) outputs(%y0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.SubView %j [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %y1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %f1 = VPUIP.NNDMA inputs(%r1 : memref<1x16x2x4xf16, #NHWC>) outputs(%y1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %o = VPUIP.NNDMA inputs(%j : memref<1x16x4x4xf16, #NHWC>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %f0, %f1, %o : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x4x4xf16, #NHWC>
}

// -----

// The fill of cluster 0 would copy from its own CMX buffer of 256 bytes into
// its 384-byte target, more than the 512 bytes of CMX of this target: the
// fill keeps reading D.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @small_cmx attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 512, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @cmx_too_small
// CHECK-COUNT-5: VPUIP.NNDMA
// CHECK-NOT: VPUIP.NNDMA
func.func @cmx_too_small(%in0: memref<1x16x2x4xf16, #NHWC>, %in1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %x0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x2x4xf16, #NHWC>) outputs(%x0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %p1 = VPUIP.NNDMA inputs(%in1 : memref<1x16x2x4xf16, #NHWC>) outputs(%x1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %v0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s0 = VPUIP.NNDMA inputs(%p0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%v0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %v1 = VPUIP.SubView %d [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %s1 = VPUIP.NNDMA inputs(%p1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%v1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %j = VPUIP.ConcatView inputs(%s0, %s1 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%d : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r0 = VPUIP.SubView %j [0, 0, 1, 0] [1, 16, 3, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x3x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f0 = VPUIP.NNDMA inputs(%r0 : memref<1x16x3x4xf16, #NHWC>) outputs(%y0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %f0 : memref<1x16x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
}
