// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip | FileCheck %s
// Concatenation inputs written in place: a task producing an input writes into its part of the
// concatenation buffer; arguments, constants and views are copied in.

// Kernel outputs (UPA) and a reorder's copy write their parts; the argument is copied.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @upa
// CHECK-SAME: (%[[X:.+]]: memref<1x2x3x4xf16>, %[[Y:.+]]: memref<1x2x3x4xf16, #{{.+}}>)
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<1x8x3x4xf16>
// CHECK-NEXT: %[[P0:.+]] = VPUIP.SubView %[[BUF]] [0, 0, 0, 0] [1, 2, 3, 4] : memref<1x8x3x4xf16> to memref<1x2x3x4xf16>
// CHECK-NEXT: %[[R:.+]] = VPUIP.UPA.SW @VPU.SW::@relu inputs(%[[X]] : memref<1x2x3x4xf16>) outputs(%[[P0]] : memref<1x2x3x4xf16>)
// CHECK-NEXT: %[[P1:.+]] = VPUIP.SubView %[[BUF]] [0, 2, 0, 0] [1, 2, 3, 4] : memref<1x8x3x4xf16> to memref<1x2x3x4xf16>
// CHECK-NEXT: %[[O:.+]] = VPUIP.Copy inputs(%[[Y]] : memref<1x2x3x4xf16, #{{.+}}>) outputs(%[[P1]] : memref<1x2x3x4xf16>)
// CHECK-NEXT: %[[P2:.+]] = VPUIP.SubView %[[BUF]] [0, 4, 0, 0] [1, 2, 3, 4] : memref<1x8x3x4xf16> to memref<1x2x3x4xf16>
// CHECK-NEXT: %[[T:.+]] = VPUIP.UPA.SW @VPU.SW::@activation inputs(%[[R]] : memref<1x2x3x4xf16>) outputs(%[[P2]] : memref<1x2x3x4xf16>)
// CHECK-NEXT: %[[P3:.+]] = VPUIP.SubView %[[BUF]] [0, 6, 0, 0] [1, 2, 3, 4] : memref<1x8x3x4xf16> to memref<1x2x3x4xf16>
// CHECK-NEXT: %[[A:.+]] = VPUIP.Copy inputs(%[[X]] : memref<1x2x3x4xf16>) outputs(%[[P3]] : memref<1x2x3x4xf16>)
// CHECK-NEXT: %[[J:.+]] = VPUIP.ConcatView inputs(%[[R]], %[[O]], %[[T]], %[[A]] : {{.+}}) outputs(%[[BUF]] : memref<1x8x3x4xf16>)
// CHECK-NEXT: return %[[J]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @upa(%x: tensor<1x2x3x4xf16>, %y: tensor<1x2x3x4xf16, #NHWC>) -> tensor<1x8x3x4xf16> {
    %0 = VPU.SW.ReLU(%x) : tensor<1x2x3x4xf16> -> tensor<1x2x3x4xf16>
    %1 = VPU.SW.Reorder(%y) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>} : tensor<1x2x3x4xf16, #NHWC> -> tensor<1x2x3x4xf16>
    %2 = VPU.SW.Tanh(%0) : tensor<1x2x3x4xf16> -> tensor<1x2x3x4xf16>
    %3 = VPU.Concat(%0, %1, %2, %x) {axis = 1 : i64} : tensor<1x2x3x4xf16>, tensor<1x2x3x4xf16>, tensor<1x2x3x4xf16>, tensor<1x2x3x4xf16> -> tensor<1x8x3x4xf16>
    return %3 : tensor<1x8x3x4xf16>
  }
}

// -----

// ACT kernels: the body arguments of the producer and of its readers take the part's type.
// CHECK-LABEL: func.func @act
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<2x8xf16>
// CHECK-NEXT: %[[P0:.+]] = VPUIP.SubView %[[BUF]] [0, 0] [2, 4] : memref<2x8xf16> to memref<2x4xf16, strided<[8, 1]>>
// CHECK-NEXT: %[[R:.+]] = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%{{.+}} : memref<2x4xf16>) outputs(%[[P0]] : memref<2x4xf16, strided<[8, 1]>>)
// CHECK-NEXT: ^bb0(%{{.+}}: memref<2x4xf16>, %{{.+}}: memref<2x4xf16, strided<[8, 1]>>):
// CHECK: VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%[[R]] : memref<2x4xf16, strided<[8, 1]>>) outputs(%{{.+}} : memref<2x4xf16>)
// CHECK-NEXT: ^bb0(%{{.+}}: memref<2x4xf16, strided<[8, 1]>>, %{{.+}}: memref<2x4xf16>):
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @act(%x: tensor<2x4xf16>) -> (tensor<2x8xf16>, tensor<2x4xf16>) {
    %0 = VPU.SW.ReLU(%x) : tensor<2x4xf16> -> tensor<2x4xf16>
    %1 = VPU.SW.Sigmoid(%0) : tensor<2x4xf16> -> tensor<2x4xf16>
    %2 = VPU.Concat(%0, %x) {axis = 1 : i64} : tensor<2x4xf16>, tensor<2x4xf16> -> tensor<2x8xf16>
    return %2, %1 : tensor<2x8xf16>, tensor<2x4xf16>
  }
}

