// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip --mlir-print-local-scope | FileCheck %s
// The `cluster` of a VPU.NCE op chooses the CMX_NN[c] of its buffers, hence the cluster whose
// DPUs run its NCE cluster task; the variants stay split over that cluster's DPUs.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// VPUX30XX: the four SplitOverKernel pieces of a convolution on clusters 0..3, five DPUs each.
// CHECK-LABEL: func.func @sok_pieces(
// CHECK-COUNT-3: memref.alloc() : {{.*}}#VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[O0:.+]] = memref.alloc() : memref<1x16x10x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>
// CHECK: VPUIP.NCEClusterTask<CONV> {{.*}} outputs(%[[O0]] :
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [1, 0, 1, 1] dpu 0
// CHECK: VPUIP.DPUTask outStart [0, 8, 0] outEnd [7, 9, 15] pad [0, 1, 1, 1] dpu 4
// CHECK: %[[X1:.+]] = memref.alloc() : memref<1x16x10x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.Copy inputs(%arg0 : {{.+}}) outputs(%[[X1]] : {{.+}})
// CHECK: memref.alloc() : memref<16x16x3x3xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK: memref.alloc() : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[1]>>
// CHECK: %[[O1:.+]] = memref.alloc() : memref<1x16x10x8xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.NCEClusterTask<CONV> {{.*}} input(%{{.*}} : memref<1x16x10x8xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>) {{.*}} outputs(%[[O1]] :
// CHECK-NEXT: VPUIP.DPUTask {{.*}} dpu 0
// CHECK: memref.alloc() : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[2]>>
// CHECK: %[[O2:.+]] = memref.alloc() : memref<1x16x10x8xf16, {{.*}}, #VPUIP.mem<CMX_NN[2]>>
// CHECK: VPUIP.NCEClusterTask<CONV> {{.*}} outputs(%[[O2]] :
// CHECK: memref.alloc() : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[3]>>
// CHECK: %[[O3:.+]] = memref.alloc() : memref<1x16x10x8xf16, {{.*}}, #VPUIP.mem<CMX_NN[3]>>
// CHECK: VPUIP.NCEClusterTask<CONV> {{.*}} outputs(%[[O3]] :
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [1, 0, 1, 1] dpu 0
// CHECK: VPUIP.DPUTask outStart [0, 8, 0] outEnd [7, 9, 15] pad [0, 1, 1, 1] dpu 4
// CHECK-NOT: CMX_NN[4]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @sok_pieces(%x: tensor<1x16x10x8xf16, #NHWC>) -> tensor<1x64x10x8xf16, #NHWC> {
    %w0 = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.Convolution(%x, %w0) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x10x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x10x8xf16, #NHWC>
    %1 = VPU.NCE.Convolution(%x, %w0) {cluster = 1 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x10x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x10x8xf16, #NHWC>
    %2 = VPU.NCE.Convolution(%x, %w0) {cluster = 2 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x10x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x10x8xf16, #NHWC>
    %3 = VPU.NCE.Convolution(%x, %w0) {cluster = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x10x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x10x8xf16, #NHWC>
    %4 = VPU.Concat(%0, %1, %2, %3) {axis = 1 : i64} : tensor<1x16x10x8xf16, #NHWC>, tensor<1x16x10x8xf16, #NHWC>, tensor<1x16x10x8xf16, #NHWC>, tensor<1x16x10x8xf16, #NHWC> -> tensor<1x64x10x8xf16, #NHWC>
    return %4 : tensor<1x64x10x8xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// VPUX37XX: an eltwise op on tile 1 reads both inputs from CMX_NN[1]; its single DPU runs
// the one variant.
// CHECK-LABEL: func.func @eltwise_tile1(
// CHECK: %[[A:.+]] = memref.alloc() : memref<1x16x4x4xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.Copy inputs(%arg0 : {{.+}}) outputs(%[[A]] : {{.+}})
// CHECK: %[[B:.+]] = memref.alloc() : memref<1x16x4x4xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.Copy inputs(%arg1 : {{.+}}) outputs(%[[B]] : {{.+}})
// CHECK: %[[O:.+]] = memref.alloc() : memref<1x16x4x4xf16, {{.*}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD> {{.*}} outputs(%[[O]] :
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0
// CHECK-NEXT: }
// CHECK-NOT: CMX_NN[0]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @eltwise_tile1(%a: tensor<1x16x4x4xf16, #NHWC>, %b: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
    %0 = VPU.NCE.Eltwise(%a, %b) {cluster = 1 : i64, op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
    return %0 : tensor<1x16x4x4xf16, #NHWC>
  }
}
