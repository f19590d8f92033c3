// RUN: vpuc-opt %s --split-input-file --vpuc-ie-count-network-macs -verify-diagnostics

func.func @dynamic(%x: tensor<?x16xf16>) -> tensor<?x8xf16> {
  %c = const.Declare tensor<8x16xf16> = #const.Content<dense<1.0> : tensor<8x16xf16>>
  // expected-error @+1 {{'IE.FullyConnected' op has MACs that depend on a dynamic shape; vpuc-ie-count-network-macs needs static shapes}}
  %0 = IE.FullyConnected(%x, %c) : tensor<?x16xf16>, tensor<8x16xf16> -> tensor<?x8xf16>
  return %0 : tensor<?x8xf16>
}
