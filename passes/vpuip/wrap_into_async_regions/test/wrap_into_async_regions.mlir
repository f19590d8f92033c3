// RUN: vpuc-opt %s --vpuc-vpuip-wrap-into-async-regions --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-wrap-into-async-regions="linear=true" --split-input-file | FileCheck %s --check-prefix=LINEAR

// A chain through a kernel: each task waits for the one before; the function awaits the last.
// CHECK-LABEL: func.func @chain
// LINEAR-LABEL: func.func @chain
module @chain {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  func.func @chain(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
    // CHECK: %[[A:.+]] = VPUIP.StaticAlloc<0> -> memref<1000xf16>
    %a = VPUIP.StaticAlloc<0> -> memref<1000xf16>
    // CHECK: %[[B:.+]] = VPUIP.StaticAlloc<2048> -> memref<1000xf16>
    %b = VPUIP.StaticAlloc<2048> -> memref<1000xf16>
    // CHECK: %[[T0:.+]] = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    // CHECK-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1000xf16>) outputs(%[[A]] : memref<1000xf16>)
    // CHECK-NEXT: async.yield
    // CHECK-NEXT: }
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16>
    // CHECK: %[[T1:.+]] = async.execute [%[[T0]]] attributes {executor = "SHAVE_ACT", executor_instance = 1 : i64} {
    // CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%[[A]] : memref<1000xf16>) outputs(%[[B]] : memref<1000xf16>)
    // CHECK-NEXT: ^bb0
    // CHECK-NEXT: VPUIP.SW.Kernel.run
    // CHECK-NEXT: }
    // CHECK-NEXT: async.yield
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%0 : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16> {
    ^bb0(%x: memref<1000xf16>, %y: memref<1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16>, memref<1000xf16>
    }
    // CHECK: %[[T2:.+]] = async.execute [%[[T1]]] attributes {executor = "DMA_NN", executor_instance = 1 : i64} {
    // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%[[B]] : memref<1000xf16>) outputs(%[[OUT:.+]] : memref<1000xf16>)
    %2 = VPUIP.NNDMA {port = 1 : i64} inputs(%1 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    // CHECK: async.await %[[T2]] : !async.token
    // CHECK-NEXT: return %[[OUT]] : memref<1000xf16>
    return %2 : memref<1000xf16>
  }
}

// -----

// Independent tasks get no dependencies; a join depends on both branches, not on their source.
// Tasks depend only on the tasks whose buffers they share.
// CHECK-LABEL: func.func @diamond
// LINEAR-LABEL: func.func @diamond
func.func @diamond(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPUIP.StaticAlloc<0> -> memref<64xf16>
  %b = VPUIP.StaticAlloc<128> -> memref<64xf16>
  %c = VPUIP.StaticAlloc<256> -> memref<64xf16>
  // CHECK: %[[T0:.+]] = async.execute attributes
  // LINEAR: %[[T0:.+]] = async.execute attributes
  %0 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T1:.+]] = async.execute [%[[T0]]] attributes
  // LINEAR: %[[T1:.+]] = async.execute [%[[T0]]] attributes
  %1 = VPUIP.NNDMA inputs(%0 : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T2:.+]] = async.execute [%[[T0]]] attributes
  // LINEAR: %[[T2:.+]] = async.execute [%[[T1]]] attributes
  %2 = VPUIP.NNDMA {port = 1 : i64} inputs(%0 : memref<64xf16>) outputs(%c : memref<64xf16>) -> memref<64xf16>
  // An unrelated task: no dependency, and awaited at the end.
  // CHECK: %[[T3:.+]] = async.execute attributes
  // LINEAR: %[[T3:.+]] = async.execute [%[[T2]]] attributes
  %x = VPUIP.StaticAlloc<384> -> memref<64xf16>
  %3 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%x : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T4:.+]] = async.execute [%[[T1]]] attributes
  // LINEAR: %[[T4:.+]] = async.execute [%[[T3]]] attributes
  %4 = VPUIP.NNDMA inputs(%1 : memref<64xf16>) outputs(%out : memref<64xf16>) -> memref<64xf16>
  // The second write of %out also waits for the first (write after write), which implies %b.
  // CHECK: %[[T5:.+]] = async.execute [%[[T2]], %[[T4]]] attributes
  // LINEAR: %[[T5:.+]] = async.execute [%[[T4]]] attributes
  %5 = VPUIP.NNDMA inputs(%2 : memref<64xf16>) outputs(%out : memref<64xf16>) -> memref<64xf16>
  // CHECK: async.await %[[T3]] : !async.token
  // CHECK-NEXT: async.await %[[T5]] : !async.token
  // CHECK-NEXT: return
  // LINEAR-NOT: async.await %[[T3]]
  // LINEAR: async.await %[[T5]] : !async.token
  // LINEAR-NEXT: return
  return %5 : memref<64xf16>
}

// -----

