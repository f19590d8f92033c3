// RUN: vpuc-opt %s | vpuc-opt | FileCheck %s
// #VPU.mem and #VPU.tensor print as they parse.

// CHECK-LABEL: func.func private @memories()
// CHECK-SAME: cmx = #VPU.mem<CMX_NN[3]>
// CHECK-SAME: ddr = #VPU.mem<DDR>
func.func private @memories() attributes {ddr = #VPU.mem<DDR>, cmx = #VPU.mem<CMX_NN[3]>}

// CHECK-LABEL: func.func private @tensors
// CHECK-SAME: tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[1]>>
// CHECK-SAME: tensor<1x16x8x8xf16, #VPU.tensor<order = #{{.*}}, mem_space = CMX_NN[0]>>
// CHECK-SAME: tensor<1x16x8x8xf16, #{{.*}}>
func.func private @tensors(tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[1]>>,
                           tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>,
                           tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>)
