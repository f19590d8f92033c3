// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip --verify-diagnostics
// What the bufferisation cannot take: reported before anything changes.

// expected-error @+1 {{cannot bufferise without the target resources: the module has no 'VPUIP.resources' attribute (set by the compiler's init pass), which says whether software layers run on ACT or UPA SHAVEs}}
module {
  func.func @no_resources(%x: tensor<8xf16>) -> tensor<8xf16> {
    %0 = VPU.SW.ReLU(%x) : tensor<8xf16> -> tensor<8xf16>
    return %0 : tensor<8xf16>
  }
}

// -----

// Every layer that cannot be lowered is counted in one error, at the first one, by kind of
// failure with the first layers named, and a note at each of the next (at most nine) ones.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @unmapped(%x: tensor<1x16x4x4xf16>, %y: tensor<2x3xf16>) -> (tensor<1x16x4x4xf16>, tensor<2x3xf16>, tensor<2x3xf16>) {
    // expected-error-re @+1 {{cannot bufferise 3 op(s) of the VPU IR:{{.*}}1 x 'VPU.SW.GRN': the software-kernel library has no kernel for VPU kernel 'grn'{{.*}}1 x 'VPU.SW.StridedSlice': it is not a view or copy: dim 1 has step -1: a view with a negative step would need a negative stride, and buffers (VPUIP buffer types, the blob's TensorType) have none; and the software-kernel library has no kernel for VPU kernel 'strided_slice'{{.*}}1 x 'IE.ReLU': it is not a VPU op: lower it to the VPU dialect first}}
    %0 = VPU.SW.GRN(%x) {bias = 1.0e-06 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    %1 = VPU.SW.ReLU(%0) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    // expected-note @+1 {{'VPU.SW.StridedSlice' cannot be bufferised}}
    %2 = VPU.SW.StridedSlice(%y) {begins = array<i64: 0, 2>, ends = array<i64: 2, -4>, strides = array<i64: 1, -1>} : tensor<2x3xf16> -> tensor<2x3xf16>
    // expected-note @+1 {{'IE.ReLU' cannot be bufferised}}
    %3 = IE.ReLU(%y) : tensor<2x3xf16> -> tensor<2x3xf16>
    return %1, %2, %3 : tensor<1x16x4x4xf16>, tensor<2x3xf16>, tensor<2x3xf16>
  }
}

// -----

// Many layers failing the same way make one line: a count, three layers and how many more.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @grouped(%x: tensor<1x16x4x4xf16>) -> (tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>) {
    // expected-error-re @+1 {{cannot bufferise 4 op(s) of the VPU IR:{{.}}  4 x 'VPU.SW.GRN': the software-kernel library has no kernel for VPU kernel 'grn' (at {{[^,]+}}:{{[0-9]+}}:{{[0-9]+}}, {{[^,]+}}, {{[^,]+}} and 1 more){{$}}}}
    %0 = VPU.SW.GRN(%x) {bias = 1.0e-06 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    // expected-note @+1 {{'VPU.SW.GRN' cannot be bufferised}}
    %1 = VPU.SW.GRN(%x) {bias = 1.0e-06 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    // expected-note @+1 {{'VPU.SW.GRN' cannot be bufferised}}
    %2 = VPU.SW.GRN(%x) {bias = 1.0e-06 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    // expected-note @+1 {{'VPU.SW.GRN' cannot be bufferised}}
    %3 = VPU.SW.GRN(%x) {bias = 1.0e-06 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
    return %0, %1, %2, %3 : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>
  }
}

// -----

// A signature with a tensor that is not a VPU tensor.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error-re @+1 {{cannot bufferise 2 op(s) of the VPU IR:{{.*}}1 x 'func.func': its signature has a tensor that is not a VPU tensor (static shape, rank at most 8, a VPU encoding)}}
  func.func @dynamic(%x: tensor<?xf16>) -> tensor<?xf16> {
    // expected-note @+1 {{'func.return' cannot be bufferised}}
    return %x : tensor<?xf16>
  }
}

// -----

// A declaration the module already has with another signature.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    // expected-error @+1 {{'func.func' op is the symbol @relu of module @VPU.SW, which the bufferisation needs for the declaration '(memref<*xf16>, memref<*xf16>) -> ()' of kernel 'relu'}}
    func.func private @relu(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @conflict(%x: tensor<8xf16>) -> tensor<8xf16> {
    %0 = VPU.SW.ReLU(%x) : tensor<8xf16> -> tensor<8xf16>
    return %0 : tensor<8xf16>
  }
}
