// RUN: vpuc-opt %s --split-input-file -verify-diagnostics
// Every diagnostic of the IE data movement / shape ops.

func.func @reshape_negative(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Reshape' op shape [2, -1] has the negative dim -1 (ONNX's 0 / -1 must be resolved by the importer)}}
  %0 = IE.Reshape(%x) {shape = array<i64: 2, -1>} : tensor<6xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reshape_count(%x: tensor<6xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.Reshape' op shape [2, 4] has 8 elements but the input shape [6] has 6}}
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 4>} : tensor<6xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reshape_element_type(%x: tensor<6xf32>) -> tensor<6xf16> {
  // expected-error @+1 {{'IE.Reshape' op failed to verify that all of {input, output} have same element type}}
  %0 = IE.Reshape(%x) {shape = array<i64: 6>} : tensor<6xf32> -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----

func.func @reshape_wrong_result(%x: tensor<6xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'IE.Reshape' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'IE.Reshape' op failed to infer returned types}}
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<6xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @squeeze_axis_range(%x: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Squeeze' op axis -3 is out of range for rank 2}}
  %0 = IE.Squeeze(%x) {axes = array<i64: -3>} : tensor<1x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @squeeze_twice(%x: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Squeeze' op axes [0, -2] name dim 0 twice}}
  %0 = IE.Squeeze(%x) {axes = array<i64: 0, -2>} : tensor<1x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @squeeze_not_one(%x: tensor<1x3xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{'IE.Squeeze' op cannot squeeze dim 1 of size 3}}
  %0 = IE.Squeeze(%x) {axes = array<i64: 1>} : tensor<1x3xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @squeeze_all_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'IE.Squeeze' op expects a static input shape when axes is empty, got [?, 3]}}
  %0 = IE.Squeeze(%x) : tensor<?x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @unsqueeze_no_axes(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Unsqueeze' op expects at least one axis}}
  %0 = IE.Unsqueeze(%x) {axes = array<i64>} : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unsqueeze_axis_range(%x: tensor<3xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'IE.Unsqueeze' op axis 2 is out of range for rank 2}}
  %0 = IE.Unsqueeze(%x) {axes = array<i64: 2>} : tensor<3xf32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @flatten_axis_range(%x: tensor<2x3xf32>) -> tensor<6x1xf32> {
  // expected-error @+1 {{'IE.Flatten' op axis 3 is out of range [-2, 2]}}
  %0 = IE.Flatten(%x) {axis = 3 : i64} : tensor<2x3xf32> -> tensor<6x1xf32>
  return %0 : tensor<6x1xf32>
}

// -----

