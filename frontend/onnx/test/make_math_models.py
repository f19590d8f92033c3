#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the test models of the Math op family (frontend/onnx/Math.cpp; math.test) and of
ReduceProd (frontend/onnx/NN.cpp; reduce_prod.test); BitShift is in bitshift.test.

Usage: make_math_models.py OUT_DIR

Every model is built with onnx.helper and saved as OUT_DIR/<name>.onnx; MODELS lists them.
"""

from onnx import helper

from onnx import TensorProto

from model_utils import F16, F32, I32, I64, U8, main, model, vi

TRIG = ["Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh",
        "Atanh"]


def math_trig():
    # Every function on the same input, one output each.
    nodes = [helper.make_node(op, ["x"], [op.lower()], name=op.lower()) for op in TRIG]
    return model(nodes, [vi("x", F32, [2, 3])], [vi(op.lower(), F32, [2, 3]) for op in TRIG])


def math_trig_opset7():
    # Opset 7 (Sin ... Atan) is upgraded to 9 before the import.
    nodes = [helper.make_node("Sin", ["x"], ["s"], name="sin7"),
             helper.make_node("Atan", ["s"], ["y"], name="atan7")]
    return model(nodes, [vi("x", F32, [4])], [vi("y", F32, [4])], opset=7)


def math_trig_f16():
    nodes = [helper.make_node("Cosh", ["x"], ["c"], name="cosh16"),
             helper.make_node("Asinh", ["c"], ["y"], name="asinh16")]
    return model(nodes, [vi("x", F16, [1, 2, 2])], [vi("y", F16, [1, 2, 2])], opset=17)


def math_trig_int():
    # Sin is defined on float tensors only.
    nodes = [helper.make_node("Sin", ["x"], ["y"], name="sin_int")]
    return model(nodes, [vi("x", I32, [3])], [vi("y", I32, [3])], check=False)


def math_reduce_prod():
    # Opset 13: the axes attribute, keepdims, every axis when none is given, integers.
    nodes = [
        helper.make_node("ReduceProd", ["x"], ["p1"], name="prod_axes", axes=[1, -1],
                         keepdims=0),
        helper.make_node("ReduceProd", ["x"], ["p2"], name="prod_all"),
        helper.make_node("ReduceProd", ["i"], ["p3"], name="prod_int", axes=[0]),
        helper.make_node("ReduceProd", ["s"], ["p4"], name="prod_scalar", keepdims=0),
    ]
    return model(nodes, [vi("x", F32, [2, 3, 4]), vi("i", I64, [3, 2]), vi("s", F32, [])],
                 [vi("p1", F32, [2]), vi("p2", F32, [1, 1, 1]), vi("p3", I64, [1, 2]),
                  vi("p4", F32, [])])


def math_reduce_prod11():
    nodes = [helper.make_node("ReduceProd", ["x"], ["y"], name="prod11", axes=[0])]
    return model(nodes, [vi("x", F16, [2, 3])], [vi("y", F16, [1, 3])], opset=11)


def math_reduce_prod_bad_axis():
    nodes = [helper.make_node("ReduceProd", ["x"], ["y"], name="prod_bad_axis", axes=[3])]
    return model(nodes, [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3])], check=False)


def math_bitshift():
    # Every unsigned width, both directions, a broadcast amount.
    nodes, inputs, outputs = [], [], []
    for bits, direction in ((8, "LEFT"), (16, "RIGHT"), (32, "LEFT"), (64, "RIGHT")):
        t = getattr(TensorProto, f"UINT{bits}")
        nodes.append(helper.make_node("BitShift", [f"x{bits}", f"s{bits}"], [f"y{bits}"],
                                      name=f"shift{bits}", direction=direction))
        inputs += [vi(f"x{bits}", t, [2, 3]), vi(f"s{bits}", t, [3])]
        outputs.append(vi(f"y{bits}", t, [2, 3]))
    return model(nodes, inputs, outputs, opset=11)


def math_bitshift_bad_direction():
    nodes = [helper.make_node("BitShift", ["x", "s"], ["y"], name="shift_up", direction="UP")]
    return model(nodes, [vi("x", U8, [3]), vi("s", U8, [3])], [vi("y", U8, [3])], opset=11,
                 check=False)


def math_bitshift_no_direction():
    nodes = [helper.make_node("BitShift", ["x", "s"], ["y"], name="shift_none")]
    return model(nodes, [vi("x", U8, [3]), vi("s", U8, [3])], [vi("y", U8, [3])], opset=11,
                 check=False)


def math_bitshift_signed():
    nodes = [helper.make_node("BitShift", ["x", "s"], ["y"], name="shift_signed",
                              direction="LEFT")]
    return model(nodes, [vi("x", I32, [3]), vi("s", I32, [3])], [vi("y", I32, [3])], opset=11,
                 check=False)


MODELS = {f.__name__: f for f in [math_trig, math_trig_opset7, math_trig_f16, math_trig_int,
                                  math_reduce_prod, math_reduce_prod11,
                                  math_reduce_prod_bad_axis, math_bitshift,
                                  math_bitshift_bad_direction, math_bitshift_no_direction,
                                  math_bitshift_signed]}

if __name__ == "__main__":
    main(MODELS)
