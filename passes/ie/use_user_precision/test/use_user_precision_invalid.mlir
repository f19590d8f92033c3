// RUN: vpuc-opt %s --vpuc-ie-use-user-precision --split-input-file --verify-diagnostics

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
// expected-note @+1 {{the first IE.CNNNetwork}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
} outputsInfo : {
  IE.DataInfo "b" : tensor<2xf32> precision f16
}
// expected-error @+1 {{'IE.CNNNetwork' op is a second network of the module; expects at most one}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
} outputsInfo : {
  IE.DataInfo "b" : tensor<2xf32> precision f16
}

// -----

func.func private @main(%a: tensor<2xf32>) -> tensor<2xf32>
// expected-error @+1 {{'IE.CNNNetwork' op entry point @main has no body}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
} outputsInfo : {
  IE.DataInfo "b" : tensor<2xf32> precision f16
}

// -----

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @caller(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'func.call' op refers to the network entry point @main, whose signature the adaptation of the network's inputs and outputs changes}}
  %0 = call @main(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// expected-note @+1 {{the IE.CNNNetwork}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
} outputsInfo : {
  IE.DataInfo "b" : tensor<2xf32> precision f16
}

// -----

// Every unsupported precision is reported.

func.func @main(%a: tensor<2xf32>, %b: tensor<2xf8E5M2>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot convert input 'a' between the user precision 'f8E4M3FN' and the network's element type 'f32': IE.Convert supports f16, bf16, f32, f64 and integers}}
  IE.DataInfo "a" : tensor<2xf32> precision f8E4M3FN
  // expected-error @+1 {{'IE.DataInfo' op cannot convert input 'b' between the user precision 'f16' and the network's element type 'f8E5M2'}}
  IE.DataInfo "b" : tensor<2xf8E5M2> precision f16
} outputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op cannot convert output 'c' between the user precision 'tf32' and the network's element type 'f32'}}
  IE.DataInfo "c" : tensor<2xf32> precision tf32
}
