// A sample for the README's main command: weights as an importer writes them (f32, logical
// order, lazy transformations to the layout and precision the hardware wants), run through
// samples/fold_weights.textproto.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @prepare_weights() -> (tensor<4x2x2x2xf16, #NHWC>, tensor<4x2x2x2xf16, #NHWC>, tensor<1x4xf16>) {
  // Convolution weights 4x2x2x2 (OIYX), converted to f16 and stored channel-minor (OYXI).
  %w = const.Declare tensor<4x2x2x2xf16, #NHWC> = #const.Content<
         dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0,
                16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]>
           : tensor<32xf32>,
         [#const.Reshape<[4, 8]>, #const.Reshape<[4, 2, 2, 2]>, #const.ConvertElemType<f16>,
          #const.Reorder<#NHWC>, #const.Rescale<0.5>, #const.Rescale<0.25>]>
  // The same weights declared a second time: CSE keeps one.
  %w2 = const.Declare tensor<4x2x2x2xf16, #NHWC> = #const.Content<
         dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0,
                16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]>
           : tensor<32xf32>,
         [#const.Reshape<[4, 8]>, #const.Reshape<[4, 2, 2, 2]>, #const.ConvertElemType<f16>,
          #const.Reorder<#NHWC>, #const.Rescale<0.5>, #const.Rescale<0.25>]>
  // A per-channel bias, dequantized from int8 with scale 0.5 and zero point 10.
  %b = const.Declare tensor<1x4xf16> = #const.Content<dense<[[10, 12, 14, 16]]> : tensor<1x4xi8>,
         [#const.QuantCast<!quant.uniform<i8:f32, 0.5:10>>, #const.Dequantize, #const.ConvertElemType<f16>]>
  return %w, %w2, %b : tensor<4x2x2x2xf16, #NHWC>, tensor<4x2x2x2xf16, #NHWC>, tensor<1x4xf16>
}
