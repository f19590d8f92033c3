// RUN: vpuc-opt %s --vpuc-init-compiler=arch=VPUX37XX | FileCheck %s --check-prefix=X37
// RUN: vpuc-opt %s --vpuc-init-compiler=arch=vpux30xx | FileCheck %s --check-prefix=X30
// RUN: vpuc-opt %s --vpuc-init-compiler=arch=%S/Inputs/tiny37xx.textproto \
// RUN:   | FileCheck %s --check-prefix=TINY

// The built-in targets (the name is case-insensitive) and a description read from a file give
// the module the resources of their description and the element types of its NCE
// (nce.limits.element_types); a file is recorded by its absolute path.

// X37-LABEL: module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16", "bf16"], VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, max_variants = 128>}
// X30-LABEL: module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16"], VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
// X30-SAME: shave_kind = UPA, shaves = 16, barriers = 32,
// TINY-LABEL: module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16", "bf16"], VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.resources = #VPUIP.resources<arch = "TINY37XX", clusters = 2, cmx_size = 65536,
// TINY-SAME: barriers = 4,
// TINY-SAME: arch_file = "{{/.*}}/Inputs/tiny37xx.textproto", max_variants = 128>}
module @net {
  func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
    return %arg0 : tensor<1x8xf32>
  }
}
