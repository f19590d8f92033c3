#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of OneHot, Compress, ReverseSequence, MaxUnpool and RNN (selection.test,
frontend/onnx/Selection.cpp and VanillaRNN.cpp).

Usage: make_selection_models.py OUT_DIR

selection_ops and selection_rnn also get OUT_DIR/<name>.npz: their inputs (`in_<input name>`)
and the outputs of NumPy implementations of the operators (`out_<output name>`), which
seq_numerics_test compares with the IE reference interpreter.
"""

import os

import numpy as np
from onnx import helper, numpy_helper

from model_utils import F32, I32, I64, main, model, vi

RNG = np.random.default_rng(11)
COND = np.array([True, False, True, True], bool)
LENS = np.array([3, 1, 4], np.int64)
# The RNN weights: W [D, hidden, input], R [D, hidden, hidden], B [D, 2 * hidden].
RNN_W = RNG.standard_normal((2, 4, 3)).astype(np.float32) * 0.5
RNN_R = RNG.standard_normal((2, 4, 4)).astype(np.float32) * 0.5
RNN_B = RNG.standard_normal((2, 8)).astype(np.float32) * 0.5


def selection_ops():
    inits = [numpy_helper.from_array(np.array(5, np.int64), "depth"),
             numpy_helper.from_array(np.array([-1.0, 2.0], np.float32), "values"),
             numpy_helper.from_array(np.array([4.0], np.float32), "depth_f"),
             numpy_helper.from_array(COND, "cond"),
             numpy_helper.from_array(COND[:3], "cond3"),
             numpy_helper.from_array(LENS, "lens"),
             numpy_helper.from_array(np.array([1, 3], np.int64), "lens_b"),
             numpy_helper.from_array(np.array([1, 2, 5, 7], np.int64), "unpool_shape")]
    nodes = [
        helper.make_node("OneHot", ["idx", "depth", "values"], ["onehot"], name="onehot"),
        helper.make_node("OneHot", ["idx_f", "depth_f", "ivalues"], ["onehot_axis"],
                         name="onehot_axis", axis=0),
        helper.make_node("Compress", ["x", "cond"], ["compress"], name="compress", axis=1),
        helper.make_node("Compress", ["x", "cond3"], ["compress_flat"], name="compress_flat"),
        helper.make_node("ReverseSequence", ["s", "lens"], ["rev_time"], name="rev_time"),
        helper.make_node("ReverseSequence", ["sb", "lens_b"], ["rev_batch"], name="rev_batch",
                         time_axis=1, batch_axis=0),
        # Run-time lengths: the gather index is computed in the graph.
        helper.make_node("ReverseSequence", ["s", "lens_rt"], ["rev_time_rt"],
                         name="rev_time_rt"),
        helper.make_node("ReverseSequence", ["sb", "lens_b_rt"], ["rev_batch_rt"],
                         name="rev_batch_rt", time_axis=1, batch_axis=0),
        helper.make_node("MaxUnpool", ["pooled", "argmax"], ["unpool"], name="unpool",
                         kernel_shape=[2, 2], strides=[2, 2]),
        # A larger output shape: the indices address the inferred [1, 2, 4, 6], the rest is
        # zero at the end of each dim.
        helper.make_node("MaxUnpool", ["pooled", "argmax", "unpool_shape"], ["unpool_big"],
                         name="unpool_big", kernel_shape=[2, 2], strides=[2, 2]),
    ]
    inputs = [vi("idx", I64, [2, 3]), vi("idx_f", F32, [3]), vi("ivalues", I32, [2]),
              vi("x", F32, [3, 4]), vi("s", F32, [4, 3, 2]), vi("sb", F32, [2, 3]),
              vi("lens_rt", I64, [3]), vi("lens_b_rt", I32, [2]),
              vi("pooled", F32, [1, 2, 2, 3]), vi("argmax", I64, [1, 2, 2, 3])]
    outputs = [vi("onehot", F32, [2, 3, 5]), vi("onehot_axis", I32, [4, 3]),
               vi("compress", F32, [3, 3]), vi("compress_flat", F32, [2]),
               vi("rev_time", F32, [4, 3, 2]), vi("rev_batch", F32, [2, 3]),
               vi("rev_time_rt", F32, [4, 3, 2]), vi("rev_batch_rt", F32, [2, 3]),
               vi("unpool", F32, [1, 2, 4, 6]), vi("unpool_big", F32, [1, 2, 5, 7])]
    return model(nodes, inputs, outputs, inits, opset=11)


def one_hot(indices, depth, axis, off, on):
    out = np.full(indices.shape + (depth,), off)
    for pos, i in np.ndenumerate(indices):
        i = int(i)
        if -depth <= i < depth:
            out[pos + (i % depth,)] = on
    return np.moveaxis(out, -1, axis)


def reverse_sequence(x, lens, time_axis):
    y = x.copy()
    for b, n in enumerate(lens):
        if time_axis == 0:
            y[:n, b] = x[:n, b][::-1]
        else:
            y[b, :n] = x[b, :n][::-1]
    return y


def max_pool_with_indices(p):
    """MaxPool 2x2 / 2 of p [1, C, H, W] and its flat argmax indices (ONNX's Indices)."""
    _, c, h, w = p.shape
    pooled = np.zeros((1, c, h // 2, w // 2), p.dtype)
    argmax = np.zeros(pooled.shape, np.int64)
    for ci in range(c):
        for i in range(h // 2):
            for j in range(w // 2):
                win = p[0, ci, 2 * i:2 * i + 2, 2 * j:2 * j + 2]
                di, dj = np.unravel_index(np.argmax(win), win.shape)
                pooled[0, ci, i, j] = win[di, dj]
                argmax[0, ci, i, j] = (ci * h + 2 * i + di) * w + 2 * j + dj
    return pooled, argmax


def selection_ops_ref(idx, idx_f, ivalues, x, s, sb, lens_rt, lens_b_rt, pooled, argmax):
    unpool = np.zeros((1, 2, 4, 6), np.float32)
    unpool.reshape(-1)[argmax.reshape(-1)] = pooled.reshape(-1)
    unpool_big = np.zeros((1, 2, 5, 7), np.float32)
    unpool_big[:, :, :4, :6] = unpool
    return {
        "onehot": one_hot(idx, 5, -1, -1.0, 2.0).astype(np.float32),
        "onehot_axis": one_hot(idx_f.astype(np.int64), 4, 0, ivalues[0], ivalues[1])
        .astype(np.int32),
        "compress": np.compress(COND, x, axis=1),
        "compress_flat": np.compress(COND[:3], x),
        "rev_time": reverse_sequence(s, LENS, 0),
        "rev_batch": reverse_sequence(sb, [1, 3], 1),
        "rev_time_rt": reverse_sequence(s, lens_rt, 0),
        "rev_batch_rt": reverse_sequence(sb, lens_b_rt, 1),
        "unpool": unpool,
        "unpool_big": unpool_big,
    }


def selection_rnn():
    d, hid, inp = 2, 4, 3
    w, r, b = (numpy_helper.from_array(a, n) for a, n in ((RNN_W, "w"), (RNN_R, "r"), (RNN_B, "b")))
    w1 = numpy_helper.from_array(RNN_W[:1], "w1")
    r1 = numpy_helper.from_array(RNN_R[:1], "r1")
    nodes = [
        helper.make_node("RNN", ["x", "w", "r", "b", "", "h0"], ["y", "yh"], name="rnn_bi",
                         hidden_size=hid, direction="bidirectional",
                         activations=["Tanh", "Relu"], clip=1.5),
        helper.make_node("RNN", ["xb", "w1", "r1"], ["yb", "yhb"], name="rnn_batchwise",
                         hidden_size=hid, layout=1, direction="reverse",
                         activations=["LeakyRelu"], activation_alpha=[0.2]),
    ]
    inputs = [vi("x", F32, [5, 2, inp]), vi("h0", F32, [d, 2, hid]), vi("xb", F32, [2, 5, inp])]
    outputs = [vi("y", F32, [5, d, 2, hid]), vi("yh", F32, [d, 2, hid]),
               vi("yb", F32, [2, 5, 1, hid]), vi("yhb", F32, [2, 1, hid])]
    return model(nodes, inputs, outputs, [w, r, b, w1, r1], opset=14)


def rnn_ref(x, w, r, b, h0, activation, reverse, clip=None):
    """One direction: x [seq, batch, input] -> Y [seq, batch, hidden], final h."""
    hid = w.shape[0]
    h = h0
    ys = [None] * len(x)
    order = range(len(x) - 1, -1, -1) if reverse else range(len(x))
    for t in order:
        pre = x[t] @ w.T + h @ r.T + b[:hid] + b[hid:]
        if clip is not None:
            pre = np.clip(pre, -clip, clip)
        h = activation(pre)
        ys[t] = h
    return np.stack(ys), h


def selection_rnn_ref(x, h0, xb):
    w, r, b = RNN_W, RNN_R, RNN_B
    x, h0, xb = (a.astype(np.float64) for a in (x, h0, xb))
    yf, hf = rnn_ref(x, w[0], r[0], b[0], h0[0], np.tanh, False, 1.5)
    yr, hr = rnn_ref(x, w[1], r[1], b[1], h0[1], lambda v: np.maximum(v, 0), True, 1.5)
    yb, hb = rnn_ref(xb.transpose(1, 0, 2), w[0], r[0], np.zeros(8), np.zeros((2, 4)),
                     lambda v: np.where(v >= 0, v, 0.2 * v), True)
    f32 = np.float32
    return {"y": np.stack([yf, yr], axis=1).astype(f32), "yh": np.stack([hf, hr]).astype(f32),
            "yb": yb.transpose(1, 0, 2)[:, :, None].astype(f32), "yhb": hb[:, None].astype(f32)}


def selection_onehot_nonconst_depth():
    nodes = [helper.make_node("OneHot", ["i", "depth", "v"], ["y"], name="onehot_dynamic")]
    return model(nodes, [vi("i", I64, [3]), vi("depth", I64, []), vi("v", F32, [2])],
                 [vi("y", F32, [3, None])], opset=11)


def selection_reverse_bad_lens():
    inits = [numpy_helper.from_array(np.array([2, 5], np.int64), "lens")]
    nodes = [helper.make_node("ReverseSequence", ["x", "lens"], ["y"], name="rev_too_long")]
    return model(nodes, [vi("x", F32, [3, 2])], [vi("y", F32, [3, 2])], inits, opset=11)


def selection_rnn_activation():
    w = numpy_helper.from_array(np.zeros((1, 2, 2), np.float32), "w")
    r = numpy_helper.from_array(np.zeros((1, 2, 2), np.float32), "r")
    nodes = [helper.make_node("RNN", ["x", "w", "r"], ["y"], name="rnn_softsign",
                              hidden_size=2, activations=["Softsign"])]
    return model(nodes, [vi("x", F32, [3, 1, 2])], [vi("y", F32, [3, 1, 1, 2])], [w, r],
                 opset=14)


MODELS = {f.__name__: f for f in [selection_ops, selection_rnn,
                                   selection_onehot_nonconst_depth,
                                   selection_reverse_bad_lens, selection_rnn_activation]}

if __name__ == "__main__":
    out_dir = main(MODELS)
    inputs = {"idx": np.array([[0, 4, -1], [-5, 7, 2]], np.int64),
              "idx_f": np.array([1.0, -4.0, 3.0], np.float32),
              "ivalues": np.array([10, 20], np.int32),
              "x": RNG.standard_normal((3, 4)).astype(np.float32),
              "s": RNG.standard_normal((4, 3, 2)).astype(np.float32),
              "sb": RNG.standard_normal((2, 3)).astype(np.float32),
              "lens_rt": np.array([2, 4, 1], np.int64), "lens_b_rt": np.array([3, 2], np.int32),
              }
    inputs["pooled"], inputs["argmax"] = max_pool_with_indices(
        RNG.permutation(48).reshape(1, 2, 4, 6).astype(np.float32))
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in selection_ops_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "selection_ops.npz"), **arrays)

    inputs = {"x": RNG.standard_normal((5, 2, 3)).astype(np.float32),
              "h0": RNG.standard_normal((2, 2, 4)).astype(np.float32),
              "xb": RNG.standard_normal((2, 5, 3)).astype(np.float32)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in selection_rnn_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "selection_rnn.npz"), **arrays)
