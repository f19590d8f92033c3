#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of ConvInteger and MatMulInteger (integer.test, frontend/onnx/Integer.cpp).

Usage: make_integer_models.py OUT_DIR

integer_ops also gets OUT_DIR/integer_ops.npz: its inputs (`in_<input name>`) and the outputs of
a plain int64 NumPy implementation of the operators (`out_<output name>`), which
seq_numerics_test compares with the IE reference interpreter (exactly: the values are integers).
"""

import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from model_utils import F32, I32, I8, U8, main, model, vi

RNG = np.random.default_rng(10)
# Constant filters (u8, zero point per output channel) and a grouped i8 filter.
W = RNG.integers(0, 256, (4, 3, 3, 3), dtype=np.uint8)
W_ZP = np.array([0, 128, 255, 7], np.uint8)
WG = RNG.integers(-128, 128, (4, 1, 2, 2), dtype=np.int8)
B = RNG.integers(-128, 128, (16, 5), dtype=np.int8)


def integer_ops():
    inits = [numpy_helper.from_array(W, "w"), numpy_helper.from_array(W_ZP, "w_zp"),
             numpy_helper.from_array(np.array(131, np.uint8), "x_zp"),
             numpy_helper.from_array(WG, "wg"), numpy_helper.from_array(B, "b"),
             numpy_helper.from_array(np.array([3, -4, 0, 127, -128], np.int8), "b_zp")]
    nodes = [
        helper.make_node("ConvInteger", ["x", "w", "x_zp", "w_zp"], ["conv"], name="conv",
                         pads=[1, 1, 1, 1], strides=[2, 1]),
        helper.make_node("ConvInteger", ["xs", "wg"], ["group_conv"], name="group_conv",
                         group=4),
        helper.make_node("MatMulInteger", ["a", "b", "a_zp", "b_zp"], ["matmul"],
                         name="matmul"),
        helper.make_node("MatMulInteger", ["a3", "b"], ["batched"], name="batched"),
    ]
    inputs = [vi("x", U8, [1, 3, 6, 5]), vi("xs", I8, [1, 4, 3, 3]), vi("a", I8, [3, 16]),
              vi("a_zp", I8, [3]), vi("a3", I8, [2, 3, 16])]
    outputs = [vi("conv", I32, [1, 4, 3, 5]), vi("group_conv", I32, [1, 4, 2, 2]),
               vi("matmul", I32, [3, 5]), vi("batched", I32, [2, 3, 5])]
    return model(nodes, inputs, outputs, inits, opset=13)


def conv_ref(x, w, pads, strides, group):
    """Plain-loop integer convolution of int64 arrays (x already centered, zero-padded)."""
    x = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    oh, ow = (h - kh) // strides[0] + 1, (wd - kw) // strides[1] + 1
    out = np.zeros((n, m, oh, ow), np.int64)
    per_group = m // group
    for o in range(m):
        g = o // per_group
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg, i * strides[0]:i * strides[0] + kh,
                          j * strides[1]:j * strides[1] + kw]
                out[:, o, i, j] = (patch * w[o]).sum(axis=(1, 2, 3))
    return out


def integer_ops_ref(x, xs, a, a_zp, a3):
    i64 = np.int64
    w = W.astype(i64) - W_ZP.astype(i64)[:, None, None, None]
    b = B.astype(i64) - np.array([3, -4, 0, 127, -128], i64)
    return {
        "conv": conv_ref(x.astype(i64) - 131, w, [1, 1, 1, 1], [2, 1], 1).astype(np.int32),
        "group_conv": conv_ref(xs.astype(i64), WG.astype(i64), [0] * 4, [1, 1], 4)
        .astype(np.int32),
        "matmul": ((a.astype(i64) - a_zp.astype(i64)[:, None]) @ b).astype(np.int32),
        "batched": (a3.astype(i64) @ B.astype(i64)).astype(np.int32),
    }


def integer_float_input():
    nodes = [helper.make_node("MatMulInteger", ["a", "b"], ["y"], name="matmul_float")]
    return model(nodes, [vi("a", F32, [2, 3]), vi("b", U8, [3, 2])], [vi("y", I32, [2, 2])],
                 opset=13)


def integer_zero_point_type():
    nodes = [helper.make_node("ConvInteger", ["x", "w", "x_zp"], ["y"], name="conv_zp_type")]
    inits = [numpy_helper.from_array(np.array(1, np.int8), "x_zp"),
             numpy_helper.from_array(np.ones((1, 1, 1, 1), np.uint8), "w")]
    return model(nodes, [vi("x", U8, [1, 1, 2, 2])], [vi("y", I32, [1, 1, 2, 2])], inits,
                 opset=13, check=False)


MODELS = {f.__name__: f for f in [integer_ops, integer_float_input, integer_zero_point_type]}

if __name__ == "__main__":
    out_dir = main(MODELS)
    inputs = {"x": RNG.integers(0, 256, (1, 3, 6, 5), dtype=np.uint8),
              "xs": RNG.integers(-128, 128, (1, 4, 3, 3), dtype=np.int8),
              "a": RNG.integers(-128, 128, (3, 16), dtype=np.int8),
              "a_zp": np.array([-128, 0, 127], np.int8),
              "a3": RNG.integers(-128, 128, (2, 3, 16), dtype=np.int8)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in integer_ops_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "integer_ops.npz"), **arrays)
