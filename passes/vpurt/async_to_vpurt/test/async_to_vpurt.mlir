// RUN: vpuc-opt %s --vpuc-vpurt-async-to-vpurt --split-input-file | FileCheck %s

// Input -> DDR scratch (DMA) -> kernel on tile 0 -> output (DMA on port 1): a barrier per edge.
// CHECK-LABEL: func.func @main
module @network attributes {VPURT.section_sizes = {DDR = 4096 : i64}} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
  }
  func.func @main(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>) -> memref<1x1000xf16> {
    // CHECK-NEXT: %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
    // CHECK-NEXT: %[[A:.+]] = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
    // CHECK-NEXT: %[[B:.+]] = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x1000xf16, #VPUIP.mem<DDR>>
    // CHECK-NEXT: %[[OUT:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
    // CHECK-NEXT: %[[B0:.+]] = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    // CHECK-NEXT: %[[B1:.+]] = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %a = VPUIP.StaticAlloc<0> -> memref<1x1000xf16>
    %b = VPUIP.StaticAlloc<2048> -> memref<1x1000xf16, #VPUIP.mem<DDR>>
    // CHECK-NEXT: VPURT.Task updates(%[[B0]]) {
    // CHECK-NEXT: VPUIP.NNDMA inputs(%[[IN]] : memref<1x1000xf16>) outputs(%[[A]] : memref<1x1000xf16>) -> memref<1x1000xf16>
    // CHECK-NEXT: }
    %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %0 = VPUIP.NNDMA inputs(%in : memref<1x1000xf16>) outputs(%a : memref<1x1000xf16>) -> memref<1x1000xf16>
      async.yield
    }
    // CHECK-NEXT: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
    // CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%[[A]] : memref<1x1000xf16>) outputs(%[[B]] : memref<1x1000xf16, #VPUIP.mem<DDR>>)
    // CHECK-NEXT: ^bb0(%[[X:.+]]: memref<1x1000xf16>, %[[Y:.+]]: memref<1x1000xf16, #VPUIP.mem<DDR>>):
    // CHECK-NEXT: VPUIP.SW.Kernel.run(%[[X]], %[[Y]], 1 : i64)
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    %t1 = async.execute [%t0] attributes {executor = "SHAVE_ACT", executor_instance = 0 : i64} {
      %1 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%a : memref<1x1000xf16>) outputs(%b : memref<1x1000xf16, #VPUIP.mem<DDR>>) -> memref<1x1000xf16, #VPUIP.mem<DDR>> {
      ^bb0(%x: memref<1x1000xf16>, %y: memref<1x1000xf16, #VPUIP.mem<DDR>>):
        VPUIP.SW.Kernel.run(%x, %y, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16, #VPUIP.mem<DDR>>
      }
      async.yield
    }
    // CHECK-NEXT: VPURT.Task waits(%[[B1]]) {
    // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64} inputs(%[[B]] : memref<1x1000xf16, #VPUIP.mem<DDR>>) outputs(%[[OUT]] : memref<1x1000xf16>)
    // CHECK-NEXT: }
    %t2 = async.execute [%t1] attributes {executor = "DMA_NN", executor_instance = 1 : i64} {
      %2 = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<1x1000xf16, #VPUIP.mem<DDR>>) outputs(%out : memref<1x1000xf16>) -> memref<1x1000xf16>
      async.yield
    }
    // CHECK-NEXT: return %{{.+}} : memref<1x1000xf16>
    async.await %t2 : !async.token
    return %out : memref<1x1000xf16>
  }
}

// -----

