// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-shaves | FileCheck %s

// A kernel on DDR buffers whose input was copied out of the CMX of one tile (an NCE task's
// result) stays on that tile, so that its input can stay in that CMX; one whose input comes from
// both tiles, or from no CMX, goes to the SHAVE that is free first.

module @producer attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @producer
  func.func @producer(%in: memref<2000xf16>) {
    %cmx0 = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %cmx1 = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
    %ddr = memref.alloc() : memref<2000xf16>
    %lo = VPUIP.SubView %ddr [0] [1000] : memref<2000xf16> to memref<1000xf16>
    %hi = VPUIP.SubView %ddr [1000] [1000] : memref<2000xf16> to memref<1000xf16>
    %c0 = VPUIP.Copy inputs(%cmx0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%lo : memref<1000xf16>) -> memref<1000xf16>
    %c1 = VPUIP.Copy inputs(%cmx1 : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%hi : memref<1000xf16>) -> memref<1000xf16>
    %join = VPUIP.ConcatView inputs(%c0, %c1 : memref<1000xf16>, memref<1000xf16>) outputs(%ddr : memref<2000xf16>) -> memref<2000xf16>
    // The upper half came from tile 1: tile 1, although SHAVE 0 of tile 0 is free as well.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%{{.+}} : memref<1000xf16>)
    %r1 = VPUIP.SubView %join [1000] [1000] : memref<2000xf16> to memref<1000xf16>
    %a = memref.alloc() : memref<1000xf16>
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%r1 : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // The lower half came from tile 0: tile 0.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%{{.+}} : memref<1000xf16>)
    %r0 = VPUIP.SubView %join [0] [1000] : memref<2000xf16> to memref<1000xf16>
    %b = memref.alloc() : memref<1000xf16>
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%r0 : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // Both halves: any tile; SHAVE 1 of tile 0 is free first and has no work.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 inputs(%{{.+}} : memref<2000xf16>)
    %c = memref.alloc() : memref<2000xf16>
    %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%join : memref<2000xf16>) outputs(%c : memref<2000xf16>) -> memref<2000xf16> {
    ^bb0(%x: memref<2000xf16>, %y: memref<2000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<2000xf16>, memref<2000xf16>
    }
    return
  }
}
