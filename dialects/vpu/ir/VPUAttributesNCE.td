//===- VPUAttributesNCE.td - Attributes of the NCE ops -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `#VPU.PPE` (the post-processing of an NCE op's output: activation and, for
// the INT8 phase, requantisation) and `#VPU.eltwise_type` (what
// VPU.NCE.Eltwise computes). Included by VPUAttributes.td.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUATTRIBUTESNCE
#define VPUC_DIALECTS_VPU_IR_VPUATTRIBUTESNCE

include "dialects/common/ParameterFormats.td"
include "dialects/vpu/ir/VPUBase.td"

def VPU_PPEMode : I32EnumAttr<"PPEMode", "the activation of a PPE", [
      I32EnumAttrCase<"NONE", 0>,
      I32EnumAttrCase<"RELU", 1>,
      I32EnumAttrCase<"CLAMP", 2>,
      I32EnumAttrCase<"LEAKY_RELU", 3>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let genSpecializedAttr = 0;
}

def VPU_EltwiseType : I32EnumAttr<"EltwiseType", "the operation of VPU.NCE.Eltwise", [
      I32EnumAttrCase<"ADD", 0>,
      I32EnumAttrCase<"SUBTRACT", 1>,
      I32EnumAttrCase<"MULTIPLY", 2>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let genSpecializedAttr = 0;
}

def VPU_EltwiseTypeAttr : EnumAttr<VPU_Dialect, VPU_EltwiseType, "eltwise_type"> {
  let summary = "What VPU.NCE.Eltwise computes: ADD, SUBTRACT or MULTIPLY";
  let assemblyFormat = "`<` $value `>`";
}

def VPU_PPEAttr : VPU_Attr<"PPE", "PPE"> {
  let summary = "The post-processing (PPE) of an NCE op's output";
  let description = [{
    What the NCE's post-processing engine does to every output value `v` of the op
    (the FP32 accumulation plus the bias) before it is stored:

    | mode | result | parameters |
    | --- | --- | --- |
    | `NONE` | `v` | |
    | `RELU` | `max(v, 0)` | |
    | `CLAMP` | `min(max(v, clamp_low), clamp_high)` (ReLUX: ReLU6 is `clamp_low = 0.0, clamp_high = 6.0`; `IE.Clamp`) | `clamp_low <= clamp_high`, both required |
    | `LEAKY_RELU` | `v >= 0 ? v : slope * v` (`IE.LeakyRelu`) | `slope`, required |

    Parameters of another mode are not allowed, and every value is finite.

    The requantisation fields belong to the INT8 phase and are declared and checked
    now: `quant_scale` (the output scales, > 0: one for a per-tensor scale or one per
    output channel), `quant_mult` and `quant_shift` (the same scales as the hardware
    applies them, `scale = mult * 2^-shift`, `mult` in [1, 65535], `shift` in [0, 63];
    both or neither, one per scale) and `quant_zero_point` (the output zero point, in
    [-128, 255]). An op with these fields needs a quantized output, so FP16 ops never
    carry them.

    ```mlir
    #VPU.PPE<NONE>
    #VPU.PPE<RELU>
    #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>
    #VPU.PPE<LEAKY_RELU, slope = 0.1>
    #VPU.PPE<RELU, quant_scale = [0.5, 0.25], quant_mult = [16384, 16384], quant_shift = [15, 16], quant_zero_point = 0>
    ```
  }];
  let parameters = (ins
    EnumParameter<VPU_PPEMode>:$mode,
    VPUC_LiteralParameter<"::mlir::FloatAttr", "the lower bound (CLAMP), f64">:$clamp_low,
    VPUC_LiteralParameter<"::mlir::FloatAttr", "the upper bound (CLAMP), f64">:$clamp_high,
    VPUC_LiteralParameter<"::mlir::FloatAttr", "the slope of negative values (LEAKY_RELU), f64">:$slope,
    VPUC_LiteralParameter<"::mlir::DenseF64ArrayAttr", "the output scales">:$quant_scale,
    VPUC_LiteralParameter<"::mlir::DenseI64ArrayAttr", "the scales' multipliers">:$quant_mult,
    VPUC_LiteralParameter<"::mlir::DenseI64ArrayAttr", "the scales' shifts">:$quant_shift,
    VPUC_LiteralParameter<"std::optional<int64_t>", "the output zero point">:$quant_zero_point
  );
  // The parameters of the mode and the requantisation fields follow the mode
  // in any order, as `key = value`; they print in the order above.
  let assemblyFormat = [{
    `<` $mode (`,` struct($clamp_low, $clamp_high, $slope, $quant_scale,
                          $quant_mult, $quant_shift, $quant_zero_point)^)? `>`
  }];
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::mlir::vpuc::VPU::PPEMode":$mode), [{
      return $_get($_ctxt, mode, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                   std::nullopt);
    }]>,
  ];
  let extraClassDeclaration = [{
    /// `#VPU.PPE<NONE>`.
    static PPEAttr getNone(::mlir::MLIRContext *context);
    /// `#VPU.PPE<CLAMP, clamp_low = low, clamp_high = high>`.
    static PPEAttr getClamp(::mlir::MLIRContext *context, double low, double high);
    /// `#VPU.PPE<LEAKY_RELU, slope = slope>`.
    static PPEAttr getLeakyRelu(::mlir::MLIRContext *context, double slope);
    /// The PPE that computes the activation `postOp` (IE.ReLU, IE.Clamp,
    /// IE.LeakyRelu), or a null attribute for any other op.
    static PPEAttr getForActivation(::mlir::Operation *postOp);
    /// True if any requantisation field is set.
    bool hasRequantization() const;
    /// The activation applied to `value` (FP32, as the PPE computes it).
    float apply(float value) const;
  }];
}

#endif // VPUC_DIALECTS_VPU_IR_VPUATTRIBUTESNCE
