// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=12000 max-recompute=1.5}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=12000}))' | FileCheck %s --check-prefix=RECOMPUTE
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=12000 max-recompute=1.5 tail-share=0.5}))' | FileCheck %s --check-prefix=TAIL

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An expansion (1x1, 16 to 32 channels), a Swish and a 3x3 depthwise convolution on 12 x 4
// pixels keep 10304 bytes together; a fused tile of 4 output rows keeps at most 5952 (the
// expansion on 6 rows: input 2304 with its output, weights 1536; the depthwise's output 1024
// and weights 1088), within the share of 6000, and one of 6 rows does not fit: 3 tiles, each
// computing the expansion and the Swish on the rows its windows read. The three tiles compute
// 16 rows of the expansion's 12: more than the default max-recompute of 1.25 allows
// (the RECOMPUTE run: unchanged).
// CHECK-LABEL: func.func @expansion
// CHECK:      %[[S0:.+]] = VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 5, 4]
// CHECK-NEXT: %[[E0:.+]] = VPU.NCE.Convolution(%[[S0]], %{{.+}})
// CHECK-SAME: -> tensor<1x32x5x4xf16
// CHECK-NEXT: %[[A0:.+]] = VPU.SW.Swish(%[[E0]]) : tensor<1x32x5x4xf16, #{{.+}}> -> tensor<1x32x5x4xf16
// CHECK-NEXT: %[[D0:.+]] = VPU.NCE.DepthConvolution(%[[A0]], %{{.+}}) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>
// CHECK-SAME: -> tensor<1x32x4x4xf16
// CHECK-NEXT: %[[S1:.+]] = VPU.Slice %arg0 [0, 0, 3, 0] [1, 16, 6, 4]
// CHECK-NEXT: %[[E1:.+]] = VPU.NCE.Convolution(%[[S1]], %{{.+}})
// CHECK-SAME: -> tensor<1x32x6x4xf16
// CHECK-NEXT: %[[A1:.+]] = VPU.SW.Swish(%[[E1]])
// CHECK-NEXT: %[[D1:.+]] = VPU.NCE.DepthConvolution(%[[A1]], %{{.+}}) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>
// CHECK-SAME: -> tensor<1x32x4x4xf16
// CHECK-NEXT: %[[S2:.+]] = VPU.Slice %arg0 [0, 0, 7, 0] [1, 16, 5, 4]
// CHECK-NEXT: %[[E2:.+]] = VPU.NCE.Convolution(%[[S2]], %{{.+}})
// CHECK-NEXT: %[[A2:.+]] = VPU.SW.Swish(%[[E2]])
// CHECK-NEXT: %[[D2:.+]] = VPU.NCE.DepthConvolution(%[[A2]], %{{.+}}) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>
// CHECK-NEXT: %[[J:.+]] = VPU.Concat(%[[D0]], %[[D1]], %[[D2]]) {axis = 2 : i64}
// CHECK-NEXT: return %[[J]]
// RECOMPUTE-LABEL: func.func @expansion
// RECOMPUTE:       VPU.NCE.Convolution
// RECOMPUTE-SAME:  -> tensor<1x32x12x4xf16
// RECOMPUTE-NEXT:  VPU.SW.Swish
// RECOMPUTE-NEXT:  VPU.NCE.DepthConvolution
// RECOMPUTE-SAME:  -> tensor<1x32x12x4xf16
func.func @expansion(%x: tensor<1x16x12x4xf16, #NHWC>) -> tensor<1x32x12x4xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %dw = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<0.25> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x12x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x12x4xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x12x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  return %2 : tensor<1x32x12x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The same chain whose Swish result a software layer reads too: it must exist whole, so nothing
// is fused.
// CHECK-LABEL: func.func @shared
// CHECK:       VPU.NCE.Convolution
// CHECK-SAME:  -> tensor<1x32x12x4xf16
// CHECK-NEXT:  VPU.SW.Swish
// CHECK-NEXT:  VPU.NCE.DepthConvolution
// CHECK-SAME:  -> tensor<1x32x12x4xf16
func.func @shared(%x: tensor<1x16x12x4xf16, #NHWC>) -> (tensor<1x32x12x4xf16, #NHWC>, tensor<1x32x12x4xf16, #NHWC>) {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %dw = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<0.25> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x12x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x12x4xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x12x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %3 = VPU.SW.Sigmoid(%1) : tensor<1x32x12x4xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  return %2, %3 : tensor<1x32x12x4xf16, #NHWC>, tensor<1x32x12x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A chain on 4 rows fits the share whole (5184 bytes), and a convolution read directly by the
// depthwise one has no software layer between them (its result stays in CMX): unchanged.
// CHECK-LABEL: func.func @fits
// CHECK:       VPU.NCE.Convolution
// CHECK-SAME:  -> tensor<1x32x4x4xf16
// CHECK-NEXT:  VPU.SW.Swish
// CHECK-NEXT:  VPU.NCE.DepthConvolution
// CHECK-SAME:  -> tensor<1x32x4x4xf16
// CHECK:       VPU.NCE.Convolution
// CHECK-SAME:  -> tensor<1x32x12x4xf16
// CHECK-NEXT:  VPU.NCE.DepthConvolution
// CHECK-SAME:  -> tensor<1x32x12x4xf16
func.func @fits(%x: tensor<1x16x4x4xf16, #NHWC>, %y: tensor<1x16x12x4xf16, #NHWC>) -> (tensor<1x32x4x4xf16, #NHWC>, tensor<1x32x12x4xf16, #NHWC>) {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %dw = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<0.25> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x4x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x4x4xf16, #NHWC> -> tensor<1x32x4x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x4x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x4x4xf16, #NHWC>
  %3 = VPU.NCE.Convolution(%y, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x12x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %4 = VPU.NCE.DepthConvolution(%3, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x12x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  return %2, %4 : tensor<1x32x4x4xf16, #NHWC>, tensor<1x32x12x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The chain of @expansion with a Swish after the depthwise convolution (its tail: the consumer's
// one user, an element-wise software layer). The whole result (3072 bytes) is within the tail
// share of the CMX (0.75 of 12000 bytes; 0.5 in the TAIL run): the tail stays one layer, in place
// on the join.
// CHECK-LABEL: func.func @tailWhole
// CHECK-COUNT-2: VPU.NCE.DepthConvolution
// CHECK:      %[[D2:.+]] = VPU.NCE.DepthConvolution
// CHECK-SAME: -> tensor<1x32x4x4xf16
// CHECK-NEXT: %[[J:.+]] = VPU.Concat(%{{.+}}, %{{.+}}, %[[D2]]) {axis = 2 : i64}
// CHECK-NEXT: %[[T:.+]] = VPU.SW.Swish(%[[J]]) : tensor<1x32x12x4xf16
// CHECK-NEXT: return %[[T]]
func.func @tailWhole(%x: tensor<1x16x12x4xf16, #NHWC>) -> tensor<1x32x12x4xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %dw = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<0.25> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x12x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x12x4xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x12x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  %3 = VPU.SW.Swish(%2) : tensor<1x32x12x4xf16, #NHWC> -> tensor<1x32x12x4xf16, #NHWC>
  return %3 : tensor<1x32x12x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The same on 24 rows: the whole result (6144 bytes) is within 0.75 of the CMX, so the tail stays
// whole, but above 0.5 of it (the TAIL run): each of the 6 tiles of 4 rows then runs the tail on
// its own rows, and their join replaces the tail's result, which two layers read.
// CHECK-LABEL: func.func @tail(
// CHECK:       %[[J:.+]] = VPU.Concat
// CHECK-NEXT:  %[[T:.+]] = VPU.SW.Swish(%[[J]]) : tensor<1x32x24x4xf16
// CHECK-NEXT:  VPU.SW.Sigmoid(%[[T]])
// TAIL-LABEL: func.func @tail(
// TAIL:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 5, 4]
// TAIL-NEXT: VPU.NCE.Convolution
// TAIL-NEXT: VPU.SW.Swish
// TAIL-NEXT: %[[D0:.+]] = VPU.NCE.DepthConvolution
// TAIL-SAME: -> tensor<1x32x4x4xf16
// TAIL-NEXT: %[[T0:.+]] = VPU.SW.Swish(%[[D0]]) : tensor<1x32x4x4xf16, #{{.+}}> -> tensor<1x32x4x4xf16
// TAIL-NEXT: VPU.Slice %arg0 [0, 0, 3, 0] [1, 16, 6, 4]
// TAIL-NEXT: VPU.NCE.Convolution
// TAIL-NEXT: VPU.SW.Swish
// TAIL-NEXT: %[[D1:.+]] = VPU.NCE.DepthConvolution
// TAIL-NEXT: %[[T1:.+]] = VPU.SW.Swish(%[[D1]])
// TAIL:      %[[J:.+]] = VPU.Concat(%[[T0]], %[[T1]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {axis = 2 : i64}
// TAIL-NOT:  VPU.SW.Swish
// TAIL:      %[[G:.+]] = VPU.SW.Sigmoid(%[[J]])
// TAIL-NEXT: return %[[J]], %[[G]]
func.func @tail(%x: tensor<1x16x24x4xf16, #NHWC>) -> (tensor<1x32x24x4xf16, #NHWC>, tensor<1x32x24x4xf16, #NHWC>) {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %dw = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<0.25> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x24x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x24x4xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %dw) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x24x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  %3 = VPU.SW.Swish(%2) : tensor<1x32x24x4xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  %4 = VPU.SW.Sigmoid(%3) : tensor<1x32x24x4xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  return %3, %4 : tensor<1x32x24x4xf16, #NHWC>, tensor<1x32x24x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A convolution read directly by an eltwise addition (a ResNet block's last convolution and its
// residual addition), no software layer between them: the addition's two inputs (12288 bytes)
// are more than the CMX (12000), so one of them would go to DDR and back. Fused, each of 6 tiles
// of 4 rows (5120 bytes) computes the convolution's rows and adds the residual's.
// CHECK-LABEL: func.func @eltwise
// CHECK:      %[[S0:.+]] = VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 4, 4]
// CHECK-NEXT: %[[C0:.+]] = VPU.NCE.Convolution(%[[S0]], %{{.+}})
// CHECK-SAME: -> tensor<1x32x4x4xf16
// CHECK-NEXT: %[[R0:.+]] = VPU.Slice %arg1 [0, 0, 0, 0] [1, 32, 4, 4]
// CHECK-NEXT: %[[E0:.+]] = VPU.NCE.Eltwise(%[[C0]], %[[R0]]) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK-NEXT: %[[S1:.+]] = VPU.Slice %arg0 [0, 0, 4, 0] [1, 16, 4, 4]
// CHECK-NEXT: %[[C1:.+]] = VPU.NCE.Convolution(%[[S1]], %{{.+}})
// CHECK-NEXT: %[[R1:.+]] = VPU.Slice %arg1 [0, 0, 4, 0] [1, 32, 4, 4]
// CHECK-NEXT: %[[E1:.+]] = VPU.NCE.Eltwise(%[[C1]], %[[R1]])
// CHECK-COUNT-4: VPU.NCE.Eltwise
// CHECK-NEXT: %[[J:.+]] = VPU.Concat(%[[E0]], %[[E1]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {axis = 2 : i64}
// CHECK-NEXT: return %[[J]]
func.func @eltwise(%x: tensor<1x16x24x4xf16, #NHWC>, %r: tensor<1x32x24x4xf16, #NHWC>) -> tensor<1x32x24x4xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x24x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  %1 = VPU.NCE.Eltwise(%0, %r) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x32x24x4xf16, #NHWC>, tensor<1x32x24x4xf16, #NHWC> -> tensor<1x32x24x4xf16, #NHWC>
  return %1 : tensor<1x32x24x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The same on 20 rows: the two inputs (10240 bytes) fit the CMX together, and the convolution's
// result stays there for the addition: unchanged, as is a convolution read directly by a
// depthwise one (@fits).
// CHECK-LABEL: func.func @eltwiseFits
// CHECK:       VPU.NCE.Convolution
// CHECK-SAME:  -> tensor<1x32x20x4xf16
// CHECK-NEXT:  VPU.NCE.Eltwise
// CHECK-SAME:  -> tensor<1x32x20x4xf16
func.func @eltwiseFits(%x: tensor<1x16x20x4xf16, #NHWC>, %r: tensor<1x32x20x4xf16, #NHWC>) -> tensor<1x32x20x4xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<0.5> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x20x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x20x4xf16, #NHWC>
  %1 = VPU.NCE.Eltwise(%0, %r) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x32x20x4xf16, #NHWC>, tensor<1x32x20x4xf16, #NHWC> -> tensor<1x32x20x4xf16, #NHWC>
  return %1 : tensor<1x32x20x4xf16, #NHWC>
}
