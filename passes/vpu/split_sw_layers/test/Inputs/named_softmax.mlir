// A software layer with a layer name that vpuc-vpu-split-sw-layers cannot split
// (split_sw_layers_invalid.mlir).
func.func @softmax(%x: tensor<1x4096xf16>) -> tensor<1x4096xf16> {
  %0 = VPU.SW.SoftMax(%x) {axis = 1 : i64} : tensor<1x4096xf16> -> tensor<1x4096xf16> loc("prob")
  return %0 : tensor<1x4096xf16>
}