func.func @transpose_not_permutation(%x: tensor<1x2x3x4xf32>) -> tensor<1x3x3x2xf32> {
  // expected-error @+1 {{'IE.Transpose' op perm [0, 2, 2, 1] is not a permutation of 4 dimensions}}
  %0 = IE.Transpose(%x) {perm = array<i64: 0, 2, 2, 1>} : tensor<1x2x3x4xf32> -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

func.func @transpose_wrong_length(%x: tensor<1x2xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'IE.Transpose' op perm [1, 0, 2] is not a permutation of 2 dimensions}}
  %0 = IE.Transpose(%x) {perm = array<i64: 1, 0, 2>} : tensor<1x2xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @concat_no_inputs() -> tensor<1xf32> {
  // expected-error @+1 {{'IE.Concat' op expects at least one input}}
  %0 = "IE.Concat"() <{axis = 0 : i64}> : () -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @concat_dims(%a: tensor<1x2x5xf32>, %b: tensor<1x3x6xf32>) -> tensor<1x5x5xf32> {
  // expected-error @+1 {{'IE.Concat' op concat inputs differ in dimension 2: 5 vs 6}}
  %0 = IE.Concat(%a, %b) {axis = 1 : i64} : tensor<1x2x5xf32>, tensor<1x3x6xf32> -> tensor<1x5x5xf32>
  return %0 : tensor<1x5x5xf32>
}

// -----

func.func @concat_rank(%a: tensor<1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Concat' op concat input #1 has rank 1 but input #0 has rank 2}}
  %0 = IE.Concat(%a, %b) {axis = 1 : i64} : tensor<1x2xf32>, tensor<2xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @concat_element_type(%a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.Concat' op concat input #1 has element type 'f16' but input #0 has 'f32'}}
  %0 = IE.Concat(%a, %b) {axis = 0 : i64} : tensor<2xf32>, tensor<2xf16> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_axis(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.Concat' op axis 1 is out of range for rank 1}}
  %0 = IE.Concat(%a, %a) {axis = 1 : i64} : tensor<2xf32>, tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @split_sum(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  // expected-error @+1 {{'IE.Split' op splits [2, 2] sum to 4 but dim 1 has size 5}}
  %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 2>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x2xf32>
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_negative(%x: tensor<2x5xf32>) -> (tensor<2x6xf32>, tensor<2x1xf32>) {
  // expected-error @+1 {{'IE.Split' op splits [6, -1] has the negative size -1}}
  %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 6, -1>} : tensor<2x5xf32> -> tensor<2x6xf32>, tensor<2x1xf32>
  return %0#0, %0#1 : tensor<2x6xf32>, tensor<2x1xf32>
}

// -----

func.func @split_empty(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'IE.Split' op expects at least one split}}
  "IE.Split"(%x) <{axis = 1 : i64, splits = array<i64>}> : (tensor<2x5xf32>) -> ()
  return
}

// -----

func.func @split_axis(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.Split' op axis 2 is out of range for rank 2}}
  %0 = IE.Split(%x) {axis = 2 : i64, splits = array<i64: 5>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @split_result_count(%x: tensor<2x5xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{'IE.Split' op inferred type(s) 'tensor<2x2xf32>', 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf32>'}}
  // expected-error @+1 {{'IE.Split' op failed to infer returned types}}
  %0 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<2x5xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @slice_lengths(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.Slice' op expects starts, ends, axes and steps of one length, got 2, 1, 2 and 2}}
  %0 = IE.Slice(%x) {starts = array<i64: 0, 0>, ends = array<i64: 1>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_zero_step(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.Slice' op step of axis 1 must not be 0}}
  %0 = IE.Slice(%x) {starts = array<i64: 0>, ends = array<i64: 1>, axes = array<i64: -1>, steps = array<i64: 0>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_axes_twice(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.Slice' op axes [1, -1] name dim 1 twice}}
  %0 = IE.Slice(%x) {starts = array<i64: 0, 0>, ends = array<i64: 1, 1>, axes = array<i64: 1, -1>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_axis_range(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.Slice' op axis 2 is out of range for rank 2}}
  %0 = IE.Slice(%x) {starts = array<i64: 0>, ends = array<i64: 1>, axes = array<i64: 2>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @pad_lengths(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.Pad' op expects pads_begin and pads_end of 2 entries (one per dim), got 1 and 2}}
  %0 = IE.Pad(%x) {pads_begin = array<i64: 1>, pads_end = array<i64: 0, 1>} : tensor<2x3xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pad_negative(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'IE.Pad' op pads of dim 1 must be non-negative, got 0 and -1}}
  %0 = IE.Pad(%x) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, -1>} : tensor<2x3xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @pad_reflect_too_wide(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'IE.Pad' op reflect pads 3 and 0 of dim 1 must be smaller than its size 3}}
  %0 = IE.Pad(%x) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 3>, pads_end = array<i64: 0, 0>} : tensor<2x3xf32> -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @pad_edge_empty(%x: tensor<2x0xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'IE.Pad' op cannot edge-pad the empty dim 1}}
  %0 = IE.Pad(%x) {mode = #IE.pad_mode<edge>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 0>} : tensor<2x0xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @tile_length(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'IE.Tile' op expects 2 repeats (one per dim), got 1}}
  %0 = IE.Tile(%x) {repeats = array<i64: 2>} : tensor<2x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @tile_negative(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'IE.Tile' op repeats [2, -1] has the negative entry -1}}
  %0 = IE.Tile(%x) {repeats = array<i64: 2, -1>} : tensor<2x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @gather_axis(%x: tensor<2x3xf32>, %i: tensor<2xsi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Gather' op axis -3 is out of range for rank 2}}
  %0 = IE.Gather(%x, %i) {axis = -3 : i64} : tensor<2x3xf32>, tensor<2xsi64> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_element_type(%x: tensor<2x3xf32>, %i: tensor<2xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{'IE.Gather' op failed to verify that all of {input, output} have same element type}}
  %0 = IE.Gather(%x, %i) {axis = 0 : i64} : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @shape_of_type(%x: tensor<2x3xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{'IE.ShapeOf' op result #0 must be ranked tensor of 64-bit signless integer values}}
  %0 = IE.ShapeOf(%x) : tensor<2x3xf32> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
