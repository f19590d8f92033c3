// RUN: vpuc-opt %s --split-input-file -canonicalize | FileCheck %s
// RUN: vpuc-opt %s --split-input-file -canonicalize --vpuc-const-fold | FileCheck %s --check-prefix=VALUES
// Lazy constant folding: ops on const.Declare operands become const.Declare ops with one more
// #const transformation; --vpuc-const-fold then shows the values the transformations compute.

// CHECK-LABEL: func.func @reshape_likes
func.func @reshape_likes() -> (tensor<3x2xf32>, tensor<6xf32>, tensor<1x2x3x1xf32>, tensor<2x3xf32>) {
  %c = const.Declare tensor<2x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>>
  %c1 = const.Declare tensor<1x6x1xf32> = #const.Content<dense<1.0> : tensor<1x6x1xf32>>
  %c3 = const.Declare tensor<2x1x3xf32> = #const.Content<dense<2.0> : tensor<2x1x3xf32>>
  // CHECK-DAG: const.Declare tensor<3x2xf32> = #const.Content<dense<{{.*}}> : tensor<2x3xf32>, [#const.Reshape<[3, 2]>]>
  %0 = IE.Reshape(%c) {shape = array<i64: 3, 2>} : tensor<2x3xf32> -> tensor<3x2xf32>
  // CHECK-DAG: const.Declare tensor<6xf32> = #const.Content<dense<1.000000e+00> : tensor<1x6x1xf32>, [#const.Reshape<[6]>]>
  %1 = IE.Squeeze(%c1) : tensor<1x6x1xf32> -> tensor<6xf32>
  // CHECK-DAG: const.Declare tensor<1x2x3x1xf32> = #const.Content<dense<{{.*}}> : tensor<2x3xf32>, [#const.Reshape<[1, 2, 3, 1]>]>
  %2 = IE.Unsqueeze(%c) {axes = array<i64: 0, 3>} : tensor<2x3xf32> -> tensor<1x2x3x1xf32>
  // CHECK-DAG: const.Declare tensor<2x3xf32> = #const.Content<dense<2.000000e+00> : tensor<2x1x3xf32>, [#const.Reshape<[2, 3]>]>
  %3 = IE.Flatten(%c3) {axis = 1 : i64} : tensor<2x1x3xf32> -> tensor<2x3xf32>
  // CHECK-NOT: IE.
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<6xf32>, tensor<1x2x3x1xf32>, tensor<2x3xf32>
}

// -----

