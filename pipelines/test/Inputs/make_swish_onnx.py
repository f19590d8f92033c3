"""Writes the model of swish_e2e.test (the exported forms of SiLU, a scaled swish and a hard
swish, the forms vpuc-ie-fuse-swish fuses, beside a squeeze-and-excitation gate it leaves), its
input and NumPy references.

Usage: make_swish_onnx.py OUT_DIR -> OUT_DIR/swish.onnx, OUT_DIR/swish_in.npy,
OUT_DIR/swish_ref.npz.

On x [1, 16, 40, 48]: `conv1` (3x3, 16 -> 32, padding 1) then `silu` (Sigmoid and Mul); `conv2`
(1x1, 32 -> 32) then `gelu_approx`, x * sigmoid(1.702 x) (Mul by a scalar, Sigmoid, Mul), and
`hswish`, x * HardSigmoid(x) with alpha 1/6 and beta 0.5; `gate`, the product of the hard swish
with the sigmoid of its global average (a squeeze-and-excitation gate, not a swish). The
references are float64 loops written from the ONNX definitions.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import conv, save_model


def sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(5)
    x = rng.uniform(-1, 1, [1, 16, 40, 48]).astype(np.float32)
    w1 = (rng.standard_normal([32, 16, 3, 3]) * 0.25).astype(np.float32)
    b1 = rng.uniform(-0.5, 0.5, [32]).astype(np.float32)
    w2 = (rng.standard_normal([32, 32, 1, 1]) * 0.4).astype(np.float32)
    b2 = rng.uniform(-0.5, 0.5, [32]).astype(np.float32)
    beta = np.array(1.702, dtype=np.float32)
    inits = [numpy_helper.from_array(v, name) for name, v in
             [("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2), ("beta", beta)]]
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("Sigmoid", ["c1"], ["s1"], name="silu_sigmoid"),
        helper.make_node("Mul", ["c1", "s1"], ["y1"], name="silu"),
        helper.make_node("Conv", ["y1", "w2", "b2"], ["c2"], name="conv2"),
        helper.make_node("Mul", ["c2", "beta"], ["c2b"], name="gelu_scale"),
        helper.make_node("Sigmoid", ["c2b"], ["s2"], name="gelu_sigmoid"),
        helper.make_node("Mul", ["s2", "c2"], ["y2"], name="gelu_approx"),
        helper.make_node("HardSigmoid", ["c2"], ["h2"], name="hsigmoid",
                         alpha=1.0 / 6.0, beta=0.5),
        helper.make_node("Mul", ["c2", "h2"], ["y3"], name="hswish"),
        helper.make_node("GlobalAveragePool", ["y3"], ["p3"], name="squeeze"),
        helper.make_node("Sigmoid", ["p3"], ["g3"], name="gate_sigmoid"),
        helper.make_node("Mul", ["y3", "g3"], ["y4"], name="gate"),
    ]
    c1 = conv(x.astype(np.float64), w1.astype(np.float64), b1.astype(np.float64), 1)
    y1 = c1 * sigmoid(c1)
    c2 = conv(y1, w2.astype(np.float64), b2.astype(np.float64), 0)
    y3 = c2 * np.clip(c2 / 6.0 + 0.5, 0.0, 1.0)
    refs = {
        "y1": y1,
        "y2": c2 * sigmoid(np.float64(beta) * c2),
        "y3": y3,
        "y4": y3 * sigmoid(y3.mean(axis=(2, 3), keepdims=True)),
    }
    save_model(out, "swish", nodes, inits, x, refs)


if __name__ == "__main__":
    main()
