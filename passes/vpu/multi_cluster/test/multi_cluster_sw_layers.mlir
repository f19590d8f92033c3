// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{sw-layers=true remarks=true}))' --verify-diagnostics | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster))' | FileCheck %s --check-prefix=OFF

// An element-wise software layer on a value split over height across the clusters is split the
// same way, and the convolution after it reads each cluster's rows where they are: it splits
// over height too. Without the option the Swish stays whole.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 2 SplitOverHeight, 0 SplitOverKernel, 2 software layers split}}
  func.func @swish_between(%x: tensor<1x16x112x112xf16, #NHWC>, %w: tensor<96x16x1x1xf16, #NHWC>,
                           %dw: tensor<96x1x3x3xf16, #NHWC>, %s: tensor<1x96x1x1xf16, #NHWC>) -> tensor<1x96x56x56xf16, #NHWC> {
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x112x112xf16, #NHWC>, tensor<96x16x1x1xf16, #NHWC> -> tensor<1x96x112x112xf16, #NHWC>
    %1 = VPU.SW.Swish(%0) : tensor<1x96x112x112xf16, #NHWC> -> tensor<1x96x112x112xf16, #NHWC>
    // A second operand that broadcasts over the rows is passed whole to every piece.
    %2 = VPU.SW.Multiply(%1, %s) : tensor<1x96x112x112xf16, #NHWC>, tensor<1x96x1x1xf16, #NHWC> -> tensor<1x96x112x112xf16, #NHWC>
    %3 = VPU.NCE.DepthConvolution(%2, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x96x112x112xf16, #NHWC>, tensor<96x1x3x3xf16, #NHWC> -> tensor<1x96x56x56xf16, #NHWC>
    return %3 : tensor<1x96x56x56xf16, #NHWC>
  }
}

// CHECK-LABEL: func.func @swish_between
// CHECK:       %[[C0:.+]] = VPU.NCE.Convolution(%{{.+}}) {cluster = 0 : i64
// CHECK:       %[[C1:.+]] = VPU.NCE.Convolution(%{{.+}}) {cluster = 1 : i64
// CHECK-NOT:   VPU.Concat(%[[C0]], %[[C1]])
// CHECK:       %[[S0:.+]] = VPU.SW.Swish(%[[C0]]) : tensor<1x96x56x112xf16, #map> -> tensor<1x96x56x112xf16, #map>
// CHECK:       %[[S1:.+]] = VPU.SW.Swish(%[[C1]]) : tensor<1x96x56x112xf16, #map> -> tensor<1x96x56x112xf16, #map>
// CHECK:       %[[M0:.+]] = VPU.SW.Multiply(%[[S0]], %arg3) : tensor<1x96x56x112xf16, #map>, tensor<1x96x1x1xf16, #map>
// CHECK:       %[[M1:.+]] = VPU.SW.Multiply(%[[S1]], %arg3)
// CHECK:       %[[M:.+]] = VPU.Concat(%[[M0]], %[[M1]]) {axis = 2 : i64}
// CHECK:       VPU.NCE.DepthConvolution(%{{.+}}) {cluster = 0 : i64
// CHECK:       VPU.NCE.DepthConvolution(%{{.+}}) {cluster = 1 : i64

// OFF-LABEL: func.func @swish_between
// OFF:       VPU.SW.Swish(%{{.+}}) : tensor<1x96x112x112xf16, #map> -> tensor<1x96x112x112xf16, #map>

// -----

