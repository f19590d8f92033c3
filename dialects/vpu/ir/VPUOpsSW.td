//===- VPUOpsSW.td - VPU software layers -------------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The `VPU.SW.*` ops: one per IE layer that runs as a SHAVE software kernel,
// with the kernel's name and scalar parameters. Included by VPUOps.td.
//
// Parameter conventions (SWKernelInfo.h): integers are i64, reals f32, flags
// 0 / 1; axes are logical dims normalised to [0, rank); a set of axes is a bit
// mask (bit d for dim d); a per-dim list `x` is the 8 parameters `x_0` ...
// `x_7` (unused entries 0); enums are the value of the IE enum case. Tensor
// shapes, orders, strides and element types come from the descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUOPSSW
#define VPUC_DIALECTS_VPU_IR_VPUOPSSW

defvar VPU_NoParams = "no scalar parameters";

//===----------------------------------------------------------------------===//
// Binary eltwise, comparison, logic
//===----------------------------------------------------------------------===//

/// A broadcasting eltwise kernel: the operands' descriptors give the broadcast.
class VPU_SWEltwiseOp<string name, Op ieOp, string kernel> : VPU_SWOp<name, ieOp, kernel> {
  let kernelDoc = "Kernel `" # kernel # "`, "
      # !strconcat(VPU_NoParams, "") # ": the operands broadcast "
      # "(NumPy rules) as their dims say.";
}

/// An eltwise layer that also runs on quantized types: kernel `quantized_<kernel>` then.
class VPU_SWQuantizableEltwiseOp<string name, Op ieOp, string kernel>
    : VPU_SWEltwiseOp<name, ieOp, kernel> {
  let kernelName = [{
    if (::mlir::vpuc::VPU::detail::isQuantizedLayer(getOperation())) {
      return "quantized_}] # kernel # [{";
    }
    return "}] # kernel # [{";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addQuantizedEltwiseParams(getOperation(), params);
  }];
  let kernelDoc = "Kernel `" # kernel # "`, " # !strconcat(VPU_NoParams, "")
      # ": the operands broadcast (NumPy rules) as their dims say. On quantized types: "
      # "kernel `quantized_" # kernel # "` with the parameters `input1_scale`, "
      # "`input2_scale`, `output_scale` (f32), `input1_zero_point`, `input2_zero_point`, "
      # "`output_zero_point`, `storage_min`, `storage_max` (i64, the output's) and the post-op "
      # "`post_op`, `post_op_alpha`, `post_op_beta` as for the quantized convolutions.";
}

def VPU_SWAddOp : VPU_SWQuantizableEltwiseOp<"Add", IE_AddOp, "add">;
def VPU_SWSubtractOp : VPU_SWEltwiseOp<"Subtract", IE_SubtractOp, "subtract">;
def VPU_SWMultiplyOp : VPU_SWQuantizableEltwiseOp<"Multiply", IE_MultiplyOp, "multiply">;
def VPU_SWDivideOp : VPU_SWEltwiseOp<"Divide", IE_DivideOp, "divide">;
def VPU_SWPowerOp : VPU_SWEltwiseOp<"Power", IE_PowerOp, "power">;
def VPU_SWMaximumOp : VPU_SWEltwiseOp<"Maximum", IE_MaximumOp, "maximum">;
def VPU_SWMinimumOp : VPU_SWEltwiseOp<"Minimum", IE_MinimumOp, "minimum">;
def VPU_SWSquaredDifferenceOp : VPU_SWEltwiseOp<"SquaredDifference", IE_SquaredDifferenceOp,
                                                "squared_difference">;
def VPU_SWFloorModOp : VPU_SWEltwiseOp<"FloorMod", IE_FloorModOp, "floor_mod">;
def VPU_SWEqualOp : VPU_SWEltwiseOp<"Equal", IE_EqualOp, "equal">;
def VPU_SWLessOp : VPU_SWEltwiseOp<"Less", IE_LessOp, "less">;
def VPU_SWGreaterOp : VPU_SWEltwiseOp<"Greater", IE_GreaterOp, "greater">;
def VPU_SWLogicalAndOp : VPU_SWEltwiseOp<"LogicalAnd", IE_LogicalAndOp, "logical_and">;
def VPU_SWLogicalOrOp : VPU_SWEltwiseOp<"LogicalOr", IE_LogicalOrOp, "logical_or">;
def VPU_SWSelectOp : VPU_SWEltwiseOp<"Select", IE_SelectOp, "select">;

def VPU_SWBitShiftOp : VPU_SWOp<"BitShift", IE_BitShiftOp, "bitshift"> {
  let kernelParams = [{ params.addI64("direction", static_cast<int64_t>(getDirection())); }];
  let kernelDoc = "Kernel `bitshift`; parameters: `direction` (the IE enum: 0 left, 1 right); "
      # "the operands broadcast (NumPy rules) as their dims say.";
}

