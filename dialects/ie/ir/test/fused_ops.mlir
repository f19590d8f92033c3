// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of the IE ops built by layer fusion. The verifier checks every written result
// type against the inferred one.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @scale_shift
func.func @scale_shift(%x: tensor<1x16x8x8xf32>, %w: tensor<1x16x1x1xf32>, %b: tensor<1x16x1x1xf32>,
                       %y: tensor<2x4x3x3xf16, #NHWC>, %wh: tensor<1x4x1x1xf16>,
                       %z: tensor<?x3xf32>, %w2: tensor<1x3xf32>, %d: tensor<1x?x5xf32>, %wd: tensor<1x?x1xf32>)
    -> (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<2x4x3x3xf16, #NHWC>,
        tensor<?x3xf32>, tensor<1x?x5xf32>) {
  // CHECK: IE.ScaleShift(%{{.*}}) weights(%{{.*}} : tensor<1x16x1x1xf32>) biases(%{{.*}} : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf32>) biases(%b : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.ScaleShift(%{{.*}}) weights(%{{.*}} : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %1 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.ScaleShift(%{{.*}}) biases(%{{.*}} : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %2 = IE.ScaleShift(%x) biases(%b : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  // The result keeps the input's layout.
  // CHECK: IE.ScaleShift(%{{.*}}) weights(%{{.*}} : tensor<1x4x1x1xf16>) : tensor<2x4x3x3xf16, #[[$NHWC]]> -> tensor<2x4x3x3xf16, #[[$NHWC]]>
  %3 = IE.ScaleShift(%y) weights(%wh : tensor<1x4x1x1xf16>) : tensor<2x4x3x3xf16, #NHWC> -> tensor<2x4x3x3xf16, #NHWC>
  // Rank 2 and dynamic dims.
  // CHECK: IE.ScaleShift(%{{.*}}) weights(%{{.*}} : tensor<1x3xf32>) biases(%{{.*}} : tensor<1x3xf32>) : tensor<?x3xf32> -> tensor<?x3xf32>
  %4 = IE.ScaleShift(%z) weights(%w2 : tensor<1x3xf32>) biases(%w2 : tensor<1x3xf32>) : tensor<?x3xf32> -> tensor<?x3xf32>
  // CHECK: IE.ScaleShift(%{{.*}}) weights(%{{.*}} : tensor<1x?x1xf32>) : tensor<1x?x5xf32> -> tensor<1x?x5xf32>
  %5 = IE.ScaleShift(%d) weights(%wd : tensor<1x?x1xf32>) : tensor<1x?x5xf32> -> tensor<1x?x5xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<2x4x3x3xf16, #NHWC>, tensor<?x3xf32>, tensor<1x?x5xf32>
}
