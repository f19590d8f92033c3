// A convolution that does not fit a CMX budget of 4000 bytes, with a layer name (from
// passes/vpu/tiling/test/Inputs/named_layer.mlir), for compile_errors.test.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @too_big(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x32x8x8xf16, #NHWC> {
  %w = const.Declare tensor<32x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC> loc("conv1")
  return %0 : tensor<1x32x8x8xf16, #NHWC>
}

