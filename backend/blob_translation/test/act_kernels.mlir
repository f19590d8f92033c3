// ACT kernels on VPUX37XX: two tiles, four executors, a physical barrier used twice. Export,
// import, re-export byte for byte, and a run on the emulator against NumPy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %s --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/c.blob
// RUN: cmp %t/a.blob %t/c.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
//
// y = softmax(x) along axis 1 on tile 0; z = relu(x) + x on tile 1.
// RUN: %python -c "import numpy as np; x = np.linspace(-3, 3, 16, dtype=np.float32).reshape(2, 8).astype(np.float16); f = x.astype(np.float32); e = np.exp(f - f.max(1, keepdims=True)); np.savez('%t/in.npz', x=x); np.savez('%t/ref.npz', y=(e / e.sum(1, keepdims=True)).astype(np.float16), z=(np.maximum(f, 0) + f).astype(np.float16))"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz | FileCheck %s --check-prefix=EMU
// RUN: vpuc compare %t/out.npz %t/ref.npz --tolerance=0.9999 | FileCheck %s --check-prefix=COMPARE

module @act_kernels attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<2x8xf16>, memref<2x8xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
    func.func private @unused(memref<*xf16>) attributes {VPUIP.kernel_entry = "unused"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 8192]

  func.func @main(%x: memref<2x8xf16> {VPURT.name = "x"}, %y: memref<2x8xf16> {VPURT.name = "y"},
                  %z: memref<2x8xf16> {VPURT.name = "z"}) -> (memref<2x8xf16>, memref<2x8xf16>) {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x8xf16> loc("x")
    %a = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>> loc("a")
    %a2 = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>> loc("a2")
    %b = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> loc("b")
    %b2 = VPURT.DeclareBuffer <CMX_NN> [1] <64> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> loc("b2")
    %c = VPURT.DeclareBuffer <CMX_NN> [1] <128> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> loc("c")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<2x8xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<2x8xf16> loc("z")
    %bar0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %bar1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %bar2 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%bar0) {
      %r = VPUIP.NNDMA inputs(%in : memref<2x8xf16>) outputs(%a : memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/load0")
    VPURT.Task updates(%bar0) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%in : memref<2x8xf16>) outputs(%b : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>
    } loc("x/load1")
    VPURT.Task waits(%bar0) updates(%bar1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%a : memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%a2 : memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%arg0: memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>, %arg1: memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%arg0, %arg1, 1 : i32) : memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    } loc("softmax")
    VPURT.Task waits(%bar0) updates(%bar1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%b : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%b2 : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> {
      ^bb0(%arg0: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, %arg1: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>
      }
    } loc("relu")
    // The run fixes the argument order: the kernel gets (b2, b, c).
    VPURT.Task waits(%bar1) updates(%bar2) {
      %r = VPUIP.SW.Kernel @VPU.SW::@add on tile 1 inputs(%b, %b2 : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%c : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> {
      ^bb0(%arg0: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, %arg1: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, %arg2: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>):
        VPUIP.SW.Kernel.run(%arg1, %arg0, %arg2) : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>
      }
    } loc("add")
    VPURT.Task waits(%bar1) {
      %r = VPUIP.NNDMA inputs(%a2 : memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<2x8xf16>) -> memref<2x8xf16>
    } loc("y/store")
    VPURT.Task waits(%bar2) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%c : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out1 : memref<2x8xf16>) -> memref<2x8xf16>
    } loc("z/store")
    return %y, %z : memref<2x8xf16>, memref<2x8xf16>
  }
}

