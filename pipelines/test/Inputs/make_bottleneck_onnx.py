"""Writes the model of bottleneck_e2e.test (a ResNet-50 `layer1` bottleneck on a 64 x 64 map),
its input and a NumPy reference.

Usage: make_bottleneck_onnx.py OUT_DIR -> OUT_DIR/bottleneck.onnx, OUT_DIR/bottleneck_in.npy,
OUT_DIR/bottleneck_ref.npz.

On x [1, 256, 64, 64]: `conv1` (1x1, 256 -> 64) and `relu1`, `conv2` (3x3, 64 -> 64, padding 1)
and `relu2`, `conv3` (1x1, 64 -> 256), `add` (conv3 + x) and `relu3`. The reference is float64
NumPy expressions written from the ONNX definitions (e2e_models.py), independent of vpuc.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import conv3x3, pointwise, save_model


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(41)
    x = rng.uniform(-1, 1, [1, 256, 64, 64]).astype(np.float32)
    params = {
        "w1": rng.standard_normal([64, 256, 1, 1]) * 0.08, "b1": rng.uniform(-0.2, 0.2, [64]),
        "w2": rng.standard_normal([64, 64, 3, 3]) * 0.05, "b2": rng.uniform(-0.2, 0.2, [64]),
        "w3": rng.standard_normal([256, 64, 1, 1]) * 0.15, "b3": rng.uniform(-0.2, 0.2, [256]),
    }
    params = {name: v.astype(np.float32) for name, v in params.items()}
    inits = [numpy_helper.from_array(v, name) for name, v in params.items()]
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1"),
        helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "w2", "b2"], ["c2"], name="conv2", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c2"], ["r2"], name="relu2"),
        helper.make_node("Conv", ["r2", "w3", "b3"], ["c3"], name="conv3"),
        helper.make_node("Add", ["c3", "x"], ["s"], name="add"),
        helper.make_node("Relu", ["s"], ["y"], name="relu3"),
    ]
    p = {name: v.astype(np.float64) for name, v in params.items()}
    x64 = x.astype(np.float64)
    r1 = np.maximum(pointwise(x64, p["w1"], p["b1"]), 0)
    r2 = np.maximum(conv3x3(r1, p["w2"], p["b2"]), 0)
    y = np.maximum(pointwise(r2, p["w3"], p["b3"]) + x64, 0)
    save_model(out, "bottleneck", nodes, inits, x, {"y": y})


if __name__ == "__main__":
    main()
