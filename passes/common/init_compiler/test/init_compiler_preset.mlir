// RUN: vpuc-opt %s --vpuc-init-compiler=arch=VPUX37XX | FileCheck %s
// RUN: vpuc-opt %s --vpuc-init-compiler=arch=VPUX37XX --vpuc-init-compiler=arch=VPUX37XX | FileCheck %s

// A module that already targets the arch keeps its resources (here a shrunk CMX and barrier
// count), so that a test can set them before running a whole pipeline.

// CHECK-LABEL: module @preset attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 4096, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 1024, shave_kind = ACT, shaves = 1, barriers = 2, max_producers = 4, max_consumers = 4>}
module @preset attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 4096, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 1024, shave_kind = ACT, shaves = 1, barriers = 2, max_producers = 4, max_consumers = 4>} {
}
