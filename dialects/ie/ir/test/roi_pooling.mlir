// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip and type inference of IE.ROIAlign and IE.MaxROIPool.

// CHECK-LABEL: func.func @roi_align
func.func @roi_align(%x: tensor<2x16x14x14xf32>, %r: tensor<5x4xf32>, %b: tensor<5xi64>,
                     %h: tensor<1x8x10x10xf16>, %rh: tensor<?x4xf16>, %bh: tensor<?xi32>)
    -> (tensor<5x16x7x7xf32>, tensor<5x16x2x3xf32>, tensor<?x8x4x4xf16>) {
  // Defaults (avg, sampling_ratio 0, spatial_scale 1, output_half_pixel) are not printed.
  // CHECK: IE.ROIAlign(%{{.*}}, %{{.*}}, %{{.*}}) {half_pixel, pooled_h = 7 : i64, pooled_w = 7 : i64, sampling_ratio = 2 : i64, spatial_scale = 6.250000e-02 : f64} : tensor<2x16x14x14xf32>, tensor<5x4xf32>, tensor<5xi64> -> tensor<5x16x7x7xf32>
  %0 = IE.ROIAlign(%x, %r, %b) {half_pixel, mode = #IE.roi_align_mode<avg>, pooled_h = 7 : i64, pooled_w = 7 : i64, sampling_ratio = 2 : i64, spatial_scale = 0.0625 : f64}
      : tensor<2x16x14x14xf32>, tensor<5x4xf32>, tensor<5xi64> -> tensor<5x16x7x7xf32>
  // CHECK: IE.ROIAlign(%{{.*}}, %{{.*}}, %{{.*}}) {mode = #IE.roi_align_mode<max>, pooled_h = 2 : i64, pooled_w = 3 : i64} : tensor<2x16x14x14xf32>, tensor<5x4xf32>, tensor<5xi64> -> tensor<5x16x2x3xf32>
  %1 = IE.ROIAlign(%x, %r, %b) {mode = #IE.roi_align_mode<max>, pooled_h = 2 : i64, pooled_w = 3 : i64}
      : tensor<2x16x14x14xf32>, tensor<5x4xf32>, tensor<5xi64> -> tensor<5x16x2x3xf32>
  // A dynamic number of regions; any integer batch index type.
  // CHECK: IE.ROIAlign(%{{.*}}, %{{.*}}, %{{.*}}) {pooled_h = 4 : i64, pooled_w = 4 : i64} : tensor<1x8x10x10xf16>, tensor<?x4xf16>, tensor<?xi32> -> tensor<?x8x4x4xf16>
  %2 = IE.ROIAlign(%h, %rh, %bh) {pooled_h = 4 : i64, pooled_w = 4 : i64}
      : tensor<1x8x10x10xf16>, tensor<?x4xf16>, tensor<?xi32> -> tensor<?x8x4x4xf16>
  return %0, %1, %2 : tensor<5x16x7x7xf32>, tensor<5x16x2x3xf32>, tensor<?x8x4x4xf16>
}

// -----

// CHECK-LABEL: func.func @max_roi_pool
func.func @max_roi_pool(%x: tensor<1x3x8x8xf32>, %r: tensor<2x5xf32>, %d: tensor<?x5xf32>)
    -> (tensor<2x3x2x2xf32>, tensor<?x3x3x1xf32>) {
  // CHECK: IE.MaxROIPool(%{{.*}}, %{{.*}}) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = 5.000000e-01 : f64} : tensor<1x3x8x8xf32>, tensor<2x5xf32> -> tensor<2x3x2x2xf32>
  %0 = IE.MaxROIPool(%x, %r) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = 0.5 : f64}
      : tensor<1x3x8x8xf32>, tensor<2x5xf32> -> tensor<2x3x2x2xf32>
  // CHECK: IE.MaxROIPool(%{{.*}}, %{{.*}}) {pooled_h = 3 : i64, pooled_w = 1 : i64} : tensor<1x3x8x8xf32>, tensor<?x5xf32> -> tensor<?x3x3x1xf32>
  %1 = IE.MaxROIPool(%x, %d) {pooled_h = 3 : i64, pooled_w = 1 : i64, spatial_scale = 1.0 : f64}
      : tensor<1x3x8x8xf32>, tensor<?x5xf32> -> tensor<?x3x3x1xf32>
  return %0, %1 : tensor<2x3x2x2xf32>, tensor<?x3x3x1xf32>
}
