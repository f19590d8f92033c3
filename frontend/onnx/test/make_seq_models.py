#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the test models of the LSTM, GRU, LRN, LpNormalization and Einsum mappings.

Usage: make_seq_models.py OUT_DIR

Every model is saved as OUT_DIR/seq_<name>.onnx. The models listed in NUMERIC also get
OUT_DIR/seq_<name>.npz holding their inputs (`in_<input name>`) and the outputs of a NumPy
reference implementation of the ONNX operators written below (`out_<output name>`), computed
in float64 from the float32 inputs; //frontend/onnx/test:seq_numerics_test imports each model,
runs it through the IE host kernels and compares. (ONNX Runtime is not available here.)
"""

import os

import numpy as np
from onnx import helper, numpy_helper

from model_utils import F32, I32, model, vi
import model_utils

RNG = np.random.default_rng(20240229)


def rand(*shape, scale=1.0):
    return (RNG.uniform(-scale, scale, size=shape)).astype(np.float32)


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


#===------------------------------------------------------------------------===#
# NumPy references of the ONNX operators (ONNX operator specification, float64)
#===------------------------------------------------------------------------===#

def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


ACTIVATIONS = {"sigmoid": sigmoid, "tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}


def _clip(x, clip):
    return x if clip is None else np.clip(x, -clip, clip)


def _rnn_prepare(x, states, layout):
    """To layout 0: X [seq, batch, input], states [D, batch, hidden]."""
    x = np.asarray(x, np.float64)
    states = [None if s is None else np.asarray(s, np.float64) for s in states]
    if layout == 1:
        x = x.transpose(1, 0, 2)
        states = [None if s is None else s.transpose(1, 0, 2) for s in states]
    return x, states


def _rnn_finish(y, finals, layout):
    """From layout 0 (Y [seq, D, batch, hidden], finals [D, batch, hidden])."""
    if layout == 1:
        return [y.transpose(2, 0, 1, 3)] + [f.transpose(1, 0, 2) for f in finals]
    return [y] + finals


def lstm_reference(x, w, r, b=None, initial_h=None, initial_c=None, direction="forward",
                   activations=None, clip=None, layout=0):
    """ONNX LSTM (gates i, o, f, c; no peepholes): returns [Y, Y_h, Y_c]."""
    x, (h0, c0) = _rnn_prepare(x, [initial_h, initial_c], layout)
    dirs = 2 if direction == "bidirectional" else 1
    hidden = r.shape[-1]
    seq, batch, _ = x.shape
    activations = activations or ["Sigmoid", "Tanh", "Tanh"] * dirs
    y = np.zeros((seq, dirs, batch, hidden))
    finals_h, finals_c = [], []
    for d in range(dirs):
        f, g, h = [ACTIVATIONS[a.lower()] for a in activations[3 * d:3 * d + 3]]
        wi, wo, wf, wc = np.split(np.asarray(w[d], np.float64), 4)
        ri, ro, rf, rc = np.split(np.asarray(r[d], np.float64), 4)
        bias = np.zeros(8 * hidden) if b is None else np.asarray(b[d], np.float64)
        wbi, wbo, wbf, wbc, rbi, rbo, rbf, rbc = np.split(bias, 8)
        ht = np.zeros((batch, hidden)) if h0 is None else h0[d]
        ct = np.zeros((batch, hidden)) if c0 is None else c0[d]
        reverse = direction == "reverse" or d == 1
        for t in (reversed(range(seq)) if reverse else range(seq)):
            xt = x[t]
            it = f(_clip(xt @ wi.T + ht @ ri.T + wbi + rbi, clip))
            ft = f(_clip(xt @ wf.T + ht @ rf.T + wbf + rbf, clip))
            gt = g(_clip(xt @ wc.T + ht @ rc.T + wbc + rbc, clip))
            ct = ft * ct + it * gt
            ot = f(_clip(xt @ wo.T + ht @ ro.T + wbo + rbo, clip))
            ht = ot * h(_clip(ct, clip))
            y[t, d] = ht
        finals_h.append(ht)
        finals_c.append(ct)
    return _rnn_finish(y, [np.stack(finals_h), np.stack(finals_c)], layout)


def gru_reference(x, w, r, b=None, initial_h=None, direction="forward", activations=None,
                  clip=None, layout=0, linear_before_reset=0):
    """ONNX GRU (gates z, r, h): returns [Y, Y_h]."""
    x, (h0,) = _rnn_prepare(x, [initial_h], layout)
    dirs = 2 if direction == "bidirectional" else 1
    hidden = r.shape[-1]
    seq, batch, _ = x.shape
    activations = activations or ["Sigmoid", "Tanh"] * dirs
    y = np.zeros((seq, dirs, batch, hidden))
    finals = []
    for d in range(dirs):
        f, g = [ACTIVATIONS[a.lower()] for a in activations[2 * d:2 * d + 2]]
        wz, wr, wh = np.split(np.asarray(w[d], np.float64), 3)
        rz, rr, rh = np.split(np.asarray(r[d], np.float64), 3)
        bias = np.zeros(6 * hidden) if b is None else np.asarray(b[d], np.float64)
        wbz, wbr, wbh, rbz, rbr, rbh = np.split(bias, 6)
        ht = np.zeros((batch, hidden)) if h0 is None else h0[d]
        reverse = direction == "reverse" or d == 1
        for t in (reversed(range(seq)) if reverse else range(seq)):
            xt = x[t]
            zt = f(_clip(xt @ wz.T + ht @ rz.T + wbz + rbz, clip))
            rt = f(_clip(xt @ wr.T + ht @ rr.T + wbr + rbr, clip))
            if linear_before_reset:
                cand = g(_clip(xt @ wh.T + rt * (ht @ rh.T + rbh) + wbh, clip))
            else:
                cand = g(_clip(xt @ wh.T + (rt * ht) @ rh.T + rbh + wbh, clip))
            ht = (1.0 - zt) * cand + zt * ht
            y[t, d] = ht
        finals.append(ht)
    return _rnn_finish(y, [np.stack(finals)], layout)


def lrn_reference(x, size, alpha=1e-4, beta=0.75, bias=1.0):
    x = np.asarray(x, np.float64)
    channels = x.shape[1]
    square_sum = np.zeros_like(x)
    for c in range(channels):
        lo = max(0, c - (size - 1) // 2)
        hi = min(channels - 1, c + (size - 1 + 1) // 2)
        square_sum[:, c] = (x[:, lo:hi + 1] ** 2).sum(axis=1)
    return x / (bias + alpha / size * square_sum) ** beta


def lp_normalization_reference(x, axis=-1, p=2):
    x = np.asarray(x, np.float64)
    if p == 1:
        return x / np.abs(x).sum(axis=axis, keepdims=True)
    return x / np.sqrt((x ** 2).sum(axis=axis, keepdims=True))


#===------------------------------------------------------------------------===#
# Numeric models: (model, inputs, outputs) with the reference outputs
#===------------------------------------------------------------------------===#

def lstm_case(name, batch, seq, input_size, hidden, direction="forward", layout=0, opset=13,
              with_bias=True, with_states=True, activations=None, clip=None,
              constant_weights=True, seq_lens=False, zero_peepholes=False):
    dirs = 2 if direction == "bidirectional" else 1
    w = rand(dirs, 4 * hidden, input_size)
    r = rand(dirs, 4 * hidden, hidden)
    b = rand(dirs, 8 * hidden) if with_bias else None
    x_shape = [seq, batch, input_size] if layout == 0 else [batch, seq, input_size]
    s_shape = [dirs, batch, hidden] if layout == 0 else [batch, dirs, hidden]
    x = rand(*x_shape, scale=2.0)
    h0 = rand(*s_shape) if with_states else None
    c0 = rand(*s_shape) if with_states else None
    inputs = {"x": x}
    graph_inputs = [vi("x", F32, x_shape)]
    inits = []
    names = ["x", "W", "R", "", "", "", "", ""]
    for value, slot, key in ((w, 1, "W"), (r, 2, "R"), (b, 3, "B")):
        if value is None:
            continue
        names[slot] = key
        if constant_weights:
            inits.append(init(key, value))
        else:
            inputs[key] = value
            graph_inputs.append(vi(key, F32, list(value.shape)))
    if seq_lens:
        names[4] = "seq_lens"
        inits.append(init("seq_lens", np.full([batch], seq, np.int32)))
    if with_states:
        names[5], names[6] = "h0", "c0"
        inputs["h0"], inputs["c0"] = h0, c0
        graph_inputs += [vi("h0", F32, s_shape), vi("c0", F32, s_shape)]
    if zero_peepholes:
        names[7] = "P"
        inits.append(init("P", np.zeros([dirs, 3 * hidden], np.float32)))
    while names and names[-1] == "":
        names.pop()
    attrs = {"hidden_size": hidden, "direction": direction}
    if layout:
        attrs["layout"] = layout
    if activations:
        attrs["activations"] = activations
    if clip is not None:
        attrs["clip"] = clip
    node = helper.make_node("LSTM", names, ["y", "y_h", "y_c"], name=name, **attrs)
    outputs = lstm_reference(x, w, r, b, h0, c0, direction, activations, clip, layout)
    out_names = ["y", "y_h", "y_c"]
    m = model([node], graph_inputs, [vi(n, F32, list(o.shape)) for n, o in zip(out_names, outputs)],
              inits, opset=opset)
    return m, inputs, dict(zip(out_names, outputs))


def gru_case(name, batch, seq, input_size, hidden, direction="forward", layout=0, opset=13,
             with_bias=True, with_state=True, activations=None, clip=None,
             linear_before_reset=0):
    dirs = 2 if direction == "bidirectional" else 1
    w = rand(dirs, 3 * hidden, input_size)
    r = rand(dirs, 3 * hidden, hidden)
    b = rand(dirs, 6 * hidden) if with_bias else None
    x_shape = [seq, batch, input_size] if layout == 0 else [batch, seq, input_size]
    s_shape = [dirs, batch, hidden] if layout == 0 else [batch, dirs, hidden]
    x = rand(*x_shape, scale=2.0)
    h0 = rand(*s_shape) if with_state else None
    inputs = {"x": x}
    graph_inputs = [vi("x", F32, x_shape)]
    inits = [init("W", w), init("R", r)]
    names = ["x", "W", "R", "", "", ""]
    if b is not None:
        names[3] = "B"
        inits.append(init("B", b))
    if with_state:
        names[5] = "h0"
        inputs["h0"] = h0
        graph_inputs.append(vi("h0", F32, s_shape))
    while names[-1] == "":
        names.pop()
    attrs = {"hidden_size": hidden, "direction": direction}
    if layout:
        attrs["layout"] = layout
    if activations:
        attrs["activations"] = activations
    if clip is not None:
        attrs["clip"] = clip
    if linear_before_reset:
        attrs["linear_before_reset"] = linear_before_reset
    node = helper.make_node("GRU", names, ["y", "y_h"], name=name, **attrs)
    outputs = gru_reference(x, w, r, b, h0, direction, activations, clip, layout,
                            linear_before_reset)
    out_names = ["y", "y_h"]
    m = model([node], graph_inputs, [vi(n, F32, list(o.shape)) for n, o in zip(out_names, outputs)],
              inits, opset=opset)
    return m, inputs, dict(zip(out_names, outputs))


def lstm_forward():
    """Layout 0, forward, bias and initial states given."""
    return lstm_case("lstm", batch=2, seq=3, input_size=3, hidden=4)


def lstm_bidirectional_layout1():
    """Opset 14 layout 1, bidirectional, no bias and no initial states (zeros), clip."""
    return lstm_case("lstm", batch=2, seq=4, input_size=3, hidden=3, direction="bidirectional",
                     layout=1, opset=14, with_bias=False, with_states=False, clip=0.9)


def lstm_reverse():
    """Reverse with other activations, sequence_lens equal to the length, zero peepholes."""
    return lstm_case("lstm", batch=1, seq=5, input_size=2, hidden=2, direction="reverse",
                     activations=["Sigmoid", "Relu", "Tanh"], seq_lens=True,
                     zero_peepholes=True)


def lstm_nonconst():
    """W, R and B as graph inputs: the importer reorders them with Split / Add / Concat."""
    return lstm_case("lstm", batch=2, seq=2, input_size=3, hidden=2, direction="bidirectional",
                     constant_weights=False)


def gru_forward():
    """Layout 0, forward, bias and initial state given."""
    return gru_case("gru", batch=2, seq=3, input_size=3, hidden=4)


def gru_bidirectional_lbr():
    """Opset 14 layout 1, bidirectional, linear_before_reset, clip, no initial state."""
    return gru_case("gru", batch=3, seq=3, input_size=2, hidden=3, direction="bidirectional",
                    layout=1, opset=14, with_state=False, clip=1.2, linear_before_reset=1)


def gru_reverse_relu():
    """Reverse with Relu as g, no bias."""
    return gru_case("gru", batch=1, seq=4, input_size=2, hidden=2, direction="reverse",
                    with_bias=False, activations=["Sigmoid", "Relu"])


def norms():
    """LRN (even and odd size) and LpNormalization (p = 2 and p = 1)."""
    x = rand(1, 5, 2, 3, scale=3.0)
    nodes = [
        helper.make_node("LRN", ["x"], ["lrn3"], name="lrn3", size=3, alpha=0.02, beta=0.75,
                         bias=1.5),
        helper.make_node("LRN", ["x"], ["lrn4"], name="lrn4", size=4),
        helper.make_node("LpNormalization", ["x"], ["l2"], name="l2", axis=1),
        helper.make_node("LpNormalization", ["x"], ["l1"], name="l1", axis=-1, p=1),
    ]
    outputs = {
        "lrn3": lrn_reference(x, 3, 0.02, 0.75, 1.5),
        "lrn4": lrn_reference(x, 4),
        "l2": lp_normalization_reference(x, 1, 2),
        "l1": lp_normalization_reference(x, -1, 1),
    }
    m = model(nodes, [vi("x", F32, list(x.shape))],
              [vi(n, F32, list(o.shape)) for n, o in outputs.items()])
    return m, {"x": x}, outputs


def einsum():
    """Einsum forms: batched matmul, transposed operand, outer product, sum, transpose."""
    a = rand(2, 3, 4)
    b = rand(2, 4, 5)
    c = rand(2, 5, 4)
    u = rand(3)
    nodes = [
        helper.make_node("Einsum", ["a", "b"], ["bmm"], name="bmm", equation="bij,bjk->bik"),
        helper.make_node("Einsum", ["a", "c"], ["bmmt"], name="bmmt", equation="bij,bkj->bik"),
        helper.make_node("Einsum", ["u", "u"], ["outer"], name="outer", equation="i,j->ij"),
        helper.make_node("Einsum", ["a"], ["sum"], name="sum", equation="bij->j"),
        helper.make_node("Einsum", ["b"], ["perm"], name="perm", equation="bjk -> kbj"),
    ]
    outputs = {
        "bmm": np.einsum("bij,bjk->bik", a.astype(np.float64), b),
        "bmmt": np.einsum("bij,bkj->bik", a.astype(np.float64), c),
        "outer": np.einsum("i,j->ij", u.astype(np.float64), u),
        "sum": np.einsum("bij->j", a.astype(np.float64)),
        "perm": np.einsum("bjk->kbj", b.astype(np.float64)),
    }
    inputs = {"a": a, "b": b, "c": c, "u": u}
    m = model(nodes, [vi(n, F32, list(v.shape)) for n, v in inputs.items()],
              [vi(n, F32, list(o.shape)) for n, o in outputs.items()], opset=12)
    return m, inputs, outputs


NUMERIC = {
    "lstm_forward": lstm_forward,
    "lstm_bidirectional_layout1": lstm_bidirectional_layout1,
    "lstm_reverse": lstm_reverse,
    "lstm_nonconst": lstm_nonconst,
    "gru_forward": gru_forward,
    "gru_bidirectional_lbr": gru_bidirectional_lbr,
    "gru_reverse_relu": gru_reverse_relu,
    "norms": norms,
    "einsum": einsum,
}

#===------------------------------------------------------------------------===#
# Error models
#===------------------------------------------------------------------------===#


def lstm_node_model(opset=13, inputs=("x", "W", "R"), inits=(), check=True, **attrs):
    """A forward LSTM of hidden size 2 over x [3, 1, 2] with the given attributes."""
    weights = [init("W", rand(1, 8, 2)), init("R", rand(1, 8, 2))]
    attrs.setdefault("hidden_size", 2)
    node = helper.make_node("LSTM", list(inputs), ["y"], name="lstm", **attrs)
    dirs = 2 if attrs.get("direction") == "bidirectional" else 1
    y_shape = [3, dirs, 1, attrs["hidden_size"]]
    return model([node], [vi("x", F32, [3, 1, 2])], [vi("y", F32, y_shape)],
                 weights + list(inits), opset=opset, check=check)


def gru_node_model(opset=13, check=True, **attrs):
    """A GRU of hidden size 2 over x [3, 1, 2] with the given attributes."""
    weights = [init("W", rand(1, 6, 2)), init("R", rand(1, 6, 2))]
    node = helper.make_node("GRU", ["x", "W", "R"], ["y"], name="gru", hidden_size=2, **attrs)
    return model([node], [vi("x", F32, [3, 1, 2])], [vi("y", F32, [3, 1, 1, 2])], weights,
                 opset=opset,
                 check=check)


def lstm_small():
    """Hidden and input size 1, so the lit test can read the reordered gates: W = R = [1, 2,
    3, 4] (i, o, f, c) and B = [1, ..., 8]; no initial states."""
    w = np.array([1, 2, 3, 4], np.float32).reshape(1, 4, 1)
    r = np.array([10, 20, 30, 40], np.float32).reshape(1, 4, 1)
    b = np.arange(1, 9, dtype=np.float32).reshape(1, 8)
    node = helper.make_node("LSTM", ["x", "W", "R", "B"], ["y", "y_h", "y_c"], name="lstm",
                            hidden_size=1)
    return model([node], [vi("x", F32, [2, 1, 1])],
                 [vi("y", F32, [2, 1, 1, 1]), vi("y_h", F32, [1, 1, 1]),
                  vi("y_c", F32, [1, 1, 1])],
                 [init("W", w), init("R", r), init("B", b)])


def gru_small():
    """Hidden and input size 1 with linear_before_reset: B = [1, ..., 6] (Wb z r h, Rb z r h);
    only Y_h is used."""
    w = np.array([1, 2, 3], np.float32).reshape(1, 3, 1)
    b = np.arange(1, 7, dtype=np.float32).reshape(1, 6)
    node = helper.make_node("GRU", ["x", "W", "W", "B"], ["", "y_h"], name="gru",
                            hidden_size=1, linear_before_reset=1)
    return model([node], [vi("x", F32, [2, 1, 1])], [vi("y_h", F32, [1, 1, 1])],
                 [init("W", w), init("B", b)])


def lstm_seq_lens_short():
    return lstm_node_model(inputs=("x", "W", "R", "", "lens"),
                           inits=[init("lens", np.array([2], np.int32))])


def lstm_seq_lens_input():
    node = helper.make_node("LSTM", ["x", "W", "R", "", "lens"], ["y"], name="lstm",
                            hidden_size=2)
    return model([node], [vi("x", F32, [3, 1, 2]), vi("lens", I32, [1])],
                 [vi("y", F32, [3, 1, 1, 2])],
                 [init("W", rand(1, 8, 2)), init("R", rand(1, 8, 2))])


def lstm_peepholes():
    return lstm_node_model(inputs=("x", "W", "R", "", "", "", "", "P"),
                           inits=[init("P", np.ones([1, 6], np.float32))])


def lstm_bad_bias():
    return lstm_node_model(inputs=("x", "W", "R", "B"), inits=[init("B", rand(1, 8))],
                           check=False)


def lstm_bad_hidden_size():
    return lstm_node_model(hidden_size=3, check=False)


def lstm_weight_rank():
    node = helper.make_node("LSTM", ["x", "W", "R"], ["y"], name="lstm", hidden_size=2)
    return model([node], [vi("x", F32, [3, 1, 2])], [vi("y", F32, [3, 1, 1, 2])],
                 [init("W", rand(8, 2)), init("R", rand(1, 8, 2))], check=False)


def lstm_input_rank():
    node = helper.make_node("LSTM", ["x", "W", "R"], ["y"], name="lstm", hidden_size=2)
    return model([node], [vi("x", F32, [3, 2])], [vi("y", F32, [3, 1, 1, 2])],
                 [init("W", rand(1, 8, 2)), init("R", rand(1, 8, 2))], check=False)


def lstm_wrong_directions():
    """Bidirectional with weights of one direction: the IE op's verifier reports it."""
    return lstm_node_model(direction="bidirectional", check=False)


