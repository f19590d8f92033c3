// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
// Parse and verifier errors of #VPU.PPE.

// expected-error @+2 {{expected ::mlir::vpuc::VPU::PPEMode to be one of: NONE, RELU, CLAMP, LEAKY_RELU}}
// expected-error @+1 {{failed to parse VPU_PPEAttr parameter 'mode'}}
func.func private @unknown_mode() attributes {ppe = #VPU.PPE<SIGMOID>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: alpha}}
func.func private @unknown_parameter() attributes {ppe = #VPU.PPE<LEAKY_RELU, alpha = 0.1>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: slope}}
func.func private @repeated() attributes {ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1, slope = 0.2>}

// -----

// expected-error @+2 {{expected floating point literal}}
// expected-error @+1 {{failed to parse VPU_PPEAttr parameter 'slope'}}
func.func private @slope_not_a_number() attributes {ppe = #VPU.PPE<LEAKY_RELU, slope = slope>}

// -----

// expected-error @+2 {{expected '['}}
// expected-error @+1 {{failed to parse VPU_PPEAttr parameter 'quant_mult'}}
func.func private @list_without_brackets() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5], quant_mult = 16384, quant_shift = [15]>}

// -----

// expected-error @+1 {{PPE mode CLAMP needs clamp_low and clamp_high}}
func.func private @clamp_without_high() attributes {ppe = #VPU.PPE<CLAMP, clamp_low = 0.0>}

// -----

// expected-error @+1 {{PPE mode RELU takes no clamp_low / clamp_high (only CLAMP does)}}
func.func private @relu_with_clamp() attributes {ppe = #VPU.PPE<RELU, clamp_high = 6.0>}

// -----

// expected-error @+1 {{PPE clamp_low 6.000000e+00 is above clamp_high 0.000000e+00}}
func.func private @clamp_inverted() attributes {ppe = #VPU.PPE<CLAMP, clamp_low = 6.0, clamp_high = 0.0>}

// -----

// expected-error @+1 {{PPE clamp_high must be finite}}
func.func private @clamp_infinite() attributes {ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 0x7FF0000000000000>}

// -----

// expected-error @+1 {{PPE mode LEAKY_RELU needs a slope}}
func.func private @leaky_without_slope() attributes {ppe = #VPU.PPE<LEAKY_RELU>}

// -----

// expected-error @+1 {{PPE mode NONE takes no slope (only LEAKY_RELU does)}}
func.func private @none_with_slope() attributes {ppe = #VPU.PPE<NONE, slope = 0.5>}

// -----

// expected-error @+1 {{PPE quant_scale is empty}}
func.func private @empty_scale() attributes {ppe = #VPU.PPE<NONE, quant_scale = []>}

// -----

// expected-error @+1 {{PPE quant_scale 0.000000e+00 is not a positive finite number}}
func.func private @zero_scale() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5, 0.0]>}

// -----

// expected-error @+1 {{PPE quant_mult and quant_shift go together}}
func.func private @mult_without_shift() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5], quant_mult = [16384]>}

// -----

// expected-error @+1 {{PPE quant_mult / quant_shift need the quant_scale they encode}}
func.func private @mult_without_scale() attributes {ppe = #VPU.PPE<NONE, quant_mult = [16384], quant_shift = [15]>}

// -----

// expected-error @+1 {{PPE quant_mult (1) and quant_shift (1) need one value per quant_scale (2)}}
func.func private @mult_count() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5, 0.25], quant_mult = [16384], quant_shift = [15]>}

// -----

// expected-error @+1 {{PPE quant_mult 65536 is outside [1, 65535]}}
func.func private @mult_range() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5], quant_mult = [65536], quant_shift = [15]>}

// -----

// expected-error @+1 {{PPE quant_shift 64 is outside [0, 63]}}
func.func private @shift_range() attributes {ppe = #VPU.PPE<NONE, quant_scale = [0.5], quant_mult = [16384], quant_shift = [64]>}

// -----

// expected-error @+1 {{PPE quant_zero_point 256 is outside [-128, 255]}}
func.func private @zero_point_range() attributes {ppe = #VPU.PPE<NONE, quant_zero_point = 256>}
