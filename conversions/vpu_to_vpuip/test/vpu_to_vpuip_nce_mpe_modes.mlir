// RUN: vpuc-opt %s --vpuc-init-compiler=arch=VPUX30XX --vpuc-convert-vpu-to-vpuip | FileCheck %s --check-prefix=BUILTIN
// RUN: vpuc-opt %s --vpuc-init-compiler=arch=%S/Inputs/vector30xx.textproto --vpuc-convert-vpu-to-vpuip | FileCheck %s --check-prefix=VECTOR

// The MPE mode of each variant is the target description's mode with the fewest cycles. A 2 x 2
// output box takes one 4 x 4 step in MATRIX mode and two 16 x 1 steps in VECTOR mode, so VPUX30XX
// runs it in MATRIX; a copy of VPUX30XX that lists VECTOR only (Inputs/vector30xx.textproto) runs
// it in VECTOR. The 48 channels split over the DPUs in blocks of 16 either way.
// BUILTIN-COUNT-3: VPUIP.DPUTask outStart [0, 0, {{[0-9]+}}] outEnd [1, 1, {{[0-9]+}}] pad [0, 0, 0, 0] dpu {{[0-2]}} mpe MATRIX
// VECTOR-COUNT-3: VPUIP.DPUTask outStart [0, 0, {{[0-9]+}}] outEnd [1, 1, {{[0-9]+}}] pad [0, 0, 0, 0] dpu {{[0-2]}} mpe VECTOR

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool(%x: tensor<1x48x4x4xf16, #NHWC>) -> tensor<1x48x2x2xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x48x4x4xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
  return %0 : tensor<1x48x2x2xf16, #NHWC>
}
