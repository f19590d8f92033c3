// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @declared_type_mismatch() -> tensor<2xf16> {
  // expected-error @+1 {{'const.Declare' op declared type 'tensor<2xf16>' does not match the content type 'tensor<2xf32>'}}
  %0 = const.Declare tensor<2xf16> = #const.Content<dense<1.0> : tensor<2xf32>>
  return %0 : tensor<2xf16>
}

// -----

func.func @not_content() -> tensor<2xf32> {
  // expected-error @+1 {{expected a #const.Content attribute}}
  %0 = const.Declare tensor<2xf32> = dense<1.0> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @base_not_elements() -> tensor<2xf32> {
  // expected-error @+1 {{#const.Content base must be an elements attribute}}
  %0 = const.Declare tensor<2xf32> = #const.Content<1 : i32>
  return %0 : tensor<2xf32>
}

// -----

func.func @base_sparse() -> tensor<2xf32> {
  // expected-error @+1 {{#const.Content base must be a dense or dense_resource elements attribute}}
  %0 = const.Declare tensor<2xf32> = #const.Content<sparse<[[0]], [1.0]> : tensor<2xf32>>
  return %0 : tensor<2xf32>
}

// -----

func.func @base_vector() -> tensor<2xf32> {
  // expected-error @+1 {{#const.Content base must have a statically shaped ranked tensor type, got 'vector<2xf32>'}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : vector<2xf32>>
  return %0 : tensor<2xf32>
}

// -----

func.func @base_encoding() -> tensor<2xf32> {
  // expected-error @+1 {{has an encoding that is not a memory order permutation}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32, "foo">>
  return %0 : tensor<2xf32>
}

// -----

func.func @base_rank() -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  // expected-error @+1 {{#const.Content base type 'tensor<1x1x1x1x1x1x1x1x2xf32>' has rank 9, more than the 8 dimensions a memory order supports}}
  %0 = const.Declare tensor<1x1x1x1x1x1x1x1x2xf32> = #const.Content<dense<1.0> : tensor<1x1x1x1x1x1x1x1x2xf32>>
  return %0 : tensor<1x1x1x1x1x1x1x1x2xf32>
}

// -----

func.func @base_element_type() -> tensor<2xi4> {
  // expected-error @+1 {{#const.Content base element type 'i4' is not supported}}
  %0 = const.Declare tensor<2xi4> = #const.Content<dense<1> : tensor<2xi4>>
  return %0 : tensor<2xi4>
}

// -----

func.func @not_a_transformation() -> tensor<2xf32> {
  // expected-error @+1 {{expected a #const transformation attribute}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [1 : i32]>
  return %0 : tensor<2xf32>
}

// -----

func.func @resource_missing() -> tensor<2xf32> {
  // expected-error @+1 {{'const.Declare' op dense_resource blob 'missing' is not available}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense_resource<missing> : tensor<2xf32>>
  return %0 : tensor<2xf32>
}

// -----

func.func @resource_size() -> tensor<4xf32> {
  // expected-error @+1 {{'const.Declare' op dense_resource blob 'short' has 8 bytes, expected 16 for 'tensor<4xf32>'}}
  %0 = const.Declare tensor<4xf32> = #const.Content<dense_resource<short> : tensor<4xf32>>
  return %0 : tensor<4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      short: "0x040000000000803F00000040"
    }
  }
#-}

// -----

func.func @convert_unsupported() -> tensor<2xf32> {
  // expected-error @+1 {{ConvertElemType target 'i4' is not a supported integer or float type}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.ConvertElemType<i4>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @convert_quantized() -> tensor<2xf32> {
  // expected-error @+1 {{ConvertElemType cannot convert the quantized type '!quant.uniform<i8:f32, 5.000000e-01>'; use QuantCast or Dequantize}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<!quant.uniform<i8:f32, 0.5>>, #const.ConvertElemType<f32>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @reshape_non_positive() -> tensor<2xf32> {
  // expected-error @+1 {{Reshape shape [0, 2] must have positive dimensions}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Reshape<[0, 2]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @reshape_count() -> tensor<3xf32> {
  // expected-error @+1 {{Reshape to [3] has 3 elements, but the input 'tensor<2x2xf32>' has 4}}
  %0 = const.Declare tensor<3xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Reshape<[3]>]>
  return %0 : tensor<3xf32>
}

// -----

func.func @reshape_rank() -> tensor<2xf32> {
  // expected-error @+1 {{Reshape to [1, 1, 1, 1, 1, 1, 1, 1, 2] has rank 9, more than the 8 dimensions a memory order supports}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Reshape<[1, 1, 1, 1, 1, 1, 1, 1, 2]>]>
  return %0 : tensor<2xf32>
}

// -----

#NC = affine_map<(d0, d1) -> (d1, d0)>
func.func @reshape_order() -> tensor<4xf32> {
  // expected-error @+1 {{Reshape requires an input in identity memory order}}
  %0 = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Reorder<#NC>, #const.Reshape<[4]>]>
  return %0 : tensor<4xf32>
}

// -----

func.func @reshape_per_axis() -> tensor<4xf32> {
  // expected-error @+1 {{Reshape to [4] splits or merges the quantized dimension 1}}
  %0 = const.Declare tensor<4xf32> = #const.Content<dense<1> : tensor<2x2xi8>, [#const.QuantCast<!quant.uniform<i8:f32:1, {1.0, 2.0}>>, #const.Reshape<[4]>]>
  return %0 : tensor<4xf32>
}

// -----

func.func @reorder_not_permutation() -> tensor<2x2xf32> {
  // expected-error @+1 {{Reorder order affine_map<(d0, d1) -> (d0, d0)> is not a permutation}}
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Reorder<affine_map<(d0, d1) -> (d0, d0)>>]>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reorder_too_many_dims() -> tensor<2xf32> {
  // expected-error @+1 {{Reorder order affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d8, d0, d1, d2, d3, d4, d5, d6, d7)> has 9 dimensions, more than the 8 a memory order supports}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Reorder<affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d8, d0, d1, d2, d3, d4, d5, d6, d7)>>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @reorder_rank() -> tensor<2x2xf32> {
  // expected-error @+1 {{Reorder order affine_map<(d0, d1, d2) -> (d2, d0, d1)> has 3 dimensions, but the input 'tensor<2x2xf32>' has rank 2}}
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Reorder<affine_map<(d0, d1, d2) -> (d2, d0, d1)>>]>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @transpose_not_permutation() -> tensor<2x2xf32> {
  // expected-error @+1 {{Transpose perm [0, 0] is not a permutation}}
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Transpose<[0, 0]>]>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @transpose_too_many_dims() -> tensor<2xf32> {
  // expected-error @+1 {{Transpose perm [8, 0, 1, 2, 3, 4, 5, 6, 7] has 9 dimensions, more than the 8 a memory order supports}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Transpose<[8, 0, 1, 2, 3, 4, 5, 6, 7]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @transpose_rank() -> tensor<2x2xf32> {
  // expected-error @+1 {{Transpose perm [1, 0] has 2 dimensions, but the input 'tensor<4xf32>' has rank 1}}
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<4xf32>, [#const.Transpose<[1, 0]>]>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @pad_ranks() -> tensor<2xf32> {
  // expected-error @+1 {{PadWithZero padBefore [1] and padAfter [1, 2] have different ranks}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.PadWithZero<[1], [1, 2]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_negative() -> tensor<2xf32> {
  // expected-error @+1 {{PadWithZero pads must be non-negative, got [-1] and [0]}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.PadWithZero<[-1], [0]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_rank_mismatch() -> tensor<2xf32> {
  // expected-error @+1 {{PadWithZero has 2 dimensions, but the input 'tensor<2xf32>' has rank 1}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.PadWithZero<[0, 0], [1, 1]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @subview_ranks() -> tensor<2xf32> {
  // expected-error @+1 {{SubView offset [0] and shape [1, 1] have different ranks}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.SubView<[0], [1, 1]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @subview_negative() -> tensor<2xf32> {
  // expected-error @+1 {{SubView offsets must be non-negative and sizes positive, got [-1] and [1]}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.SubView<[-1], [1]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @subview_rank_mismatch() -> tensor<2xf32> {
  // expected-error @+1 {{SubView has 2 dimensions, but the input 'tensor<2xf32>' has rank 1}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.SubView<[0, 0], [1, 1]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @subview_out_of_bounds() -> tensor<2xf32> {
  // expected-error @+1 {{SubView [1] + [2] is out of bounds of 'tensor<2xf32>'}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.SubView<[1], [2]>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @broadcast_params() -> tensor<2xf32> {
  // expected-error @+1 {{Broadcast axis must be non-negative and the size positive, got axis 0 and size 0}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<1xf32>, [#const.Broadcast<0, 0>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @broadcast_axis_range() -> tensor<2xf32> {
  // expected-error @+1 {{Broadcast axis 1 is out of range for 'tensor<1xf32>'}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<1xf32>, [#const.Broadcast<1, 2>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @broadcast_not_one() -> tensor<4xf32> {
  // expected-error @+1 {{Broadcast axis 0 of 'tensor<2xf32>' has size 2, expected 1}}
  %0 = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Broadcast<0, 4>]>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_quantized_dim() -> tensor<2xf32> {
  // expected-error @+1 {{Broadcast cannot expand the quantized dimension 0}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<1xi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {1.0}>>, #const.Broadcast<0, 2>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @rescale_int() -> tensor<2xi8> {
  // expected-error @+1 {{Rescale requires a float element type, got 'i8'}}
  %0 = const.Declare tensor<2xi8> = #const.Content<dense<1> : tensor<2xi8>, [#const.Rescale<2.0>]>
  return %0 : tensor<2xi8>
}

// -----

func.func @rescale_not_finite() -> tensor<2xf32> {
  // expected-error @+1 {{Rescale scale must be finite}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Rescale<0x7FF0000000000000>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @add_int() -> tensor<2xi8> {
  // expected-error @+1 {{Add requires a float element type, got 'i8'}}
  %0 = const.Declare tensor<2xi8> = #const.Content<dense<1> : tensor<2xi8>, [#const.Add<2.0>]>
  return %0 : tensor<2xi8>
}

// -----

func.func @add_not_finite() -> tensor<2xf32> {
  // expected-error @+1 {{Add bias must be finite}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Add<0x7FF8000000000000>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @quantcast_target() -> tensor<2xf32> {
  // expected-error @+1 {{QuantCast target 'f32' is not an integer or uniform quantized type}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<f32>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @quantcast_no_quant() -> tensor<2xi16> {
  // expected-error @+1 {{QuantCast from 'i8' to 'i16' needs a quantized type on one side}}
  %0 = const.Declare tensor<2xi16> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<i16>]>
  return %0 : tensor<2xi16>
}

// -----

func.func @quantcast_storage_width() -> tensor<2xf32> {
  // expected-error @+1 {{QuantCast from 'i16' to '!quant.uniform<i8:f32, 5.000000e-01>': storage types do not match}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<2xi16>, [#const.QuantCast<!quant.uniform<i8:f32, 0.5>>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @quantcast_storage_sign() -> tensor<2xf32> {
  // expected-error @+1 {{QuantCast from 'ui8' to '!quant.uniform<i8:f32, 5.000000e-01>': storage types do not match}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<2xui8>, [#const.QuantCast<!quant.uniform<i8:f32, 0.5>>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @quantcast_axis() -> tensor<2xf32> {
  // expected-error @+1 {{quantized dimension does not match the shape of 'tensor<2xi8>'}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>]>
  return %0 : tensor<2xf32>
}

// -----

func.func @dequantize_not_quantized() -> tensor<2xf32> {
  // expected-error @+1 {{Dequantize requires a uniform quantized element type, got 'f32'}}
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Dequantize]>
  return %0 : tensor<2xf32>
}

// -----

func.func @buffer_shape_mismatch() -> memref<3x2xf32> {
  // expected-error @+1 {{'const.Declare' op declared buffer type 'memref<3x2xf32>' does not match the content type 'tensor<2x3xf32>': a constant buffer has the content's shape, element type and order, and no memory space ('memref<2x3xf32>')}}
  %0 = const.Declare memref<3x2xf32> = #const.Content<dense<1.0> : tensor<2x3xf32>>
  return %0 : memref<3x2xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @buffer_order_mismatch() -> memref<1x2x2x2xf32> {
  // expected-error @+1 {{does not match the content type 'tensor<1x2x2x2xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>'}}
  %0 = const.Declare memref<1x2x2x2xf32> = #const.Content<dense<1.0> : tensor<1x2x2x2xf32>, [#const.Reorder<#NHWC>]>
  return %0 : memref<1x2x2x2xf32>
}

// -----

func.func @buffer_strided() -> memref<2x2xf32, strided<[2, 1]>> {
  // expected-error @+1 {{declared buffer type 'memref<2x2xf32, strided<[2, 1]>>' does not match}}
  %0 = const.Declare memref<2x2xf32, strided<[2, 1]>> = #const.Content<dense<1.0> : tensor<2x2xf32>>
  return %0 : memref<2x2xf32, strided<[2, 1]>>
}

// -----

func.func @buffer_memory_space() -> memref<2xf32, 1> {
  // expected-error @+1 {{declared buffer type 'memref<2xf32, 1>' does not match}}
  %0 = const.Declare memref<2xf32, 1> = #const.Content<dense<1.0> : tensor<2xf32>>
  return %0 : memref<2xf32, 1>
}

// -----

func.func @buffer_dynamic() -> memref<?xf32> {
  // expected-error @+1 {{'const.Declare' op result #0 must be statically shaped tensor or memref, but got 'memref<?xf32>'}}
  %0 = const.Declare memref<?xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  return %0 : memref<?xf32>
}
