//===- SwKernels.td - The SHAVE software-kernel library -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The one source of the software-layer kernel contract: every kernel's name,
// arguments (tensors, then scalars with their types, ranges and UPA
// defaults), element types, UPA parameter table and the VPU kernels that map
// onto it without code. SwKernels.h (the structs), the UPA tables of the blob
// schema, their writers and readers, and the trivial mapping rows are
// generated from this file (SwKernelBase.td). The conventions every kernel
// follows (logical dims, element types, optional operands, in place, errors)
// are in SwKernels.h.
//
// Adding a kernel: a `def` here, appended to `Library` at the end, and a file
// in kernels/shave/ that implements it (docs/adding_a_layer.md).
//
//===----------------------------------------------------------------------===//

include "kernels/abi/SwKernelBase.td"

//===----------------------------------------------------------------------===//
// Operation codes
//===----------------------------------------------------------------------===//

def ActivationOp : AbiEnum<
    "The functions of the `activation` kernel (and the fused post-operations "
    "of convolution, deconvolution and fully_connected). `alpha` and `beta` "
    "are the kernel's two float scalars; unused ones must be 0.", [
  AbiCase<"Relu", 0, "max(x, 0).">,
  AbiCase<"Clamp", 1, "min(max(x, alpha), beta); alpha <= beta.">,
  AbiCase<"Sigmoid", 2, "1 / (1 + e^-x).">,
  AbiCase<"Tanh", 3>,
  AbiCase<"Elu", 4, "x > 0 ? x : alpha * (e^x - 1).">,
  AbiCase<"Erf", 5>,
  AbiCase<"Gelu", 6, "0.5 x (1 + erf(x / sqrt(2))).">,
  AbiCase<"GeluTanh", 7,
          "0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).">,
  AbiCase<"Exp", 8>,
  AbiCase<"Log", 9>,
  AbiCase<"Sqrt", 10>,
  AbiCase<"Abs", 11>,
  AbiCase<"Floor", 12>,
  AbiCase<"Ceil", 13>,
  AbiCase<"RoundHalfToEven", 14, "Round half to even.">,
  AbiCase<"RoundHalfAwayFromZero", 15, "Round half away from zero.">,
  AbiCase<"HSwish", 16, "x * min(max(x + 3, 0), 6) / 6.">,
  AbiCase<"HSigmoid", 17, "min(max(x + 3, 0), 6) / 6.">,
  AbiCase<"Swish", 18,
          "x / (1 + e^(-alpha x)) (alpha is the Swish beta; 1 for SiLU).">,
  AbiCase<"Mish", 19, "x * tanh(softplus(x)).">,
  AbiCase<"SoftPlus", 20, "ln(1 + e^x).">,
  AbiCase<"LeakyRelu", 21, "x >= 0 ? x : alpha * x.">,
  AbiCase<"Negative", 22, "-x.">,
  AbiCase<"LogicalNot", 23, "x != 0 ? 0 : 1.">,
  AbiCase<"Sign", 24, "-1, 0 or 1 (NaN stays NaN).">,
  AbiCase<"HardSigmoid", 25,
          "max(0, min(1, alpha * x + beta)) (ONNX HardSigmoid).">,
  AbiCase<"Selu", 26, "beta * (x > 0 ? x : alpha * (e^x - 1)) (alpha, beta "
                      "= ONNX Selu alpha, gamma).">,
  AbiCase<"Reciprocal", 27, "1 / x.">,
  AbiCase<"Sin", 28>,
  AbiCase<"Cos", 29>,
  AbiCase<"Tan", 30>,
  AbiCase<"Asin", 31, "NaN outside [-1, 1].">,
  AbiCase<"Acos", 32, "NaN outside [-1, 1].">,
  AbiCase<"Atan", 33>,
  AbiCase<"Sinh", 34>,
  AbiCase<"Cosh", 35>,
  AbiCase<"Asinh", 36>,
  AbiCase<"Acosh", 37, "NaN below 1.">,
  AbiCase<"Atanh", 38, "NaN outside [-1, 1].">
]>;

def RnnActivation : AbiEnum<
    "The activations of the recurrent kernels (ONNX / OpenVINO names).", [
  AbiCase<"Sigmoid", 0>, AbiCase<"Tanh", 1>, AbiCase<"Relu", 2>
]>;

def RnnDirection : AbiEnum<"The directions of the recurrent kernels.", [
  AbiCase<"Forward", 0, "Time steps 0 to T - 1.">,
  AbiCase<"Reverse", 1, "Time steps T - 1 to 0.">,
  AbiCase<"Bidirectional", 2, "Both: direction 0 forward, direction 1 "
                              "reverse.">
]>;

def ReduceOp : AbiEnum<"The reductions of the `reduce` kernel.", [
  AbiCase<"Sum", 0>,
  AbiCase<"Mean", 1>,
  AbiCase<"Max", 2, "NaN propagates.">,
  AbiCase<"Min", 3, "NaN propagates.">,
  AbiCase<"L1", 4, "sum |x|.">,
  AbiCase<"L2", 5, "sqrt(sum x^2).">,
  AbiCase<"Prod", 6>,
  AbiCase<"LogSumExp", 7, "ln(sum e^x), computed around the maximum.">
]>;

def MvnEpsMode : AbiEnum<"Where `mvn` adds epsilon.", [
  AbiCase<"InsideSqrt", 0, "(x - mean) / sqrt(var + eps).">,
  AbiCase<"OutsideSqrt", 1, "(x - mean) / (sqrt(var) + eps).">
]>;

def NormalizeEpsMode : AbiEnum<
    "How `normalize_l2` combines epsilon with the sum of squares.", [
  AbiCase<"Add", 0, "x / sqrt(sum + eps).">,
  AbiCase<"Max", 1, "x / sqrt(max(sum, eps)).">
]>;

def RoundingType : AbiEnum<"The output size rule of the pools.", [
  AbiCase<"Floor", 0, "out = floor((in + pads - kernel) / stride) + 1.">,
  AbiCase<"Ceil", 1, "out = ceil((in + pads - kernel) / stride) + 1, minus "
                     "one when the last window would start beyond the input "
                     "and the begin padding.">
]>;

def InterpolateMode : AbiEnum<"`interpolate` modes (ONNX Resize mode).", [
  AbiCase<"Nearest", 0>, AbiCase<"Linear", 1>, AbiCase<"Cubic", 2>
]>;

def InterpolateCoordMode : AbiEnum<
    "`interpolate` coordinate transformation modes.", [
  AbiCase<"HalfPixel", 0>,
  AbiCase<"PytorchHalfPixel", 1>,
  AbiCase<"AlignCorners", 2>,
  AbiCase<"Asymmetric", 3>,
  AbiCase<"TfHalfPixelForNn", 4>,
  AbiCase<"TfCropAndResize", 5>
]>;

def InterpolateNearestMode : AbiEnum<"`interpolate` nearest rounding rules.", [
  AbiCase<"RoundPreferFloor", 0>,
  AbiCase<"RoundPreferCeil", 1>,
  AbiCase<"Floor", 2>,
  AbiCase<"Ceil", 3>,
  AbiCase<"Simple", 4, "ceil when downscaling, truncation otherwise "
                       "(OpenVINO `simple`).">
]>;

def InterpolateShapeCalcMode : AbiEnum<
    "Whether `interpolate` was given output sizes or scales.", [
  AbiCase<"Sizes", 0, "The output dims are the sizes: scale = out / in, "
                      "resized length = out.">,
  AbiCase<"Scales", 1, "`scales` are the scales: out must be floor(in * "
                       "scale), resized length in * scale.">
]>;

def QuantizedEltwiseOp : AbiEnum<
    "The operations of the `quantized_eltwise` kernel, on the operands "
    "dequantized to f32.", [
  AbiCase<"Add", 0, "a + b.">,
  AbiCase<"Multiply", 1, "a * b.">
]>;

def BitShiftDirection : AbiEnum<"`bitshift` directions.", [
  AbiCase<"Left", 0, "x << s.">,
  AbiCase<"Right", 1, "x >> s (logical).">
]>;

def ScatterReduction : AbiEnum<
    "How `scatter_nd_update` and `scatter_elements` combine an update with "
    "the element it lands on (in index order, so duplicates accumulate).", [
  AbiCase<"None", 0, "The update replaces the element (the last one wins).">,
  AbiCase<"Add", 1, "element + update.">,
  AbiCase<"Mul", 2, "element * update.">,
  AbiCase<"Max", 3, "max(element, update).">,
  AbiCase<"Min", 4, "min(element, update).">
]>;

def RoiAlignMode : AbiEnum<"How `roi_align` pools the samples of a bin.", [
  AbiCase<"Avg", 0, "The mean of the bilinear samples.">,
  AbiCase<"Max", 1, "The largest weighted corner term w_i * v_i of any sample "
                    "(the ONNX reference implementation's max).">
]>;

def PadMode : AbiEnum<"`pad` modes.", [
  AbiCase<"Constant", 0, "The pad value.">,
  AbiCase<"Edge", 1, "The nearest edge element.">,
  AbiCase<"Reflect", 2, "Mirrored without repeating the edge (pads < dim).">,
  AbiCase<"Symmetric", 3, "Mirrored repeating the edge (pads <= dim).">
]>;

def TopKMode : AbiEnum<"`topk` selection.", [
  AbiCase<"Max", 0>, AbiCase<"Min", 1>
]>;

def TopKSort : AbiEnum<"`topk` output order.", [
  AbiCase<"Value", 0, "By value (largest first for Max, smallest first for "
                      "Min), ties by index.">,
  AbiCase<"Index", 1, "By ascending index.">
]>;

def DepthSpaceMode : AbiEnum<
    "`depth_to_space` / `space_to_depth` channel orders.", [
  AbiCase<"BlocksFirst", 0, "Channel c = (block offset) * C' + c' (ONNX "
                            "DCR).">,
  AbiCase<"DepthFirst", 1, "Channel c = c' * block^2 + (block offset) (ONNX "
                           "CRD).">
]>;

//===----------------------------------------------------------------------===//
// Shared argument lists
//===----------------------------------------------------------------------===//

/// The fused post-operation of the convolutions and fully_connected.
def PostOpArgs {
  list<SwArg> args = [
    EnumArg<"postOp", ActivationOp,
            "kNoPostOp (-1) or an ActivationOp applied to the result", -1>,
    F32<"postOpAlpha", "the post-operation's alpha">,
    F32<"postOpBeta", "the post-operation's beta">
  ];
}

/// Strides, pads and dilations of the convolutions.
def ConvGeometryArgs {
  list<SwArg> args = [
    I32<"strideH", "", 1, 1>, I32<"strideW", "", 1, 1>,
    I32<"padTop", "", 0, 0>, I32<"padLeft", "", 0, 0>,
    I32<"padBottom", "", 0, 0>, I32<"padRight", "", 0, 0>,
    I32<"dilationH", "", 1, 1>, I32<"dilationW", "", 1, 1>
  ];
}

/// Kernel window, strides and pads of the pools.
def PoolGeometryArgs {
  list<SwArg> args = [
    I32<"kernelH", "", 1, 1>, I32<"kernelW", "", 1, 1>,
    I32<"strideH", "", 1, 1>, I32<"strideW", "", 1, 1>,
    I32<"padTop", "", 0, 0>, I32<"padLeft", "", 0, 0>,
    I32<"padBottom", "", 0, 0>, I32<"padRight", "", 0, 0>,
    EnumArg<"roundingType", RoundingType>
  ];
}

/// `name(input, output)`.
class UnaryKernel<string kernelName> : SwKernel<kernelName,
    [In<"input">, Out<"output">]> {
  let sharedArgs = "UnaryArgs";
  let elementwise = 1;
}

/// The binary element-wise kernels, all `name(input1, input2, output)`: NumPy
/// broadcasting (ranks aligned from the innermost dim, dims of size 1 repeat;
/// the output has the broadcast dims), float or int operands of any mix
/// (arithmetic in FP32, exact for integers up to 2^24).
class BinaryKernel<string kernelName, string kernelDoc,
                   list<string> mappedVpuKernels = []>
    : SwKernel<kernelName, [In<"input1">, In<"input2">, Out<"output">]> {
  let doc = kernelDoc;
  let sharedArgs = "BinaryArgs";
  let vpuKernels = mappedVpuKernels;
  let elementwise = 1;
}

//===----------------------------------------------------------------------===//
// Data movement and conversion
//===----------------------------------------------------------------------===//

def Copy : UnaryKernel<"copy"> {
  let cyclesPerVector = "0.5";
  let doc = "copy(input: any, output: any): same logical dims and type, any "
            "layouts. Usually a DMA; the kernel exists for layouts a DMA "
            "cannot reach.";
}

def Convert : UnaryKernel<"convert"> {
  let doc = "convert(input, output): same logical dims, any layouts, element "
            "type changed between any two of float, int, Bool and the storage "
            "type F64 (F64 only here and in copy). Float -> "
            "int truncates toward zero and saturates (NaN -> 0); int -> int "
            "saturates; -> Bool is x != 0; float -> float rounds to nearest "
            "even.";
  let vpuKernels = ["convert"];
}

def Transpose : SwKernel<"transpose", [In<"input">, Out<"output">,
    I32PerDim<"perm", "output logical dim d is input logical dim perm[d]">]> {
  let doc = "transpose(input: any, output: any, perm[kMaxRank]): output "
            "logical dim d is input logical dim perm[d] (perm a permutation "
            "of 0..rank-1).";
  let upaTable = "TransposeParams";
}

def Pad : SwKernel<"pad", [In<"input">, Out<"output">,
    EnumArg<"mode", PadMode>,
    F32<"padValue", "the value of the padding in Constant mode">,
    I32PerDim<"padsBegin">, I32PerDim<"padsEnd">]> {
  let doc = "pad(input: any, output: any, mode, padValue: f32, "
            "padsBegin[kMaxRank], padsEnd[kMaxRank]): output dim d = "
            "padsBegin[d] + input dim d + padsEnd[d] (pads >= 0); PadMode "
            "says what the padding holds; padValue is converted to the "
            "element type (Constant only, else 0).";
  let upaTable = "PadParams";
}

def Gather : SwKernel<"gather", [In<"data">, In<"indices">, Out<"output">,
    I32<"axis">, I32<"batchDims">]> {
  let doc = "gather(data: any, indices: int, output: any, axis, batchDims): "
            "output = data[:axis] + indices[batchDims:] + data[axis + 1:] "
            "(dims), taking along `axis` the element named by the index; "
            "negative indices count from the end; an index out of [-dim, "
            "dim) is an error. 0 <= batchDims <= axis < rank(data), "
            "batchDims <= rank(indices), and the first batchDims dims of "
            "data and indices are equal. axis and batchDims may be negative "
            "(from the end of data resp. indices).";
  let upaTable = "GatherParams";
}

def DepthToSpace : SwKernel<"depth_to_space", [In<"input">, Out<"output">,
    I32<"blockSize", "", 1, 1>, EnumArg<"mode", DepthSpaceMode>]> {
  let doc = "depth_to_space(input: any [N, C * b^2, H, W], output: any [N, "
            "C, H * b, W * b], blockSize b >= 1, mode).";
  let sharedArgs = "DepthSpaceArgs";
  let upaTable = "DepthSpaceParams";
}

def SpaceToDepth : SwKernel<"space_to_depth", DepthToSpace.args> {
  let doc = "space_to_depth(input: any [N, C, H * b, W * b], output: any [N, "
            "C * b^2, H, W], blockSize b >= 1, mode): the inverse of "
            "depth_to_space.";
  let sharedArgs = "DepthSpaceArgs";
  let upaTable = "DepthSpaceParams";
}

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

def Add : BinaryKernel<"add", "a + b.", ["add", "shift"]>;
def Subtract : BinaryKernel<"subtract", "a - b.", ["subtract"]>;
def Multiply : BinaryKernel<"multiply", "a * b.", ["multiply"]>;
def Divide : BinaryKernel<"divide",
    "a / b; with an integer output trunc(a / b), and 0 where b == 0.",
    ["divide"]>;
def Power : BinaryKernel<"power", "a^b.", ["power"]>;
def Maximum : BinaryKernel<"maximum", "max(a, b); NaN propagates.",
                            ["maximum"]>;
def Minimum : BinaryKernel<"minimum", "min(a, b); NaN propagates.",
                            ["minimum"]>;
def SquaredDifference : BinaryKernel<"squared_difference", "(a - b)^2.",
                                        ["squared_difference"]>;
def FloorMod : BinaryKernel<"floor_mod", "a - floor(a / b) * b (sign of b); "
                            "with an integer output 0 where b == 0.",
                            ["floor_mod"]>;
def Equal : BinaryKernel<"equal", "a == b as 1 / 0 (any output type, usually "
                         "Bool or U8); likewise the other comparisons.",
                         ["equal"]>;
def NotEqual : BinaryKernel<"not_equal", "a != b as 1 / 0.">;
def Less : BinaryKernel<"less", "a < b as 1 / 0.", ["less"]>;
def LessEqual : BinaryKernel<"less_equal", "a <= b as 1 / 0.">;
def Greater : BinaryKernel<"greater", "a > b as 1 / 0.", ["greater"]>;
def GreaterEqual : BinaryKernel<"greater_equal", "a >= b as 1 / 0.">;
def LogicalAnd : BinaryKernel<"logical_and", "a != 0 && b != 0 as 1 / 0.",
                              ["logical_and"]>;
def LogicalOr : BinaryKernel<"logical_or", "a != 0 || b != 0 as 1 / 0.",
                             ["logical_or"]>;
def LogicalXor : BinaryKernel<"logical_xor",
                              "(a != 0) != (b != 0) as 1 / 0.">;

def LogicalNot : UnaryKernel<"logical_not"> {
  let doc = "logical_not(input, output): x == 0 as 1 / 0 (NaN is not 0); "
            "input and output of any float, int or Bool type (the output "
            "usually Bool), same logical dims, any layouts, in place "
            "allowed.";
  let vpuKernels = ["logical_not"];
}

def Select : SwKernel<"select", [In<"condition">, In<"input1">, In<"input2">,
                                 Out<"output">]> {
  let elementwise = 1;
  let doc = "select(condition, input1, input2, output): condition != 0 ? "
            "input1 : input2, the three inputs broadcast as for the binary "
            "kernels; condition of any float, int or Bool type.";
  let vpuKernels = ["select"];
}

def Activation : SwKernel<"activation", [In<"input">, Out<"output">,
    EnumArg<"op", ActivationOp>, F32<"alpha">, F32<"beta">]> {
  let cyclesPerVector = "4";
  let elementwise = 1;
  let doc = "activation(input: float, output: float, op, alpha: f32, beta: "
            "f32): the ActivationOp `op` element by element, same logical "
            "dims.";
  let floatOnly = 1;
  let upaTable = "ActivationParams";
}

def Relu : UnaryKernel<"relu"> {
  let doc = "relu(input: float, output: float): activation Relu without "
            "scalars.";
  let floatOnly = 1;
  let vpuKernels = ["relu"];
}

def Clamp : SwKernel<"clamp", [In<"input">, Out<"output">,
    F32<"min", "lower bound; min <= max, neither NaN">,
    F32<"max", "upper bound">]> {
  let elementwise = 1;
  let doc = "clamp(input: float, output: float, min: f32, max: f32): "
            "activation Clamp.";
  let floatOnly = 1;
  let upaTable = "ClampParams";
}

def PRelu : SwKernel<"prelu", [In<"input">, In<"slope">, Out<"output">]> {
  let doc = "prelu(input: float, slope: float, output: float): x >= 0 ? x : "
            "slope * x with the slope broadcast NumPy-style to the input (a "
            "per-channel slope of a 4-D input is given as [1, C, 1, 1] or "
            "[C, 1, 1]).";
  let floatOnly = 1;
}

def ScaleShift : SwKernel<"scale_shift", [In<"input">, In<"scale">,
                                          OptionalIn<"shift">, Out<"output">]> {
  let doc = "scale_shift(input: float, scale: float, shift: float "
            "(optional), output: float): x * scale + shift, scale and shift "
            "broadcast NumPy-style to the input.";
  let floatOnly = 1;
}

def Quantize : SwKernel<"quantize", [In<"input">, In<"scale">,
    OptionalIn<"zeroPoint">, Out<"output">,
    I32<"axis", "the quantised dim when scales are per axis", 0, 0, 7>,
    I32<"qmin", "the storage range; checked against the output type">,
    I32<"qmax">]> {
  let cyclesPerVector = "2";
  let doc = "quantize(input: float, scale: float, zeroPoint: int or float "
            "(optional), output: int, axis, qmin, qmax): q = "
            "clamp(round_half_even(x / scale) + zp, qmin, qmax) (NaN -> zp). "
            "scale and zeroPoint are rank-1 with 1 element (per tensor) or "
            "dims[axis] elements (per axis; 0 <= axis < rank).";
  let upaTable = "QuantizeParams";
}

def Dequantize : SwKernel<"dequantize", [In<"input">, In<"scale">,
    OptionalIn<"zeroPoint">, Out<"output">,
    I32<"axis", "the quantised dim when scales are per axis", 0, 0, 7>]> {
  let cyclesPerVector = "2";
  let doc = "dequantize(input: int, scale: float, zeroPoint: int or float "
            "(optional), output: float, axis): (q - zp) * scale in FP64, per "
            "tensor or per axis as for quantize.";
  let upaTable = "QuantizeParams";
}

//===----------------------------------------------------------------------===//
// Along one axis
//===----------------------------------------------------------------------===//

def Softmax : SwKernel<"softmax", [In<"input">, Out<"output">,
    I32<"axis", "negative values count from the end", 0, -8, 7>]> {
  let cyclesPerVector = "8";
  let doc = "softmax(input: float, output: float, axis): e^(x - max) / sum "
            "along logical dim `axis` (negative from the end). In place "
            "allowed.";
  let floatOnly = 1;
  let sharedArgs = "AxisArgs";
  let upaTable = "SoftmaxParams";
}

def LogSoftmax : SwKernel<"log_softmax", Softmax.args> {
  let cyclesPerVector = "8";
  let doc = "log_softmax(input: float, output: float, axis): (x - max) - "
            "ln(sum e^(x - max)). In place allowed.";
  let floatOnly = 1;
  let sharedArgs = "AxisArgs";
  let upaTable = "SoftmaxParams";
}

def CumSum : SwKernel<"cumsum", [In<"input">, Out<"output">,
    I32<"axis", "", 0, -8, 7>, Flag<"exclusive">, Flag<"reverse">]> {
  let doc = "cumsum(input: float or int, output: same dims, axis, exclusive, "
            "reverse): running sums along `axis` (negative from the end); "
            "`exclusive` (0/1) leaves out the element itself, `reverse` "
            "(0/1) sums from the end.";
  let upaTable = "CumSumParams";
}

def TopK : SwKernel<"topk", [In<"input">, Out<"values">, Out<"indices">,
    I32<"axis", "", 0, -8, 7>, I32<"k", "", 1, 1>, EnumArg<"mode", TopKMode>,
    EnumArg<"sort", TopKSort>]> {
  let cyclesPerVector = "8";
  let work = "inputs";
  let doc = "topk(input: float or int, values: float or int, indices: int "
            "or float, axis, k, mode, sort): the k largest (TopKMode::Max) "
            "or smallest values along `axis` (negative from the end) and "
            "their indices; values and indices have the input dims with dim "
            "`axis` = k (1 <= k <= dim). NaN counts as the largest value; "
            "ties keep the lower index first.";
  let upaTable = "TopKParams";
}

//===----------------------------------------------------------------------===//
// Reductions and normalisations
//===----------------------------------------------------------------------===//

def Reduce : SwKernel<"reduce", [In<"input">, Out<"output">,
    EnumArg<"op", ReduceOp>,
    I32<"axesMask", "bit d set: dim d is reduced", 0, 0, 255>,
    Flag<"keepDims">]> {
  let work = "inputs";
  let doc = "reduce(input: float, output: float, op, axesMask, keepDims): "
            "the ReduceOp over the logical dims in axesMask; the output has "
            "the input dims with the reduced dims set to 1 (keepDims = 1) or "
            "removed (keepDims = 0). An empty mask copies.";
  let floatOnly = 1;
  let upaTable = "ReduceParams";
}

def Mvn : SwKernel<"mvn", [In<"input">, Out<"output">,
    I32<"axesMask", "bit d set: dim d is normalised over", 0, 0, 255>,
    Flag<"normalizeVariance">, EnumArg<"epsMode", MvnEpsMode>, F32<"eps">]> {
  let cyclesPerVector = "4";
  let work = "inputs";
  let doc = "mvn(input: float, output: float, axesMask, normalizeVariance, "
            "epsMode, eps: f32): x - mean over the dims in axesMask, divided "
            "by the standard deviation (MvnEpsMode) when normalizeVariance "
            "is 1 (mean first, then the variance around it).";
  let floatOnly = 1;
  let upaTable = "MvnParams";
}

def LayerNorm : SwKernel<"layer_norm", [In<"input">, OptionalIn<"scale">,
    OptionalIn<"bias">, Out<"output">,
    I32<"axis", "the first normalised dim", 0, -8, 7>, F32<"eps">]> {
  let cyclesPerVector = "4";
  let doc = "layer_norm(input: float, scale: float (optional), bias: float "
            "(optional), output: float, axis, eps: f32): normalises over the "
            "dims from `axis` (negative from the end) to the last: (x - "
            "mean) / sqrt(var + eps) * scale + bias, scale and bias "
            "broadcast NumPy-style to those dims (leading dims of size 1 "
            "beyond their rank are allowed).";
  let floatOnly = 1;
  let upaTable = "LayerNormParams";
}

def NormalizeL2 : SwKernel<"normalize_l2", [In<"input">, Out<"output">,
    I32<"axesMask", "bit d set: dim d is summed over", 0, 0, 255>,
    EnumArg<"epsMode", NormalizeEpsMode>, F32<"eps">]> {
  let cyclesPerVector = "3";
  let work = "inputs";
  let doc = "normalize_l2(input: float, output: float, axesMask, epsMode, "
            "eps: f32): x / sqrt(sum of x^2 over the dims in axesMask, "
            "combined with eps by NormalizeEpsMode).";
  let floatOnly = 1;
  let upaTable = "NormalizeL2Params";
}

def Lrn : SwKernel<"lrn", [In<"input">, Out<"output">,
    F32<"alpha", "scale of the sum of squares; >= 0">,
    F32<"beta", "exponent; finite">,
    F32<"bias", "added to the scaled sum; > 0">,
    I32<"size", "the number of channels of the window", 1, 1>]> {
  let work = "kernel";
  let doc = "lrn(input: float [N, C, ...], output: float, alpha: f32, beta: "
            "f32, bias: f32, size): local response normalisation across the "
            "channels (logical dim 1, ONNX LRN): x / (bias + alpha / size * "
            "square_sum)^beta, square_sum over the channels [c - floor((size "
            "- 1) / 2), c + ceil((size - 1) / 2)] within [0, C - 1]; FP32 "
            "arithmetic.";
  let floatOnly = 1;
  let upaTable = "LrnParams";
  let vpuKernels = ["lrn"];
}

def BatchNorm : SwKernel<"batch_norm_inference", [In<"input">, In<"gamma">,
    In<"beta">, In<"mean">, In<"variance">, Out<"output">, F32<"eps">]> {
  let cyclesPerVector = "2";
  let doc = "batch_norm_inference(input: float [N, C, ...], gamma, beta, "
            "mean, variance: float [C], output: float, eps: f32): x * s + "
            "(beta - mean * s) with s = gamma / sqrt(variance + eps), per "
            "channel (logical dim 1).";
  let floatOnly = 1;
  let upaTable = "BatchNormParams";
}

//===----------------------------------------------------------------------===//
// Convolutions, matrix products, pooling, resizing
//===----------------------------------------------------------------------===//

def Convolution : SwKernel<"convolution",
    !listconcat([In<"input">, In<"filter">, OptionalIn<"bias">, Out<"output">],
                ConvGeometryArgs.args, [I32<"groups", "", 1, 1>],
                PostOpArgs.args)> {
  let work = "kernel";
  let doc = "convolution(input: float [N, C, H, W], filter: float [OC, C / "
            "groups, KH, KW], bias: float [OC] (optional), output: float [N, "
            "OC, OH, OW], strides, pads, dilations, groups, postOp, "
            "postOpAlpha, postOpBeta): grouped 2-D convolution (depthwise: "
            "groups = C = OC); positions in the padding read 0; OH = (H + "
            "padTop + padBottom - dilationH * (KH - 1) - 1) / strideH + 1 "
            "(floor), likewise OW. postOp is kNoPostOp or an ActivationOp "
            "applied to the result with postOpAlpha / postOpBeta (e.g. Relu, "
            "Clamp, LeakyRelu). 1-D and 3-D convolutions are not supported "
            "(reshape 1-D to H = 1).";
  let floatOnly = 1;
  let upaTable = "ConvolutionParams";
}

def QuantizedConvolution : SwKernel<"quantized_convolution",
    !listconcat([In<"input">, In<"filter">, OptionalIn<"bias">, In<"scale">,
                 In<"filterZeroPoint">, Out<"output">],
                ConvGeometryArgs.args,
                [I32<"groups", "", 1, 1>,
                 I32<"inputZeroPoint", "the input's zero point">,
                 I32<"outputZeroPoint", "the output's zero point">,
                 I32<"qmin", "the output's storage range; checked against its type">,
                 I32<"qmax">,
                 F32<"outputScale", "the output's scale (> 0)">],
                PostOpArgs.args)> {
  let work = "kernel";
  let doc = "quantized_convolution(input: int [N, C, H, W], filter: int [OC, C / "
            "groups, KH, KW], bias: i32 [OC] (optional), scale: f32 [OC], "
            "filterZeroPoint: i32 [OC], output: int [N, OC, OH, OW], strides, "
            "pads, dilations, groups, inputZeroPoint, outputZeroPoint, qmin, "
            "qmax, outputScale, postOp, postOpAlpha, postOpBeta): the grouped "
            "2-D convolution of IE.Convolution on quantized types. acc = sum "
            "(x - inputZeroPoint) * (w - filterZeroPoint[oc]) + bias[oc], "
            "exactly in integers (positions in the padding contribute 0); y = "
            "acc * scale[oc] (scale = input scale x filter scale), rounded to "
            "f32; the post-operation on y; then q = clamp(round_half_even(y / "
            "outputScale) + outputZeroPoint, qmin, qmax). Output sizes as for "
            "convolution.";
  let upaTable = "QuantizedConvolutionParams";
}

def QuantizedEltwise : SwKernel<"quantized_eltwise",
    !listconcat([In<"input1">, In<"input2">, Out<"output">,
                 EnumArg<"op", QuantizedEltwiseOp>,
                 F32<"input1Scale", "the first input's scale (> 0)">,
                 I32<"input1ZeroPoint", "the first input's zero point">,
                 F32<"input2Scale", "the second input's scale (> 0)">,
                 I32<"input2ZeroPoint", "the second input's zero point">,
                 F32<"outputScale", "the output's scale (> 0)">,
                 I32<"outputZeroPoint", "the output's zero point">,
                 I32<"qmin", "the output's storage range; checked against its type">,
                 I32<"qmax">],
                PostOpArgs.args)> {
  let cyclesPerVector = "4";
  let doc = "quantized_eltwise(input1: int, input2: int, output: int, op, "
            "input1Scale, input1ZeroPoint, input2Scale, input2ZeroPoint, "
            "outputScale, outputZeroPoint, qmin, qmax, postOp, postOpAlpha, "
            "postOpBeta): IE.Add / IE.Multiply on per-tensor quantized types, "
            "the inputs broadcast as for the binary kernels, any layouts. "
            "Each input is dequantized to f32, a = f32((q1 - input1ZeroPoint) "
            "* input1Scale) (the product exact in FP64, rounded once), "
            "likewise b; y = a op b in f32 (QuantizedEltwiseOp); the "
            "post-operation on y; then q = clamp(round_half_even(y / "
            "outputScale) + outputZeroPoint, qmin, qmax) with the division in "
            "f32: what a QDQ graph computes with DequantizeLinear, the float "
            "op and QuantizeLinear. The output may alias an input element for "
            "element (in place).";
  let upaTable = "QuantizedEltwiseParams";
}

def Deconvolution : SwKernel<"deconvolution",
    !listconcat([In<"input">, In<"filter">, OptionalIn<"bias">, Out<"output">],
                ConvGeometryArgs.args,
                [I32<"outputPaddingH", "", 0, 0>,
                 I32<"outputPaddingW", "", 0, 0>, I32<"groups", "", 1, 1>],
                PostOpArgs.args)> {
  let work = "kernel";
  let doc = "deconvolution(input: float [N, C, H, W], filter: float [C, OC / "
            "groups, KH, KW], bias: float [OC] (optional), output: float [N, "
            "OC, OH, OW], strides, pads, dilations, output paddings, groups, "
            "postOp, postOpAlpha, postOpBeta): the transposed convolution; OH "
            "= (H - 1) * strideH - padTop - padBottom + dilationH * (KH - 1) "
            "+ 1 + outputPaddingH, likewise OW.";
  let floatOnly = 1;
  let upaTable = "DeconvolutionParams";
}

def MatMul : SwKernel<"matmul", [In<"a">, In<"b">, Out<"output">,
    Flag<"transposeA">, Flag<"transposeB">]> {
  let work = "kernel";
  let doc = "matmul(a: float [..., M, K], b: float [..., K, N], output: "
            "float [..., M, N], transposeA, transposeB): batched matrix "
            "product; with transposeA (0/1) a is given as [..., K, M], with "
            "transposeB b as [..., N, K]. Ranks >= 2 (reshape vectors to "
            "matrices); the batch dims broadcast NumPy-style.";
  let floatOnly = 1;
  let upaTable = "MatMulParams";
}

def FullyConnected : SwKernel<"fully_connected",
    !listconcat([In<"input">, In<"weights">, OptionalIn<"bias">,
                 Out<"output">], PostOpArgs.args)> {
  let work = "kernel";
  let doc = "fully_connected(input: float [M, K], weights: float [N, K], "
            "bias: float [N] (optional), output: float [M, N], postOp, "
            "postOpAlpha, postOpBeta): input * weights^T + bias, then the "
            "post-operation.";
  let floatOnly = 1;
  let upaTable = "FullyConnectedParams";
}

def MaxPool : SwKernel<"max_pool",
    !listconcat([In<"input">, Out<"output">], PoolGeometryArgs.args)> {
  let work = "kernel";
  let doc = "max_pool(input: numeric [N, C, H, W], output: the input's type [N, "
            "C, OH, OW], kernel, strides, pads, roundingType): the maximum of "
            "each window over the input values it covers (padding is ignored; "
            "NaN propagates; on integers, e.g. the storage of a quantized "
            "tensor, exact). OH follows RoundingType; every window must "
            "overlap the input.";
  let upaTable = "PoolingParams";
}

def AvgPool : SwKernel<"avg_pool",
    !listconcat([In<"input">, Out<"output">], PoolGeometryArgs.args,
                [Flag<"excludePad">])> {
  let work = "kernel";
  let doc = "avg_pool(input, output, kernel, strides, pads, roundingType, "
            "excludePad): as max_pool with the mean of each window: the sum "
            "of the input values it covers divided by their number "
            "(excludePad = 1) or by the window's extent clipped to the "
            "padded input (excludePad = 0: padding cells count, the cells a "
            "ceil-mode window reaches beyond the padding do not).";
  let floatOnly = 1;
  let upaTable = "PoolingParams";
}

def LpPool : SwKernel<"lp_pool",
    !listconcat([In<"input">, Out<"output">], PoolGeometryArgs.args,
                [I32<"p", "the order of the norm (>= 1)", 2, 1>])> {
  let work = "kernel";
  let doc = "lp_pool(input: float [N, C, H, W], output: the input's type [N, "
            "C, OH, OW], kernel, strides, pads, roundingType, p): the p-norm "
            "(sum |x|^p)^(1/p) of each window over the input values it "
            "covers (padding adds nothing; ONNX LpPool); FP32 arithmetic. "
            "Output sizes and checks as max_pool.";
  let floatOnly = 1;
  let upaTable = "LpPoolingParams";
}

def QuantizedAvgPool : SwKernel<"quantized_avg_pool",
    !listconcat([In<"input">, Out<"output">], PoolGeometryArgs.args,
                [Flag<"excludePad">,
                 F32<"inputScale", "the input's scale (> 0)">,
                 I32<"inputZeroPoint", "the input's zero point">,
                 F32<"outputScale", "the output's scale (> 0)">,
                 I32<"outputZeroPoint", "the output's zero point">,
                 I32<"qmin", "the output's storage range; checked against its type">,
                 I32<"qmax">],
                PostOpArgs.args)> {
  let work = "kernel";
  let doc = "quantized_avg_pool(input: int [N, C, H, W], output: int [N, C, "
            "OH, OW], kernel, strides, pads, roundingType, excludePad, "
            "inputScale, inputZeroPoint, outputScale, outputZeroPoint, qmin, "
            "qmax, postOp, postOpAlpha, postOpBeta): IE.AvgPool on per-tensor "
            "quantized types (integer storage, 8-bit in practice; the input and "
            "output types may differ), any layouts. Each input element is "
            "dequantized to f32, x = f32((q - inputZeroPoint) * inputScale) "
            "(the product exact in FP64, rounded once); the mean of each "
            "window is avg_pool's on these values (padding reads the real "
            "value 0; the sum in f32 in window row-major order, divided by "
            "the count excludePad selects; output sizes and checks as "
            "max_pool); the post-operation on the mean; then q = "
            "clamp(round_half_even(y / outputScale) + outputZeroPoint, qmin, "
            "qmax) with the division in f32: what a QDQ graph computes with "
            "DequantizeLinear, AveragePool and QuantizeLinear, and, with the "
            "input's scale and zero point for the output and no post-op, the "
            "IE interpreter's quantized IE.AvgPool bit for bit.";
  let upaTable = "QuantizedPoolingParams";
}

def Interpolate : SwKernel<"interpolate", [In<"input">, Out<"output">,
    EnumArg<"mode", InterpolateMode>, EnumArg<"coordMode", InterpolateCoordMode>,
    EnumArg<"nearestMode", InterpolateNearestMode>,
    EnumArg<"shapeCalcMode", InterpolateShapeCalcMode>,
    Flag<"excludeOutside">, F32<"cubicCoeffA", "", "-0.75f">,
    F32<"extrapolationValue">, F32PerDim<"scales">, F32PerDim<"roiStart">,
    F32PerDim<"roiEnd">]> {
  let cyclesPerVector = "8";
  let doc = "interpolate(input: float, output: float, mode, coordMode, "
            "nearestMode, shapeCalcMode, excludeOutside, cubicCoeffA: f32, "
            "extrapolationValue: f32, scales[kMaxRank]: f32, "
            "roiStart[kMaxRank]: f32, roiEnd[kMaxRank]: f32): ONNX Resize of "
            "any rank, the same computation as the IE interpreter "
            "(kernels/reference/Interpolate.h, FP64 inside). With Scales, "
            "scales[d] gives the coordinate scale of dim d and the output "
            "dim must be floor(in * scale); with Sizes, scales must be 0. "
            "roiStart / roiEnd are the normalised crop region of "
            "TfCropAndResize (else 0).";
  let floatOnly = 1;
  let upaTable = "InterpolateParams";
}

/// argmax / argmin: the index of the extremum along one axis.
class ArgExtremumKernel<string kernelName, string extremum>
    : SwKernel<kernelName, [In<"input">, Out<"output">,
                            AxisArg<"axis", "the reduced logical dim">,
                            Flag<"keepDims", "1: the output keeps the reduced dim as 1">,
                            Flag<"selectLastIndex", "1: ties go to the last index">]> {
  let doc = kernelName # "(input: float or int, output: int or float, axis, keepDims, "
            "selectLastIndex): the index along `axis` of the " # extremum # " element "
            "of each slice (the first among equal values, or the last with "
            "selectLastIndex; NaN is beyond every number). The output has the input "
            "dims with dim `axis` set to 1 (keepDims) or removed; the reduced dim is "
            "not empty and has at most 2^24 elements.";
  let sharedArgs = "ArgExtremumArgs";
  let upaTable = "ArgExtremumParams";
  let vpuKernels = [kernelName];
}

def ArgMax : ArgExtremumKernel<"argmax", "largest"> {
  let work = "inputs";
}
def ArgMin : ArgExtremumKernel<"argmin", "smallest"> {
  let work = "inputs";
}

def BitShift : SwKernel<"bitshift", [In<"input1">, In<"input2">, Out<"output">,
    EnumArg<"direction", BitShiftDirection>]> {
  let doc = "bitshift(input1: unsigned int, input2: unsigned int, output: "
            "unsigned int, direction): input1 shifted left or right "
            "(BitShiftDirection) by input2 bits, on the stored integers; the "
            "three tensors have one type of u8, u16, u32 or u64, the inputs "
            "broadcast as for the binary kernels, any layouts. Bits shifted "
            "out are lost; a shift by the element width or more gives 0. The "
            "output may alias an input element for element (in place).";
  let upaTable = "BitShiftParams";
  let vpuKernels = ["bitshift"];
}

//===----------------------------------------------------------------------===//
// Element and N-D indexing
//===----------------------------------------------------------------------===//

def GatherElements : SwKernel<"gather_elements", [In<"input">, In<"indices">,
    Out<"output">, AxisArg<"axis", "the logical dim the indices select in">]> {
  let doc = "gather_elements(input: any, indices: int, output: any, axis): "
            "output[i_0, ..., i_r-1] = input[i_0, ..., indices[i_0, ..., "
            "i_r-1], ..., i_r-1] with the index in dim `axis`. indices and "
            "output have the input's rank and one dims, each at most the "
            "input's except along `axis`; negative indices count from the "
            "end, an index out of [-dim, dim) is an error.";
  let upaTable = "GatherElementsParams";
  let vpuKernels = ["gather_elements"];
}

def GatherND : SwKernel<"gather_nd", [In<"data">, In<"indices">,
    Out<"output">, I32<"batchDims", "leading dims data and indices share",
                       0, 0, 7>]> {
  let doc = "gather_nd(data: any, indices: int, output: any, batchDims b): "
            "indices [B..., I..., k] (B the b batch dims, equal to data's, "
            "1 <= k <= rank(data) - b) name slices data[B..., j_1..j_k, :]; "
            "output = indices dims without the last + data dims from b + k. "
            "Negative indices count from the end, an index out of [-dim, "
            "dim) is an error.";
  let upaTable = "GatherNDParams";
  let vpuKernels = ["gather_nd"];
}

def ScatterNDUpdate : SwKernel<"scatter_nd_update", [In<"input">,
    In<"indices">, In<"updates">, Out<"output">,
    EnumArg<"reduction", ScatterReduction>]> {
  let doc = "scatter_nd_update(input: any, indices: int, updates: any, "
            "output: any, reduction): output = input with, for every index "
            "tuple t of indices [I..., k] (1 <= k <= rank(input)), the slice "
            "output[t, :] combined with updates[I..., :] (updates dims = I "
            "+ input dims from k) by `reduction`, tuples in row-major order. "
            "Negative indices count from the end, an index out of [-dim, "
            "dim) is an error. A reduction other than None needs numeric "
            "elements (FP64 arithmetic rounded once on the store). The "
            "output may be the input's very elements (in place).";
  let upaTable = "ScatterNDParams";
  let vpuKernels = ["scatter_nd_update"];
}

def ScatterElements : SwKernel<"scatter_elements", [In<"input">,
    In<"indices">, In<"updates">, Out<"output">,
    AxisArg<"axis", "the logical dim the indices select in">,
    EnumArg<"reduction", ScatterReduction>]> {
  let doc = "scatter_elements(input: any, indices: int, updates: any, "
            "output: any, axis, reduction): output = input with, for every "
            "element position p of indices (row-major order), output[p with "
            "dim `axis` replaced by indices[p]] combined with updates[p] by "
            "`reduction`. indices and updates have one dims and the input's "
            "rank, each at most the input's except along `axis`. Negative "
            "indices count from the end, an index out of [-dim, dim) is an "
            "error. A reduction other than None needs numeric elements (FP64 "
            "arithmetic rounded once on the store). The output may be the "
            "input's very elements (in place).";
  let upaTable = "ScatterElementsParams";
  let vpuKernels = ["scatter_elements"];
}

//===----------------------------------------------------------------------===//
// Region-of-interest pools
//===----------------------------------------------------------------------===//

def RoiAlign : SwKernel<"roi_align", [In<"input">, In<"rois">,
    In<"batchIndices">, Out<"output">, EnumArg<"mode", RoiAlignMode>,
    I32<"samplingRatio", "samples per dim of a bin; 0: ceil(bin extent)", 0, 0,
        512>,
    F32<"spatialScale", "input coordinates per region unit; finite, > 0",
        "1.0f">,
    Flag<"halfPixel", "1: the scaled corners are shifted by -0.5; 0: regions "
                      "are at least 1 x 1">]> {
  let work = "kernel";
  let doc = "roi_align(input: float [N, C, H, W], rois: float [R, 4], "
            "batchIndices: int [R], output: float [R, C, PH, PW], mode, "
            "samplingRatio, spatialScale, halfPixel): ONNX RoiAlign "
            "(IE.ROIAlign): region r = (x1, y1, x2, y2) * spatialScale of "
            "image batchIndices[r] (in [0, N), else an error) pooled into PH x "
            "PW bins of bilinear samples; FP32 arithmetic. Not floatOnly: "
            "batchIndices is an integer tensor.";
  let upaTable = "RoiAlignParams";
  let vpuKernels = ["roi_align"];
}

def MaxRoiPool : SwKernel<"max_roi_pool", [In<"input">, In<"rois">,
    Out<"output">,
    F32<"spatialScale", "input coordinates per region unit; finite, > 0",
        "1.0f">]> {
  let work = "inputs";
  let doc = "max_roi_pool(input: float [N, C, H, W], rois: float [R, 5], "
            "output: float [R, C, PH, PW], spatialScale): ONNX MaxRoiPool "
            "(IE.MaxROIPool): region r = (batch, x1, y1, x2, y2), the batch "
            "truncated (in [0, N), else an error), the corners rounded after "
            "spatialScale, max-pooled into PH x PW bins (0 for an empty "
            "bin).";
  let floatOnly = 1;
  let upaTable = "MaxRoiPoolParams";
  let vpuKernels = ["max_roi_pool"];
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

def Det : SwKernel<"det", [In<"input">, Out<"output">]> {
  let work = "kernel";
  let doc = "det(input: float [*, M, M], output: float [*]): the determinant of "
            "each M x M matrix by LU decomposition with partial pivoting in "
            "FP64, rounded once on the store; an exactly singular pivot column "
            "gives 0, M = 0 gives 1. The input has rank >= 2.";
  let floatOnly = 1;
  let vpuKernels = ["det"];
}

//===----------------------------------------------------------------------===//
// Recurrent layers
//===----------------------------------------------------------------------===//

def LstmSequence : SwKernel<"lstm_sequence", [In<"input">,
    In<"initialHiddenState">, In<"initialCellState">, In<"weights">,
    In<"recurrenceWeights">, In<"biases">, Out<"output">,
    Out<"outputHiddenState">, Out<"outputCellState">,
    I32<"hiddenSize", "H", 1, 1>,
    EnumArg<"actF", RnnActivation, "the gates' activation", 0>,
    EnumArg<"actG", RnnActivation, "the cell candidate's activation", 1>,
    EnumArg<"actH", RnnActivation, "the activation of the new cell state", 1>,
    F32<"clip", "> 0: every activation's input is clamped to [-clip, clip]; 0: "
        "none">,
    EnumArg<"direction", RnnDirection>]> {
  let work = "kernel";
  let doc = "lstm_sequence(input [B, T, I], initialHiddenState [B, D, H], "
            "initialCellState [B, D, H], weights [D, 4H, I], "
            "recurrenceWeights [D, 4H, H], biases [D, 4H], output [B, D, T, "
            "H], outputHiddenState [B, D, H], outputCellState [B, D, H]; all "
            "float): an LSTM over the whole sequence (IE.LSTMSequence: gate "
            "blocks f, i, c, o; C' = f C + i c~, H' = o actH(C')), D = 2 for "
            "Bidirectional, else 1; FP32 arithmetic.";
  let floatOnly = 1;
  let upaTable = "LstmSequenceParams";
  let vpuKernels = ["lstm_sequence"];
}

def GruSequence : SwKernel<"gru_sequence", [In<"input">,
    In<"initialHiddenState">, In<"weights">, In<"recurrenceWeights">,
    In<"biases">, Out<"output">, Out<"outputHiddenState">,
    I32<"hiddenSize", "H", 1, 1>,
    EnumArg<"actF", RnnActivation, "the gates' activation", 0>,
    EnumArg<"actG", RnnActivation, "the candidate's activation", 1>,
    F32<"clip", "> 0: every activation's input is clamped to [-clip, clip]; 0: "
        "none">,
    EnumArg<"direction", RnnDirection>,
    Flag<"linearBeforeReset", "apply the reset gate after the recurrence "
         "product (biases [D, 4H])">]> {
  let work = "kernel";
  let doc = "gru_sequence(input [B, T, I], initialHiddenState [B, D, H], "
            "weights [D, 3H, I], recurrenceWeights [D, 3H, H], biases [D, 3H] "
            "or [D, 4H] with linearBeforeReset, output [B, D, T, H], "
            "outputHiddenState [B, D, H]; all float): a GRU over the whole "
            "sequence (IE.GRUSequence: gate blocks z, r, h; H' = (1 - z) h~ + "
            "z H); FP32 arithmetic.";
  let floatOnly = 1;
  let upaTable = "GruSequenceParams";
  let vpuKernels = ["gru_sequence"];
}

//===----------------------------------------------------------------------===//
// The library
//===----------------------------------------------------------------------===//

def Library : SwKernelLibrary<[
  Copy, Convert, Transpose, Pad, Gather, DepthToSpace, SpaceToDepth,
  Add, Subtract, Multiply, Divide, Power, Maximum, Minimum, SquaredDifference,
  FloorMod, Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual,
  LogicalAnd, LogicalOr, LogicalXor, Select,
  Activation, Relu, Clamp, PRelu, ScaleShift, Quantize, Dequantize,
  Softmax, LogSoftmax, CumSum, TopK,
  Reduce, Mvn, LayerNorm, NormalizeL2, BatchNorm,
  Convolution, Deconvolution, MatMul, FullyConnected, MaxPool, AvgPool,
  Interpolate,
  ArgMax, ArgMin,
  QuantizedConvolution, QuantizedEltwise, QuantizedAvgPool,
  BitShift,
  GatherElements, GatherND, ScatterNDUpdate, ScatterElements, Det,
  LogicalNot,
  Lrn,
  LstmSequence, GruSequence,
  LpPool, RoiAlign, MaxRoiPool
]>;