//===----------------------------------------------------------------------===//
// Activations, unary math, conversion
//===----------------------------------------------------------------------===//

def VPU_SWLogicalNotOp : VPU_SWSimpleOp<"LogicalNot", IE_LogicalNotOp, "logical_not">;
def VPU_SWReLUOp : VPU_SWSimpleOp<"ReLU", IE_ReLUOp, "relu">;
def VPU_SWSigmoidOp : VPU_SWSimpleOp<"Sigmoid", IE_SigmoidOp, "sigmoid">;
def VPU_SWTanhOp : VPU_SWSimpleOp<"Tanh", IE_TanhOp, "tanh">;
def VPU_SWErfOp : VPU_SWSimpleOp<"Erf", IE_ErfOp, "erf">;
def VPU_SWGeluOp : VPU_SWSimpleOp<"Gelu", IE_GeluOp, "gelu">;
def VPU_SWExpOp : VPU_SWSimpleOp<"Exp", IE_ExpOp, "exp">;
def VPU_SWLogOp : VPU_SWSimpleOp<"Log", IE_LogOp, "log">;
def VPU_SWSqrtOp : VPU_SWSimpleOp<"Sqrt", IE_SqrtOp, "sqrt">;
def VPU_SWAbsOp : VPU_SWSimpleOp<"Abs", IE_AbsOp, "abs">;
def VPU_SWFloorOp : VPU_SWSimpleOp<"Floor", IE_FloorOp, "floor">;
def VPU_SWCeilOp : VPU_SWSimpleOp<"Ceil", IE_CeilOp, "ceil">;
def VPU_SWHSwishOp : VPU_SWSimpleOp<"HSwish", IE_HSwishOp, "hswish">;
def VPU_SWHSigmoidOp : VPU_SWSimpleOp<"HSigmoid", IE_HSigmoidOp, "hsigmoid">;
def VPU_SWMishOp : VPU_SWSimpleOp<"Mish", IE_MishOp, "mish">;
def VPU_SWSoftPlusOp : VPU_SWSimpleOp<"SoftPlus", IE_SoftPlusOp, "softplus">;
def VPU_SWNegativeOp : VPU_SWSimpleOp<"Negative", IE_NegativeOp, "negative">;
def VPU_SWSinOp : VPU_SWSimpleOp<"Sin", IE_SinOp, "sin">;
def VPU_SWCosOp : VPU_SWSimpleOp<"Cos", IE_CosOp, "cos">;
def VPU_SWTanOp : VPU_SWSimpleOp<"Tan", IE_TanOp, "tan">;
def VPU_SWAsinOp : VPU_SWSimpleOp<"Asin", IE_AsinOp, "asin">;
def VPU_SWAcosOp : VPU_SWSimpleOp<"Acos", IE_AcosOp, "acos">;
def VPU_SWAtanOp : VPU_SWSimpleOp<"Atan", IE_AtanOp, "atan">;
def VPU_SWSinhOp : VPU_SWSimpleOp<"Sinh", IE_SinhOp, "sinh">;
def VPU_SWCoshOp : VPU_SWSimpleOp<"Cosh", IE_CoshOp, "cosh">;
def VPU_SWAsinhOp : VPU_SWSimpleOp<"Asinh", IE_AsinhOp, "asinh">;
def VPU_SWAcoshOp : VPU_SWSimpleOp<"Acosh", IE_AcoshOp, "acosh">;
def VPU_SWAtanhOp : VPU_SWSimpleOp<"Atanh", IE_AtanhOp, "atanh">;

def VPU_SWConvertOp : VPU_SWOp<"Convert", IE_ConvertOp, "convert"> {
  let kernelDoc = "Kernel `convert`, "
      # !strconcat(VPU_NoParams, "") # ": the target element type is the "
      # "output descriptor's.";
}

def VPU_SWClampOp : VPU_SWOp<"Clamp", IE_ClampOp, "clamp"> {
  let kernelParams = [{
    params.addF32("min", getMin().convertToDouble());
    params.addF32("max", getMax().convertToDouble());
  }];
  let kernelDoc = "Kernel `clamp`; parameters: `min`, `max` (f32).";
}

def VPU_SWEluOp : VPU_SWOp<"Elu", IE_EluOp, "elu"> {
  let kernelParams = [{ params.addF32("alpha", getAlpha().convertToDouble()); }];
  let kernelDoc = "Kernel `elu`; parameters: `alpha` (f32).";
}

def VPU_SWRoundOp : VPU_SWOp<"Round", IE_RoundOp, "round"> {
  let kernelParams = [{ params.addI64("mode", static_cast<int64_t>(getMode())); }];
  let kernelDoc = "Kernel `round`; parameters: `mode` (i64: 0 half_to_even, 1 "
      # "half_away_from_zero).";
}