// Tasks of one executor follow each other without barriers.
// CHECK-LABEL: func.func @one_executor
// CHECK-NOT: VPURT.DeclareVirtualBarrier
// CHECK: VPURT.Task {
// CHECK: VPURT.Task {
// CHECK: VPURT.Task {
// CHECK-NEXT: VPUIP.NNDMA
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @one_executor(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %a = VPUIP.StaticAlloc<0> -> memref<8xf16>
  %b = VPUIP.StaticAlloc<64> -> memref<8xf16>
  %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  %t1 = async.execute [%t0] attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %1 = VPUIP.NNDMA inputs(%a : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  %t2 = async.execute [%t1, %t0] attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %2 = VPUIP.NNDMA inputs(%b : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  async.await %t2 : !async.token
  return %out : memref<8xf16>
}

// -----

// Consumers with the same producers share a barrier; edges implied by others or by the task
// lists get none.
// CHECK-LABEL: func.func @grouping
module @grouping {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  func.func @grouping(%in: memref<8xf16>, %out0: memref<8xf16>, %out1: memref<8xf16>) -> (memref<8xf16>, memref<8xf16>) {
    // CHECK: %[[B0:.+]] = VPURT.DeclareVirtualBarrier
    // CHECK-NEXT: %[[B1:.+]] = VPURT.DeclareVirtualBarrier
    // CHECK-NEXT: %[[B2:.+]] = VPURT.DeclareVirtualBarrier
    // CHECK-NOT: VPURT.DeclareVirtualBarrier
    %a = VPUIP.StaticAlloc<0> -> memref<8xf16>
    %b = VPUIP.StaticAlloc<64> -> memref<8xf16>
    %c = VPUIP.StaticAlloc<128> -> memref<8xf16>
    // CHECK: VPURT.Task updates(%[[B0]]) {
    %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    // CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
    // CHECK-NEXT: on tile 0
    %t1 = async.execute [%t0] attributes {executor = "SHAVE_ACT", executor_instance = 0 : i64} {
      %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%a : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16> {
      ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
        VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
      }
      async.yield
    }
    // CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
    // CHECK-NEXT: on tile 1
    %t2 = async.execute [%t0] attributes {executor = "SHAVE_ACT", executor_instance = 1 : i64} {
      %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%a : memref<8xf16>) outputs(%c : memref<8xf16>) -> memref<8xf16> {
      ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
        VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
      }
      async.yield
    }
    // Same producers as the kernels: the same barrier.
    // CHECK: VPURT.Task waits(%[[B0]]) {
    // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64}
    %t3 = async.execute [%t0] attributes {executor = "DMA_NN", executor_instance = 1 : i64} {
      %3 = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<8xf16>) outputs(%out1 : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    // Depends on both kernels and (implied) on the first DMA.
    // CHECK: VPURT.Task waits(%[[B1]]) updates(%[[B2]]) {
    %t4 = async.execute [%t1, %t2, %t0] attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %4 = VPUIP.NNDMA inputs(%b : memref<8xf16>) outputs(%out0 : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    // On the kernel's tile after it, and after the DMA of port 0.
    // CHECK: VPURT.Task waits(%[[B2]]) {
    // CHECK-NEXT: on tile 0
    %t5 = async.execute [%t4, %t1] attributes {executor = "SHAVE_ACT", executor_instance = 0 : i64} {
      %5 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%c : memref<8xf16>) outputs(%b : memref<8xf16>) -> memref<8xf16> {
      ^bb0(%x: memref<8xf16>, %y: memref<8xf16>):
        VPUIP.SW.Kernel.run(%x, %y) : memref<8xf16>, memref<8xf16>
      }
      async.yield
    }
    async.await %t3 : !async.token
    async.await %t5 : !async.token
    return %out0, %out1 : memref<8xf16>, memref<8xf16>
  }
}

// -----

// Buffers: views add their offsets, equal placements are declared once, CMX buffers go to their
// cluster, several inputs and outputs are numbered; dead allocations and views are erased.
// CHECK-LABEL: func.func @buffers
// CHECK-DAG: %[[IN1:.+]] = VPURT.DeclareBuffer <NetworkInput> [1] <32> -> memref<16xf16>
// CHECK-DAG: %[[HI:.+]] = VPURT.DeclareBuffer <DDR> <1056> -> memref<16xf16>
// CHECK-DAG: %[[CMX:.+]] = VPURT.DeclareBuffer <CMX_NN> [1] <512> -> memref<32xf16, #VPUIP.mem<CMX_NN[1]>>
// CHECK-DAG: %[[WHOLE:.+]] = VPURT.DeclareBuffer <DDR> <1024> -> memref<32xf16>
// CHECK-DAG: %[[OUT1:.+]] = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<32xf16>
// CHECK-DAG: %[[LO:.+]] = VPURT.DeclareBuffer <DDR> <1024> -> memref<16xf16>
// CHECK-NOT: VPUIP.StaticAlloc
// CHECK-NOT: VPUIP.SubView
// CHECK-NOT: memref.alloc
// CHECK: VPUIP.NNDMA inputs(%[[IN1]] : memref<16xf16>) outputs(%[[LO]] : memref<16xf16>)
// CHECK: VPUIP.NNDMA inputs(%[[IN1]] : memref<16xf16>) outputs(%[[HI]] : memref<16xf16>)
// CHECK: VPUIP.NNDMA inputs(%[[CMX]] : memref<32xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[OUT1]] : memref<32xf16>)
func.func @buffers(%in0: memref<32xf16>, %in1: memref<32xf16>, %out0: memref<32xf16>, %out1: memref<32xf16>) -> (memref<32xf16>, memref<32xf16>) {
  %unused = memref.alloc() : memref<32xf16>
  %d = VPUIP.StaticAlloc<1024> -> memref<32xf16>
  %lo = VPUIP.SubView %d [0] [16] : memref<32xf16> to memref<16xf16>
  %hi = VPUIP.SubView %d [16] [16] : memref<32xf16> to memref<16xf16>
  %ihi = VPUIP.SubView %in1 [16] [16] : memref<32xf16> to memref<16xf16>
  %ihi2 = VPUIP.SubView %in1 [16] [16] : memref<32xf16> to memref<16xf16>
  %cmx = VPUIP.StaticAlloc<512> -> memref<32xf16, #VPUIP.mem<CMX_NN[1]>>
  %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %0 = VPUIP.NNDMA inputs(%ihi : memref<16xf16>) outputs(%lo : memref<16xf16>) -> memref<16xf16>
    async.yield
  }
  %t1 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %1 = VPUIP.NNDMA inputs(%ihi2 : memref<16xf16>) outputs(%hi : memref<16xf16>) -> memref<16xf16>
    async.yield
  }
  %t2 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %2 = VPUIP.NNDMA inputs(%d : memref<32xf16>) outputs(%out0 : memref<32xf16>) -> memref<32xf16>
    async.yield
  }
  %t3 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
    %3 = VPUIP.NNDMA inputs(%cmx : memref<32xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out1 : memref<32xf16>) -> memref<32xf16>
    async.yield
  }
  async.await %t3 : !async.token
  return %out0, %out1 : memref<32xf16>, memref<32xf16>
}

