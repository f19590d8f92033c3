// An IE network with a layer that has no VPU lowering (IE.Einsum).
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %0 = IE.Exp(%a) : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = IE.Einsum "ij,kj->ik" (%0, %0) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32> loc("einsum")
  return %1 : tensor<2x2xf32>
}