// Memory reused by the static allocation: writing %c (the bytes of %a) waits for the read of %a
// (write after read); reading the input again needs nothing.
// CHECK-LABEL: func.func @reuse
func.func @reuse(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPUIP.StaticAlloc<0> -> memref<64xf16>
  %b = VPUIP.StaticAlloc<128> -> memref<64xf16>
  %c = VPUIP.StaticAlloc<64> -> memref<32xf16>
  // CHECK: %[[T0:.+]] = async.execute attributes
  %0 = VPUIP.NNDMA inputs(%in : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T1:.+]] = async.execute [%[[T0]]] attributes
  %1 = VPUIP.NNDMA inputs(%0 : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T2:.+]] = async.execute [%[[T1]]] attributes
  %v = VPUIP.SubView %in [0] [32] : memref<64xf16> to memref<32xf16>
  %2 = VPUIP.NNDMA inputs(%v : memref<32xf16>) outputs(%c : memref<32xf16>) -> memref<32xf16>
  // CHECK: %[[T3:.+]] = async.execute [%[[T1]]] attributes
  %3 = VPUIP.NNDMA inputs(%1 : memref<64xf16>) outputs(%out : memref<64xf16>) -> memref<64xf16>
  // CHECK: async.await %[[T2]]
  // CHECK: async.await %[[T3]]
  return %3 : memref<64xf16>
}

// -----

// Views: writes into disjoint halves are independent; the ConcatView goes and its reader waits for
// both halves. Views stay outside the regions.
// CHECK-LABEL: func.func @concat
func.func @concat(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  // CHECK: %[[D:.+]] = VPUIP.StaticAlloc<0> -> memref<64xf16>
  %d = VPUIP.StaticAlloc<0> -> memref<64xf16>
  // CHECK: %[[LO:.+]] = VPUIP.SubView %[[D]] [0] [32]
  %lo = VPUIP.SubView %d [0] [32] : memref<64xf16> to memref<32xf16>
  // CHECK: %[[HI:.+]] = VPUIP.SubView %[[D]] [32] [32]
  %hi = VPUIP.SubView %d [32] [32] : memref<64xf16> to memref<32xf16>
  %ilo = VPUIP.SubView %in [0] [32] : memref<64xf16> to memref<32xf16>
  %ihi = VPUIP.SubView %in [32] [32] : memref<64xf16> to memref<32xf16>
  // CHECK: %[[T0:.+]] = async.execute attributes
  // CHECK-NEXT: outputs(%[[LO]] : memref<32xf16>)
  %0 = VPUIP.NNDMA inputs(%ilo : memref<32xf16>) outputs(%lo : memref<32xf16>) -> memref<32xf16>
  // CHECK: %[[T1:.+]] = async.execute attributes
  // CHECK-NEXT: outputs(%[[HI]] : memref<32xf16>)
  %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%ihi : memref<32xf16>) outputs(%hi : memref<32xf16>) -> memref<32xf16>
  // CHECK-NOT: VPUIP.ConcatView
  %cat = VPUIP.ConcatView inputs(%0, %1 : memref<32xf16>, memref<32xf16>) outputs(%d : memref<64xf16>) -> memref<64xf16>
  // CHECK: %[[T2:.+]] = async.execute [%[[T0]], %[[T1]]] attributes
  // CHECK-NEXT: VPUIP.NNDMA inputs(%[[D]] : memref<64xf16>)
  %2 = VPUIP.NNDMA inputs(%cat : memref<64xf16>) outputs(%out : memref<64xf16>) -> memref<64xf16>
  return %2 : memref<64xf16>
}

// -----

// UPA kernels; memref.alloc (not yet placed) buffers are distinct; a function without tasks is
// left as it is.
// CHECK-LABEL: func.func @upa
module @upa {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  func.func @upa(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %a = memref.alloc() : memref<8xf16>
    %b = memref.alloc() : memref<8xf16>
    // CHECK: %[[T0:.+]] = async.execute attributes {executor = "SHAVE_UPA", executor_instance = 0 : i64}
    // CHECK-NEXT: VPUIP.UPA.SW @VPU.SW::@relu
    %0 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
    // CHECK: %[[T1:.+]] = async.execute attributes {executor = "SHAVE_UPA", executor_instance = 0 : i64}
    %1 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%in : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16>
    // CHECK: async.execute [%[[T0]], %[[T1]]]
    %2 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    return %out : memref<8xf16>
  }
  // CHECK-LABEL: func.func @nothing
  // CHECK-NEXT: return
  func.func @nothing() {
    return
  }
}

// -----

// With target resources, each activation SHAVE is its own executor: instance tile * shaves +
// shave. Kernels on different SHAVEs of independent buffers get no dependency.
// CHECK-LABEL: func.func @shaves
module @shaves attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  func.func @shaves(%in: memref<8xf16>) {
    %a = memref.alloc() : memref<8xf16>
    %b = memref.alloc() : memref<8xf16>
    %c = memref.alloc() : memref<8xf16>
    // CHECK: async.execute attributes {executor = "SHAVE_ACT", executor_instance = 0 : i64}
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    // CHECK: async.execute attributes {executor = "SHAVE_ACT", executor_instance = 1 : i64}
    // CHECK-NEXT: on tile 0 shave 1
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 inputs(%in : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    // CHECK: async.execute attributes {executor = "SHAVE_ACT", executor_instance = 3 : i64}
    // CHECK-NEXT: on tile 1 shave 1
    %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 shave 1 inputs(%in : memref<8xf16>) outputs(%c : memref<8xf16>) -> memref<8xf16> {
    ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
    }
    return
  }
}
