// RUN: vpuc-opt %s --vpuc-convert-vpu-to-vpuip | FileCheck %s
// Quantized tensors become buffers of their storage integers (u8 -> ui8, i8 -> i8, also for
// constants declared with #const.QuantCast); the quantisation parameters of VPU.SW.Quantize and
// VPU.SW.Dequantize go to the library kernels as constant scale (f32) and zero-point (i32)
// buffers: one entry per tensor, or the per-axis type's entries.

// CHECK: module @VPU.SW {
// CHECK-NEXT: func.func private @quantize_f16_f32_i32_ui8(memref<*xf16>, memref<*xf32>, memref<*xi32>, memref<*xui8>, i32, i32, i32) attributes {VPUIP.kernel_entry = "quantize"}
// CHECK-NEXT: func.func private @dequantize_ui8_f32_i32_f16(memref<*xui8>, memref<*xf32>, memref<*xi32>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "dequantize"}
// CHECK-NEXT: func.func private @dequantize_i8_f32_i32_f16(memref<*xi8>, memref<*xf32>, memref<*xi32>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "dequantize"}
// CHECK-LABEL: func.func @quantize
// CHECK-DAG: %[[W:.+]] = const.Declare memref<3x3x1x1xi8> = #const.Content<dense<1> : tensor<3x3x1x1xsi8>, [#const.QuantCast<!quant.uniform<i8:f16:0, {5.000000e-01,2.500000e-01,1.250000e-01}>>]>
// CHECK-DAG: %[[QS:.+]] = const.Declare memref<1xf32> = #const.Content<dense<5.000000e-01> : tensor<1xf32>>
// CHECK-DAG: %[[QZ:.+]] = const.Declare memref<1xi32> = #const.Content<dense<128> : tensor<1xi32>>
// CHECK: %[[Q:.+]] = VPUIP.UPA.SW @VPU.SW::@quantize_f16_f32_i32_ui8 inputs(%arg0, %[[QS]], %[[QZ]] : memref<1x3x4x4xf16>, memref<1xf32>, memref<1xi32>) outputs(%{{.+}} : memref<1x3x4x4xui8>) params [0 : i32, 0 : i32, 255 : i32] -> memref<1x3x4x4xui8>
// CHECK: VPUIP.UPA.SW @VPU.SW::@dequantize_ui8_f32_i32_f16 inputs(%[[Q]], %{{.+}}, %{{.+}} : memref<1x3x4x4xui8>, memref<1xf32>, memref<1xi32>) outputs(%{{.+}} : memref<1x3x4x4xf16>) params [0 : i32]
// CHECK-DAG: %[[WS:.+]] = const.Declare memref<3xf32> = #const.Content<dense<[5.000000e-01, 2.500000e-01, 1.250000e-01]> : tensor<3xf32>>
// CHECK-DAG: %[[WZ:.+]] = const.Declare memref<3xi32> = #const.Content<dense<0> : tensor<3xi32>>
// CHECK: VPUIP.UPA.SW @VPU.SW::@dequantize_i8_f32_i32_f16 inputs(%[[W]], %[[WS]], %[[WZ]] : memref<3x3x1x1xi8>, memref<3xf32>, memref<3xi32>) outputs(%{{.+}} : memref<3x3x1x1xf16>) params [0 : i32]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @quantize(%x: tensor<1x3x4x4xf16>) -> (tensor<1x3x4x4xf16>, tensor<3x3x1x1xf16>) {
    %w = const.Declare tensor<3x3x1x1x!quant.uniform<i8:f16:0, {0.5, 0.25, 0.125}>> = #const.Content<dense<1> : tensor<3x3x1x1xsi8>, [#const.QuantCast<!quant.uniform<i8:f16:0, {0.5, 0.25, 0.125}>>]>
    %0 = VPU.SW.Quantize(%x) {dstElemType = !quant.uniform<u8:f16, 0.5:128>} : tensor<1x3x4x4xf16> -> tensor<1x3x4x4x!quant.uniform<u8:f16, 0.5:128>>
    %1 = VPU.SW.Dequantize(%0) {dstElemType = f16} : tensor<1x3x4x4x!quant.uniform<u8:f16, 0.5:128>> -> tensor<1x3x4x4xf16>
    %2 = VPU.SW.Dequantize(%w) {dstElemType = f16} : tensor<3x3x1x1x!quant.uniform<i8:f16:0, {0.5, 0.25, 0.125}>> -> tensor<3x3x1x1xf16>
    return %1, %2 : tensor<1x3x4x4xf16>, tensor<3x3x1x1xf16>
  }
}
