// RUN: vpuc-opt %s --split-input-file -verify-diagnostics
// Every diagnostic of IE.ScatterNDUpdate's reduction, IE.ScatterElementsUpdate and IE.GatherND.

func.func @snd_bool_add(%x: tensor<4xi1>, %i: tensor<2x1xsi64>, %u: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'IE.ScatterNDUpdate' op reduction 'add' needs numeric elements, not 'i1'}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) {reduction = #IE.scatter_reduction<add>} : tensor<4xi1>, tensor<2x1xsi64>, tensor<2xi1> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @snd_bad_reduction(%x: tensor<4xf32>, %i: tensor<2x1xsi64>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::mlir::vpuc::IE::ScatterReduction to be one of: none, add, mul, max, min}}
  // expected-error @+1 {{failed to parse IE_ScatterReductionAttr parameter 'value'}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) {reduction = #IE.scatter_reduction<sum>} : tensor<4xf32>, tensor<2x1xsi64>, tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @se_axis(%x: tensor<3x4xf32>, %i: tensor<3x2xsi64>, %u: tensor<3x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op axis 2 is out of range for rank 2}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 2 : i64} : tensor<3x4xf32>, tensor<3x2xsi64>, tensor<3x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @se_rank(%x: tensor<3x4xf32>, %i: tensor<6xsi64>, %u: tensor<6xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op indices of rank 1 must have the input's rank 2}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 0 : i64} : tensor<3x4xf32>, tensor<6xsi64>, tensor<6xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @se_dims(%x: tensor<3x4xf32>, %i: tensor<4x2xsi64>, %u: tensor<4x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op indices shape [4, 2] exceeds the input shape [3, 4] in dim 0}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64} : tensor<3x4xf32>, tensor<4x2xsi64>, tensor<4x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @se_updates(%x: tensor<3x4xf32>, %i: tensor<3x2xsi64>, %u: tensor<3x1xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op updates shape [3, 1] must be the indices shape [3, 2]}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xsi64>, tensor<3x1xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @se_bool_mul(%x: tensor<3x4xi1>, %i: tensor<3x2xsi64>, %u: tensor<3x2xi1>) -> tensor<3x4xi1> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op reduction 'mul' needs numeric elements, not 'i1'}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64, reduction = #IE.scatter_reduction<mul>} : tensor<3x4xi1>, tensor<3x2xsi64>, tensor<3x2xi1> -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

// -----

func.func @se_types(%x: tensor<3x4xf32>, %i: tensor<3x2xsi64>, %u: tensor<3x2xf16>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.ScatterElementsUpdate' op failed to verify that all of {input, updates, output} have same element type}}
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xsi64>, tensor<3x2xf16> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @gnd_rank0(%x: tensor<4xf32>, %i: tensor<si64>) -> tensor<f32> {
  // expected-error @+1 {{'IE.GatherND' op indices must have rank of at least 1}}
  %0 = IE.GatherND(%x, %i) : tensor<4xf32>, tensor<si64> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @gnd_batch(%x: tensor<2x4xf32>, %i: tensor<2x1xsi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.GatherND' op batch_dims 2 must be in [0, min(input rank 2, indices rank 2))}}
  %0 = IE.GatherND(%x, %i) {batch_dims = 2 : i64} : tensor<2x4xf32>, tensor<2x1xsi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gnd_k(%x: tensor<2x4xf32>, %i: tensor<2x2xsi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.GatherND' op the last indices dim 2 must be in [1, 1] (input rank - batch_dims)}}
  %0 = IE.GatherND(%x, %i) {batch_dims = 1 : i64} : tensor<2x4xf32>, tensor<2x2xsi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gnd_dynamic_k(%x: tensor<2x4xf32>, %i: tensor<2x?xsi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.GatherND' op the last indices dim must be static}}
  %0 = IE.GatherND(%x, %i) : tensor<2x4xf32>, tensor<2x?xsi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gnd_batch_mismatch(%x: tensor<2x4xf32>, %i: tensor<3x1xsi64>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.GatherND' op batch dim 0 of the input (2) and the indices (3) differ}}
  %0 = IE.GatherND(%x, %i) {batch_dims = 1 : i64} : tensor<2x4xf32>, tensor<3x1xsi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @gnd_result(%x: tensor<2x4xf32>, %i: tensor<3x1xsi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'IE.GatherND' op inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{'IE.GatherND' op failed to infer returned types}}
  %0 = IE.GatherND(%x, %i) : tensor<2x4xf32>, tensor<3x1xsi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
