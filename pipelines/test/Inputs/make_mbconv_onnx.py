"""Writes the model of mbconv_tail_e2e.test (an EfficientNet MBConv block on a large map), its
input and a NumPy reference.

Usage: make_mbconv_onnx.py OUT_DIR -> OUT_DIR/mbconv.onnx, OUT_DIR/mbconv_in.npy,
OUT_DIR/mbconv_ref.npz.

On x [1, 16, 192, 192]: `expand` (1x1, 16 -> 48) and its swish (`expand_sigmoid`,
`expand_swish`); `dw` (3x3 depthwise, padding 1) and its swish (`dw_sigmoid`, `dw_swish`); a
squeeze-and-excitation gate (`squeeze`: global average, `se_reduce` 1x1 48 -> 8 with a swish,
`se_expand` 8 -> 48, `se_sigmoid`, `se_scale`); `project` (1x1, 48 -> 24). The references are
float64 NumPy expressions written from the ONNX definitions (e2e_models.py: products over
channels and shifted sums), independent of vpuc.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import conv3x3, pointwise, save_model


def sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(40)
    x = rng.uniform(-1, 1, [1, 16, 192, 192]).astype(np.float32)
    params = {
        "we": rng.standard_normal([48, 16, 1, 1]) * 0.3, "be": rng.uniform(-0.3, 0.3, [48]),
        "wd": rng.standard_normal([48, 1, 3, 3]) * 0.3, "bd": rng.uniform(-0.3, 0.3, [48]),
        "wr": rng.standard_normal([8, 48, 1, 1]) * 0.3, "br": rng.uniform(-0.3, 0.3, [8]),
        "wx": rng.standard_normal([48, 8, 1, 1]) * 0.3, "bx": rng.uniform(-0.3, 0.3, [48]),
        "wp": rng.standard_normal([24, 48, 1, 1]) * 0.3, "bp": rng.uniform(-0.3, 0.3, [24]),
    }
    params = {name: v.astype(np.float32) for name, v in params.items()}
    inits = [numpy_helper.from_array(v, name) for name, v in params.items()]

    def swish(src, name):
        return [helper.make_node("Sigmoid", [src], [name + "_s"], name=name + "_sigmoid"),
                helper.make_node("Mul", [src, name + "_s"], [name + "_y"], name=name + "_swish")]

    nodes = ([helper.make_node("Conv", ["x", "we", "be"], ["e"], name="expand")]
             + swish("e", "expand")
             + [helper.make_node("Conv", ["expand_y", "wd", "bd"], ["d"], name="dw", group=48,
                                 pads=[1, 1, 1, 1])]
             + swish("d", "dw")
             + [helper.make_node("GlobalAveragePool", ["dw_y"], ["q"], name="squeeze"),
                helper.make_node("Conv", ["q", "wr", "br"], ["r"], name="se_reduce")]
             + swish("r", "se")
             + [helper.make_node("Conv", ["se_y", "wx", "bx"], ["g"], name="se_expand"),
                helper.make_node("Sigmoid", ["g"], ["gs"], name="se_sigmoid"),
                helper.make_node("Mul", ["dw_y", "gs"], ["z"], name="se_scale"),
                helper.make_node("Conv", ["z", "wp", "bp"], ["y"], name="project")])
    p = {name: v.astype(np.float64) for name, v in params.items()}
    e = pointwise(x.astype(np.float64), p["we"], p["be"])
    e = e * sigmoid(e)
    d = conv3x3(e, p["wd"], p["bd"], group=48)
    d = d * sigmoid(d)
    r = pointwise(d.mean(axis=(2, 3), keepdims=True), p["wr"], p["br"])
    r = r * sigmoid(r)
    g = sigmoid(pointwise(r, p["wx"], p["bx"]))
    save_model(out, "mbconv", nodes, inits, x, {"y": pointwise(d * g, p["wp"], p["bp"])})


if __name__ == "__main__":
    main()
