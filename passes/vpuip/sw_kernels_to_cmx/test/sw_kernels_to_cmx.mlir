// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-sw-kernels-to-cmx | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-sw-kernels-to-cmx --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// 2 tiles of 4096 bytes of CMX (alignment 64).

module @moved attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 4096, cmx_alignment = 64, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
    func.func private @multiply(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "multiply_fp16"}
  }
  // CHECK-LABEL: func.func @moved
  func.func @moved(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
    // The input is copied into the CMX of tile 1, the kernel writes a CMX buffer there, which is
    // copied to the DDR buffer the kernel wrote before; the next kernel reads that copy.
    // CHECK: %[[A:.+]] = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: %[[X:.+]] = VPUIP.Copy inputs(%arg0 : memref<1x16x4x4xf16>) outputs(%[[A]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>)
    // CHECK: %[[B:.+]] = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
    // CHECK: %[[K:.+]] = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 shave 1 inputs(%[[X]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[B]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>> {
    // CHECK-NEXT: ^bb0(%{{.+}}: memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>, %{{.+}}: memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>):
    // CHECK: %[[Y:.+]] = VPUIP.Copy inputs(%[[K]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[D:.+]] : memref<1x16x4x4xf16>)
    %d = memref.alloc() : memref<1x16x4x4xf16>
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 shave 1 inputs(%in : memref<1x16x4x4xf16>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
    ^bb0(%x: memref<1x16x4x4xf16>, %y: memref<1x16x4x4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>
    }
    // An input read twice is copied once; a constant stays in DDR; the output is the network's.
    // CHECK: %[[C:.+]] = const.Declare memref<1x16x4x4xf16>
    // CHECK: %[[Y2:.+]] = VPUIP.Copy inputs(%[[Y]] : memref<1x16x4x4xf16>) outputs(%{{.+}} : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>)
    // CHECK: %[[K2:.+]] = VPUIP.SW.Kernel @VPU.SW::@multiply on tile 0 inputs(%[[Y2]], %[[Y2]] : {{.+}}) outputs(%{{.+}} : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>)
    // CHECK: %[[K3:.+]] = VPUIP.SW.Kernel @VPU.SW::@multiply on tile 0 inputs(%[[C]], %{{.+}} : memref<1x16x4x4xf16>, memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>)
    // CHECK: %[[R:.+]] = VPUIP.Copy inputs(%[[K3]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg1 : memref<1x16x4x4xf16>)
    // CHECK: return %[[R]]
    %c = const.Declare memref<1x16x4x4xf16> = #const.Content<dense<2.0> : tensor<1x16x4x4xf16>>
    %e = memref.alloc() : memref<1x16x4x4xf16>
    %1 = VPUIP.SW.Kernel @VPU.SW::@multiply on tile 0 inputs(%0, %0 : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>) outputs(%e : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
    ^bb0(%x: memref<1x16x4x4xf16>, %y: memref<1x16x4x4xf16>, %z: memref<1x16x4x4xf16>):
      VPUIP.SW.Kernel.run(%x, %y, %z) : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>, memref<1x16x4x4xf16>
    }
    %2 = VPUIP.SW.Kernel @VPU.SW::@multiply on tile 0 inputs(%c, %1 : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
    ^bb0(%x: memref<1x16x4x4xf16>, %y: memref<1x16x4x4xf16>, %z: memref<1x16x4x4xf16>):
      VPUIP.SW.Kernel.run(%x, %y, %z) : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>, memref<1x16x4x4xf16>
    }
    return %2 : memref<1x16x4x4xf16>
  }
}
// LOG: @moved: 3 of 3 kernel(s) moved to CMX, 3072 bytes of new CMX buffers

// -----

module @left attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 4096, cmx_alignment = 64, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @left
  func.func @left(%in: memref<2048xf16>, %small: memref<16xf16>, %cmx: memref<2020xf16, #VPUIP.mem<CMX_NN[0]>>)
      -> (memref<2048xf16>, memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, memref<16xf16>) {
    // 4096 + 4096 bytes do not fit 4096: left in DDR.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%arg0 : memref<2048xf16>) outputs(%{{.+}} : memref<2048xf16>)
    %a = memref.alloc() : memref<2048xf16>
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<2048xf16>) outputs(%a : memref<2048xf16>) -> memref<2048xf16> {
    ^bb0(%x: memref<2048xf16>, %y: memref<2048xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<2048xf16>, memref<2048xf16>
    }
    // All in CMX already: nothing to move.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%{{.+}} : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%{{.+}} : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>)
    %v = VPUIP.SubView %cmx [0] [16] : memref<2020xf16, #VPUIP.mem<CMX_NN[0]>> to memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = memref.alloc() : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%v : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%x: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, %y: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
    }
    // The CMX the kernel has already counts: 4040 bytes (aligned: 4096) and 64 more do not fit.
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%arg2 : memref<2020xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%{{.+}} : memref<16xf16>)
    %c = memref.alloc() : memref<16xf16>
    %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%cmx : memref<2020xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%c : memref<16xf16>) -> memref<16xf16> {
    ^bb0(%x: memref<2020xf16, #VPUIP.mem<CMX_NN[0]>>, %y: memref<16xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<2020xf16, #VPUIP.mem<CMX_NN[0]>>, memref<16xf16>
    }
    return %0, %1, %2 : memref<2048xf16>, memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, memref<16xf16>
  }
}
// LOG: @left: 0 of 3 kernel(s) moved to CMX, 0 bytes of new CMX buffers

// -----

// UPA SHAVEs (VPUX30XX): left alone.
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
// LOG: @upa: the target has no activation SHAVEs: nothing to move
