// RUN: vpuc-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// DeclareBuffer
//===----------------------------------------------------------------------===//

func.func @missing_index(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op section NetworkInput needs an index: <NetworkInput> [<index>]}}
  %0 = VPURT.DeclareBuffer <NetworkInput> <0> -> memref<4xf16>
  return %out : memref<4xf16>
}

// -----

func.func @unexpected_index() {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op section DDR takes no index}}
  %0 = VPURT.DeclareBuffer <DDR> [0] <0> -> memref<4xf16>
  return
}

// -----

func.func @ddr_section_cmx_buffer() {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer in #VPUIP.mem<CMX_NN[0]> does not match section DDR, which is in #VPUIP.mem<DDR>}}
  %0 = VPURT.DeclareBuffer <DDR> <0> -> memref<4xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @cmx_of_other_cluster() {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer in #VPUIP.mem<CMX_NN[0]> does not match section CMX_NN, which is in #VPUIP.mem<CMX_NN[1]>}}
  %0 = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<4xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @misaligned() {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op byte offset 3 is not a multiple of the element size (2 bytes)}}
  %0 = VPURT.DeclareBuffer <DDR> <3> -> memref<4xf16>
  return
}

// -----

func.func @more_results_than_arguments(%in: memref<4xf16>) -> (memref<4xf16>, memref<4xf16>) {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op the function has fewer arguments than results; its arguments must be the network inputs then the network outputs}}
  %0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  return %in, %in : memref<4xf16>, memref<4xf16>
}

// -----

func.func @input_index_out_of_range(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op network input index 1 is out of range: the function has 1 network input(s)}}
  %0 = VPURT.DeclareBuffer <NetworkInput> [1] <0> -> memref<4xf16>
  return %out : memref<4xf16>
}

// -----

func.func @output_not_a_buffer(%in: memref<4xf16>, %out: memref<?xf16>) -> memref<?xf16> {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op network output #0 (function argument #1) has type 'memref<?xf16>', which is not a buffer}}
  %0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  return %out : memref<?xf16>
}

// -----

func.func @beyond_output(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer ends at byte 10, beyond network output #0 (8 bytes)}}
  %0 = VPURT.DeclareBuffer <NetworkOutput> [0] <4> -> memref<3xf16>
  return %out : memref<4xf16>
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 8, max_producers = 2,
    max_consumers = 2>} {
  func.func @cmx_cluster_out_of_range() {
    // expected-error @+1 {{'VPURT.DeclareBuffer' op CMX_NN index 2 is out of range: the target VPUX37XX has 2 cluster(s)}}
    %0 = VPURT.DeclareBuffer <CMX_NN> [2] <0> -> memref<4xf16, #VPUIP.mem<CMX_NN[2]>>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 8, max_producers = 2,
    max_consumers = 2>} {
  func.func @beyond_cmx() {
    // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer ends at byte 1032, beyond the usable CMX of the target (1024 bytes)}}
    %0 = VPURT.DeclareBuffer <CMX_NN> [1] <1024> -> memref<4xf16, #VPUIP.mem<CMX_NN[1]>>
    return
  }
}

// -----

module attributes {VPURT.section_sizes = {DDR = 64 : i64}} {
  func.func @beyond_ddr() {
    %ok = VPURT.DeclareBuffer <DDR> <56> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer ends at byte 66, beyond the DDR section (64 bytes)}}
    %0 = VPURT.DeclareBuffer <DDR> <58> -> memref<4xf16>
    return
  }
}

// -----

module attributes {VPURT.section_sizes = {Constant = 16 : i64}} {
  func.func @beyond_constants() {
    // Unknown DDR size: not checked.
    %ddr = VPURT.DeclareBuffer <DDR> <4096> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.DeclareBuffer' op buffer ends at byte 24, beyond the Constant section (16 bytes)}}
    %0 = VPURT.DeclareBuffer <Constant> <16> -> memref<4xf16>
    return
  }
}

// -----

module {
  // expected-error @+1 {{'VPURT.DeclareBuffer' op expects parent op 'func.func'}}
  %0 = VPURT.DeclareBuffer <DDR> <0> -> memref<4xf16>
}

// -----

