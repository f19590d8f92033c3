//===- SwKernels.h - The software-layer kernel library ABI ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernels of the software-layer library and, for each, the exact packed
// parameter struct a compiler writes and a kernel reads (SwKernelAbi.h has
// the address space and MemRefData). This header is the contract: the
// emulator registers a native kernel for every entry of VPUC_SW_KERNELS with
// the same name and signature (its tests check it), and the compiler emits
// `VPUIP.SW.Kernel` calls (VPUX37XX) or UPA layers (VPUX30XX) from it.
//
// Each kernel is a struct `<Name>Kernel` with
//   - `name`: the kernel name blobs use (ActKernel.name, UpaLayerTask.kernel);
//   - `Args`: the packed parameter struct: the tensor operands as MemRefData,
//     inputs first then outputs, then the scalars;
//   - `signature`: the ArgKind of every field of Args, in order (fixed-size
//     arrays such as `int32_t perm[kMaxRank]` are kMaxRank scalars).
// static_asserts check that Args is exactly the packed size of the signature
// and that every field sits at its signature offset.
//
// Conventions shared by every kernel
// ----------------------------------
// Dims. Kernels define their semantics on LOGICAL dims: a descriptor's
// memory-order dims mapped back through its DimsOrder (for 4-D activations
// that is N, C, H, W whatever the memory order). A kernel never requires a
// particular DimsOrder: it honours every operand's order and strides, so
// NHWC, NCHW, padded rows or a strided view of a larger buffer are all
// accepted. Outputs must not overlap themselves (no stride 0 on a dim > 1).
// A kernel is fastest on compact tensors.
//
// Element types. "float" means F32, F16 or BF16; each operand may have its
// own type (e.g. an F16 input with an F32 bias). Elements are loaded to FP32,
// the math is FP32 (accumulations too, in row-major order; the exceptions,
// in FP64, are noted: convert, dequantize, interpolate) and results are
// rounded on store: F16/BF16 to nearest even; integers are
// truncated toward zero and saturated, NaN -> 0; Bool stores x != 0. "int"
// means any integer type of 8 to 64 bits (values above 2^53 lose precision
// where they pass through FP64). "any" means any element type of at least
// 8 bits (data movement kernels copy bytes; input and output types equal).
// 4-bit types are not supported by any kernel.
//
// Optional operands. An optional tensor operand (e.g. a bias) is absent when
// its descriptor has zero elements (e.g. rank 1, dims [0]); its data address
// is then never read.
//
// Axes. Axis scalars index logical dims; where noted, negative values count
// from the end. Axis sets are bit masks (`axesMask`, bit d = logical dim d).
// Per-dim arrays have kMaxRank entries; entries at and beyond the rank must
// be 0.
//
// In place. Kernels whose output has their input's dims (copy, convert, the
// element-wise kernels, activation, prelu, scale_shift, softmax, log_softmax,
// cumsum, mvn, layer_norm, normalize_l2, batch_norm_inference) may write the
// output over their (first) input when both describe the very same elements;
// every other overlap of an output with an input is rejected.
//
// Errors. A kernel that rejects its arguments reports "<name>: <reason>";
// the emulator reports it as a `kernel-error` problem of the task.
//
// Not kernels: concat, split, slice, strided slice without negative steps,
// tile and broadcast are DMA or view work (DMA copies between any layouts,
// with stride-0 sources for broadcasting); reshape, squeeze and unsqueeze are
// views.
//
// VPUX30XX. A UPA layer names the same kernel; the runtime builds the same
// buffer, with the scalars taken in Args order from the layer's typed
// parameter table (blob.fbs, UpaParams; the table used by each kernel is
// named below).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_ABI_SWKERNELS_H_
#define VPUC_BACKEND_ABI_SWKERNELS_H_

#include <cstddef>
#include <cstdint>

#include "backend/abi/SwKernelAbi.h"