def VPU_SWLeakyReluOp : VPU_SWOp<"LeakyRelu", IE_LeakyReluOp, "leaky_relu"> {
  let kernelParams = [{ params.addF32("negative_slope", getNegativeSlope().convertToDouble()); }];
  let kernelDoc = "Kernel `leaky_relu`; parameters: `negative_slope` (f32).";
}

def VPU_SWSwishOp : VPU_SWOp<"Swish", IE_SwishOp, "swish"> {
  let kernelName = [{ return getBeta() ? "swish_beta_tensor" : "swish"; }];
  let kernelParams = [{
    if (!getBeta()) {
      params.addF32("beta", getBetaValue() ? getBetaValue()->convertToDouble() : 1.0);
    }
  }];
  let kernelDoc = "Kernel `swish` (parameters: `beta`, f32: `beta_value` or 1), or "
      # "`swish_beta_tensor` when `beta` is an operand (" # !strconcat(VPU_NoParams, "") # ").";
}

def VPU_SWPReluOp : VPU_SWOp<"PRelu", IE_PReluOp, "prelu"> {
  let kernelParams = [{ ::mlir::vpuc::VPU::detail::addPReluParams(*this, params); }];
  let kernelDoc = "Kernel `prelu`; parameters: `per_channel` (flag: the slope is 1-D with one "
      # "value per channel, dim 1; otherwise it broadcasts by NumPy rules).";
}

//===----------------------------------------------------------------------===//
// Convolutions and matrix products
//===----------------------------------------------------------------------===//

defvar VPU_ConvDoc = "`stride_y`, `stride_x`, `pad_top`, `pad_left`, `pad_bottom`, "
    # "`pad_right`, `dilation_y`, `dilation_x` (i64)";

/// The extra parameters of a layer on quantized types (addQuantizedLayerParams).
defvar VPU_QuantizedParamsDoc = "the parameters `input_zero_point`, `output_zero_point`, "
    # "`storage_min`, `storage_max` (i64, the output's), `output_scale` (f32) and the "
    # "post-op `post_op` (i64: -1 none, 0 ReLU, 1 Clamp, 2 LeakyRelu), `post_op_alpha` "
    # "(Clamp's min, LeakyRelu's slope), `post_op_beta` (Clamp's max) (f32)";

/// The same for a convolution, whose per-channel scales are constant inputs.
defvar VPU_QuantizedLayerDoc = !strconcat(VPU_QuantizedParamsDoc, "; the per-channel "
    # "scales and filter zero points come from the types");

def VPU_SWConvolutionOp : VPU_SWOp<"Convolution", IE_ConvolutionOp, "convolution"> {
  let kernelName = [{
    if (::mlir::vpuc::VPU::detail::isQuantizedLayer(getOperation())) {
      return "quantized_convolution";
    }
    return getBias() ? "convolution_bias" : "convolution";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addConvolutionParams(params, getStrides(), getPadsBegin(),
                                                  getPadsEnd(), getDilations());
    ::mlir::vpuc::VPU::detail::addQuantizedLayerParams(getOperation(), params);
  }];
  let kernelDoc = "Kernel `convolution`, or `convolution_bias` with a bias; parameters: "
      # !strconcat(VPU_ConvDoc, "") # ". On quantized types: kernel `quantized_convolution` "
      # "with " # VPU_QuantizedLayerDoc # ".";
}

def VPU_SWGroupConvolutionOp : VPU_SWOp<"GroupConvolution", IE_GroupConvolutionOp,
                                        "group_convolution"> {
  let kernelName = [{
    if (::mlir::vpuc::VPU::detail::isQuantizedLayer(getOperation())) {
      return "quantized_group_convolution";
    }
    return getBias() ? "group_convolution_bias" : "group_convolution";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addConvolutionParams(params, getStrides(), getPadsBegin(),
                                                  getPadsEnd(), getDilations());
    params.addI64("groups", static_cast<int64_t>(getGroups()));
    ::mlir::vpuc::VPU::detail::addQuantizedLayerParams(getOperation(), params);
  }];
  let kernelDoc = "Kernel `group_convolution`, or `group_convolution_bias` with a bias; "
      # "parameters: " # !strconcat(VPU_ConvDoc, "") # ", `groups` (i64). On quantized "
      # "types: kernel `quantized_group_convolution` with " # VPU_QuantizedLayerDoc # ".";
}

def VPU_SWDeconvolutionOp : VPU_SWOp<"Deconvolution", IE_DeconvolutionOp, "deconvolution"> {
  let kernelName = [{ return getBias() ? "deconvolution_bias" : "deconvolution"; }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addConvolutionParams(params, getStrides(), getPadsBegin(),
                                                  getPadsEnd(), getDilations());
    params.addI64("output_padding_y", getOutputPadding()[0]);
    params.addI64("output_padding_x", getOutputPadding()[1]);
    params.addI64("groups", static_cast<int64_t>(getGroups()));
  }];
  let kernelDoc = "Kernel `deconvolution`, or `deconvolution_bias` with a bias; parameters: "
      # !strconcat(VPU_ConvDoc, "") # ", `output_padding_y`, `output_padding_x`, `groups` (i64).";
}

