// The reference interpreter's quantized IE.AvgPool: the f32 mean of the dequantized window, the
// post-op on that mean, then the requantisation (round half to even). Channel 0 averages to
// -1.5, which the ReLU makes 0 (the zero point 128 once quantized; a ReLU on the stored
// integers would keep 125); channel 1 averages to 1.75 = 3.5 steps, which rounds to the even 4.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.savez('%t/in.npz', arg0=np.array([-1, -2, -1, -2, 1, 2, 1, 3], np.float32).reshape(1, 2, 2, 2))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/out.npz
// RUN: %python -c "import numpy as np; print(np.load('%t/out.npz')[np.load('%t/out.npz').files[0]].ravel().tolist())" | FileCheck %s
// CHECK: [0.0, 2.0]

!q = !quant.uniform<u8:f32, 5.000000e-01:128>
func.func @main(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32> {
  %q = IE.Quantize(%x) {dstElemType = !q} : tensor<1x2x2x2xf32> -> tensor<1x2x2x2x!q>
  %p = IE.AvgPool(%q) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x2x2x2x!q> -> tensor<1x2x1x1x!q>
  %d = IE.Dequantize(%p) {dstElemType = f32} : tensor<1x2x1x1x!q> -> tensor<1x2x1x1xf32>
  return %d : tensor<1x2x1x1xf32>
}
