// RUN: vpuc-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Kernel declarations
//===----------------------------------------------------------------------===//

module @VPU.SW {
  // expected-error @+1 {{'func.func' op attribute 'VPUIP.kernel_entry' must be a non-empty string}}
  func.func private @k(memref<*xf16>) attributes {VPUIP.kernel_entry = ""}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'builtin.module' op attribute 'VPUIP.kernel_entry' is only valid on a func.func}}
  module @k attributes {VPUIP.kernel_entry = "k"} {
  }
}

// -----

module @kernels {
  // expected-error @+1 {{'func.func' op kernel declaration must be in module @VPU.SW}}
  func.func private @k(memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel must be a private declaration (no body)}}
  func.func @k(%a: memref<*xf16>) attributes {VPUIP.kernel_entry = "k"} {
    return
  }
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel must be a private declaration (no body)}}
  func.func @k(memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel must not return values (it writes its output buffers)}}
  func.func private @k(memref<*xf16>) -> i32 attributes {VPUIP.kernel_entry = "k"}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel argument #1 is a buffer after a scalar: buffers come first}}
  func.func private @k(i64, memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel argument #0 has element type 'index' without a storage size}}
  func.func private @k(memref<*xindex>) attributes {VPUIP.kernel_entry = "k"}
}

// -----

module @VPU.SW {
  // expected-error @+1 {{'func.func' op kernel argument #1 has type 'tensor<4xf16>': expected a memref or an integer or float scalar}}
  func.func private @k(memref<*xf16>, tensor<4xf16>) attributes {VPUIP.kernel_entry = "k"}
}

// -----

//===----------------------------------------------------------------------===//
// SW.Kernel structure
//===----------------------------------------------------------------------===//

func.func @no_outputs(%a: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op needs at least one output buffer}}
  "VPUIP.SW.Kernel"(%a) <{kernel = @VPU.SW::@k, tile = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> ({
  ^bb0(%x: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x) : memref<4xf16>
  }) : (memref<4xf16>) -> ()
  return
}

// -----

func.func @missing_result(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op has 0 result(s) but 1 output buffer(s)}}
  VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @result_type(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op result #0 has type 'memref<4xf16, #VPUIP.mem<DDR>>', but its output buffer has type 'memref<4xf16>'}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>)
      -> memref<4xf16, #VPUIP.mem<DDR>> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @flat_reference(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op kernel @k must name a declaration in module @VPU.SW (@VPU.SW::@<name>)}}
  %0 = VPUIP.SW.Kernel @k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @body_argument_count(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op the body has 1 argument(s), but the op has 2 buffer(s)}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%y) : memref<4xf16>
  }
  return
}

// -----

func.func @body_argument_type(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op body argument #1 has type 'memref<2x2xf16>', but buffer #1 has type 'memref<4xf16>'}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<2x2xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<2x2xf16>
  }
  return
}

// -----

func.func @body_with_other_ops(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op the body must hold only a VPUIP.SW.Kernel.run terminator}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    %c = VPUIP.StaticAlloc<0> -> memref<4xf16>
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @body_without_run(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op expects a non-empty block}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
  }
  return
}

// -----

func.func @run_outside_value(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #1 of VPUIP.SW.Kernel.run is not an argument of the kernel body}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %b) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @cmx_of_other_tile(%a: memref<4xf16, #VPUIP.mem<CMX_NN[1]>>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op buffer #0 is in #VPUIP.mem<CMX_NN[1]>, but the kernel runs on tile 0}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16, #VPUIP.mem<CMX_NN[1]>>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16, #VPUIP.mem<CMX_NN[1]>>, memref<4xf16>
  }
  return
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  func.func @act_kernel_on_upa_target(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op needs activation SHAVEs, but the target VPUX30XX has UPA SHAVEs (use VPUIP.UPA.SW)}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @tile_out_of_range(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op tile 2 is out of range: the target VPUX37XX has 2 tile(s)}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 2 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @shave_out_of_range(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op SHAVE 2 is out of range: the target VPUX37XX has 2 SHAVE(s) per tile}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 1 shave 2 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

func.func @shave_without_resources(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op runs on SHAVE 1, which needs target resources (VPUIP.resources on the module): without them only SHAVE 0 of a tile is known}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 shave 1 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @negative_shave(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op attribute 'shave' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 shave -1 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// SW.Kernel.run
//===----------------------------------------------------------------------===//

func.func @string_param(%a: memref<4xf16>, %b: memref<4xf16>) {
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    // expected-error @+1 {{'VPUIP.SW.Kernel.run' op scalar parameter #0 must be an integer or float attribute, got "axis"}}
    VPUIP.SW.Kernel.run(%x, %y, "axis") : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @buffer_after_scalar(%a: memref<4xf16>, %b: memref<4xf16>) {
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    // expected-error @+1 {{buffers must come before the scalar parameters}}
    VPUIP.SW.Kernel.run(%x, 1 : i64, %y) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

func.func @trailing_comma(%a: memref<4xf16>, %b: memref<4xf16>) {
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
  ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
    // expected-error @+1 {{expected a buffer or a scalar parameter}}
    VPUIP.SW.Kernel.run(%x, %y, ) : memref<4xf16>, memref<4xf16>
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Calls against their declarations
//===----------------------------------------------------------------------===//

module {
  func.func @undeclared(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op kernel @VPU.SW::@k is not declared}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf16>)
  }
  func.func @not_a_kernel(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op kernel @VPU.SW::@k is not a kernel declaration (a func.func with a 'VPUIP.kernel_entry' attribute)}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @argument_count(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op kernel @VPU.SW::@k takes 3 argument(s), but the call passes 2 buffer(s) and 0 scalar parameter(s)}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, i64, f32) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @buffer_for_scalar(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #1 of kernel @VPU.SW::@k is a scalar of type 'i64', but the call passes a buffer}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y, 1.0 : f32) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf32>) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @element_type(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #1 of kernel @VPU.SW::@k has element type 'f32', but the call passes 'memref<4xf16>'}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<?x?xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @rank(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #0 of kernel @VPU.SW::@k has rank 2, but the call passes 'memref<4xf16>'}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<?x8xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @static_size(%a: memref<2x4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #0 of kernel @VPU.SW::@k has size 8 in dimension 1, but the call passes 'memref<2x4xf16>'}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<2x4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<2x4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<2x4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @scalar_for_buffer(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #1 of kernel @VPU.SW::@k is a buffer, but the call passes the scalar 1 : i64}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%y, 1 : i64) : memref<4xf16>
    }
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf16>, f32) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @scalar_type(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #2 of kernel @VPU.SW::@k has type 'f32', but the call passes 1 : i64}}
    %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16> {
    ^bb0(%x: memref<4xf16>, %y: memref<4xf16>):
      VPUIP.SW.Kernel.run(%x, %y, 1 : i64) : memref<4xf16>, memref<4xf16>
    }
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// SW.Runtime
//===----------------------------------------------------------------------===//

module {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op entry point @runtime must name a declaration in module @VPU.SW (@VPU.SW::@<name>)}}
  VPUIP.SW.Runtime @runtime stack_sizes [1024]
}

