// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-shaves | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-shaves --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// 2 tiles x 2 SHAVEs, SHAVE index = tile * 2 + shave. Under the VPUX37XX cost model a kernel on
// 1000-element buffers in DDR costs 557 cycles: 300 of overhead, then its 4000 bytes of DDR at
// 15.6 bytes a cycle (`relu_fp16`, which the kernel library does not have, is priced at one cycle
// per vector of outputs, which is less); with its output in CMX, 429 cycles.

module @spread attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @spread
  func.func @spread(%in: memref<1000xf16>) {
    %a = memref.alloc() : memref<1000xf16>
    %b = memref.alloc() : memref<1000xf16>
    %c = memref.alloc() : memref<1000xf16>
    %d = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %e = memref.alloc() : memref<1000xf16>
    %f = memref.alloc() : memref<1000xf16>
    // Three independent kernels: SHAVEs 0, 1 and 2, each busy until 557.
    // CHECK: %[[K0:.+]] = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%arg0
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 inputs(%arg0
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%arg0
    %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<1000xf16>) outputs(%c : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // Reads the first kernel's result (ready at 557) into the CMX of tile 0: it stays on tile 0
    // (SHAVE 0 and 1 both start it at 557 and have equal work: the lower), although SHAVE 3 has
    // no work yet.
    // CHECK: %[[K3:.+]] = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[K0]] : memref<1000xf16>) outputs(%{{.+}} : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>)
    %3 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<1000xf16>) outputs(%d : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    }
    // Independent again: SHAVE 3 is free at once, whatever tile the op named.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 shave 1 inputs(%arg0
    %4 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<1000xf16>) outputs(%e : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // Reads through a DMA (not estimated) the kernel that ends at 986: every SHAVE can start it
    // then, SHAVEs 1 to 3 have the least work (557): the lowest, SHAVE 1.
    // CHECK: VPUIP.NNDMA
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 inputs(%{{.+}} : memref<1000xf16>) outputs(%{{.+}} : memref<1000xf16>)
    %5 = VPUIP.NNDMA inputs(%3 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%f : memref<1000xf16>) -> memref<1000xf16>
    %g = memref.alloc() : memref<1000xf16>
    %6 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%5 : memref<1000xf16>) outputs(%g : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    return
  }
}
// LOG: [vpuc-vpuip-assign-shaves] {{.*}}@spread: tile 0 SHAVE 0: 2 kernel(s), 986 cycle(s)
// LOG: [vpuc-vpuip-assign-shaves] {{.*}}@spread: tile 0 SHAVE 1: 2 kernel(s), 1114 cycle(s)
// LOG: [vpuc-vpuip-assign-shaves] {{.*}}@spread: tile 1 SHAVE 0: 1 kernel(s), 557 cycle(s)
// LOG: [vpuc-vpuip-assign-shaves] {{.*}}@spread: tile 1 SHAVE 1: 1 kernel(s), 557 cycle(s)

// -----

// A chain of dependent kernels: each can start only when the previous ends, on any SHAVE; the
// least loaded one takes it, so the chain is spread evenly (round robin here). A kernel that
// already named a SHAVE gets a new one; SHAVE 0 is left implicit.

module @chain attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @chain
  func.func @chain(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %a = memref.alloc() : memref<8xf16>
    %b = memref.alloc() : memref<8xf16>
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 shave 1 inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 inputs(
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(
    %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%1 : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    return %2 : memref<8xf16>
  }
}
// LOG: @chain: tile 0 SHAVE 0: 1 kernel(s), 303 cycle(s)
// LOG: @chain: tile 0 SHAVE 1: 1 kernel(s), 303 cycle(s)
// LOG: @chain: tile 1 SHAVE 0: 1 kernel(s), 303 cycle(s)
// LOG: @chain: tile 1 SHAVE 1: 0 kernel(s), 0 cycle(s)

// -----

// One tile with one SHAVE: every kernel runs on it.

module @one_shave attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 1, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @one_shave
  func.func @one_shave(%in: memref<8xf16>) {
    %a = memref.alloc() : memref<8xf16>
    %b = memref.alloc() : memref<8xf16>
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    return
  }
}
// LOG: @one_shave: tile 0 SHAVE 0: 2 kernel(s), 606 cycle(s)
// LOG-NOT: @one_shave: tile

// -----

// UPA SHAVEs (VPUX30XX): the UPA tasks are left alone.

module @upa attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 1,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @upa
  func.func @upa(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    // CHECK-NEXT: VPUIP.UPA.SW @VPU.SW::@relu inputs(%arg0 : memref<8xf16>) outputs(%arg1 : memref<8xf16>) -> memref<8xf16>
    // CHECK-NEXT: return
    %0 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    return %0 : memref<8xf16>
  }
}
// LOG: @upa: the target VPUX30XX has UPA SHAVEs: nothing to assign
