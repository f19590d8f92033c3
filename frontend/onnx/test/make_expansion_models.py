#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of the ops the importer expands into several IE ops (expansion.test).

Usage: make_expansion_models.py OUT_DIR

expansion_ops, expansion_reduce, expansion_misc and expansion_fmod also get OUT_DIR/<name>.npz, holding their inputs (`in_<input name>`) and
the outputs of a NumPy implementation of the ONNX operators (`out_<output name>`), which
seq_numerics_test compares with the IE reference interpreter.
"""

import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from model_utils import BOOL, F32, I32, I64, main, model, vi


def expansion_ops():
    shape = numpy_helper.from_array(np.array([2, 3], np.int64), "shape")
    k1 = numpy_helper.from_array(np.array(1, np.int64), "k1")
    nodes = [
        helper.make_node("Size", ["x"], ["size"], name="size"),
        helper.make_node("ConstantOfShape", ["shape"], ["filled"], name="filled",
                         value=helper.make_tensor("v", TensorProto.INT32, [1], [7])),
        helper.make_node("Reciprocal", ["x"], ["reciprocal"], name="reciprocal"),
        helper.make_node("Sum", ["x", "x", "x"], ["sum"], name="sum"),
        helper.make_node("Mean", ["x", "reciprocal"], ["mean"], name="mean"),
        helper.make_node("Xor", ["a", "b"], ["xor"], name="xor"),
        helper.make_node("Selu", ["x"], ["selu"], name="selu", alpha=1.5, gamma=2.0),
        helper.make_node("Softsign", ["x"], ["softsign"], name="softsign"),
        helper.make_node("ThresholdedRelu", ["x"], ["thresholded"], name="thresholded",
                         alpha=0.5),
        helper.make_node("Shrink", ["x"], ["shrink"], name="shrink", lambd=0.6, bias=0.2),
        helper.make_node("Trilu", ["x", "k1"], ["triu"], name="triu"),
        helper.make_node("Trilu", ["x", "k"], ["tril"], name="tril", upper=0),
    ]
    outputs = [vi("size", I64, []), vi("filled", I32, [2, 3])] + [
        vi(n, F32, [3, 4]) for n in ("reciprocal", "sum", "mean")] + [
        vi("xor", BOOL, [3, 4])] + [
        vi(n, F32, [3, 4]) for n in ("selu", "softsign", "thresholded", "shrink", "triu",
                                     "tril")]
    return model(nodes, [vi("x", F32, [3, 4]), vi("a", BOOL, [3, 4]), vi("b", BOOL, [3, 4]),
                         vi("k", I64, [])], outputs, [shape, k1], opset=14)


def expansion_ops_ref(x, a, b, k):
    r = 1 / x
    selu = 2.0 * np.where(x > 0, x, 1.5 * (np.exp(x) - 1))
    shrink = np.where(x < -0.6, x + 0.2, np.where(x > 0.6, x - 0.2, 0))
    return {
        "size": np.array(x.size, np.int64),
        "filled": np.full((2, 3), 7, np.int32),
        "reciprocal": r,
        "sum": x + x + x,
        "mean": (x + r) / 2,
        "xor": np.logical_xor(a, b),
        "selu": selu.astype(np.float32),
        "softsign": x / (1 + np.abs(x)),
        "thresholded": np.where(x > 0.5, x, 0).astype(np.float32),
        "shrink": shrink.astype(np.float32),
        "triu": np.triu(x, 1),
        "tril": np.tril(x, int(k)),
    }


def expansion_reduce():
    # The reductions composed of IE ops, and LayerNormalization with its statistics outputs
    # (imported through its ONNX function body).
    scale = numpy_helper.from_array(np.array([1.0, 0.5, 2.0, -1.0], np.float32), "scale")
    bias = numpy_helper.from_array(np.array([0.0, 0.1, -0.2, 0.3], np.float32), "bias")
    nodes = [
        helper.make_node("ReduceL1", ["x"], ["l1"], name="l1", axes=[1]),
        helper.make_node("ReduceSumSquare", ["x"], ["sumsq"], name="sumsq", axes=[2],
                         keepdims=0),
        helper.make_node("ReduceLogSum", ["p"], ["logsum"], name="logsum"),
        helper.make_node("ReduceLogSumExp", ["big"], ["lse"], name="lse", axes=[1, 2],
                         keepdims=0),
        helper.make_node("LayerNormalization", ["x", "scale", "bias"],
                         ["ln", "ln_mean", "ln_invstd"], name="ln", epsilon=1e-3),
    ]
    outputs = [vi("l1", F32, [2, 1, 4]), vi("sumsq", F32, [2, 3]), vi("logsum", F32, [1, 1, 1]),
               vi("lse", F32, [2]), vi("ln", F32, [2, 3, 4]), vi("ln_mean", F32, [2, 3, 1]),
               vi("ln_invstd", F32, [2, 3, 1])]
    return model(nodes, [vi("x", F32, [2, 3, 4]), vi("p", F32, [2, 3, 4]),
                         vi("big", F32, [2, 3, 4])], outputs, [scale, bias], opset=17)


def expansion_reduce_ref(x, p, big):
    mean = x.mean(axis=-1, keepdims=True)
    invstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=-1, keepdims=True) + 1e-3)
    m = big.max(axis=(1, 2))
    return {
        "l1": np.abs(x).sum(axis=1, keepdims=True),
        "sumsq": (x * x).sum(axis=2),
        "logsum": np.log(p.sum(keepdims=True)),
        # Inputs this large overflow exp() in float32: the result needs the max shift.
        "lse": (m + np.log(np.exp(big.astype(np.float64) - m[:, None, None]).sum(axis=(1, 2))))
        .astype(np.float32),
        "ln": ((x - mean) * invstd * np.array([1.0, 0.5, 2.0, -1.0], np.float32)
               + np.array([0.0, 0.1, -0.2, 0.3], np.float32)).astype(np.float32),
        "ln_mean": mean,
        "ln_invstd": invstd.astype(np.float32),
    }


def expansion_misc():
    nodes = [
        helper.make_node("EyeLike", ["x"], ["eye"], name="eye", k=1, dtype=TensorProto.INT32),
        helper.make_node("IsNaN", ["x"], ["nan"], name="nan"),
        helper.make_node("IsInf", ["x"], ["posinf"], name="posinf", detect_negative=0),
        helper.make_node("Sign", ["x"], ["sign"], name="sign"),
        helper.make_node("Hardmax", ["x"], ["hardmax"], name="hardmax", axis=0),
    ]
    outputs = [vi("eye", I32, [3, 4]), vi("nan", BOOL, [3, 4]), vi("posinf", BOOL, [3, 4]),
               vi("sign", F32, [3, 4]), vi("hardmax", F32, [3, 4])]
    return model(nodes, [vi("x", F32, [3, 4])], outputs, opset=13)


def expansion_misc_ref(x):
    hardmax = np.zeros_like(x)
    hardmax[np.nanargmax(np.where(np.isnan(x), -np.inf, x), axis=0), np.arange(4)] = 1
    return {"eye": np.eye(3, 4, 1, dtype=np.int32), "nan": np.isnan(x),
            "posinf": np.isposinf(x), "sign": np.sign(x), "hardmax": hardmax}


def expansion_fmod():
    nodes = [helper.make_node("Mod", ["a", "b"], ["f"], name="fmod_float", fmod=1),
             helper.make_node("Mod", ["i", "j"], ["n"], name="fmod_int", fmod=1)]
    return model(nodes, [vi("a", F32, [8]), vi("b", F32, [8]), vi("i", I32, [8]),
                         vi("j", I32, [8])], [vi("f", F32, [8]), vi("n", I32, [8])])


def expansion_trilu_rank1():
    nodes = [helper.make_node("Trilu", ["x"], ["y"], name="trilu")]
    return model(nodes, [vi("x", F32, [4])], [vi("y", F32, [4])], opset=14, check=False)


def expansion_reciprocal_int():
    nodes = [helper.make_node("Reciprocal", ["x"], ["y"], name="reciprocal")]
    return model(nodes, [vi("x", I32, [4])], [vi("y", I32, [4])], opset=13, check=False)


MODELS = {
    "expansion_ops": expansion_ops,
    "expansion_reduce": expansion_reduce,
    "expansion_misc": expansion_misc,
    "expansion_fmod": expansion_fmod,
    "expansion_trilu_rank1": expansion_trilu_rank1,
    "expansion_reciprocal_int": expansion_reciprocal_int,
}

if __name__ == "__main__":
    out_dir = main(MODELS)
    rng = np.random.default_rng(14)
    x = rng.standard_normal((3, 4)).astype(np.float32) * 2
    x[x == 0] = 1
    inputs = {"x": x, "a": rng.random((3, 4)) > 0.5, "b": rng.random((3, 4)) > 0.5,
              "k": np.array(-1, np.int64)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in expansion_ops_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "expansion_ops.npz"), **arrays)

    inputs = {"x": rng.standard_normal((2, 3, 4)).astype(np.float32),
              "p": rng.uniform(0.5, 2.0, (2, 3, 4)).astype(np.float32),
              "big": rng.uniform(80.0, 120.0, (2, 3, 4)).astype(np.float32)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in expansion_reduce_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "expansion_reduce.npz"), **arrays)

    x = np.array([[1.5, -2.0, 0.0, np.inf], [-np.inf, 3.0, 2.0, -1.0],
                  [0.5, 3.0, -0.0, 7.0]], np.float32)
    arrays = {"in_x": x}
    arrays.update({"out_" + k: v for k, v in expansion_misc_ref(x).items()})
    np.savez(os.path.join(out_dir, "expansion_misc.npz"), **arrays)

    a = np.array([5.5, -5.5, 5.5, -5.5, 6.0, -6.0, 0.0, 7.25], np.float32)
    b = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 1.5, -0.5], np.float32)
    i = np.array([7, -7, 7, -7, 9, -9, 0, 1], np.int32)
    j = np.array([3, 3, -3, -3, 3, -3, 5, -4], np.int32)
    np.savez(os.path.join(out_dir, "expansion_fmod.npz"), in_a=a, in_b=b, in_i=i, in_j=j,
             out_f=np.fmod(a, b), out_n=np.fmod(i, j))
