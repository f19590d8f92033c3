// RUN: vpuc-opt %s --vpuc-convert-ie-to-vpu --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// A whole network: the network description and the constants stay, every layer is lowered
// in place with its location, and the types do not change.

// CHECK: IE.CNNNetwork entryPoint : @main inputsInfo : {
// CHECK-NEXT: IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32
// CHECK-NEXT: } outputsInfo : {
// CHECK-NEXT: IE.DataInfo "prob" : tensor<1x32xf32> precision f32
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x32xf32> precision f32
}
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x8x8xf32>{{.*}}) -> tensor<1x32xf32>
func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x32xf32> {
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<8x3x3x3xf32>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<8xf32>
  %w = const.Declare tensor<8x3x3x3xf32> = #const.Content<dense<0.1> : tensor<8x3x3x3xf32>>
  %b = const.Declare tensor<8xf32> = #const.Content<dense<0.5> : tensor<8xf32>>
  // CHECK: %[[C:.+]] = VPU.SW.Convolution(%[[X]], %[[W]], %[[B]]) {{.*}} -> tensor<1x8x8x8xf32> loc("conv1")
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32> -> tensor<1x8x8x8xf32> loc("conv1")
  // CHECK: %[[R:.+]] = VPU.SW.Clamp(%[[C]]) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32> loc("relu6")
  %1 = IE.Clamp(%0) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32> loc("relu6")
  // CHECK: %[[P:.+]] = VPU.SW.AvgPool(%[[R]]) {{.*}} -> tensor<1x8x2x2xf32>
  %2 = IE.AvgPool(%1) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 4, 4>} : tensor<1x8x8x8xf32> -> tensor<1x8x2x2xf32>
  // CHECK: %[[F:.+]] = VPU.Reshape(%[[P]]) {shape = array<i64: 1, 32>} : tensor<1x8x2x2xf32> -> tensor<1x32xf32>
  %3 = IE.Reshape(%2) {shape = array<i64: 1, 32>} : tensor<1x8x2x2xf32> -> tensor<1x32xf32>
  // CHECK: %[[S:.+]] = VPU.SW.SoftMax(%[[F]]) {axis = 1 : i64} : tensor<1x32xf32> -> tensor<1x32xf32>
  %4 = IE.SoftMax(%3) {axis = 1 : i64} : tensor<1x32xf32> -> tensor<1x32xf32>
  // CHECK: return %[[S]] : tensor<1x32xf32>
  return %4 : tensor<1x32xf32>
}
