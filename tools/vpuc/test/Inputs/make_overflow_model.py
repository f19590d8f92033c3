"""Writes OUT_DIR/overflow.onnx, OUT_DIR/overflow_in.npy and OUT_DIR/overflow_ref.npy: a network
whose layer `scale_up` multiplies its input by 1000, so inputs of magnitude 100 give 1e5, beyond
the FP16 range (65504): the blob, computed in FP16, overflows to Inf there, while the FP32
reference (NumPy) does not. For the numerics check of `vpuc run` (run_numerics.test)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1]
    scale = numpy_helper.from_array(np.full((1, 4, 1, 1), 1000.0, dtype=np.float32), "scale")
    shift = numpy_helper.from_array(np.full((1, 4, 1, 1), 0.5, dtype=np.float32), "shift")
    nodes = [
        helper.make_node("Mul", ["x", "scale"], ["m"], name="scale_up"),
        helper.make_node("Add", ["m", "shift"], ["y"], name="shift"),
    ]
    graph = helper.make_graph(
        nodes,
        "overflow",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 2, 2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 2, 2])],
        initializer=[scale, shift],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "overflow.onnx"))
    # One element of 100 (-> 1e5, Inf in FP16) and one of -70 (-> -7e4), the rest small.
    x = np.linspace(-1, 1, 16, dtype=np.float32).reshape(1, 4, 2, 2)
    x[0, 1, 0, 1] = 100.0
    x[0, 3, 1, 0] = -70.0
    np.save(os.path.join(out, "overflow_in.npy"), x)
    np.save(os.path.join(out, "overflow_ref.npy"), x * np.float32(1000) + np.float32(0.5))


if __name__ == "__main__":
    main()