namespace mlir::vpuc::abi {

//===----------------------------------------------------------------------===//
// Operation codes
//===----------------------------------------------------------------------===//

/// The functions of the `activation` kernel (and the fused post-operations of
/// convolution, deconvolution and fully_connected). `alpha` and `beta` are
/// the kernel's two float scalars; unused ones must be 0.
enum class ActivationOp : int32_t {
  /// max(x, 0).
  Relu = 0,
  /// min(max(x, alpha), beta); alpha <= beta.
  Clamp = 1,
  /// 1 / (1 + e^-x).
  Sigmoid = 2,
  Tanh = 3,
  /// x > 0 ? x : alpha * (e^x - 1).
  Elu = 4,
  Erf = 5,
  /// 0.5 x (1 + erf(x / sqrt(2))).
  Gelu = 6,
  /// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).
  GeluTanh = 7,
  Exp = 8,
  Log = 9,
  Sqrt = 10,
  Abs = 11,
  Floor = 12,
  Ceil = 13,
  /// Round half to even.
  RoundHalfToEven = 14,
  /// Round half away from zero.
  RoundHalfAwayFromZero = 15,
  /// x * min(max(x + 3, 0), 6) / 6.
  HSwish = 16,
  /// min(max(x + 3, 0), 6) / 6.
  HSigmoid = 17,
  /// x / (1 + e^(-alpha x)) (alpha is the Swish beta; 1 for SiLU).
  Swish = 18,
  /// x * tanh(softplus(x)).
  Mish = 19,
  /// ln(1 + e^x).
  SoftPlus = 20,
  /// x >= 0 ? x : alpha * x.
  LeakyRelu = 21,
  /// -x.
  Negative = 22,
  /// x != 0 ? 0 : 1.
  LogicalNot = 23,
  /// -1, 0 or 1 (NaN stays NaN).
  Sign = 24,
  /// max(0, min(1, alpha * x + beta)) (ONNX HardSigmoid).
  HardSigmoid = 25,
  /// beta * (x > 0 ? x : alpha * (e^x - 1)) (alpha, beta = ONNX Selu alpha,
  /// gamma).
  Selu = 26,
  /// 1 / x.
  Reciprocal = 27,
};

/// The largest ActivationOp value.
inline constexpr int32_t kMaxActivationOp = 27;

/// `postOp` value of the kernels with a fused post-operation: none.
inline constexpr int32_t kNoPostOp = -1;

/// The reductions of the `reduce` kernel.
enum class ReduceOp : int32_t {
  Sum = 0,
  Mean = 1,
  /// NaN propagates.
  Max = 2,
  /// NaN propagates.
  Min = 3,
  /// sum |x|.
  L1 = 4,
  /// sqrt(sum x^2).
  L2 = 5,
  Prod = 6,
  /// ln(sum e^x), computed around the maximum.
  LogSumExp = 7,
};

/// The largest ReduceOp value.
inline constexpr int32_t kMaxReduceOp = 7;

/// Where `mvn` adds epsilon.
enum class MvnEpsMode : int32_t {
  /// (x - mean) / sqrt(var + eps).
  InsideSqrt = 0,
  /// (x - mean) / (sqrt(var) + eps).
  OutsideSqrt = 1,
};

/// How `normalize_l2` combines epsilon with the sum of squares.
enum class NormalizeEpsMode : int32_t {
  /// x / sqrt(sum + eps).
  Add = 0,
  /// x / sqrt(max(sum, eps)).
  Max = 1,
};

/// The output size rule of the pools.
enum class RoundingType : int32_t {
  /// out = floor((in + pads - kernel) / stride) + 1.
  Floor = 0,
  /// out = ceil((in + pads - kernel) / stride) + 1, minus one when the last
  /// window would start beyond the input and the begin padding.
  Ceil = 1,
};

/// `interpolate` modes (ONNX Resize mode).
enum class InterpolateMode : int32_t { Nearest = 0, Linear = 1, Cubic = 2 };

/// `interpolate` coordinate transformation modes.
enum class InterpolateCoordMode : int32_t {
  HalfPixel = 0,
  PytorchHalfPixel = 1,
  AlignCorners = 2,
  Asymmetric = 3,
  TfHalfPixelForNn = 4,
  TfCropAndResize = 5,
};

/// `interpolate` nearest rounding rules.
enum class InterpolateNearestMode : int32_t {
  RoundPreferFloor = 0,
  RoundPreferCeil = 1,
  Floor = 2,
  Ceil = 3,
  /// ceil when downscaling, truncation otherwise (OpenVINO `simple`).
  Simple = 4,
};

/// Whether `interpolate` was given output sizes or scales.
enum class InterpolateShapeCalcMode : int32_t {
  /// The output dims are the sizes: scale = out / in, resized length = out.
  Sizes = 0,
  /// `scales` are the scales: out must be floor(in * scale), resized length
  /// in * scale.
  Scales = 1,
};

/// `pad` modes.
enum class PadMode : int32_t {
  /// The pad value.
  Constant = 0,
  /// The nearest edge element.
  Edge = 1,
  /// Mirrored without repeating the edge (pads < dim).
  Reflect = 2,
  /// Mirrored repeating the edge (pads <= dim).
  Symmetric = 3,
};

/// `topk` selection.
enum class TopKMode : int32_t { Max = 0, Min = 1 };

/// `topk` output order.
enum class TopKSort : int32_t {
  /// By value (largest first for Max, smallest first for Min), ties by index.
  Value = 0,
  /// By ascending index.
  Index = 1,
};

/// `depth_to_space` / `space_to_depth` channel orders.
enum class DepthSpaceMode : int32_t {
  /// Channel c = (block offset) * C' + c' (ONNX DCR).
  BlocksFirst = 0,
  /// Channel c = c' * block^2 + (block offset) (ONNX CRD).
  DepthFirst = 1,
};

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

/// Shorthands for the signature arrays.
namespace sig {
inline constexpr ArgKind In = ArgKind::MemRefIn;
inline constexpr ArgKind Out = ArgKind::MemRefOut;
inline constexpr ArgKind I32 = ArgKind::I32;
inline constexpr ArgKind F32 = ArgKind::F32;
} // namespace sig

/// Checks that Kernel::Args is the packed struct of Kernel::signature.
#define VPUC_ABI_CHECK_SIZE(Kernel)                                            \
  static_assert(sizeof(Kernel::Args) ==                                        \
                    ::mlir::vpuc::abi::getPackedArgSize(Kernel::signature),    \
                #Kernel "::Args must be the packed struct of its signature")

/// Checks that field `field` of Kernel::Args is signature entry `index`.
#define VPUC_ABI_CHECK_FIELD(Kernel, field, index)                             \
  static_assert(offsetof(Kernel::Args, field) ==                               \
                    ::mlir::vpuc::abi::getArgOffset(Kernel::signature, index), \
                #Kernel "::Args::" #field " must be signature entry " #index)

//===----------------------------------------------------------------------===//
// Data movement and conversion
//===----------------------------------------------------------------------===//

/// Two tensors, nothing else.
struct __attribute__((packed)) UnaryArgs {
  MemRefData input;
  MemRefData output;
};

/// copy(input: any, output: any): same logical dims and type, any layouts.
/// Usually a DMA; the kernel exists for layouts a DMA cannot reach.
struct CopyKernel {
  static constexpr const char name[] = "copy";
  using Args = UnaryArgs;
  static constexpr ArgKind signature[] = {sig::In, sig::Out};
};

/// convert(input, output): same logical dims, any layouts, element type
/// changed between any two of float, int and Bool. Float -> int truncates
/// toward zero and saturates (NaN -> 0); int -> int saturates; -> Bool is
/// x != 0; float -> float rounds to nearest even.
struct ConvertKernel {
  static constexpr const char name[] = "convert";
  using Args = UnaryArgs;
  static constexpr ArgKind signature[] = {sig::In, sig::Out};
};

/// transpose(input: any, output: any, perm[kMaxRank]): output logical dim d
/// is input logical dim perm[d] (perm a permutation of 0..rank-1).
/// UPA: TransposeParams.
struct TransposeKernel {
  static constexpr const char name[] = "transpose";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t perm[kMaxRank];
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::Out, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32};
};

/// pad(input: any, output: any, mode, padValue: f32, padsBegin[kMaxRank],
/// padsEnd[kMaxRank]): output dim d = padsBegin[d] + input dim d +
/// padsEnd[d] (pads >= 0); PadMode says what the padding holds; padValue is
/// converted to the element type (Constant only, else 0).
/// UPA: PadParams.
struct PadKernel {
  static constexpr const char name[] = "pad";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t mode;
    float padValue;
    int32_t padsBegin[kMaxRank];
    int32_t padsEnd[kMaxRank];
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::Out, sig::I32, sig::F32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32};
};

/// gather(data: any, indices: int, output: any, axis, batchDims): output =
/// data[:axis] + indices[batchDims:] + data[axis + 1:] (dims), taking along
/// `axis` the element named by the index; negative indices count from the
/// end; an index out of [-dim, dim) is an error. 0 <= batchDims <= axis <
/// rank(data), batchDims <= rank(indices), and the first batchDims dims of
/// data and indices are equal. axis and batchDims may be negative (from the
/// end of data resp. indices).
/// UPA: GatherParams.
struct GatherKernel {
  static constexpr const char name[] = "gather";
  struct __attribute__((packed)) Args {
    MemRefData data;
    MemRefData indices;
    MemRefData output;
    int32_t axis;
    int32_t batchDims;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::Out, sig::I32,
                                          sig::I32};
};

/// depth_to_space(input: any [N, C * b^2, H, W], output: any [N, C, H * b,
/// W * b], blockSize b >= 1, mode).
/// UPA: DepthSpaceParams.
struct DepthToSpaceKernel {
  static constexpr const char name[] = "depth_to_space";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t blockSize;
    int32_t mode;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32,
                                          sig::I32};
};