def einsum_node_model(equation, inputs, output):
    nodes = [helper.make_node("Einsum", [n for n, _ in inputs], ["y"], name="einsum",
                              equation=equation)]
    return model(nodes, [vi(n, F32, s) for n, s in inputs], [vi("y", F32, output)], opset=12,
                 check=False)


def lp_norm_p3():
    node = helper.make_node("LpNormalization", ["x"], ["y"], name="lpnorm", p=3)
    return model([node], [vi("x", F32, [2, 3])], [vi("y", F32, [2, 3])], check=False)


def lrn_size0():
    node = helper.make_node("LRN", ["x"], ["y"], name="lrn", size=0)
    return model([node], [vi("x", F32, [1, 3, 2, 2])], [vi("y", F32, [1, 3, 2, 2])], check=False)


# Models whose imported IR the lit tests read (plus the numeric ones) and error cases.
ERRORS = {
    "lstm_small": lstm_small,
    "gru_small": gru_small,
    "lstm_seq_lens_short": lstm_seq_lens_short,
    "lstm_seq_lens_input": lstm_seq_lens_input,
    "lstm_peepholes": lstm_peepholes,
    "lstm_input_forget": lambda: lstm_node_model(input_forget=1),
    "lstm_activation": lambda: lstm_node_model(activations=["Sigmoid", "Elu", "Tanh"]),
    "lstm_activation_count": lambda: lstm_node_model(activations=["Sigmoid", "Tanh"],
                                                     check=False),
    "lstm_activations_differ": lambda: lstm_node_model(
        direction="bidirectional",
        activations=["Sigmoid", "Tanh", "Tanh", "Sigmoid", "Relu", "Tanh"], check=False),
    "lstm_direction": lambda: lstm_node_model(direction="sideways", check=False),
    "lstm_layout": lambda: lstm_node_model(opset=14, layout=2, check=False),
    "lstm_bad_bias": lstm_bad_bias,
    "lstm_bad_hidden_size": lstm_bad_hidden_size,
    "lstm_wrong_directions": lstm_wrong_directions,
    "lstm_weight_rank": lstm_weight_rank,
    "lstm_input_rank": lstm_input_rank,
    "gru_activation": lambda: gru_node_model(activations=["HardSigmoid", "Tanh"]),
    "einsum_ellipsis": lambda: einsum_node_model("...ij,...jk->...ik",
                                                 [("a", [2, 3, 4]), ("b", [2, 4, 5])],
                                                 [2, 3, 5]),
    "einsum_diagonal": lambda: einsum_node_model("ii->i", [("a", [3, 3])], [3]),
    "einsum_three": lambda: einsum_node_model("i,i,i->", [("a", [3]), ("b", [3]), ("c", [3])],
                                              []),
    "einsum_mismatch": lambda: einsum_node_model("ij,jk->ik", [("a", [2, 3]), ("b", [4, 5])],
                                                 [2, 5]),
    "lp_norm_p3": lp_norm_p3,
    "lrn_size0": lrn_size0,
}

# Each numeric case is built once: its model, inputs and reference outputs share the draws.
CASES = {name: make() for name, make in NUMERIC.items()}

MODELS = {"seq_" + name: (lambda case: lambda: case[0])(case) for name, case in CASES.items()}
MODELS.update({"seq_" + name: make for name, make in ERRORS.items()})


def main():
    out_dir = model_utils.main(MODELS)
    for name, (_, inputs, outputs) in CASES.items():
        arrays = {"in_" + k: np.asarray(v, np.float32) for k, v in inputs.items()}
        arrays.update({"out_" + k: np.asarray(v, np.float32) for k, v in outputs.items()})
        np.savez(os.path.join(out_dir, "seq_" + name + ".npz"), **arrays)


if __name__ == "__main__":
    main()
