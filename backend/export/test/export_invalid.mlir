// RUN: vpuc-translate %s --export-blob --split-input-file -verify-diagnostics -o /dev/null

// The blob writer's errors: what the VPURT form allows but a blob cannot hold.

// expected-error @+1 {{the module has no VPUIP.resources attribute: the blob needs its target (arch name and resources)}}
module {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

// expected-error @+1 {{the module has no network function (a func.func with a body in VPURT form)}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func private @decl(memref<4xf16>) -> memref<4xf16>
}

// -----

// expected-error @+1 {{the module has 2 functions with a body and no IE.CNNNetwork naming the entry point: a blob holds one network}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-note @+1 {{function @a}}
  func.func @a(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
  // expected-note @+1 {{function @b}}
  func.func @b(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  IE.CNNNetwork entryPoint : @main inputsInfo : {
    IE.DataInfo "x" : tensor<4xf16> precision f16
  } outputsInfo : {
    IE.DataInfo "y" : tensor<4xf16> precision f16
  }
  // expected-error @+1 {{'IE.CNNNetwork' op is the second IE.CNNNetwork of the module: a blob holds one network}}
  IE.CNNNetwork entryPoint : @main inputsInfo : {
    IE.DataInfo "x" : tensor<4xf16> precision f16
  } outputsInfo : {
    IE.DataInfo "y" : tensor<4xf16> precision f16
  }
  func.func private @main(memref<4xf16>) -> memref<4xf16>
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'IE.CNNNetwork' op entry point @main is not a func.func with a body}}
  IE.CNNNetwork entryPoint : @main inputsInfo : {
    IE.DataInfo "x" : tensor<4xf16> precision f16
  } outputsInfo : {
    IE.DataInfo "y" : tensor<4xf16> precision f16
  }
  func.func private @main(memref<4xf16>) -> memref<4xf16>
}

// -----

// IE.CNNNetwork describes the arguments of the entry point, which in VPURT form are the inputs and
// the outputs: it cannot describe a VPURT function.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'IE.CNNNetwork' op describes 2 input(s) and 1 output(s), but @main has 1 network input(s) and 1 network output(s)}}
  IE.CNNNetwork entryPoint : @main inputsInfo : {
    IE.DataInfo "x" : tensor<4xf16> precision f16
    IE.DataInfo "y" : tensor<4xf16> precision f16
  } outputsInfo : {
    IE.DataInfo "y" : tensor<4xf16> precision f16
  }
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op has 1 argument(s) for 2 result(s): the arguments of a VPURT function are the network inputs then the network outputs}}
  func.func @main(%out: memref<4xf16>) -> (memref<4xf16>, memref<4xf16>) {
    return %out, %out : memref<4xf16>, memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op result #0 has type 'memref<4xf16>', but network output #0 (argument #1) has type 'memref<8xf16>'}}
  func.func @main(%in: memref<4xf16>, %out: memref<8xf16>) -> memref<4xf16> {
    return %in : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op network input #0 (argument #0) has type 'memref<4xf16, #VPUIP.mem<CMX_NN[0]>>': network inputs and outputs are buffers in DDR}}
  func.func @main(%in: memref<4xf16, #VPUIP.mem<CMX_NN[0]>>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op network output #0 (argument #1) has type 'tensor<4xf16>': network inputs and outputs are buffers in DDR}}
  func.func @main(%in: memref<4xf16>, %out: tensor<4xf16>) -> tensor<4xf16> {
    return %out : tensor<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op network input #0 (argument #0): element type 'i2' has no blob type (f64, f32, f16, bf16, i1 and integers of 4, 8, 16, 32 or 64 bits do)}}
  func.func @main(%in: memref<4xi2>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op network input name 'x' is used twice (arguments #0 and #1)}}
  func.func @main(%a: memref<4xf16> {VPURT.name = "x"}, %b: memref<4xf16> {VPURT.name = "x"}, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op has 2 blocks; a VPURT function has one}}
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    return %out : memref<4xf16>
  ^bb1:
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    // expected-error @+1 {{'VPURT.DeclareBuffer' op declares a buffer in the Constant section, whose content the IR does not hold: constants are const.Declare buffers, which the blob writer places in the constant section}}
    %c = VPURT.DeclareBuffer <Constant> <0> -> memref<4xf16>
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    // expected-error @+1 {{'const.Declare' op declares a tensor; a VPURT function uses constant buffers (a memref result)}}
    %c = const.Declare tensor<4xf16> = #const.Content<dense<1.0> : tensor<4xf16>>
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.DeclareVirtualBarrier' op is a virtual barrier; the blob holds hardware barriers: assign them first (vpuc-vpurt-assign-physical-barriers)}}
    %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
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

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op is not part of the VPURT form the blob writer takes (VPURT.DeclareBuffer, const.Declare, VPURT.ConfigureBarrier, VPURT.Task, func.return)}}
    %a = VPUIP.StaticAlloc<0> -> memref<4xf16>
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    // expected-error @+1 {{'func.return' op must return the network output arguments in order: result #0 is not argument #1}}
    return %in : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    VPURT.Task {
      // expected-error @+1 {{'VPUIP.NNDMA' op operand #0 is not a buffer declared by VPURT.DeclareBuffer or const.Declare in the function body, which are the buffers a blob refers to}}
      %r = VPUIP.NNDMA inputs(%in : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
    }
    return %out : memref<4xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    // expected-error @+1 {{'VPURT.DeclareBuffer' op element type 'i2' has no blob type (f64, f32, f16, bf16, i1 and integers of 4, 8, 16, 32 or 64 bits do)}}
    %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<64xi2>
    %2 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    %3 = VPURT.DeclareBuffer <DDR> <64> -> memref<64xi2>
    VPURT.Task {
      %r = VPUIP.NNDMA inputs(%1 : memref<64xi2>) outputs(%3 : memref<64xi2>) -> memref<64xi2>
    }
    return %out : memref<4xf16>
  }
}

// -----

// A DMA into a network input: the blob checks reject what the writer produced.
// expected-error @+1 {{the written blob fails the blob checks: invalid blob: task list DMA0, task 0 'overwrite' destination: tensor 0 is written but lies in read-only NETWORK_INPUT[0]}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @main(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
    VPURT.Task {
      %r = VPUIP.NNDMA inputs(%1 : memref<4xf16>) outputs(%0 : memref<4xf16>) -> memref<4xf16>
    } loc("overwrite")
    return %out : memref<4xf16>
  }
}

// -----

// An NCE variant whose DPU index does not fit the blob's 32 bits.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>} {
  func.func @main(%x: memref<1x16x2x2xf16>, %y: memref<1x16x2x2xf16>) -> memref<1x16x2x2xf16> {
    %in = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %out = VPURT.DeclareBuffer <CMX_NN> [0] <128> -> memref<1x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    VPURT.Task {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 0, 0, 0, 0>}
          input(%in : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          outputs(%out : memref<1x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
        // expected-error @+1 {{DPU index 4294967296 does not fit the blob's 32 bits}}
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [0, 0, 15] pad [0, 0, 0, 0] dpu 4294967296 mpe VECTOR
      }
    }
    return %y : memref<1x16x2x2xf16>
  }
}