def VPU_SWFullyConnectedOp : VPU_SWOp<"FullyConnected", IE_FullyConnectedOp,
                                      "fully_connected"> {
  let kernelName = [{ return getBias() ? "fully_connected_bias" : "fully_connected"; }];
  let kernelDoc = "Kernel `fully_connected`, or `fully_connected_bias` with a bias; "
      # !strconcat(VPU_NoParams, "") # ".";
}

def VPU_SWMatMulOp : VPU_SWOp<"MatMul", IE_MatMulOp, "matmul"> {
  let kernelParams = [{
    params.addFlag("transpose_a", getTransposeA());
    params.addFlag("transpose_b", getTransposeB());
  }];
  let kernelDoc = "Kernel `matmul`; parameters: `transpose_a`, `transpose_b` (flags).";
}

//===----------------------------------------------------------------------===//
// Pooling, reductions, softmax
//===----------------------------------------------------------------------===//

defvar VPU_PoolDoc = "`kernel_y`, `kernel_x`, `stride_y`, `stride_x`, `pad_top`, `pad_left`, "
    # "`pad_bottom`, `pad_right` (i64)";

def VPU_SWMaxPoolOp : VPU_SWOp<"MaxPool", IE_MaxPoolOp, "max_pool"> {
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addPoolParams(params, getKernelSize(), getStrides(),
                                           getPadsBegin(), getPadsEnd());
  }];
  let kernelDoc = "Kernel `max_pool`; parameters: "
      # !strconcat(VPU_PoolDoc, "") # ". The output dims "
      # "already reflect the rounding type.";
}

def VPU_SWAvgPoolOp : VPU_SWOp<"AvgPool", IE_AvgPoolOp, "avg_pool"> {
  let kernelName = [{
    if (::mlir::vpuc::VPU::detail::isQuantizedLayer(getOperation())) {
      return "quantized_avg_pool";
    }
    return "avg_pool";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addPoolParams(params, getKernelSize(), getStrides(),
                                           getPadsBegin(), getPadsEnd());
    params.addFlag("exclude_pad", getExcludePad());
    ::mlir::vpuc::VPU::detail::addQuantizedPoolParams(getOperation(), params);
  }];
  let kernelDoc = "Kernel `avg_pool`; parameters: "
      # !strconcat(VPU_PoolDoc, "") # ", `exclude_pad` (flag). On quantized types: kernel "
      # "`quantized_avg_pool` with `input_scale` (f32) and " # VPU_QuantizedParamsDoc # ".";
}

def VPU_SWLpPoolOp : VPU_SWOp<"LpPool", IE_LpPoolOp, "lp_pool"> {
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addPoolParams(params, getKernelSize(), getStrides(),
                                           getPadsBegin(), getPadsEnd());
    params.addI64("p", getP());
  }];
  let kernelDoc = "Kernel `lp_pool`; parameters: "
      # !strconcat(VPU_PoolDoc, "") # ", `p` (i64). The output dims "
      # "already reflect the rounding type.";
}

/// A reduction: the reduced axes as a mask and keep_dims.
class VPU_SWReduceOp<string name, Op ieOp, string kernel> : VPU_SWOp<name, ieOp, kernel> {
  let kernelParams = [{
    params.addAxesMask("axes", getAxes(), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addFlag("keep_dims", getKeepDims());
  }];
  let kernelDoc = "Kernel `" # kernel # "`; parameters: `axes` (i64 mask of the reduced "
      # "input dims), `keep_dims` (flag).";
}

def VPU_SWReduceMeanOp : VPU_SWReduceOp<"ReduceMean", IE_ReduceMeanOp, "reduce_mean">;
def VPU_SWReduceSumOp : VPU_SWReduceOp<"ReduceSum", IE_ReduceSumOp, "reduce_sum">;
def VPU_SWReduceMaxOp : VPU_SWReduceOp<"ReduceMax", IE_ReduceMaxOp, "reduce_max">;
def VPU_SWReduceMinOp : VPU_SWReduceOp<"ReduceMin", IE_ReduceMinOp, "reduce_min">;
def VPU_SWReduceProdOp : VPU_SWReduceOp<"ReduceProd", IE_ReduceProdOp, "reduce_prod">;
def VPU_SWReduceL2Op : VPU_SWReduceOp<"ReduceL2", IE_ReduceL2Op, "reduce_l2">;

def VPU_SWSoftMaxOp : VPU_SWAxisOp<"SoftMax", IE_SoftMaxOp, "softmax">;
def VPU_SWLogSoftMaxOp : VPU_SWAxisOp<"LogSoftMax", IE_LogSoftMaxOp, "log_softmax">;

//===----------------------------------------------------------------------===//
// Normalisations
//===----------------------------------------------------------------------===//

def VPU_SWBatchNormInferenceOp : VPU_SWOp<"BatchNormInference", IE_BatchNormInferenceOp,
                                          "batch_norm"> {
  let kernelParams = [{ params.addF32("epsilon", getEpsilon().convertToDouble()); }];
  let kernelDoc = "Kernel `batch_norm`; parameters: `epsilon` (f32).";
}

def VPU_SWMVNOp : VPU_SWOp<"MVN", IE_MVNOp, "mvn"> {
  let kernelParams = [{
    params.addAxesMask("axes", getAxes(), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addFlag("normalize_variance", getNormalizeVariance());
    params.addF32("eps", getEps().convertToDouble());
    params.addI64("eps_mode", static_cast<int64_t>(getEpsMode()));
  }];
  let kernelDoc = "Kernel `mvn`; parameters: `axes` (i64 mask), `normalize_variance` (flag), "
      # "`eps` (f32), `eps_mode` (i64: 0 inside_sqrt, 1 outside_sqrt).";
}

def VPU_SWLayerNormalizationOp : VPU_SWOp<"LayerNormalization", IE_LayerNormalizationOp,
                                          "layer_norm"> {
  let kernelName = [{ return getBias() ? "layer_norm_bias" : "layer_norm"; }];
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addF32("epsilon", getEpsilon().convertToDouble());
  }];
  let kernelDoc = "Kernel `layer_norm`, or `layer_norm_bias` with a bias; parameters: `axis` "
      # "(i64, the first normalised dim), `epsilon` (f32).";
}

