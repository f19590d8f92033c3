#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the small ONNX models the lit tests of //frontend/onnx/test import.

Usage: make_models.py OUT_DIR

Every model is built with onnx.helper (python3-onnx 1.12) and saved as OUT_DIR/<name>.onnx;
MODELS lists them. The external-data model also writes OUT_DIR/external.bin. The files that are
not ONNX models at all (empty, truncated, garbage) are written here too.
"""

import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from model_utils import BOOL, F16, F32, I32, I64, model, vi
import model_utils


def arith():
    nodes = [
        helper.make_node("Add", ["a", "b"], ["add"], name="add"),
        helper.make_node("Sub", ["add", "b"], ["sub"], name="sub"),
        helper.make_node("Mul", ["sub", "c"], ["mul"], name="mul"),
        helper.make_node("Div", ["mul", "a"], ["div"], name="div"),
        helper.make_node("Pow", ["div", "c"], ["pow"], name="pow"),
        helper.make_node("Pow", ["pow", "e"], ["y"], name="pow_int"),
    ]
    return model(nodes, [vi("a", F32, [2, 3]), vi("b", F32, [3]), vi("c", F32, [2, 1]),
                         vi("e", I32, [])], [vi("y", F32, [2, 3])])


def maxmin():
    nodes = [
        helper.make_node("Max", ["a", "b", "c"], ["max"], name="max3"),
        helper.make_node("Min", ["max"], ["y"], name="min1"),
        helper.make_node("Min", ["a", "b"], ["z"], name="min2"),
    ]
    return model(nodes, [vi("a", F32, [2, 3]), vi("b", F32, [1, 3]), vi("c", F32, [2, 1])],
                 [vi("y", F32, [2, 3]), vi("z", F32, [2, 3])])


def mod():
    nodes = [helper.make_node("Mod", ["a", "b"], ["y"], name="mod")]
    return model(nodes, [vi("a", I32, [4]), vi("b", I32, [1])], [vi("y", I32, [4])])


def mod_fmod():
    nodes = [helper.make_node("Mod", ["a", "b"], ["y"], name="fmod", fmod=1)]
    return model(nodes, [vi("a", F32, [4]), vi("b", F32, [4])], [vi("y", F32, [4])])


def compare_logic():
    nodes = [
        helper.make_node("Equal", ["a", "b"], ["eq"], name="eq"),
        helper.make_node("Less", ["a", "b"], ["lt"], name="lt"),
        helper.make_node("Greater", ["a", "b"], ["gt"], name="gt"),
        helper.make_node("And", ["eq", "lt"], ["and"], name="and"),
        helper.make_node("Or", ["and", "gt"], ["or"], name="or"),
        helper.make_node("Not", ["or"], ["not"], name="not"),
        helper.make_node("Where", ["not", "a", "b"], ["y"], name="where"),
    ]
    return model(nodes, [vi("a", F32, [2, 3]), vi("b", F32, [3])], [vi("y", F32, [2, 3])])


def activation():
    chain = [
        ("Relu", {}), ("Sigmoid", {}), ("Tanh", {}), ("Elu", {"alpha": 0.5}), ("Erf", {}),
        ("Exp", {}), ("Log", {}), ("Sqrt", {}), ("Abs", {}), ("Floor", {}), ("Ceil", {}),
        ("Round", {}), ("HardSwish", {}), ("Softplus", {}), ("LeakyRelu", {"alpha": 0.2}),
        ("Neg", {}), ("HardSigmoid", {"alpha": 1.0 / 6.0, "beta": 0.5}),
        ("HardSigmoid", {}), ("Elu", {}), ("LeakyRelu", {}),
    ]
    nodes = []
    prev = "x"
    for index, (op, attrs) in enumerate(chain):
        out = "t%d" % index
        nodes.append(helper.make_node(op, [prev], [out], name="%s_%d" % (op.lower(), index),
                                      **attrs))
        prev = out
    nodes.append(helper.make_node("Identity", [prev], ["y"], name="identity"))
    return model(nodes, [vi("x", F32, [1, 4])], [vi("y", F32, [1, 4])], opset=14)


def prelu():
    slope_c = numpy_helper.from_array(np.array([0.1, 0.2, 0.3], dtype=np.float32), "slope_c")
    slope_b = numpy_helper.from_array(np.full((3, 1, 1), 0.5, dtype=np.float32), "slope_b")
    nodes = [
        helper.make_node("PRelu", ["x", "slope_c"], ["p1"], name="prelu_last_dim"),
        helper.make_node("PRelu", ["p1", "slope_b"], ["p2"], name="prelu_channel"),
        helper.make_node("PRelu", ["v", "s"], ["y2"], name="prelu_dynamic"),
        helper.make_node("Identity", ["p2"], ["y"]),
    ]
    return model(nodes, [vi("x", F32, [1, 3, 2, 3]), vi("v", F32, [2, 3]), vi("s", F32, [3])],
                 [vi("y", F32, [1, 3, 2, 3]), vi("y2", F32, [2, 3])],
                 [slope_c, slope_b])


def clip():
    lo = numpy_helper.from_array(np.array(0.0, dtype=np.float32), "lo")
    hi = helper.make_tensor("hi_value", F32, [], [6.0])
    nodes = [
        helper.make_node("Constant", [], ["hi"], name="hi_const", value=hi),
        helper.make_node("Clip", ["x", "lo", "hi"], ["c1"], name="clip_both"),
        helper.make_node("Clip", ["c1", "lo"], ["c2"], name="clip_min"),
        helper.make_node("Clip", ["c2", "", "hi"], ["c3"], name="clip_max"),
        helper.make_node("Clip", ["c3"], ["c4"], name="clip_none"),
        helper.make_node("Clip", ["i"], ["yi"], name="clip_int"),
    ]
    return model(nodes, [vi("x", F32, [4]), vi("i", TensorProto.INT8, [4])],
                 [vi("c4", F32, [4]), vi("yi", TensorProto.INT8, [4])], [lo])


def clip_nonconst():
    nodes = [helper.make_node("Clip", ["x", "lo"], ["y"], name="clip_dyn")]
    return model(nodes, [vi("x", F32, [4]), vi("lo", F32, [])], [vi("y", F32, [4])])


def clip_bad_bound():
    nodes = [helper.make_node("Clip", ["x", "", "hi"], ["y"], name="clip_vec")]
    return model(nodes, [vi("x", F32, [4]), vi("hi", F32, [2])], [vi("y", F32, [4])])


def cast():
    nodes = [
        helper.make_node("Cast", ["x"], ["h"], name="to_f16", to=F16),
        helper.make_node("Cast", ["h"], ["y"], name="to_i32", to=I32),
        helper.make_node("Cast", ["b"], ["z"], name="bool_to_f32", to=F32),
    ]
    return model(nodes, [vi("x", F32, [2, 2]), vi("b", BOOL, [3])],
                 [vi("y", I32, [2, 2]), vi("z", F32, [3])])


def cast_bad(to, out_type):
    def make():
        nodes = [helper.make_node("Cast", ["x"], ["y"], name="bad_cast", to=to)]
        return model(nodes, [vi("x", F32, [2])], [vi("y", out_type, [2])])
    return make


def elu_bad_type():
    nodes = [helper.make_node("Elu", ["x"], ["y"], name="elu_int_alpha", alpha=2)]
    return model(nodes, [vi("x", F32, [2])], [vi("y", F32, [2])], check=False)


def constants():
    inits = [
        numpy_helper.from_array(np.array([1.5, -2.0], dtype=np.float32), "raw_f32"),
        # make_tensor stores FLOAT16 values as bit patterns in int32_data.
        helper.make_tensor("typed_f16", F16, [2], [1.0, 0.5]),
        helper.make_tensor("typed_i64", I64, [2], [7, -9]),
        helper.make_tensor("typed_bool", BOOL, [3], [1, 0, 1]),
        helper.make_tensor("typed_f32", F32, [2], [0.25, 4.0]),
        numpy_helper.from_array(np.arange(512, dtype=np.float32).reshape(2, 256), "large"),
    ]
    nodes = [
        helper.make_node("Constant", [], ["k_tensor"], name="k_tensor",
                         value=helper.make_tensor("v", I32, [2], [3, 4])),
        helper.make_node("Constant", [], ["k_float"], name="k_float", value_float=2.5),
        helper.make_node("Constant", [], ["k_ints"], name="k_ints", value_ints=[1, 2, 3]),
        helper.make_node("Constant", [], ["k_int"], name="k_int", value_int=5),
        helper.make_node("Constant", [], ["k_floats"], name="k_floats", value_floats=[1.0, 2.0]),
        helper.make_node("Add", ["x", "raw_f32"], ["s1"], name="use_raw"),
        helper.make_node("Add", ["s1", "typed_f32"], ["s2"], name="use_typed"),
        helper.make_node("Mul", ["s2", "k_float"], ["y"], name="use_k_float"),
        helper.make_node("Identity", ["large"], ["large_out"]),
    ]
    outputs = [vi("y", F32, [2]), vi("f16", F16, [2]), vi("i64", I64, [2]), vi("b", BOOL, [3]),
               vi("k_tensor", I32, [2]), vi("k_ints", I64, [3]), vi("k_int", I64, []),
               vi("k_floats", F32, [2]), vi("large_out", F32, [2, 256])]
    nodes += [
        helper.make_node("Identity", ["typed_f16"], ["f16"]),
        helper.make_node("Identity", ["typed_i64"], ["i64"]),
        helper.make_node("Identity", ["typed_bool"], ["b"]),
    ]
    return model(nodes, [vi("x", F32, [2])], outputs, inits)


def external_model(out_dir, name, length_delta):
    """A model whose initializer `w` lives in external.bin (at offset 16)."""
    data = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    with open(os.path.join(out_dir, "external.bin"), "wb") as f:
        f.write(b"\0" * 16)
        f.write(data.tobytes())
    w = helper.make_tensor_value_info("w", F32, [4])
    tensor = TensorProto()
    tensor.name = "w"
    tensor.data_type = F32
    tensor.dims.extend([4])
    tensor.data_location = TensorProto.EXTERNAL
    for key, value in [("location", "external.bin"), ("offset", "16"),
                       ("length", str(16 + length_delta))]:
        entry = tensor.external_data.add()
        entry.key = key
        entry.value = value
    del w
    nodes = [helper.make_node("Add", ["x", "w"], ["y"], name="add_external")]
    return model(nodes, [vi("x", F32, [4])], [vi("y", F32, [4])], [tensor], check=False)


def dynamic():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return model(nodes, [vi("x", F32, ["N", 3])], [vi("y", F32, ["N", 3])])


def unsupported():
    nodes = [
        helper.make_node("NonZero", ["x"], ["d"], name="nonzero"),
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node("Multinomial", ["r"], ["e"], name="multinomial"),
        helper.make_node("Frobnicate", ["e"], ["y"], name="custom", domain="com.example"),
    ]
    m = helper.make_model(
        helper.make_graph(nodes, "test", [vi("x", F32, [3, 3])],
                          [vi("y", F32, [3, 3]), vi("d", I64, [2, "n"])]),
        opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid("com.example", 1)])
    return m


def opset9():
    nodes = [
        helper.make_node("Clip", ["x"], ["c"], name="clip_attrs", min=-1.0, max=1.0),
        helper.make_node("Add", ["c", "x"], ["s"], name="add"),
        helper.make_node("HardSigmoid", ["s"], ["y"], name="hsig", alpha=0.25, beta=0.25),
    ]
    return model(nodes, [vi("x", F32, [1, 2])], [vi("y", F32, [1, 2])], opset=9)


def opset17():
    nodes = [
        helper.make_node("HardSwish", ["x"], ["h"], name="hswish"),
        helper.make_node("Sub", ["h", "x"], ["y"], name="sub"),
    ]
    return model(nodes, [vi("x", F32, [1, 2])], [vi("y", F32, [1, 2])], opset=17)


def opset8():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return model(nodes, [vi("x", F32, [2])], [vi("y", F32, [2])], opset=8)


def opset18():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return model(nodes, [vi("x", F32, [2])], [vi("y", F32, [2])], opset=18, check=False)


def broadcast_error():
    # Shapes that do not broadcast: the ONNX checker accepts it; the IE op reports it.
    nodes = [helper.make_node("Add", ["a", "b"], ["y"], name="bad_add")]
    return model(nodes, [vi("a", F32, [2, 3]), vi("b", F32, [4])], [vi("y", F32, [2, 3])])


def shadowed_input_shape():
    # A graph output named like the graph input with another shape: ONNX's shape inference would
    # give the Conv a rank-3 input for its rank-4 weights and crash (tools/fuzz regression).
    w = numpy_helper.from_array(np.ones((2, 2, 1, 1), np.float32), "w")
    nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")]
    return model(nodes, [vi("x", F32, [1, 2, 3, 3])], [vi("x", F32, [1, 18, 3])], [w])


def conv_input_rank_below_weights():
    # A rank-3 input for 4-D weights: ONNX 1.12's Conv shape rule would index its per-axis
    # attributes out of bounds (tools/fuzz regression); the importer names the Conv instead.
    w = numpy_helper.from_array(np.ones((2, 3, 1, 1), np.float32), "w")
    nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")]
    return model(nodes, [vi("x", F32, [1, 3, 3])], [vi("y", F32, [1, 2, 3])], [w])


def initializer_rank_9():
    # An initializer of rank 9 (found by the fuzzer with rank 33): more dimensions than the
    # compiler's tensors have; the importer names it instead of asserting.
    pads = numpy_helper.from_array(np.zeros([1] * 8 + [4], np.int64), "pads")
    nodes = [helper.make_node("Pad", ["x", "pads"], ["y"], name="pad")]
    return model(nodes, [vi("x", F32, [2, 2])], [vi("y", F32, [2, 2])], [pads])


MODELS = {
    "arith": arith,
    "maxmin": maxmin,
    "mod": mod,
    "mod_fmod": mod_fmod,
    "compare_logic": compare_logic,
    "activation": activation,
    "prelu": prelu,
    "clip": clip,
    "clip_nonconst": clip_nonconst,
    "clip_bad_bound": clip_bad_bound,
    "cast": cast,
    "cast_string": cast_bad(TensorProto.STRING, TensorProto.STRING),
    "cast_unknown": cast_bad(100, F32),
    "elu_bad_type": elu_bad_type,
    "constants": constants,
    "dynamic": dynamic,
    "unsupported": unsupported,
    "opset9": opset9,
    "opset17": opset17,
    "opset8": opset8,
    "opset18": opset18,
    "broadcast_error": broadcast_error,
    "shadowed_input_shape": shadowed_input_shape,
    "conv_input_rank_below_weights": conv_input_rank_below_weights,
    "initializer_rank_9": initializer_rank_9,
}


def main():
    out_dir = model_utils.main(MODELS)
    onnx.save(external_model(out_dir, "external", 0), os.path.join(out_dir, "external.onnx"))
    onnx.save(external_model(out_dir, "external_short", 4),
              os.path.join(out_dir, "external_short.onnx"))
    # Files that are not ONNX models.
    with open(os.path.join(out_dir, "arith.onnx"), "rb") as f:
        good = f.read()
    with open(os.path.join(out_dir, "truncated.onnx"), "wb") as f:
        f.write(good[: len(good) // 2])
    with open(os.path.join(out_dir, "empty.onnx"), "wb"):
        pass
    with open(os.path.join(out_dir, "garbage.onnx"), "wb") as f:
        f.write(b"this is not an ONNX model\n" * 4)


if __name__ == "__main__":
    main()
