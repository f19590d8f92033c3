//===- VPUIPOpsNCE.td - NCE cluster tasks of VPUIP ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The DPU work of a cluster: VPUIP.NCEClusterTask (the invariant: operation,
// buffers, kernel, PPE) with its VPUIP.DPUTask variants, and their enums and
// the #VPUIP.ppe attribute. Included by VPUIPOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPOPSNCE
#define VPUC_DIALECTS_VPUIP_IR_VPUIPOPSNCE

include "dialects/common/ParameterFormats.td"
include "dialects/vpuip/ir/VPUIPAttributes.td"
include "dialects/vpuip/ir/VPUIPInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def VPUIP_NCETaskType : I32EnumAttr<"NCETaskType",
    "the operation of an NCE cluster task", [
      I32EnumAttrCase<"CONV", 0>,
      I32EnumAttrCase<"DWCONV", 1>,
      I32EnumAttrCase<"MAXPOOL", 2>,
      I32EnumAttrCase<"AVEPOOL", 3>,
      I32EnumAttrCase<"ELTWISE_ADD", 4>,
      I32EnumAttrCase<"ELTWISE_SUB", 5>,
      I32EnumAttrCase<"ELTWISE_MUL", 6>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
}

def VPUIP_MPEMode : I32EnumAttr<"MPEMode",
    "the spatial grid a DPU maps a variant's output onto", [
      I32EnumAttrCase<"VECTOR", 0>,
      I32EnumAttrCase<"MATRIX", 1>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
}

