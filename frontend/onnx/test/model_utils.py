# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Shared helpers of the scripts that write the frontend test models (make_*models.py).

Each script defines MODELS, a dict from model name to a function returning an onnx.ModelProto,
and calls main(MODELS) to save them as OUT_DIR/<name>.onnx (OUT_DIR = argv[1]).
"""

import os
import sys

import onnx
from onnx import TensorProto, helper

F32 = TensorProto.FLOAT
F16 = TensorProto.FLOAT16
I8 = TensorProto.INT8
U8 = TensorProto.UINT8
I32 = TensorProto.INT32
I64 = TensorProto.INT64
BOOL = TensorProto.BOOL


def vi(name, elem_type, shape):
    """A graph input/output description."""
    return helper.make_tensor_value_info(name, elem_type, shape)


def model(nodes, inputs, outputs, initializers=(), opset=13, check=True):
    """A one-graph model of the default domain at `opset`, checked unless check=False."""
    graph = helper.make_graph(nodes, "test", inputs, outputs, list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="vpuc-make-models")
    if check:
        onnx.checker.check_model(m)
    return m


def main(models):
    """Saves every model of `models` (name -> function) into the directory argv[1]."""
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for name, make in models.items():
        onnx.save(make(), os.path.join(out_dir, name + ".onnx"))
    return out_dir
