// RUN: vpuc-opt %s --split-input-file --vpuc-init-compiler=arch=VPUX37XX | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-init-compiler=arch=VPUX37XX --vpuc-init-compiler=arch=VPUX37XX | FileCheck %s

// A module that already targets the arch keeps its resources (here a shrunk CMX and barrier
// count), so that a test can set them before running a whole pipeline; it gets the element
// types of the target's NCE.

// CHECK-LABEL: module @preset attributes {VPU.nce_element_types = ["i8", "u8", "f16", "bf16"], VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 4096, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 1024, shave_kind = ACT, shaves = 1, barriers = 2, max_producers = 4, max_consumers = 4>}
module @preset attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 4096, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 1024, shave_kind = ACT, shaves = 1, barriers = 2, max_producers = 4, max_consumers = 4>} {
}

// -----

// A module's own NCE element types are kept too (here an NCE without INT8).

// CHECK-LABEL: module @fp16_only attributes {VPU.nce_element_types = ["f16"], VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
module @fp16_only attributes {VPU.nce_element_types = ["f16"]} {
}
