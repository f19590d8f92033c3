// A DMA-only network: export, determinism, import, re-export byte for byte, and a run on the
// emulator against NumPy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %s --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: FileCheck %s --check-prefix=LOC --input-file %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/c.blob
// RUN: cmp %t/a.blob %t/c.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
//
// y = x through CMX in NHWC; c1 = channel 1 of x, read through a strided view of the CMX copy.
// RUN: %python -c "import numpy as np; x = np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4).astype(np.float16) / 8; np.savez('%t/in.npz', x=x); np.savez('%t/ref.npz', y=x, c1=x[:, 1:2])"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz | FileCheck %s --check-prefix=EMU
// RUN: vpuc compare %t/out.npz %t/ref.npz --tolerance=1 | FileCheck %s --check-prefix=COMPARE

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @dma_network attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @main(%x: memref<1x2x3x4xf16> {VPURT.name = "x"},
                  %y: memref<1x2x3x4xf16> {VPURT.name = "y"},
                  %c1: memref<1x1x3x4xf16> {VPURT.name = "c1"}) -> (memref<1x2x3x4xf16>, memref<1x1x3x4xf16>) {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x3x4xf16> loc("x")
    %cmx = VPURT.DeclareBuffer <CMX_NN> [0] <1024> -> memref<1x2x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("x_nhwc")
    %view = VPURT.DeclareBuffer <CMX_NN> [0] <1026> -> memref<1x1x3x4xf16, strided<[24, 1, 8, 2]>, #VPUIP.mem<CMX_NN[0]>> loc("x_nhwc_c1")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x2x3x4xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x1x3x4xf16> loc("c1")
    %b0 = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<1x2x3x4xf16>) outputs(%cmx : memref<1x2x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x2x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/to_nhwc")
    VPURT.Task waits(%b0) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%cmx : memref<1x2x3x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x2x3x4xf16>) -> memref<1x2x3x4xf16>
    } loc("y/store")
    VPURT.Task waits(%b0) {
      %r = VPUIP.NNDMA inputs(%view : memref<1x1x3x4xf16, strided<[24, 1, 8, 2]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1x1x3x4xf16>) -> memref<1x1x3x4xf16>
    } loc("c1/store")
    return %y, %c1 : memref<1x2x3x4xf16>, memref<1x1x3x4xf16>
  }
}

// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK:      module @dma_network attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>, VPURT.section_sizes = {DDR = 0 : i64}} {
// CHECK-NOT:  VPU.SW
// CHECK:      func.func @main(%[[X:.+]]: memref<1x2x3x4xf16> {VPURT.name = "x"}, %[[Y:.+]]: memref<1x2x3x4xf16> {VPURT.name = "y"}, %[[C1:.+]]: memref<1x1x3x4xf16> {VPURT.name = "c1"}) -> (memref<1x2x3x4xf16>, memref<1x1x3x4xf16>) {
// CHECK-NEXT:   %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x3x4xf16>
// CHECK-NEXT:   %[[CMX:.+]] = VPURT.DeclareBuffer <CMX_NN> [0] <1024> -> memref<1x2x3x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT:   %[[VIEW:.+]] = VPURT.DeclareBuffer <CMX_NN> [0] <1026> -> memref<1x1x3x4xf16, strided<[24, 1, 8, 2]>, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT:   %[[OUT0:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x2x3x4xf16>
// CHECK-NEXT:   %[[OUT1:.+]] = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x1x3x4xf16>
// CHECK-NEXT:   %[[B0:.+]] = VPURT.ConfigureBarrier<3> {consumer_count = 2 : i64, producer_count = 1 : i64} -> !VPURT.Barrier
// CHECK-NEXT:   VPURT.Task updates(%[[B0]]) {
// CHECK-NEXT:     VPUIP.NNDMA inputs(%[[IN]] : memref<1x2x3x4xf16>) outputs(%[[CMX]] : {{.+}})
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task waits(%[[B0]]) {
// CHECK-NEXT:     VPUIP.NNDMA inputs(%[[VIEW]] : {{.+}}) outputs(%[[OUT1]] : memref<1x1x3x4xf16>)
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task waits(%[[B0]]) {
// CHECK-NEXT:     VPUIP.NNDMA {port = 1 : i64} inputs(%[[CMX]] : {{.+}}) outputs(%[[OUT0]] : memref<1x2x3x4xf16>)
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[Y]], %[[C1]] : memref<1x2x3x4xf16>, memref<1x1x3x4xf16>

// Names: buffers and tasks carry their blob names as NameLocs.
// LOC: VPURT.DeclareBuffer <CMX_NN> [0] <1024> {{.+}} loc(#[[XNHWC:loc[0-9]*]])
// LOC: VPURT.Task updates
// LOC-NEXT: VPUIP.NNDMA {{.+}} loc(#[[TONHWC:loc[0-9]*]])
// LOC-NEXT: } loc(#[[TONHWC]])
// LOC-DAG: #[[XNHWC]] = loc("x_nhwc")
// LOC-DAG: #[[TONHWC]] = loc("x/to_nhwc")

// INFO:      network: dma_network
// INFO-NEXT: generator: vpuc (VPURT blob writer)
// INFO:      inputs: 1
// INFO-NEXT:   0 'x': f16 1x2x3x4 NCHW (48 bytes)
// INFO-NEXT: outputs: 2
// INFO-NEXT:   0 'y': f16 1x2x3x4 NCHW (48 bytes)
// INFO-NEXT:   1 'c1': f16 1x1x3x4 NCHW (24 bytes)
// INFO:      barriers: 1 virtual on 1 physical
// INFO:        DMA0: 2 tasks
// INFO-NEXT:     0 'x/to_nhwc' wait [] update [0]: DMA tensor 0 'x' NETWORK_INPUT[0]@0 f16 1x2x3x4 NCHW (48 bytes) -> tensor 1 'x_nhwc' CMX_NN[0]@1024 f16 1x2x3x4 NHWC (48 bytes)
// INFO-NEXT:     1 'c1/store' wait [0] update []: DMA tensor 2 'x_nhwc_c1' CMX_NN[0]@1026 f16 1x1x3x4 NHWC strides [384, 16, 128, 32] bits (46 bytes) -> tensor 4 'c1' NETWORK_OUTPUT[1]@0 f16 1x1x3x4 NCHW (24 bytes)
// INFO-NEXT:   DMA1: 1 task
// INFO-NEXT:     0 'y/store' wait [0] update []: DMA tensor 1 'x_nhwc'

// EMU: ran 3 tasks
// COMPARE-DAG: y 1x2x3x4 1.0000000 1.0000000 0 {{.+}} ok
// COMPARE-DAG: c1 1x1x3x4 1.0000000 1.0000000 0 {{.+}} ok