// -----

module {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op needs one stack size per tile}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes []
}

// -----

module {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op stack size 0 of tile 1 must be positive}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024, 0]
}

// -----

module {
  module @VPU.SW {
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  // expected-note @+1 {{the first one is here}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
  // expected-error @+1 {{'VPUIP.SW.Runtime' op is the second VPUIP.SW.Runtime of the module: there is one at most}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
}

// -----

func.func @runtime_in_function() {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op expects parent op 'builtin.module'}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
  return
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op declares the activation SHAVE runtime, but the target VPUX30XX has UPA SHAVEs}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024, 1024, 1024, 1024]
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op has 1 stack size(s), but the target VPUX37XX has 2 tile(s)}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
}

// -----

module {
  module @VPU.SW {
    func.func private @runtime(i32) attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  // expected-error @+1 {{'VPUIP.SW.Runtime' op entry point @VPU.SW::@runtime takes 1 argument(s), but the runtime kernel takes none}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
}

// -----

module {
  // expected-error @+1 {{'VPUIP.SW.Runtime' op entry point @VPU.SW::@runtime is not declared}}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [1024]
}

// -----

//===----------------------------------------------------------------------===//
// UPA.SW
//===----------------------------------------------------------------------===//

func.func @upa_no_outputs(%a: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.UPA.SW' op needs at least one output buffer}}
  "VPUIP.UPA.SW"(%a) <{kernel = @VPU.SW::@k, operandSegmentSizes = array<i32: 1, 0>}> : (memref<4xf16>) -> ()
  return
}

// -----

func.func @upa_flat_reference(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.UPA.SW' op kernel @k must name a declaration in module @VPU.SW (@VPU.SW::@<name>)}}
  %0 = VPUIP.UPA.SW @k inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @upa_string_param(%a: memref<4xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.UPA.SW' op scalar parameter #1 must be an integer or float attribute, got "x"}}
  %0 = VPUIP.UPA.SW @VPU.SW::@k inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) params [1, "x"] -> memref<4xf16>
  return
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @upa_on_act_target(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.UPA.SW' op needs UPA SHAVEs, but the target VPUX37XX has activation SHAVEs (use VPUIP.SW.Kernel)}}
    %0 = VPUIP.UPA.SW @VPU.SW::@k inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  func.func @upa_max_shaves(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.UPA.SW' op max_shaves 32 is more than the target VPUX30XX has (16)}}
    %0 = VPUIP.UPA.SW @VPU.SW::@k inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) {max_shaves = 32 : i64} -> memref<4xf16>
    return
  }
}

// -----

module {
  module @VPU.SW {
    func.func private @k(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "k"}
  }
  func.func @upa_param_type(%a: memref<4xf16>, %b: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.UPA.SW' op argument #2 of kernel @VPU.SW::@k has type 'i64', but the call passes 1.000000e+00 : f32}}
    %0 = VPUIP.UPA.SW @VPU.SW::@k inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) params [1.0 : f32] -> memref<4xf16>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// SHAVE tensor windows (kernels/abi/SwKernelAbi.h)
//===----------------------------------------------------------------------===//

// 8388616 f16 elements span 16777232 bytes: 16 more than a tensor window.
func.func @upa_window(%a: memref<8388616xf16>, %b: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.UPA.SW' op buffer #0 spans 16777232 bytes, more than a SHAVE tensor window maps (16777216 bytes): the layer must be split before it becomes a software task (vpuc-vpu-split-sw-layers)}}
  %0 = VPUIP.UPA.SW @VPU.SW::@k inputs(%a : memref<8388616xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

// An ACT kernel maps its buffers outside CMX: the DDR output is too large.
func.func @act_window(%a: memref<4xf16, #VPUIP.mem<CMX_NN[0]>>, %b: memref<2x4194305xf16>) {
  // expected-error @+1 {{'VPUIP.SW.Kernel' op buffer #1 spans 16777220 bytes, more than a SHAVE tensor window maps (16777216 bytes)}}
  %0 = VPUIP.SW.Kernel @VPU.SW::@k on tile 0 inputs(%a : memref<4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<2x4194305xf16>) -> memref<2x4194305xf16> {
  ^bb0(%x: memref<4xf16, #VPUIP.mem<CMX_NN[0]>>, %y: memref<2x4194305xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<2x4194305xf16>
  }
  return
}
