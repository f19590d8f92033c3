// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip=tile=1 | FileCheck %s --check-prefix=TILE1
// Software layers on a target with activation SHAVEs (VPUX37XX): VPUIP.SW.Kernel calls, the
// kernel declarations in module @VPU.SW, the runtime kernel and its stacks.

// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK: module @VPU.SW {
// CHECK-NEXT: func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
// CHECK-NEXT: func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
// CHECK-NEXT: }
// CHECK-NEXT: VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.+]]: memref<1x1000xf16>) -> memref<1x1000xf16>
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<1x1000xf16>
// CHECK-NEXT: %[[R:.+]] = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%[[X]] : memref<1x1000xf16>) outputs(%[[BUF]] : memref<1x1000xf16>) -> memref<1x1000xf16> {
// CHECK-NEXT: ^bb0(%[[A:.+]]: memref<1x1000xf16>, %[[B:.+]]: memref<1x1000xf16>):
// CHECK-NEXT: VPUIP.SW.Kernel.run(%[[A]], %[[B]], 1 : i32) : memref<1x1000xf16>, memref<1x1000xf16>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : memref<1x1000xf16>
// TILE1: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 1
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @softmax(%x: tensor<1x1000xf16>) -> tensor<1x1000xf16> {
    %0 = VPU.SW.SoftMax(%x) {axis = 1 : i64} : tensor<1x1000xf16> -> tensor<1x1000xf16>
    return %0 : tensor<1x1000xf16>
  }
}

// -----

// Layouts and memories: the buffer of a tensor is compact in its order, in its memory.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @layouts
// CHECK-SAME: (%[[X:.+]]: memref<1x16x4x4xf16, #[[$NHWC]]>, %[[Y:.+]]: memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>)
// CHECK-SAME: -> (memref<1x16x4x4xf16, #[[$NHWC]]>, memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>)
// CHECK: %[[B0:.+]] = memref.alloc() : memref<1x16x4x4xf16, #[[$NHWC]]>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[X]] : memref<1x16x4x4xf16, #[[$NHWC]]>) outputs(%[[B0]] : memref<1x16x4x4xf16, #[[$NHWC]]>)
// CHECK: %[[B1:.+]] = memref.alloc() : memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[Y]] : memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>) outputs(%[[B1]] :
// The tile option places kernels on DDR tensors; a kernel on CMX tensors runs on their tile.
// TILE1-LABEL: func.func @layouts
// TILE1: VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%{{.+}} : memref<1x16x4x4xf16, #{{.+}}>)
// TILE1: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%{{.+}} : memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @layouts(%x: tensor<1x16x4x4xf16, #NHWC>,
                     %y: tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>)
      -> (tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>) {
    %0 = VPU.SW.ReLU(%x) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
    %1 = VPU.SW.ReLU(%y) : tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
        -> tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
    return %0, %1 : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
  }
}

// -----

// Constants become constant buffers with the same content; an absent bias is an empty
// constant buffer.
// CHECK-LABEL: func.func @convolution_without_bias
// CHECK-SAME: (%[[X:.+]]: memref<1x3x8x8xf16>)
// CHECK-DAG: %[[W:.+]] = const.Declare memref<4x3x3x3xf16> = #const.Content<dense<1.000000e+00> : tensor<4x3x3x3xf32>, [#const.ConvertElemType<f16>]>
// CHECK-DAG: %[[NONE:.+]] = const.Declare memref<0xf16> = #const.Content<dense<> : tensor<0xf16>>
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<1x4x6x6xf16>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@convolution on tile 0 inputs(%[[X]], %[[W]], %[[NONE]] : memref<1x3x8x8xf16>, memref<4x3x3x3xf16>, memref<0xf16>) outputs(%[[BUF]] : memref<1x4x6x6xf16>)
// CHECK: VPUIP.SW.Kernel.run(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, 1 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32, 1 : i32, 1 : i32, -1 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @convolution_without_bias(%x: tensor<1x3x8x8xf16>) -> tensor<1x4x6x6xf16> {
    %w = const.Declare tensor<4x3x3x3xf16> = #const.Content<dense<1.0> : tensor<4x3x3x3xf32>, [#const.ConvertElemType<f16>]>
    %0 = VPU.SW.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf16> -> tensor<1x4x6x6xf16>
    return %0 : tensor<1x4x6x6xf16>
  }
}

// -----

// A convolution with a bias passes it; a reordered constant keeps its order in the buffer type.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @convolution_bias
// CHECK-DAG: %[[W:.+]] = const.Declare memref<4x3x3x3xf16, #{{.+}}> = #const.Content<dense<1.000000e+00> : tensor<4x3x3x3xf16>, [#const.Reorder<#{{.+}}>]>
// CHECK-DAG: %[[B:.+]] = const.Declare memref<4xf16> = #const.Content<dense<5.000000e-01> : tensor<4xf16>>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@convolution on tile 0 inputs(%{{.+}}, %[[W]], %[[B]] :
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @convolution_bias(%x: tensor<1x3x8x8xf16>) -> tensor<1x4x6x6xf16> {
    %w = const.Declare tensor<4x3x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<4x3x3x3xf16>, [#const.Reorder<#NHWC>]>
    %b = const.Declare tensor<4xf16> = #const.Content<dense<0.5> : tensor<4xf16>>
    %0 = VPU.SW.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf16, #NHWC>, tensor<4xf16> -> tensor<1x4x6x6xf16>
    return %0 : tensor<1x4x6x6xf16>
  }
}

// -----

// One declaration per kernel and element types: named after the kernel when every buffer is
// f16, with the element types otherwise; layers that share one reuse it.
// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK: module @VPU.SW {
// CHECK-NEXT: func.func private @convert_f32_f16(memref<*xf32>, memref<*xf16>) attributes {VPUIP.kernel_entry = "convert"}
// CHECK-NEXT: func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
// CHECK-NEXT: func.func private @add_f32_f32_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {VPUIP.kernel_entry = "add"}
// CHECK-NEXT: func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
// CHECK-NEXT: }
// CHECK-LABEL: func.func @declarations
// CHECK: VPUIP.SW.Kernel @VPU.SW::@convert_f32_f16
// CHECK: VPUIP.SW.Kernel @VPU.SW::@add on
// CHECK: VPUIP.SW.Kernel @VPU.SW::@add on
// CHECK: VPUIP.SW.Kernel @VPU.SW::@add_f32_f32_f32 on
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @declarations(%x: tensor<1x8xf32>, %y: tensor<1x8xf16>) -> (tensor<1x8xf16>, tensor<1x8xf32>) {
    %0 = VPU.SW.Convert(%x) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
    %1 = VPU.SW.Add(%0, %y) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
    %2 = VPU.SW.Add(%1, %1) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
    %3 = VPU.SW.Add(%x, %x) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
    return %2, %3 : tensor<1x8xf16>, tensor<1x8xf32>
  }
}

// -----

// An existing module @VPU.SW and runtime are kept; identical declarations are reused.
// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK: module @VPU.SW {
// CHECK-NEXT: func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
// CHECK-NEXT: func.func private @rt() attributes {VPUIP.kernel_entry = "nnActEntry"}
// CHECK-NEXT: }
// CHECK-NEXT: VPUIP.SW.Runtime @VPU.SW::@rt stack_sizes [4096, 4096]
// CHECK-NOT: VPUIP.SW.Runtime
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @rt() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@rt stack_sizes [4096, 4096]
  func.func @existing(%x: tensor<8xf16>) -> tensor<8xf16> {
    %0 = VPU.SW.ReLU(%x) : tensor<8xf16> -> tensor<8xf16>
    return %0 : tensor<8xf16>
  }
}

// -----

// A module without software layers gets no kernel module and no runtime.
// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK-NOT: VPU.SW
// CHECK-NOT: VPUIP.SW.Runtime
// CHECK: func.func @no_kernels(%{{.+}}: memref<8xf16>) -> memref<8xf16>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @no_kernels(%x: tensor<8xf16>) -> tensor<8xf16> {
    return %x : tensor<8xf16>
  }
}
