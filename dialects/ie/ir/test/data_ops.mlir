// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of the IE data movement / shape ops. The verifier checks each written result
// type against the inferred one, so every accepted line is also a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @reshapes
func.func @reshapes(%x: tensor<1x6x1xf32>, %d: tensor<?x3xf16>, %e: tensor<1x3x4x5xsi32, #NHWC>)
    -> (tensor<2x3xf32>, tensor<6xf32>, tensor<6x1xf32>, tensor<1x1x6x1x1xf32>, tensor<6xf32>,
        tensor<1x6xf32>, tensor<6x1xf32>, tensor<?xf16>, tensor<?x3xf16>, tensor<3x20xsi32>) {
  // CHECK: IE.Reshape(%{{.+}}) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
  // CHECK: IE.Squeeze(%{{.+}}) {axes = array<i64: 0, -1>} : tensor<1x6x1xf32> -> tensor<6xf32>
  %1 = IE.Squeeze(%x) {axes = array<i64: 0, -1>} : tensor<1x6x1xf32> -> tensor<6xf32>
  // CHECK: IE.Squeeze(%{{.+}}) {axes = array<i64: 0>} : tensor<1x6x1xf32> -> tensor<6x1xf32>
  %2 = IE.Squeeze(%x) {axes = array<i64: 0>} : tensor<1x6x1xf32> -> tensor<6x1xf32>
  // CHECK: IE.Unsqueeze(%{{.+}}) {axes = array<i64: 0, -1>} : tensor<1x6x1xf32> -> tensor<1x1x6x1x1xf32>
  %3 = IE.Unsqueeze(%x) {axes = array<i64: 0, -1>} : tensor<1x6x1xf32> -> tensor<1x1x6x1x1xf32>
  // No axes: every dim of size 1 goes.
  // CHECK: IE.Squeeze(%{{.+}}) : tensor<1x6x1xf32> -> tensor<6xf32>
  %4 = IE.Squeeze(%x) : tensor<1x6x1xf32> -> tensor<6xf32>
  // CHECK: IE.Flatten(%{{.+}}) : tensor<1x6x1xf32> -> tensor<1x6xf32>
  %5 = IE.Flatten(%x) : tensor<1x6x1xf32> -> tensor<1x6xf32>
  // CHECK: IE.Flatten(%{{.+}}) {axis = -1 : i64} : tensor<1x6x1xf32> -> tensor<6x1xf32>
  %6 = IE.Flatten(%x) {axis = -1 : i64} : tensor<1x6x1xf32> -> tensor<6x1xf32>
  // CHECK: IE.Flatten(%{{.+}}) {axis = 0 : i64} : tensor<?x3xf16> -> tensor<1x?xf16>
  %7 = IE.Flatten(%d) {axis = 0 : i64} : tensor<?x3xf16> -> tensor<1x?xf16>
  %8 = IE.Reshape(%7) {shape = array<i64: 2, 3>} : tensor<1x?xf16> -> tensor<2x3xf16>
  // CHECK: IE.Squeeze(%{{.+}}) {axes = array<i64: 0>} : tensor<1x?xf16> -> tensor<?xf16>
  %9 = IE.Squeeze(%7) {axes = array<i64: 0>} : tensor<1x?xf16> -> tensor<?xf16>
  // CHECK: IE.Unsqueeze(%{{.+}}) {axes = array<i64: 1>} : tensor<?xf16> -> tensor<?x1xf16>
  %10 = IE.Unsqueeze(%9) {axes = array<i64: 1>} : tensor<?xf16> -> tensor<?x1xf16>
  // The layout encoding is dropped.
  // CHECK: IE.Reshape(%{{.+}}) {shape = array<i64: 3, 20>} : tensor<1x3x4x5xsi32, #{{.+}}> -> tensor<3x20xsi32>
  %11 = IE.Reshape(%e) {shape = array<i64: 3, 20>} : tensor<1x3x4x5xsi32, #NHWC> -> tensor<3x20xsi32>
  return %0, %1, %2, %3, %4, %5, %6, %9, %d, %11 : tensor<2x3xf32>, tensor<6xf32>, tensor<6x1xf32>, tensor<1x1x6x1x1xf32>, tensor<6xf32>, tensor<1x6xf32>, tensor<6x1xf32>, tensor<?xf16>, tensor<?x3xf16>, tensor<3x20xsi32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @transpose
func.func @transpose(%x: tensor<1x3x4x5xf32, #NHWC>, %d: tensor<?x2xi1>)
    -> (tensor<1x4x5x3xf32>, tensor<2x?xi1>) {
  // CHECK: IE.Transpose(%{{.+}}) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, #{{.+}}> -> tensor<1x4x5x3xf32>
  %0 = IE.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, #NHWC> -> tensor<1x4x5x3xf32>
  // CHECK: IE.Transpose(%{{.+}}) {perm = array<i64: 1, 0>} : tensor<?x2xi1> -> tensor<2x?xi1>
  %1 = IE.Transpose(%d) {perm = array<i64: 1, 0>} : tensor<?x2xi1> -> tensor<2x?xi1>
  return %0, %1 : tensor<1x4x5x3xf32>, tensor<2x?xi1>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @concat
func.func @concat(%a: tensor<1x2x4xf32>, %b: tensor<1x3x4xf32>, %c: tensor<?x3x4xf32>,
                  %n: tensor<1x2x3x3xf16, #NHWC>, %m: tensor<1x5x3x3xf16, #NHWC>)
    -> (tensor<1x5x4xf32>, tensor<1x8x4xf32>, tensor<1x5x4xf32>, tensor<1x7x3x3xf16, #NHWC>,
        tensor<2x3x4xf32>) {
  // CHECK: IE.Concat(%{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
  %0 = IE.Concat(%a, %b) {axis = 1 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
  // CHECK: IE.Concat(%{{.+}}, %{{.+}}, %{{.+}}) {axis = -2 : i64} : tensor<1x3x4xf32>, tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x8x4xf32>
  %1 = IE.Concat(%b, %a, %b) {axis = -2 : i64} : tensor<1x3x4xf32>, tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x8x4xf32>
  // A dynamic dim takes the static extent of the other inputs.
  // CHECK: IE.Concat(%{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<?x3x4xf32>, tensor<1x2x4xf32> -> tensor<1x5x4xf32>
  %2 = IE.Concat(%c, %a) {axis = 1 : i64} : tensor<?x3x4xf32>, tensor<1x2x4xf32> -> tensor<1x5x4xf32>
  // A shared layout encoding is kept.
  // CHECK: IE.Concat(%{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<1x2x3x3xf16, #[[$L:.+]]>, tensor<1x5x3x3xf16, #[[$L]]> -> tensor<1x7x3x3xf16, #[[$L]]>
  %3 = IE.Concat(%n, %m) {axis = 1 : i64} : tensor<1x2x3x3xf16, #NHWC>, tensor<1x5x3x3xf16, #NHWC> -> tensor<1x7x3x3xf16, #NHWC>
  // CHECK: IE.Concat(%{{.+}}, %{{.+}}) {axis = 0 : i64} : tensor<?x3x4xf32>, tensor<1x3x4xf32> -> tensor<?x3x4xf32>
  %4 = IE.Concat(%c, %b) {axis = 0 : i64} : tensor<?x3x4xf32>, tensor<1x3x4xf32> -> tensor<?x3x4xf32>
  %5 = IE.Concat(%b, %b) {axis = 0 : i64} : tensor<1x3x4xf32>, tensor<1x3x4xf32> -> tensor<2x3x4xf32>
  return %0, %1, %2, %3, %5 : tensor<1x5x4xf32>, tensor<1x8x4xf32>, tensor<1x5x4xf32>, tensor<1x7x3x3xf16, #NHWC>, tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @split
func.func @split(%x: tensor<2x5xf32>, %d: tensor<2x?xsi8>)
    -> (tensor<2x2xf32>, tensor<2x3xf32>, tensor<1x5xf32>, tensor<2x0xsi8>, tensor<2x4xsi8>) {
  // CHECK: IE.Split(%{{.+}}) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x3xf32>
  %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x3xf32>
  // CHECK: IE.Split(%{{.+}}) {axis = -2 : i64, splits = array<i64: 1, 1>} : tensor<2x5xf32> -> tensor<1x5xf32>, tensor<1x5xf32>
  %1:2 = IE.Split(%x) {axis = -2 : i64, splits = array<i64: 1, 1>} : tensor<2x5xf32> -> tensor<1x5xf32>, tensor<1x5xf32>
  // CHECK: IE.Split(%{{.+}}) {axis = 1 : i64, splits = array<i64: 0, 4>} : tensor<2x?xsi8> -> tensor<2x0xsi8>, tensor<2x4xsi8>
  %2:2 = IE.Split(%d) {axis = 1 : i64, splits = array<i64: 0, 4>} : tensor<2x?xsi8> -> tensor<2x0xsi8>, tensor<2x4xsi8>
  return %0#0, %0#1, %1#1, %2#0, %2#1 : tensor<2x2xf32>, tensor<2x3xf32>, tensor<1x5xf32>, tensor<2x0xsi8>, tensor<2x4xsi8>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @slice
func.func @slice(%x: tensor<2x5xf32>, %d: tensor<?x5xf32>, %n: tensor<1x8x4x4xf16, #NHWC>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2xf32>, tensor<2x0xf32>, tensor<?x2xf32>,
        tensor<1x4x4x4xf16, #NHWC>, tensor<2x5xf32>) {
  // Negative step from the last element to the beginning: 4, 2, 0.
  // CHECK: IE.Slice(%{{.+}}) {axes = array<i64: 1>, ends = array<i64: -9223372036854775808>, starts = array<i64: -1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  %0 = IE.Slice(%x) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  // Ends past the dim are clamped.
  // CHECK: IE.Slice(%{{.+}}) {ends = array<i64: 100, 100>, starts = array<i64: 0, 2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  %1 = IE.Slice(%x) {starts = array<i64: 0, 2>, ends = array<i64: 100, 100>} : tensor<2x5xf32> -> tensor<2x3xf32>
  // CHECK: IE.Slice(%{{.+}}) {axes = array<i64: -1, 0>, ends = array<i64: -1, 1>, starts = array<i64: 1, -5>, steps = array<i64: 2, 1>} : tensor<2x5xf32> -> tensor<1x2xf32>
  %2 = IE.Slice(%x) {starts = array<i64: 1, -5>, ends = array<i64: -1, 1>, axes = array<i64: -1, 0>, steps = array<i64: 2, 1>} : tensor<2x5xf32> -> tensor<1x2xf32>
  // An empty range gives a zero-size dim.
  // CHECK: IE.Slice(%{{.+}}) {axes = array<i64: 1>, ends = array<i64: 1>, starts = array<i64: 3>} : tensor<2x5xf32> -> tensor<2x0xf32>
  %3 = IE.Slice(%x) {starts = array<i64: 3>, ends = array<i64: 1>, axes = array<i64: 1>} : tensor<2x5xf32> -> tensor<2x0xf32>
  // CHECK: IE.Slice(%{{.+}}) {ends = array<i64: 1, 5>, starts = array<i64: 0, 3>} : tensor<?x5xf32> -> tensor<?x2xf32>
  %4 = IE.Slice(%d) {starts = array<i64: 0, 3>, ends = array<i64: 1, 5>} : tensor<?x5xf32> -> tensor<?x2xf32>
  // CHECK: IE.Slice(%{{.+}}) {axes = array<i64: 1>, ends = array<i64: 8>, starts = array<i64: 4>} : tensor<1x8x4x4xf16, #[[$L:.+]]> -> tensor<1x4x4x4xf16, #[[$L]]>
  %5 = IE.Slice(%n) {starts = array<i64: 4>, ends = array<i64: 8>, axes = array<i64: 1>} : tensor<1x8x4x4xf16, #NHWC> -> tensor<1x4x4x4xf16, #NHWC>
  // Negative step over the whole dim reverses it.
  // CHECK: IE.Slice
  %6 = IE.Slice(%x) {starts = array<i64: 9223372036854775807>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -1>} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2xf32>, tensor<2x0xf32>, tensor<?x2xf32>, tensor<1x4x4x4xf16, #NHWC>, tensor<2x5xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @pad_tile
func.func @pad_tile(%x: tensor<2x3xf32>, %n: tensor<1x2x3x3xf16, #NHWC>, %d: tensor<?x3xsi32>)
    -> (tensor<2x6xf32>, tensor<4x5xf32>, tensor<1x2x5x5xf16, #NHWC>, tensor<?x4xsi32>,
        tensor<4x3xf32>, tensor<?x0xsi32>) {
  // CHECK: IE.Pad(%{{.+}}) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
  %0 = IE.Pad(%x) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
  // CHECK: IE.Pad(%{{.+}}) {pad_value = 1.500000e+00 : f64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<4x5xf32>
  %1 = IE.Pad(%x) {pad_value = 1.5 : f64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<4x5xf32>
  // CHECK: IE.Pad(%{{.+}}) {mode = #IE.pad_mode<edge>, pads_begin = array<i64: 0, 0, 1, 1>, pads_end = array<i64: 0, 0, 1, 1>} : tensor<1x2x3x3xf16, #[[$L:.+]]> -> tensor<1x2x5x5xf16, #[[$L]]>
  %2 = IE.Pad(%n) {mode = #IE.pad_mode<edge>, pads_begin = array<i64: 0, 0, 1, 1>, pads_end = array<i64: 0, 0, 1, 1>} : tensor<1x2x3x3xf16, #NHWC> -> tensor<1x2x5x5xf16, #NHWC>
  // The default mode is not printed.
  // CHECK: IE.Pad(%{{.+}}) {pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>} : tensor<?x3xsi32> -> tensor<?x4xsi32>
  %3 = IE.Pad(%d) {mode = #IE.pad_mode<constant>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>} : tensor<?x3xsi32> -> tensor<?x4xsi32>
  // CHECK: IE.Tile(%{{.+}}) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
  %4 = IE.Tile(%x) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
  // CHECK: IE.Tile(%{{.+}}) {repeats = array<i64: 3, 0>} : tensor<?x3xsi32> -> tensor<?x0xsi32>
  %5 = IE.Tile(%d) {repeats = array<i64: 3, 0>} : tensor<?x3xsi32> -> tensor<?x0xsi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x6xf32>, tensor<4x5xf32>, tensor<1x2x5x5xf16, #NHWC>, tensor<?x4xsi32>, tensor<4x3xf32>, tensor<?x0xsi32>
}

// -----

// CHECK-LABEL: func.func @gather_shape_of
func.func @gather_shape_of(%x: tensor<2x5x4xf32>, %i: tensor<3xsi64>, %j: tensor<2x2xf32>, %s: tensor<si32>, %d: tensor<?x3xf32>)
    -> (tensor<2x3x4xf32>, tensor<2x5x2x2xf32>, tensor<5x4xf32>, tensor<2xi64>) {
  // CHECK: IE.Gather(%{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
  %0 = IE.Gather(%x, %i) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
  // CHECK: IE.Gather(%{{.+}}, %{{.+}}) {axis = -1 : i64} : tensor<2x5x4xf32>, tensor<2x2xf32> -> tensor<2x5x2x2xf32>
  %1 = IE.Gather(%x, %j) {axis = -1 : i64} : tensor<2x5x4xf32>, tensor<2x2xf32> -> tensor<2x5x2x2xf32>
  // CHECK: IE.Gather(%{{.+}}, %{{.+}}) {axis = 0 : i64} : tensor<2x5x4xf32>, tensor<si32> -> tensor<5x4xf32>
  %2 = IE.Gather(%x, %s) {axis = 0 : i64} : tensor<2x5x4xf32>, tensor<si32> -> tensor<5x4xf32>
  // CHECK: IE.ShapeOf(%{{.+}}) : tensor<?x3xf32> -> tensor<2xi64>
  %3 = IE.ShapeOf(%d) : tensor<?x3xf32> -> tensor<2xi64>
  return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<2x5x2x2xf32>, tensor<5x4xf32>, tensor<2xi64>
}
