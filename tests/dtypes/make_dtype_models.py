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


MODELS = {"bool_logic": bool_logic, "f64_net": f64_net, "lrn": lrn}


def main():
    out_dir = sys.argv[1]
    names = sys.argv[2:] or list(MODELS)
    os.makedirs(out_dir, exist_ok=True)
    for name in names:
        MODELS[name](out_dir, np.random.default_rng(14))


if __name__ == "__main__":
    main()
