// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip --verify-diagnostics
// Data-movement layers that are neither views nor copies, and have no kernel either.

// A negative step needs a negative stride, which buffers do not have.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @negative_step(%x: tensor<4x8xf16>) -> tensor<4x2xf16> {
    // expected-error @+1 {{dim 1 has step -4: a view with a negative step would need a negative stride}}
    %0 = VPU.SW.Slice(%x) {starts = array<i64: 7>, ends = array<i64: 0>, axes = array<i64: 1>, steps = array<i64: -4>} : tensor<4x8xf16> -> tensor<4x2xf16>
    return %0 : tensor<4x2xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @negative_step_reason(%x: tensor<4x8xf16>) -> tensor<2x8xf16> {
    // expected-error @+1 {{it is not a view or copy: dim 0 has step -2: a view with a negative step would need a negative stride, and buffers (VPUIP buffer types, the blob's TensorType) have none; and the software-kernel library has no kernel for VPU kernel 'strided_slice'}}
    %0 = VPU.SW.StridedSlice(%x) {begins = array<i64: 3, 0>, ends = array<i64: 0, 8>, strides = array<i64: -2, 1>} : tensor<4x8xf16> -> tensor<2x8xf16>
    return %0 : tensor<2x8xf16>
  }
}

// -----

// Elements narrower than a byte: DMAs copy them only between identical compact layouts.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @sub_byte(%x: tensor<2x4xi4>) -> (tensor<4x4xi4>, tensor<2x2xi4>, tensor<2x2x4xi4>) {
    // expected-error-re @+1 {{cannot bufferise 3 op(s) of the VPU IR:{{.*}}1 x 'VPU.SW.Tile': it is not a view or copy: its elements are narrower than a byte, and DMAs move such elements only between identical compact layouts; and the software-kernel library has no kernel for VPU kernel 'tile'{{.*}}'VPU.SW.StridedSlice'{{.*}}1 x 'VPU.SW.Broadcast': it is not a view or copy: its elements are narrower than a byte, and DMAs move such elements only between identical compact layouts; and the software-kernel library has no kernel for VPU kernel 'broadcast'}}
    %0 = VPU.SW.Tile(%x) {repeats = array<i64: 2, 1>} : tensor<2x4xi4> -> tensor<4x4xi4>
    // expected-note @+1 {{'VPU.SW.StridedSlice' cannot be bufferised}}
    %1 = VPU.SW.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 2, 3>, strides = array<i64: 1, 2>} : tensor<2x4xi4> -> tensor<2x2xi4>
    // expected-note @+1 {{'VPU.SW.Broadcast' cannot be bufferised}}
    %2 = VPU.SW.Broadcast(%x) {target_shape = array<i64: 2, 2, 4>} : tensor<2x4xi4> -> tensor<2x2x4xi4>
    return %0, %1, %2 : tensor<4x4xi4>, tensor<2x2xi4>, tensor<2x2x4xi4>
  }
}
