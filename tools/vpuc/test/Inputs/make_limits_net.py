#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the network of arch_limits.test.

Usage: make_limits_net.py OUT_DIR

OUT_DIR/net.onnx: conv5 (16->16, 5x5, pad 2) + relu, conv3 (16->20, 3x3, pad 1) on a 1x16x12x12
input; OUT_DIR/in.npy: an input; OUT_DIR/ref.npz: the output `y` computed here with plain NumPy
loops (independent of vpuc). Weights are pseudo-random (seeded).
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def conv(x, w, b, pad):
    """A stride-1 2-D convolution of x [C, H, W] with w [K, C, KY, KX], in float64."""
    c, h, wd = x.shape
    k, _, ky, kx = w.shape
    padded = np.zeros((c, h + 2 * pad, wd + 2 * pad))
    padded[:, pad:pad + h, pad:pad + wd] = x
    out = np.zeros((k, h, wd))
    for dy in range(ky):
        for dx in range(kx):
            window = padded[:, dy:dy + h, dx:dx + wd]
            out += np.einsum("kc,chw->khw", w[:, :, dy, dx], window)
    return out + b[:, None, None]


def main():
    out_dir = sys.argv[1]
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (1, 16, 12, 12)).astype(np.float32)
    w5 = (rng.uniform(-1, 1, (16, 16, 5, 5)) / 20).astype(np.float32)
    b5 = rng.uniform(-0.1, 0.1, 16).astype(np.float32)
    w3 = (rng.uniform(-1, 1, (20, 16, 3, 3)) / 12).astype(np.float32)
    b3 = rng.uniform(-0.1, 0.1, 20).astype(np.float32)
    nodes = [
        helper.make_node("Conv", ["x", "w5", "b5"], ["c5"], name="conv5", pads=[2, 2, 2, 2]),
        helper.make_node("Relu", ["c5"], ["r5"], name="relu5"),
        helper.make_node("Conv", ["r5", "w3", "b3"], ["y"], name="conv3", pads=[1, 1, 1, 1]),
    ]
    weights = {"w5": w5, "b5": b5, "w3": w3, "b3": b3}
    graph = helper.make_graph(
        nodes, "limits",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 20, 12, 12])],
        [numpy_helper.from_array(value, key) for key, value in weights.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out_dir, "net.onnx"))
    np.save(os.path.join(out_dir, "in.npy"), x)
    r5 = np.maximum(conv(x[0].astype(np.float64), w5, b5, 2), 0)
    y = conv(r5, w3, b3, 1)[None].astype(np.float32)
    np.savez(os.path.join(out_dir, "ref.npz"), y=y)


if __name__ == "__main__":
    main()