def VPUIP_PPEMode : I32EnumAttr<"PPEMode",
    "the post-processing of an NCE cluster task's results", [
      I32EnumAttrCase<"NONE", 0>,
      I32EnumAttrCase<"RELU", 1>,
      I32EnumAttrCase<"RELUX", 2>,
      I32EnumAttrCase<"LRELU", 3>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// PPE attribute
//===----------------------------------------------------------------------===//

def VPUIP_PPEAttr : VPUIP_Attr<"PPE", "ppe"> {
  let summary = "The post-processing (PPE) of an NCE cluster task";
  let description = [{
    What the PPE does to each result of the MAC array, in FP32, after the
    weights table's scale and bias (see `VPUIP.NCEClusterTask`) and before
    the rounding to the output type:

    * `NONE`: nothing;
    * `RELU`: `max(x, 0)`;
    * `RELUX`: `min(max(x, clamp_low), clamp_high)` (ReLUX is `clamp_low = 0`;
      any clamp with `clamp_low <= clamp_high`);
    * `LRELU`: `x < 0 ? alpha * x : x`.

    Exactly the parameters of the mode appear; they are finite FP32 values
    (stored as their bit patterns). `quant_mult`, `quant_shift`,
    `quant_post_shift` and `out_zero_point` are the INT8 requantisation of a
    later phase (per output channel or per tensor; absent, they are empty or
    0); tasks with an FP16 output carry none of them. The parameters follow
    the mode in any order, as `key = value`, and print in the order below.

    ```mlir
    #VPUIP.ppe<RELU>
    #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 6.0>
    #VPUIP.ppe<LRELU, alpha = 0.1>
    ```
  }];
  let parameters = (ins
    EnumParameter<VPUIP_PPEMode>:$mode,
    VPUC_F32BitsParameter:$clamp_low,
    VPUC_F32BitsParameter:$clamp_high,
    VPUC_F32BitsParameter:$alpha,
    VPUC_LiteralListParameter<"int32_t", "the multipliers, per channel or one">:$quant_mult,
    VPUC_LiteralListParameter<"int32_t", "the shifts, per channel or one">:$quant_shift,
    DefaultValuedParameter<"int32_t", "0">:$quant_post_shift,
    DefaultValuedParameter<"int32_t", "0">:$out_zero_point
  );
  let assemblyFormat = [{
    `<` $mode (`,` struct($clamp_low, $clamp_high, $alpha, $quant_mult,
                          $quant_shift, $quant_post_shift, $out_zero_point)^)? `>`
  }];
  let genVerifyDecl = 1;
  let builders = [
    // The FP32 parameters of `mode` (the clamp of RELUX, the alpha of LRELU);
    // the others are left out unless non-zero (and then rejected).
    AttrBuilder<(ins "::mlir::vpuc::VPUIP::PPEMode":$mode,
                     CArg<"float", "0.0f">:$clampLow,
                     CArg<"float", "0.0f">:$clampHigh,
                     CArg<"float", "0.0f">:$alpha), [{
      return $_get($_ctxt, mode,
                   bitsIfUsed(mode == PPEMode::RELUX, clampLow),
                   bitsIfUsed(mode == PPEMode::RELUX, clampHigh),
                   bitsIfUsed(mode == PPEMode::LRELU, alpha),
                   ::llvm::ArrayRef<int32_t>(), ::llvm::ArrayRef<int32_t>(), 0, 0);
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The lower clamp bound (RELUX), 0 when absent.
    float getClampLowValue() const { return ::llvm::bit_cast<float>(getClampLow().value_or(0)); }
    /// The upper clamp bound (RELUX), 0 when absent.
    float getClampHighValue() const { return ::llvm::bit_cast<float>(getClampHigh().value_or(0)); }
    /// The slope of negative values (LRELU), 0 when absent.
    float getAlphaValue() const { return ::llvm::bit_cast<float>(getAlpha().value_or(0)); }
    /// The bits of `value` when `used` or non-zero (so that a stray value
    /// still fails verification), else none.
    static std::optional<uint32_t> bitsIfUsed(bool used, float value) {
      auto bits = ::llvm::bit_cast<uint32_t>(value);
      return used || bits != 0 ? std::optional<uint32_t>(bits) : std::nullopt;
    }
    /// The largest multiplier and shift of the INT8 requantisation of an
    /// integer output (a pool's quant_mult / quant_shift, the weights table's
    /// word 2 `(mult << 8) | shift`): the blob contract's (schema 2.2).
    static constexpr int64_t kMaxQuantMult = (int64_t{1} << 24) - 1;
    static constexpr int64_t kMaxQuantShift = 63;
    /// The largest input multiplier of an INT8 ELTWISE_ADD / ELTWISE_SUB
    /// (schema 2.3): 15 bits.
    static constexpr int64_t kMaxEltwiseMult = (int64_t{1} << 15) - 1;
    /// True if the attribute carries INT8 requantisation fields.
    bool hasQuantization() const {
      return !getQuantMult().empty() || !getQuantShift().empty() ||
             getQuantPostShift() != 0 || getOutZeroPoint() != 0;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def VPUIP_NCEClusterTaskOp : VPUIP_Op<"NCEClusterTask", [
    AttrSizedOperandSegments,
    AllTypesMatch<["output_buff", "output"]>,
    NoTerminator,
    SingleBlock,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<VPUIP_TaskOpInterface,
        ["getExecutorKind", "getExecutorInstance", "getBarrierCount"]>,
    DestinationStyleOpInterface]> {
  let summary = "A convolution, pool or eltwise on the DPUs of one cluster";
  let description = [{
    The DPU work of one NCE cluster: the *invariant* (the operation
    `task_type`, its buffers, kernel, strides, padding and PPE) and, in the
    region, its *variants* (`VPUIP.DPUTask`): boxes of the output, each run on
    one DPU of the cluster. The cluster is the one whose CMX holds the
    buffers; the task is one entry of that cluster's DPU task list, counted
    once per variant on every barrier it waits on or updates. With target
    resources on the module, the task has at most `max_variants` variants
    (when that limit is set).

    **Buffers.** Every buffer is in the CMX of one cluster (`CMX_NN[c]`, the
    same `c` for all). Activations (`input`, `input2`, `output_buff`) are
    `1 x C x H x W` in `NHWC` order (they may be strided views).

    **Numeric modes.** The input's element type selects the mode:

    | mode | input | weights (`CONV`, `DWCONV`) | output |
    |---|---|---|---|
    | FP16 | `f16` (and `input2`) | `f16` | `f16` |
    | INT8 | `ui8` or `i8` | `ui8` or `i8` | `ui8` or `i8` (requantised), or `f16` for `CONV` / `DWCONV` (dequantised) |

    In INT8 mode eltwise tasks take a `ui8` or `i8` `input2` (independently of
    `input`) and have an integer output. In INT8 mode `input_zero_point` is in
    the input type's range, `weights_zero_point` in the weights' (0 for pools
    and eltwise tasks) and `input2_zero_point` in `input2`'s (0 but for
    eltwise tasks); `input_mult` and `input2_mult`, the integer multipliers of
    the two inputs of an INT8 `ELTWISE_ADD` / `ELTWISE_SUB`, are in
    [0, 32767] there and 0 elsewhere. In FP16 mode all of them are 0 (their
    default, not printed).

    | task_type | input | input2 | weights | weights_table | output |
    |---|---|---|---|---|---|
    | `CONV` | `1xICxHxW` | - | `OCxICxKYxKX`, `NHWC` | `OCx1x1x4xi32` | `1xOCxOHxOW` |
    | `DWCONV` | `1xCxHxW` | - | `Cx1xKYxKX`, `NHWC` | `Cx1x1x4xi32` | `1xCxOHxOW` |
    | `MAXPOOL`, `AVEPOOL` | `1xCxHxW` | - | - | - | `1xCxOHxOW` |
    | `ELTWISE_ADD/SUB/MUL` | `1xCxHxW` | as input | - | - | `1xCxHxW` |

    `OH = (H + pad_top + pad_bottom - KY) / SY + 1` (and likewise `OW`), with
    `kernel_size = [KY, KX]`, `kernel_strides = [SY, SX]` and
    `kernel_padding = [top, bottom, left, right]`; each padding is below the
    kernel size on its axis. Eltwise tasks have a 1x1 kernel, strides 1 and no
    padding. Weights are compact, one dense block of `KY * KX * IC` (`CONV`)
    or `KY * KX` (`DWCONV`) FP16 values per output channel in `(ky, kx, ic)`
    order.

    **Weights table** (`CONV`, `DWCONV`): per output channel `k`, 4 x int32
    (16 bytes, row `k` of the `OCx1x1x4xi32` buffer):

    | word | meaning |
    |---|---|
    | 0 | byte offset of channel `k`'s weights block, relative to the start of `weights` |
    | 1 | byte offset of its sparsity map; dense weights: `-1` (`0xFFFFFFFF`) |
    | 2 | f16 output: the bit pattern of the FP32 scale (`1.0` = `0x3F800000`); integer output: `(mult << 8) \| shift`, `mult` < 2^24, `shift` <= 63 |
    | 3 | f16 output: the bit pattern of the FP32 bias; integer output: the bias as an int32 |

    The DPU finds the weights through word 0 only (the block may be anywhere
    in `weights`); the table is data in CMX (written by a DMA like any
    other), so it is checked when the task runs, not by the verifier.

    **Arithmetic.** FP16 inputs and weights are multiplied and accumulated in
    FP32; padded positions contribute 0 (`MAXPOOL`: they are skipped). Then,
    in FP32: `CONV`/`DWCONV` `acc * scale + bias`; `AVEPOOL` `acc / (KY*KX)`
    (padding counts); eltwise `a + b`, `a - b`, `a * b`; then the PPE
    (`#VPUIP.ppe`, none when absent); then one rounding to FP16, to nearest
    even.

    In INT8 mode, in integers: `acc` is the sum of `(x - input_zero_point) *
    (w - weights_zero_point)` (`AVEPOOL`: of `x - input_zero_point`;
    `MAXPOOL`: their maximum; `ELTWISE_ADD` `input_mult * (a -
    input_zero_point) + input2_mult * (b - input2_zero_point)`, `ELTWISE_SUB`
    the difference of the two products, `ELTWISE_MUL` `(a - input_zero_point)
    * (b - input2_zero_point)`) in 32 bits; an integer output is
    `((acc + bias) * mult + 2^(shift - 1)) >> shift` (no rounding term for
    shift 0) with the row's `mult`, `shift` and `bias` (pools and eltwise
    tasks: the PPE's single `quant_mult` / `quant_shift`, no bias), then the
    PPE in output steps
    (`RELUX` clamps are integers), plus the PPE's `out_zero_point`, saturated to
    the output type; an f16 output is `f32(acc) * scale + bias` as in FP16
    mode. docs/blob_and_emulator.md has the exact contract.

    **Variants.** The region holds only `VPUIP.DPUTask` ops, at least one.
    Their output boxes lie inside the output, do not overlap and cover it
    exactly once; each one's padding is the task's padding on the sides where
    the box touches the border of the output, 0 elsewhere.

    ```mlir
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    %r = VPUIP.NCEClusterTask <CONV> {kernel_size = [3, 3], kernel_strides = [2, 2],
            kernel_padding = [1, 1, 1, 1], ppe = #VPUIP.ppe<RELU>}
        input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
        outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
      VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
    }
    ```
  }];
  let arguments = (ins
    VPUIP_NCETaskType:$task_type,
    DenseI64ArrayAttr:$kernel_size,
    DenseI64ArrayAttr:$kernel_strides,
    DenseI64ArrayAttr:$kernel_padding,
    OptionalAttr<VPUIP_PPEAttr>:$ppe,
    VPUIP_Buffer:$input,
    Optional<VPUIP_Buffer>:$input2,
    Optional<VPUIP_Buffer>:$weights,
    Optional<VPUIP_Buffer>:$weights_table,
    VPUIP_Buffer:$output_buff,
    DefaultValuedAttr<I64Attr, "0">:$input_zero_point,
    DefaultValuedAttr<I64Attr, "0">:$weights_zero_point,
    DefaultValuedAttr<I64Attr, "0">:$input2_zero_point,
    DefaultValuedAttr<I64Attr, "0">:$input_mult,
    DefaultValuedAttr<I64Attr, "0">:$input2_mult
  );
  let results = (outs VPUIP_Buffer:$output);
  let regions = (region SizedRegion<1>:$variants);
  let assemblyFormat = [{
    `<` $task_type `>` attr-dict
    `input` `(` $input `:` type($input) `)`
    (`input2` `(` $input2^ `:` type($input2) `)`)?
    (`weights` `(` $weights^ `:` type($weights) `)`)?
    (`weights_table` `(` $weights_table^ `:` type($weights_table) `)`)?
    `outputs` `(` $output_buff `:` type($output_buff) `)` `->` type($output)
    `variants` $variants
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// DestinationStyleOpInterface: the output buffer.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputBuffMutable();
    }
    /// The variants, in order.
    ::llvm::SmallVector<DPUTaskOp> getDpuTasks();
    /// The PPE mode (NONE without a `ppe` attribute).
    PPEMode getPPEMode();
    /// The cluster whose CMX holds the buffers (of a verified op).
    int64_t getCluster();

  private:
    /// The verifier's checks of the numeric mode (FP16 or INT8): element
    /// types, zero points and the PPE's requantisation fields.
    ::mlir::LogicalResult verifyNumericMode();

  public:
  }];
}

def VPUIP_DPUTaskOp : VPUIP_Op<"DPUTask", [HasParent<"NCEClusterTaskOp">]> {
  let summary = "A variant of an NCE cluster task: one output box on one DPU";
  let description = [{
    The part of the enclosing `VPUIP.NCEClusterTask`'s output from
    `outStart` to `outEnd` (both inclusive, as `[x, y, z]` = `[W, H, C]`
    coordinates of the output), computed by DPU `dpu` of the cluster in MPE
    mode `mpe` (`VECTOR`: a 16x1 spatial grid, `MATRIX`: 4x4; see
    docs/blob_and_emulator.md for what that costs). `pad` is
    `[top, bottom, left, right]`: the task's padding on the sides where the
    box touches the border of the output, 0 elsewhere (checked by the task).

    ```mlir
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 3, 15] pad [1, 0, 1, 1] dpu 0 mpe MATRIX
    ```
  }];
  let arguments = (ins
    DenseI64ArrayAttr:$outStart,
    DenseI64ArrayAttr:$outEnd,
    DenseI64ArrayAttr:$pad,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$dpu,
    VPUIP_MPEMode:$mpe
  );
  let assemblyFormat = [{
    `outStart` $outStart `outEnd` $outEnd `pad` $pad `dpu` $dpu `mpe` $mpe attr-dict
  }];
  let hasVerifier = 1;
}

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPOPSNCE
