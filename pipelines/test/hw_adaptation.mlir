// RUN: vpuc-opt %s --pipeline=ie_adaptation | vpuc-opt --pipeline=hw_adaptation | FileCheck %s
// RUN: vpuc-opt %s --pipeline=ie_adaptation | vpuc-opt --pipeline-spec=%S/../hw_adaptation.textproto | FileCheck %s
// RUN: vpuc-opt %s --pipeline=hw_adaptation --print-spec-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXTUAL

// TEXTUAL: builtin.module(vpuc-ie-fuse-layers,func.func(vpuc-ie-convert-paddings-to-floor-mode,
// TEXTUAL-SAME: vpuc-ie-fuse-post-ops),vpuc-ie-expose-layer-outputs,
// TEXTUAL-SAME: func.func(vpuc-ie-adjust-layouts,vpuc-ie-optimize-reorders,
// TEXTUAL-SAME: vpuc-ie-expand-activation-channels,vpuc-ie-optimize-reorders)

// The passes compose: the 3-channel input is padded to the NCE's 16 channels and reordered to
// NHWC once, the ReLU becomes the convolution's post-op, the 16x16 global average pool a chain of
// pools within the kernel limit, the fully connected layer a 1x1 convolution whose 10 output
// channels are expanded to 16 and sliced back before the software softmax, in NCHW again.
// CHECK-LABEL: func.func @main
// CHECK:      %[[PAD:.+]] = IE.Pad(%{{.+}}) {{.*}}pads_end = array<i64: 0, 13, 0, 0>{{.*}} -> tensor<1x16x16x16xf16>
// CHECK-NEXT: %[[IN:.+]] = IE.Reorder(%[[PAD]]) {dstOrder = #[[NHWC:.+]]} : tensor<1x16x16x16xf16> -> tensor<1x16x16x16xf16, #[[NHWC]]>
// CHECK-NEXT: %[[CONV:.+]] = IE.Convolution(%[[IN]], {{.+}}) {{.*}}post_op = {name = "IE.ReLU"}{{.*}} -> tensor<1x16x16x16xf16, #[[NHWC]]>
// CHECK-NEXT: %[[P1:.+]] = IE.AvgPool(%[[CONV]]) {kernel_size = array<i64: 8, 8>{{.*}} -> tensor<1x16x2x2xf16, #[[NHWC]]>
// CHECK-NEXT: %[[P2:.+]] = IE.AvgPool(%[[P1]]) {kernel_size = array<i64: 2, 2>{{.*}} -> tensor<1x16x1x1xf16, #[[NHWC]]>
// CHECK-NEXT: %[[FC:.+]] = IE.Convolution(%[[P2]], {{.+}}) {{.*}} -> tensor<1x16x1x1xf16, #[[NHWC]]>
// CHECK-NEXT: %[[S:.+]] = IE.Slice(%[[FC]]) {{.*}} -> tensor<1x10x1x1xf16, #[[NHWC]]>
// CHECK-NEXT: IE.Reorder(%[[S]]) {{.*}} -> tensor<1x10x1x1xf16>
// CHECK: IE.SoftMax
// CHECK-NOT: IE.ReLU
// CHECK-NOT: IE.FullyConnected
module @net attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
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