// A chain of reshapes of a constant folds to one Reshape transformation.
// CHECK-LABEL: func.func @reshape_chain
func.func @reshape_chain() -> tensor<3x2xf32> {
  %c = const.Declare tensor<1x2x3xf32> = #const.Content<dense<1.0> : tensor<1x2x3xf32>>
  // CHECK: const.Declare tensor<3x2xf32> = #const.Content<dense<1.000000e+00> : tensor<1x2x3xf32>, [#const.Reshape<[3, 2]>]>
  // CHECK-NOT: IE.
  %0 = IE.Squeeze(%c) {axes = array<i64: 0>} : tensor<1x2x3xf32> -> tensor<2x3xf32>
  %1 = IE.Reshape(%0) {shape = array<i64: 3, 2>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// A constant in a non-identity order does not reshape lazily: the op stays.
// CHECK-LABEL: func.func @reshape_reordered
func.func @reshape_reordered() -> tensor<4xf32> {
  %c = const.Declare tensor<1x2x1x2xf32, #NHWC> = #const.Content<dense<[[[[1.0, 2.0]], [[3.0, 4.0]]]]> : tensor<1x2x1x2xf32>, [#const.Reorder<#NHWC>]>
  // CHECK: IE.Reshape
  %0 = IE.Reshape(%c) {shape = array<i64: 4>} : tensor<1x2x1x2xf32, #NHWC> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// VALUES-LABEL: func.func @transpose
func.func @transpose() -> tensor<3x2xf32> {
  %c = const.Declare tensor<2x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>>
  // CHECK: const.Declare tensor<3x2xf32> = #const.Content<dense<{{.*}}> : tensor<2x3xf32>, [#const.Transpose<[1, 0]>]>
  // CHECK-NOT: IE.Transpose
  // VALUES: dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
  %0 = IE.Transpose(%c) {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @convert
func.func @convert() -> (tensor<2xf16>, tensor<2xf32>, tensor<2xsi32>) {
  %f = const.Declare tensor<2xf32> = #const.Content<dense<[1.5, -2.5]> : tensor<2xf32>>
  %i = const.Declare tensor<2xsi32> = #const.Content<dense<[7, -9]> : tensor<2xsi32>>
  // CHECK-DAG: const.Declare tensor<2xf16> = #const.Content<dense<[1.500000e+00, -2.500000e+00]> : tensor<2xf32>, [#const.ConvertElemType<f16>]>
  %0 = IE.Convert(%f) {dstElemType = f16} : tensor<2xf32> -> tensor<2xf16>
  // CHECK-DAG: const.Declare tensor<2xf32> = #const.Content<dense<[7, -9]> : tensor<2xsi32>, [#const.ConvertElemType<f32>]>
  %1 = IE.Convert(%i) {dstElemType = f32} : tensor<2xsi32> -> tensor<2xf32>
  // Float to integer truncates in IE.Convert but rounds in ConvertElemType: not folded.
  // CHECK-DAG: IE.Convert(%{{.*}}) {dstElemType = si32}
  %2 = IE.Convert(%f) {dstElemType = si32} : tensor<2xf32> -> tensor<2xsi32>
  return %0, %1, %2 : tensor<2xf16>, tensor<2xf32>, tensor<2xsi32>
}

// -----

// CHECK-LABEL: func.func @slice
// VALUES-LABEL: func.func @slice
func.func @slice() -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>) {
  %c = const.Declare tensor<2x4xf32> = #const.Content<dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>>
  // CHECK-DAG: const.Declare tensor<2x2xf32> = #const.Content<dense<{{.*}}> : tensor<2x4xf32>, [#const.SubView<[0, 1], [2, 2]>]>
  // VALUES-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<2x2xf32>
  %0 = IE.Slice(%c) {starts = array<i64: 1>, ends = array<i64: -1>, axes = array<i64: 1>} : tensor<2x4xf32> -> tensor<2x2xf32>
  // One element taken with a negative step is contiguous too.
  // CHECK-DAG: const.Declare tensor<2x1xf32> = #const.Content<dense<{{.*}}> : tensor<2x4xf32>, [#const.SubView<[0, 3], [2, 1]>]>
  %1 = IE.Slice(%c) {starts = array<i64: -1>, ends = array<i64: 2>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<2x4xf32> -> tensor<2x1xf32>
  // A step of 2 is no SubView: the op stays.
  // CHECK-DAG: IE.Slice(%{{.*}}) {{.*}}steps = array<i64: 2>
  %2 = IE.Slice(%c) {starts = array<i64: 0>, ends = array<i64: 4>, axes = array<i64: 1>, steps = array<i64: 2>} : tensor<2x4xf32> -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @pad
func.func @pad() -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %c = const.Declare tensor<2x2xf32> = #const.Content<dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>>
  // CHECK-DAG: const.Declare tensor<2x4xf32> = #const.Content<dense<{{.*}}> : tensor<2x2xf32>, [#const.PadWithZero<[0, 1], [0, 1]>]>
  %0 = IE.Pad(%c) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>} : tensor<2x2xf32> -> tensor<2x4xf32>
  // Other values, -0.0 and other modes stay.
  // CHECK-DAG: IE.Pad(%{{.*}}) {pad_value = 1.000000e+00 : f64
  %1 = IE.Pad(%c) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, pad_value = 1.0 : f64} : tensor<2x2xf32> -> tensor<2x4xf32>
  // CHECK-DAG: IE.Pad(%{{.*}}) {pad_value = -0.000000e+00 : f64
  %2 = IE.Pad(%c) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, pad_value = -0.0 : f64} : tensor<2x2xf32> -> tensor<2x4xf32>
  // CHECK-DAG: IE.Pad(%{{.*}}) {mode = #IE.pad_mode<edge>
  %3 = IE.Pad(%c) {mode = #IE.pad_mode<edge>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>} : tensor<2x2xf32> -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @tile
// VALUES-LABEL: func.func @tile
func.func @tile(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>) {
  %row = const.Declare tensor<1x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>>
  %c = const.Declare tensor<2x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>>
  // CHECK-DAG: const.Declare tensor<2x3xf32> = #const.Content<dense<{{.*}}> : tensor<1x3xf32>, [#const.Broadcast<0, 2>]>
  // VALUES-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x3xf32>
  %0 = IE.Tile(%row) {repeats = array<i64: 2, 1>} : tensor<1x3xf32> -> tensor<2x3xf32>
  // CHECK-DAG: const.Declare tensor<2x6xf32> = #const.Content<dense<{{.*}}> : tensor<2x3xf32>, [#const.Reshape<[2, 1, 3]>, #const.Broadcast<1, 2>, #const.Reshape<[2, 6]>]>
  // VALUES-DAG: dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x6xf32>
  %1 = IE.Tile(%c) {repeats = array<i64: 1, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
  // A tile by ones is its input.
  %2 = IE.Tile(%x) {repeats = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: return %{{.*}}, %{{.*}}, %arg0
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @arithmetic_with_splat
// VALUES-LABEL: func.func @arithmetic_with_splat
func.func @arithmetic_with_splat() -> (tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %c = const.Declare tensor<1x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>>
  %two = const.Declare tensor<1xf32> = #const.Content<dense<2.0> : tensor<1xf32>>
  // CHECK-DAG: [#const.Add<2.000000e+00>]>
  // VALUES-DAG: dense<{{\[}}[3.000000e+00, 4.000000e+00, 5.000000e+00]]>
  %0 = IE.Add(%two, %c) : tensor<1xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  // CHECK-DAG: [#const.Add<-2.000000e+00>]>
  // VALUES-DAG: dense<{{\[}}[-1.000000e+00, 0.000000e+00, 1.000000e+00]]>
  %1 = IE.Subtract(%c, %two) : tensor<1x3xf32>, tensor<1xf32> -> tensor<1x3xf32>
  // 2 - c = (-c) + 2.
  // CHECK-DAG: [#const.Rescale<-1.000000e+00>, #const.Add<2.000000e+00>]>
  // VALUES-DAG: dense<{{\[}}[1.000000e+00, 0.000000e+00, -1.000000e+00]]>
  %2 = IE.Subtract(%two, %c) : tensor<1xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  // CHECK-DAG: [#const.Rescale<2.000000e+00>]>
  // VALUES-DAG: dense<{{\[}}[2.000000e+00, 4.000000e+00, 6.000000e+00]]>
  %3 = IE.Multiply(%c, %two) : tensor<1x3xf32>, tensor<1xf32> -> tensor<1x3xf32>
  // CHECK-DAG: [#const.Rescale<5.000000e-01>]>
  // VALUES-DAG: dense<{{\[}}[5.000000e-01, 1.000000e+00, 1.500000e+00]]>
  %4 = IE.Divide(%c, %two) : tensor<1x3xf32>, tensor<1xf32> -> tensor<1x3xf32>
  // CHECK-DAG: [#const.Rescale<-1.000000e+00>]>
  // VALUES-DAG: dense<{{\[}}[-1.000000e+00, -2.000000e+00, -3.000000e+00]]>
  %5 = IE.Negative(%c) : tensor<1x3xf32> -> tensor<1x3xf32>
  // CHECK-NOT: IE.
  return %0, %1, %2, %3, %4, %5 : tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @arithmetic_not_folded
func.func @arithmetic_not_folded(%x: tensor<1x3xf32>) -> (tensor<1x3xf32>, tensor<2x3xf32>, tensor<3xsi32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %c = const.Declare tensor<1x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>>
  %c2 = const.Declare tensor<2x1xf32> = #const.Content<dense<[[1.0], [2.0]]> : tensor<2x1xf32>>
  %three = const.Declare tensor<1xf32> = #const.Content<dense<3.0> : tensor<1xf32>>
  %i = const.Declare tensor<3xsi32> = #const.Content<dense<[1, 2, 3]> : tensor<3xsi32>>
  %i2 = const.Declare tensor<1xsi32> = #const.Content<dense<2> : tensor<1xsi32>>
  // Division by 3 is not a product with an exact inverse.
  // CHECK-DAG: IE.Divide
  %0 = IE.Divide(%c, %three) : tensor<1x3xf32>, tensor<1xf32> -> tensor<1x3xf32>
  // Two non-splat constants broadcast into a new shape: no transformation does that.
  // CHECK-DAG: IE.Multiply(%{{.*}}, %{{.*}}) : tensor<1x3xf32>, tensor<2x1xf32>
  %1 = IE.Multiply(%c, %c2) : tensor<1x3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  // Integer content.
  // CHECK-DAG: IE.Add(%{{.*}}, %{{.*}}) : tensor<3xsi32>, tensor<1xsi32>
  %2 = IE.Add(%i, %i2) : tensor<3xsi32>, tensor<1xsi32> -> tensor<3xsi32>
  // A non-constant operand.
  // CHECK-DAG: IE.Add(%arg0, %{{.*}}) : tensor<1x3xf32>, tensor<1xf32>
  %3 = IE.Add(%x, %three) : tensor<1x3xf32>, tensor<1xf32> -> tensor<1x3xf32>
  // CHECK-DAG: IE.Negative(%arg0)
  %4 = IE.Negative(%x) : tensor<1x3xf32> -> tensor<1x3xf32>
  return %0, %1, %2, %3, %4 : tensor<1x3xf32>, tensor<2x3xf32>, tensor<3xsi32>, tensor<1x3xf32>, tensor<1x3xf32>
}

// -----

// A splat operand that broadcasts the constant to a larger result does not fold, unless
// the splat is itself the operand with the result's type.
// CHECK-LABEL: func.func @splat_broadcast
func.func @splat_broadcast() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = const.Declare tensor<1x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>>
  %s = const.Declare tensor<2x3xf32> = #const.Content<dense<2.0> : tensor<2x3xf32>>
  %one = const.Declare tensor<1x3xf32> = #const.Content<dense<1.0> : tensor<1x3xf32>>
  // CHECK-DAG: IE.Add(%{{.*}}, %{{.*}}) : tensor<1x3xf32>, tensor<2x3xf32>
  %0 = IE.Add(%c, %s) : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK-DAG: const.Declare tensor<2x3xf32> = #const.Content<dense<2.000000e+00> : tensor<2x3xf32>, [#const.Add<1.000000e+00>]>
  %1 = IE.Add(%one, %s) : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
