"""Writes the small ONNX model of the reference_sw end-to-end tests and its input.

Usage: make_reference_sw_onnx.py OUT_DIR -> OUT_DIR/net.onnx, OUT_DIR/net_in.npz
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    bias = numpy_helper.from_array(np.array([0.1, -0.1, 0.2, 0.0], np.float32).reshape(1, 4, 1, 1), "bias")
    shape = numpy_helper.from_array(np.array([1, 4, 36], np.int64), "shape")
    nodes = [
        helper.make_node("Mul", ["x", "x"], ["sq"], name="square"),
        helper.make_node("Sub", ["sq", "bias"], ["sh"], name="shift"),
        helper.make_node("Relu", ["sh"], ["r"], name="relu"),
        helper.make_node("Reshape", ["r", "shape"], ["f"], name="flatten"),
        helper.make_node("Softmax", ["f"], ["y"], name="softmax", axis=2),
    ]
    graph = helper.make_graph(
        nodes, "net",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 6, 6])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 36])],
        initializer=[bias, shape])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "net.onnx"))
    np.savez(os.path.join(out, "net_in.npz"),
             x=np.linspace(-1, 1, 144, dtype=np.float32).reshape(1, 4, 6, 6))


if __name__ == "__main__":
    main()
