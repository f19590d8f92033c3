"""Writes the ONNX model of the vpuc-ie tests, its inputs and its NumPy reference outputs.

Usage: make_model.py OUT_DIR. The model takes what ie_adaptation rewrites: a 1-D convolution
(-> 2-D), an eltwise Add on 3-D tensors (-> 4-D), a Slice (-> IE.Slice), in f32 (-> f16).

    x [1,4,8] -> Conv1d(w [3,4,3], b, pads 1) -> Add(y [1,3,8]) -> Relu -> Slice(W 1..7) -> z
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(11)
w = rng.standard_normal((3, 4, 3)).astype(np.float32) * 0.5
b = rng.standard_normal(3).astype(np.float32) * 0.1

nodes = [
    helper.make_node("Conv", ["x", "w", "b"], ["conv"], name="conv", pads=[1, 1]),
    helper.make_node("Add", ["conv", "y"], ["sum"], name="add"),
    helper.make_node("Relu", ["sum"], ["relu"], name="relu"),
    helper.make_node("Slice", ["relu", "starts", "ends", "axes"], ["z"], name="slice"),
]
inits = [
    numpy_helper.from_array(w, "w"),
    numpy_helper.from_array(b, "b"),
    numpy_helper.from_array(np.array([1], np.int64), "starts"),
    numpy_helper.from_array(np.array([7], np.int64), "ends"),
    numpy_helper.from_array(np.array([2], np.int64), "axes"),
]
graph = helper.make_graph(
    nodes, "front_end",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8]),
     helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 3, 8])],
    [helper.make_tensor_value_info("z", TensorProto.FLOAT, [1, 3, 6])],
    inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(model)
onnx.save(model, os.path.join(out, "model.onnx"))

x = rng.standard_normal((1, 4, 8)).astype(np.float32)
y = rng.standard_normal((1, 3, 8)).astype(np.float32)
padded = np.pad(x, ((0, 0), (0, 0), (1, 1)))
conv = np.stack([np.einsum("ck,ck->", w[o], padded[0, :, i:i + 3]) for o in range(3)
                 for i in range(8)]).reshape(1, 3, 8) + b.reshape(1, 3, 1)
z = np.maximum(conv + y, 0)[:, :, 1:7]
np.savez(os.path.join(out, "in.npz"), x=x, y=y)
np.savez(os.path.join(out, "ref.npz"), z=z.astype(np.float32))
