#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the networks of observe_layers.test.

Usage: make_layer_nets.py OUT_DIR

OUT_DIR/net.onnx: conv1 (3->16, 3x3) + relu1, conv2 (16->16, 3x3), add (conv2 + relu1), pool
(2x2 max), conv3 (16->8, 1x1); OUT_DIR/broken.onnx: the same network with a wrong constant, conv2's
weights of output channel 5 negated; OUT_DIR/in.npy: an input. Weights are pseudo-random
(seeded).
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def make(weights, name):
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "w2", "b2"], ["c2"], name="conv2", pads=[1, 1, 1, 1]),
        helper.make_node("Add", ["c2", "r1"], ["a"], name="add"),
        helper.make_node("MaxPool", ["a"], ["p"], name="pool", kernel_shape=[2, 2],
                         strides=[2, 2]),
        helper.make_node("Conv", ["p", "w3", "b3"], ["y"], name="conv3"),
    ]
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 16, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 8, 8, 8])],
        [numpy_helper.from_array(value, key) for key, value in weights.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(7)

    def rand(*shape, scale=0.3):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    weights = {
        "w1": rand(16, 3, 3, 3), "b1": rand(16, scale=0.1),
        "w2": rand(16, 16, 3, 3, scale=0.1), "b2": rand(16, scale=0.1),
        "w3": rand(8, 16, 1, 1), "b3": rand(8, scale=0.1),
    }
    onnx.save(make(weights, "net"), os.path.join(out, "net.onnx"))
    broken = dict(weights)
    broken["w2"] = weights["w2"].copy()
    broken["w2"][5] = -broken["w2"][5]
    onnx.save(make(broken, "broken"), os.path.join(out, "broken.onnx"))
    np.save(os.path.join(out, "in.npy"), rng.uniform(-1, 1, (1, 3, 16, 16)).astype(np.float32))


if __name__ == "__main__":
    main()
