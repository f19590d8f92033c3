"""Writes OUT_DIR/group_conv.onnx and OUT_DIR/in.npz for group_conv_runs_e2e.test: two group
convolutions with more groups than vpuc-ie-convert-group-conv-to-conv's max-groups (RegNetY's
stage-4 form, 55 groups of 8 channels, 3x3 with a bias and a ReLU; then 40 groups of 2
channels), random weights (seeded)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1]
    rng = np.random.RandomState(7)
    w0 = (rng.standard_normal((440, 8, 3, 3)) * 0.2).astype(np.float32)
    b0 = (rng.standard_normal(440) * 0.1).astype(np.float32)
    w1 = (rng.standard_normal((80, 11, 1, 1)) * 0.3).astype(np.float32)
    nodes = [
        helper.make_node("Conv", ["x", "w0", "b0"], ["c0"], name="group55", group=55,
                         kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c0"], ["r0"], name="relu"),
        helper.make_node("Conv", ["r0", "w1"], ["y"], name="group40", group=40,
                         kernel_shape=[1, 1]),
    ]
    graph = helper.make_graph(
        nodes, "group_conv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 440, 6, 6])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 80, 6, 6])],
        initializer=[numpy_helper.from_array(w0, "w0"), numpy_helper.from_array(b0, "b0"),
                     numpy_helper.from_array(w1, "w1")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "group_conv.onnx"))
    np.savez(os.path.join(out, "in.npz"), x=rng.standard_normal((1, 440, 6, 6)).astype(np.float32))


if __name__ == "__main__":
    main()
