#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the test models of the Resize, Quantization and Indexing op families.

Usage: make_extra_models.py OUT_DIR

Every model is built with onnx.helper (python3-onnx 1.12) and saved as OUT_DIR/<name>.onnx;
MODELS lists them. Models whose point is an unsupported or malformed node skip the checker.
"""

import numpy as np
from onnx import helper, numpy_helper

from model_utils import F32, I8, I32, I64, U8, main, model, vi


def const(name, values, dtype=np.float32):
    """A Constant node producing `values` as `name`."""
    return helper.make_node("Constant", [], [name], name=name,
                            value=numpy_helper.from_array(np.array(values, dtype=dtype), name))


def extra_resize():
    nodes = [
        const("scales", [1, 1, 2, 2]),
        const("sizes", [1, 2, 3, 9], np.int64),
        const("roi", [0, 0, 0.2, 0.2, 1, 1, 0.8, 0.8]),
        helper.make_node("Resize", ["x", "", "scales"], ["linear"], name="linear",
                         mode="linear"),
        helper.make_node("Resize", ["x", "", "", "sizes"], ["nearest"], name="nearest",
                         coordinate_transformation_mode="asymmetric",
                         nearest_mode="round_prefer_ceil"),
        helper.make_node("Resize", ["x", "", "scales"], ["cubic"], name="cubic", mode="cubic",
                         cubic_coeff_a=-0.5, exclude_outside=1),
        helper.make_node("Resize", ["x", "roi", "", "sizes"], ["crop"], name="crop",
                         mode="linear", coordinate_transformation_mode="tf_crop_and_resize",
                         extrapolation_value=2.5),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 4, 6])],
                 [vi("linear", F32, [1, 2, 8, 12]), vi("nearest", F32, [1, 2, 3, 9]),
                  vi("cubic", F32, [1, 2, 8, 12]), vi("crop", F32, [1, 2, 3, 9])])


def extra_resize11():
    # Opset 11: the scales input is required but may be empty when sizes are given.
    nodes = [const("roi", np.zeros([0])), const("scales", np.zeros([0])),
             const("sizes", [2, 5], np.int64),
             helper.make_node("Resize", ["x", "roi", "scales", "sizes"], ["y"], name="resize",
                              mode="nearest", coordinate_transformation_mode="align_corners",
                              nearest_mode="floor")]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 5])], opset=11)


def extra_resize10():
    nodes = [const("scales", [1, 2, 0.5]),
             helper.make_node("Resize", ["x", "scales"], ["y"], name="resize10")]
    return model(nodes, [vi("x", F32, [1, 3, 4])], [vi("y", F32, [1, 6, 2])], opset=10)


def extra_upsample9():
    nodes = [const("scales", [1, 1, 2, 2]),
             helper.make_node("Upsample", ["x", "scales"], ["y"], name="upsample",
                              mode="linear")]
    return model(nodes, [vi("x", F32, [1, 1, 2, 2])], [vi("y", F32, [1, 1, 4, 4])], opset=9)


def extra_resize_nonconst():
    nodes = [helper.make_node("Resize", ["x", "", "scales"], ["y"], name="dyn_resize")]
    return model(nodes, [vi("x", F32, [1, 1, 2, 2]), vi("scales", F32, [4])],
                 [vi("y", F32, ["a", "b", "c", "d"])])


def extra_resize_both():
    nodes = [const("scales", [1, 1, 2, 2]), const("sizes", [1, 1, 4, 4], np.int64),
             helper.make_node("Resize", ["x", "", "scales", "sizes"], ["y"], name="both")]
    return model(nodes, [vi("x", F32, [1, 1, 2, 2])], [vi("y", F32, [1, 1, 4, 4])], check=False)


def extra_resize_bad_mode():
    nodes = [const("scales", [1, 1, 2, 2]),
             helper.make_node("Resize", ["x", "", "scales"], ["y"], name="area", mode="area")]
    return model(nodes, [vi("x", F32, [1, 1, 2, 2])], [vi("y", F32, [1, 1, 4, 4])], check=False)


def extra_resize_crop_no_roi():
    nodes = [const("sizes", [1, 1, 3, 3], np.int64),
             helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], name="crop",
                              coordinate_transformation_mode="tf_crop_and_resize")]
    return model(nodes, [vi("x", F32, [1, 1, 2, 2])], [vi("y", F32, [1, 1, 3, 3])])


def extra_qdq():
    inits = [
        numpy_helper.from_array(np.array(0.02, np.float32), "a_scale"),
        numpy_helper.from_array(np.array(128, np.uint8), "a_zp"),
        numpy_helper.from_array(np.array([[1, -2], [3, 4], [-5, 6]], np.int8), "w"),
        numpy_helper.from_array(np.array([0.5, 0.25, 0.125], np.float32), "w_scale"),
        numpy_helper.from_array(np.array([0, 1, -1], np.int8), "w_zp"),
        numpy_helper.from_array(np.array([100, -7, 3], np.int32), "b"),
        numpy_helper.from_array(np.array(0.01, np.float32), "b_scale"),
        numpy_helper.from_array(np.array(0.1, np.float32), "u_scale"),
    ]
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "a_scale", "a_zp"], ["xq"], name="q"),
        helper.make_node("DequantizeLinear", ["xq", "a_scale", "a_zp"], ["xd"], name="dq"),
        helper.make_node("DequantizeLinear", ["w", "w_scale", "w_zp"], ["wd"], name="dq_w",
                         axis=0),
        helper.make_node("DequantizeLinear", ["b", "b_scale"], ["bd"], name="dq_b"),
        # No zero point: uint8 with zero point 0.
        helper.make_node("QuantizeLinear", ["x", "u_scale"], ["xu"], name="q_u8"),
        helper.make_node("DequantizeLinear", ["xu", "u_scale"], ["xud"], name="dq_u8"),
    ]
    return model(nodes, [vi("x", F32, [1, 3, 2])],
                 [vi("xd", F32, [1, 3, 2]), vi("wd", F32, [3, 2]), vi("bd", F32, [3]),
                  vi("xud", F32, [1, 3, 2])], inits)


def extra_qdq_per_axis():
    # A per-channel QuantizeLinear (opset 13) of an activation, axis 1 by default.
    inits = [numpy_helper.from_array(np.array([0.1, 0.2], np.float32), "s"),
             numpy_helper.from_array(np.array([0, -3], np.int8), "zp")]
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "zp"], ["q"], name="q"),
             helper.make_node("DequantizeLinear", ["q", "s", "zp"], ["y"], name="dq")]
    return model(nodes, [vi("x", F32, [1, 2, 3])], [vi("y", F32, [1, 2, 3])], inits)


def extra_dq_input():
    inits = [numpy_helper.from_array(np.array(0.5, np.float32), "s")]
    nodes = [helper.make_node("DequantizeLinear", ["q", "s"], ["y"], name="dq_input")]
    return model(nodes, [vi("q", U8, [4])], [vi("y", F32, [4])], inits)


def extra_dq_mismatch():
    inits = [numpy_helper.from_array(np.array(0.5, np.float32), "s1"),
             numpy_helper.from_array(np.array(0.25, np.float32), "s2")]
    nodes = [helper.make_node("QuantizeLinear", ["x", "s1"], ["q"], name="q"),
             helper.make_node("DequantizeLinear", ["q", "s2"], ["y"], name="dq_other")]
    return model(nodes, [vi("x", F32, [4])], [vi("y", F32, [4])], inits)


def extra_q_nonconst_scale():
    nodes = [helper.make_node("QuantizeLinear", ["x", "s"], ["y"], name="q_dyn")]
    return model(nodes, [vi("x", F32, [4]), vi("s", F32, [])], [vi("y", U8, [4])])


def qlinear_conv_inits(b_dtype=np.int32):
    return [
        numpy_helper.from_array(np.array(0.5, np.float32), "xs"),
        numpy_helper.from_array(np.array(128, np.uint8), "xz"),
        numpy_helper.from_array(np.arange(-6, 6, dtype=np.int8).reshape(2, 3, 2, 1), "w"),
        numpy_helper.from_array(np.array([0.25, 0.125], np.float32), "ws"),
        numpy_helper.from_array(np.zeros(2, np.int8), "wz"),
        numpy_helper.from_array(np.array(2.0, np.float32), "ys"),
        numpy_helper.from_array(np.array(10, np.uint8), "yz"),
        numpy_helper.from_array(np.array([100, -50], b_dtype), "b"),
    ]


def extra_qlinear_conv():
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"], name="q"),
             helper.make_node("QLinearConv", ["xq", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"],
                              ["yq"], name="qconv", strides=[2, 1]),
             helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"], name="dq")]
    return model(nodes, [vi("x", F32, [1, 3, 4, 3])], [vi("y", F32, [1, 2, 2, 3])],
                 qlinear_conv_inits())


def extra_qlinear_conv_float_input():
    nodes = [helper.make_node("QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"],
                              ["y"], name="qconv_float")]
    return model(nodes, [vi("x", F32, [1, 3, 4, 3])], [vi("y", U8, [1, 2, 3, 3])],
                 qlinear_conv_inits(), check=False)


def extra_qlinear_conv_mismatch():
    inits = qlinear_conv_inits() + [numpy_helper.from_array(np.array(0.25, np.float32), "xs2")]
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs2", "xz"], ["xq"], name="q"),
             helper.make_node("QLinearConv", ["xq", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"],
                              ["y"], name="qconv_mismatch")]
    return model(nodes, [vi("x", F32, [1, 3, 4, 3])], [vi("y", U8, [1, 2, 3, 3])], inits)


def extra_qlinear_conv_bias_type():
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"], name="q"),
             helper.make_node("QLinearConv", ["xq", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"],
                              ["y"], name="qconv_bias")]
    return model(nodes, [vi("x", F32, [1, 3, 4, 3])], [vi("y", U8, [1, 2, 3, 3])],
                 qlinear_conv_inits(np.int8), check=False)


def extra_qlinear_matmul():
    """QuantizeLinear, QLinearMatMul with u8 x i8 weights quantized per column, DequantizeLinear:
    x [2, 4] -> y [2, 3]."""
    inits = [
        numpy_helper.from_array(np.array(0.5, np.float32), "xs"),
        numpy_helper.from_array(np.array(128, np.uint8), "xz"),
        numpy_helper.from_array(np.arange(-6, 6, dtype=np.int8).reshape(4, 3), "w"),
        numpy_helper.from_array(np.array([0.25, 0.125, 0.5], np.float32), "ws"),
        numpy_helper.from_array(np.zeros(3, np.int8), "wz"),
        numpy_helper.from_array(np.array(0.75, np.float32), "ys"),
        numpy_helper.from_array(np.array(10, np.uint8), "yz"),
    ]
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"], name="q"),
             helper.make_node("QLinearMatMul", ["xq", "xs", "xz", "w", "ws", "wz", "ys", "yz"],
                              ["yq"], name="qmatmul"),
             helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"], name="dq")]
    return model(nodes, [vi("x", F32, [2, 4])], [vi("y", F32, [2, 3])], inits)


def extra_qlinear_matmul_batched():
    """A QLinearMatMul on a rank-3 input (not the supported [N, K] form)."""
    inits = [
        numpy_helper.from_array(np.array(0.5, np.float32), "xs"),
        numpy_helper.from_array(np.array(128, np.uint8), "xz"),
        numpy_helper.from_array(np.ones((4, 3), np.int8), "w"),
        numpy_helper.from_array(np.array(0.25, np.float32), "ws"),
        numpy_helper.from_array(np.array(0, np.int8), "wz"),
        numpy_helper.from_array(np.array(0.75, np.float32), "ys"),
        numpy_helper.from_array(np.array(10, np.uint8), "yz"),
    ]
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"], name="q"),
             helper.make_node("QLinearMatMul", ["xq", "xs", "xz", "w", "ws", "wz", "ys", "yz"],
                              ["yq"], name="qmatmul3d"),
             helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"], name="dq")]
    return model(nodes, [vi("x", F32, [2, 2, 4])], [vi("y", F32, [2, 2, 3])], inits)


def extra_indexing():
    inits = [
        numpy_helper.from_array(np.array([2, 1, 3], np.int64), "shape"),
        numpy_helper.from_array(np.array(1, np.int64), "start"),
        numpy_helper.from_array(np.array(10, np.int64), "limit"),
        numpy_helper.from_array(np.array(4, np.int64), "delta"),
        numpy_helper.from_array(np.array([[0, 2], [1, 0]], np.int64), "gi"),
        numpy_helper.from_array(np.array([[1], [0]], np.int64), "si"),
        numpy_helper.from_array(np.array([2], np.int64), "k"),
        numpy_helper.from_array(np.array(-1, np.int32), "axis"),
    ]
    nodes = [
        helper.make_node("Expand", ["v", "shape"], ["expand"], name="expand"),
        helper.make_node("Range", ["start", "limit", "delta"], ["range"], name="range"),
        helper.make_node("GatherElements", ["m", "gi"], ["gather"], name="gather", axis=1),
        helper.make_node("ScatterND", ["m", "si", "u"], ["scatter"], name="scatter"),
        helper.make_node("TopK", ["m", "k"], ["values", "indices"], name="topk", largest=0,
                         sorted=0),
        helper.make_node("CumSum", ["m", "axis"], ["cumsum"], name="cumsum", exclusive=1,
                         reverse=1),
        helper.make_node("DepthToSpace", ["t", ], ["d2s"], name="d2s", blocksize=2, mode="CRD"),
        helper.make_node("SpaceToDepth", ["d2s"], ["s2d"], name="s2d", blocksize=2),
    ]
    return model(nodes, [vi("v", F32, [3]), vi("m", F32, [2, 3]), vi("u", F32, [2, 3]),
                         vi("t", F32, [1, 8, 2, 3])],
                 [vi("expand", F32, [2, 1, 3]), vi("range", I64, [3]),
                  vi("gather", F32, [2, 2]), vi("scatter", F32, [2, 3]),
                  vi("values", F32, [2, 2]), vi("indices", I64, [2, 2]),
                  vi("cumsum", F32, [2, 3]), vi("s2d", F32, [1, 8, 2, 3])], inits)


def extra_topk_opsets():
    # Opset 9: k is an attribute; sorted largest values along axis -1.
    nodes = [helper.make_node("TopK", ["x"], ["v", "i"], name="topk9", k=2)]
    return model(nodes, [vi("x", F32, [3, 4])], [vi("v", F32, [3, 2]), vi("i", I64, [3, 2])],
                 opset=9)


def extra_topk_nonconst():
    nodes = [helper.make_node("TopK", ["x", "k"], ["v", "i"], name="topk_dyn")]
    return model(nodes, [vi("x", F32, [3, 4]), vi("k", I64, [1])],
                 [vi("v", F32, [3, "k"]), vi("i", I64, [3, "k"])])


def extra_arg_extremum():
    # ArgMax (defaults: axis 0, keepdims 1) and ArgMin (negative axis, no keepdims, ties to the
    # last index) at opset 13; ArgMax at opset 11 (no select_last_index).
    nodes = [
        helper.make_node("ArgMax", ["x"], ["amax"], name="argmax"),
        helper.make_node("ArgMin", ["x"], ["amin"], name="argmin", axis=-1, keepdims=0,
                         select_last_index=1),
    ]
    return model(nodes, [vi("x", F32, [3, 4])], [vi("amax", I64, [1, 4]), vi("amin", I64, [3])])


def extra_argmax11():
    nodes = [helper.make_node("ArgMax", ["x"], ["y"], name="argmax11", axis=1, keepdims=0)]
    return model(nodes, [vi("x", F32, [3, 4])], [vi("y", I64, [3])], opset=11)


def extra_expand_nonconst():
    nodes = [helper.make_node("Expand", ["x", "shape"], ["y"], name="expand_dyn")]
    return model(nodes, [vi("x", F32, [3]), vi("shape", I64, [2])], [vi("y", F32, ["a", "b"])])


def extra_range_float():
    nodes = [const("start", 0.5), const("limit", 2.0), const("delta", 0.5),
             helper.make_node("Range", ["start", "limit", "delta"], ["y"], name="frange")]
    return model(nodes, [], [vi("y", F32, [3])])


def extra_scatternd_add():
    nodes = [helper.make_node("ScatterND", ["x", "i", "u"], ["y"], name="scatter_add",
                              reduction="add")]
    return model(nodes, [vi("x", F32, [4]), vi("i", I64, [1, 1]), vi("u", F32, [1])],
                 [vi("y", F32, [4])], opset=16)


def extra_d2s_bad_mode():
    nodes = [helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s_bad", blocksize=2,
                              mode="XYZ")]
    return model(nodes, [vi("x", F32, [1, 4, 1, 1])], [vi("y", F32, [1, 1, 2, 2])], check=False)


def extra_d2s_channels():
    nodes = [helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s_channels", blocksize=2)]
    return model(nodes, [vi("x", F32, [1, 6, 1, 1])], [vi("y", F32, [1, 1, 2, 2])], check=False)


MODELS = {f.__name__: f for f in [
    extra_resize, extra_resize11, extra_resize10, extra_upsample9, extra_resize_nonconst,
    extra_resize_both, extra_resize_bad_mode, extra_resize_crop_no_roi, extra_qdq,
    extra_qdq_per_axis, extra_dq_input, extra_dq_mismatch, extra_q_nonconst_scale,
    extra_qlinear_conv, extra_qlinear_conv_float_input, extra_qlinear_conv_mismatch,
    extra_qlinear_conv_bias_type, extra_qlinear_matmul, extra_qlinear_matmul_batched,
    extra_indexing, extra_topk_opsets, extra_topk_nonconst, extra_arg_extremum, extra_argmax11,
    extra_expand_nonconst,
    extra_range_float, extra_scatternd_add, extra_d2s_bad_mode, extra_d2s_channels]}

if __name__ == "__main__":
    main(MODELS)
