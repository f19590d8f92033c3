// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule{summary=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule{window=1}))' | FileCheck %s --check-prefix=WINDOW1
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule{summary=true compare-tie-breaks=false}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONGEST
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule{compare-tie-breaks=false}))' | FileCheck %s

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Two pieces on two clusters, one DMA port (the VPUX30XX cost model). The DMA
// out of piece 0 waits for the pool on cluster 0 and, in program order, holds
// up the DMA in of piece 1 on the DMA port: the pools run one after the
// other. List-scheduled, the DMA in of piece 1 goes first and the pools
// overlap.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 2, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
// REMARK: remark: 6 task(s), 4 moved; estimated makespan 8912 cycles in program order, 5066 cycles list-scheduled (longest paths first on ties)
// LONGEST: remark: 6 task(s), 4 moved; estimated makespan 8912 cycles in program order, 5066 cycles list-scheduled (longest paths first on ties)
// CHECK-LABEL: func.func @two_clusters
func.func @two_clusters(%in0: memref<1x16x16x16xf16, #NHWC>, %in1: memref<1x16x16x16xf16, #NHWC>, %out0: memref<1x16x16x16xf16, #NHWC>, %out1: memref<1x16x16x16xf16, #NHWC>) -> (memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>) {
  // The allocations stay in front.
  // CHECK-COUNT-4: VPUIP.StaticAlloc
  // CHECK-NEXT: %[[I0:.+]] = VPUIP.NNDMA {tag = "in0"}
  // CHECK-NEXT: VPUIP.NNDMA {tag = "in1"}
  // CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool0"
  // CHECK: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool1"
  // CHECK: VPUIP.NNDMA {tag = "out0"}
  // CHECK-NEXT: VPUIP.NNDMA {tag = "out1"}
  // CHECK-NEXT: return
  // WINDOW1-LABEL: func.func @two_clusters
  // WINDOW1: tag = "in0"
  // WINDOW1: tag = "pool0"
  // WINDOW1: tag = "out0"
  // WINDOW1: tag = "in1"
  // WINDOW1: tag = "pool1"
  // WINDOW1: tag = "out1"
  %a0 = VPUIP.StaticAlloc<0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r0 = VPUIP.StaticAlloc<8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a1 = VPUIP.StaticAlloc<0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %r1 = VPUIP.StaticAlloc<8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %0 = VPUIP.NNDMA {tag = "in0"} inputs(%in0 : memref<1x16x16x16xf16, #NHWC>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool0"}
      input(%0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NNDMA {tag = "out0"} inputs(%1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  %3 = VPUIP.NNDMA {tag = "in1"} inputs(%in1 : memref<1x16x16x16xf16, #NHWC>) outputs(%a1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %4 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool1"}
      input(%3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%r1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %5 = VPUIP.NNDMA {tag = "out1"} inputs(%4 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out1 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  return %2, %5 : memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>
}
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The same, but piece 1 reuses the CMX bytes of piece 0 (both on cluster 0):
// the DMA in of piece 1 overwrites the result the DMA out of piece 0 reads,
// so the conflicting tasks keep their order and nothing moves.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 2, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
// REMARK: remark: 6 task(s), 0 moved; estimated makespan 8912 cycles in program order, 8912 cycles list-scheduled
// CHECK-LABEL: func.func @reused_cmx
func.func @reused_cmx(%in0: memref<1x16x16x16xf16, #NHWC>, %in1: memref<1x16x16x16xf16, #NHWC>, %out0: memref<1x16x16x16xf16, #NHWC>, %out1: memref<1x16x16x16xf16, #NHWC>) -> (memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>) {
  // CHECK: tag = "in0"
  // CHECK: tag = "pool0"
  // CHECK: tag = "out0"
  // CHECK: tag = "in1"
  // CHECK: tag = "pool1"
  // CHECK: tag = "out1"
  %a0 = VPUIP.StaticAlloc<0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r0 = VPUIP.StaticAlloc<8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a1 = VPUIP.StaticAlloc<8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.StaticAlloc<0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {tag = "in0"} inputs(%in0 : memref<1x16x16x16xf16, #NHWC>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool0"}
      input(%0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NNDMA {tag = "out0"} inputs(%1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  %3 = VPUIP.NNDMA {tag = "in1"} inputs(%in1 : memref<1x16x16x16xf16, #NHWC>) outputs(%a1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool1"}
      input(%3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %5 = VPUIP.NNDMA {tag = "out1"} inputs(%4 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  return %2, %5 : memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>
}
}

// -----

// Views of task results move with their users. The DMA on port 1 does not
// wait for anything and moves ahead of the store, which waits for the load
// on port 0; the view the store reads stays between the load and the store,
// the reshape the return uses goes after the tasks. (All three move bytes
// through DDR, which they take one after the other in the estimate.)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 1, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
// REMARK: remark: 3 task(s), 3 moved; estimated makespan 14738 cycles in program order, 14738 cycles list-scheduled
// CHECK-LABEL: func.func @views
func.func @views(%in: memref<8192xf16>, %big: memref<65536xf16>, %out: memref<4096xf16>, %out2: memref<65536xf16>) -> (memref<4096xf16>, memref<65536xf16>) {
  // CHECK: %[[A:.+]] = VPUIP.StaticAlloc<0>
  // CHECK-NEXT: %[[BIG:.+]] = VPUIP.NNDMA {port = 1 : i64, tag = "big"}
  // CHECK-NEXT: %[[LOAD:.+]] = VPUIP.NNDMA {tag = "load"}
  // CHECK-NEXT: %[[V:.+]] = VPUIP.SubView %[[LOAD]] [4096] [4096]
  // CHECK-NEXT: %[[STORE:.+]] = VPUIP.NNDMA {tag = "store"} inputs(%[[V]] :
  // CHECK-NEXT: %[[R:.+]] = VPUIP.GenericReshape %[[BIG]]
  // CHECK-NEXT: return %[[STORE]], %[[R]]
  %a = VPUIP.StaticAlloc<0> -> memref<8192xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {tag = "load"} inputs(%in : memref<8192xf16>) outputs(%a : memref<8192xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8192xf16, #VPUIP.mem<CMX_NN[0]>>
  %v = VPUIP.SubView %0 [4096] [4096] : memref<8192xf16, #VPUIP.mem<CMX_NN[0]>> to memref<4096xf16, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA {tag = "store"} inputs(%v : memref<4096xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<4096xf16>) -> memref<4096xf16>
  %2 = VPUIP.NNDMA {port = 1 : i64, tag = "big"} inputs(%big : memref<65536xf16>) outputs(%out2 : memref<65536xf16>) -> memref<65536xf16>
  %r = VPUIP.GenericReshape %2 : memref<65536xf16> to memref<65536xf16>
  return %1, %r : memref<4096xf16>, memref<65536xf16>
}
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// One DMA port. Two parts of a prefetch that nothing waits for come first in
// program order; the input of the pool, which the output DMA waits for, comes
// after them. All three could start at once: on that tie the task with the
// longest estimated path to the end goes first, so the input and the pool run
// before the parts of the prefetch instead of after them.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 1, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
// REMARK: remark: 5 task(s), 4 moved; estimated makespan 5676 cycles in program order, 4456 cycles list-scheduled
// CHECK-LABEL: func.func @urgent_before_prefetch
// CHECK:      VPUIP.NNDMA {tag = "in"}
// CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool"
// CHECK:      VPUIP.NNDMA {tag = "pre0"}
// CHECK-NEXT: VPUIP.NNDMA {tag = "pre1"}
// CHECK-NEXT: VPUIP.NNDMA {tag = "out"}
// WINDOW1-LABEL: func.func @urgent_before_prefetch
// WINDOW1: tag = "pre0"
// WINDOW1: tag = "pre1"
// WINDOW1: tag = "in"
// WINDOW1: tag = "pool"
// WINDOW1: tag = "out"
func.func @urgent_before_prefetch(%in: memref<1x16x16x16xf16, #NHWC>, %w0: memref<1x16x16x16xf16, #NHWC>, %w1: memref<1x16x16x16xf16, #NHWC>, %out: memref<1x16x16x16xf16, #NHWC>) -> (memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %a = VPUIP.StaticAlloc<0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r = VPUIP.StaticAlloc<8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b0 = VPUIP.StaticAlloc<16384> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b1 = VPUIP.StaticAlloc<24576> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p0 = VPUIP.NNDMA {tag = "pre0"} inputs(%w0 : memref<1x16x16x16xf16, #NHWC>) outputs(%b0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p1 = VPUIP.NNDMA {tag = "pre1"} inputs(%w1 : memref<1x16x16x16xf16, #NHWC>) outputs(%b1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {tag = "in"} inputs(%in : memref<1x16x16x16xf16, #NHWC>) outputs(%a : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool"}
      input(%0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NNDMA {tag = "out"} inputs(%1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  return %2, %p0, %p1 : memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
}

// -----

// Two loads of 64 KiB from DDR on the two ports of VPUX37XX, which nothing
// orders: the ports would each take 150 + 65536 / 15.38 = 4410 cycles, but
// the DDR moves 15.58 bytes a cycle (27 GB/s derated by 0.75 at 1300 MHz)
// for both, so the estimate ends when 128 KiB have gone through it: the
// second load starts when the first one's 4208 cycles of DDR are over.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
// REMARK: remark: 2 task(s), 0 moved; estimated makespan 8618 cycles in program order, 8618 cycles list-scheduled
// CHECK-LABEL: func.func @shared_ddr
func.func @shared_ddr(%x0: memref<32768xf16>, %x1: memref<32768xf16>) -> (memref<32768xf16, #VPUIP.mem<CMX_NN[0]>>, memref<32768xf16, #VPUIP.mem<CMX_NN[1]>>) {
  %a = VPUIP.StaticAlloc<0> -> memref<32768xf16, #VPUIP.mem<CMX_NN[0]>>
  %b = VPUIP.StaticAlloc<0> -> memref<32768xf16, #VPUIP.mem<CMX_NN[1]>>
  %0 = VPUIP.NNDMA inputs(%x0 : memref<32768xf16>) outputs(%a : memref<32768xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<32768xf16, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%x1 : memref<32768xf16>) outputs(%b : memref<32768xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<32768xf16, #VPUIP.mem<CMX_NN[1]>>
  return %0, %1 : memref<32768xf16, #VPUIP.mem<CMX_NN[0]>>, memref<32768xf16, #VPUIP.mem<CMX_NN[1]>>
}
}
