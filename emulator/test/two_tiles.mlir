// Two tiles on VPUX37XX, each with its own DMA port, NCE cluster and ACT SHAVE: tile t loads
// network input x<t> on DMA port t into CMX_NN[t], max-pools it on NCE<t> (7x7, stride 1,
// padding 3), applies a ReLU on its ACT SHAVE (ACT<t>.0) in the same CMX and stores the result to
// y<t> on port t. The run must be clean, each result its own input's, and the two tiles' tasks of
// each step must run at the same time on their own executors. The two loads (and the two stores)
// share the DDR: each takes 0.924 us where one alone takes 0.525 us (150 cycles of latency, then
// 8192 bytes at a port's 15.4 bytes/cycle; together the ports get 15.6 bytes/cycle of DDR).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: %python -c "import numpy as np; r = np.random.RandomState(5); np.savez('%t/in.npz', x0=r.standard_normal((1, 16, 16, 16)).astype(np.float16), x1=r.standard_normal((1, 16, 16, 16)).astype(np.float16))"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz --trace %t/trace.json --profile=1 | FileCheck %s
// RUN: not vpuc run %t/a.blob --inputs %t/in.npz --profile=0 2>&1 | FileCheck %s --check-prefix=BAD-PROFILE
// RUN: %python %S/Inputs/maxpool_check.py %t/in.npz %t/out.npz 7 relu:y0=x0 relu:y1=x1
// RUN: %python %S/Inputs/overlap_check.py %t/trace.json x0/load x1/load | FileCheck %s --check-prefix=LOAD
// RUN: %python %S/Inputs/overlap_check.py %t/trace.json pool0 pool1 | FileCheck %s --check-prefix=POOL
// RUN: %python %S/Inputs/overlap_check.py %t/trace.json relu0 relu1 | FileCheck %s --check-prefix=RELU
// RUN: %python %S/Inputs/overlap_check.py %t/trace.json y0/store y1/store | FileCheck %s --check-prefix=STORE

// CHECK:      ran 8 tasks
// CHECK:      DMA0            2
// CHECK-NEXT: DMA1            2
// CHECK-NEXT: NCE0            1
// CHECK-NEXT: NCE1            1
// CHECK-NEXT: ACT0.0          1
// CHECK-NEXT: ACT1.0          1
// CHECK:      NCE0.DPU0           1
// CHECK-NEXT: NCE1.DPU0           1
// CHECK:      cmx peak: CMX_NN[0] 24576 bytes, CMX_NN[1] 24576 bytes
// The profile: the busiest layer of each executor kind (ties in name order).
// CHECK:      profile: the 1 layers with the largest busy time per executor kind
// CHECK-NEXT: DMA: 4 tasks, busy 3.698 us
// CHECK-NEXT:        busy_us   share  tasks  layer
// CHECK-NEXT:          0.924   25.0%      1  x0/load
// CHECK-NEXT: NCE: 2 tasks, busy 0.394 us
// CHECK-NEXT:        busy_us   share  tasks  layer
// CHECK-NEXT:          0.197   50.0%      1  pool0
// CHECK-NEXT: ACT: 2 tasks, busy 0.855 us
// CHECK-NEXT:        busy_us   share  tasks  layer
// CHECK-NEXT:          0.428   50.0%      1  relu0
// CHECK-NOT:  {{.}}

// BAD-PROFILE: vpuc run: error: --profile takes a positive number of layers, not '0'

// LOAD: x0/load@DMA0 x1/load@DMA1 overlap
// POOL: pool0@NCE0 pool1@NCE1 overlap
// RELU: relu0@ACT0.0 relu1@ACT1.0 overlap
// STORE: y0/store@DMA0 y1/store@DMA1 overlap

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @two_tiles attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]

  func.func @main(%x0: memref<1x16x16x16xf16> {VPURT.name = "x0"}, %x1: memref<1x16x16x16xf16> {VPURT.name = "x1"},
                  %y0: memref<1x16x16x16xf16> {VPURT.name = "y0"}, %y1: memref<1x16x16x16xf16> {VPURT.name = "y1"}) -> (memref<1x16x16x16xf16>, memref<1x16x16x16xf16>) {
    %in0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x16x16x16xf16> loc("x0")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x16x16x16xf16> loc("y0")
    %a0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("x0_cmx")
    %p0 = VPURT.DeclareBuffer <CMX_NN> [0] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("pool0_cmx")
    %q0 = VPURT.DeclareBuffer <CMX_NN> [0] <16384> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("relu0_cmx")
    %in1 = VPURT.DeclareBuffer <NetworkInput> [1] <0> -> memref<1x16x16x16xf16> loc("x1")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x16x16x16xf16> loc("y1")
    %a1 = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("x1_cmx")
    %p1 = VPURT.DeclareBuffer <CMX_NN> [1] <8192> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("pool1_cmx")
    %q1 = VPURT.DeclareBuffer <CMX_NN> [1] <16384> -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("relu1_cmx")
    %bl0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %bp0 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %br0 = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
    %bl1 = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
    %bp1 = VPURT.ConfigureBarrier<4> -> !VPURT.Barrier
    %br1 = VPURT.ConfigureBarrier<5> -> !VPURT.Barrier
    VPURT.Task updates(%bl0) {
      %r = VPUIP.NNDMA inputs(%in0 : memref<1x16x16x16xf16>) outputs(%a0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("x0/load")
    VPURT.Task updates(%bl1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%in1 : memref<1x16x16x16xf16>) outputs(%a1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    } loc("x1/load")
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
    VPURT.Task waits(%bp0) updates(%br0) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%p0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%q0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%arg0: memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %arg1: memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
      }
    } loc("relu0")
    VPURT.Task waits(%bp1) updates(%br1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%p1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%q1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> {
      ^bb0(%arg0: memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %arg1: memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
      }
    } loc("relu1")
    VPURT.Task waits(%br0) {
      %r = VPUIP.NNDMA inputs(%q0 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y0/store")
    VPURT.Task waits(%br1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%q1 : memref<1x16x16x16xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out1 : memref<1x16x16x16xf16>) -> memref<1x16x16x16xf16>
    } loc("y1/store")
    return %y0, %y1 : memref<1x16x16x16xf16>, memref<1x16x16x16xf16>
  }
}
