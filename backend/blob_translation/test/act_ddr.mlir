// ACT kernels on tensors outside the tile's CMX (VPUX37XX, schema 1.2): a convolution reads the
// network input and a constant filter, has no bias (a zero-element constant) and writes DDR
// scratch; an add reads the scratch and a CMX copy of the input and writes a network output; a
// softmax goes from the network input straight to a network output. Those operands become
// tensor references and relocations. Export, import, re-export byte for byte, and a run on the
// emulator against NumPy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
//
// y = conv1x1(x, w) + x; z = softmax(x) along axis 1.
// RUN: %python -c "import numpy as np; x = np.linspace(-2, 2, 32, dtype=np.float32).reshape(1, 2, 4, 4).astype(np.float16); f = x.astype(np.float32); w = np.array([[1.5, -0.5], [0.25, 2.0]], np.float32); c = np.einsum('oc,nchw->nohw', w, f).astype(np.float16).astype(np.float32); e = np.exp(f - f.max(1, keepdims=True)); np.savez('%t/in.npz', x=x); np.savez('%t/ref.npz', y=(c + f).astype(np.float16), z=(e / e.sum(1, keepdims=True)).astype(np.float16))"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz | FileCheck %s --check-prefix=EMU
// RUN: vpuc compare %t/out.npz %t/ref.npz --tolerance=0.9999 | FileCheck %s --check-prefix=COMPARE

module @act_ddr attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @convolution(memref<*xf16>, memref<*xf16>, memref<*xf16>, memref<*xf16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32) attributes {VPUIP.kernel_entry = "convolution"}
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]

  func.func @main(%x: memref<1x2x4x4xf16> {VPURT.name = "x"}, %y: memref<1x2x4x4xf16> {VPURT.name = "y"},
                  %z: memref<1x2x4x4xf16> {VPURT.name = "z"}) -> (memref<1x2x4x4xf16>, memref<1x2x4x4xf16>) {
    %w = const.Declare memref<2x2x1x1xf16> = #const.Content<dense<[[[[1.5]], [[-0.5]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf16>> loc("w")
    %nobias = const.Declare memref<0xf16> = #const.Content<dense<> : tensor<0xf16>> loc("no_bias")
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x4x4xf16> loc("x")
    %conv = VPURT.DeclareBuffer <DDR> <0> -> memref<1x2x4x4xf16> loc("conv")
    %xc = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>> loc("x_cmx")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x2x4x4xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x2x4x4xf16> loc("z")
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<1x2x4x4xf16>) outputs(%xc : memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
    } loc("x/load")
    VPURT.Task updates(%b0) {
      %r = VPUIP.SW.Kernel @VPU.SW::@convolution on tile 0 inputs(%in, %w, %nobias : memref<1x2x4x4xf16>, memref<2x2x1x1xf16>, memref<0xf16>) outputs(%conv : memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16> {
      ^bb0(%a: memref<1x2x4x4xf16>, %b: memref<2x2x1x1xf16>, %c: memref<0xf16>, %d: memref<1x2x4x4xf16>):
        VPUIP.SW.Kernel.run(%a, %b, %c, %d, 1 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32, 1 : i32, 1 : i32, -1 : i32, 0.0 : f32, 0.0 : f32) : memref<1x2x4x4xf16>, memref<2x2x1x1xf16>, memref<0xf16>, memref<1x2x4x4xf16>
      }
    } loc("conv")
    VPURT.Task waits(%b0) {
      %r = VPUIP.SW.Kernel @VPU.SW::@add on tile 1 inputs(%conv, %xc : memref<1x2x4x4xf16>, memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out0 : memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16> {
      ^bb0(%a: memref<1x2x4x4xf16>, %b: memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>, %c: memref<1x2x4x4xf16>):
        VPUIP.SW.Kernel.run(%a, %b, %c) : memref<1x2x4x4xf16>, memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>, memref<1x2x4x4xf16>
      }
    } loc("add")
    VPURT.Task {
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%in : memref<1x2x4x4xf16>) outputs(%out1 : memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16> {
      ^bb0(%a: memref<1x2x4x4xf16>, %b: memref<1x2x4x4xf16>):
        VPUIP.SW.Kernel.run(%a, %b, 1 : i32) : memref<1x2x4x4xf16>, memref<1x2x4x4xf16>
      }
    } loc("softmax")
    return %y, %z : memref<1x2x4x4xf16>, memref<1x2x4x4xf16>
  }
}

