// RUN: vpuc-opt %s --vpuc-convert-vpu-to-vpuip=tile=2 --verify-diagnostics
// The tile of the ACT kernels must exist on the target.

// expected-error @+1 {{option tile=2 is out of range: the target VPUX37XX has 2 tile(s)}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @tile(%x: tensor<8xf16>) -> tensor<8xf16> {
    return %x : tensor<8xf16>
  }
}
