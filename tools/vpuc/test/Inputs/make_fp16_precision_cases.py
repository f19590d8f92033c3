# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the ONNX models of compile_fp16_precision.test into the directory given as argument.

- bn_after_add.onnx: x + 1000 (per channel), then a BatchNormalization with mean 1000 and
  variance 0.01: the batch norm has no convolution to fold into, and f16 rounds its input near
  1000 by up to 0.49, about 4.9 of its standard deviations (0.1).
- bn_after_deconv.onnx: the same statistics after a ConvTranspose with bias 1000: the batch norm
  folds into the ConvTranspose in f32 and nothing is reported.
- big_constant.onnx: x * c with c holding 1e5, beyond the f16 range.
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

C = 4


def save(out_dir, name, nodes, initializers, in_shape, out_shape):
    graph = helper.make_graph(nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, in_shape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, out_shape)],
                              [numpy_helper.from_array(a, n) for n, a in initializers.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out_dir, name + ".onnx"))


def batch_norm_params():
    return {
        "gamma": np.ones(C, np.float32),
        "beta": np.zeros(C, np.float32),
        "mean": np.full(C, 1000.0, np.float32),
        "var": np.full(C, 0.01, np.float32),
    }


def main():
    out_dir = sys.argv[1]
    bn = ["gamma", "beta", "mean", "var"]
    save(out_dir, "bn_after_add",
         [helper.make_node("Add", ["x", "offset"], ["a"], name="/neck/Add"),
          helper.make_node("BatchNormalization", ["a"] + bn, ["y"], name="/neck/bn/BatchNormalization")],
         dict(offset=np.full((1, C, 1, 1), 1000.0, np.float32), **batch_norm_params()),
         [1, C, 8, 8], [1, C, 8, 8])
    save(out_dir, "bn_after_deconv",
         [helper.make_node("ConvTranspose", ["x", "w", "b"], ["d"], name="/head/up/ConvTranspose",
                           kernel_shape=[2, 2], strides=[2, 2]),
          helper.make_node("BatchNormalization", ["d"] + bn, ["y"], name="/head/bn/BatchNormalization")],
         dict(w=np.full((C, C, 2, 2), 0.01, np.float32), b=np.full(C, 1000.0, np.float32),
              **batch_norm_params()),
         [1, C, 8, 8], [1, C, 16, 16])
    save(out_dir, "big_constant",
         [helper.make_node("Mul", ["x", "scale"], ["y"], name="/scale/Mul")],
         dict(scale=np.array([1.0, 2.0, 1.0e5, 3.0], np.float32).reshape(1, C, 1, 1)),
         [1, C, 8, 8], [1, C, 8, 8])


if __name__ == "__main__":
    main()
