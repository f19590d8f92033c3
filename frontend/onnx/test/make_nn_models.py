#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of the NN and data-movement lit tests of //frontend/onnx/test.

Usage: make_nn_models.py OUT_DIR

Every model is built with onnx.helper (python3-onnx 1.12) and saved as OUT_DIR/<name>.onnx;
MODELS lists them. Models of negative tests that the ONNX checker accepts are checked here too,
so their errors come from the importer's handlers.
"""

import numpy as np
from onnx import helper, numpy_helper

from model_utils import BOOL, F16, F32, I64, model, vi
import model_utils

INT64_MAX = np.iinfo(np.int64).max


def const(name, values, dtype=np.float32):
    """An initializer holding `values`."""
    return numpy_helper.from_array(np.array(values, dtype=dtype), name)


def weights(name, shape):
    """A float32 initializer of `shape` with small deterministic values."""
    count = int(np.prod(shape))
    return const(name, (np.arange(count, dtype=np.float32) % 7 - 3).reshape(shape) / 8.0)


def node(op, inputs, outputs, name, **attrs):
    return helper.make_node(op, inputs, outputs, name=name, **attrs)


def single(op, in_shape, out_shape, inits=(), extra_inputs=(), opset=13, outputs=None,
           in_type=F32, out_type=F32, check=True, **attrs):
    """A model of one node `op` reading x (and `extra_inputs`) and writing y."""
    outputs = outputs or ["y"]
    nodes = [node(op, ["x"] + list(extra_inputs), outputs, op.lower(), **attrs)]
    graph_outputs = [vi(outputs[0], out_type, out_shape)]
    return model(nodes, [vi("x", in_type, in_shape)], graph_outputs, list(inits), opset=opset,
                 check=check)


#===------------------------------------------------------------------------===#
# Conv, ConvTranspose
#===------------------------------------------------------------------------===#

def conv():
    inits = [weights("w", [4, 3, 3, 3]), const("b", [1, 2, 3, 4]), weights("wg", [4, 2, 3, 3]),
             weights("wd", [4, 1, 3, 3])]
    nodes = [
        node("Conv", ["x", "w", "b"], ["c1"], "conv_bias", pads=[1, 1, 1, 1], strides=[2, 2]),
        node("Conv", ["x", "w"], ["c2"], "conv_dilated", dilations=[2, 2],
             kernel_shape=[3, 3]),
        node("Conv", ["x", "w"], ["c3"], "conv_same_upper", auto_pad="SAME_UPPER",
             strides=[2, 2]),
        node("Conv", ["x", "w"], ["c4"], "conv_same_lower", auto_pad="SAME_LOWER",
             strides=[2, 2]),
        node("Conv", ["x", "w"], ["c5"], "conv_valid", auto_pad="VALID"),
        node("Conv", ["x4", "wg"], ["c6"], "conv_group", group=2, pads=[0, 1, 2, 1]),
        node("Conv", ["x4", "wd"], ["c7"], "conv_depthwise", group=4, pads=[1, 1, 1, 1]),
    ]
    return model(nodes, [vi("x", F32, [1, 3, 8, 8]), vi("x4", F32, [1, 4, 8, 8])],
                 [vi("c1", F32, [1, 4, 4, 4]), vi("c2", F32, [1, 4, 4, 4]),
                  vi("c3", F32, [1, 4, 4, 4]), vi("c4", F32, [1, 4, 4, 4]),
                  vi("c5", F32, [1, 4, 6, 6]), vi("c6", F32, [1, 4, 8, 8]),
                  vi("c7", F32, [1, 4, 8, 8])], inits)


def conv_1d():
    """1-D convolutions ([N, C, W]): bias, pads, strides, dilations, auto_pad, groups and a
    depthwise filter, and a 1-D ConvTranspose."""
    inits = [weights("w", [4, 3, 3]), const("b", [1, 2, 3, 4]), weights("wg", [4, 2, 3]),
             weights("wd", [4, 1, 5]), weights("wt", [4, 2, 3])]
    nodes = [
        node("Conv", ["x", "w", "b"], ["c1"], "conv1d_bias", pads=[1, 2], strides=[2]),
        node("Conv", ["x", "w"], ["c2"], "conv1d_dilated", dilations=[3], kernel_shape=[3]),
        node("Conv", ["x", "w"], ["c3"], "conv1d_same_lower", auto_pad="SAME_LOWER",
             strides=[3]),
        node("Conv", ["x4", "wg"], ["c4"], "conv1d_group", group=2, pads=[1, 1]),
        node("Conv", ["x4", "wd"], ["c5"], "conv1d_depthwise", group=4, auto_pad="SAME_UPPER"),
        node("ConvTranspose", ["x4", "wt"], ["d1"], "deconv1d", strides=[2], pads=[1, 0],
             output_padding=[1]),
    ]
    return model(nodes, [vi("x", F32, [1, 3, 10]), vi("x4", F32, [1, 4, 9])],
                 [vi("c1", F32, [1, 4, 6]), vi("c2", F32, [1, 4, 4]), vi("c3", F32, [1, 4, 4]),
                  vi("c4", F32, [1, 4, 9]), vi("c5", F32, [1, 4, 9]),
                  vi("d1", F32, [1, 2, 19])], inits)


def conv_bad_auto_pad():
    return single("Conv", [1, 3, 8, 8], [1, 4, 6, 6], [weights("w", [4, 3, 3, 3])], ["w"],
                  auto_pad="SAME")


def conv_bad_kernel_shape():
    return single("Conv", [1, 3, 8, 8], [1, 4, 4, 4], [weights("w", [4, 3, 3, 3])], ["w"],
                  kernel_shape=[5, 5])


def conv_bad_strides():
    return single("Conv", [1, 3, 8, 8], [1, 4, 6, 6], [weights("w", [4, 3, 3, 3])], ["w"],
                  strides=[1, 1, 1])


def conv_zero_strides():
    # ONNX's own shape inference would divide by the zero stride.
    return single("Conv", [1, 3, 8, 8], [1, 4, 6, 6], [weights("w", [4, 3, 3, 3])], ["w"],
                  strides=[1, 0])


def conv_transpose():
    inits = [weights("w", [4, 2, 3, 3]), const("b", [0.5, -0.5]), weights("wg", [4, 1, 3, 3])]
    nodes = [
        node("ConvTranspose", ["x", "w", "b"], ["d1"], "deconv_outpad", strides=[2, 2],
             pads=[1, 1, 1, 1], output_padding=[1, 1]),
        node("ConvTranspose", ["x", "w"], ["d2"], "deconv_output_shape", strides=[2, 2],
             output_shape=[8, 7]),
        node("ConvTranspose", ["x", "w"], ["d3"], "deconv_same_upper", strides=[2, 2],
             auto_pad="SAME_UPPER"),
        node("ConvTranspose", ["x", "wg"], ["d4"], "deconv_group", group=2, dilations=[2, 1]),
    ]
    return model(nodes, [vi("x", F32, [1, 4, 4, 4])],
                 [vi("d1", F32, [1, 2, 8, 8]), vi("d2", F32, [1, 2, 8, 7]),
                  vi("d3", F32, [1, 2, 8, 8]), vi("d4", F32, [1, 2, 8, 6])], inits)


def conv_transpose_too_large():
    return single("ConvTranspose", [1, 4, 4, 4], [1, 2, 20, 20], [weights("w", [4, 2, 3, 3])],
                  ["w"], output_shape=[20, 20])


#===------------------------------------------------------------------------===#
# Gemm, MatMul
#===------------------------------------------------------------------------===#

def gemm():
    inits = [weights("w", [5, 4]), const("c", [1, 2, 3, 4, 5]), weights("wt", [4, 5])]
    nodes = [
        node("Gemm", ["x", "w", "c"], ["g1"], "gemm_full", alpha=0.5, beta=2.0, transB=1),
        node("Gemm", ["x", "wt", "c"], ["g2"], "gemm_plain"),
        node("Gemm", ["xt", "wt"], ["g3"], "gemm_no_c", transA=1),
        node("Gemm", ["x", "wt", "c"], ["g4"], "gemm_beta0", beta=0.0),
        node("MatMul", ["a", "b"], ["m"], "matmul_batched"),
    ]
    return model(nodes, [vi("x", F32, [2, 4]), vi("xt", F32, [4, 2]), vi("a", F32, [3, 2, 4]),
                         vi("b", F32, [4, 6])],
                 [vi("g1", F32, [2, 5]), vi("g2", F32, [2, 5]), vi("g3", F32, [2, 5]),
                  vi("g4", F32, [2, 5]), vi("m", F32, [3, 2, 6])], inits, opset=11)


#===------------------------------------------------------------------------===#
# Pools
#===------------------------------------------------------------------------===#

def pool():
    nodes = [
        node("MaxPool", ["x"], ["p1"], "maxpool_ceil", kernel_shape=[3, 3], strides=[2, 2],
             pads=[1, 1, 0, 0], ceil_mode=1),
        node("MaxPool", ["x"], ["p2"], "maxpool_same", kernel_shape=[2, 2], strides=[2, 2],
             auto_pad="SAME_UPPER"),
        node("AveragePool", ["x"], ["p3"], "avgpool_exclude", kernel_shape=[3, 3],
             pads=[1, 1, 1, 1]),
        node("AveragePool", ["x"], ["p4"], "avgpool_include", kernel_shape=[3, 3],
             pads=[1, 1, 1, 1], count_include_pad=1, strides=[2, 2]),
        node("GlobalAveragePool", ["x"], ["p5"], "gap"),
        node("GlobalMaxPool", ["x"], ["p6"], "gmp"),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 7, 7])],
                 [vi("p1", F32, [1, 2, 4, 4]), vi("p2", F32, [1, 2, 4, 4]),
                  vi("p3", F32, [1, 2, 7, 7]), vi("p4", F32, [1, 2, 4, 4]),
                  vi("p5", F32, [1, 2, 1, 1]), vi("p6", F32, [1, 2, 1, 1])])


def pool_opset9():
    return single("MaxPool", [1, 2, 6, 6], [1, 2, 3, 3], opset=9, kernel_shape=[2, 2],
                  strides=[2, 2])


def maxpool_indices():
    nodes = [node("MaxPool", ["x"], ["y", "i"], "maxpool_indices", kernel_shape=[2, 2])]
    return model(nodes, [vi("x", F32, [1, 1, 4, 4])],
                 [vi("y", F32, [1, 1, 3, 3]), vi("i", I64, [1, 1, 3, 3])])


def maxpool_dilations():
    return single("MaxPool", [1, 1, 6, 6], [1, 1, 4, 4], kernel_shape=[2, 2], dilations=[2, 2])


def pool_1d():
    """1-D pools ([N, C, W]): pads, ceil_mode, auto_pad, count_include_pad, and global pools."""
    nodes = [
        node("MaxPool", ["x"], ["p1"], "maxpool1d_ceil", kernel_shape=[3], strides=[2],
             pads=[1, 0], ceil_mode=1),
        node("MaxPool", ["x"], ["p2"], "maxpool1d_same", kernel_shape=[2], strides=[2],
             auto_pad="SAME_UPPER"),
        node("AveragePool", ["x"], ["p3"], "avgpool1d_exclude", kernel_shape=[3], pads=[1, 1]),
        node("AveragePool", ["x"], ["p4"], "avgpool1d_include", kernel_shape=[3], pads=[1, 1],
             count_include_pad=1, strides=[2]),
        node("GlobalAveragePool", ["x"], ["p5"], "gap1d"),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 7])],
                 [vi("p1", F32, [1, 2, 4]), vi("p2", F32, [1, 2, 4]), vi("p3", F32, [1, 2, 7]),
                  vi("p4", F32, [1, 2, 4]), vi("p5", F32, [1, 2, 1])])


def lp_pool():
    """LpPool (p, pads, strides, auto_pad) and GlobalLpPool, 2-D and 1-D."""
    nodes = [
        node("LpPool", ["x"], ["p1"], "lppool_p3", kernel_shape=[3, 3], strides=[2, 2],
             pads=[1, 1, 1, 1], p=3),
        node("LpPool", ["x"], ["p2"], "lppool_same", kernel_shape=[2, 2], strides=[2, 2],
             auto_pad="SAME_UPPER"),
        node("GlobalLpPool", ["x"], ["p3"], "glppool", p=1),
        node("LpPool", ["w"], ["p4"], "lppool1d", kernel_shape=[3], strides=[2], pads=[1, 0]),
        node("GlobalLpPool", ["w"], ["p5"], "glppool1d"),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 7, 7]), vi("w", F32, [1, 3, 9])],
                 [vi("p1", F32, [1, 2, 4, 4]), vi("p2", F32, [1, 2, 4, 4]),
                  vi("p3", F32, [1, 2, 1, 1]), vi("p4", F32, [1, 3, 4]),
                  vi("p5", F32, [1, 3, 1])])


def lppool_bad_p():
    return single("LpPool", [1, 1, 4, 4], [1, 1, 3, 3], kernel_shape=[2, 2], p=0, check=False)


def roi_pooling():
    """RoiAlign (opset 16: half_pixel by default; max mode, output_half_pixel) and MaxRoiPool."""
    nodes = [
        node("RoiAlign", ["x", "rois", "b"], ["a1"], "roialign_default", output_height=7,
             output_width=7),
        node("RoiAlign", ["x", "rois", "b"], ["a2"], "roialign_max", mode="max",
             output_height=2, output_width=3, sampling_ratio=2, spatial_scale=0.25,
             coordinate_transformation_mode="output_half_pixel"),
        node("MaxRoiPool", ["x", "boxes"], ["m"], "maxroipool", pooled_shape=[2, 3],
             spatial_scale=0.5),
    ]
    return model(nodes, [vi("x", F32, [2, 8, 10, 10]), vi("rois", F32, [3, 4]),
                         vi("b", I64, [3]), vi("boxes", F32, [4, 5])],
                 [vi("a1", F32, [3, 8, 7, 7]), vi("a2", F32, [3, 8, 2, 3]),
                  vi("m", F32, [4, 8, 2, 3])], opset=16)


def roi_align10():
    """Opset 10 RoiAlign has no coordinate_transformation_mode: output_half_pixel."""
    nodes = [node("RoiAlign", ["x", "rois", "b"], ["y"], "roialign10", output_height=2,
                  output_width=2)]
    return model(nodes, [vi("x", F32, [1, 4, 6, 6]), vi("rois", F32, [2, 4]),
                         vi("b", I64, [2])], [vi("y", F32, [2, 4, 2, 2])], opset=10)


def roi_align_bad_mode():
    nodes = [node("RoiAlign", ["x", "rois", "b"], ["y"], "roialign", mode="min")]
    return model(nodes, [vi("x", F32, [1, 4, 6, 6]), vi("rois", F32, [2, 4]),
                         vi("b", I64, [2])], [vi("y", F32, [2, 4, 1, 1])], opset=16,
                 check=False)


def roi_align_bad_batch():
    nodes = [node("RoiAlign", ["x", "rois", "b"], ["y"], "roialign")]
    return model(nodes, [vi("x", F32, [1, 4, 6, 6]), vi("rois", F32, [2, 4]),
                         vi("b", I64, [3])], [vi("y", F32, [2, 4, 1, 1])], opset=16,
                 check=False)


def max_roi_pool_bad_shape():
    nodes = [node("MaxRoiPool", ["x", "rois"], ["y"], "maxroipool", pooled_shape=[2])]
    return model(nodes, [vi("x", F32, [1, 4, 6, 6]), vi("rois", F32, [2, 5])],
                 [vi("y", F32, [2, 4, 2, 2])], check=False)


def maxpool_3d():
    return single("MaxPool", [1, 1, 4, 4, 4], [1, 1, 3, 3, 3], kernel_shape=[2, 2, 2])


#===------------------------------------------------------------------------===#
# Normalisations, softmax, reductions
#===------------------------------------------------------------------------===#

def batchnorm_inputs():
    return [const("scale", [1.0, 2.0]), const("bias", [0.0, 0.5]), const("mean", [0.1, 0.2]),
            const("var", [1.0, 4.0])]


def batchnorm():
    inits = batchnorm_inputs()
    return single("BatchNormalization", [1, 2, 3, 3], [1, 2, 3, 3], inits,
                  ["scale", "bias", "mean", "var"], opset=9, epsilon=1e-3)


def batchnorm15():
    inits = batchnorm_inputs()[:2] + [const("mean", [0.1, 0.2], np.float16),
                                      const("var", [1.0, 4.0], np.float16)]
    return single("BatchNormalization", [1, 2, 3, 3], [1, 2, 3, 3], inits,
                  ["scale", "bias", "mean", "var"], opset=15, training_mode=0)


def batchnorm_training():
    return single("BatchNormalization", [1, 2, 3, 3], [1, 2, 3, 3], batchnorm_inputs(),
                  ["scale", "bias", "mean", "var"], opset=15, training_mode=1)


def batchnorm_training_outputs():
    nodes = [node("BatchNormalization", ["x", "scale", "bias", "mean", "var"],
                  ["y", "running_mean", "", "", ""], "bn_stats")]
    return model(nodes, [vi("x", F32, [1, 2, 3, 3])],
                 [vi("y", F32, [1, 2, 3, 3]), vi("running_mean", F32, [2])],
                 batchnorm_inputs(), opset=9)


def batchnorm_spatial():
    return single("BatchNormalization", [1, 2, 3, 3], [1, 2, 3, 3], batchnorm_inputs(),
                  ["scale", "bias", "mean", "var"], opset=9, spatial=0, check=False)


def softmax():
    nodes = [
        node("Softmax", ["x"], ["s1"], "softmax13"),
        node("LogSoftmax", ["x"], ["s2"], "logsoftmax13", axis=1),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4])],
                 [vi("s1", F32, [2, 3, 4]), vi("s2", F32, [2, 3, 4])])


def softmax11():
    nodes = [
        node("Softmax", ["x"], ["s1"], "softmax_coerced"),
        node("LogSoftmax", ["x"], ["s2"], "logsoftmax_last", axis=-1),
        node("Softmax", ["v"], ["s3"], "softmax_trailing_ones"),
        node("LogSoftmax", ["x"], ["s4"], "logsoftmax_axis0", axis=0),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4]), vi("v", F32, [2, 3, 1, 1])],
                 [vi("s1", F32, [2, 3, 4]), vi("s2", F32, [2, 3, 4]),
                  vi("s3", F32, [2, 3, 1, 1]), vi("s4", F32, [2, 3, 4])], opset=11)


def reduce():
    inits = [const("axes", [1], np.int64)]
    nodes = [
        node("ReduceMean", ["x"], ["r1"], "mean_axes", axes=[1, -1], keepdims=0),
        node("ReduceSum", ["x", "axes"], ["r2"], "sum_input"),
        node("ReduceSum", ["x"], ["r3"], "sum_all"),
        node("ReduceSum", ["x"], ["r4"], "sum_noop", noop_with_empty_axes=1),
        node("ReduceMax", ["x"], ["r5"], "max_all", keepdims=0),
        node("ReduceMin", ["x"], ["r6"], "min_axis", axes=[2]),
        node("ReduceL2", ["x"], ["r7"], "l2_axis", axes=[0]),
        node("ReduceMax", ["s"], ["r8"], "max_scalar"),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4]), vi("s", F32, [])],
                 [vi("r1", F32, [2]), vi("r2", F32, [2, 1, 4]), vi("r3", F32, [1, 1, 1]),
                  vi("r4", F32, [2, 3, 4]), vi("r5", F32, []), vi("r6", F32, [2, 3, 1]),
                  vi("r7", F32, [1, 3, 4]), vi("r8", F32, [])], inits)


def reduce11():
    return single("ReduceSum", [2, 3], [2], opset=11, axes=[1], keepdims=0)


def reduce_axes_nonconst():
    nodes = [node("ReduceSum", ["x", "axes"], ["y"], "sum_dynamic_axes", keepdims=1)]
    return model(nodes, [vi("x", F32, [2, 3]), vi("axes", I64, [1])], [vi("y", F32, [2, 1])])


def norms():
    inits = [const("scale", [1.0, 2.0]), const("bias", [0.0, 0.5]), weights("ln_scale", [4]),
             weights("ln_bias", [4])]
    nodes = [
        node("InstanceNormalization", ["x", "scale", "bias"], ["n1"], "instnorm",
             epsilon=1e-3),
        node("MeanVarianceNormalization", ["x"], ["n2"], "mvn"),
        node("MeanVarianceNormalization", ["x"], ["n3"], "mvn_axes", axes=[2, 3]),
        node("LayerNormalization", ["x", "ln_scale", "ln_bias"], ["n4"], "layernorm"),
        node("LayerNormalization", ["x", "ln_scale"], ["n5"], "layernorm_axis", axis=2,
             epsilon=1e-6),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 3, 4])],
                 [vi("n%d" % i, F32, [1, 2, 3, 4]) for i in range(1, 6)], inits, opset=17)


def instnorm_dynamic_scale():
    nodes = [node("InstanceNormalization", ["x", "s", "b"], ["y"], "instnorm_dynamic")]
    return model(nodes, [vi("x", F32, [1, 2, 3]), vi("s", F32, [2]), vi("b", F32, [2])],
                 [vi("y", F32, [1, 2, 3])])


def layernorm_mean():
    nodes = [node("LayerNormalization", ["x", "s"], ["y", "mean"], "layernorm_stats")]
    return model(nodes, [vi("x", F32, [2, 4])], [vi("y", F32, [2, 4]), vi("mean", F32, [2, 1])],
                 [weights("s", [4])], opset=17)


#===------------------------------------------------------------------------===#
# Reshape, Flatten, Transpose, Squeeze, Unsqueeze
#===------------------------------------------------------------------------===#

def reshape():
    inits = [const("s1", [0, -1], np.int64), const("s2", [4, 0, 2], np.int64),
             const("s3", [24], np.int64)]
    nodes = [
        node("Reshape", ["x", "s1"], ["r1"], "reshape_copy_infer"),
        node("Reshape", ["x", "s2"], ["r2"], "reshape_copy_middle"),
        node("Reshape", ["x", "s3"], ["r3"], "reshape_allowzero", allowzero=1),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4])],
                 [vi("r1", F32, [2, 12]), vi("r2", F32, [4, 3, 2]), vi("r3", F32, [24])],
                 inits, opset=14)


def reshape_allowzero_mismatch():
    return single("Reshape", [2, 3], [2, 0], [const("s", [2, 0], np.int64)], ["s"], opset=14,
                  check=False, allowzero=1)


def reshape_two_inferred():
    return single("Reshape", [2, 3], [2, 3], [const("s", [-1, -1], np.int64)], ["s"],
                  check=False)


def reshape_nonconst():
    nodes = [node("Reshape", ["x", "s"], ["y"], "reshape_dynamic")]
    return model(nodes, [vi("x", F32, [2, 3]), vi("s", I64, [2])], [vi("y", F32, [3, 2])])


def reshape_large():
    # The shape is computed from a constant of 2^16 + 1 elements: too large to evaluate.
    inits = [const("big", np.zeros(65537), np.int64), const("idx", [0, 1], np.int64)]
    nodes = [
        node("Gather", ["big", "idx"], ["s0"], "take"),
        node("Add", ["s0", "base"], ["s"], "shape_add"),
        node("Reshape", ["x", "s"], ["y"], "reshape_from_big"),
    ]
    inits.append(const("base", [3, 2], np.int64))
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [3, 2])], inits)


def data():
    inits = [const("axes0", [0], np.int64), const("repeats", [2, 1, 3], np.int64),
             const("idx", [[0, 2], [1, 1]], np.int64)]
    nodes = [
        node("Flatten", ["x"], ["f1"], "flatten_default"),
        node("Flatten", ["x"], ["f2"], "flatten_axis0", axis=0),
        node("Transpose", ["x"], ["t1"], "transpose_default"),
        node("Transpose", ["x"], ["t2"], "transpose_perm", perm=[1, 0, 2]),
        node("Unsqueeze", ["x", "axes0"], ["u1"], "unsqueeze13"),
        node("Squeeze", ["u1", "axes0"], ["q1"], "squeeze13"),
        node("Squeeze", ["o"], ["q2"], "squeeze_all"),
        node("Concat", ["x", "x"], ["c1"], "concat", axis=-1),
        node("Tile", ["x", "repeats"], ["tile1"], "tile"),
        node("Gather", ["x", "idx"], ["g1"], "gather", axis=1),
        node("Gather", ["x", "gi"], ["g2"], "gather_dynamic"),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4]), vi("o", F32, [1, 3, 1]),
                         vi("gi", I64, [])],
                 [vi("f1", F32, [2, 12]), vi("f2", F32, [1, 24]), vi("t1", F32, [4, 3, 2]),
                  vi("t2", F32, [3, 2, 4]), vi("q1", F32, [2, 3, 4]), vi("q2", F32, [3]),
                  vi("c1", F32, [2, 3, 8]), vi("tile1", F32, [4, 3, 12]),
                  vi("g1", F32, [2, 2, 2, 4]), vi("g2", F32, [3, 4])], inits)


def data11():
    nodes = [
        node("Unsqueeze", ["x"], ["u1"], "unsqueeze11", axes=[0, -1]),
        node("Squeeze", ["u1"], ["q1"], "squeeze11", axes=[0]),
        node("Split", ["x"], ["s1", "s2"], "split_attr", axis=1, split=[1, 2]),
        node("Split", ["x"], ["e1", "e2"], "split_equal", axis=-1),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4])],
                 [vi("q1", F32, [2, 3, 4, 1]), vi("s1", F32, [2, 1, 4]),
                  vi("s2", F32, [2, 2, 4]), vi("e1", F32, [2, 3, 2]), vi("e2", F32, [2, 3, 2])],
                 opset=11)


def split13():
    inits = [const("split", [3, 1], np.int64)]
    nodes = [node("Split", ["x", "split"], ["s1", "", ], "split_input", axis=2),
             node("Split", ["x"], ["e1", "e2", "e3"], "split_three")]
    return model(nodes, [vi("x", F32, [3, 3, 4])],
                 [vi("s1", F32, [3, 3, 3]), vi("e1", F32, [1, 3, 4]), vi("e3", F32, [1, 3, 4])],
                 inits, check=False)


def split_uneven():
    nodes = [node("Split", ["x"], ["a", "b"], "split_uneven", axis=1)]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("a", F32, [2, 1]), vi("b", F32, [2, 2])],
                 check=False)


def unsqueeze_nonconst():
    nodes = [node("Unsqueeze", ["x", "a"], ["y"], "unsqueeze_dynamic")]
    return model(nodes, [vi("x", F32, [2, 3]), vi("a", I64, [1])], [vi("y", F32, [1, 2, 3])])


#===------------------------------------------------------------------------===#
# Slice, Pad
#===------------------------------------------------------------------------===#

def slice9():
    return single("Slice", [4, 6], [2, 4], opset=9, starts=[1, 2], ends=[3, 1000], axes=[0, 1])


def slice13():
    inits = [const("starts", [-3, 1], np.int64), const("ends", [INT64_MAX, -1], np.int64),
             const("axes", [-1, 0], np.int64), const("steps", [2, 1], np.int64),
             const("starts1", [1], np.int64), const("ends1", [3], np.int64)]
    nodes = [
        node("Slice", ["x", "starts", "ends", "axes"], ["s1"], "slice_negative"),
        node("Slice", ["x", "starts1", "ends1"], ["s2"], "slice_default_axes"),
        node("Slice", ["x", "starts", "ends", "axes", "steps"], ["s3"], "slice_steps"),
    ]
    return model(nodes, [vi("x", F32, [4, 6])],
                 [vi("s1", F32, [2, 3]), vi("s2", F32, [2, 6]), vi("s3", F32, [2, 2])], inits)


def slice_nonconst():
    inits = [const("ends", [2], np.int64)]
    nodes = [node("Slice", ["x", "starts", "ends"], ["y"], "slice_dynamic")]
    return model(nodes, [vi("x", F32, [4]), vi("starts", I64, [1])], [vi("y", F32, [2])], inits)


def pad9():
    nodes = [
        node("Pad", ["x"], ["p1"], "pad_constant", pads=[0, 1, 2, 0], value=1.5),
        node("Pad", ["x"], ["p2"], "pad_reflect", mode="reflect", pads=[1, 1, 1, 1]),
    ]
    return model(nodes, [vi("x", F32, [3, 4])], [vi("p1", F32, [5, 5]), vi("p2", F32, [5, 6])],
                 opset=9)


def pad13():
    inits = [const("pads", [1, 0, 0, 2], np.int64), const("value", 2.5),
             const("crop", [-1, 1, 0, -2], np.int64)]
    nodes = [
        node("Pad", ["x", "pads", "value"], ["p1"], "pad_value"),
        node("Pad", ["x", "pads"], ["p2"], "pad_edge", mode="edge"),
        node("Pad", ["x", "crop"], ["p3"], "pad_crop"),
    ]
    return model(nodes, [vi("x", F32, [3, 4])],
                 [vi("p1", F32, [4, 6]), vi("p2", F32, [4, 6]), vi("p3", F32, [2, 3])], inits)


def pad_bad_mode():
    return single("Pad", [3, 4], [5, 4], [const("pads", [1, 0, 1, 0], np.int64)], ["pads"],
                  mode="wrap", check=False)


#===------------------------------------------------------------------------===#
# Shape subgraphs, Shape, Dropout
#===------------------------------------------------------------------------===#

def shape_subgraph():
    # y = Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [-1])): [N, C, H, W] -> [N, C*H*W]
    # and z = Slice(x, 0, Shape(x)[2] / 2 * 1, axis 2): the first half of H.
    inits = [const("zero", 0, np.int64), const("minus1", [-1], np.int64),
             const("two", 2, np.int64), const("one", 1, np.int64),
             const("starts", [0], np.int64), const("axes", [2], np.int64)]
    nodes = [
        node("Shape", ["x"], ["shape"], "shape"),
        node("Gather", ["shape", "zero"], ["n"], "gather_n", axis=0),
        node("Unsqueeze", ["n", "starts"], ["n1"], "unsqueeze_n"),
        node("Concat", ["n1", "minus1"], ["target"], "concat_shape", axis=0),
        node("Reshape", ["x", "target"], ["y"], "reshape"),
        node("Gather", ["shape", "two"], ["h"], "gather_h", axis=0),
        node("Div", ["h", "two"], ["half"], "div_h"),
        node("Mul", ["half", "one"], ["end"], "mul_h"),
        node("Unsqueeze", ["end", "starts"], ["ends"], "unsqueeze_end"),
        node("Slice", ["x", "starts", "ends", "axes"], ["z"], "slice"),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 5, 4])],
                 [vi("y", F32, [2, 60]), vi("z", F32, [2, 3, 2, 4])], inits)


def shape15():
    nodes = [
        node("Shape", ["x"], ["s1"], "shape_all"),
        node("Shape", ["x"], ["s2"], "shape_tail", start=-2),
        node("Shape", ["x"], ["s3"], "shape_middle", start=1, end=2),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4])],
                 [vi("s1", I64, [3]), vi("s2", I64, [2]), vi("s3", I64, [1])], opset=15)


def dropout():
    nodes = [node("Dropout", ["x"], ["y"], "dropout9", ratio=0.2)]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3])], opset=9)


def dropout13():
    inits = [const("ratio", 0.5), numpy_helper.from_array(np.array(False), "training")]
    nodes = [node("Dropout", ["x", "ratio", "training"], ["y"], "dropout13")]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3])], inits)


def dropout_mask():
    nodes = [node("Dropout", ["x"], ["y", "mask"], "dropout_mask")]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3]), vi("mask", BOOL, [2, 3])])


def dropout_training():
    inits = [const("ratio", 0.5), numpy_helper.from_array(np.array(True), "training")]
    nodes = [node("Dropout", ["x", "ratio", "training"], ["y"], "dropout_training")]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3])], inits)


#===------------------------------------------------------------------------===#
# Further negative cases (checked by the ONNX checker, rejected by the handlers)
#===------------------------------------------------------------------------===#

def conv_group_zero():
    return single("Conv", [1, 4, 8, 8], [1, 4, 6, 6], [weights("w", [4, 2, 3, 3])], ["w"],
                  group=0)


def conv_filter_rank():
    return single("Conv", [1, 3, 8, 8], ["a", "b", "c"], [weights("w", [4, 3, 3])], ["w"],
                  check=False)


def conv_transpose_bad_output_shape():
    return single("ConvTranspose", [1, 4, 4, 4], [1, 2, 8, 8], [weights("w", [4, 2, 3, 3])],
                  ["w"], output_shape=[8])


def gemm_rank():
    return single("Gemm", [2, 3, 4], [2, 5], [weights("w", [4, 5])], ["w"], check=False)


def pool_bad_ceil_mode():
    return single("MaxPool", [1, 1, 4, 4], [1, 1, 3, 3], kernel_shape=[2, 2], ceil_mode=2)


def avgpool_bad_count_include_pad():
    return single("AveragePool", [1, 1, 4, 4], [1, 1, 3, 3], kernel_shape=[2, 2],
                  count_include_pad=2)


def global_pool_rank():
    return single("GlobalAveragePool", [2, 3], [2, 3], check=False)


def softmax_bad_axis():
    return single("Softmax", [2, 3, 4], [2, 3, 4], axis=3, check=False)


def instnorm_rank():
    return single("InstanceNormalization", [2, 3], [2, 3], [const("s", [1, 1, 1]),
                                                              const("b", [0, 0, 0])],
                  ["s", "b"], check=False)


def instnorm_scale_shape():
    return single("InstanceNormalization", [1, 2, 3], [1, 2, 3], [const("s", [1, 1, 1]),
                                                                  const("b", [0, 0, 0])],
                  ["s", "b"], check=False)


def reshape_copy_beyond_rank():
    return single("Reshape", [6], [6, 1], [const("s", [-1, 0], np.int64)], ["s"], check=False)


def reshape_invalid_dim():
    return single("Reshape", [2, 3], [2, 3], [const("s", [-2, 3], np.int64)], ["s"],
                  check=False)


def reshape_cannot_infer():
    return single("Reshape", [2, 3], [2, 3], [const("s", [-1, 4], np.int64)], ["s"],
                  check=False)


def reshape_eval_error():
    # The shape subgraph gathers index 5 of a 2-element constant: the evaluation fails.
    inits = [const("dims", [3, 2], np.int64), const("idx", [0, 5], np.int64)]
    nodes = [
        node("Gather", ["dims", "idx"], ["s"], "gather_out_of_range"),
        node("Reshape", ["x", "s"], ["y"], "reshape_bad_shape"),
    ]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [3, 2])], inits, check=False)


def split_count_mismatch():
    nodes = [node("Split", ["x"], ["a", "b", "c"], "split_mismatch", axis=1, split=[1, 2])]
    return model(nodes, [vi("x", F32, [2, 3])],
                 [vi("a", F32, [2, 1]), vi("b", F32, [2, 2]), vi("c", F32, [2, 0])], opset=11,
                 check=False)


def split_bad_axis():
    nodes = [node("Split", ["x"], ["a", "b"], "split_axis", axis=5)]
    return model(nodes, [vi("x", F32, [2, 4])], [vi("a", F32, [2, 2]), vi("b", F32, [2, 2])],
                 check=False)


def pad_value_shape():
    return single("Pad", [3, 4], [5, 4], [const("pads", [1, 0, 1, 0], np.int64),
                                          const("v", [1.0, 2.0])], ["pads", "v"], check=False)


def pad_count():
    return single("Pad", [3, 4], [5, 4], [const("pads", [1, 0, 1], np.int64)], ["pads"],
                  check=False)


def pad_out_of_range():
    # Found by the ONNX fuzzer: INT64_MIN as a pad overflowed the crop arithmetic.
    return single("Pad", [3, 4], ["a", "b"],
                  [const("pads", [0, -2**63, 0, 2**40], np.int64)], ["pads"], check=False)


def pad_crop_too_much():
    return single("Pad", [3, 4], ["a", "b"], [const("pads", [-3, 0, -1, 0], np.int64)], ["pads"],
                  check=False)


MODELS = {
    "avgpool_bad_count_include_pad": avgpool_bad_count_include_pad,
    "batchnorm": batchnorm,
    "batchnorm15": batchnorm15,
    "batchnorm_spatial": batchnorm_spatial,
    "batchnorm_training": batchnorm_training,
    "batchnorm_training_outputs": batchnorm_training_outputs,
    "conv": conv,
    "conv_1d": conv_1d,
    "conv_bad_auto_pad": conv_bad_auto_pad,
    "conv_bad_kernel_shape": conv_bad_kernel_shape,
    "conv_bad_strides": conv_bad_strides,
    "conv_filter_rank": conv_filter_rank,
    "conv_group_zero": conv_group_zero,
    "conv_transpose": conv_transpose,
    "conv_transpose_bad_output_shape": conv_transpose_bad_output_shape,
    "conv_transpose_too_large": conv_transpose_too_large,
    "conv_zero_strides": conv_zero_strides,
    "data": data,
    "data11": data11,
    "dropout": dropout,
    "dropout13": dropout13,
    "dropout_mask": dropout_mask,
    "dropout_training": dropout_training,
    "gemm": gemm,
    "gemm_rank": gemm_rank,
    "global_pool_rank": global_pool_rank,
    "instnorm_dynamic_scale": instnorm_dynamic_scale,
    "instnorm_rank": instnorm_rank,
    "instnorm_scale_shape": instnorm_scale_shape,
    "layernorm_mean": layernorm_mean,
    "lp_pool": lp_pool,
    "lppool_bad_p": lppool_bad_p,
    "max_roi_pool_bad_shape": max_roi_pool_bad_shape,
    "maxpool_3d": maxpool_3d,
    "maxpool_dilations": maxpool_dilations,
    "maxpool_indices": maxpool_indices,
    "norms": norms,
    "pad13": pad13,
    "pad9": pad9,
    "pad_bad_mode": pad_bad_mode,
    "pad_count": pad_count,
    "pad_crop_too_much": pad_crop_too_much,
    "pad_out_of_range": pad_out_of_range,
    "pad_value_shape": pad_value_shape,
    "pool": pool,
    "pool_1d": pool_1d,
    "pool_bad_ceil_mode": pool_bad_ceil_mode,
    "pool_opset9": pool_opset9,
    "reduce": reduce,
    "roi_align10": roi_align10,
    "roi_align_bad_batch": roi_align_bad_batch,
    "roi_align_bad_mode": roi_align_bad_mode,
    "roi_pooling": roi_pooling,
    "reduce11": reduce11,
    "reduce_axes_nonconst": reduce_axes_nonconst,
    "reshape": reshape,
    "reshape_allowzero_mismatch": reshape_allowzero_mismatch,
    "reshape_cannot_infer": reshape_cannot_infer,
    "reshape_copy_beyond_rank": reshape_copy_beyond_rank,
    "reshape_eval_error": reshape_eval_error,
    "reshape_invalid_dim": reshape_invalid_dim,
    "reshape_large": reshape_large,
    "reshape_nonconst": reshape_nonconst,
    "reshape_two_inferred": reshape_two_inferred,
    "shape15": shape15,
    "shape_subgraph": shape_subgraph,
    "slice13": slice13,
    "slice9": slice9,
    "slice_nonconst": slice_nonconst,
    "softmax": softmax,
    "softmax11": softmax11,
    "softmax_bad_axis": softmax_bad_axis,
    "split13": split13,
    "split_bad_axis": split_bad_axis,
    "split_count_mismatch": split_count_mismatch,
    "split_uneven": split_uneven,
    "unsqueeze_nonconst": unsqueeze_nonconst,
}

if __name__ == "__main__":
    model_utils.main(MODELS)
