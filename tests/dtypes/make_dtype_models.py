#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes small ONNX models of the element types and layers of issue 14 into a directory, each
with its input archive (<name>_in.npz) and a NumPy reference of its outputs (<name>_ref.npz):

  bool_logic   bool network inputs, intermediates and outputs: Greater, Not, And, Or, Xor,
               Equal and Where on [2, 3, 4] and [1, 2, 3, 4] tensors
  f64_net      f64 network input and outputs: Add, Relu, Mul, ReduceMax and a Cast to f32,
               computed in f16 on the device (the f64 policy of docs/blob_and_emulator.md)
  lrn          LRN across channels (size 3 and 4, the even size's window reaching one channel
               further back than forward)
  rnn          a bidirectional LSTM and a reverse GRU with linear_before_reset (ONNX layouts and
               gate orders: i, o, f, c and z, r, h)

Usage: make_dtype_models.py OUT_DIR
"""

import os
import sys
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save_npz(path, arrays):
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in arrays.items():
            with archive.open(name + ".npy", "w") as f:
                np.lib.format.write_array(f, np.asanyarray(array), allow_pickle=False)


def save(out_dir, name, graph, inputs, outputs, opset=13):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out_dir, name + ".onnx"))
    save_npz(os.path.join(out_dir, name + "_in.npz"), inputs)
    save_npz(os.path.join(out_dir, name + "_ref.npz"), outputs)


def bool_logic(out_dir, rng):
    x = rng.uniform(-1, 1, (2, 3, 4)).astype(np.float32)
    x[0, 0, :2] = 0.0
    m = rng.uniform(0, 1, (2, 3, 4)) < 0.5
    b4 = rng.uniform(0, 1, (1, 2, 3, 4)) < 0.5
    zero = numpy_helper.from_array(np.zeros((1,), np.float32), "zero")
    nodes = [
        helper.make_node("Greater", ["x", "zero"], ["g"]),
        helper.make_node("Not", ["g"], ["n"]),
        helper.make_node("And", ["n", "m"], ["a"]),
        helper.make_node("Equal", ["x", "zero"], ["e"]),
        helper.make_node("Or", ["a", "e"], ["o"]),
        helper.make_node("Xor", ["o", "m"], ["xr"]),
        helper.make_node("Where", ["xr", "x", "zero"], ["w"]),
        helper.make_node("Not", ["b4"], ["nb4"]),
    ]
    g = x > 0
    n = ~g
    a = n & m
    o = a | (x == 0)
    xr = o ^ m
    w = np.where(xr, x, np.float32(0))
    graph = helper.make_graph(
        nodes, "bool_logic",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4]),
         helper.make_tensor_value_info("m", TensorProto.BOOL, [2, 3, 4]),
         helper.make_tensor_value_info("b4", TensorProto.BOOL, [1, 2, 3, 4])],
        [helper.make_tensor_value_info("o", TensorProto.BOOL, [2, 3, 4]),
         helper.make_tensor_value_info("xr", TensorProto.BOOL, [2, 3, 4]),
         helper.make_tensor_value_info("w", TensorProto.FLOAT, [2, 3, 4]),
         helper.make_tensor_value_info("nb4", TensorProto.BOOL, [1, 2, 3, 4])],
        [zero])
    save(out_dir, "bool_logic", graph, {"x": x, "m": m, "b4": b4},
         {"o": o, "xr": xr, "w": w, "nb4": ~b4})


def f64_net(out_dir, rng):
    x = rng.uniform(-2, 2, (2, 3, 4)).astype(np.float64)
    c = rng.uniform(-1, 1, (4,)).astype(np.float64)
    nodes = [
        helper.make_node("Add", ["x", "c"], ["s"]),
        helper.make_node("Relu", ["s"], ["r"]),
        helper.make_node("Mul", ["r", "x"], ["y"]),
        helper.make_node("ReduceMax", ["y"], ["mx"], axes=[2], keepdims=1),
        helper.make_node("Cast", ["y"], ["y32"], to=TensorProto.FLOAT),
    ]
    y = np.maximum(x + c, 0) * x
    graph = helper.make_graph(
        nodes, "f64_net",
        [helper.make_tensor_value_info("x", TensorProto.DOUBLE, [2, 3, 4])],
        [helper.make_tensor_value_info("y", TensorProto.DOUBLE, [2, 3, 4]),
         helper.make_tensor_value_info("mx", TensorProto.DOUBLE, [2, 3, 1]),
         helper.make_tensor_value_info("y32", TensorProto.FLOAT, [2, 3, 4])],
        [numpy_helper.from_array(c, "c")])
    save(out_dir, "f64_net", graph, {"x": x},
         {"y": y, "mx": y.max(axis=2, keepdims=True), "y32": y.astype(np.float32)})


def lrn_reference(x, size, alpha, beta, bias):
    """ONNX LRN: square_sum over channels [c - floor((size-1)/2), c + ceil((size-1)/2)]."""
    channels = x.shape[1]
    y = np.empty_like(x)
    for c in range(channels):
        lo = max(0, c - (size - 1) // 2)
        hi = min(channels - 1, c + (size - 1 + 1) // 2)
        square_sum = (x[:, lo:hi + 1] ** 2).sum(axis=1)
        y[:, c] = x[:, c] / (bias + alpha / size * square_sum) ** beta
    return y


def lrn(out_dir, rng):
    x = rng.uniform(-2, 2, (1, 8, 5, 5)).astype(np.float32)
    nodes = [
        helper.make_node("LRN", ["x"], ["y3"], size=3, alpha=0.5, beta=0.75, bias=1.0),
        helper.make_node("LRN", ["x"], ["y4"], size=4, alpha=0.2, beta=0.5, bias=2.0),
    ]
    graph = helper.make_graph(
        nodes, "lrn",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 5, 5])],
        [helper.make_tensor_value_info("y3", TensorProto.FLOAT, [1, 8, 5, 5]),
         helper.make_tensor_value_info("y4", TensorProto.FLOAT, [1, 8, 5, 5])])
    save(out_dir, "lrn", graph, {"x": x},
         {"y3": lrn_reference(x.astype(np.float64), 3, 0.5, 0.75, 1.0).astype(np.float32),
          "y4": lrn_reference(x.astype(np.float64), 4, 0.2, 0.5, 2.0).astype(np.float32)})


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def directions_of(direction):
    return ["forward", "reverse"] if direction == "bidirectional" else [direction]


def lstm_reference(x, w, r, b, h0, c0, direction):
    """ONNX LSTM (layout 0, default activations): x [T, B, I], w [D, 4H, I], r [D, 4H, H],
    b [D, 8H], h0/c0 [D, B, H], gates i, o, f, c. Returns Y [T, D, B, H], Y_h, Y_c."""
    steps, batch, _ = x.shape
    hidden = r.shape[2]
    ys = np.zeros((steps, w.shape[0], batch, hidden))
    hs, cs = np.zeros_like(h0), np.zeros_like(c0)
    for d, kind in enumerate(directions_of(direction)):
        h, c = h0[d], c0[d]
        order = range(steps - 1, -1, -1) if kind == "reverse" else range(steps)
        for t in order:
            g = x[t] @ w[d].T + h @ r[d].T + b[d][:4 * hidden] + b[d][4 * hidden:]
            i, o, f, cand = np.split(g, 4, axis=1)
            c = sigmoid(f) * c + sigmoid(i) * np.tanh(cand)
            h = sigmoid(o) * np.tanh(c)
            ys[t, d] = h
        hs[d], cs[d] = h, c
    return ys, hs, cs


def gru_reference(x, w, r, b, h0, direction, linear_before_reset):
    """ONNX GRU (layout 0, default activations), gates z, r, h."""
    steps, batch, _ = x.shape
    hidden = r.shape[2]
    ys = np.zeros((steps, w.shape[0], batch, hidden))
    hs = np.zeros_like(h0)
    for d, kind in enumerate(directions_of(direction)):
        h = h0[d]
        wz, wr, wh = np.split(w[d], 3)
        rz, rr, rh = np.split(r[d], 3)
        wbz, wbr, wbh, rbz, rbr, rbh = np.split(b[d], 6)
        order = range(steps - 1, -1, -1) if kind == "reverse" else range(steps)
        for t in order:
            z = sigmoid(x[t] @ wz.T + h @ rz.T + wbz + rbz)
            rg = sigmoid(x[t] @ wr.T + h @ rr.T + wbr + rbr)
            if linear_before_reset:
                cand = np.tanh(x[t] @ wh.T + rg * (h @ rh.T + rbh) + wbh)
            else:
                cand = np.tanh(x[t] @ wh.T + (rg * h) @ rh.T + rbh + wbh)
            h = (1 - z) * cand + z * h
            ys[t, d] = h
        hs[d] = h
    return ys, hs


def rnn(out_dir, rng):
    steps, batch, inputs, hidden = 4, 2, 3, 5
    x = rng.uniform(-1, 1, (steps, batch, inputs)).astype(np.float32)

    def init(shape, scale):
        return rng.uniform(-scale, scale, shape).astype(np.float32)

    lw, lr, lb = init((2, 4 * hidden, inputs), 0.6), init((2, 4 * hidden, hidden), 0.6), \
        init((2, 8 * hidden), 0.3)
    lh, lc = init((2, batch, hidden), 0.5), init((2, batch, hidden), 0.5)
    gw, gr, gb = init((1, 3 * hidden, inputs), 0.6), init((1, 3 * hidden, hidden), 0.6), \
        init((1, 6 * hidden), 0.3)
    gh = init((1, batch, hidden), 0.5)
    consts = [numpy_helper.from_array(a, n) for a, n in
              ((lw, "lw"), (lr, "lr"), (lb, "lb"), (lh, "lh"), (lc, "lc"),
               (gw, "gw"), (gr, "gr"), (gb, "gb"), (gh, "gh"))]
    nodes = [
        helper.make_node("LSTM", ["x", "lw", "lr", "lb", "", "lh", "lc"],
                         ["ly", "ly_h", "ly_c"], hidden_size=hidden,
                         direction="bidirectional"),
        helper.make_node("GRU", ["x", "gw", "gr", "gb", "", "gh"], ["gy", "gy_h"],
                         hidden_size=hidden, direction="reverse", linear_before_reset=1),
    ]
    ly, lyh, lyc = lstm_reference(*(a.astype(np.float64) for a in (x, lw, lr, lb, lh, lc)),
                                  "bidirectional")
    gy, gyh = gru_reference(*(a.astype(np.float64) for a in (x, gw, gr, gb, gh)),
                            "reverse", True)

    def info(name, shape):
        return helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)

    graph = helper.make_graph(
        nodes, "rnn", [info("x", [steps, batch, inputs])],
        [info("ly", [steps, 2, batch, hidden]), info("ly_h", [2, batch, hidden]),
         info("ly_c", [2, batch, hidden]), info("gy", [steps, 1, batch, hidden]),
         info("gy_h", [1, batch, hidden])], consts)
    save(out_dir, "rnn", graph, {"x": x},
         {name: value.astype(np.float32) for name, value in
          (("ly", ly), ("ly_h", lyh), ("ly_c", lyc), ("gy", gy), ("gy_h", gyh))})


MODELS = {"bool_logic": bool_logic, "f64_net": f64_net, "lrn": lrn, "rnn": rnn}


def main():
    out_dir = sys.argv[1]
    names = sys.argv[2:] or list(MODELS)
    os.makedirs(out_dir, exist_ok=True)
    for name in names:
        MODELS[name](out_dir, np.random.default_rng(14))


if __name__ == "__main__":
    main()
