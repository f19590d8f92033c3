// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=soh}, vpuc-vpu-tiling))' | FileCheck %s
// vpuc-vpu-tiling after vpuc-vpu-multi-cluster: each piece is tiled against the CMX of one
// cluster and its tiles keep its cluster.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// 2 clusters, cmx_size 8192: each SOH piece (8 of the 16 rows: input 4096 bytes, output 4096,
// weights and table 512 + 256) needs 8960 bytes, so it is tiled in two tiles of 4 rows, both
// on the piece's cluster.
// CHECK-LABEL: func.func @pieces_tiled
// CHECK:      VPU.NCE.Convolution({{.*}}) {cluster = 0 : i64, {{.*}}} {{.*}} -> tensor<1x16x4x16xf16
// CHECK:      VPU.NCE.Convolution({{.*}}) {cluster = 0 : i64, {{.*}}} {{.*}} -> tensor<1x16x4x16xf16
// CHECK:      VPU.Concat({{.*}}) {axis = 2 : i64} {{.*}} -> tensor<1x16x8x16xf16
// CHECK:      VPU.NCE.Convolution({{.*}}) {cluster = 1 : i64, {{.*}}} {{.*}} -> tensor<1x16x4x16xf16
// CHECK:      VPU.NCE.Convolution({{.*}}) {cluster = 1 : i64, {{.*}}} {{.*}} -> tensor<1x16x4x16xf16
// CHECK:      VPU.Concat({{.*}}) {axis = 2 : i64} {{.*}} -> tensor<1x16x8x16xf16
// CHECK:      VPU.Concat({{.*}}) {axis = 2 : i64} {{.*}} -> tensor<1x16x16x16xf16
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @pieces_tiled(%x: tensor<1x16x16x16xf16, #NHWC>) -> tensor<1x16x16x16xf16, #NHWC> {
    %w = const.Declare tensor<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x16x16xf16, #NHWC>
    return %0 : tensor<1x16x16x16xf16, #NHWC>
  }
}