/// space_to_depth(input: any [N, C, H * b, W * b], output: any [N, C * b^2,
/// H, W], blockSize b >= 1, mode): the inverse of depth_to_space.
/// UPA: DepthSpaceParams.
struct SpaceToDepthKernel {
  static constexpr const char name[] = "space_to_depth";
  using Args = DepthToSpaceKernel::Args;
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32,
                                          sig::I32};
};

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

/// The binary element-wise kernels, all `name(input1, input2, output)`:
/// NumPy broadcasting (ranks aligned from the innermost dim, dims of size 1
/// repeat; the output has the broadcast dims), float or int operands of any
/// mix (arithmetic in FP32, exact for integers up to 2^24).
struct __attribute__((packed)) BinaryArgs {
  MemRefData input1;
  MemRefData input2;
  MemRefData output;
};

#define VPUC_ABI_BINARY_KERNEL(Kernel, kernelName)                             \
  struct Kernel {                                                              \
    static constexpr const char name[] = kernelName;                           \
    using Args = BinaryArgs;                                                   \
    static constexpr ArgKind signature[] = {sig::In, sig::In, sig::Out};       \
  }

/// a + b.
VPUC_ABI_BINARY_KERNEL(AddKernel, "add");
/// a - b.
VPUC_ABI_BINARY_KERNEL(SubtractKernel, "subtract");
/// a * b.
VPUC_ABI_BINARY_KERNEL(MultiplyKernel, "multiply");
/// a / b; with an integer output trunc(a / b), and 0 where b == 0.
VPUC_ABI_BINARY_KERNEL(DivideKernel, "divide");
/// a^b.
VPUC_ABI_BINARY_KERNEL(PowerKernel, "power");
/// max(a, b); NaN propagates.
VPUC_ABI_BINARY_KERNEL(MaximumKernel, "maximum");
/// min(a, b); NaN propagates.
VPUC_ABI_BINARY_KERNEL(MinimumKernel, "minimum");
/// (a - b)^2.
VPUC_ABI_BINARY_KERNEL(SquaredDifferenceKernel, "squared_difference");
/// a - floor(a / b) * b (sign of b); with an integer output 0 where b == 0.
VPUC_ABI_BINARY_KERNEL(FloorModKernel, "floor_mod");
/// a == b as 1 / 0 (any output type, usually Bool or U8); likewise below.
VPUC_ABI_BINARY_KERNEL(EqualKernel, "equal");
VPUC_ABI_BINARY_KERNEL(NotEqualKernel, "not_equal");
VPUC_ABI_BINARY_KERNEL(LessKernel, "less");
VPUC_ABI_BINARY_KERNEL(LessEqualKernel, "less_equal");
VPUC_ABI_BINARY_KERNEL(GreaterKernel, "greater");
VPUC_ABI_BINARY_KERNEL(GreaterEqualKernel, "greater_equal");
/// a != 0 && b != 0 as 1 / 0; likewise or, xor.
VPUC_ABI_BINARY_KERNEL(LogicalAndKernel, "logical_and");
VPUC_ABI_BINARY_KERNEL(LogicalOrKernel, "logical_or");
VPUC_ABI_BINARY_KERNEL(LogicalXorKernel, "logical_xor");

#undef VPUC_ABI_BINARY_KERNEL

/// select(condition, input1, input2, output): condition != 0 ? input1 :
/// input2, the three inputs broadcast as for the binary kernels; condition
/// of any float, int or Bool type.
struct SelectKernel {
  static constexpr const char name[] = "select";
  struct __attribute__((packed)) Args {
    MemRefData condition;
    MemRefData input1;
    MemRefData input2;
    MemRefData output;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::In, sig::Out};
};

/// activation(input: float, output: float, op, alpha: f32, beta: f32): the
/// ActivationOp `op` element by element, same logical dims.
/// UPA: ActivationParams.
struct ActivationKernel {
  static constexpr const char name[] = "activation";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t op;
    float alpha;
    float beta;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32, sig::F32,
                                          sig::F32};
};

/// relu(input: float, output: float): activation Relu without scalars.
struct ReluKernel {
  static constexpr const char name[] = "relu";
  using Args = UnaryArgs;
  static constexpr ArgKind signature[] = {sig::In, sig::Out};
};

/// clamp(input: float, output: float, min: f32, max: f32): activation Clamp.
/// UPA: ClampParams.
struct ClampKernel {
  static constexpr const char name[] = "clamp";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    float min;
    float max;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::F32,
                                          sig::F32};
};

/// prelu(input: float, slope: float, output: float): x >= 0 ? x : slope * x
/// with the slope broadcast NumPy-style to the input (a per-channel slope of
/// a 4-D input is given as [1, C, 1, 1] or [C, 1, 1]).
struct PReluKernel {
  static constexpr const char name[] = "prelu";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData slope;
    MemRefData output;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::Out};
};

/// scale_shift(input: float, scale: float, shift: float (optional), output:
/// float): x * scale + shift, scale and shift broadcast NumPy-style to the
/// input.
struct ScaleShiftKernel {
  static constexpr const char name[] = "scale_shift";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData scale;
    MemRefData shift;
    MemRefData output;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::In, sig::Out};
};

/// quantize(input: float, scale: float, zeroPoint: int or float (optional),
/// output: int, axis, qmin, qmax): q = clamp(round_half_even(x / scale) + zp,
/// qmin, qmax) (NaN -> zp). scale and zeroPoint are rank-1 with 1 element
/// (per tensor) or dims[axis] elements (per axis; 0 <= axis < rank).
/// UPA: QuantizeParams.
struct QuantizeKernel {
  static constexpr const char name[] = "quantize";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData scale;
    MemRefData zeroPoint;
    MemRefData output;
    int32_t axis;
    int32_t qmin;
    int32_t qmax;
  };
  static constexpr ArgKind signature[] = {sig::In,  sig::In,  sig::In, sig::Out,
                                          sig::I32, sig::I32, sig::I32};
};

/// dequantize(input: int, scale: float, zeroPoint: int or float (optional),
/// output: float, axis): (q - zp) * scale in FP64, per tensor or per axis as
/// for quantize.
/// UPA: QuantizeParams (axis only).
struct DequantizeKernel {
  static constexpr const char name[] = "dequantize";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData scale;
    MemRefData zeroPoint;
    MemRefData output;
    int32_t axis;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::In, sig::Out,
                                          sig::I32};
};

//===----------------------------------------------------------------------===//
// Along one axis
//===----------------------------------------------------------------------===//

/// softmax(input: float, output: float, axis): e^(x - max) / sum along
/// logical dim `axis` (negative from the end). In place allowed.
/// UPA: SoftmaxParams.
struct SoftmaxKernel {
  static constexpr const char name[] = "softmax";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t axis;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32};
};

/// log_softmax(input: float, output: float, axis): (x - max) - ln(sum
/// e^(x - max)). In place allowed.
/// UPA: SoftmaxParams.
struct LogSoftmaxKernel {
  static constexpr const char name[] = "log_softmax";
  using Args = SoftmaxKernel::Args;
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32};
};

/// cumsum(input: float or int, output: same dims, axis, exclusive, reverse):
/// running sums along `axis` (negative from the end); `exclusive` (0/1)
/// leaves out the element itself, `reverse` (0/1) sums from the end.
/// UPA: CumSumParams.
struct CumSumKernel {
  static constexpr const char name[] = "cumsum";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t axis;
    int32_t exclusive;
    int32_t reverse;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32, sig::I32,
                                          sig::I32};
};

/// topk(input: float or int, values: float or int, indices: int or float,
/// axis, k, mode, sort): the k largest (TopKMode::Max) or smallest values
/// along `axis` (negative from the end) and their indices; values and indices
/// have the input dims with dim `axis` = k (1 <= k <= dim). NaN counts as
/// the largest value; ties keep the lower index first.
/// UPA: TopKParams.
struct TopKKernel {
  static constexpr const char name[] = "topk";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData values;
    MemRefData indices;
    int32_t axis;
    int32_t k;
    int32_t mode;
    int32_t sort;
  };
  static constexpr ArgKind signature[] = {
      sig::In, sig::Out, sig::Out, sig::I32, sig::I32, sig::I32, sig::I32};
};

//===----------------------------------------------------------------------===//
// Reductions and normalisations
//===----------------------------------------------------------------------===//

/// reduce(input: float, output: float, op, axesMask, keepDims): the ReduceOp
/// over the logical dims in axesMask; the output has
/// the input dims with the reduced dims set to 1 (keepDims = 1) or removed
/// (keepDims = 0). An empty mask copies.
/// UPA: ReduceParams.
struct ReduceKernel {
  static constexpr const char name[] = "reduce";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t op;
    int32_t axesMask;
    int32_t keepDims;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32, sig::I32,
                                          sig::I32};
};

/// mvn(input: float, output: float, axesMask, normalizeVariance, epsMode,
/// eps: f32): x - mean over the dims in axesMask, divided by the standard
/// deviation (MvnEpsMode) when normalizeVariance is 1 (mean first, then the
/// variance around it).
/// UPA: MvnParams.
struct MvnKernel {
  static constexpr const char name[] = "mvn";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t axesMask;
    int32_t normalizeVariance;
    int32_t epsMode;
    float eps;
  };
  static constexpr ArgKind signature[] = {sig::In,  sig::Out, sig::I32,
                                          sig::I32, sig::I32, sig::F32};
};

/// layer_norm(input: float, scale: float (optional), bias: float
/// (optional), output: float, axis, eps: f32): normalises over the dims from
/// `axis` (negative from the end) to the last: (x - mean) / sqrt(var + eps)
/// * scale + bias, scale and bias broadcast NumPy-style to those dims
/// (leading dims of size 1 beyond their rank are allowed).
/// UPA: LayerNormParams.
struct LayerNormKernel {
  static constexpr const char name[] = "layer_norm";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData scale;
    MemRefData bias;
    MemRefData output;
    int32_t axis;
    float eps;
  };
  static constexpr ArgKind signature[] = {sig::In,  sig::In,  sig::In,
                                          sig::Out, sig::I32, sig::F32};
};

/// normalize_l2(input: float, output: float, axesMask, epsMode, eps: f32):
/// x / sqrt(sum of x^2 over the dims in axesMask, combined with eps by
/// NormalizeEpsMode).
/// UPA: NormalizeL2Params.
struct NormalizeL2Kernel {
  static constexpr const char name[] = "normalize_l2";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t axesMask;
    int32_t epsMode;
    float eps;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::Out, sig::I32, sig::I32,
                                          sig::F32};
};

/// batch_norm_inference(input: float [N, C, ...], gamma, beta, mean,
/// variance: float [C], output: float, eps: f32): x * s + (beta - mean * s)
/// with s = gamma / sqrt(variance + eps), per channel (logical dim 1).
/// UPA: BatchNormParams.
struct BatchNormKernel {
  static constexpr const char name[] = "batch_norm_inference";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData gamma;
    MemRefData beta;
    MemRefData mean;
    MemRefData variance;
    MemRefData output;
    float eps;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In,  sig::In, sig::In,
                                          sig::In, sig::Out, sig::F32};
};

//===----------------------------------------------------------------------===//
// Convolutions, matrix products, pooling, resizing
//===----------------------------------------------------------------------===//

/// convolution(input: float [N, C, H, W], filter: float [OC, C / groups, KH,
/// KW], bias: float [OC] (optional), output: float [N, OC, OH, OW], strides,
/// pads, dilations, groups, postOp, postOpAlpha, postOpBeta): grouped 2-D
/// convolution (depthwise: groups = C = OC); positions in the padding read
/// 0; OH = (H + padTop + padBottom - dilationH * (KH - 1) - 1) / strideH + 1
/// (floor), likewise OW. postOp is kNoPostOp or an ActivationOp applied to
/// the result with postOpAlpha / postOpBeta (e.g. Relu, Clamp, LeakyRelu).
/// 1-D and 3-D convolutions are not supported (reshape 1-D to H = 1).
/// UPA: ConvolutionParams.
struct ConvolutionKernel {
  static constexpr const char name[] = "convolution";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData filter;
    MemRefData bias;
    MemRefData output;
    int32_t strideH;
    int32_t strideW;
    int32_t padTop;
    int32_t padLeft;
    int32_t padBottom;
    int32_t padRight;
    int32_t dilationH;
    int32_t dilationW;
    int32_t groups;
    int32_t postOp;
    float postOpAlpha;
    float postOpBeta;
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::In,  sig::In,  sig::Out, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::F32, sig::F32};
};

/// deconvolution(input: float [N, C, H, W], filter: float [C, OC / groups,
/// KH, KW], bias: float [OC] (optional), output: float [N, OC, OH, OW],
/// strides, pads, dilations, output paddings, groups, postOp, postOpAlpha,
/// postOpBeta): the transposed convolution; OH = (H - 1) * strideH - padTop
/// - padBottom + dilationH * (KH - 1) + 1 + outputPaddingH, likewise OW.
/// UPA: DeconvolutionParams.
struct DeconvolutionKernel {
  static constexpr const char name[] = "deconvolution";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData filter;
    MemRefData bias;
    MemRefData output;
    int32_t strideH;
    int32_t strideW;
    int32_t padTop;
    int32_t padLeft;
    int32_t padBottom;
    int32_t padRight;
    int32_t dilationH;
    int32_t dilationW;
    int32_t outputPaddingH;
    int32_t outputPaddingW;
    int32_t groups;
    int32_t postOp;
    float postOpAlpha;
    float postOpBeta;
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::In,  sig::In,  sig::Out, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::F32, sig::F32};
};

/// matmul(a: float [..., M, K], b: float [..., K, N], output: float [..., M,
/// N], transposeA, transposeB): batched matrix product; with transposeA (0/1)
/// a is given as [..., K, M], with transposeB b as [..., N, K]. Ranks >= 2
/// (reshape vectors to matrices); the batch dims broadcast NumPy-style.
/// UPA: MatMulParams.
struct MatMulKernel {
  static constexpr const char name[] = "matmul";
  struct __attribute__((packed)) Args {
    MemRefData a;
    MemRefData b;
    MemRefData output;
    int32_t transposeA;
    int32_t transposeB;
  };
  static constexpr ArgKind signature[] = {sig::In, sig::In, sig::Out, sig::I32,
                                          sig::I32};
};

/// fully_connected(input: float [M, K], weights: float [N, K], bias: float
/// [N] (optional), output: float [M, N], postOp, postOpAlpha, postOpBeta):
/// input * weights^T + bias, then the post-operation.
/// UPA: FullyConnectedParams.
struct FullyConnectedKernel {
  static constexpr const char name[] = "fully_connected";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData weights;
    MemRefData bias;
    MemRefData output;
    int32_t postOp;
    float postOpAlpha;
    float postOpBeta;
  };
  static constexpr ArgKind signature[] = {sig::In,  sig::In,  sig::In, sig::Out,
                                          sig::I32, sig::F32, sig::F32};
};

/// max_pool(input: float [N, C, H, W], output: float [N, C, OH, OW], kernel,
/// strides, pads, roundingType): the maximum of each window over the input
/// values it covers (padding is ignored; NaN propagates). OH follows
/// RoundingType; every window must overlap the input.
/// UPA: PoolingParams.
struct MaxPoolKernel {
  static constexpr const char name[] = "max_pool";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t kernelH;
    int32_t kernelW;
    int32_t strideH;
    int32_t strideW;
    int32_t padTop;
    int32_t padLeft;
    int32_t padBottom;
    int32_t padRight;
    int32_t roundingType;
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::Out, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32};
};

/// avg_pool(input, output, kernel, strides, pads, roundingType, excludePad):
/// as max_pool with the mean of each window: the sum of the input values it
/// covers divided by their number (excludePad = 1) or by the window's extent
/// clipped to the padded input (excludePad = 0: padding cells count, the
/// cells a ceil-mode window reaches beyond the padding do not).
/// UPA: PoolingParams.
struct AvgPoolKernel {
  static constexpr const char name[] = "avg_pool";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t kernelH;
    int32_t kernelW;
    int32_t strideH;
    int32_t strideW;
    int32_t padTop;
    int32_t padLeft;
    int32_t padBottom;
    int32_t padRight;
    int32_t roundingType;
    int32_t excludePad;
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::Out, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::I32, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32};
};

/// interpolate(input: float, output: float, mode, coordMode, nearestMode,
/// shapeCalcMode, excludeOutside, cubicCoeffA: f32, extrapolationValue: f32,
/// scales[kMaxRank]: f32, roiStart[kMaxRank]: f32, roiEnd[kMaxRank]: f32):
/// ONNX Resize of any rank, the same computation as the IE interpreter
/// (kernels/reference/Interpolate.h, FP64 inside). With Scales, scales[d]
/// gives the coordinate scale of dim d and the output dim must be
/// floor(in * scale); with Sizes, scales must be 0. roiStart / roiEnd are
/// the normalised crop region of TfCropAndResize (else 0).
/// UPA: InterpolateParams.
struct InterpolateKernel {
  static constexpr const char name[] = "interpolate";
  struct __attribute__((packed)) Args {
    MemRefData input;
    MemRefData output;
    int32_t mode;
    int32_t coordMode;
    int32_t nearestMode;
    int32_t shapeCalcMode;
    int32_t excludeOutside;
    float cubicCoeffA;
    float extrapolationValue;
    float scales[kMaxRank];
    float roiStart[kMaxRank];
    float roiEnd[kMaxRank];
  };
  static constexpr ArgKind signature[] = {
      sig::In,  sig::Out, sig::I32, sig::I32, sig::I32, sig::I32, sig::I32,
      sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32,
      sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32,
      sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32, sig::F32,
      sig::F32, sig::F32, sig::F32, sig::F32, sig::F32};
};

//===----------------------------------------------------------------------===//
// The library
//===----------------------------------------------------------------------===//

/// Every kernel of the library: X(Kernel) for each.
#define VPUC_SW_KERNELS(X)                                                     \
  X(CopyKernel)                                                                \
  X(ConvertKernel)                                                             \
  X(TransposeKernel)                                                           \
  X(PadKernel)                                                                 \
  X(GatherKernel)                                                              \
  X(DepthToSpaceKernel)                                                        \
  X(SpaceToDepthKernel)                                                        \
  X(AddKernel)                                                                 \
  X(SubtractKernel)                                                            \
  X(MultiplyKernel)                                                            \
  X(DivideKernel)                                                              \
  X(PowerKernel)                                                               \
  X(MaximumKernel)                                                             \
  X(MinimumKernel)                                                             \
  X(SquaredDifferenceKernel)                                                   \
  X(FloorModKernel)                                                            \
  X(EqualKernel)                                                               \
  X(NotEqualKernel)                                                            \
  X(LessKernel)                                                                \
  X(LessEqualKernel)                                                           \
  X(GreaterKernel)                                                             \
  X(GreaterEqualKernel)                                                        \
  X(LogicalAndKernel)                                                          \
  X(LogicalOrKernel)                                                           \
  X(LogicalXorKernel)                                                          \
  X(SelectKernel)                                                              \
  X(ActivationKernel)                                                          \
  X(ReluKernel)                                                                \
  X(ClampKernel)                                                               \
  X(PReluKernel)                                                               \
  X(ScaleShiftKernel)                                                          \
  X(QuantizeKernel)                                                            \
  X(DequantizeKernel)                                                          \
  X(SoftmaxKernel)                                                             \
  X(LogSoftmaxKernel)                                                          \
  X(CumSumKernel)                                                              \
  X(TopKKernel)                                                                \
  X(ReduceKernel)                                                              \
  X(MvnKernel)                                                                 \
  X(LayerNormKernel)                                                           \
  X(NormalizeL2Kernel)                                                         \
  X(BatchNormKernel)                                                           \
  X(ConvolutionKernel)                                                         \
  X(DeconvolutionKernel)                                                       \
  X(MatMulKernel)                                                              \
  X(FullyConnectedKernel)                                                      \
  X(MaxPoolKernel)                                                             \
  X(AvgPoolKernel)                                                             \
  X(InterpolateKernel)

/// A kernel of the library as data: its name and signature.
struct KernelDecl {
  const char *name;
  const ArgKind *signature;
  uint32_t numArgs;
};

#define VPUC_ABI_KERNEL_DECL(Kernel)                                           \
  KernelDecl{                                                                  \
      Kernel::name, Kernel::signature,                                         \
      static_cast<uint32_t>(sizeof(Kernel::signature) / sizeof(ArgKind))},

/// Every kernel of the library, in VPUC_SW_KERNELS order.
inline constexpr KernelDecl kSwKernels[] = {
    VPUC_SW_KERNELS(VPUC_ABI_KERNEL_DECL)};

#undef VPUC_ABI_KERNEL_DECL

//===----------------------------------------------------------------------===//
// Layout checks
//===----------------------------------------------------------------------===//

#define VPUC_ABI_CHECK_SIZES(Kernel) VPUC_ABI_CHECK_SIZE(Kernel);
VPUC_SW_KERNELS(VPUC_ABI_CHECK_SIZES)
#undef VPUC_ABI_CHECK_SIZES