// The reader gives the kernels their DDR, network and constant buffers back; the zero-element
// constant stays a zero-element constant.
// CHECK-LABEL: module @act_ddr
// CHECK:       %[[W:.+]] = const.Declare memref<2x2x1x1xf16> = #const.Content<dense_resource<w> : tensor<2x2x1x1xf16>>
// CHECK-NEXT:  %[[NOBIAS:.+]] = const.Declare memref<0xf16> = #const.Content<dense_resource<no_bias> : tensor<0xf16>>
// CHECK-NEXT:  %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x4x4xf16>
// CHECK-NEXT:  %[[CONV:.+]] = VPURT.DeclareBuffer <DDR> <0> -> memref<1x2x4x4xf16>
// CHECK-NEXT:  %[[XC:.+]] = VPURT.DeclareBuffer <CMX_NN> [1] <0>
// CHECK-NEXT:  %[[Y:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0>
// CHECK-NEXT:  %[[Z:.+]] = VPURT.DeclareBuffer <NetworkOutput> [1] <0>
// CHECK:       VPUIP.SW.Kernel @VPU.SW::@convolution on tile 0 inputs(%[[IN]], %[[W]], %[[NOBIAS]] : memref<1x2x4x4xf16>, memref<2x2x1x1xf16>, memref<0xf16>) outputs(%[[CONV]] : memref<1x2x4x4xf16>)
// CHECK:       VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%[[IN]] : memref<1x2x4x4xf16>) outputs(%[[Z]] : memref<1x2x4x4xf16>)
// CHECK:       VPUIP.SW.Kernel @VPU.SW::@add on tile 1 inputs(%[[CONV]], %[[XC]] : memref<1x2x4x4xf16>, memref<1x2x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[Y]] : memref<1x2x4x4xf16>)
// CHECK:       no_bias: "0x08000000"

// Each relocation names the descriptor's offset in the arguments and the tensor.
// INFO:      a.blob: schema 2.8, arch VPUX37XX
// INFO:      0 'conv' wait [] update [0]: ActKernel 'convolution' invocation 0 (args 336 bytes in kernel data 0)
// INFO-NEXT:     @0 <- tensor 2 'x' NETWORK_INPUT[0]@0 f16 1x2x4x4 NCHW (64 bytes)
// INFO-NEXT:     @32 <- tensor 0 'w' CONSTANT@0 f16 2x2x1x1 NCHW (8 bytes)
// INFO-NEXT:     @64 <- tensor 1 'no_bias' CONSTANT@64 f16 0 C (0 bytes)
// INFO-NEXT:     @96 <- tensor 3 'conv' DDR_SCRATCH@0 f16 1x2x4x4 NCHW (64 bytes)
// INFO:      0 'add' wait [0] update []: ActKernel 'add' invocation 2 (args 240 bytes in kernel data 2)
// INFO-NEXT:     @0 <- tensor 3 'conv' DDR_SCRATCH@0 f16 1x2x4x4 NCHW (64 bytes)
// INFO-NEXT:     @64 <- tensor 5 'y' NETWORK_OUTPUT[0]@0 f16 1x2x4x4 NCHW (64 bytes)

// EMU: ran 4 tasks
// COMPARE-DAG: y 1x2x4x4 {{.+}} ok
// COMPARE-DAG: z 1x2x4x4 {{.+}} ok
