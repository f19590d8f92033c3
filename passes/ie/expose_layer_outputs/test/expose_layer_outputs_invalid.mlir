// RUN: vpuc-opt %s --vpuc-ie-expose-layer-outputs="layers=conv" --split-input-file --verify-diagnostics

// A layer fused into a later one has no output of its own.

// expected-error @+2 {{no layer named 'conv' has an output of its own here (a typo, or a layer fused into a later one)}}
// expected-note @+1 {{layers with outputs: 'relu'}}
func.func @main(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
  %0 = IE.ReLU(%arg0) : tensor<1x16xf16> -> tensor<1x16xf16> loc(fused["conv", "relu"])
  return %0 : tensor<1x16xf16>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "in" : tensor<1x16xf16> precision f16
} outputsInfo : {
  IE.DataInfo "out" : tensor<1x16xf16> precision f16
}

// -----

// No network description to name the outputs in.

// expected-error @+1 {{cannot expose layer outputs: the module has no IE.CNNNetwork to name them in}}
module {
  func.func @main(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
    %0 = IE.ReLU(%arg0) : tensor<1x16xf16> -> tensor<1x16xf16> loc("conv")
    return %0 : tensor<1x16xf16>
  }
}

// -----

// A network output already has the prefix.

func.func @main(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
  %0 = IE.ReLU(%arg0) : tensor<1x16xf16> -> tensor<1x16xf16> loc("conv")
  return %0 : tensor<1x16xf16>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "in" : tensor<1x16xf16> precision f16
} outputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op names a network output with the prefix 'layer:' that exposed layer outputs take; the layers cannot be exposed}}
  IE.DataInfo "layer:x" : tensor<1x16xf16> precision f16
}

// -----

// An integer tensor is not returned as floats.

// expected-error @+1 {{cannot expose the output of layer 'conv' of type 'tensor<16xi32>': expects a float or quantized element type}}
func.func @main(%arg0: tensor<16xi32>) -> tensor<16xi32> {
  %0 = IE.Abs(%arg0) : tensor<16xi32> -> tensor<16xi32> loc("conv")
  return %0 : tensor<16xi32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "in" : tensor<16xi32> precision si32
} outputsInfo : {
  IE.DataInfo "out" : tensor<16xi32> precision si32
}
