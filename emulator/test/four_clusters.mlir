// Four NCE clusters on VPUX30XX: cluster c loads network input x<c> into its own CMX_NN[c] (all
// at the same offsets), max-pools it on its NCE<c> list (7x7, stride 1, padding 3, one variant on
// DPU 0) and stores it to output y<c>. The run must be clean (the four CMX slices are distinct
// memories, so equal offsets do not alias), every cluster's result must be its own input's pool,
// and the four NCE tasks must run concurrently: each on its own executor, the later ones only
// held up by the single DMA port's loads.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
// RUN: %python -c "import numpy as np; r = np.random.RandomState(3); np.savez('%t/in.npz', **{'x%%d' %% c: r.standard_normal((1, 16, 16, 16)).astype(np.float16) for c in range(4)})"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz --trace %t/trace.json | FileCheck %s
// RUN: %python %S/Inputs/maxpool_check.py %t/in.npz %t/out.npz 7 y0=x0 y1=x1 y2=x2 y3=x3
// RUN: %python %S/Inputs/overlap_check.py %t/trace.json pool0 pool1 pool2 pool3 | FileCheck %s --check-prefix=OVERLAP

// INFO: NCE0: 1 task
// INFO: NCE1: 1 task
// INFO: NCE2: 1 task
// INFO: NCE3: 1 task

// CHECK:      ran 12 tasks
// CHECK:      DMA0            8
// CHECK-NEXT: NCE0            1
// CHECK-NEXT: NCE1            1
// CHECK-NEXT: NCE2            1
// CHECK-NEXT: NCE3            1
// CHECK:      NCE0.DPU0           1
// CHECK-NEXT: NCE1.DPU0           1
// CHECK-NEXT: NCE2.DPU0           1
// CHECK-NEXT: NCE3.DPU0           1
// The roofline: 4 pools of 16x16x16 outputs x 49 MACs = 802816 MACs at 64 MACs x 5 DPUs x 4
// clusters per cycle = 627.2 cycles = 0.896 us; 4 x 8192 input and 4 x 8192 output bytes at 20 GB/s
// x 0.7 / 700 MHz = 20 bytes per cycle = 3276.8 cycles = 4.681 us, the bound; 4.681 / 9.120 us.
// CHECK-NEXT: roofline: 0.513 (lower bound 4.681 us / latency 9.120 us)
// CHECK-NEXT:   nce: 802816 MACs at 1280 MACs/cycle = 0.896 us
// CHECK-NEXT:   ddr: 65536 bytes (inputs 32768, outputs 32768, constants read 0) at 20.000 bytes/cycle = 4.681 us
// CHECK-NEXT: ddr traffic: 65536 bytes moved, 10.266 bytes/cycle on average (effective bandwidth 20.000)
// CHECK-NEXT: cmx peak: CMX_NN[0] 16384 bytes, CMX_NN[1] 16384 bytes, CMX_NN[2] 16384 bytes, CMX_NN[3] 16384 bytes
// CHECK-NEXT: barriers: 8 virtual on 8 physical
// CHECK-NEXT: ddr scratch dmas (spills and round trips): 0 CMX->DDR (0 bytes), 0 DDR->CMX (0 bytes)

