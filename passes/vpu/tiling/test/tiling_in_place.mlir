// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=5000 eltwise-in-place=true}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=5000}))' | FileCheck %s --check-prefix=OFF

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An addition of two 1x16x8x8 tensors (2048 bytes each) needs 6144 bytes with its output, 4096
// without. Its first input is the pool's result, which only it reads: with eltwise-in-place it
// can write over it, so it stays whole in 5000 bytes; without, it is tiled.
// CHECK-LABEL: func.func @whole
// CHECK: VPU.NCE.MaxPool
// CHECK-NEXT: VPU.NCE.Eltwise
// CHECK-SAME: -> tensor<1x16x8x8xf16
// CHECK-NEXT: return
// OFF-LABEL: func.func @whole
// OFF: VPU.Slice
// OFF: VPU.NCE.Eltwise
// OFF-SAME: -> tensor<1x16x4x8xf16
func.func @whole(%x: tensor<1x16x8x8xf16, #NHWC>, %y: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %1 = VPU.NCE.Eltwise(%0, %y) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %1 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The addition of one cluster's piece: it reads its piece of the join of the pools of two
// clusters (each slice of the join is one piece): whole. The second addition reads a slice of
// a join that a halo slice also reads: tiled.
// CHECK-LABEL: func.func @pieces
// CHECK: %[[J:.+]] = VPU.Concat
// CHECK-NEXT: %[[S:.+]] = VPU.Slice %[[J]] [0, 0, 0, 0] [1, 16, 8, 8]
// CHECK-NEXT: VPU.NCE.Eltwise(%[[S]], %arg1)
// CHECK-SAME: -> tensor<1x16x8x8xf16
// CHECK: %[[K:.+]] = VPU.Concat
// CHECK: VPU.Slice %[[K]] [0, 0, 0, 0] [1, 16, 8, 8]
// CHECK: VPU.Slice %[[K]] [0, 0, 7, 0] [1, 16, 2, 8]
// CHECK: VPU.NCE.Eltwise
// CHECK-SAME: -> tensor<1x16x4x8xf16
func.func @pieces(%x: tensor<1x16x16x8xf16, #NHWC>, %y: tensor<1x16x8x8xf16, #NHWC>)
    -> (tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x2x8xf16, #NHWC>) {
  %x0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %x1 = VPU.Slice %x [0, 0, 8, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %p0 = VPU.NCE.MaxPool(%x0) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %p1 = VPU.NCE.MaxPool(%x1) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %j = VPU.Concat(%p0, %p1) {axis = 2 : i64} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x16x8xf16, #NHWC>
  %s0 = VPU.Slice %j [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %a0 = VPU.NCE.Eltwise(%s0, %y) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %q0 = VPU.NCE.MaxPool(%x0) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %q1 = VPU.NCE.MaxPool(%x1) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %k = VPU.Concat(%q0, %q1) {axis = 2 : i64} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x16x8xf16, #NHWC>
  %t0 = VPU.Slice %k [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %halo = VPU.Slice %k [0, 0, 7, 0] [1, 16, 2, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x2x8xf16, #NHWC>
  %a1 = VPU.NCE.Eltwise(%t0, %y) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %a0, %a1, %halo : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x2x8xf16, #NHWC>
}
