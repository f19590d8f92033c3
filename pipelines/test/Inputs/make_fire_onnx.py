"""Writes the model of write_in_place_e2e.test (a squeezenet-style fire module: a squeeze
convolution, two expand convolutions concatenated over channels, then a 3x3 convolution over the
concatenation), its input and NumPy references.

Usage: make_fire_onnx.py OUT_DIR -> OUT_DIR/fire.onnx, OUT_DIR/fire_in.npy, OUT_DIR/fire_ref.npz.

On x [1, 16, 40, 48]: `squeeze` (1x1, 16 -> 16) and ReLU; `expand1` (1x1, 16 -> 32) and
`expand3` (3x3, padding 1, 16 -> 32), each with ReLU, joined by `concat` (64 channels);
`mix` (3x3, padding 1, 64 -> 16) and ReLU. The references are float64 loops written from the
ONNX definitions.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import conv, save_model


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(7)
    x = rng.uniform(-1, 1, [1, 16, 40, 48]).astype(np.float32)
    shapes = {"ws": [16, 16, 1, 1], "w1": [32, 16, 1, 1], "w3": [32, 16, 3, 3],
              "wm": [16, 64, 3, 3]}
    weights = {n: (rng.standard_normal(s) / np.sqrt(np.prod(s[1:]))).astype(np.float32)
               for n, s in shapes.items()}
    biases = {"b" + n[1:]: rng.uniform(-0.2, 0.2, [s[0]]).astype(np.float32)
              for n, s in shapes.items()}
    inits = [numpy_helper.from_array(v, n) for n, v in {**weights, **biases}.items()]
    nodes = [
        helper.make_node("Conv", ["x", "ws", "bs"], ["s"], name="squeeze"),
        helper.make_node("Relu", ["s"], ["sr"], name="squeeze_relu"),
        helper.make_node("Conv", ["sr", "w1", "b1"], ["e1"], name="expand1"),
        helper.make_node("Relu", ["e1"], ["e1r"], name="expand1_relu"),
        helper.make_node("Conv", ["sr", "w3", "b3"], ["e3"], name="expand3", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["e3"], ["e3r"], name="expand3_relu"),
        helper.make_node("Concat", ["e1r", "e3r"], ["c"], name="concat", axis=1),
        helper.make_node("Conv", ["c", "wm", "bm"], ["m"], name="mix", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["m"], ["y"], name="mix_relu"),
    ]
    f64 = {n: v.astype(np.float64) for n, v in {**weights, **biases}.items()}
    relu = lambda v: np.maximum(v, 0.0)
    s = relu(conv(x.astype(np.float64), f64["ws"], f64["bs"], 0))
    c = np.concatenate([relu(conv(s, f64["w1"], f64["b1"], 0)),
                        relu(conv(s, f64["w3"], f64["b3"], 1))], axis=1)
    y = relu(conv(c, f64["wm"], f64["bm"], 1))
    save_model(out, "fire", nodes, inits, x, {"y": y})


if __name__ == "__main__":
    main()
