"""Writes the model of det_e2e.test (ONNX Det), its input and NumPy's determinants.

Usage: make_det_onnx.py OUT_DIR -> OUT_DIR/det.onnx, OUT_DIR/det_in.npz, OUT_DIR/det_ref.npz.

det: Det of x [3, 4, 5, 5], well-conditioned matrices (uniform [-1, 1] plus 3 on the diagonal,
so that the FP16 network's input rounding moves each determinant by well under 1%), with one
matrix made singular (two equal rows) and one needing row swaps (a zero leading column entry);
the references are numpy.linalg.det (LAPACK) in float64.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(31)
    x = rng.uniform(-1, 1, [3, 4, 5, 5]) + 3 * np.eye(5)
    x[0, 1, 3] = x[0, 1, 1]
    x[1, 2, 0, 0] = 0.0
    x = x.astype(np.float32)
    node = helper.make_node("Det", ["x"], ["d"], name="det")
    graph = helper.make_graph([node], "det", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
                              [helper.make_tensor_value_info("d", TensorProto.FLOAT, [3, 4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "det.onnx"))
    np.savez(os.path.join(out, "det_in.npz"), x=x)
    np.savez(os.path.join(out, "det_ref.npz"), d=np.linalg.det(x.astype(np.float64)))


if __name__ == "__main__":
    main()
