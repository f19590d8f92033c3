// RUN: vpuc-opt %s --pipeline=ie_adaptation --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pipeline-spec=%S/../ie_adaptation.textproto --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pipeline=ie_adaptation --split-input-file --print-spec-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXTUAL

// TEXTUAL: builtin.module(func.func(canonicalize,cse),symbol-dce,vpuc-ie-use-user-layout,
// TEXTUAL-SAME: vpuc-ie-use-user-precision,
// TEXTUAL-SAME: vpuc-ie-fuse-layers{conv-bias=false batch-norm=true batch-norm-to-scale-shift=false scale-shift=false matmul-to-fc=false},
// TEXTUAL-SAME: func.func(vpuc-ie-fuse-quantized-layers,vpuc-ie-dequantize-constants),
// TEXTUAL-SAME: vpuc-ie-check-fp16-precision,vpuc-ie-convert-precision-to-fp16,func.func(vpuc-ie-convert-conv1d-to-conv2d,
// TEXTUAL-SAME: vpuc-ie-resolve-strided-slice,
// TEXTUAL-SAME: vpuc-ie-convert-shape-to-4d{ops=IE.Add,
// TEXTUAL-SAME: IE.Convert}),func.func(canonicalize,cse),symbol-dce)

// An f16 user input into an f32 network with an f32 user output: the network
// computes in f16 without a round trip through f32 at the input, the eltwise ops
// (the output IE.Convert too) on 4-D tensors (the reshapes between them
// cancel), SoftMax stays 2-D.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:.+]]: tensor<2x8xf16>) -> tensor<2x8xf32>
// CHECK-DAG:     %[[CST:.+]] = const.Declare tensor<1x1x1x8xf16> = #const.Content<dense<5.000000e-01> : tensor<8xf32>, [#const.ConvertElemType<f16>, #const.Reshape<[1, 1, 1, 8]>]>
// CHECK-DAG:     %[[IN:.+]] = IE.Reshape(%[[ARG]]) {shape = array<i64: 1, 1, 2, 8>} : tensor<2x8xf16> -> tensor<1x1x2x8xf16>
// CHECK:         %[[ADD:.+]] = IE.Add(%[[IN]], %[[CST]]) : tensor<1x1x2x8xf16>, tensor<1x1x1x8xf16> -> tensor<1x1x2x8xf16>
// CHECK-NEXT:    %[[RELU:.+]] = IE.ReLU(%[[ADD]]) : tensor<1x1x2x8xf16> -> tensor<1x1x2x8xf16>
// CHECK-NEXT:    %[[OUT2D:.+]] = IE.Reshape(%[[RELU]]) {shape = array<i64: 2, 8>} : tensor<1x1x2x8xf16> -> tensor<2x8xf16>
// CHECK-NEXT:    %[[SM:.+]] = IE.SoftMax(%[[OUT2D]]) {axis = 1 : i64} : tensor<2x8xf16> -> tensor<2x8xf16>
// CHECK-NEXT:    %[[SM4:.+]] = IE.Reshape(%[[SM]]) {shape = array<i64: 1, 1, 2, 8>} : tensor<2x8xf16> -> tensor<1x1x2x8xf16>
// CHECK-NEXT:    %[[CVT:.+]] = IE.Convert(%[[SM4]]) {dstElemType = f32} : tensor<1x1x2x8xf16> -> tensor<1x1x2x8xf32>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Reshape(%[[CVT]]) {shape = array<i64: 2, 8>} : tensor<1x1x2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT:    return %[[OUT]] : tensor<2x8xf32>
// CHECK:       IE.CNNNetwork entryPoint : @main
// CHECK:         IE.DataInfo "data" : tensor<2x8xf32> precision f16
// CHECK:         IE.DataInfo "prob" : tensor<2x8xf32> precision f32
func.func @main(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = const.Declare tensor<8xf32> = #const.Content<dense<0.5> : tensor<8xf32>>
  %0 = IE.Add(%arg0, %cst) : tensor<2x8xf32>, tensor<8xf32> -> tensor<2x8xf32>
  %1 = IE.ReLU(%0) : tensor<2x8xf32> -> tensor<2x8xf32>
  %2 = IE.SoftMax(%1) {axis = 1 : i64} : tensor<2x8xf32> -> tensor<2x8xf32>
  return %2 : tensor<2x8xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<2x8xf32> precision f16
} outputsInfo : {
  IE.DataInfo "prob" : tensor<2x8xf32> precision f32
}