// OVERLAP: pool0@NCE0 pool1@NCE1 pool2@NCE2 pool3@NCE3 overlap

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @four_clusters attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  func.func @main(%x0: memref<1x16x16x16xf16> {VPURT.name = "x0"}, %x1: memref<1x16x16x16xf16> {VPURT.name = "x1"}, %x2: memref<1x16x16x16xf16> {VPURT.name = "x2"}, %x3: memref<1x16x16x16xf16> {VPURT.name = "x3"},
                  %y0: memref<1x16x16x16xf16> {VPURT.name = "y0"}, %y1: memref<1x16x16x16xf16> {VPURT.name = "y1"}, %y2: memref<1x16x16x16xf16> {VPURT.name = "y2"}, %y3: memref<1x16x16x16xf16> {VPURT.name = "y3"}) -> (memref<1x16x16x16xf16>, memref<1x16x16x16xf16>, memref<1x16x16x16xf16>, memref<1x16x16x16xf16>) {
    %in0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x16x16x16xf16> loc("x0")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x16x16x16xf16> loc("y0")
    %a0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("x0_cmx")
    %p0 = VPURT.DeclareBuffer <CMX_NN> [0] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("y0_cmx")
    %in1 = VPURT.DeclareBuffer <NetworkInput> [1] <0> -> memref<1x16x16x16xf16> loc("x1")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x16x16x16xf16> loc("y1")
    %a1 = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("x1_cmx")
    %p1 = VPURT.DeclareBuffer <CMX_NN> [1] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("y1_cmx")
    %in2 = VPURT.DeclareBuffer <NetworkInput> [2] <0> -> memref<1x16x16x16xf16> loc("x2")
    %out2 = VPURT.DeclareBuffer <NetworkOutput> [2] <0> -> memref<1x16x16x16xf16> loc("y2")
    %a2 = VPURT.DeclareBuffer <CMX_NN> [2] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>> loc("x2_cmx")
    %p2 = VPURT.DeclareBuffer <CMX_NN> [2] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>> loc("y2_cmx")
    %in3 = VPURT.DeclareBuffer <NetworkInput> [3] <0> -> memref<1x16x16x16xf16> loc("x3")
    %out3 = VPURT.DeclareBuffer <NetworkOutput> [3] <0> -> memref<1x16x16x16xf16> loc("y3")
    %a3 = VPURT.DeclareBuffer <CMX_NN> [3] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> loc("x3_cmx")
    %p3 = VPURT.DeclareBuffer <CMX_NN> [3] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> loc("y3_cmx")
    %bl0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %bp0 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %bl1 = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
    %bp1 = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
    %bl2 = VPURT.ConfigureBarrier<4> -> !VPURT.Barrier
    %bp2 = VPURT.ConfigureBarrier<5> -> !VPURT.Barrier
    %bl3 = VPURT.ConfigureBarrier<6> -> !VPURT.Barrier
    %bp3 = VPURT.ConfigureBarrier<7> -> !VPURT.Barrier
    VPURT.Task updates(%bl0) {
      %r = VPUIP.NNDMA inputs(%in0 : memref<1x16x16x16xf16>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("x0/load")
    VPURT.Task updates(%bl1) {
      %r = VPUIP.NNDMA inputs(%in1 : memref<1x16x16x16xf16>) outputs(%a1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    } loc("x1/load")
    VPURT.Task updates(%bl2) {
      %r = VPUIP.NNDMA inputs(%in2 : memref<1x16x16x16xf16>) outputs(%a2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>
    } loc("x2/load")
    VPURT.Task updates(%bl3) {
      %r = VPUIP.NNDMA inputs(%in3 : memref<1x16x16x16xf16>) outputs(%a3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>
    } loc("x3/load")
    VPURT.Task waits(%bl0) updates(%bp0) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 3, 3, 3, 3>}
          input(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          outputs(%p0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
      }
    } loc("pool0")
    VPURT.Task waits(%bl1) updates(%bp1) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 3, 3, 3, 3>}
          input(%a1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
          outputs(%p1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
      }
    } loc("pool1")
    VPURT.Task waits(%bl2) updates(%bp2) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 3, 3, 3, 3>}
          input(%a2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>)
          outputs(%p2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
      }
    } loc("pool2")
    VPURT.Task waits(%bl3) updates(%bp3) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 7, 7>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 3, 3, 3, 3>}
          input(%a3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>)
          outputs(%p3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [15, 15, 15] pad [3, 3, 3, 3] dpu 0 mpe VECTOR
      }
    } loc("pool3")
    VPURT.Task waits(%bp0) {
      %r = VPUIP.NNDMA inputs(%p0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y0/store")
    VPURT.Task waits(%bp1) {
      %r = VPUIP.NNDMA inputs(%p1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out1 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y1/store")
    VPURT.Task waits(%bp2) {
      %r = VPUIP.NNDMA inputs(%p2 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>) outputs(%out2 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y2/store")
    VPURT.Task waits(%bp3) {
      %r = VPUIP.NNDMA inputs(%p3 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) outputs(%out3 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y3/store")
    return %y0, %y1, %y2, %y3 : memref<1x16x16x16xf16>, memref<1x16x16x16xf16>, memref<1x16x16x16xf16>, memref<1x16x16x16xf16>
  }
}
