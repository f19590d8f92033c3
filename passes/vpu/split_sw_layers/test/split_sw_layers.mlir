// RUN: vpuc-opt %s --split-input-file --mlir-print-debuginfo --pass-pipeline='builtin.module(func.func(vpuc-vpu-split-sw-layers{window-bytes=4096}))' | FileCheck %s

// The f16 weights of 64 x 64 (8192 bytes) do not fit a window of 4096 bytes: two pieces of 32
// output channels (4096 bytes each); the constant weights and the [O] bias are sliced as
// constants, the input is read whole by both, the outputs are concatenated over the columns.
// CHECK-LABEL: func.func @fc_over_columns
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x64xf16>
// CHECK-NEXT: %[[W0:.*]] = const.Declare tensor<32x64xf16> = #const.Content<dense<1.000000e+00> : tensor<64x64xf16>, [#const.SubView<[0, 0], [32, 64]>]>
// CHECK-NEXT: %[[B0:.*]] = const.Declare tensor<32xf16> = #const.Content<dense<5.000000e-01> : tensor<64xf16>, [#const.SubView<[0], [32]>]>
// CHECK-NEXT: %[[P0:.*]] = VPU.SW.FullyConnected(%[[X]], %[[W0]], %[[B0]]) : tensor<2x64xf16>, tensor<32x64xf16>, tensor<32xf16> -> tensor<2x32xf16> loc(#[[L0:.*]])
// CHECK-NEXT: %[[W1:.*]] = const.Declare tensor<32x64xf16> = #const.Content<dense<1.000000e+00> : tensor<64x64xf16>, [#const.SubView<[32, 0], [32, 64]>]>
// CHECK-NEXT: %[[B1:.*]] = const.Declare tensor<32xf16> = #const.Content<dense<5.000000e-01> : tensor<64xf16>, [#const.SubView<[32], [32]>]>
// CHECK-NEXT: %[[P1:.*]] = VPU.SW.FullyConnected(%[[X]], %[[W1]], %[[B1]]) : tensor<2x64xf16>, tensor<32x64xf16>, tensor<32xf16> -> tensor<2x32xf16> loc(#[[L1:.*]])
// CHECK-NEXT: %[[C:.*]] = VPU.Concat(%[[P0]], %[[P1]]) {axis = 1 : i64} : tensor<2x32xf16>, tensor<2x32xf16> -> tensor<2x64xf16>
// CHECK-NEXT: return %[[C]]
// CHECK-DAG:  #[[L0]] = loc("fc/part0"
// CHECK-DAG:  #[[L1]] = loc("fc/part1"
func.func @fc_over_columns(%x: tensor<2x64xf16>) -> tensor<2x64xf16> {
  %w = const.Declare tensor<64x64xf16> = #const.Content<dense<1.0> : tensor<64x64xf16>>
  %b = const.Declare tensor<64xf16> = #const.Content<dense<0.5> : tensor<64xf16>>
  %0 = VPU.SW.FullyConnected(%x, %w, %b) : tensor<2x64xf16>, tensor<64x64xf16>, tensor<64xf16> -> tensor<2x64xf16> loc("fc")
  return %0 : tensor<2x64xf16>
}

// -----

// The input of 64 x 48 (6144 bytes) needs two row blocks; the weights 48 x 48 (4608 bytes) two
// column blocks: four pieces, concatenated over the columns within a row block, then over the
// rows. A [1, O] bias is sliced over its last dim; a weights operand that is not a constant is
// sliced by VPU.Slice.
// CHECK-LABEL: func.func @fc_over_rows_and_columns
// CHECK-SAME: (%[[X:[^:]*]]: tensor<64x48xf16>{{.*}}, %[[W:[^:]*]]: tensor<48x48xf16>{{.*}}, %[[B:[^:]*]]: tensor<1x48xf16>
// CHECK:      %[[X0:.*]] = VPU.Slice %[[X]] [0, 0] [32, 48]
// CHECK-NEXT: %[[W0:.*]] = VPU.Slice %[[W]] [0, 0] [24, 48]
// CHECK-NEXT: %[[B0:.*]] = VPU.Slice %[[B]] [0, 0] [1, 24]
// CHECK-NEXT: %[[P00:.*]] = VPU.SW.FullyConnected(%[[X0]], %[[W0]], %[[B0]]) {{.*}} -> tensor<32x24xf16>
// CHECK-NEXT: VPU.Slice %[[X]] [0, 0] [32, 48]
// CHECK-NEXT: VPU.Slice %[[W]] [24, 0] [24, 48]
// CHECK-NEXT: VPU.Slice %[[B]] [0, 24] [1, 24]
// CHECK-NEXT: %[[P01:.*]] = VPU.SW.FullyConnected
// CHECK-NEXT: %[[R0:.*]] = VPU.Concat(%[[P00]], %[[P01]]) {axis = 1 : i64} : {{.*}} -> tensor<32x48xf16>
// CHECK-NEXT: VPU.Slice %[[X]] [32, 0] [32, 48]
// CHECK:      %[[R1:.*]] = VPU.Concat({{.*}}) {axis = 1 : i64}
// CHECK-NEXT: %[[C:.*]] = VPU.Concat(%[[R0]], %[[R1]]) {axis = 0 : i64} : tensor<32x48xf16>, tensor<32x48xf16> -> tensor<64x48xf16>
// CHECK-NEXT: return %[[C]]
func.func @fc_over_rows_and_columns(%x: tensor<64x48xf16>, %w: tensor<48x48xf16>, %b: tensor<1x48xf16>) -> tensor<64x48xf16> {
  %0 = VPU.SW.FullyConnected(%x, %w, %b) : tensor<64x48xf16>, tensor<48x48xf16>, tensor<1x48xf16> -> tensor<64x48xf16>
  return %0 : tensor<64x48xf16>
}

// -----

// A 2-D matrix product with transpose_b: input2 is [N, K], cut over its rows (the output's
// columns); input1 fits and is read whole.
// CHECK-LABEL: func.func @matmul_transposed
// CHECK:      VPU.Slice %arg1 [0, 0] [40, 32]
// CHECK-NEXT: VPU.SW.MatMul(%arg0, %{{.*}}) {transpose_b} : tensor<4x32xf16>, tensor<40x32xf16> -> tensor<4x40xf16>
// CHECK-NEXT: VPU.Slice %arg1 [40, 0] [40, 32]
// CHECK-NEXT: VPU.SW.MatMul
// CHECK-NEXT: VPU.Concat({{.*}}) {axis = 1 : i64} : {{.*}} -> tensor<4x80xf16>
func.func @matmul_transposed(%a: tensor<4x32xf16>, %b: tensor<80x32xf16>) -> tensor<4x80xf16> {
  %0 = VPU.SW.MatMul(%a, %b) {transpose_b} : tensor<4x32xf16>, tensor<80x32xf16> -> tensor<4x80xf16>
  return %0 : tensor<4x80xf16>
}

// -----

// Every tensor fits: unchanged.
// CHECK-LABEL: func.func @fits
// CHECK-NEXT: VPU.SW.FullyConnected(%arg0, %arg1) : tensor<1x32xf16>, tensor<32x32xf16> -> tensor<1x32xf16>
// CHECK-NEXT: return
func.func @fits(%x: tensor<1x32xf16>, %w: tensor<32x32xf16>) -> tensor<1x32xf16> {
  %0 = VPU.SW.FullyConnected(%x, %w) : tensor<1x32xf16>, tensor<32x32xf16> -> tensor<1x32xf16>
  return %0 : tensor<1x32xf16>
}