//===----------------------------------------------------------------------===//
// VPURT.section_sizes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'func.func' op attribute 'VPURT.section_sizes' is only valid on a module}}
func.func @sizes_on_function() attributes {VPURT.section_sizes = {DDR = 64 : i64}} {
  return
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPURT.section_sizes' must be a dictionary of section sizes in bytes, e.g. {DDR = 4096 : i64}}}
module attributes {VPURT.section_sizes = [64]} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPURT.section_sizes' gives the size of 'CMX_NN': only the DDR and Constant sections have a recorded size}}
module attributes {VPURT.section_sizes = {CMX_NN = 64 : i64}} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPURT.section_sizes': the size of section DDR must be a non-negative integer}}
module attributes {VPURT.section_sizes = {DDR = -1 : i64}} {
}

// -----

// expected-error @+1 {{'builtin.module' op unknown VPURT attribute 'VPURT.sections'}}
module attributes {VPURT.sections = {DDR = 1 : i64}} {
}

// -----

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

func.func @barrier_returned() -> !VPURT.Barrier {
  // expected-error @+1 {{'VPURT.DeclareVirtualBarrier' op is used by 'func.return', but only VPURT.Task ops may use a barrier}}
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  return %b : !VPURT.Barrier
}

// -----

func.func @waited_never_updated(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.DeclareVirtualBarrier' op is waited on by 1 task(s), but no task updates it}}
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  // expected-note @+1 {{the first waiting task}}
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @updated_never_waited(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.ConfigureBarrier' op is updated by 2 task(s), but no task waits on it}}
  %b = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
  // expected-note @+1 {{the first updating task}}
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @producer_count(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.ConfigureBarrier' op producer_count 2 differs from the count of the tasks that update the barrier (1)}}
  %b = VPURT.ConfigureBarrier<1> {producer_count = 2 : i64} -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @consumer_count(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.ConfigureBarrier' op consumer_count 0 differs from the count of the tasks that wait on the barrier (1)}}
  %b = VPURT.ConfigureBarrier<1> {producer_count = 1 : i64, consumer_count = 0 : i64} -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 8, max_producers = 2,
    max_consumers = 1>} {
  func.func @barrier_id_out_of_range() {
    // expected-error @+1 {{'VPURT.ConfigureBarrier' op barrier id 8 is out of range: the target VPUX37XX has 8 usable barrier(s)}}
    %b = VPURT.ConfigureBarrier<8> -> !VPURT.Barrier
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 8, max_producers = 2,
    max_consumers = 1>} {
  func.func @too_many_producers(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.ConfigureBarrier' op has 3 producer(s), more than a barrier of the target VPUX37XX takes (2)}}
    %b = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    VPURT.Task waits(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 8, max_producers = 2,
    max_consumers = 1>} {
  func.func @too_many_consumers(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.ConfigureBarrier' op has 2 consumer(s), more than a barrier of the target VPUX37XX takes (1)}}
    %b = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    VPURT.Task waits(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    VPURT.Task waits(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    return %out : memref<4xf16>
  }
}

// -----

//===----------------------------------------------------------------------===//
// Task
//===----------------------------------------------------------------------===//

func.func @empty_task() {
  // expected-error @+1 {{'VPURT.Task' op the body must hold exactly one VPUIP task op}}
  VPURT.Task {
  }
  return
}

// -----

func.func @two_ops(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.Task' op the body must hold exactly one VPUIP task op}}
  VPURT.Task {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    %s = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @block_argument(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.Task' op the body takes no arguments}}
  VPURT.Task {
  ^bb0(%x: memref<4xf16>):
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%x : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @not_a_task(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.Task' op the body holds 'VPUIP.Copy', which is not a VPUIP task (VPUIP_TaskOpInterface)}}
  VPURT.Task {
    %r = VPUIP.Copy inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @barrier_argument(%b: !VPURT.Barrier) {
  %0 = VPURT.DeclareBuffer <DDR> <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <DDR> <8> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.Task' op wait barrier #0 is not the result of a VPURT.DeclareVirtualBarrier or VPURT.ConfigureBarrier}}
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return
}

// -----

func.func @update_barrier_argument(%b: !VPURT.Barrier) {
  %0 = VPURT.DeclareBuffer <DDR> <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <DDR> <8> -> memref<4xf16>
  // expected-error @+1 {{'VPURT.Task' op update barrier #0 is not the result of a VPURT.DeclareVirtualBarrier or VPURT.ConfigureBarrier}}
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return
}

// -----

func.func @waits_twice(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  // expected-error @+1 {{'VPURT.Task' op waits twice on one barrier (wait barrier #1)}}
  VPURT.Task waits(%b, %b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @updates_twice(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  // expected-error @+1 {{'VPURT.Task' op updates one barrier twice (update barrier #1)}}
  VPURT.Task updates(%b, %b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

func.func @waits_on_own_barrier(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  // expected-error @+1 {{'VPURT.Task' op waits on a barrier it updates (update barrier #0), so it could never start}}
  VPURT.Task waits(%b) updates(%b) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}

// -----

// A kernel call inside a task is still checked against its declaration.
module {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
  }
  func.func @kernel_call_mismatch(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.SW.Kernel' op argument #2 of kernel @VPU.SW::@softmax has type 'i64', but the call passes 1 : i32}}
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16> {
      ^bb0(%a: memref<4xf16>, %b: memref<4xf16>):
        VPUIP.SW.Kernel.run(%a, %b, 1 : i32) : memref<4xf16>, memref<4xf16>
      }
    }
    return %out : memref<4xf16>
  }
}

// -----

//===----------------------------------------------------------------------===//
// Argument attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'func.func' op argument attribute 'VPURT.name' of argument #1 must be a non-empty string (the network input or output name)}}
func.func @empty_name(%in: memref<4xf16>, %out: memref<4xf16> {VPURT.name = ""}) -> memref<4xf16> {
  return %out : memref<4xf16>
}

// -----

// expected-error @+1 {{'func.func' op argument attribute 'VPURT.name' of argument #0 must be a non-empty string (the network input or output name)}}
func.func @not_a_string(%in: memref<4xf16> {VPURT.name = 1 : i64}, %out: memref<4xf16>) -> memref<4xf16> {
  return %out : memref<4xf16>
}

// -----

// expected-error @+1 {{'func.func' op unknown VPURT argument attribute 'VPURT.label'}}
func.func @unknown_arg_attr(%in: memref<4xf16> {VPURT.label = "x"}, %out: memref<4xf16>) -> memref<4xf16> {
  return %out : memref<4xf16>
}
