#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models and values of freeze_input.test (`--freeze-input`).

Usage: make_freeze_models.py OUT_DIR

  reshape.onnx      y = Reshape(x, shape) * k: x float32 [2, 6], shape int64 [2] (a shape-defining
                    parameter), k float32 [1] (a run-time one), all three graph inputs
  reshape_ir3.onnx  the same at IR version 3 and opset 8, where every initializer must also be a
                    graph input (the version converter brings it to opset 9)
  range.onnx        y = Range(start, limit, delta): three scalar graph inputs, all needed at
                    import time
  sum_shape.onnx    y = Reshape(x, a + b): a shape computed from two graph inputs
and the values: shape.npy ([3, 4]), shape_i32.npy (int32), shape3.npy ([3] values), params.npz
(shape and k), x.npy, k.npy, and ref.npy, NumPy's x.reshape(3, 4) * k.
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def reshape_model(ir_version, opset):
    graph = helper.make_graph(
        [helper.make_node("Reshape", ["x", "shape"], ["r"], name="reshape"),
         helper.make_node("Mul", ["r", "k"], ["y"], name="scale")],
        "reshape",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
         helper.make_tensor_value_info("shape", TensorProto.INT64, [2]),
         helper.make_tensor_value_info("k", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = ir_version
    return model


def range_model():
    graph = helper.make_graph(
        [helper.make_node("Range", ["start", "limit", "delta"], ["y"], name="range")],
        "range",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, []) for n in
         ("start", "limit", "delta")],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [6])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    return model


def sum_shape_model():
    graph = helper.make_graph(
        [helper.make_node("Add", ["a", "b"], ["shape"], name="add"),
         helper.make_node("Reshape", ["x", "shape"], ["y"], name="reshape")],
        "sum_shape",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
         helper.make_tensor_value_info("b", TensorProto.INT64, [2]),
         helper.make_tensor_value_info("a", TensorProto.INT64, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    return model


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    onnx.save(reshape_model(7, 13), os.path.join(out, "reshape.onnx"))
    onnx.save(reshape_model(3, 8), os.path.join(out, "reshape_ir3.onnx"))
    onnx.save(range_model(), os.path.join(out, "range.onnx"))
    onnx.save(sum_shape_model(), os.path.join(out, "sum_shape.onnx"))
    x = np.arange(12, dtype=np.float32).reshape(2, 6) - 5.5
    k = np.array([0.5], np.float32)
    shape = np.array([3, 4], np.int64)
    np.save(os.path.join(out, "x.npy"), x)
    np.save(os.path.join(out, "k.npy"), k)
    np.save(os.path.join(out, "shape.npy"), shape)
    np.save(os.path.join(out, "shape_i32.npy"), shape.astype(np.int32))
    np.save(os.path.join(out, "shape3.npy"), np.array([3, 2, 2], np.int64))
    np.savez(os.path.join(out, "params.npz"), shape=shape, k=k)
    np.save(os.path.join(out, "ref.npy"), x.reshape(3, 4) * k)
    for name, value in (("start", 1.0), ("limit", 4.0), ("delta", 0.5)):
        np.save(os.path.join(out, name + ".npy"), np.array(value, np.float32))
    np.save(os.path.join(out, "range_ref.npy"), np.arange(1.0, 4.0, 0.5, dtype=np.float32))


if __name__ == "__main__":
    main()
