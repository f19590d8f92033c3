// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file | FileCheck %s

// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @alloc_and_dma
func.func @alloc_and_dma(%in: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> {
  // CHECK: %[[BUF:.+]] = VPUIP.StaticAlloc<1024> -> memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[1]>>
  %buf = VPUIP.StaticAlloc<1024> -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16>) outputs(%[[BUF]] : memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[1]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>)
                   outputs(%buf : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
                   -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // CHECK: VPUIP.NNDMA {port = 1 : i64} inputs(
  %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%in : memref<1x16x4x4xf16>)
                   outputs(%buf : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
                   -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  return %1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A broadcast DMA: the same bytes at offset 1024 of the CMX of clusters 0 and 1.
// CHECK-LABEL: func.func @broadcast_dma
func.func @broadcast_dma(%in: memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %b0 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b1 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // CHECK: VPUIP.NNDMA inputs(%{{.+}} : memref<16x16x1x1xf16, #[[$NHWC]]>) outputs(%{{.+}} : memref<16x16x1x1xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>) broadcast(%{{.+}} : memref<16x16x1x1xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<16x16x1x1xf16, #NHWC>)
                   outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
                   broadcast(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
                   -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @copy_ddr_spellings
func.func @copy_ddr_spellings(%in: memref<2x3xf32>, %out: memref<2x3xf32, #VPUIP.mem<DDR>>) -> memref<2x3xf32, #VPUIP.mem<DDR>> {
  // CHECK: VPUIP.Copy inputs(%{{.+}} : memref<2x3xf32>) outputs(%{{.+}} : memref<2x3xf32, #VPUIP.mem<DDR>>) -> memref<2x3xf32, #VPUIP.mem<DDR>>
  %0 = VPUIP.Copy inputs(%in : memref<2x3xf32>) outputs(%out : memref<2x3xf32, #VPUIP.mem<DDR>>)
                  -> memref<2x3xf32, #VPUIP.mem<DDR>>
  return %0 : memref<2x3xf32, #VPUIP.mem<DDR>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @sub_views
func.func @sub_views(%src: memref<1x16x4x4xf16, #NHWC>, %plain: memref<1x16x4x4xf16>) {
  // Channels of NHWC: strided.
  // CHECK: VPUIP.SubView %{{.+}} [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #{{.+}}> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %0 = VPUIP.SubView %src [0, 8, 0, 0] [1, 8, 4, 4]
      : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  // Rows of NHWC with batch 1: compact, keeps the order.
  // CHECK: VPUIP.SubView %{{.+}} [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #[[$NHWC]]> to memref<1x16x2x4xf16, #[[$NHWC]]>
  %1 = VPUIP.SubView %src [0, 0, 2, 0] [1, 16, 2, 4]
      : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  // Channels of NCHW with batch 1: compact.
  // CHECK: VPUIP.SubView %{{.+}} [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  %2 = VPUIP.SubView %plain [0, 8, 0, 0] [1, 8, 4, 4]
      : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  // A view of a view keeps the source's strides.
  // CHECK: VPUIP.SubView %{{.+}} [0, 0, 1, 1] [1, 8, 2, 2] : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>> to memref<1x8x2x2xf16, strided<[256, 1, 64, 16]>>
  %3 = VPUIP.SubView %0 [0, 0, 1, 1] [1, 8, 2, 2]
      : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>> to memref<1x8x2x2xf16, strided<[256, 1, 64, 16]>>
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @generic_reshape
func.func @generic_reshape(%x: memref<1x16x4x4xf16>, %y: memref<1x4x4x16xf16, #VPUIP.mem<CMX_NN[0]>>,
                           %z: memref<2x3xi8, #VPUIP.mem<DDR>>) {
  // Another shape, the same row-major bytes.
  // CHECK: VPUIP.GenericReshape %{{.+}} : memref<1x16x4x4xf16> to memref<1x256xf16>
  %0 = VPUIP.GenericReshape %x : memref<1x16x4x4xf16> to memref<1x256xf16>
  // Another order and rank, in CMX.
  // CHECK: VPUIP.GenericReshape %{{.+}} : memref<1x4x4x16xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.GenericReshape %y : memref<1x4x4x16xf16, #VPUIP.mem<CMX_NN[0]>>
      to memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // The two spellings of DDR are the same memory.
  // CHECK: VPUIP.GenericReshape %{{.+}} : memref<2x3xi8, #VPUIP.mem<DDR>> to memref<6xi8>
  %2 = VPUIP.GenericReshape %z : memref<2x3xi8, #VPUIP.mem<DDR>> to memref<6xi8>
  return
}

// -----

// CHECK-LABEL: func.func @concat_view
func.func @concat_view(%a: memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>,
                       %b: memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>,
                       %buf: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
  // CHECK: VPUIP.ConcatView inputs(%{{.+}}, %{{.+}} : memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>, memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>) outputs(%{{.+}} : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %0 = VPUIP.ConcatView inputs(%a, %b : memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>,
                                        memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>)
                        outputs(%buf : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  return %0 : memref<1x16x4x4xf16>
}

// -----

// The whole reference-SW picture: resources, kernel declarations, runtime, a kernel call.
// CHECK: module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  // CHECK: module @VPU.SW
  module @VPU.SW {
    // CHECK-NEXT: func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    // CHECK-NEXT: func.func private @mvn(memref<?x?xf16>, memref<?x?xf16>, i1, f32) attributes {VPUIP.kernel_entry = "mvn_fp16"}
    func.func private @mvn(memref<?x?xf16>, memref<?x?xf16>, i1, f32) attributes {VPUIP.kernel_entry = "mvn_fp16"}
    // CHECK-NEXT: func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  // CHECK: VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 8192]
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 8192]

  // CHECK-LABEL: func.func @kernels
  func.func @kernels(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>,
                     %cmx: memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x1000xf16> {
    // CHECK: %[[R:.+]] = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%{{.+}} : memref<1x1000xf16>) outputs(%{{.+}} : memref<1x1000xf16>) -> memref<1x1000xf16> {
    // CHECK-NEXT: ^bb0(%[[A0:.+]]: memref<1x1000xf16>, %[[A1:.+]]: memref<1x1000xf16>):
    // CHECK-NEXT:   VPUIP.SW.Kernel.run(%[[A0]], %[[A1]], 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    // CHECK-NEXT: }
    %0 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0
        inputs(%in : memref<1x1000xf16>) outputs(%out : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%a: memref<1x1000xf16>, %b: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%a, %b, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    // The run fixes the argument order; a CMX buffer on the kernel's tile.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@mvn on tile 1 inputs(%{{.+}} : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%{{.+}} : memref<1x1000xf16>) -> memref<1x1000xf16> {
    // CHECK-NEXT: ^bb0(%[[B0:.+]]: memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, %[[B1:.+]]: memref<1x1000xf16>):
    // CHECK-NEXT:   VPUIP.SW.Kernel.run(%[[B0]], %[[B1]], true, 9.99999974E-6 : f32) : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, memref<1x1000xf16>
    %1 = VPUIP.SW.Kernel @VPU.SW::@mvn on tile 1
        inputs(%cmx : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%0 : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%a: memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, %b: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%a, %b, true, 1.0e-05 : f32) : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, memref<1x1000xf16>
    }
    // SHAVE 1 of the tile; an explicit SHAVE 0 prints as well.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@mvn on tile 1 shave 1 inputs(%{{.+}} : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%{{.+}} : memref<1x1000xf16>) -> memref<1x1000xf16> {
    %2 = VPUIP.SW.Kernel @VPU.SW::@mvn on tile 1 shave 1
        inputs(%cmx : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%1 : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%a: memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, %b: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%a, %b, true, 1.0e-05 : f32) : memref<1x1000xf16, #VPUIP.mem<CMX_NN[1]>>, memref<1x1000xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 shave 0 inputs(
    %3 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 shave 0
        inputs(%2 : memref<1x1000xf16>) outputs(%out : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%a: memref<1x1000xf16>, %b: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%a, %b, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    return %3 : memref<1x1000xf16>
  }
}

// -----

// A kernel without inputs, with its buffer arguments in another order.
module {
  module @VPU.SW {
    func.func private @fill(memref<*xf32>, memref<*xf32>, f32) attributes {VPUIP.kernel_entry = "fill"}
  }
  // CHECK-LABEL: func.func @no_inputs
  func.func @no_inputs(%a: memref<4xf32>, %b: memref<4xf32>) {
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@fill on tile 0 outputs(%{{.+}}, %{{.+}} : memref<4xf32>, memref<4xf32>) -> memref<4xf32>, memref<4xf32> {
    // CHECK-NEXT: ^bb0(%[[X:.+]]: memref<4xf32>, %[[Y:.+]]: memref<4xf32>):
    // CHECK-NEXT:   VPUIP.SW.Kernel.run(%[[Y]], %[[X]], 2.000000e+00 : f32) : memref<4xf32>, memref<4xf32>
    %0:2 = VPUIP.SW.Kernel @VPU.SW::@fill on tile 0 outputs(%a, %b : memref<4xf32>, memref<4xf32>)
        -> memref<4xf32>, memref<4xf32> {
    ^bb0(%x: memref<4xf32>, %y: memref<4xf32>):
      VPUIP.SW.Kernel.run(%y, %x, 2.0 : f32) : memref<4xf32>, memref<4xf32>
    }
    return
  }
}

// -----

// VPUX30XX-class: the same kernels as UPA tasks with typed parameters; 5 DPUs per cluster.
// CHECK: module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", {{.*}}, max_consumers = 256, dpus = 5>}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256, dpus = 5>} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @upa
  func.func @upa(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>) -> memref<1x1000xf16> {
    // CHECK: VPUIP.UPA.SW @VPU.SW::@softmax inputs(%{{.+}} : memref<1x1000xf16>) outputs(%{{.+}} : memref<1x1000xf16>) params [1] {max_shaves = 4 : i64} -> memref<1x1000xf16>
    %0 = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%in : memref<1x1000xf16>) outputs(%out : memref<1x1000xf16>)
        params [1 : i64] {max_shaves = 4 : i64} -> memref<1x1000xf16>
    // CHECK: VPUIP.UPA.SW @VPU.SW::@relu inputs(%{{.+}} : memref<1x1000xf16>) outputs(%{{.+}} : memref<1x1000xf16>) -> memref<1x1000xf16>
    %1 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%0 : memref<1x1000xf16>) outputs(%out : memref<1x1000xf16>) -> memref<1x1000xf16>
    return %1 : memref<1x1000xf16>
  }
}
