// RUN: vpuc-opt %s --vpuc-ie-use-user-layout --split-input-file --verify-diagnostics

func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
// expected-note @+1 {{the first IE.CNNNetwork}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2x3xf32> precision f32 layout affine_map<(d0, d1) -> (d1, d0)>
} outputsInfo : {
  IE.DataInfo "b" : tensor<2x3xf32> precision f32
}
// expected-error @+1 {{'IE.CNNNetwork' op is a second network of the module; expects at most one}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2x3xf32> precision f32
} outputsInfo : {
  IE.DataInfo "b" : tensor<2x3xf32> precision f32
}

// -----

func.func private @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32>
// expected-error @+1 {{'IE.CNNNetwork' op entry point @main has no body}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2x3xf32> precision f32 layout affine_map<(d0, d1) -> (d1, d0)>
} outputsInfo : {
  IE.DataInfo "b" : tensor<2x3xf32> precision f32
}

// -----

func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
func.func @caller(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'func.call' op refers to the network entry point @main, whose signature the adaptation of the network's inputs and outputs changes}}
  %0 = call @main(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// expected-note @+1 {{the IE.CNNNetwork}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2x3xf32> precision f32 layout affine_map<(d0, d1) -> (d1, d0)>
} outputsInfo : {
  IE.DataInfo "b" : tensor<2x3xf32> precision f32
}

// -----

// Every type whose order cannot be read is reported, and nothing changes.

func.func @main(%a: tensor<2x3xf32, "dense">, %b: tensor<2x3xf32>) -> tensor<2x3xf32, 7 : i64> {
  %0 = IE.Reshape(%b) {shape = array<i64: 2, 3>} : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = builtin.unrealized_conversion_cast %0 : tensor<2x3xf32> to tensor<2x3xf32, 7 : i64>
  return %1 : tensor<2x3xf32, 7 : i64>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot give input 'a' the user layout: the entry point's type 'tensor<2x3xf32, "dense">' has no supported order (an encoding that is not a layout, or more than 8 dims)}}
  IE.DataInfo "a" : tensor<2x3xf32> precision f32
  IE.DataInfo "b" : tensor<2x3xf32> precision f32 layout affine_map<(d0, d1) -> (d1, d0)>
} outputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot give output 'c' the user layout: the entry point's type 'tensor<2x3xf32, 7 : i64>' has no supported order (an encoding that is not a layout, or more than 8 dims)}}
  IE.DataInfo "c" : tensor<2x3xf32> precision f32
}

// -----

// More dims than core/shape's orders have.

func.func @main(%a: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  return %a : tensor<1x1x1x1x1x1x1x1x2xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot give input 'a' the user layout: the entry point's type 'tensor<1x1x1x1x1x1x1x1x2xf32>' has no supported order}}
  IE.DataInfo "a" : tensor<1x1x1x1x1x1x1x1x2xf32> precision f32
} outputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot give output 'c' the user layout}}
  IE.DataInfo "c" : tensor<1x1x1x1x1x1x1x1x2xf32> precision f32 layout affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d8, d0, d1, d2, d3, d4, d5, d6, d7)>
}
