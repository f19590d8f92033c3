"""Writes the model of layer_norm_e2e.test (layer normalisations as exporters before opset 17
spell them, the forms vpuc-ie-fuse-layer-norm fuses), its input and NumPy references.

Usage: make_layer_norm_onnx.py OUT_DIR -> OUT_DIR/layer_norm.onnx, OUT_DIR/layer_norm_in.npy,
OUT_DIR/layer_norm_ref.npz.

On x [1, 32, 96] (32 tokens of 96 channels): `ln`, a layer norm over the last axis with a
scale and a bias (ReduceMean, Sub, Pow 2, ReduceMean, Add eps, Sqrt, Div, Mul, Add), as
PyTorch's nn.LayerNorm exports at opset 13; `mvn`, the same without scale or bias, the square a
Mul, over the last axis of a MatMul of `ln`'s result; `mvn2`, over the two trailing axes of x.
The references are float64 NumPy from the ONNX definitions.
"""
import os
import sys

import numpy as np
from onnx import helper, numpy_helper

from e2e_models import save_model


def norm_nodes(prefix, x, axes, square_by_mul, eps_name, scale=None, bias=None):
    """The nodes of a layer norm of `x` over `axes` named `prefix/...`, the last one `prefix`."""
    nodes = [
        helper.make_node("ReduceMean", [x], [prefix + "_m"], name=prefix + "/mean",
                         axes=axes, keepdims=1),
        helper.make_node("Sub", [x, prefix + "_m"], [prefix + "_d"], name=prefix + "/sub"),
        helper.make_node("Mul", [prefix + "_d", prefix + "_d"], [prefix + "_p"],
                         name=prefix + "/square") if square_by_mul else
        helper.make_node("Pow", [prefix + "_d", "two"], [prefix + "_p"], name=prefix + "/pow"),
        helper.make_node("ReduceMean", [prefix + "_p"], [prefix + "_v"], name=prefix + "/var",
                         axes=axes, keepdims=1),
        helper.make_node("Add", [prefix + "_v", eps_name], [prefix + "_e"], name=prefix + "/eps"),
        helper.make_node("Sqrt", [prefix + "_e"], [prefix + "_s"], name=prefix + "/sqrt"),
    ]
    y = prefix if scale is None else prefix + "_y"
    nodes.append(helper.make_node("Div", [prefix + "_d", prefix + "_s"], [y],
                                  name=prefix if scale is None else prefix + "/div"))
    if scale is not None:
        nodes.append(helper.make_node("Mul", [y, scale], [prefix + "_z"], name=prefix + "/mul"))
        nodes.append(helper.make_node("Add", [prefix + "_z", bias], [prefix], name=prefix))
    return nodes


def norm(v, axes, eps):
    m = v.mean(axis=axes, keepdims=True)
    d = v - m
    return d / np.sqrt((d * d).mean(axis=axes, keepdims=True) + eps)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(17)
    x = (rng.standard_normal([1, 32, 96]) * 2 + 0.5).astype(np.float32)
    gamma = rng.uniform(0.5, 1.5, [96]).astype(np.float32)
    beta = rng.uniform(-0.5, 0.5, [96]).astype(np.float32)
    w = (rng.standard_normal([96, 96]) * 0.1).astype(np.float32)
    eps = np.array(1e-5, dtype=np.float32)
    eps2 = np.array(1e-3, dtype=np.float32)
    inits = [numpy_helper.from_array(v, name) for name, v in
             [("gamma", gamma), ("beta", beta), ("w", w), ("eps", eps), ("eps2", eps2),
              ("two", np.array(2.0, dtype=np.float32))]]
    nodes = (norm_nodes("ln", "x", [-1], False, "eps", "gamma", "beta") +
             [helper.make_node("MatMul", ["ln", "w"], ["h"], name="proj")] +
             norm_nodes("mvn", "h", [2], True, "eps") +
             norm_nodes("mvn2", "x", [1, 2], False, "eps2"))
    x64 = x.astype(np.float64)
    ln = norm(x64, (2,), np.float64(eps)) * gamma + beta
    refs = {
        "ln": ln,
        "mvn": norm(ln @ w.astype(np.float64), (2,), np.float64(eps)),
        "mvn2": norm(x64, (1, 2), np.float64(eps2)),
    }
    save_model(out, "layer_norm", nodes, inits, x, refs)


if __name__ == "__main__":
    main()
