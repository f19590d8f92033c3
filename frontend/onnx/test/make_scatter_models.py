#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the test models of GatherND, ScatterND, ScatterElements and Scatter
(frontend/onnx/Scatter.cpp; scatter.test).

Usage: make_scatter_models.py OUT_DIR

Every model is built with onnx.helper and saved as OUT_DIR/<name>.onnx; MODELS lists them.
"""

from onnx import helper

from model_utils import BOOL, F32, I32, I64, main, model, vi


def scatter_gather_nd():
    # Opset 12: batch_dims 0 (the default) and 1.
    nodes = [
        helper.make_node("GatherND", ["x", "i"], ["g0"], name="gnd0"),
        helper.make_node("GatherND", ["x", "j"], ["g1"], name="gnd1", batch_dims=1),
    ]
    return model(nodes, [vi("x", F32, [2, 4, 3]), vi("i", I64, [5, 2]), vi("j", I64, [2, 6, 1])],
                 [vi("g0", F32, [5, 3]), vi("g1", F32, [2, 6, 3])], opset=12)


def scatter_gather_nd11():
    nodes = [helper.make_node("GatherND", ["x", "i"], ["y"], name="gnd11")]
    return model(nodes, [vi("x", I32, [3, 4]), vi("i", I64, [2, 2])], [vi("y", I32, [2])],
                 opset=11)


def scatter_nd():
    # Opset 16: no reduction, add and mul.
    nodes = [
        helper.make_node("ScatterND", ["x", "i", "u"], ["s0"], name="snd_none"),
        helper.make_node("ScatterND", ["x", "i", "u"], ["s1"], name="snd_add", reduction="add"),
        helper.make_node("ScatterND", ["x", "i", "u"], ["s2"], name="snd_mul", reduction="mul"),
    ]
    return model(nodes, [vi("x", F32, [4, 3]), vi("i", I64, [2, 1]), vi("u", F32, [2, 3])],
                 [vi(f"s{k}", F32, [4, 3]) for k in range(3)], opset=16)


def scatter_nd_bad_reduction():
    nodes = [helper.make_node("ScatterND", ["x", "i", "u"], ["y"], name="snd_max",
                              reduction="max")]
    return model(nodes, [vi("x", F32, [4]), vi("i", I64, [2, 1]), vi("u", F32, [2])],
                 [vi("y", F32, [4])], opset=16, check=False)


def scatter_elements():
    # Opset 16: a negative axis with mul, the default axis 0 with add; opset 11 below.
    nodes = [
        helper.make_node("ScatterElements", ["x", "i", "u"], ["s0"], name="se_mul", axis=-1,
                         reduction="mul"),
        helper.make_node("ScatterElements", ["x", "i", "u"], ["s1"], name="se_add",
                         reduction="add"),
    ]
    return model(nodes, [vi("x", F32, [3, 4]), vi("i", I32, [2, 2]), vi("u", F32, [2, 2])],
                 [vi("s0", F32, [3, 4]), vi("s1", F32, [3, 4])], opset=16)


def scatter_elements11():
    nodes = [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], name="se11", axis=1)]
    return model(nodes, [vi("x", BOOL, [2, 3]), vi("i", I64, [2, 1]), vi("u", BOOL, [2, 1])],
                 [vi("y", BOOL, [2, 3])], opset=11)


def scatter_elements_bad_axis():
    nodes = [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], name="se_axis",
                              axis=2)]
    return model(nodes, [vi("x", F32, [3, 4]), vi("i", I64, [2, 2]), vi("u", F32, [2, 2])],
                 [vi("y", F32, [3, 4])], opset=13, check=False)


def scatter9():
    # The deprecated opset 9 Scatter is ScatterElements without reduction.
    nodes = [helper.make_node("Scatter", ["x", "i", "u"], ["y"], name="scatter9", axis=0)]
    return model(nodes, [vi("x", F32, [3, 2]), vi("i", I64, [1, 2]), vi("u", F32, [1, 2])],
                 [vi("y", F32, [3, 2])], opset=9)


MODELS = {f.__name__: f for f in [scatter_gather_nd, scatter_gather_nd11, scatter_nd,
                                  scatter_nd_bad_reduction, scatter_elements,
                                  scatter_elements11, scatter_elements_bad_axis, scatter9]}

if __name__ == "__main__":
    main(MODELS)
