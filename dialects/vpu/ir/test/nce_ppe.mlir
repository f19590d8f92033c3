// RUN: vpuc-opt %s | vpuc-opt | FileCheck %s
// #VPU.PPE (every mode, the requantisation fields) and #VPU.eltwise_type print as they parse.

// CHECK-LABEL: func.func private @ppe_modes()
// CHECK-SAME: clamp = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>
// CHECK-SAME: leaky = #VPU.PPE<LEAKY_RELU, slope = 0.1>
// CHECK-SAME: none = #VPU.PPE<NONE>
// CHECK-SAME: relu = #VPU.PPE<RELU>
func.func private @ppe_modes() attributes {
  none = #VPU.PPE<NONE>,
  relu = #VPU.PPE<RELU>,
  clamp = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>,
  leaky = #VPU.PPE<LEAKY_RELU, slope = 0.1>
}

// The requantisation fields, in any order on input, print in a fixed order.
// CHECK-LABEL: func.func private @ppe_requantization()
// CHECK-SAME: per_axis = #VPU.PPE<RELU, quant_scale = [0.5, 0.25], quant_mult = [16384, 16384], quant_shift = [15, 16], quant_zero_point = 0>
// CHECK-SAME: per_tensor = #VPU.PPE<CLAMP, clamp_low = -1.0, clamp_high = 1.0, quant_scale = [0.125], quant_zero_point = 128>
func.func private @ppe_requantization() attributes {
  per_axis = #VPU.PPE<RELU, quant_zero_point = 0, quant_shift = [15, 16], quant_mult = [16384, 16384], quant_scale = [0.5, 0.25]>,
  per_tensor = #VPU.PPE<CLAMP, quant_scale = [0.125], clamp_high = 1.0, clamp_low = -1.0, quant_zero_point = 128>
}

// f64 values print in the shortest form that reads back as the same double.
// CHECK-LABEL: func.func private @ppe_values()
// CHECK-SAME: from_f32 = #VPU.PPE<LEAKY_RELU, slope = 0.10000000149011612>
// CHECK-SAME: large = #VPU.PPE<CLAMP, clamp_low = -1.0e+20, clamp_high = 100000.0>
func.func private @ppe_values() attributes {
  from_f32 = #VPU.PPE<LEAKY_RELU, slope = 0.10000000149011612>,
  large = #VPU.PPE<CLAMP, clamp_low = -1.0e20, clamp_high = 100000.0>
}

// CHECK-LABEL: func.func private @eltwise_types()
// CHECK-SAME: add = #VPU.eltwise_type<ADD>
// CHECK-SAME: mul = #VPU.eltwise_type<MULTIPLY>
// CHECK-SAME: sub = #VPU.eltwise_type<SUBTRACT>
func.func private @eltwise_types() attributes {
  add = #VPU.eltwise_type<ADD>,
  sub = #VPU.eltwise_type<SUBTRACT>,
  mul = #VPU.eltwise_type<MULTIPLY>
}