def VPU_SWScaleShiftOp : VPU_SWOp<"ScaleShift", IE_ScaleShiftOp, "scale_shift"> {
  let kernelName = [{
    if (getWeights() && getBiases()) {
      return "scale_shift";
    }
    return getWeights() ? "scale" : "shift";
  }];
  let kernelDoc = "Kernel `scale_shift` (weights and biases), `scale` (weights only) or "
      # "`shift` (biases only); " # !strconcat(VPU_NoParams, "") # ".";
}

def VPU_SWLRNOp : VPU_SWOp<"LRN", IE_LRNOp, "lrn"> {
  let kernelParams = [{
    params.addF32("alpha", getAlpha().convertToDouble());
    params.addF32("beta", getBeta().convertToDouble());
    params.addF32("bias", getBias().convertToDouble());
    params.addI64("size", static_cast<int64_t>(getSize()));
  }];
  let kernelDoc = "Kernel `lrn`; parameters: `alpha`, `beta`, `bias` (f32), `size` (i64).";
}

def VPU_SWNormalizeL2Op : VPU_SWOp<"NormalizeL2", IE_NormalizeL2Op, "normalize_l2"> {
  let kernelParams = [{
    params.addAxesMask("axes", getAxes(), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addF32("eps", getEps().convertToDouble());
    params.addI64("eps_mode", static_cast<int64_t>(getEpsMode()));
  }];
  let kernelDoc = "Kernel `normalize_l2`; parameters: `axes` (i64 mask), `eps` (f32), "
      # "`eps_mode` (i64: 0 add, 1 max).";
}

def VPU_SWGRNOp : VPU_SWOp<"GRN", IE_GRNOp, "grn"> {
  let kernelParams = [{ params.addF32("bias", getBias().convertToDouble()); }];
  let kernelDoc = "Kernel `grn`; parameters: `bias` (f32).";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def VPU_SWTransposeOp : VPU_SWOp<"Transpose", IE_TransposeOp, "transpose"> {
  let kernelParams = [{ params.addPermutationCode("perm", getPerm()); }];
  let kernelDoc = "Kernel `transpose`; parameters: `perm` (i64: 4-bit digits `perm[i] + 1`, "
      # "`perm[0]` the most significant, as a DimsOrder code).";
}

def VPU_SWReorderOp : VPU_SWOp<"Reorder", IE_ReorderOp, "reorder"> {
  let kernelDoc = "Kernel `reorder` (a memory permutation), "
      # !strconcat(VPU_NoParams, "") # ": both orders "
      # "are in the descriptors.";
}

def VPU_SWPadOp : VPU_SWOp<"Pad", IE_PadOp, "pad"> {
  let kernelParams = [{
    params.addI64("mode", static_cast<int64_t>(getMode()));
    params.addF32("pad_value", getPadValue().convertToDouble());
    params.addI64List("pads_begin", getPadsBegin());
    params.addI64List("pads_end", getPadsEnd());
  }];
  let kernelDoc = "Kernel `pad`; parameters: `mode` (i64: 0 constant, 1 edge, 2 reflect), "
      # "`pad_value` (f32), `pads_begin` and `pads_end` (per-dim lists).";
}

def VPU_SWTileOp : VPU_SWOp<"Tile", IE_TileOp, "tile"> {
  let kernelDoc = "Kernel `tile`, "
      # !strconcat(VPU_NoParams, "") # ": the repeats are the ratios of the "
      # "output and input dims.";
}

def VPU_SWPerAxisTileOp : VPU_SWOp<"PerAxisTile", IE_PerAxisTileOp, "tile"> {
  let kernelDoc = "Kernel `tile` (as `VPU.SW.Tile`), " # !strconcat(VPU_NoParams, "") # ".";
}

def VPU_SWBroadcastOp : VPU_SWOp<"Broadcast", IE_BroadcastOp, "broadcast"> {
  let kernelParams = [{ ::mlir::vpuc::VPU::detail::addBroadcastParams(*this, params); }];
  let kernelDoc = "Kernel `broadcast`; parameters: `axes_mapping` (per-dim list: the output "
      # "dim each input dim lands on, whatever the mode).";
}

def VPU_SWGatherOp : VPU_SWAxisOp<"Gather", IE_GatherOp, "gather">;
def VPU_SWGatherElementsOp : VPU_SWAxisOp<"GatherElements", IE_GatherElementsOp,
                                          "gather_elements">;
def VPU_SWGatherNDOp : VPU_SWOp<"GatherND", IE_GatherNDOp, "gather_nd"> {
  let kernelParams = [{ params.addI64("batch_dims", static_cast<int64_t>(getBatchDims())); }];
  let kernelDoc = "Kernel `gather_nd`; parameters: `batch_dims` (i64).";
}

def VPU_SWScatterNDUpdateOp : VPU_SWOp<"ScatterNDUpdate", IE_ScatterNDUpdateOp,
                                       "scatter_nd_update"> {
  let kernelParams = [{ params.addI64("reduction", static_cast<int64_t>(getReduction())); }];
  let kernelDoc = "Kernel `scatter_nd_update`; parameters: `reduction` (i64, the IE enum: "
      # "0 none, 1 add, 2 mul, 3 max, 4 min).";
}

def VPU_SWScatterElementsUpdateOp : VPU_SWOp<"ScatterElementsUpdate",
                                             IE_ScatterElementsUpdateOp, "scatter_elements"> {
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addI64("reduction", static_cast<int64_t>(getReduction()));
  }];
  let kernelDoc = "Kernel `scatter_elements`; parameters: `axis` (i64, in [0, rank)), "
      # "`reduction` (i64, the IE enum: 0 none, 1 add, 2 mul, 3 max, 4 min).";
}

