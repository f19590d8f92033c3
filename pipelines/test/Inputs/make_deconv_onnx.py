"""Writes the model of deconv_e2e.test (ONNX ConvTranspose whose kernel equals its stride, the
form vpuc-ie-convert-deconv-to-conv rewrites, beside one it leaves), its input and NumPy
references.

Usage: make_deconv_onnx.py OUT_DIR -> OUT_DIR/deconv.onnx, OUT_DIR/deconv_in.npy,
OUT_DIR/deconv_ref.npz.

On x [1, 32, 6, 7]: `up2`, a 2x2 stride-2 ConvTranspose to 16 channels with a bias, then a Relu
(a U-Net decoder's upsampling) and a 3x3 convolution; `up3`, a 3x3 stride-3 ConvTranspose to 8
channels without a bias; `overlap`, a 3x3 stride-2 ConvTranspose with padding (overlapping
windows: left as a software layer). The references are plain float64 loops that scatter each
input pixel's window into the output, from the ONNX definition.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import conv, save_model


def conv_transpose(x, w, b, stride, pad):
    """ONNX ConvTranspose (group 1, dilation 1, no output padding) in float64 loops."""
    n, cin, h, wd = x.shape
    _, cout, kh, kw = w.shape
    full = np.zeros((n, cout, (h - 1) * stride + kh, (wd - 1) * stride + kw))
    for ic in range(cin):
        for y in range(h):
            for xx in range(wd):
                full[0, :, y * stride:y * stride + kh, xx * stride:xx * stride + kw] += (
                    x[0, ic, y, xx] * w[ic])
    out = full[:, :, pad:full.shape[2] - pad, pad:full.shape[3] - pad]
    if b is not None:
        out = out + b.reshape(1, -1, 1, 1)
    return out


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(11)
    x = rng.uniform(-1, 1, [1, 32, 6, 7]).astype(np.float32)
    w2 = (rng.standard_normal([32, 16, 2, 2]) * 0.2).astype(np.float32)
    b2 = rng.uniform(-0.5, 0.5, [16]).astype(np.float32)
    wc = (rng.standard_normal([16, 16, 3, 3]) * 0.1).astype(np.float32)
    bc = rng.uniform(-0.5, 0.5, [16]).astype(np.float32)
    w3 = (rng.standard_normal([32, 8, 3, 3]) * 0.2).astype(np.float32)
    wo = (rng.standard_normal([32, 8, 3, 3]) * 0.2).astype(np.float32)
    inits = [numpy_helper.from_array(v, name) for name, v in
             [("w2", w2), ("b2", b2), ("wc", wc), ("bc", bc), ("w3", w3), ("wo", wo)]]
    nodes = [
        helper.make_node("ConvTranspose", ["x", "w2", "b2"], ["u2"], name="up2",
                         kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Relu", ["u2"], ["r2"], name="relu2"),
        helper.make_node("Conv", ["r2", "wc", "bc"], ["y2"], name="conv", pads=[1, 1, 1, 1]),
        helper.make_node("ConvTranspose", ["x", "w3"], ["y3"], name="up3",
                         kernel_shape=[3, 3], strides=[3, 3]),
        helper.make_node("ConvTranspose", ["x", "wo"], ["yo"], name="overlap",
                         kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]),
    ]
    f64 = x.astype(np.float64)
    r2 = np.maximum(conv_transpose(f64, w2.astype(np.float64), b2.astype(np.float64), 2, 0), 0)
    refs = {
        "y2": conv(r2, wc.astype(np.float64), bc.astype(np.float64), 1),
        "y3": conv_transpose(f64, w3.astype(np.float64), None, 3, 0),
        "yo": conv_transpose(f64, wo.astype(np.float64), None, 2, 1),
    }
    save_model(out, "deconv", nodes, inits, x, refs)


if __name__ == "__main__":
    main()