// -----

// A function without tasks, and one already in VPURT form, are left as they are.
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: return
func.func @empty(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  return %out : memref<8xf16>
}
// CHECK-LABEL: func.func @done
// CHECK-NEXT: VPURT.DeclareBuffer <NetworkInput> [0] <0>
func.func @done(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
  VPURT.Task {
    %r = VPUIP.NNDMA inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
  }
  return %out : memref<8xf16>
}

// -----

// A generic reshape is the same bytes with another type: its declared buffer has the new type
// at the offset of its input. A constant buffer stays as it is, read directly by the task.
// CHECK-LABEL: func.func @reshape_and_constant
// CHECK-DAG: %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x4xf16>
// CHECK-DAG: %[[A:.+]] = VPURT.DeclareBuffer <DDR> <64> -> memref<8xf16>
// CHECK-DAG: %[[A2:.+]] = VPURT.DeclareBuffer <DDR> <64> -> memref<2x4xf16>
// CHECK-DAG: %[[OUT:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
// CHECK-DAG: %[[C:.+]] = const.Declare memref<8xf16> = #const.Content<dense<1.000000e+00> : tensor<8xf16>>
// CHECK: VPUIP.UPA.SW @VPU.SW::@add inputs(%[[IN]], %[[IN]] : memref<2x4xf16>, memref<2x4xf16>) outputs(%[[A2]] : memref<2x4xf16>)
// CHECK: VPUIP.UPA.SW @VPU.SW::@add inputs(%[[A]], %[[C]] : memref<8xf16>, memref<8xf16>) outputs(%[[OUT]] : memref<8xf16>)
// CHECK-NOT: VPUIP.GenericReshape
module @reshape_and_constant {
  module @VPU.SW {
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
  }
  func.func @reshape_and_constant(%in: memref<2x4xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %c = const.Declare memref<8xf16> = #const.Content<dense<1.0> : tensor<8xf16>>
    %a = VPUIP.StaticAlloc<64> -> memref<2x4xf16>
    %t0 = async.execute {
      %0 = VPUIP.UPA.SW @VPU.SW::@add inputs(%in, %in : memref<2x4xf16>, memref<2x4xf16>) outputs(%a : memref<2x4xf16>) -> memref<2x4xf16>
      async.yield
    }
    %r = VPUIP.GenericReshape %a : memref<2x4xf16> to memref<8xf16>
    %t1 = async.execute [%t0] {
      %1 = VPUIP.UPA.SW @VPU.SW::@add inputs(%r, %c : memref<8xf16>, memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    async.await %t1 : !async.token
    return %out : memref<8xf16>
  }
}