def VPU_SWDetOp : VPU_SWSimpleOp<"Det", IE_DetOp, "det">;

def VPU_SWROIAlignOp : VPU_SWOp<"ROIAlign", IE_ROIAlignOp, "roi_align"> {
  let kernelParams = [{
    params.addI64("mode", static_cast<int64_t>(getMode()));
    params.addI64("sampling_ratio", static_cast<int64_t>(getSamplingRatio()));
    params.addF32("spatial_scale", getSpatialScale().convertToDouble());
    params.addFlag("half_pixel", getHalfPixel());
  }];
  let kernelDoc = "Kernel `roi_align`; parameters: `mode` (i64, the IE enum: 0 avg, 1 max), "
      # "`sampling_ratio` (i64), `spatial_scale` (f32), `half_pixel` (flag).";
}

def VPU_SWMaxROIPoolOp : VPU_SWOp<"MaxROIPool", IE_MaxROIPoolOp, "max_roi_pool"> {
  let kernelParams = [{
    params.addF32("spatial_scale", getSpatialScale().convertToDouble());
  }];
  let kernelDoc = "Kernel `max_roi_pool`; parameters: `spatial_scale` (f32).";
}

def VPU_SWTopKOp : VPU_SWOp<"TopK", IE_TopKOp, "topk"> {
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addI64("k", static_cast<int64_t>(getK()));
    params.addI64("mode", static_cast<int64_t>(getMode()));
    params.addI64("sort", static_cast<int64_t>(getSort()));
  }];
  let kernelDoc = "Kernel `topk`; parameters: `axis`, `k` (i64), `mode` (i64: 0 max, 1 min), "
      # "`sort` (i64: 0 value, 1 index, 2 none).";
}

def VPU_SWCumSumOp : VPU_SWOp<"CumSum", IE_CumSumOp, "cumsum"> {
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addFlag("exclusive", getExclusive());
    params.addFlag("reverse", getReverse());
  }];
  let kernelDoc = "Kernel `cumsum`; parameters: `axis` (i64), `exclusive`, `reverse` (flags).";
}

/// ArgMax / ArgMin: `axis` normalised, `keep_dims` and `select_last_index` as flags.
class VPU_SWArgExtremumOp<string name, Op ieOp, string kernel> : VPU_SWOp<name, ieOp, kernel> {
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
    params.addFlag("keep_dims", getKeepDims());
    params.addFlag("select_last_index", getSelectLastIndex());
  }];
  let kernelDoc = "Kernel `" # kernel # "`; parameters: `axis` (i64, in [0, rank)), `keep_dims`, "
      # "`select_last_index` (flags).";
}

