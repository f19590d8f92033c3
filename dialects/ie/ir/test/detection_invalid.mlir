// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @ctc_data_rank(%d: tensor<8x71xf32>, %m: tensor<8x1xf32>) -> tensor<1x8x1x1xf32> {
  // expected-error @+1 {{'IE.CTCGreedyDecoder' op expects data of rank 3 [T, N, C], got shape [8, 71]}}
  %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<8x71xf32>, tensor<8x1xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

func.func @ctc_no_classes(%d: tensor<8x1x0xf32>, %m: tensor<8x1xf32>) -> tensor<1x8x1x1xf32> {
  // expected-error @+1 {{'IE.CTCGreedyDecoder' op expects data with at least one class (the blank), got shape [8, 1, 0]}}
  %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<8x1x0xf32>, tensor<8x1xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

func.func @ctc_mask_shape(%d: tensor<8x2x71xf32>, %m: tensor<8x1xf32>) -> tensor<2x8x1x1xf32> {
  // expected-error @+1 {{'IE.CTCGreedyDecoder' op expects sequence_mask of shape [T, N] = [8, 2], got [8, 1]}}
  %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<8x2x71xf32>, tensor<8x1xf32> -> tensor<2x8x1x1xf32>
  return %0 : tensor<2x8x1x1xf32>
}

// -----

func.func @ctc_element_types(%d: tensor<8x2x71xf32>, %m: tensor<8x2xf16>) -> tensor<2x8x1x1xf32> {
  // expected-error @+1 {{'IE.CTCGreedyDecoder' op failed to verify that all of {data, sequence_mask, output} have same element type}}
  %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<8x2x71xf32>, tensor<8x2xf16> -> tensor<2x8x1x1xf32>
  return %0 : tensor<2x8x1x1xf32>
}

// -----

func.func @region_rank(%x: tensor<1x125x169xf32>) -> tensor<1x21125xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects a 4-D input [N, C, H, W], got shape [1, 125, 169]}}
  %0 = IE.RegionYolo(%x) {classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x169xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

func.func @region_coords(%x: tensor<1x22x13x13xf32>) -> tensor<1x3718xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects coords >= 2, got 1}}
  %0 = IE.RegionYolo(%x) {classes = 20 : i64, coords = 1 : i64, do_softmax, num = 1 : i64} : tensor<1x22x13x13xf32> -> tensor<1x3718xf32>
  return %0 : tensor<1x3718xf32>
}

// -----

func.func @region_classes(%x: tensor<1x5x13x13xf32>) -> tensor<1x845xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects classes >= 1, got 0}}
  %0 = IE.RegionYolo(%x) {classes = 0 : i64, coords = 4 : i64, do_softmax, num = 1 : i64} : tensor<1x5x13x13xf32> -> tensor<1x845xf32>
  return %0 : tensor<1x845xf32>
}

// -----

func.func @region_num(%x: tensor<1x25x13x13xf32>) -> tensor<1x4225xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects num >= 1, got 0}}
  %0 = IE.RegionYolo(%x) {classes = 20 : i64, coords = 4 : i64, do_softmax, num = 0 : i64} : tensor<1x25x13x13xf32> -> tensor<1x4225xf32>
  return %0 : tensor<1x4225xf32>
}

// -----

func.func @region_mask_range(%x: tensor<1x255x13x13xf32>) -> tensor<1x255x13x13xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects mask entries in [0, num = 9), got 9}}
  %0 = IE.RegionYolo(%x) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 7, 8, 9>, num = 9 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  return %0 : tensor<1x255x13x13xf32>
}

// -----

func.func @region_mask_empty(%x: tensor<1x255x13x13xf32>) -> tensor<1x255x13x13xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects a non-empty mask without do_softmax (YOLO v3)}}
  %0 = IE.RegionYolo(%x) {classes = 80 : i64, coords = 4 : i64, num = 9 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  return %0 : tensor<1x255x13x13xf32>
}

// -----

func.func @region_anchors(%x: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects anchors to be empty or hold 2 * num = 10 values, got 3}}
  %0 = IE.RegionYolo(%x) {anchors = array<f64: 1.0, 2.0, 3.0>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

func.func @region_axis(%x: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op axis 4 is out of range for rank 4}}
  %0 = IE.RegionYolo(%x) {axis = 4 : i64, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

func.func @region_end_axis(%x: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op end_axis -5 is out of range for rank 4}}
  %0 = IE.RegionYolo(%x) {end_axis = -5 : i64, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

func.func @region_axis_order(%x: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects axis <= end_axis, got 3 > 1}}
  %0 = IE.RegionYolo(%x) {axis = 3 : i64, end_axis = 1 : i64, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

func.func @region_channels(%x: tensor<1x124x13x13xf32>) -> tensor<1x20956xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects input channels = regions * (coords + 1 + classes) = 5 * 25 = 125, got 124}}
  %0 = IE.RegionYolo(%x) {classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x124x13x13xf32> -> tensor<1x20956xf32>
  return %0 : tensor<1x20956xf32>
}

// -----

func.func @region_v3_channels(%x: tensor<1x255x13x13xf32>) -> tensor<1x255x13x13xf32> {
  // expected-error @+1 {{'IE.RegionYolo' op expects input channels = regions * (coords + 1 + classes) = 2 * 85 = 170, got 255}}
  %0 = IE.RegionYolo(%x) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 0, 1>, num = 9 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  return %0 : tensor<1x255x13x13xf32>
}

// -----

func.func @reorg_rank(%x: tensor<64x26x26xf32>) -> tensor<256x13x13xf32> {
  // expected-error @+1 {{'IE.ReorgYolo' op expects a 4-D input [N, C, H, W], got shape [64, 26, 26]}}
  %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<64x26x26xf32> -> tensor<256x13x13xf32>
  return %0 : tensor<256x13x13xf32>
}

// -----

func.func @reorg_channels(%x: tensor<1x6x26x26xf32>) -> tensor<1x24x13x13xf32> {
  // expected-error @+1 {{'IE.ReorgYolo' op expects input channels 6 to be a multiple of stride^2 = 4}}
  %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x6x26x26xf32> -> tensor<1x24x13x13xf32>
  return %0 : tensor<1x24x13x13xf32>
}

// -----

func.func @reorg_height(%x: tensor<1x8x25x26xf32>) -> tensor<1x32x12x13xf32> {
  // expected-error @+1 {{'IE.ReorgYolo' op expects input height 25 to be a multiple of the stride 2}}
  %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x8x25x26xf32> -> tensor<1x32x12x13xf32>
  return %0 : tensor<1x32x12x13xf32>
}

// -----

func.func @reorg_width(%x: tensor<1x9x27x28xf32>) -> tensor<1x81x9x9xf32> {
  // expected-error @+1 {{'IE.ReorgYolo' op expects input width 28 to be a multiple of the stride 3}}
  %0 = IE.ReorgYolo(%x) {stride = 3 : i64} : tensor<1x9x27x28xf32> -> tensor<1x81x9x9xf32>
  return %0 : tensor<1x81x9x9xf32>
}

// -----

func.func @reorg_stride(%x: tensor<1x8x26x26xf32>) -> tensor<1x8x26x26xf32> {
  // expected-error @+1 {{'IE.ReorgYolo' op attribute 'stride' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = IE.ReorgYolo(%x) {stride = 0 : i64} : tensor<1x8x26x26xf32> -> tensor<1x8x26x26xf32>
  return %0 : tensor<1x8x26x26xf32>
}