// -----

// Kept copies: a result also returned (a return takes a compact buffer), a constant, a view.
// CHECK-LABEL: func.func @kept_copies
// CHECK-SAME: (%[[X:.+]]: memref<2x4xf16>)
// CHECK-NEXT: %[[B0:.+]] = memref.alloc() : memref<2x4xf16>
// CHECK-NEXT: %[[R:.+]] = VPUIP.UPA.SW @VPU.SW::@relu inputs(%[[X]] : memref<2x4xf16>) outputs(%[[B0]] : memref<2x4xf16>)
// CHECK: %[[K:.+]] = const.Declare memref<2x4xf16>
// CHECK: %[[S:.+]] = VPUIP.SubView %[[X]] [0, 0] [2, 4]
// CHECK: VPUIP.Copy inputs(%[[R]] : memref<2x4xf16>)
// CHECK: VPUIP.Copy inputs(%[[K]] : memref<2x4xf16>)
// CHECK: VPUIP.Copy inputs(%[[S]] : memref<2x4xf16>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @kept_copies(%x: tensor<2x4xf16>) -> (tensor<2x12xf16>, tensor<2x4xf16>) {
    %0 = VPU.SW.ReLU(%x) : tensor<2x4xf16> -> tensor<2x4xf16>
    %c = const.Declare tensor<2x4xf16> = #const.Content<dense<1.0> : tensor<2x4xf16>>
    %1 = VPU.Slice %x [0, 0] [2, 4] : tensor<2x4xf16> -> tensor<2x4xf16>
    %2 = VPU.Concat(%0, %c, %1) {axis = 1 : i64} : tensor<2x4xf16>, tensor<2x4xf16>, tensor<2x4xf16> -> tensor<2x12xf16>
    return %2, %0 : tensor<2x12xf16>, tensor<2x4xf16>
  }
}

// -----

// Inputs go in order: part 0's producer writes in place; part 1's would then read bytes its
// output interleaves with (tasks never have overlapping operands), so it keeps its copy.
// CHECK-LABEL: func.func @overlapping_readers
// CHECK-SAME: (%[[X:.+]]: memref<2x4xf16>)
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<2x8xf16>
// CHECK-NEXT: %[[P0:.+]] = VPUIP.SubView %[[BUF]] [0, 0] [2, 4] : memref<2x8xf16> to memref<2x4xf16, strided<[8, 1]>>
// CHECK-NEXT: %[[R:.+]] = VPUIP.UPA.SW @VPU.SW::@relu inputs(%[[X]] : memref<2x4xf16>) outputs(%[[P0]] : memref<2x4xf16, strided<[8, 1]>>)
// CHECK-NEXT: %[[B1:.+]] = memref.alloc() : memref<2x4xf16>
// CHECK-NEXT: %[[T:.+]] = VPUIP.UPA.SW @VPU.SW::@activation inputs(%[[R]] : memref<2x4xf16, strided<[8, 1]>>) outputs(%[[B1]] : memref<2x4xf16>)
// CHECK-NEXT: %[[P1:.+]] = VPUIP.SubView %[[BUF]] [0, 4] [2, 4]
// CHECK-NEXT: %[[C:.+]] = VPUIP.Copy inputs(%[[T]] : memref<2x4xf16>) outputs(%[[P1]] : {{.+}})
// CHECK-NEXT: VPUIP.ConcatView inputs(%[[R]], %[[C]] : {{.+}})
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @overlapping_readers(%x: tensor<2x4xf16>) -> tensor<2x8xf16> {
    %0 = VPU.SW.ReLU(%x) : tensor<2x4xf16> -> tensor<2x4xf16>
    %1 = VPU.SW.Tanh(%0) : tensor<2x4xf16> -> tensor<2x4xf16>
    %2 = VPU.Concat(%0, %1) {axis = 1 : i64} : tensor<2x4xf16>, tensor<2x4xf16> -> tensor<2x8xf16>
    return %2 : tensor<2x8xf16>
  }
}
