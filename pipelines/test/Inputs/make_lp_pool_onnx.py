"""Writes the model of lp_pool_e2e.test (ONNX LpPool and GlobalLpPool), its inputs and NumPy
references.

Usage: make_lp_pool_onnx.py OUT_DIR -> OUT_DIR/lp_pool.onnx, OUT_DIR/lp_pool_in.npz,
OUT_DIR/lp_pool_ref.npz.

lp_pool: on x [1, 4, 9, 9], LpPool p = 2 (3x3, strides 2, pads 1), p = 1 (2x2, strides 1),
p = 3 (3x2, strides 2x1, SAME_UPPER) and GlobalLpPool p = 2; on w [1, 3, 10] a 1-D LpPool
p = 2 (3, stride 2, pads 1 / 0). The references are plain float64 loops over the padded
windows: (sum |x|^p)^(1/p), padding adding nothing.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def lp_pool(x, kernel, strides, pads_begin, pads_end, p):
    """ONNX LpPool over the trailing len(kernel) dims of x (float64)."""
    spatial = len(kernel)
    pad = [(0, 0)] * (x.ndim - spatial) + list(zip(pads_begin, pads_end))
    xp = np.pad(np.abs(x.astype(np.float64)) ** p, pad)
    out_dims = [(xp.shape[x.ndim - spatial + d] - kernel[d]) // strides[d] + 1
                for d in range(spatial)]
    y = np.zeros(list(x.shape[:x.ndim - spatial]) + out_dims)
    for index in np.ndindex(*out_dims):
        window = tuple(slice(i * s, i * s + k) for i, s, k in zip(index, strides, kernel))
        y[(Ellipsis,) + index] = xp[(Ellipsis,) + window].sum(axis=tuple(range(-spatial, 0)))
    return y ** (1.0 / p)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(5)
    x = rng.uniform(-2, 2, [1, 4, 9, 9]).astype(np.float32)
    w = rng.uniform(-2, 2, [1, 3, 10]).astype(np.float32)
    nodes = [
        helper.make_node("LpPool", ["x"], ["y2"], name="lp2", kernel_shape=[3, 3],
                         strides=[2, 2], pads=[1, 1, 1, 1], p=2),
        helper.make_node("LpPool", ["x"], ["y1"], name="lp1", kernel_shape=[2, 2], p=1),
        helper.make_node("LpPool", ["x"], ["y3"], name="lp3", kernel_shape=[3, 2],
                         strides=[2, 1], auto_pad="SAME_UPPER", p=3),
        helper.make_node("GlobalLpPool", ["x"], ["g"], name="glp"),
        helper.make_node("LpPool", ["w"], ["y1d"], name="lp1d", kernel_shape=[3], strides=[2],
                         pads=[1, 0]),
    ]
    # SAME_UPPER on 9 with kernel 3, stride 2: 5 outputs, 2 pad rows (1 begin, 1 end); with
    # kernel 2, stride 1: 9 outputs, 1 pad column at the end.
    refs = {
        "y2": lp_pool(x, [3, 3], [2, 2], [1, 1], [1, 1], 2),
        "y1": lp_pool(x, [2, 2], [1, 1], [0, 0], [0, 0], 1),
        "y3": lp_pool(x, [3, 2], [2, 1], [1, 0], [1, 1], 3),
        "g": lp_pool(x, [9, 9], [1, 1], [0, 0], [0, 0], 2),
        "y1d": lp_pool(w, [3], [2], [1], [0], 2),
    }
    outputs = [helper.make_tensor_value_info(name, TensorProto.FLOAT, list(ref.shape))
               for name, ref in refs.items()]
    graph = helper.make_graph(
        nodes, "lp_pool",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("w", TensorProto.FLOAT, w.shape)], outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, os.path.join(out, "lp_pool.onnx"))
    np.savez(os.path.join(out, "lp_pool_in.npz"), x=x, w=w)
    np.savez(os.path.join(out, "lp_pool_ref.npz"), **refs)


if __name__ == "__main__":
    main()
