// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @roi_align_pooled(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x4x0x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects pooled_h and pooled_w >= 1, got 0 and 2}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 0 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4x0x2xf32>
  return %0 : tensor<3x4x0x2xf32>
}

// -----

func.func @roi_align_ratio(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects sampling_ratio in [0, 512], got -1}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64, sampling_ratio = -1 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_scale(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects a finite spatial_scale > 0, got 0}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = 0.0 : f64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_input_rank(%x: tensor<4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x8x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects a 4-D input [N, C, H, W], got shape [4, 8, 8]}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<4x8x8xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x8x2x2xf32>
  return %0 : tensor<3x8x2x2xf32>
}

// -----

func.func @roi_align_rois(%x: tensor<1x4x8x8xf32>, %r: tensor<3x5xf32>, %b: tensor<3xi64>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects rois [R, 4], got shape [3, 5]}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x5xf32>, tensor<3xi64> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_batch_count(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<2xi64>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op expects batch_indices [R] with R = 3 (one per region), got shape [2]}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<2xi64> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_float_batch(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op operand #2 must be ranked tensor of integer values}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<3xf32> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_types(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf16>, %b: tensor<3xi64>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.ROIAlign' op failed to verify that all of {input, rois, output} have same element type}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf16>, tensor<3xi64> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @roi_align_result(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x4x2x3xf32> {
  // expected-error @+2 {{'IE.ROIAlign' op inferred type(s) 'tensor<3x4x2x2xf32>' are incompatible with return type(s) of operation 'tensor<3x4x2x3xf32>'}}
  // expected-error @+1 {{'IE.ROIAlign' op failed to infer returned types}}
  %0 = IE.ROIAlign(%x, %r, %b) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4x2x3xf32>
  return %0 : tensor<3x4x2x3xf32>
}

// -----

func.func @max_roi_pool_rois(%x: tensor<1x4x8x8xf32>, %r: tensor<3x4xf32>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.MaxROIPool' op expects rois [R, 5], got shape [3, 4]}}
  %0 = IE.MaxROIPool(%x, %r) {pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<1x4x8x8xf32>, tensor<3x4xf32> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @max_roi_pool_scale(%x: tensor<1x4x8x8xf32>, %r: tensor<3x5xf32>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.MaxROIPool' op expects a finite spatial_scale > 0, got -1}}
  %0 = IE.MaxROIPool(%x, %r) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = -1.0 : f64} : tensor<1x4x8x8xf32>, tensor<3x5xf32> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}

// -----

func.func @max_roi_pool_pooled(%x: tensor<1x4x8x8xf32>, %r: tensor<3x5xf32>) -> tensor<3x4x2x2xf32> {
  // expected-error @+1 {{'IE.MaxROIPool' op expects pooled_h and pooled_w >= 1, got 2 and -2}}
  %0 = IE.MaxROIPool(%x, %r) {pooled_h = 2 : i64, pooled_w = -2 : i64} : tensor<1x4x8x8xf32>, tensor<3x5xf32> -> tensor<3x4x2x2xf32>
  return %0 : tensor<3x4x2x2xf32>
}
