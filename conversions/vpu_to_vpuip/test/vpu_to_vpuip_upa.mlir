// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip | FileCheck %s
// Software layers on a target with UPA SHAVEs (VPUX30XX): VPUIP.UPA.SW calls of the same
// declarations, no runtime kernel.

// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK: module @VPU.SW {
// CHECK-NEXT: func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
// CHECK-NEXT: func.func private @clamp(memref<*xf16>, memref<*xf16>, f32, f32) attributes {VPUIP.kernel_entry = "clamp"}
// CHECK-NEXT: }
// CHECK-NOT: VPUIP.SW.Runtime
// CHECK-LABEL: func.func @upa
// CHECK-SAME: (%[[X:.+]]: memref<1x1000xf16>) -> memref<1x1000xf16>
// CHECK-NEXT: %[[B0:.+]] = memref.alloc() : memref<1x1000xf16>
// CHECK-NEXT: %[[S:.+]] = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%[[X]] : memref<1x1000xf16>) outputs(%[[B0]] : memref<1x1000xf16>) params [1 : i32] -> memref<1x1000xf16>
// CHECK-NEXT: %[[B1:.+]] = memref.alloc() : memref<1x1000xf16>
// CHECK-NEXT: %[[C:.+]] = VPUIP.UPA.SW @VPU.SW::@clamp inputs(%[[S]] : memref<1x1000xf16>) outputs(%[[B1]] : memref<1x1000xf16>) params [0.000000e+00 : f32, 6.000000e+00 : f32] -> memref<1x1000xf16>
// CHECK-NEXT: return %[[C]] : memref<1x1000xf16>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @upa(%x: tensor<1x1000xf16>) -> tensor<1x1000xf16> {
    %0 = VPU.SW.SoftMax(%x) {axis = -1 : i64} : tensor<1x1000xf16> -> tensor<1x1000xf16>
    %1 = VPU.SW.Clamp(%0) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x1000xf16> -> tensor<1x1000xf16>
    return %1 : tensor<1x1000xf16>
  }
}

// -----

// An absent optional operand is an empty constant buffer on UPA targets too.
// CHECK-LABEL: func.func @fully_connected
// CHECK-DAG: %[[W:.+]] = const.Declare memref<4x8xf16>
// CHECK-DAG: %[[NONE:.+]] = const.Declare memref<0xf16> = #const.Content<dense<> : tensor<0xf16>>
// CHECK: VPUIP.UPA.SW @VPU.SW::@fully_connected inputs(%{{.+}}, %[[W]], %[[NONE]] : memref<1x8xf16>, memref<4x8xf16>, memref<0xf16>) outputs(%{{.+}} : memref<1x4xf16>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @fully_connected(%x: tensor<1x8xf16>) -> tensor<1x4xf16> {
    %w = const.Declare tensor<4x8xf16> = #const.Content<dense<1.0> : tensor<4x8xf16>>
    %0 = VPU.SW.FullyConnected(%x, %w) : tensor<1x8xf16>, tensor<4x8xf16> -> tensor<1x4xf16>
    return %0 : tensor<1x4xf16>
  }
}
