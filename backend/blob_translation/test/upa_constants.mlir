// UPA layers and constants on VPUX30XX: constant buffers laid out in the constant section, a DMA
// and a UPA layer ordered by a barrier. Export, import, re-export byte for byte, and a run on the
// emulator against NumPy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %s --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/c.blob
// RUN: cmp %t/a.blob %t/c.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
//
// y = clamp(x + bias, 0, 3.5); s = softmax(x) along axis 1; w = relu(weights).
// RUN: %python -c "import numpy as np; x = np.linspace(-2, 2, 8, dtype=np.float32).reshape(2, 4).astype(np.float16); f = x.astype(np.float32); bias = np.array([[1, 2, 3, 4], [-1, -2, -3, -4]], np.float32); e = np.exp(f - f.max(1, keepdims=True)); w = np.array([-1, 2, 3, -4, 5, -6, 7, 8], np.float32).reshape(1, 2, 2, 2); np.savez('%t/in.npz', x=x); np.savez('%t/ref.npz', y=np.clip(f + bias, 0, 3.5).astype(np.float16), s=(e / e.sum(1, keepdims=True)).astype(np.float16), w=np.maximum(w, 0).astype(np.float16))"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz | FileCheck %s --check-prefix=EMU
// RUN: vpuc compare %t/out.npz %t/ref.npz --tolerance=0.9999 | FileCheck %s --check-prefix=COMPARE

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @upa_constants attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
    func.func private @clamp(memref<*xf16>, memref<*xf16>, f32, f32) attributes {VPUIP.kernel_entry = "clamp"}
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @main(%x: memref<2x4xf16> {VPURT.name = "x"}, %y: memref<2x4xf16> {VPURT.name = "y"},
                  %s: memref<2x4xf16> {VPURT.name = "s"}, %w: memref<1x2x2x2xf16> {VPURT.name = "w"})
      -> (memref<2x4xf16>, memref<2x4xf16>, memref<1x2x2x2xf16>) {
    %bias = const.Declare memref<2x4xf16> = #const.Content<dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0]]> : tensor<2x4xf32>, [#const.ConvertElemType<f16>]> loc("bias")
    %unused = const.Declare memref<4xf16> = #const.Content<dense<9.0> : tensor<4xf16>> loc("unused")
    %weights = const.Declare memref<1x2x2x2xf16, #NHWC> = #const.Content<dense<[[[[-1.0, 2.0], [3.0, -4.0]], [[5.0, -6.0], [7.0, 8.0]]]]> : tensor<1x2x2x2xf16>, [#const.Reorder<#NHWC>]> loc("weights")
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x4xf16> loc("x")
    %sum = VPURT.DeclareBuffer <DDR> <0> -> memref<2x4xf16> loc("sum")
    %wt = VPURT.DeclareBuffer <DDR> <64> -> memref<1x2x2x2xf16> loc("weights_nchw")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<2x4xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<2x4xf16> loc("s")
    %out2 = VPURT.DeclareBuffer <NetworkOutput> [2] <0> -> memref<1x2x2x2xf16> loc("w")
    %b0 = VPURT.ConfigureBarrier<5> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%weights : memref<1x2x2x2xf16, #NHWC>) outputs(%wt : memref<1x2x2x2xf16>) -> memref<1x2x2x2xf16>
    } loc("weights/to_nchw")
    VPURT.Task {
      %r = VPUIP.UPA.SW @VPU.SW::@add inputs(%in, %bias : memref<2x4xf16>, memref<2x4xf16>) outputs(%sum : memref<2x4xf16>) -> memref<2x4xf16>
    } loc("add")
    VPURT.Task {
      %r = VPUIP.UPA.SW @VPU.SW::@clamp inputs(%sum : memref<2x4xf16>) outputs(%out0 : memref<2x4xf16>) params [0.0 : f32, 3.5 : f32] {max_shaves = 4 : i64} -> memref<2x4xf16>
    } loc("clamp")
    VPURT.Task {
      %r = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%in : memref<2x4xf16>) outputs(%out1 : memref<2x4xf16>) params [1 : i32] -> memref<2x4xf16>
    } loc("softmax")
    VPURT.Task waits(%b0) {
      %r = VPUIP.UPA.SW @VPU.SW::@relu inputs(%wt : memref<1x2x2x2xf16>) outputs(%out2 : memref<1x2x2x2xf16>) -> memref<1x2x2x2xf16>
    } loc("relu")
    return %y, %s, %w : memref<2x4xf16>, memref<2x4xf16>, memref<1x2x2x2xf16>
  }
}