def VPU_SWArgMaxOp : VPU_SWArgExtremumOp<"ArgMax", IE_ArgMaxOp, "argmax">;
def VPU_SWArgMinOp : VPU_SWArgExtremumOp<"ArgMin", IE_ArgMinOp, "argmin">;

def VPU_SWDepthToSpaceOp : VPU_SWOp<"DepthToSpace", IE_DepthToSpaceOp, "depth_to_space"> {
  let kernelParams = [{
    params.addI64("block_size", static_cast<int64_t>(getBlockSize()));
    params.addI64("mode", static_cast<int64_t>(getMode()));
  }];
  let kernelDoc = "Kernel `depth_to_space`; parameters: `block_size`, `mode` (i64: 0 dcr, "
      # "1 crd).";
}

def VPU_SWSpaceToDepthOp : VPU_SWOp<"SpaceToDepth", IE_SpaceToDepthOp, "space_to_depth"> {
  let kernelParams = [{
    params.addI64("block_size", static_cast<int64_t>(getBlockSize()));
    params.addI64("mode", static_cast<int64_t>(getMode()));
  }];
  let kernelDoc = "Kernel `space_to_depth`; parameters: `block_size`, `mode` (i64: 0 dcr, "
      # "1 crd).";
}

defvar VPU_StridedSliceDoc = "Kernel `strided_slice`; parameters: `begins` (per-dim list: "
    # "the input index of output element 0, after clamping), `strides` (per-dim list, "
    # "nonzero); output element `i` of dim `d` reads input index `begins_d + i * strides_d`.";

def VPU_SWSliceOp : VPU_SWOp<"Slice", IE_SliceOp, "strided_slice"> {
  let kernelParams = [{ ::mlir::vpuc::VPU::detail::addSliceParams(*this, params); }];
  let kernelDoc = "A slice with steps other than 1 (unit-step slices are `VPU.Slice` views). "
      # !strconcat(VPU_StridedSliceDoc, "");
}

def VPU_SWStridedSliceOp : VPU_SWOp<"StridedSlice", IE_StridedSliceOp, "strided_slice"> {
  let kernelParams = [{ ::mlir::vpuc::VPU::detail::addStridedSliceParams(*this, params); }];
  let kernelDoc = VPU_StridedSliceDoc;
}

def VPU_SWRangeOp : VPU_SWOp<"Range", IE_RangeOp, "range"> {
  let kernelParams = [{
    params.addF32("start", getStart().convertToDouble());
    params.addF32("delta", getDelta().convertToDouble());
  }];
  let kernelDoc = "Kernel `range`; parameters: `start`, `delta` (f32); the length is the "
      # "output's. The result is in DDR (the op has no input).";
}

//===----------------------------------------------------------------------===//
// Interpolate, quantisation
//===----------------------------------------------------------------------===//

def VPU_SWInterpolateOp : VPU_SWOp<"Interpolate", IE_InterpolateOp, "interpolate"> {
  let kernelParams = [{ ::mlir::vpuc::VPU::detail::addInterpolateParams(*this, params); }];
  let kernelDoc = "Kernel `interpolate`; parameters: `mode` (i64: 0 nearest, 1 linear, 2 "
      # "cubic), `coord_mode` (i64: 0 half_pixel, 1 pytorch_half_pixel, 2 align_corners, 3 "
      # "asymmetric, 4 tf_half_pixel_for_nn, 5 tf_crop_and_resize), `nearest_mode` (i64: 0 "
      # "round_prefer_floor, 1 round_prefer_ceil, 2 floor, 3 ceil, 4 simple), "
      # "`cubic_coeff_a` (f32), `exclude_outside` (flag), `extrapolation_value` (f32), "
      # "`scales` (per-dim f32 list: `scales`, or output / input dim with `sizes`), "
      # "`roi_start`, `roi_end` (per-dim f32 lists, 0 without `roi`).";
}

def VPU_SWQuantizeOp : VPU_SWOp<"Quantize", IE_QuantizeOp, "quantize"> {
  let kernelName = [{
    return ::mlir::vpuc::VPU::detail::isPerAxis(getOutput().getType()) ? "quantize_per_axis"
                                                                      : "quantize";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addQuantParams(getOutput().getType(), params);
  }];
  let kernelDoc = "Kernel `quantize` for a per-tensor type (parameters: `scale` (f32), "
      # "`zero_point`, `storage_min`, `storage_max` (i64)), `quantize_per_axis` for a "
      # "per-axis type (parameters: `axis`, `storage_min`, `storage_max` (i64); the scales "
      # "and zero points are tensors bufferisation makes from the element type).";
}