// The kernels the ACT tasks call, in declaration order, then the runtime; the declaration tables give
// the declarations back (ranked or not, scalar types).
// CHECK:      module @VPU.SW {
// CHECK-NEXT:   func.func private @relu(memref<2x8xf16>, memref<2x8xf16>) attributes {VPUIP.kernel_entry = "relu"}
// CHECK-NEXT:   func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
// CHECK-NEXT:   func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
// CHECK-NEXT:   func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
// CHECK-NEXT: }
// CHECK-NEXT: VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 8192]
// CHECK:      func.func @main
// CHECK:        %[[A:.+]] = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT:   %[[A2:.+]] = VPURT.DeclareBuffer <CMX_NN> [0] <64>
// CHECK-NEXT:   %[[B:.+]] = VPURT.DeclareBuffer <CMX_NN> [1] <0>
// CHECK-NEXT:   %[[C:.+]] = VPURT.DeclareBuffer <CMX_NN> [1] <128>
// CHECK-NEXT:   VPURT.DeclareBuffer <NetworkOutput> [0] <0>
// CHECK-NEXT:   VPURT.DeclareBuffer <NetworkOutput> [1] <0>
// A buffer that only kernels use comes from the invocations, after the tensor references.
// CHECK-NEXT:   %[[B2:.+]] = VPURT.DeclareBuffer <CMX_NN> [1] <64>
// CHECK-NEXT:   %[[BAR0:.+]] = VPURT.ConfigureBarrier<0> {consumer_count = 2 : i64, producer_count = 2 : i64} -> !VPURT.Barrier
// CHECK-NEXT:   %[[BAR1:.+]] = VPURT.ConfigureBarrier<1> {consumer_count = 2 : i64, producer_count = 2 : i64} -> !VPURT.Barrier
// CHECK-NEXT:   %[[BAR2:.+]] = VPURT.ConfigureBarrier<0> {consumer_count = 1 : i64, producer_count = 1 : i64} -> !VPURT.Barrier
// CHECK:        VPURT.Task waits(%[[BAR0]]) updates(%[[BAR1]]) {
// CHECK-NEXT:     VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%[[A]] : {{.+}}) outputs(%[[A2]] : {{.+}})
// CHECK-NEXT:     ^bb0(%[[S0:.+]]: memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>, %[[S1:.+]]: memref<2x8xf16, #VPUIP.mem<CMX_NN[0]>>):
// CHECK-NEXT:       VPUIP.SW.Kernel.run(%[[S0]], %[[S1]], 1 : i32)
// CHECK:        VPURT.Task waits(%[[BAR0]]) updates(%[[BAR1]]) {
// CHECK-NEXT:     VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%[[B]] : {{.+}}) outputs(%[[B2]] : {{.+}})
// CHECK:        VPURT.Task waits(%[[BAR1]]) updates(%[[BAR2]]) {
// CHECK-NEXT:     VPUIP.SW.Kernel @VPU.SW::@add on tile 1 inputs(%[[B2]], %[[B]] : {{.+}}) outputs(%[[C]] : {{.+}})
// CHECK-NEXT:     ^bb0(%[[P0:.+]]: {{.+}}, %[[P1:.+]]: {{.+}}, %[[P2:.+]]: {{.+}}):
// CHECK-NEXT:       VPUIP.SW.Kernel.run(%[[P0]], %[[P1]], %[[P2]])

// INFO:      kernel data: 3 buffers, {{[0-9]+}} bytes
// INFO-NEXT: act kernels: add, relu, softmax (3 invocations)
// INFO:      barriers: 3 virtual on 2 physical
// INFO:      task lists: 4, 7 tasks
// INFO:        ACT0.0: 1 task
// INFO-NEXT:     0 'softmax' wait [0] update [1]: ActKernel 'softmax' invocation 0
// INFO-NEXT:   ACT1.0: 2 tasks
// INFO-NEXT:     0 'relu' wait [0] update [1]: ActKernel 'relu' invocation 1
// INFO-NEXT:     1 'add' wait [1] update [2]: ActKernel 'add' invocation 2

// EMU: ran 7 tasks
// COMPARE-DAG: y 2x8 {{.+}} ok
// COMPARE-DAG: z 2x8 {{.+}} ok
