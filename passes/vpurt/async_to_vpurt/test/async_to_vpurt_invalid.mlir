// RUN: vpuc-opt %s --vpuc-vpurt-async-to-vpurt --split-input-file --verify-diagnostics

func.func @not_placed(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %a = memref.alloc() : memref<8xf16>
  %t = async.execute {
    // expected-error @+1 {{'VPUIP.NNDMA' op uses a buffer of type 'memref<8xf16>' that is not placed yet (memref.alloc); run the memory allocation (e.g. vpuc-vpuip-ddr-static-allocation) first}}
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

memref.global "private" constant @weights : memref<8xf16> = dense<1.0>
func.func @no_section(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %w = memref.get_global @weights : memref<8xf16>
  %t = async.execute {
    // expected-error @+1 {{'VPUIP.NNDMA' op uses a buffer of type 'memref<8xf16>' defined by 'memref.get_global', which has no runtime section (only function arguments and VPUIP.StaticAlloc buffers have one)}}
    %0 = VPUIP.NNDMA inputs(%w : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

func.func @unknown_offset(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %a = VPUIP.StaticAlloc<0> -> memref<8xf16>
  %c = memref.cast %a : memref<8xf16> to memref<8xf16>
  %t = async.execute {
    // expected-error @+1 {{'VPUIP.NNDMA' op uses a buffer of type 'memref<8xf16>' through a view whose byte offset is unknown ('memref.cast')}}
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%c : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

func.func @async_values(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'async.execute' op passes async values; only token dependencies can become barriers (buffers are used directly in the regions)}}
  %t, %v = async.execute -> !async.value<memref<8xf16>> {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield %0 : memref<8xf16>
  }
  return %out : memref<8xf16>
}

// -----

func.func @two_tasks(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'async.execute' op must hold exactly one VPUIP task (VPUIP_TaskOpInterface) and its yield}}
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    %1 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

func.func @not_a_task(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'async.execute' op must hold exactly one VPUIP task (VPUIP_TaskOpInterface) and its yield}}
  %t = async.execute {
    %0 = VPUIP.Copy inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

func.func @returns_input(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'func.return' op returns something else than output argument #1 as result #0; the function must return its output arguments in order (run vpuc-vpuip-add-buffers-for-net-results first)}}
  return %in : memref<8xf16>
}

// -----

// expected-error @+1 {{'func.func' op has 2 results but 1 arguments; the arguments must be the network inputs then the network outputs (run vpuc-vpuip-add-buffers-for-net-results first)}}
func.func @too_few_arguments(%in: memref<8xf16>) -> (memref<8xf16>, memref<8xf16>) {
  return %in, %in : memref<8xf16>, memref<8xf16>
}

// -----

func.func @groups(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %c = arith.constant 1 : index
  // expected-error @+1 {{'async.create_group' op has no VPURT form; only async.execute and async.await are supported}}
  %g = async.create_group %c : !async.group
  return %out : memref<8xf16>
}

// -----

func.func @leftover(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  // expected-error @+1 {{'memref.copy' op has no VPURT form: only buffers, barriers, tasks and the return remain after the conversion}}
  memref.copy %in, %out : memref<8xf16> to memref<8xf16>
  return %out : memref<8xf16>
}

// -----

func.func @mixed(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
  // expected-error @+1 {{'VPURT.Task' op is mixed with async regions}}
  VPURT.Task {
    %r = VPUIP.NNDMA inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
  }
  %t = async.execute {
    %r = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

func.func @token_use(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %t = async.execute {
    %r = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  %c = arith.constant 1 : index
  %g = async.create_group %c : !async.group
  // expected-error @+1 {{'async.add_to_group' op uses the token of an async region; only async.execute dependencies and async.await can}}
  %i = async.add_to_group %t, %g : !async.token
  return %out : memref<8xf16>
}

// -----

func.func @cmx_argument(%in: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %out: memref<8xf16>) -> memref<8xf16> {
  %t = async.execute {
    // expected-error @+1 {{'VPUIP.NNDMA' op uses a buffer of type 'memref<8xf16, #VPUIP.mem<CMX_NN[0]>>' of function argument #0, which is not in DDR; network inputs and outputs live in DDR}}
    %r = VPUIP.NNDMA inputs(%in : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; the VPURT form has a body of one block}}
func.func @blocks(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  cf.br ^next
^next:
  return %out : memref<8xf16>
}

// -----

module {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @constant_view(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %c = const.Declare memref<2x4xf16> = #const.Content<dense<1.0> : tensor<2x4xf16>>
    %v = VPUIP.GenericReshape %c : memref<2x4xf16> to memref<8xf16>
    %t = async.execute {
      // expected-error @+1 {{'VPUIP.UPA.SW' op uses a buffer of type 'memref<8xf16>' through a view of a constant buffer ('const.Declare'); tasks read constant buffers directly}}
      %r = VPUIP.UPA.SW @VPU.SW::@relu inputs(%v : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    return %out : memref<8xf16>
  }
}
