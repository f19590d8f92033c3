// RUN: vpuc-translate %s --export-blob --split-input-file -verify-diagnostics -o /dev/null

// The blob writer's errors on software kernels (ACT kernels and UPA layers).

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op operand #0 is not a buffer declared by VPURT.DeclareBuffer or const.Declare in the function body, which are the buffers a blob refers to}}
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<8xf16>) outputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<8xf16>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

// A kernel argument that one call reads and another writes.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-note @+1 {{the earlier call}}
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op passes an output as argument #0 of kernel @VPU.SW::@relu, which an earlier call passes an input to: the blob records one role per kernel argument}}
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%0 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%b, %a) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op needs the ACT runtime, but the module has no VPUIP.SW.Runtime (the blob records its stack sizes)}}
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  // expected-error @+1 {{'VPUIP.SW.Runtime' op stack size 5000000000 does not fit the blob's 32-bit stack sizes}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [5000000000]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    return %out : memref<8xf16>
  }
}

// -----

// A target with a CMX larger than the 16 MB window of a kernel.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 33554432, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <16777216> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op buffer #1 ends at CMX byte 16777232, beyond the 16 MB window WIN_F of the kernel}}
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @mask(memref<*xi2>, memref<*xi2>) attributes {VPUIP.kernel_entry = "mask"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<64xi2, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<64xi2, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op buffer #0: element type 'i2' has no blob type (f64, f32, f16, bf16, i1 and integers of 4, 8, 16, 32 or 64 bits do)}}
      %r = VPUIP.SW.Kernel @VPU.SW::@mask on tile 0 inputs(%0 : memref<64xi2, #VPUIP.mem<CMX_NN[0]>>) outputs(%1 : memref<64xi2, #VPUIP.mem<CMX_NN[0]>>) -> memref<64xi2, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<64xi2, #VPUIP.mem<CMX_NN[0]>>, %b: memref<64xi2, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b) : memref<64xi2, #VPUIP.mem<CMX_NN[0]>>, memref<64xi2, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @scale(memref<*xf16>, memref<*xf16>, f16) attributes {VPUIP.kernel_entry = "scale"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op scalar parameter #0 has type 'f16': the kernel ABI passes i32, i64 and f32 scalars}}
      %r = VPUIP.SW.Kernel @VPU.SW::@scale on tile 0 inputs(%0 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%1 : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%a: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%a, %b, 2.0 : f16) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @elu(memref<*xf16>, memref<*xf16>, f32) attributes {VPUIP.kernel_entry = "elu"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.UPA.SW' op passes scalar parameters to kernel 'elu', which the kernel library does not have, so the blob schema has no parameter table for it}}
      %r = VPUIP.UPA.SW @VPU.SW::@elu inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) params [1.0 : f32] -> memref<8xf16>
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.UPA.SW' op passes scalar parameters (i64) to kernel 'softmax', whose ABI scalars are (i32)}}
      %r = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) params [0 : i64] -> memref<8xf16>
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @clamp(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "clamp"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.UPA.SW' op passes scalar parameters () to kernel 'clamp', whose ABI scalars are (f32, f32)}}
      %r = VPUIP.UPA.SW @VPU.SW::@clamp inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    }
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @cumsum(memref<*xf16>, memref<*xf16>, i32, i32, i32) attributes {VPUIP.kernel_entry = "cumsum"}
  }
  func.func @main(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.UPA.SW' op UPA parameters of kernel 'cumsum': scalar 'reverse' is a flag, got -1}}
      %r = VPUIP.UPA.SW @VPU.SW::@cumsum inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) params [0 : i32, 1 : i32, -1 : i32] -> memref<8xf16>
    }
    return %out : memref<8xf16>
  }
}
