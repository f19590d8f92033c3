// RUN: vpuc-opt %s --pipeline=default_hw --pipeline-option=vpuc-init-compiler.arch=VPUX37XX \
// RUN:   | FileCheck %s --check-prefixes=CHECK,X37
// RUN: vpuc-opt %s --pipeline-spec=%S/../default_hw.textproto --pipeline-option=vpuc-init-compiler.arch=VPUX30XX \
// RUN:   | FileCheck %s --check-prefixes=CHECK,X30
// RUN: vpuc-opt %s --pipeline=default_hw --print-spec-pipeline -o /dev/null 2>&1 \
// RUN:   --pipeline-option=vpuc-init-compiler.arch=VPUX37XX | FileCheck %s --check-prefix=TEXTUAL
// RUN: not vpuc-opt %s --pipeline=default_hw 2>&1 | FileCheck %s --check-prefix=NOARCH
// RUN: vpuc-opt %s --pipeline=default_hw --pipeline-option=vpuc-init-compiler.arch=VPUX37XX 2>&1 -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=STATS

// TEXTUAL: builtin.module(vpuc-init-compiler{arch=VPUX37XX},func.func(vpuc-ie-fuse-layer-norm),func.func(canonicalize,cse),symbol-dce,
// TEXTUAL-SAME: vpuc-ie-fuse-layers,
// TEXTUAL-SAME: vpuc-convert-ie-to-vpu{use-nce=true},func.func(vpuc-vpu-split-sw-layers,vpuc-vpu-multi-cluster{sw-layers=true},vpuc-vpu-vertical-fusion,vpuc-vpu-tiling{prefetch-share=0.5 eltwise-in-place=true stream-weights-share=0.4 stream-weights-ratio=2},vpuc-vpu-pipeline-sw-layers{max-cmx-share=0.7 max-weights-ratio=2}),vpuc-convert-vpu-to-vpuip{eltwise-in-place=true},
// TEXTUAL-SAME: vpuc-vpuip-add-buffers-for-net-results,func.func(vpuc-vpuip-fold-result-copies,vpuc-vpuip-split-sw-kernels,
// TEXTUAL-SAME: vpuc-vpuip-assign-shaves,vpuc-vpuip-sw-kernels-to-cmx,vpuc-vpuip-convert-copies-to-dma,vpuc-vpuip-optimize-copies,vpuc-vpuip-write-in-place,vpuc-vpuip-eltwise-in-place,vpuc-vpuip-read-in-place,vpuc-vpuip-feasible-allocation{prefetch-idle-lookahead=256 extra-prefetch-lookaheads=4,8,24,32 share-copies=true joint-twins=true},vpuc-vpuip-split-dmas,vpuc-vpuip-assign-dma-ports,vpuc-vpuip-broadcast-dmas),
// TEXTUAL-SAME: vpuc-vpuip-ddr-static-allocation,func.func(vpuc-vpuip-list-schedule,vpuc-vpuip-wrap-into-async-regions,
// TEXTUAL-SAME: vpuc-vpurt-print-statistics)

// NOARCH: error: no target: set the 'arch' option of vpuc-init-compiler

// The layers of the reference-HW mode: the convolution and the first pool are split over the two
// tiles, the small second pool and the FC run whole on the less loaded tile (pieces would not pay
// for their DMAs), the four software kernels are spread over the four ACT SHAVEs, the DMAs over
// both ports; the software kernels work on copies of their tensors in their tile's CMX; the
// weights and weights table of the convolution's two pieces are each one broadcast DMA.
// STATS: remark: VPURT statistics of @main:
// STATS-NEXT: tasks: 26
// STATS-NEXT: DMA_NN[0]: 7
// STATS-NEXT: DMA_NN[1]: 9
// STATS-NEXT: DPU[0]: 3
// STATS-NEXT: DPU[1]: 3
// STATS-NEXT: SHAVE_ACT[0]: 1
// STATS-NEXT: SHAVE_ACT[1]: 1
// STATS-NEXT: SHAVE_ACT[2]: 1
// STATS-NEXT: SHAVE_ACT[3]: 1

// CHECK-LABEL: func.func @main
// CHECK: VPURT.DeclareBuffer <CMX_NN> [0]
// X37: VPUIP.SW.Kernel @VPU.SW::@convert_f32_f16 on tile
// X30: VPUIP.UPA.SW @VPU.SW::@convert_f32_f16
// X37: VPUIP.SW.Kernel @VPU.SW::@pad on tile
// X30: VPUIP.UPA.SW @VPU.SW::@pad
// CHECK: VPUIP.NCEClusterTask<CONV> {{.*}}ppe = #VPUIP.ppe<RELU>
// CHECK: VPUIP.NCEClusterTask<AVEPOOL>
// CHECK: VPUIP.NCEClusterTask<AVEPOOL>
// CHECK: VPUIP.NCEClusterTask<CONV>
// X37: VPUIP.SW.Kernel @VPU.SW::@softmax on tile
// X30: VPUIP.UPA.SW @VPU.SW::@softmax
module @net {
  func.func @main(%arg0: tensor<1x3x16x16xf32>) -> tensor<1x10xf32> {
    %w = const.Declare tensor<16x3x3x3xf32> = #const.Content<dense<0.1> : tensor<16x3x3x3xf32>>
    %b = const.Declare tensor<1x16x1x1xf32> = #const.Content<dense<0.05> : tensor<1x16x1x1xf32>>
    %0 = IE.Convolution(%arg0, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x16x16xf32>, tensor<16x3x3x3xf32>, tensor<1x16x1x1xf32> -> tensor<1x16x16x16xf32>
    %1 = IE.ReLU(%0) : tensor<1x16x16x16xf32> -> tensor<1x16x16x16xf32>
    %2 = IE.AvgPool(%1) {kernel_size = array<i64: 16, 16>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<floor>, strides = array<i64: 1, 1>, exclude_pads} : tensor<1x16x16x16xf32> -> tensor<1x16x1x1xf32>
    %3 = IE.Reshape(%2) {shape = array<i64: 1, 16>} : tensor<1x16x1x1xf32> -> tensor<1x16xf32>
    %fw = const.Declare tensor<10x16xf32> = #const.Content<dense<0.2> : tensor<10x16xf32>>
    %fb = const.Declare tensor<1x10xf32> = #const.Content<dense<0.1> : tensor<1x10xf32>>
    %4 = IE.FullyConnected(%3, %fw, %fb) : tensor<1x16xf32>, tensor<10x16xf32>, tensor<1x10xf32> -> tensor<1x10xf32>
    %5 = IE.SoftMax(%4) {axis = 1 : i64} : tensor<1x10xf32> -> tensor<1x10xf32>
    return %5 : tensor<1x10xf32>
  }
}