// -----

// A u8 image and an integer index input: the image converts to f16 directly,
// integer tensors are untouched, 4-D ops stay as they are.

// CHECK-LABEL: func.func @net
// CHECK-SAME:    (%[[IMG:.+]]: tensor<1x3x4x4xui8>, %[[IDX:.+]]: tensor<2xsi64>) -> (tensor<1x3x4x4xf16>, tensor<2xsi64>)
// CHECK-NEXT:    %[[F:.+]] = IE.Convert(%[[IMG]]) {dstElemType = f16} : tensor<1x3x4x4xui8> -> tensor<1x3x4x4xf16>
// CHECK-NEXT:    %[[S:.+]] = IE.Sigmoid(%[[F]]) : tensor<1x3x4x4xf16> -> tensor<1x3x4x4xf16>
// CHECK-NEXT:    %[[I4:.+]] = IE.Reshape(%[[IDX]]) {shape = array<i64: 1, 1, 1, 2>} : tensor<2xsi64> -> tensor<1x1x1x2xsi64>
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[I4]], %[[I4]]) : tensor<1x1x1x2xsi64>, tensor<1x1x1x2xsi64> -> tensor<1x1x1x2xsi64>
// CHECK-NEXT:    %[[I:.+]] = IE.Reshape(%[[A]]) {shape = array<i64: 2>} : tensor<1x1x1x2xsi64> -> tensor<2xsi64>
// CHECK-NEXT:    return %[[S]], %[[I]] : tensor<1x3x4x4xf16>, tensor<2xsi64>
func.func @net(%img: tensor<1x3x4x4xf32>, %idx: tensor<2xsi64>)
    -> (tensor<1x3x4x4xf32>, tensor<2xsi64>) {
  %0 = IE.Sigmoid(%img) : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %1 = IE.Add(%idx, %idx) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
  return %0, %1 : tensor<1x3x4x4xf32>, tensor<2xsi64>
}
IE.CNNNetwork entryPoint : @net inputsInfo : {
  IE.DataInfo "img" : tensor<1x3x4x4xf32> precision ui8
  IE.DataInfo "idx" : tensor<2xsi64> precision si64
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x3x4x4xf32> precision f16
  IE.DataInfo "out_idx" : tensor<2xsi64> precision si64
}

// -----

// A u8 NHWC image in and an f32 NHWC result out of a network that computes in NCHW: the
// reorders move f16 data, the precision converts sit outside them.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG:   #[[$NCHW:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @nhwc
// CHECK-SAME:    (%[[IMG:.+]]: tensor<1x3x4x4xui8, #[[$NHWC]]>) -> tensor<1x3x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[F:.+]] = IE.Convert(%[[IMG]]) {dstElemType = f16} : tensor<1x3x4x4xui8, #[[$NHWC]]> -> tensor<1x3x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[IN:.+]] = IE.Reorder(%[[F]]) {dstOrder = #[[$NCHW]]} : tensor<1x3x4x4xf16, #[[$NHWC]]> -> tensor<1x3x4x4xf16>
// CHECK-NEXT:    %[[S:.+]] = IE.Sigmoid(%[[IN]]) : tensor<1x3x4x4xf16> -> tensor<1x3x4x4xf16>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Reorder(%[[S]]) {dstOrder = #[[$NHWC]]} : tensor<1x3x4x4xf16> -> tensor<1x3x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.Convert(%[[OUT]]) {dstElemType = f32} : tensor<1x3x4x4xf16, #[[$NHWC]]> -> tensor<1x3x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    return %[[R]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @nhwc(%arg0: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %0 = IE.Sigmoid(%arg0) : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}
IE.CNNNetwork entryPoint : @nhwc inputsInfo : {
  IE.DataInfo "img" : tensor<1x3x4x4xf32> precision ui8 layout #NHWC
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x3x4x4xf32> precision f32 layout #NHWC
}

