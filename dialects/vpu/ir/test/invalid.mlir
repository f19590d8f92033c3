// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
// Verifier errors of the VPU ops: the VPU rules (tensor types, one memory per layer), the IE
// op's own checks re-emitted under the VPU op's name, and the view ops' checks.

func.func @dynamic_shape(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'VPU.SW.ReLU' op operand #0 has type 'tensor<?x8xf32>': VPU tensors have static shapes}}
  %0 = VPU.SW.ReLU(%x) : tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @rank_above_8(%x: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  // expected-error @+1 {{'VPU.SW.ReLU' op operand #0 has type 'tensor<1x1x1x1x1x1x1x1x2xf32>': VPU tensors have rank at most 8}}
  %0 = VPU.SW.ReLU(%x) : tensor<1x1x1x1x1x1x1x1x2xf32> -> tensor<1x1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x2xf32>
}

// -----

func.func @foreign_encoding(%x: tensor<8xf32, "dense">) -> tensor<8xf32, "dense"> {
  // expected-error @+1 {{'VPU.SW.ReLU' op operand #0 has type 'tensor<8xf32, "dense">', whose encoding is neither an order map of its rank nor a #VPU.tensor}}
  %0 = VPU.SW.ReLU(%x) : tensor<8xf32, "dense"> -> tensor<8xf32, "dense">
  return %0 : tensor<8xf32, "dense">
}

// -----

func.func @operands_in_two_memories(%a: tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, %b: tensor<1x8xf16>) -> tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>> {
  // expected-error @+1 {{'VPU.SW.Add' op operand #1 is in DDR but operand #0 is in CMX_NN[0]: the tensors of a VPU layer are in one memory}}
  %0 = VPU.SW.Add(%a, %b) : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, tensor<1x8xf16> -> tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
  return %0 : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
}

// -----

func.func @operands_in_two_clusters(%a: tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, %b: tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[1]>>) -> tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>> {
  // expected-error @+1 {{'VPU.SW.Add' op operand #1 is in CMX_NN[1] but operand #0 is in CMX_NN[0]}}
  %0 = VPU.SW.Add(%a, %b) : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[1]>> -> tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
  return %0 : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
}

// -----

func.func @result_in_another_memory(%a: tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x8xf16> {
  // expected-error @+1 {{'VPU.SW.ReLU' op result #0 is in DDR but operand #0 is in CMX_NN[0]}}
  %0 = VPU.SW.ReLU(%a) : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}

// -----

func.func @ie_check_clamp(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'VPU.SW.Clamp' op expects min <= max, got min = 2.000000e+00 and max = 1.000000e+00}}
  %0 = VPU.SW.Clamp(%x) {min = 2.0 : f64, max = 1.0 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @ie_check_convolution(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'VPU.SW.Convolution' op}}
  %0 = VPU.SW.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @ie_check_result_type(%x: tensor<1x8xf32>) -> tensor<1x9xf32> {
  // The IE op accepts its own result type, so the VPU result type check reports the error.
  // expected-error @+2 {{'VPU.SW.SoftMax' op inferred type(s) 'tensor<1x8xf32>' are incompatible with return type(s) of operation 'tensor<1x9xf32>'}}
  // expected-error @+1 {{'VPU.SW.SoftMax' op failed to infer returned types}}
  %0 = VPU.SW.SoftMax(%x) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x9xf32>
  return %0 : tensor<1x9xf32>
}

// -----

func.func @ie_check_axis(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'VPU.SW.SoftMax' op}}
  %0 = VPU.SW.SoftMax(%x) {axis = 2 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @result_order_differs(%x: tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> {
  // expected-error @+2 {{'VPU.SW.ReLU' op inferred type(s) 'tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>>' are incompatible with return type(s) of operation 'tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>'}}
  // expected-error @+1 {{'VPU.SW.ReLU' op failed to infer returned types}}
  %0 = VPU.SW.ReLU(%x) : tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
  return %0 : tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
}

// -----

func.func @reshape_of_nhwc(%x: tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<3x20xf32> {
  // expected-error @+1 {{'VPU.Reshape' op reads the row-major elements of its input, which must have the default order to be viewed, got NHWC; reorder it first (VPU.SW.Reorder)}}
  %0 = VPU.Reshape(%x) {shape = array<i64: 3, 20>} : tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<3x20xf32>
  return %0 : tensor<3x20xf32>
}

// -----

func.func @reshape_element_count(%x: tensor<1x6xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'VPU.Reshape' op}}
  %0 = VPU.Reshape(%x) {shape = array<i64: 7>} : tensor<1x6xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @concat_memories(%a: tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, %b: tensor<1x8xf16>) -> tensor<1x16xf16> {
  // expected-error @+1 {{'VPU.Concat' op operand #1 is in DDR but operand #0 is in CMX_NN[0]}}
  %0 = VPU.Concat(%a, %b) {axis = 1 : i64} : tensor<1x8xf16, #VPU.tensor<mem_space = CMX_NN[0]>>, tensor<1x8xf16> -> tensor<1x16xf16>
  return %0 : tensor<1x16xf16>
}

// -----

func.func @slice_rank(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'VPU.Slice' op expects one offset and one size per dim of the rank-2 input, got 1 offsets and 2 sizes}}
  %0 = VPU.Slice %x [0] [2, 2] : tensor<4x4xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_box_outside(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'VPU.Slice' op dim 1: the box [3, 3 + 2) is not a non-empty part of [0, 4)}}
  %0 = VPU.Slice %x [0, 3] [2, 2] : tensor<4x4xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_empty(%x: tensor<4x4xf32>) -> tensor<2x0xf32> {
  // expected-error @+1 {{'VPU.Slice' op dim 1: the box [0, 0 + 0) is not a non-empty part of [0, 4)}}
  %0 = VPU.Slice %x [0, 0] [2, 0] : tensor<4x4xf32> -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

func.func @slice_dynamic(%x: tensor<?x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'VPU.Slice' op operand #0 has type 'tensor<?x4xf32>': VPU tensors have static shapes}}
  %0 = VPU.Slice %x [0, 0] [2, 2] : tensor<?x4xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_memory(%x: tensor<4x4xf32, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<2x2xf32> {
  // expected-error @+2 {{'VPU.Slice' op inferred type(s) 'tensor<2x2xf32, #VPU.tensor<mem_space = CMX_NN[0]>>' are incompatible with return type(s) of operation 'tensor<2x2xf32>'}}
  // expected-error @+1 {{'VPU.Slice' op failed to infer returned types}}
  %0 = VPU.Slice %x [0, 0] [2, 2] : tensor<4x4xf32, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Operand and attribute constraints are the IE op's, checked by the VPU op's own ODS code.
func.func @ie_operand_constraint(%x: tensor<1x8xi1>) -> tensor<1x8xi1> {
  // expected-error @+1 {{'VPU.SW.SoftMax' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<1x8xi1>'}}
  %0 = "VPU.SW.SoftMax"(%x) {axis = 1 : i64} : (tensor<1x8xi1>) -> tensor<1x8xi1>
  return %0 : tensor<1x8xi1>
}

// -----

func.func @ie_attribute_constraint(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'VPU.SW.SoftMax' op requires attribute 'axis'}}
  %0 = "VPU.SW.SoftMax"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
