// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-shaves --verify-diagnostics

module @no_resources {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // expected-error @+1 {{'func.func' op has no target resources (VPUIP.resources on the module): the SHAVEs are unknown; run vpuc-init-compiler first}}
  func.func @no_resources(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    return %0 : memref<8xf16>
  }
}

// -----

module @wrapped attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  func.func @wrapped(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    // expected-error @+1 {{'async.execute' op is already in the function: the executor of each task is recorded when the tasks are wrapped into async regions, so the SHAVEs must be assigned before}}
    %t = async.execute {
      %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16> {
      ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
        VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
      }
      async.yield
    }
    async.await %t : !async.token
    return %out : memref<8xf16>
  }
}