def VPU_SWDequantizeOp : VPU_SWOp<"Dequantize", IE_DequantizeOp, "dequantize"> {
  let kernelName = [{
    return ::mlir::vpuc::VPU::detail::isPerAxis(getInput().getType()) ? "dequantize_per_axis"
                                                                     : "dequantize";
  }];
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addQuantParams(getInput().getType(), params);
  }];
  let kernelDoc = "Kernel `dequantize` / `dequantize_per_axis`, with the parameters of "
      # "`VPU.SW.Quantize` taken from the input's element type.";
}

def VPU_SWFakeQuantizeOp : VPU_SWOp<"FakeQuantize", IE_FakeQuantizeOp, "fake_quantize"> {
  let kernelParams = [{ params.addI64("levels", static_cast<int64_t>(getLevels())); }];
  let kernelDoc = "Kernel `fake_quantize`; parameters: `levels` (i64); the limits are tensors "
      # "that broadcast as their dims say.";
}

//===----------------------------------------------------------------------===//
// Recurrent layers
//===----------------------------------------------------------------------===//

defvar VPU_ActDoc = "(i64 activation codes: 0 sigmoid, 1 tanh, 2 relu)";

def VPU_SWLSTMCellOp : VPU_SWOp<"LSTMCell", IE_LSTMCellOp, "lstm_cell"> {
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addRNNParams(params, static_cast<int64_t>(getHiddenSize()),
                                          getActivations(), {"act_f", "act_g", "act_h"},
                                          getClip());
  }];
  let kernelDoc = "Kernel `lstm_cell`; parameters: `hidden_size` (i64), `act_f`, `act_g`, "
      # "`act_h` " # !strconcat(VPU_ActDoc, "") # ", `clip` (f32, 0 for none).";
}

def VPU_SWLSTMSequenceOp : VPU_SWOp<"LSTMSequence", IE_LSTMSequenceOp, "lstm_sequence"> {
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addRNNParams(params, static_cast<int64_t>(getHiddenSize()),
                                          getActivations(), {"act_f", "act_g", "act_h"},
                                          getClip());
    params.addI64("direction", static_cast<int64_t>(getDirection()));
  }];
  let kernelDoc = "Kernel `lstm_sequence`; parameters: `hidden_size` (i64), `act_f`, "
      # "`act_g`, `act_h` " # !strconcat(VPU_ActDoc, "") # ", `clip` (f32, 0 for none), "
      # "`direction` (i64: 0 forward, 1 reverse, 2 bidirectional).";
}

def VPU_SWGRUSequenceOp : VPU_SWOp<"GRUSequence", IE_GRUSequenceOp, "gru_sequence"> {
  let kernelParams = [{
    ::mlir::vpuc::VPU::detail::addRNNParams(params, static_cast<int64_t>(getHiddenSize()),
                                          getActivations(), {"act_f", "act_g"}, getClip());
    params.addI64("direction", static_cast<int64_t>(getDirection()));
    params.addFlag("linear_before_reset", getLinearBeforeReset());
  }];
  let kernelDoc = "Kernel `gru_sequence`; parameters: `hidden_size` (i64), `act_f`, `act_g` "
      # !strconcat(VPU_ActDoc, "") # ", `clip` (f32, 0 for none), `direction` (i64), "
      # "`linear_before_reset` (flag).";
}

//===----------------------------------------------------------------------===//
// Detection helpers
//===----------------------------------------------------------------------===//

def VPU_SWCTCGreedyDecoderOp : VPU_SWOp<"CTCGreedyDecoder", IE_CTCGreedyDecoderOp,
                                        "ctc_greedy_decoder"> {
  let kernelParams = [{ params.addFlag("merge_repeated", getMergeRepeated()); }];
  let kernelDoc = "Kernel `ctc_greedy_decoder`; parameters: `merge_repeated` (flag).";
}

def VPU_SWRegionYoloOp : VPU_SWOp<"RegionYolo", IE_RegionYoloOp, "region_yolo"> {
  let kernelParams = [{
    params.addI64("coords", static_cast<int64_t>(getCoords()));
    params.addI64("classes", static_cast<int64_t>(getClasses()));
    params.addI64("regions", getDoSoftmax() ? static_cast<int64_t>(getNum())
                                            : static_cast<int64_t>(getMask().size()));
    params.addFlag("do_softmax", getDoSoftmax());
  }];
  let kernelDoc = "Kernel `region_yolo`; parameters: `coords`, `classes`, `regions` (i64: "
      # "`num` with `do_softmax`, else the number of `mask` entries), `do_softmax` (flag). "
      # "The flattening is the output descriptor's shape.";
}

def VPU_SWReorgYoloOp : VPU_SWOp<"ReorgYolo", IE_ReorgYoloOp, "reorg_yolo"> {
  let kernelParams = [{ params.addI64("stride", static_cast<int64_t>(getStride())); }];
  let kernelDoc = "Kernel `reorg_yolo`; parameters: `stride` (i64).";
}

#endif // VPUC_DIALECTS_VPU_IR_VPUOPSSW
