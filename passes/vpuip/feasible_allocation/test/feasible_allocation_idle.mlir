// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{prefetch-lookahead=1 prefetch-idle-lookahead=8 summary=true check-dependencies=true}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{prefetch-lookahead=1 prefetch-idle-lookahead=8 compare-idle-prefetch=false}))' | FileCheck %s --check-prefix=FORCED
// More candidates: each lookahead with and without idle prefetching, the first lowest kept.
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{prefetch-lookahead=1 prefetch-idle-lookahead=8 extra-prefetch-lookaheads=2,1 summary=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: kept lookahead 1 idle of the list-scheduled estimates (cycles) lookahead 1 2988, lookahead 1 idle 2959, lookahead 2 2988, lookahead 2 idle 2959{{$}}
// EXTRA: kept lookahead 1 of the list-scheduled estimates (cycles) lookahead 1 2959, lookahead 1 idle 2988, lookahead 2 2959, lookahead 2 idle 2988{{$}}
// The estimate cuts each 8 KiB DMA in two parts of 4 KiB (as vpuc-vpuip-split-dmas with
// max-bytes=4096 would), each paying the DMA latency (150 cycles on VPUX37XX).
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-on-diagnostic=false --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{prefetch-lookahead=1 prefetch-idle-lookahead=8 dma-part-bytes=4096 summary=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARTS
// PARTS: kept lookahead 1 idle of the list-scheduled estimates (cycles) lookahead 1 3584, lookahead 1 idle 3555{{$}}
// PARTS: kept lookahead 1 of the list-scheduled estimates (cycles) lookahead 1 3555, lookahead 1 idle 3584{{$}}

// compare-idle-prefetch: the schedule with idle prefetching is kept only when
// its list-scheduled estimate is lower than the one without (the remark lists
// the estimates). Both functions:
// a pool on the first input, a pool on its result (written to DDR), and a
// pool on a second input, all on cluster 0, with one DMA port and CMX for
// three of the 8 KiB buffers. With prefetch-lookahead=1 the second input is
// loaded only once the pool before its own is scheduled; with
// prefetch-idle-lookahead it is loaded while the DMA port idles during the
// first pool.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A long first pool (7x7). Without idle prefetching the second input goes to
// the first input's address and its load waits for that pool; with it, the
// load runs during the pool, into the free third slot: kept.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 24576, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
func.func @kept(%in0: memref<1x16x16x16xf16, #NHWC>, %in2: memref<1x16x16x16xf16, #NHWC>, %out1: memref<1x16x16x16xf16, #NHWC>, %out2: memref<1x16x16x16xf16, #NHWC>) -> (memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>) {
  // expected-remark @-1 {{kept lookahead 1 idle of the list-scheduled estimates (cycles) lookahead 1 2988, lookahead 1 idle 2959}}
  // CHECK-LABEL: func.func @kept
  // CHECK-DAG: %[[A2:.+]] = VPUIP.StaticAlloc<16384>
  // CHECK: VPUIP.NNDMA {tag = "in0"}
  // CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool0"
  // CHECK: VPUIP.NNDMA {tag = "in2"} inputs(%arg1 : {{.*}}) outputs(%[[A2]] :
  // CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool1"
  %a0 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r0 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a2 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r2 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {tag = "in0"} inputs(%in0 : memref<1x16x16x16xf16, #NHWC>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool0"}
      input(%0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, tag = "pool1"}
      input(%1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %3 = VPUIP.NNDMA {tag = "out1"} inputs(%2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  %4 = VPUIP.NNDMA {tag = "in2"} inputs(%in2 : memref<1x16x16x16xf16, #NHWC>) outputs(%a2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, tag = "pool2"}
      input(%4 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %6 = VPUIP.NNDMA {tag = "out2"} inputs(%5 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  return %3, %6 : memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>
}
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A long last pool (7x7). With idle prefetching the second input takes the
// free third slot, the second pool's result the first input's address, and
// the last pool's result that address again: the long last pool waits for
// the DMA writing out the second pool's result. Without, the last pool
// writes to the first pool's result's address, free once the second pool
// has read it: dropped (and kept when the comparison is off, FORCED).
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 24576, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
func.func @dropped(%in0: memref<1x16x16x16xf16, #NHWC>, %in2: memref<1x16x16x16xf16, #NHWC>, %out1: memref<1x16x16x16xf16, #NHWC>, %out2: memref<1x16x16x16xf16, #NHWC>) -> (memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>) {
  // expected-remark @-1 {{kept lookahead 1 of the list-scheduled estimates (cycles) lookahead 1 2959, lookahead 1 idle 2988}}
  // CHECK-LABEL: func.func @dropped
  // CHECK: VPUIP.NNDMA {tag = "in0"}
  // CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool0"
  // CHECK: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool1"
  // CHECK: VPUIP.NNDMA {tag = "out1"}
  // CHECK-NEXT: VPUIP.NNDMA {tag = "in2"}
  // CHECK-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool2"
  // FORCED-LABEL: func.func @dropped
  // FORCED: VPUIP.NNDMA {tag = "in0"}
  // FORCED-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.*}}tag = "pool0"
  // FORCED: VPUIP.NNDMA {tag = "in2"}
  %a0 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r0 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a2 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r2 = memref.alloc() : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA {tag = "in0"} inputs(%in0 : memref<1x16x16x16xf16, #NHWC>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, tag = "pool0"}
      input(%0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, tag = "pool1"}
      input(%1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %3 = VPUIP.NNDMA {tag = "out1"} inputs(%2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  %4 = VPUIP.NNDMA {tag = "in2"} inputs(%in2 : memref<1x16x16x16xf16, #NHWC>) outputs(%a2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 3, 3, 3, 3>, tag = "pool2"}
      input(%4 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
  }
  %6 = VPUIP.NNDMA {tag = "out2"} inputs(%5 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1x16x16x16xf16, #NHWC>) -> memref<1x16x16x16xf16, #NHWC>
  return %3, %6 : memref<1x16x16x16xf16, #NHWC>, memref<1x16x16x16xf16, #NHWC>
}
}