// -----

// Strided slices in one form: unit strides become IE.Slice, the others lose their masks.

// CHECK-LABEL: func.func @slices
// CHECK-SAME:    (%[[X:.+]]: tensor<4x6xf16>)
// CHECK-DAG:     IE.Slice(%[[X]]) {ends = array<i64: 4, 6>, starts = array<i64: 1, 2>} : tensor<4x6xf16> -> tensor<3x4xf16>
// CHECK-DAG:     IE.StridedSlice(%[[X]]) {begins = array<i64: 3, 0>, ends = array<i64: -5, 5>, strides = array<i64: -1, 2>} : tensor<4x6xf16> -> tensor<4x3xf16>
func.func @slices(%x: tensor<4x6xf32>) -> (tensor<3x4xf32>, tensor<4x3xf32>) {
  %0 = IE.StridedSlice(%x) {begins = array<i64: -3, 2>, ends = array<i64: 0, 0>, strides = array<i64: 1, 1>,
         end_mask = array<i64: 1, 1>} : tensor<4x6xf32> -> tensor<3x4xf32>
  %1 = IE.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 0, 6>, strides = array<i64: -1, 2>,
         begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>} : tensor<4x6xf32> -> tensor<4x3xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<4x3xf32>
}
IE.CNNNetwork entryPoint : @slices inputsInfo : {
  IE.DataInfo "x" : tensor<4x6xf32> precision f16
} outputsInfo : {
  IE.DataInfo "a" : tensor<3x4xf32> precision f16
  IE.DataInfo "b" : tensor<4x3xf32> precision f16
}

// -----

// A 1-D network: the convolution and the pool compute in 2-D with H = 1, in f16, with one
// reshape at each end.

// CHECK-LABEL: func.func @conv1d
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x10xf16>) -> tensor<1x4x5xf16>
// CHECK-DAG:     %[[W:.+]] = const.Declare tensor<4x3x1x3xf16> = #const.Content<dense<2.500000e-01> : tensor<4x3x3xf32>, [{{.*}}#const.Reshape<[4, 3, 1, 3]>{{.*}}]>
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 3, 1, 10>} : tensor<1x3x10xf16> -> tensor<1x3x1x10xf16>
// CHECK:         %[[C:.+]] = IE.Convolution(%[[X4]], %[[W]]) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, strides = array<i64: 1, 1>} : tensor<1x3x1x10xf16>, tensor<4x3x1x3xf16> -> tensor<1x4x1x10xf16>
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool(%[[C]]) {kernel_size = array<i64: 1, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 2>} : tensor<1x4x1x10xf16> -> tensor<1x4x1x5xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[P]]) {shape = array<i64: 1, 4, 5>} : tensor<1x4x1x5xf16> -> tensor<1x4x5xf16>
// CHECK-NEXT:    return %[[R]]
func.func @conv1d(%x: tensor<1x3x10xf32>) -> tensor<1x4x5xf32> {
  %w = const.Declare tensor<4x3x3xf32> = #const.Content<dense<0.25> : tensor<4x3x3xf32>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 1>,
         pads_end = array<i64: 1>, strides = array<i64: 1>} : tensor<1x3x10xf32>, tensor<4x3x3xf32> -> tensor<1x4x10xf32>
  %1 = IE.MaxPool(%0) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         strides = array<i64: 2>} : tensor<1x4x10xf32> -> tensor<1x4x5xf32>
  return %1 : tensor<1x4x5xf32>
}
IE.CNNNetwork entryPoint : @conv1d inputsInfo : {
  IE.DataInfo "x" : tensor<1x3x10xf32> precision f16
} outputsInfo : {
  IE.DataInfo "y" : tensor<1x4x5xf32> precision f16
}
