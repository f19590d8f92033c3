// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip and type inference of IE.CTCGreedyDecoder, IE.RegionYolo and IE.ReorgYolo.

// CHECK-LABEL: func.func @ctc_greedy_decoder
func.func @ctc_greedy_decoder(%d: tensor<88x2x71xf32>, %m: tensor<88x2xf32>, %dd: tensor<?x3x5xf16>, %md: tensor<7x?xf16>)
    -> (tensor<2x88x1x1xf32>, tensor<2x88x1x1xf32>, tensor<3x7x1x1xf16>) {
  // CHECK: IE.CTCGreedyDecoder(%{{.*}}, %{{.*}}) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  // CHECK: IE.CTCGreedyDecoder(%{{.*}}, %{{.*}}) {merge_repeated = false} : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  %1 = IE.CTCGreedyDecoder(%d, %m) {merge_repeated = false} : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  // Dynamic dims of one operand are taken from the other.
  // CHECK: IE.CTCGreedyDecoder(%{{.*}}, %{{.*}}) : tensor<?x3x5xf16>, tensor<7x?xf16> -> tensor<3x7x1x1xf16>
  %2 = IE.CTCGreedyDecoder(%dd, %md) : tensor<?x3x5xf16>, tensor<7x?xf16> -> tensor<3x7x1x1xf16>
  return %0, %1, %2 : tensor<2x88x1x1xf32>, tensor<2x88x1x1xf32>, tensor<3x7x1x1xf16>
}

// -----

// CHECK-LABEL: func.func @region_yolo
func.func @region_yolo(%v2: tensor<1x125x13x13xf32>, %v3: tensor<1x255x13x13xf32>, %d: tensor<?x125x?x13xf32>)
    -> (tensor<1x21125xf32>, tensor<1x255x13x13xf32>, tensor<1x125x169xf32>, tensor<?x125x?x13xf32>, tensor<?x?xf32>) {
  // YOLO v2: [1, 3] flattened.
  // CHECK: IE.RegionYolo(%{{.*}}) {anchors = array<f64: 1.080000e+00, 1.190000e+00, {{.*}}, 1.052000e+01>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  %0 = IE.RegionYolo(%v2) {anchors = array<f64: 1.08, 1.19, 3.42, 4.41, 6.63, 11.38, 9.42, 5.11, 16.62, 10.52>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64}
      : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  // YOLO v3: the input's shape, three regions of 85 entries. Default axes are not printed.
  // CHECK: IE.RegionYolo(%{{.*}}) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 6, 7, 8>, num = 9 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  %1 = IE.RegionYolo(%v3) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 6, 7, 8>, num = 9 : i64, axis = 1 : i64, end_axis = 3 : i64}
      : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  // CHECK: IE.RegionYolo(%{{.*}}) {axis = 2 : i64, classes = 20 : i64, coords = 4 : i64, do_softmax, end_axis = -1 : i64, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x125x169xf32>
  %2 = IE.RegionYolo(%v2) {classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64, axis = 2 : i64, end_axis = -1 : i64}
      : tensor<1x125x13x13xf32> -> tensor<1x125x169xf32>
  // CHECK: IE.RegionYolo(%{{.*}}) {{.*}} : tensor<?x125x?x13xf32> -> tensor<?x125x?x13xf32>
  %3 = IE.RegionYolo(%d) {classes = 20 : i64, coords = 4 : i64, mask = array<i64: 0, 1, 2, 3, 4>, num = 5 : i64}
      : tensor<?x125x?x13xf32> -> tensor<?x125x?x13xf32>
  // A dynamic dim in the flattened range makes the flattened dim dynamic.
  // CHECK: IE.RegionYolo(%{{.*}}) {{.*}} : tensor<?x125x?x13xf32> -> tensor<?x?xf32>
  %4 = IE.RegionYolo(%d) {classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64}
      : tensor<?x125x?x13xf32> -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<1x21125xf32>, tensor<1x255x13x13xf32>, tensor<1x125x169xf32>, tensor<?x125x?x13xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @reorg_yolo
func.func @reorg_yolo(%x: tensor<1x64x26x26xf32>, %q: tensor<2x8x6x4xui8>, %d: tensor<?x64x?x26xf32>)
    -> (tensor<1x256x13x13xf32>, tensor<2x8x6x4xui8>, tensor<?x256x?x13xf32>) {
  // CHECK: IE.ReorgYolo(%{{.*}}) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
  %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
  // CHECK: IE.ReorgYolo(%{{.*}}) {stride = 1 : i64} : tensor<2x8x6x4xui8> -> tensor<2x8x6x4xui8>
  %1 = IE.ReorgYolo(%q) {stride = 1 : i64} : tensor<2x8x6x4xui8> -> tensor<2x8x6x4xui8>
  // CHECK: IE.ReorgYolo(%{{.*}}) {stride = 2 : i64} : tensor<?x64x?x26xf32> -> tensor<?x256x?x13xf32>
  %2 = IE.ReorgYolo(%d) {stride = 2 : i64} : tensor<?x64x?x26xf32> -> tensor<?x256x?x13xf32>
  return %0, %1, %2 : tensor<1x256x13x13xf32>, tensor<2x8x6x4xui8>, tensor<?x256x?x13xf32>
}
