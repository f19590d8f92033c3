// Every dtype the Python module converts, in and out: each output <name>_out is its input plus
// one, and i64_same is the input i64 itself (exact beyond 32 bits).
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "f32" : tensor<2x3xf32> precision f32
  IE.DataInfo "f16" : tensor<2x3xf16> precision f16
  IE.DataInfo "i8" : tensor<2x3xsi8> precision si8
  IE.DataInfo "u8" : tensor<2x3xui8> precision ui8
  IE.DataInfo "i32" : tensor<2x3xsi32> precision si32
  IE.DataInfo "i64" : tensor<2x3xsi64> precision si64
} outputsInfo : {
  IE.DataInfo "f32_out" : tensor<2x3xf32> precision f32
  IE.DataInfo "f16_out" : tensor<2x3xf16> precision f16
  IE.DataInfo "i8_out" : tensor<2x3xsi8> precision si8
  IE.DataInfo "u8_out" : tensor<2x3xui8> precision ui8
  IE.DataInfo "i32_out" : tensor<2x3xsi32> precision si32
  IE.DataInfo "i64_out" : tensor<2x3xsi64> precision si64
  IE.DataInfo "i64_same" : tensor<2x3xsi64> precision si64
}
func.func @main(%f32: tensor<2x3xf32>, %f16: tensor<2x3xf16>, %i8: tensor<2x3xsi8>, %u8: tensor<2x3xui8>, %i32: tensor<2x3xsi32>, %i64: tensor<2x3xsi64>) -> (tensor<2x3xf32>, tensor<2x3xf16>, tensor<2x3xsi8>, tensor<2x3xui8>, tensor<2x3xsi32>, tensor<2x3xsi64>, tensor<2x3xsi64>) {
  %c_f32 = const.Declare tensor<1xf32> = #const.Content<dense<1.0> : tensor<1xf32>>
  %c_f16 = const.Declare tensor<1xf16> = #const.Content<dense<1.0> : tensor<1xf16>>
  %c_i8 = const.Declare tensor<1xsi8> = #const.Content<dense<1> : tensor<1xsi8>>
  %c_u8 = const.Declare tensor<1xui8> = #const.Content<dense<1> : tensor<1xui8>>
  %c_i32 = const.Declare tensor<1xsi32> = #const.Content<dense<1> : tensor<1xsi32>>
  %c_i64 = const.Declare tensor<1xsi64> = #const.Content<dense<1> : tensor<1xsi64>>
  %0 = IE.Add(%f32, %c_f32) : tensor<2x3xf32>, tensor<1xf32> -> tensor<2x3xf32>
  %1 = IE.Add(%f16, %c_f16) : tensor<2x3xf16>, tensor<1xf16> -> tensor<2x3xf16>
  %2 = IE.Add(%i8, %c_i8) : tensor<2x3xsi8>, tensor<1xsi8> -> tensor<2x3xsi8>
  %3 = IE.Add(%u8, %c_u8) : tensor<2x3xui8>, tensor<1xui8> -> tensor<2x3xui8>
  %4 = IE.Add(%i32, %c_i32) : tensor<2x3xsi32>, tensor<1xsi32> -> tensor<2x3xsi32>
  %5 = IE.Add(%i64, %c_i64) : tensor<2x3xsi64>, tensor<1xsi64> -> tensor<2x3xsi64>
  return %0, %1, %2, %3, %4, %5, %i64 : tensor<2x3xf32>, tensor<2x3xf16>, tensor<2x3xsi8>, tensor<2x3xui8>, tensor<2x3xsi32>, tensor<2x3xsi64>, tensor<2x3xsi64>
}
