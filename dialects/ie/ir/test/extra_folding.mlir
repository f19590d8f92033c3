// RUN: vpuc-opt %s --canonicalize | FileCheck %s
// Folders of the ops of IEOpsExtra.td.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A reorder to the input's own order folds away; one to another order stays.
// CHECK-LABEL: func.func @reorder
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x4x4xf32, #{{.+}}>)
func.func @reorder(%x: tensor<1x3x4x4xf32, #NHWC>) -> (tensor<1x3x4x4xf32, #NHWC>, tensor<1x3x4x4xf32>) {
  %0 = IE.Reorder(%x) {dstOrder = #NHWC} : tensor<1x3x4x4xf32, #NHWC> -> tensor<1x3x4x4xf32, #NHWC>
  // CHECK: %[[R:.+]] = IE.Reorder(%[[X]]) {dstOrder = #{{.+}}} : tensor<1x3x4x4xf32, #{{.+}}> -> tensor<1x3x4x4xf32>
  %1 = IE.Reorder(%x) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>} : tensor<1x3x4x4xf32, #NHWC> -> tensor<1x3x4x4xf32>
  // CHECK: return %[[X]], %[[R]]
  return %0, %1 : tensor<1x3x4x4xf32, #NHWC>, tensor<1x3x4x4xf32>
}
