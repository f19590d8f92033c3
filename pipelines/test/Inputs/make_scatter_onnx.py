"""Writes the models of scatter_e2e.test (frontend/onnx/Scatter.cpp and GatherElements), their
inputs and the outputs of plain NumPy loops written from the ONNX definitions.

Usage: make_scatter_onnx.py OUT_DIR -> for each model M: OUT_DIR/M.onnx, OUT_DIR/M_in.npz and
OUT_DIR/M_ref.npz (the expected outputs, computed in float64 from the same inputs).

Models (indices are graph inputs, so the kernels see them at run time):
  gather   GatherElements (axis 1, int64 indices, negative ones included) and GatherND
           (batch_dims 1, int32 indices) of x [2, 5, 4].
  scatter  ScatterND without reduction (distinct tuples) and with add (duplicate tuples),
           ScatterElements without reduction (axis 0, distinct targets) and with mul (axis -1,
           duplicates) on values near 1, opset 16.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

F32, I32, I64 = TensorProto.FLOAT, TensorProto.INT32, TensorProto.INT64


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def save(out, name, nodes, inputs, outputs, opset, values, refs):
    graph = helper.make_graph(nodes, name, inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.savez(os.path.join(out, name + "_in.npz"), **values)
    np.savez(os.path.join(out, name + "_ref.npz"), **refs)


def wrap(index, dim):
    return int(index) + dim if index < 0 else int(index)


def gather_elements(x, idx, axis):
    out = np.zeros(idx.shape)
    for pos in np.ndindex(*idx.shape):
        src = list(pos)
        src[axis] = wrap(idx[pos], x.shape[axis])
        out[pos] = x[tuple(src)]
    return out


def gather_nd(x, idx, b):
    k = idx.shape[-1]
    out = np.zeros(idx.shape[:-1] + x.shape[b + k:])
    for pos in np.ndindex(*idx.shape[:-1]):
        src = list(pos[:b]) + [wrap(idx[pos][j], x.shape[b + j]) for j in range(k)]
        out[pos] = x[tuple(src)]
    return out


def scatter_nd(x, idx, upd, combine):
    out = x.astype(np.float64).copy()
    for pos in np.ndindex(*idx.shape[:-1]):
        dst = tuple(wrap(v, x.shape[j]) for j, v in enumerate(idx[pos]))
        out[dst] = combine(out[dst], upd[pos])
    return out


def scatter_elements(x, idx, upd, axis, combine):
    out = x.astype(np.float64).copy()
    for pos in np.ndindex(*idx.shape):
        dst = list(pos)
        dst[axis] = wrap(idx[pos], x.shape[axis])
        out[tuple(dst)] = combine(out[tuple(dst)], upd[pos])
    return out


def gather(out):
    rng = np.random.RandomState(21)
    x = rng.uniform(-4, 4, [2, 5, 4]).astype(np.float32)
    ge_idx = rng.randint(-5, 5, [2, 7, 3]).astype(np.int64)
    nd_idx = rng.randint(-5, 5, [2, 6, 1]).astype(np.int32)
    nodes = [helper.make_node("GatherElements", ["x", "ge_idx"], ["ge"], name="ge", axis=1),
             helper.make_node("GatherND", ["x", "nd_idx"], ["nd"], name="nd", batch_dims=1)]
    save(out, "gather", nodes,
         [vi("x", F32, x.shape), vi("ge_idx", I64, ge_idx.shape), vi("nd_idx", I32, nd_idx.shape)],
         [vi("ge", F32, [2, 7, 3]), vi("nd", F32, [2, 6, 4])], 13,
         {"x": x, "ge_idx": ge_idx, "nd_idx": nd_idx},
         {"ge": gather_elements(x, ge_idx, 1), "nd": gather_nd(x, nd_idx, 1)})


def scatter(out):
    rng = np.random.RandomState(22)
    x = rng.uniform(0.8, 1.25, [4, 3, 5]).astype(np.float32)
    # ScatterND: distinct tuples of depth 2 for none, repeated depth-1 tuples for add.
    nd_idx = np.array([[0, 2], [-1, 0], [2, -2]], dtype=np.int64)
    nd_upd = rng.uniform(-2, 2, [3, 5]).astype(np.float32)
    add_idx = np.array([[1], [-3], [3], [1]], dtype=np.int64)
    add_upd = rng.uniform(-1, 1, [4, 3, 5]).astype(np.float32)
    # ScatterElements: a permutation along axis 0 for none, duplicates along the last axis
    # for mul.
    se_idx = np.stack([rng.permutation(4)[:3] for _ in range(3 * 5)], axis=1)
    se_idx = se_idx.reshape(3, 3, 5).astype(np.int64)
    se_upd = rng.uniform(-2, 2, [3, 3, 5]).astype(np.float32)
    mul_idx = rng.randint(-5, 5, [4, 3, 7]).astype(np.int64)
    mul_upd = rng.uniform(0.8, 1.25, [4, 3, 7]).astype(np.float32)
    nodes = [
        helper.make_node("ScatterND", ["x", "nd_idx", "nd_upd"], ["nd"], name="nd"),
        helper.make_node("ScatterND", ["x", "add_idx", "add_upd"], ["nd_add"], name="nd_add",
                         reduction="add"),
        helper.make_node("ScatterElements", ["x", "se_idx", "se_upd"], ["se"], name="se",
                         axis=0),
        helper.make_node("ScatterElements", ["x", "mul_idx", "mul_upd"], ["se_mul"],
                         name="se_mul", axis=-1, reduction="mul"),
    ]
    values = {"x": x, "nd_idx": nd_idx, "nd_upd": nd_upd, "add_idx": add_idx,
              "add_upd": add_upd, "se_idx": se_idx, "se_upd": se_upd, "mul_idx": mul_idx,
              "mul_upd": mul_upd}
    replace = lambda old, new: new
    refs = {"nd": scatter_nd(x, nd_idx, nd_upd, replace),
            "nd_add": scatter_nd(x, add_idx, add_upd, lambda a, b: a + b),
            "se": scatter_elements(x, se_idx, se_upd, 0, replace),
            "se_mul": scatter_elements(x, mul_idx, mul_upd, 2, lambda a, b: a * b)}
    inputs = [vi(n, I64 if n.endswith("idx") else F32, v.shape) for n, v in values.items()]
    outputs = [vi(n, F32, x.shape) for n in refs]
    save(out, "scatter", nodes, inputs, outputs, 16, values, refs)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    gather(out)
    scatter(out)


if __name__ == "__main__":
    main()
