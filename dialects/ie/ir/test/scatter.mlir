// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of IE.ScatterNDUpdate (with reductions), IE.ScatterElementsUpdate and IE.GatherND.
// The verifier checks each written result type against the inferred one, so every accepted
// line is also a shape inference check.

// CHECK-LABEL: @scatter_nd
func.func @scatter_nd(%x: tensor<4x3xf32>, %i: tensor<2x1xsi64>, %u: tensor<2x3xf32>,
                      %i2: tensor<5x2xsi32>, %u2: tensor<5xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  // CHECK: IE.ScatterNDUpdate(%{{.+}}, %{{.+}}, %{{.+}}) : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
  %0 = IE.ScatterNDUpdate(%x, %i, %u) {reduction = #IE.scatter_reduction<none>} : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
  // CHECK: IE.ScatterNDUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {reduction = #IE.scatter_reduction<add>} : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
  %1 = IE.ScatterNDUpdate(%x, %i, %u) {reduction = #IE.scatter_reduction<add>} : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x3xf32> -> tensor<4x3xf32>
  // CHECK: IE.ScatterNDUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {reduction = #IE.scatter_reduction<mul>} : tensor<4x3xf32>, tensor<5x2xsi32>, tensor<5xf32> -> tensor<4x3xf32>
  %2 = IE.ScatterNDUpdate(%x, %i2, %u2) {reduction = #IE.scatter_reduction<mul>} : tensor<4x3xf32>, tensor<5x2xsi32>, tensor<5xf32> -> tensor<4x3xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// CHECK-LABEL: @scatter_elements
func.func @scatter_elements(%x: tensor<3x4xf16>, %i: tensor<3x2xsi64>, %u: tensor<3x2xf16>,
                            %b: tensor<2x2xi1>, %bi: tensor<1x2xsi32>, %bu: tensor<1x2xi1>,
                            %d: tensor<?x4xf16>, %di: tensor<?x6xsi64>, %du: tensor<?x6xf16>)
    -> (tensor<3x4xf16>, tensor<3x4xf16>, tensor<2x2xi1>, tensor<?x4xf16>) {
  // CHECK: IE.ScatterElementsUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<3x4xf16>, tensor<3x2xsi64>, tensor<3x2xf16> -> tensor<3x4xf16>
  %0 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = 1 : i64} : tensor<3x4xf16>, tensor<3x2xsi64>, tensor<3x2xf16> -> tensor<3x4xf16>
  // CHECK: IE.ScatterElementsUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {axis = -2 : i64, reduction = #IE.scatter_reduction<max>} : tensor<3x4xf16>, tensor<3x2xsi64>, tensor<3x2xf16> -> tensor<3x4xf16>
  %1 = IE.ScatterElementsUpdate(%x, %i, %u) {axis = -2 : i64, reduction = #IE.scatter_reduction<max>} : tensor<3x4xf16>, tensor<3x2xsi64>, tensor<3x2xf16> -> tensor<3x4xf16>
  // CHECK: IE.ScatterElementsUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {axis = 0 : i64} : tensor<2x2xi1>, tensor<1x2xsi32>, tensor<1x2xi1> -> tensor<2x2xi1>
  %2 = IE.ScatterElementsUpdate(%b, %bi, %bu) {axis = 0 : i64} : tensor<2x2xi1>, tensor<1x2xsi32>, tensor<1x2xi1> -> tensor<2x2xi1>
  // CHECK: IE.ScatterElementsUpdate(%{{.+}}, %{{.+}}, %{{.+}}) {axis = 1 : i64, reduction = #IE.scatter_reduction<min>} : tensor<?x4xf16>, tensor<?x6xsi64>, tensor<?x6xf16> -> tensor<?x4xf16>
  %3 = IE.ScatterElementsUpdate(%d, %di, %du) {axis = 1 : i64, reduction = #IE.scatter_reduction<min>} : tensor<?x4xf16>, tensor<?x6xsi64>, tensor<?x6xf16> -> tensor<?x4xf16>
  return %0, %1, %2, %3 : tensor<3x4xf16>, tensor<3x4xf16>, tensor<2x2xi1>, tensor<?x4xf16>
}

// -----

// CHECK-LABEL: @gather_nd
func.func @gather_nd(%x: tensor<2x4x3xf32>, %i: tensor<2x5x1xsi64>, %j: tensor<6x3xsi32>, %k: tensor<7x2xsi64>,
                     %d: tensor<?x4x3xf32>, %di: tensor<?x1xsi64>)
    -> (tensor<2x5x3xf32>, tensor<6xf32>, tensor<7x3xf32>, tensor<?x4x3xf32>) {
  // CHECK: IE.GatherND(%{{.+}}, %{{.+}}) {batch_dims = 1 : i64} : tensor<2x4x3xf32>, tensor<2x5x1xsi64> -> tensor<2x5x3xf32>
  %0 = IE.GatherND(%x, %i) {batch_dims = 1 : i64} : tensor<2x4x3xf32>, tensor<2x5x1xsi64> -> tensor<2x5x3xf32>
  // CHECK: IE.GatherND(%{{.+}}, %{{.+}}) : tensor<2x4x3xf32>, tensor<6x3xsi32> -> tensor<6xf32>
  %1 = IE.GatherND(%x, %j) : tensor<2x4x3xf32>, tensor<6x3xsi32> -> tensor<6xf32>
  // CHECK: IE.GatherND(%{{.+}}, %{{.+}}) : tensor<2x4x3xf32>, tensor<7x2xsi64> -> tensor<7x3xf32>
  %2 = IE.GatherND(%x, %k) {batch_dims = 0 : i64} : tensor<2x4x3xf32>, tensor<7x2xsi64> -> tensor<7x3xf32>
  // CHECK: IE.GatherND(%{{.+}}, %{{.+}}) : tensor<?x4x3xf32>, tensor<?x1xsi64> -> tensor<?x4x3xf32>
  %3 = IE.GatherND(%d, %di) : tensor<?x4x3xf32>, tensor<?x1xsi64> -> tensor<?x4x3xf32>
  return %0, %1, %2, %3 : tensor<2x5x3xf32>, tensor<6xf32>, tensor<7x3xf32>, tensor<?x4x3xf32>
}
