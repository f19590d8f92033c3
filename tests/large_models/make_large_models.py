"""Writes the large-model test networks with seeded weights, their input and a NumPy reference.

usage: make_large_models.py OUT_DIR

- vgg_block.onnx: a VGG-style block, Conv 3x3 from 256 to 512 channels (pad 1) on a 40x40 map,
  Relu, MaxPool 2x2. On VPUX30XX (896 KB of CMX per cluster) the convolution fits neither over H
  (its 4.7 MB FP16 weights) nor over K (every K tile reads the whole 800 KB input), so the
  HW modes must tile it over K and H together.
- large_fc.onnx: Gemm 2048 -> 4200 (transB, FP16 weights of 17.2 MB: more than one SHAVE tensor
  window of 16 MiB), Relu, Gemm 4200 -> 16. In reference_sw the first layer must be split
  over its output channels.

Each model gets `<name>.input.npz` (input `x`) and `<name>.ref.npz` (output `y`), computed
in float64 with NumPy from the same weights (im2col products for the convolution), never by the
compiler under test.
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save_model(path, nodes, inputs, outputs, initializers):
    graph = helper.make_graph(nodes, os.path.basename(path), inputs, outputs, initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


def conv3x3(x, w, b):
    """x [C, H, W], w [K, C, 3, 3], pad 1, stride 1 -> [K, H, W] by im2col."""
    c, h, wd = x.shape
    padded = np.zeros((c, h + 2, wd + 2), dtype=np.float64)
    padded[:, 1:-1, 1:-1] = x
    cols = np.empty((c, 3, 3, h, wd), dtype=np.float64)
    for dy in range(3):
        for dx in range(3):
            cols[:, dy, dx] = padded[:, dy:dy + h, dx:dx + wd]
    out = w.reshape(w.shape[0], -1).astype(np.float64) @ cols.reshape(c * 9, h * wd)
    return (out + b[:, None]).reshape(w.shape[0], h, wd)


def make_vgg_block(out_dir, rng):
    cin, cout, size = 256, 512, 40
    w = (rng.standard_normal((cout, cin, 3, 3)) * np.sqrt(2.0 / (cin * 9))).astype(np.float32)
    b = (rng.standard_normal(cout) * 0.1).astype(np.float32)
    x = rng.standard_normal((1, cin, size, size)).astype(np.float32)
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["conv"], name="conv3_1", kernel_shape=[3, 3],
                         pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["conv"], ["relu"], name="relu3_1"),
        helper.make_node("MaxPool", ["relu"], ["y"], name="pool3", kernel_shape=[2, 2],
                         strides=[2, 2]),
    ]
    save_model(os.path.join(out_dir, "vgg_block.onnx"), nodes,
               [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
               [helper.make_tensor_value_info("y", TensorProto.FLOAT,
                                              [1, cout, size // 2, size // 2])],
               [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
    y = np.maximum(conv3x3(x[0], w, b), 0.0)
    y = y.reshape(cout, size // 2, 2, size // 2, 2).max(axis=(2, 4))[None]
    np.savez(os.path.join(out_dir, "vgg_block.input.npz"), x=x)
    np.savez(os.path.join(out_dir, "vgg_block.ref.npz"), y=y.astype(np.float32))


def make_large_fc(out_dir, rng):
    k, n, classes = 2048, 4200, 16
    w1 = (rng.standard_normal((n, k)) * np.sqrt(2.0 / k)).astype(np.float32)
    b1 = (rng.standard_normal(n) * 0.1).astype(np.float32)
    w2 = (rng.standard_normal((classes, n)) * np.sqrt(1.0 / n)).astype(np.float32)
    b2 = (rng.standard_normal(classes) * 0.1).astype(np.float32)
    x = rng.standard_normal((1, k)).astype(np.float32)
    nodes = [
        helper.make_node("Gemm", ["x", "w1", "b1"], ["fc1"], name="fc1", transB=1),
        helper.make_node("Relu", ["fc1"], ["relu1"], name="relu1"),
        helper.make_node("Gemm", ["relu1", "w2", "b2"], ["y"], name="fc2", transB=1),
    ]
    save_model(os.path.join(out_dir, "large_fc.onnx"), nodes,
               [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, k])],
               [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, classes])],
               [numpy_helper.from_array(a, name)
                for a, name in ((w1, "w1"), (b1, "b1"), (w2, "w2"), (b2, "b2"))])
    h = np.maximum(x.astype(np.float64) @ w1.T.astype(np.float64) + b1, 0.0)
    y = h @ w2.T.astype(np.float64) + b2
    np.savez(os.path.join(out_dir, "large_fc.input.npz"), x=x)
    np.savez(os.path.join(out_dir, "large_fc.ref.npz"), y=y.astype(np.float32))


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.RandomState(15)
    make_vgg_block(out_dir, rng)
    make_large_fc(out_dir, rng)


if __name__ == "__main__":
    main()