VPUC_ABI_CHECK_FIELD(CopyKernel, output, 1);
VPUC_ABI_CHECK_FIELD(TransposeKernel, perm, 2);
VPUC_ABI_CHECK_FIELD(PadKernel, mode, 2);
VPUC_ABI_CHECK_FIELD(PadKernel, padValue, 3);
VPUC_ABI_CHECK_FIELD(PadKernel, padsBegin, 4);
VPUC_ABI_CHECK_FIELD(PadKernel, padsEnd, 12);
VPUC_ABI_CHECK_FIELD(GatherKernel, output, 2);
VPUC_ABI_CHECK_FIELD(GatherKernel, axis, 3);
VPUC_ABI_CHECK_FIELD(GatherKernel, batchDims, 4);
VPUC_ABI_CHECK_FIELD(DepthToSpaceKernel, blockSize, 2);
VPUC_ABI_CHECK_FIELD(DepthToSpaceKernel, mode, 3);
VPUC_ABI_CHECK_FIELD(AddKernel, output, 2);
VPUC_ABI_CHECK_FIELD(SelectKernel, output, 3);
VPUC_ABI_CHECK_FIELD(ActivationKernel, op, 2);
VPUC_ABI_CHECK_FIELD(ActivationKernel, alpha, 3);
VPUC_ABI_CHECK_FIELD(ActivationKernel, beta, 4);
VPUC_ABI_CHECK_FIELD(ClampKernel, min, 2);
VPUC_ABI_CHECK_FIELD(ClampKernel, max, 3);
VPUC_ABI_CHECK_FIELD(PReluKernel, output, 2);
VPUC_ABI_CHECK_FIELD(ScaleShiftKernel, output, 3);
VPUC_ABI_CHECK_FIELD(QuantizeKernel, axis, 4);
VPUC_ABI_CHECK_FIELD(QuantizeKernel, qmin, 5);
VPUC_ABI_CHECK_FIELD(QuantizeKernel, qmax, 6);
VPUC_ABI_CHECK_FIELD(DequantizeKernel, axis, 4);
VPUC_ABI_CHECK_FIELD(SoftmaxKernel, axis, 2);
VPUC_ABI_CHECK_FIELD(CumSumKernel, axis, 2);
VPUC_ABI_CHECK_FIELD(CumSumKernel, exclusive, 3);
VPUC_ABI_CHECK_FIELD(CumSumKernel, reverse, 4);
VPUC_ABI_CHECK_FIELD(TopKKernel, indices, 2);
VPUC_ABI_CHECK_FIELD(TopKKernel, axis, 3);
VPUC_ABI_CHECK_FIELD(TopKKernel, k, 4);
VPUC_ABI_CHECK_FIELD(TopKKernel, mode, 5);
VPUC_ABI_CHECK_FIELD(TopKKernel, sort, 6);
VPUC_ABI_CHECK_FIELD(ReduceKernel, op, 2);
VPUC_ABI_CHECK_FIELD(ReduceKernel, axesMask, 3);
VPUC_ABI_CHECK_FIELD(ReduceKernel, keepDims, 4);
VPUC_ABI_CHECK_FIELD(MvnKernel, axesMask, 2);
VPUC_ABI_CHECK_FIELD(MvnKernel, normalizeVariance, 3);
VPUC_ABI_CHECK_FIELD(MvnKernel, epsMode, 4);
VPUC_ABI_CHECK_FIELD(MvnKernel, eps, 5);
VPUC_ABI_CHECK_FIELD(LayerNormKernel, output, 3);
VPUC_ABI_CHECK_FIELD(LayerNormKernel, axis, 4);
VPUC_ABI_CHECK_FIELD(LayerNormKernel, eps, 5);
VPUC_ABI_CHECK_FIELD(NormalizeL2Kernel, axesMask, 2);
VPUC_ABI_CHECK_FIELD(NormalizeL2Kernel, epsMode, 3);
VPUC_ABI_CHECK_FIELD(NormalizeL2Kernel, eps, 4);
VPUC_ABI_CHECK_FIELD(BatchNormKernel, output, 5);
VPUC_ABI_CHECK_FIELD(BatchNormKernel, eps, 6);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, output, 3);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, strideH, 4);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, strideW, 5);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, padTop, 6);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, padLeft, 7);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, padBottom, 8);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, padRight, 9);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, dilationH, 10);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, dilationW, 11);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, groups, 12);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, postOp, 13);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, postOpAlpha, 14);
VPUC_ABI_CHECK_FIELD(ConvolutionKernel, postOpBeta, 15);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, strideH, 4);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, padTop, 6);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, dilationH, 10);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, outputPaddingH, 12);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, outputPaddingW, 13);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, groups, 14);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, postOp, 15);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, postOpAlpha, 16);
VPUC_ABI_CHECK_FIELD(DeconvolutionKernel, postOpBeta, 17);
VPUC_ABI_CHECK_FIELD(MatMulKernel, transposeA, 3);
VPUC_ABI_CHECK_FIELD(MatMulKernel, transposeB, 4);
VPUC_ABI_CHECK_FIELD(FullyConnectedKernel, postOp, 4);
VPUC_ABI_CHECK_FIELD(FullyConnectedKernel, postOpAlpha, 5);
VPUC_ABI_CHECK_FIELD(FullyConnectedKernel, postOpBeta, 6);
VPUC_ABI_CHECK_FIELD(MaxPoolKernel, kernelH, 2);
VPUC_ABI_CHECK_FIELD(MaxPoolKernel, strideH, 4);
VPUC_ABI_CHECK_FIELD(MaxPoolKernel, padTop, 6);
VPUC_ABI_CHECK_FIELD(MaxPoolKernel, padRight, 9);
VPUC_ABI_CHECK_FIELD(MaxPoolKernel, roundingType, 10);
VPUC_ABI_CHECK_FIELD(AvgPoolKernel, roundingType, 10);
VPUC_ABI_CHECK_FIELD(AvgPoolKernel, excludePad, 11);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, mode, 2);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, coordMode, 3);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, nearestMode, 4);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, shapeCalcMode, 5);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, excludeOutside, 6);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, cubicCoeffA, 7);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, extrapolationValue, 8);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, scales, 9);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, roiStart, 17);
VPUC_ABI_CHECK_FIELD(InterpolateKernel, roiEnd, 25);

} // namespace mlir::vpuc::abi

#endif // VPUC_BACKEND_ABI_SWKERNELS_H_
