// RUN: vpuc-opt %s --vpuc-init-compiler=arch=VPUX37XX --split-input-file --verify-diagnostics

// A module compiled for another target cannot be retargeted.
// expected-error @+1 {{the module already targets 'VPUX30XX' (VPUIP.resources); it cannot be compiled for 'VPUX37XX'}}
module @other attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
}

// -----

// The same with a different spelling of the target in the attribute: names are compared as
// the descriptions spell them.
// expected-error @+1 {{the module already targets 'TINY37XX' (VPUIP.resources); it cannot be compiled for 'VPUX37XX'}}
module @tiny attributes {VPUIP.resources = #VPUIP.resources<arch = "TINY37XX", clusters = 2, cmx_size = 65536, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 4, max_producers = 256, max_consumers = 256>} {
}
