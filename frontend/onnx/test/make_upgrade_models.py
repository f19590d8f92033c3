#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of the opset upgrade and function inlining tests (upgrade.test).

Usage: make_upgrade_models.py OUT_DIR

The numeric models also get OUT_DIR/<name>.npz, holding their inputs (`in_<input name>`) and
the outputs of a NumPy implementation of the ONNX operators (`out_<output name>`), which
seq_numerics_test compares with the IE reference interpreter.
"""

import os

import numpy as np
import onnx
from onnx import helper, numpy_helper

from model_utils import BOOL, F32, I64, main, model, vi


def upgrade_opset7():
    # Opset 7: Upsample's scales are an attribute (an input from opset 9 on); the version
    # converter turns them into a constant input.
    b = numpy_helper.from_array(np.array([0.5, -1.0], np.float32).reshape(1, 2, 1, 1), "b")
    nodes = [
        helper.make_node("Upsample", ["x"], ["u"], name="up", scales=[1.0, 1.0, 2.0, 2.0],
                         mode="nearest"),
        helper.make_node("Add", ["u", "b"], ["s"], name="add"),
        helper.make_node("Relu", ["s"], ["y"], name="relu"),
    ]
    return model(nodes, [vi("x", F32, [1, 2, 2, 3])], [vi("y", F32, [1, 2, 4, 6])], [b],
                 opset=7)


def upgrade_opset7_ref(x):
    u = x.repeat(2, axis=2).repeat(2, axis=3)
    return {"y": np.maximum(u + np.array([0.5, -1.0], np.float32).reshape(1, 2, 1, 1), 0)}


def upgrade_opset6_bad():
    # A valid opset-6 Dropout in training mode (is_test = 0): the converter has no adapter.
    nodes = [helper.make_node("Dropout", ["x"], ["y"], name="drop", is_test=0)]
    return model(nodes, [vi("x", F32, [2, 2])], [vi("y", F32, [2, 2])], opset=6)


def upgrade_undefined_output():
    # An opset-7 graph output that nothing defines (the ONNX checker does not look at graph
    # outputs; the version converter would dereference its missing definition).
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return model(nodes, [vi("x", F32, [2, 2])], [vi("y", F32, [2, 2]), vi("z", F32, [2, 2])],
                 opset=7)


def scaled_relu_function():
    # com.example.ScaledRelu(X) = Relu(X * scale), `scale` an attribute of the call.
    scale = helper.make_node("Constant", [], ["S"], name="scale")
    ref = onnx.AttributeProto()
    ref.name = "value_float"
    ref.ref_attr_name = "scale"
    ref.type = onnx.AttributeProto.FLOAT
    scale.attribute.append(ref)
    return helper.make_function(
        "com.example", "ScaledRelu", ["X"], ["Y"],
        [scale, helper.make_node("Mul", ["X", "S"], ["M"]),
         helper.make_node("Relu", ["M"], ["Y"])],
        [helper.make_opsetid("", 13)], ["scale"])


def upgrade_inline():
    # Celu (a context-dependent function of the opset 12 schema, inlined into an opset 13
    # model: its Constant is converted), GreaterOrEqual (a schema function) and a model-local
    # function.
    nodes = [
        helper.make_node("Celu", ["x"], ["c"], name="celu", alpha=2.0),
        helper.make_node("ScaledRelu", ["c"], ["y"], name="scaled", domain="com.example",
                         scale=0.5),
        helper.make_node("GreaterOrEqual", ["x", "t"], ["ge"], name="ge"),
    ]
    graph = helper.make_graph(nodes, "test", [vi("x", F32, [2, 3]), vi("t", F32, [3])],
                              [vi("y", F32, [2, 3]), vi("ge", BOOL, [2, 3])])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13),
                                                helper.make_opsetid("com.example", 1)],
                          functions=[scaled_relu_function()], producer_name="vpuc-make-models")
    onnx.checker.check_model(m)
    return m


def upgrade_inline_ref(x, t):
    celu = np.maximum(x, 0) + np.minimum(0, 2.0 * (np.exp(x / 2.0) - 1))
    return {"y": np.maximum(celu * 0.5, 0).astype(np.float32), "ge": x >= t}


def upgrade_unmapped_body():
    # A model-local function whose body uses an op without a mapping (NonZero).
    function = helper.make_function(
        "com.example", "NonZeroOfDouble", ["X"], ["Y"],
        [helper.make_node("Constant", [], ["Two"], value=numpy_helper.from_array(
             np.array(2.0, np.float32))),
         helper.make_node("Mul", ["X", "Two"], ["D"]),
         helper.make_node("NonZero", ["D"], ["Y"])],
        [helper.make_opsetid("", 13)], [])
    nodes = [helper.make_node("NonZeroOfDouble", ["x"], ["y"], name="nz1",
                              domain="com.example")]
    graph = helper.make_graph(nodes, "test", [vi("x", F32, [3, 3])], [vi("y", I64, [2, "n"])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13),
                                                   helper.make_opsetid("com.example", 1)],
                             functions=[function], producer_name="vpuc-make-models")


def upgrade_sce14():
    # SoftmaxCrossEntropyLoss at opset 14: the opset 13 context-dependent body declares a
    # log_prob output it does not build for a one-output node; the body is converted to opset 14.
    nodes = [helper.make_node("SoftmaxCrossEntropyLoss", ["x", "t"], ["y"], name="sce")]
    return model(nodes, [vi("x", F32, [2, 3]), vi("t", I64, [2])], [vi("y", F32, [])], opset=14)


MODELS = {
    "upgrade_opset7": upgrade_opset7,
    "upgrade_sce14": upgrade_sce14,
    "upgrade_opset6_bad": upgrade_opset6_bad,
    "upgrade_undefined_output": upgrade_undefined_output,
    "upgrade_inline": upgrade_inline,
    "upgrade_unmapped_body": upgrade_unmapped_body,
}

# Numeric models: inputs and the NumPy reference.
NUMERIC = {
    "upgrade_opset7": (lambda rng: {"x": rng.standard_normal((1, 2, 2, 3)).astype(np.float32)},
                       upgrade_opset7_ref),
    "upgrade_inline": (lambda rng: {"x": rng.standard_normal((2, 3)).astype(np.float32) * 2,
                                    "t": np.array([0.0, 0.5, -0.5], np.float32)},
                       upgrade_inline_ref),
}

if __name__ == "__main__":
    out_dir = main(MODELS)
    rng = np.random.default_rng(14)
    for name, (make_inputs, reference) in NUMERIC.items():
        inputs = make_inputs(rng)
        arrays = {"in_" + k: v for k, v in inputs.items()}
        arrays.update({"out_" + k: v for k, v in reference(**inputs).items()})
        np.savez(os.path.join(out_dir, name + ".npz"), **arrays)
