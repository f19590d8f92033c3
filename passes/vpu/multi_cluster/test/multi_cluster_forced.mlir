// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=soh}))' | FileCheck %s --check-prefix=SOH
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=sok}))' | FileCheck %s --check-prefix=SOK
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=clustering}))' | FileCheck %s --check-prefix=CLU
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=soh clusters=2}))' | FileCheck %s --check-prefix=TWO
// Each strategy forced on a VPUX30XX module (4 clusters of 5 DPUs).

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A 3x3 convolution with pads 1 over 16 rows.
// Over height: 4 pieces of 4 output rows; each reads its rows plus the halo (one row above and below),
// the top padding only on the first piece and the bottom padding only on the last.
// SOH-LABEL: func.func @conv
// SOH:      %[[S0:.*]] = VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 5, 16]
// SOH-NEXT: %[[C0:.*]] = VPU.NCE.Convolution(%[[S0]], %{{.*}}, %{{.*}}) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>
// SOH-SAME: -> tensor<1x64x4x16xf16
// SOH-NEXT: %[[S1:.*]] = VPU.Slice %arg0 [0, 0, 3, 0] [1, 16, 6, 16]
// SOH-NEXT: %[[C1:.*]] = VPU.NCE.Convolution(%[[S1]], %{{.*}}, %{{.*}}) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>
// SOH-NEXT: %[[S2:.*]] = VPU.Slice %arg0 [0, 0, 7, 0] [1, 16, 6, 16]
// SOH-NEXT: %[[C2:.*]] = VPU.NCE.Convolution(%[[S2]], %{{.*}}, %{{.*}}) {cluster = 2 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>
// SOH-NEXT: %[[S3:.*]] = VPU.Slice %arg0 [0, 0, 11, 0] [1, 16, 5, 16]
// SOH-NEXT: %[[C3:.*]] = VPU.NCE.Convolution(%[[S3]], %{{.*}}, %{{.*}}) {cluster = 3 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>
// SOH-NEXT: VPU.Concat(%[[C0]], %[[C1]], %[[C2]], %[[C3]]) {axis = 2 : i64}
// Over kernel: 4 pieces of 16 output channels, each with its slice of the filter and the bias and
// the whole input.
// SOK-LABEL: func.func @conv
// SOK:      %[[W0:.*]] = const.Declare tensor<16x16x3x3xf16, {{.*}}#const.SubView<[0, 0, 0, 0], [16, 16, 3, 3]>
// SOK-NEXT: %[[B0:.*]] = const.Declare tensor<16xf16> = {{.*}}#const.SubView<[0], [16]>
// SOK-NEXT: %[[C0:.*]] = VPU.NCE.Convolution(%arg0, %[[W0]], %[[B0]]) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>
// SOK-SAME: -> tensor<1x16x16x16xf16
// SOK:      #const.SubView<[48, 0, 0, 0], [16, 16, 3, 3]>
// SOK:      #const.SubView<[48], [16]>
// SOK-NEXT: %[[C3:.*]] = VPU.NCE.Convolution(%arg0, %{{.*}}, %{{.*}}) {cluster = 3 : i64
// SOK-NEXT: VPU.Concat(%[[C0]], %{{.*}}, %{{.*}}, %[[C3]]) {axis = 1 : i64}
// CLU-LABEL: func.func @conv
// CLU-NOT:   VPU.Slice
// CLU:       VPU.NCE.Convolution(%arg0, %{{.*}}, %{{.*}}) {cluster = 0 : i64
// CLU-NOT:   VPU.Concat
// Two clusters: 2 pieces of 8 rows.
// TWO-LABEL: func.func @conv
// TWO:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 9, 16]
// TWO-NEXT: VPU.NCE.Convolution({{.*}}) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>
// TWO-NEXT: VPU.Slice %arg0 [0, 0, 7, 0] [1, 16, 9, 16]
// TWO-NEXT: VPU.NCE.Convolution({{.*}}) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>
// TWO-NEXT: VPU.Concat
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @conv(%x: tensor<1x16x16x16xf16, #NHWC>) -> tensor<1x64x16x16xf16, #NHWC> {
    %w = const.Declare tensor<64x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<64x16x3x3xf16>, [#const.Reorder<#NHWC>]>
    %b = const.Declare tensor<64xf16> = #const.Content<dense<0.5> : tensor<64xf16>>
    %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
           : tensor<1x16x16x16xf16, #NHWC>, tensor<64x16x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x16x16xf16, #NHWC>
    return %0 : tensor<1x64x16x16xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// SOK of a max pool and an eltwise op slices their input channels the same way.
// SOK-LABEL: func.func @pool_eltwise
// SOK:      %[[S0:.*]] = VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 8, 8]
// SOK-NEXT: %[[P0:.*]] = VPU.NCE.MaxPool(%[[S0]]) {cluster = 0 : i64
// SOK-SAME: -> tensor<1x16x8x8xf16
// SOK:      VPU.Slice %arg0 [0, 48, 0, 0] [1, 16, 8, 8]
// SOK-NEXT: %[[P3:.*]] = VPU.NCE.MaxPool({{.*}}) {cluster = 3 : i64
// SOK-NEXT: %[[POOL:.*]] = VPU.Concat(%[[P0]], {{.*}}, %[[P3]]) {axis = 1 : i64}
// SOK:      VPU.Slice %[[POOL]] [0, 48, 0, 0] [1, 16, 8, 8]
// SOK-NEXT: VPU.Slice %arg0 [0, 48, 0, 0] [1, 16, 8, 8]
// SOK-NEXT: VPU.NCE.Eltwise({{.*}}) {cluster = 3 : i64
// SOK-NEXT: VPU.Concat({{.*}}) {axis = 1 : i64}
// Over height: 4 pieces of 2 rows each; the eltwise op slices both inputs' rows.
// SOH-LABEL: func.func @pool_eltwise
// SOH:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 64, 3, 8]
// SOH-NEXT: VPU.NCE.MaxPool({{.*}}) {cluster = 0 : i64, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>
// SOH:      VPU.Slice %arg0 [0, 0, 5, 0] [1, 64, 3, 8]
// SOH-NEXT: VPU.NCE.MaxPool({{.*}}) {cluster = 3 : i64, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>
// SOH-NEXT: %[[POOL:.*]] = VPU.Concat({{.*}}) {axis = 2 : i64}
// SOH:      VPU.Slice %[[POOL]] [0, 0, 6, 0] [1, 64, 2, 8]
// SOH-NEXT: VPU.Slice %arg0 [0, 0, 6, 0] [1, 64, 2, 8]
// SOH-NEXT: VPU.NCE.Eltwise({{.*}}) {cluster = 3 : i64
// SOH-NEXT: VPU.Concat({{.*}}) {axis = 2 : i64}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @pool_eltwise(%x: tensor<1x64x8x8xf16, #NHWC>) -> tensor<1x64x8x8xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x64x8x8xf16, #NHWC> -> tensor<1x64x8x8xf16, #NHWC>
    %1 = VPU.NCE.Eltwise(%0, %x) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>}
           : tensor<1x64x8x8xf16, #NHWC>, tensor<1x64x8x8xf16, #NHWC> -> tensor<1x64x8x8xf16, #NHWC>
    return %1 : tensor<1x64x8x8xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Too small to split: 3 output rows (< 4 clusters) and 48 channels (< 4 x 16). Every strategy
// falls back to Clustering on the least loaded cluster; the second op goes to cluster 1.
// SOH-LABEL: func.func @too_small
// SOH-NOT:   VPU.Slice
// SOH:       VPU.NCE.MaxPool(%arg0) {cluster = 0 : i64
// SOH-NEXT:  VPU.NCE.AveragePool(%arg0) {cluster = 1 : i64
// SOH-NOT:   VPU.Concat
// SOK-LABEL: func.func @too_small
// SOK-NOT:   VPU.Slice
// SOK:       VPU.NCE.MaxPool(%arg0) {cluster = 0 : i64
// SOK-NEXT:  VPU.NCE.AveragePool(%arg0) {cluster = 1 : i64
// SOK-NOT:   VPU.Concat
// CLU-LABEL: func.func @too_small
// CLU:       VPU.NCE.MaxPool(%arg0) {cluster = 0 : i64
// CLU-NEXT:  VPU.NCE.AveragePool(%arg0) {cluster = 1 : i64
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @too_small(%x: tensor<1x48x3x8xf16, #NHWC>) -> (tensor<1x48x3x8xf16, #NHWC>, tensor<1x48x3x8xf16, #NHWC>) {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x48x3x8xf16, #NHWC> -> tensor<1x48x3x8xf16, #NHWC>
    %1 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x48x3x8xf16, #NHWC> -> tensor<1x48x3x8xf16, #NHWC>
    return %0, %1 : tensor<1x48x3x8xf16, #NHWC>, tensor<1x48x3x8xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An op that already has a cluster is left as it is; its cost loads cluster 2, so the next
// op runs on cluster 0.
// SOH-LABEL: func.func @preassigned
// SOK-LABEL: func.func @preassigned
// CLU-LABEL: func.func @preassigned
// CLU:       VPU.NCE.MaxPool(%arg0) {cluster = 2 : i64
// CLU-NEXT:  VPU.NCE.MaxPool(%arg0) {cluster = 0 : i64
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @preassigned(%x: tensor<1x16x8x8xf16, #NHWC>) -> (tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>) {
    %0 = VPU.NCE.MaxPool(%x) {cluster = 2 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    %1 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    return %0, %1 : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>
  }
}
