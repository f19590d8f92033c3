// A network at the IE level for the data-movement end-to-end test: tiles (two repeated dims,
// one axis), a broadcast, strided slices with positive steps (read by a kernel and returned)
// a range, and concatenations whose inputs' producers write in place.
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "input" : tensor<1x3x4x4xf32> precision f32
  IE.DataInfo "column" : tensor<3x1xf32> precision f32
} outputsInfo : {
  IE.DataInfo "tile" : tensor<1x6x4x12xf32> precision f32
  IE.DataInfo "bcast" : tensor<2x3x5xf32> precision f32
  IE.DataInfo "slice_sigmoid" : tensor<1x2x2x2xf32> precision f32
  IE.DataInfo "axis_tile" : tensor<1x2x2x4xf32> precision f32
  IE.DataInfo "slice" : tensor<1x3x2x2xf32> precision f32
  IE.DataInfo "range" : tensor<5xf32> precision f32
  IE.DataInfo "concat_w" : tensor<1x2x2x6xf32> precision f32
  IE.DataInfo "concat_c" : tensor<1x6x4x4xf32> precision f32
}
func.func @main(%x: tensor<1x3x4x4xf32>, %y: tensor<3x1xf32>) -> (tensor<1x6x4x12xf32>, tensor<2x3x5xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x4xf32>, tensor<1x3x2x2xf32>, tensor<5xf32>, tensor<1x2x2x6xf32>, tensor<1x6x4x4xf32>) {
  %0 = IE.ReLU(%x) : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %1 = IE.Tile(%0) {repeats = array<i64: 1, 2, 1, 3>} : tensor<1x3x4x4xf32> -> tensor<1x6x4x12xf32>
  %2 = IE.Broadcast(%y) {target_shape = array<i64: 2, 3, 5>} : tensor<3x1xf32> -> tensor<2x3x5xf32>
  %3 = IE.StridedSlice(%0) {begins = array<i64: 0, 0, 1, 0>, ends = array<i64: 1, 3, 4, 4>, strides = array<i64: 1, 2, 2, 3>} : tensor<1x3x4x4xf32> -> tensor<1x2x2x2xf32>
  %4 = IE.Sigmoid(%3) : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xf32>
  %5 = IE.PerAxisTile(%3) {axis = 3 : i64, tiles = 2 : i64} : tensor<1x2x2x2xf32> -> tensor<1x2x2x4xf32>
  %6 = IE.Slice(%x) {starts = array<i64: 0, 1>, ends = array<i64: 4, 4>, axes = array<i64: 3, 2>, steps = array<i64: 3, 2>} : tensor<1x3x4x4xf32> -> tensor<1x3x2x2xf32>
  %7 = IE.Range {start = 1.0, limit = 3.5, delta = 0.5, dstElemType = f32} : tensor<5xf32>
  %8 = IE.Concat(%4, %5) {axis = 3 : i64} : tensor<1x2x2x2xf32>, tensor<1x2x2x4xf32> -> tensor<1x2x2x6xf32>
  %9 = IE.Tanh(%x) : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %10 = IE.Concat(%0, %9) {axis = 1 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32> -> tensor<1x6x4x4xf32>
  return %1, %2, %4, %5, %6, %7, %8, %10 : tensor<1x6x4x12xf32>, tensor<2x3x5xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x4xf32>, tensor<1x3x2x2xf32>, tensor<5xf32>, tensor<1x2x2x6xf32>, tensor<1x6x4x4xf32>
}
