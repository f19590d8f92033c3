// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-split-sw-layers{window-bytes=4096}))'
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-split-sw-layers{window-bytes=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// RUN: not vpuc-opt %S/Inputs/named_softmax.mlir --pass-pipeline='builtin.module(func.func(vpuc-vpu-split-sw-layers{window-bytes=4096}))' 2>&1 | FileCheck %s --check-prefix=NAMED

// NEGATIVE: error: 'func.func' op cannot use a window of -1 bytes (option window-bytes of vpuc-vpu-split-sw-layers): it is negative

// A layer the pass cannot split (named by its op name without a NameLoc; with one, by the
// layer's name: Inputs/named_softmax.mlir).
// NAMED: error: {{.*}}'VPU.SW.SoftMax' op layer 'prob': operand #0 ('tensor<1x4096xf16>') spans 8192 bytes, more than a SHAVE tensor window maps (4096 bytes), and vpuc-vpu-split-sw-layers cannot split this layer
func.func @softmax(%x: tensor<1x4096xf16>) -> tensor<1x4096xf16> {
  // expected-error @+1 {{'VPU.SW.SoftMax' op layer 'VPU.SW.SoftMax': operand #0 ('tensor<1x4096xf16>') spans 8192 bytes, more than a SHAVE tensor window maps (4096 bytes), and vpuc-vpu-split-sw-layers cannot split this layer}}
  %0 = VPU.SW.SoftMax(%x) {axis = 1 : i64} : tensor<1x4096xf16> -> tensor<1x4096xf16>
  return %0 : tensor<1x4096xf16>
}

// -----

// One row of the weights (the reduction axis, 4096 x 2 bytes) is larger than the window.
func.func @reduction_too_long(%x: tensor<1x4096xf16>, %w: tensor<2x4096xf16>) -> tensor<1x2xf16> {
  // expected-error @+1 {{'VPU.SW.FullyConnected' op layer 'VPU.SW.FullyConnected': operand #0 ('tensor<1x4096xf16>') spans 8192 bytes, more than a SHAVE tensor window maps (4096 bytes), and even one row and one column of it do not fit (the reduction axis is never split)}}
  %0 = VPU.SW.FullyConnected(%x, %w) : tensor<1x4096xf16>, tensor<2x4096xf16> -> tensor<1x2xf16>
  return %0 : tensor<1x2xf16>
}