// Left whole: a layer on a value no cluster split over height (a network input), and a binary
// layer whose operands are split over different rows.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 0 SplitOverHeight, 0 SplitOverKernel, 0 software layers split}}
  func.func @left_whole(%x: tensor<1x16x64x64xf16, #NHWC>, %y: tensor<1x16x64x64xf16, #NHWC>) -> (tensor<1x16x64x64xf16, #NHWC>, tensor<1x16x64x64xf16, #NHWC>) {
    %0 = VPU.SW.Sigmoid(%x) : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x64x64xf16, #NHWC>
    %a0 = VPU.Slice %y [0, 0, 0, 0] [1, 16, 30, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x30x64xf16, #NHWC>
    %a1 = VPU.Slice %y [0, 0, 30, 0] [1, 16, 34, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x34x64xf16, #NHWC>
    %b0 = VPU.NCE.MaxPool(%a0) {cluster = 0 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x30x64xf16, #NHWC> -> tensor<1x16x30x64xf16, #NHWC>
    %b1 = VPU.NCE.MaxPool(%a1) {cluster = 1 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x34x64xf16, #NHWC> -> tensor<1x16x34x64xf16, #NHWC>
    %b = VPU.Concat(%b0, %b1) {axis = 2 : i64} : tensor<1x16x30x64xf16, #NHWC>, tensor<1x16x34x64xf16, #NHWC> -> tensor<1x16x64x64xf16, #NHWC>
    %c0 = VPU.Slice %y [0, 0, 0, 0] [1, 16, 32, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x32x64xf16, #NHWC>
    %c1 = VPU.Slice %y [0, 0, 32, 0] [1, 16, 32, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x32x64xf16, #NHWC>
    %d0 = VPU.NCE.MaxPool(%c0) {cluster = 0 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x32x64xf16, #NHWC> -> tensor<1x16x32x64xf16, #NHWC>
    %d1 = VPU.NCE.MaxPool(%c1) {cluster = 1 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x32x64xf16, #NHWC> -> tensor<1x16x32x64xf16, #NHWC>
    %d = VPU.Concat(%d0, %d1) {axis = 2 : i64} : tensor<1x16x32x64xf16, #NHWC>, tensor<1x16x32x64xf16, #NHWC> -> tensor<1x16x64x64xf16, #NHWC>
    %1 = VPU.SW.Add(%b, %d) : tensor<1x16x64x64xf16, #NHWC>, tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x64x64xf16, #NHWC>
    return %0, %1 : tensor<1x16x64x64xf16, #NHWC>, tensor<1x16x64x64xf16, #NHWC>
  }
}

// CHECK-LABEL: func.func @left_whole
// CHECK:       VPU.SW.Sigmoid(%arg0) : tensor<1x16x64x64xf16, #map> -> tensor<1x16x64x64xf16, #map>
// CHECK:       VPU.SW.Add(%{{.+}}, %{{.+}}) : tensor<1x16x64x64xf16, #map>, tensor<1x16x64x64xf16, #map> -> tensor<1x16x64x64xf16, #map>

// -----

// The same over channels: the layers of a squeeze-excitation block on values split over the
// output channels of their convolutions run per cluster on its channels. The Swish after the
// expansion feeds the depthwise convolution's pieces in place; the Sigmoid of the excitation
// runs on the channels of each 1x1 convolution piece, and the Multiply takes both its operands'
// pieces; a scale that no cluster computed (%arg4) is sliced for each piece.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 0 SplitOverHeight, 3 SplitOverKernel, 4 software layers split}}
  func.func @excitation(%x: tensor<1x112x14x14xf16, #NHWC>, %w: tensor<672x112x1x1xf16, #NHWC>,
                        %dw: tensor<672x1x5x5xf16, #NHWC>, %s: tensor<1x32x1x1xf16, #NHWC>,
                        %scale: tensor<1x672x1x1xf16, #NHWC>, %fc: tensor<672x32x1x1xf16, #NHWC>)
      -> (tensor<1x672x14x14xf16, #NHWC>, tensor<1x672x1x1xf16, #NHWC>) {
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x112x14x14xf16, #NHWC>, tensor<672x112x1x1xf16, #NHWC> -> tensor<1x672x14x14xf16, #NHWC>
    %1 = VPU.SW.Swish(%0) : tensor<1x672x14x14xf16, #NHWC> -> tensor<1x672x14x14xf16, #NHWC>
    %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 2, 2>, pads_end = array<i64: 2, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x672x14x14xf16, #NHWC>, tensor<672x1x5x5xf16, #NHWC> -> tensor<1x672x14x14xf16, #NHWC>
    %3 = VPU.NCE.Convolution(%s, %fc) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x32x1x1xf16, #NHWC>, tensor<672x32x1x1xf16, #NHWC> -> tensor<1x672x1x1xf16, #NHWC>
    %4 = VPU.SW.Sigmoid(%3) : tensor<1x672x1x1xf16, #NHWC> -> tensor<1x672x1x1xf16, #NHWC>
    %5 = VPU.SW.Multiply(%2, %4) : tensor<1x672x14x14xf16, #NHWC>, tensor<1x672x1x1xf16, #NHWC> -> tensor<1x672x14x14xf16, #NHWC>
    %6 = VPU.SW.Multiply(%5, %scale) : tensor<1x672x14x14xf16, #NHWC>, tensor<1x672x1x1xf16, #NHWC> -> tensor<1x672x14x14xf16, #NHWC>
    // An operand with the layer's whole shape that no cluster computed leaves the layer whole.
    %7 = VPU.SW.Add(%3, %scale) : tensor<1x672x1x1xf16, #NHWC>, tensor<1x672x1x1xf16, #NHWC> -> tensor<1x672x1x1xf16, #NHWC>
    return %6, %7 : tensor<1x672x14x14xf16, #NHWC>, tensor<1x672x1x1xf16, #NHWC>
  }
}

// CHECK-LABEL: func.func @excitation
// CHECK:       %[[E0:.+]] = VPU.NCE.Convolution(%arg0, %{{.+}}) {cluster = 0 : i64
// CHECK:       %[[E1:.+]] = VPU.NCE.Convolution(%arg0, %{{.+}}) {cluster = 1 : i64
// CHECK:       %[[S0:.+]] = VPU.SW.Swish(%[[E0]]) : tensor<1x336x14x14xf16, #map> -> tensor<1x336x14x14xf16, #map>
// CHECK:       %[[S1:.+]] = VPU.SW.Swish(%[[E1]]) : tensor<1x336x14x14xf16, #map> -> tensor<1x336x14x14xf16, #map>
// CHECK:       %[[S:.+]] = VPU.Concat(%[[S0]], %[[S1]]) {axis = 1 : i64}
// CHECK:       VPU.Slice %[[S]] [0, 0, 0, 0] [1, 336, 14, 14]
// CHECK:       %[[D0:.+]] = VPU.NCE.DepthConvolution(%{{.+}}) {cluster = 0 : i64
// CHECK:       VPU.Slice %[[S]] [0, 336, 0, 0] [1, 336, 14, 14]
// CHECK:       %[[D1:.+]] = VPU.NCE.DepthConvolution(%{{.+}}) {cluster = 1 : i64
// CHECK:       %[[F0:.+]] = VPU.NCE.Convolution(%arg3, %{{.+}}) {cluster = 0 : i64
// CHECK:       %[[F1:.+]] = VPU.NCE.Convolution(%arg3, %{{.+}}) {cluster = 1 : i64
// CHECK:       %[[F:.+]] = VPU.Concat(%[[F0]], %[[F1]]) {axis = 1 : i64}
// CHECK:       %[[G0:.+]] = VPU.SW.Sigmoid(%[[F0]]) : tensor<1x336x1x1xf16, #map>
// CHECK:       %[[G1:.+]] = VPU.SW.Sigmoid(%[[F1]]) : tensor<1x336x1x1xf16, #map>
// CHECK:       %[[M0:.+]] = VPU.SW.Multiply(%[[D0]], %[[G0]]) : tensor<1x336x14x14xf16, #map>, tensor<1x336x1x1xf16, #map>
// CHECK:       %[[M1:.+]] = VPU.SW.Multiply(%[[D1]], %[[G1]])
// CHECK:       %[[A0:.+]] = VPU.Slice %arg4 [0, 0, 0, 0] [1, 336, 1, 1]
// CHECK:       %[[N0:.+]] = VPU.SW.Multiply(%[[M0]], %[[A0]])
// CHECK:       %[[A1:.+]] = VPU.Slice %arg4 [0, 336, 0, 0] [1, 336, 1, 1]
// CHECK:       %[[N1:.+]] = VPU.SW.Multiply(%[[M1]], %[[A1]])
// CHECK:       %[[N:.+]] = VPU.Concat(%[[N0]], %[[N1]]) {axis = 1 : i64}
// CHECK:       %[[ADD:.+]] = VPU.SW.Add(%[[F]], %arg4) : tensor<1x672x1x1xf16, #map>, tensor<1x672x1x1xf16, #map>
// CHECK:       return %[[N]], %[[ADD]]

// OFF-LABEL: func.func @excitation
// OFF:       VPU.SW.Swish(%{{.+}}) : tensor<1x672x14x14xf16, #map> -> tensor<1x672x14x14xf16, #map>

// -----

// A global average pool (ReduceMean over H and W, keep_dims) of rows split over the clusters
// (unequal rows: 30 and 34 of 64) runs per cluster on its rows, and the partial means are summed
// weighted by each cluster's share of the rows (30/64 and 34/64, rounded to f16); a mean over
// channels only is left whole.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 0 SplitOverHeight, 0 SplitOverKernel, 1 software layer split}}
  func.func @mean(%x: tensor<1x16x64x64xf16, #NHWC>) -> (tensor<1x16x1x1xf16, #NHWC>, tensor<1x1x64x64xf16, #NHWC>) {
    %a0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 30, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x30x64xf16, #NHWC>
    %a1 = VPU.Slice %x [0, 0, 30, 0] [1, 16, 34, 64] : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x34x64xf16, #NHWC>
    %b0 = VPU.NCE.MaxPool(%a0) {cluster = 0 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x30x64xf16, #NHWC> -> tensor<1x16x30x64xf16, #NHWC>
    %b1 = VPU.NCE.MaxPool(%a1) {cluster = 1 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x34x64xf16, #NHWC> -> tensor<1x16x34x64xf16, #NHWC>
    %b = VPU.Concat(%b0, %b1) {axis = 2 : i64} : tensor<1x16x30x64xf16, #NHWC>, tensor<1x16x34x64xf16, #NHWC> -> tensor<1x16x64x64xf16, #NHWC>
    %0 = VPU.SW.ReduceMean(%b) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x16x1x1xf16, #NHWC>
    %1 = VPU.SW.ReduceMean(%b) {axes = array<i64: 1>, keep_dims} : tensor<1x16x64x64xf16, #NHWC> -> tensor<1x1x64x64xf16, #NHWC>
    return %0, %1 : tensor<1x16x1x1xf16, #NHWC>, tensor<1x1x64x64xf16, #NHWC>
  }
}

// CHECK-LABEL: func.func @mean
// CHECK:       %[[B0:.+]] = VPU.NCE.MaxPool
// CHECK:       %[[B1:.+]] = VPU.NCE.MaxPool
// CHECK:       %[[B:.+]] = VPU.Concat(%[[B0]], %[[B1]])
// CHECK:       %[[M0:.+]] = VPU.SW.ReduceMean(%[[B0]]) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x30x64xf16, #map> -> tensor<1x16x1x1xf16, #map>
// CHECK:       %[[W0:.+]] = const.Declare tensor<1x1x1x1xf16, #map> = #const.Content<dense<4.687500e-01> : tensor<1x1x1x1xf16>, [#const.Reorder<#map>]>
// CHECK:       %[[P0:.+]] = VPU.SW.Multiply(%[[M0]], %[[W0]])
// CHECK:       %[[M1:.+]] = VPU.SW.ReduceMean(%[[B1]]) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x34x64xf16, #map> -> tensor<1x16x1x1xf16, #map>
// CHECK:       %[[W1:.+]] = const.Declare tensor<1x1x1x1xf16, #map> = #const.Content<dense<5.312500e-01> : tensor<1x1x1x1xf16>, [#const.Reorder<#map>]>
// CHECK:       %[[P1:.+]] = VPU.SW.Multiply(%[[M1]], %[[W1]])
// CHECK:       %[[S:.+]] = VPU.SW.Add(%[[P0]], %[[P1]]) : tensor<1x16x1x1xf16, #map>, tensor<1x16x1x1xf16, #map> -> tensor<1x16x1x1xf16, #map>
// CHECK:       %[[C:.+]] = VPU.SW.ReduceMean(%[[B]]) {axes = array<i64: 1>, keep_dims}
// CHECK:       return %[[S]], %[[C]]