// UPA layers name their kernel and carry their scalars; the reader declares the kernels from the
// operands and the parameter tables. The DDR heap size comes from the buffers.
// CHECK-DAG:  #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK:      module @upa_constants attributes {{{.+}}, VPURT.section_sizes = {DDR = 80 : i64}} {
// CHECK-NEXT:   module @VPU.SW {
// CHECK-NEXT:     func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
// CHECK-NEXT:     func.func private @clamp(memref<*xf16>, memref<*xf16>, f32, f32) attributes {VPUIP.kernel_entry = "clamp"}
// CHECK-NEXT:     func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
// CHECK-NEXT:     func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
// CHECK-NEXT:   }
// Constants come back as const.Declare buffers over dense_resource blobs of their bytes.
// CHECK:        %[[BIAS:.+]] = const.Declare memref<2x4xf16> = #const.Content<dense_resource<bias> : tensor<2x4xf16>>
// CHECK-NEXT:   %[[W:.+]] = const.Declare memref<1x2x2x2xf16, #[[$NHWC]]> = #const.Content<dense_resource<weights> : tensor<1x2x2x2xf16, #[[$NHWC]]>>
// CHECK-NEXT:   %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x4xf16>
// CHECK-NEXT:   %[[SUM:.+]] = VPURT.DeclareBuffer <DDR> <0> -> memref<2x4xf16>
// CHECK-NEXT:   %[[WT:.+]] = VPURT.DeclareBuffer <DDR> <64> -> memref<1x2x2x2xf16>
// CHECK-NEXT:   %[[Y:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0>
// CHECK-NEXT:   %[[S:.+]] = VPURT.DeclareBuffer <NetworkOutput> [1] <0>
// CHECK-NEXT:   %[[WO:.+]] = VPURT.DeclareBuffer <NetworkOutput> [2] <0>
// CHECK-NEXT:   %[[B0:.+]] = VPURT.ConfigureBarrier<5> {consumer_count = 1 : i64, producer_count = 1 : i64}
// CHECK-NEXT:   VPURT.Task updates(%[[B0]]) {
// CHECK-NEXT:     VPUIP.NNDMA inputs(%[[W]] : memref<1x2x2x2xf16, #[[$NHWC]]>) outputs(%[[WT]] : memref<1x2x2x2xf16>)
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task {
// CHECK-NEXT:     VPUIP.UPA.SW @VPU.SW::@add inputs(%[[IN]], %[[BIAS]] : memref<2x4xf16>, memref<2x4xf16>) outputs(%[[SUM]] : memref<2x4xf16>) {max_shaves = 16 : i64}
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task {
// CHECK-NEXT:     VPUIP.UPA.SW @VPU.SW::@clamp inputs(%[[SUM]] : memref<2x4xf16>) outputs(%[[Y]] : memref<2x4xf16>) params [0.000000e+00 : f32, 3.500000e+00 : f32] {max_shaves = 4 : i64}
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task {
// CHECK-NEXT:     VPUIP.UPA.SW @VPU.SW::@softmax inputs(%[[IN]] : memref<2x4xf16>) outputs(%[[S]] : memref<2x4xf16>) params [1 : i32] {max_shaves = 16 : i64}
// CHECK-NEXT:   }
// CHECK-NEXT:   VPURT.Task waits(%[[B0]]) {
// CHECK-NEXT:     VPUIP.UPA.SW @VPU.SW::@relu inputs(%[[WT]] : memref<1x2x2x2xf16>) outputs(%[[WO]] : memref<1x2x2x2xf16>)
// CHECK:      bias: "0x08000000003C00400042004400BC00C000C200C4"

// The constants at multiples of 64 bytes, in the order they are declared; the unused one is left
// out.
// INFO:      resources: 4 clusters, 16 SHAVEs, 1 DMA port, 32 barriers, DDR scratch 80 bytes
// INFO:      constants: 80 bytes
// INFO:        DMA0: 1 task
// INFO-NEXT:     0 'weights/to_nchw' wait [] update [0]: DMA tensor 1 'weights' CONSTANT@64 f16 1x2x2x2 NHWC (16 bytes) -> tensor 4 'weights_nchw' DDR_SCRATCH@64 f16 1x2x2x2 NCHW (16 bytes)
// INFO-NEXT:   UPA0: 4 tasks
// INFO-NEXT:     0 'add' wait [] update []: UPALayer 'add' on 16 SHAVEs
// INFO-NEXT:         in  tensor 2 'x' NETWORK_INPUT[0]@0 f16 2x4 NC (16 bytes)
// INFO-NEXT:         in  tensor 0 'bias' CONSTANT@0 f16 2x4 NC (16 bytes)

// EMU: ran 5 tasks
// COMPARE-DAG: y 2x4 {{.+}} ok
// COMPARE-DAG: s 2x4 {{.+}} ok
// COMPARE-DAG: w 1x2x2x2 {{.+}} ok
