// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=4000}))'
// RUN: not vpuc-opt %S/Inputs/named_layer.mlir --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=4000}))' 2>&1 | FileCheck %s --check-prefix=NAMED

// A layer with a NameLoc (an imported node name) is named by it (Inputs/named_layer.mlir).
// The smallest tiles need 8960 bytes over K (the whole input, 16 output channels of 3x3 weights
// and their table), 11008 over H (one output row, three input rows and the whole filter) and
// 5888 over K and H together (one output row of 16 channels, three input rows, the 16 channels'
// weights and table).
// NAMED: error: {{.*}}'VPU.NCE.Convolution' op layer 'conv1' needs 15872 bytes of CMX and does not fit the budget of 4000 bytes even in its smallest tiles (over H 11008 bytes, over K 8960 bytes, over K x H 5888 bytes)

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// One output row and one channel group cannot be split further: the op is named by its op name
// without a NameLoc.
func.func @single_tile(%a: tensor<1x16x1x128xf16, #NHWC>) -> tensor<1x16x1x128xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op layer 'VPU.NCE.Eltwise' needs 12288 bytes of CMX and does not fit the budget of 4000 bytes even in its smallest tiles (over H 12288 bytes, over C 12288 bytes)}}
  %0 = VPU.NCE.Eltwise(%a, %a) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>}
         : tensor<1x16x1x128xf16, #NHWC>, tensor<1x16x1x128xf16, #NHWC> -> tensor<1x16x1x128xf16, #NHWC>
  return %0 : tensor<1x16x1x128xf16, #NHWC>
}
