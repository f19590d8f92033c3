"""Writes the ArgMax / ArgMin model of arg_extremum_e2e.test, its input and NumPy's outputs.

Usage: make_arg_extremum_onnx.py OUT_DIR -> OUT_DIR/argx.onnx, OUT_DIR/argx_in.npz,
OUT_DIR/argx_ref.npz (the expected indices, computed with NumPy on the same input);
make_arg_extremum_onnx.py --check ACTUAL.npz REFERENCE.npz: prints "<name> exact" for each
reference tensor the actual outputs match exactly (dims and values), fails otherwise.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def check(actual_path, reference_path):
    actual, reference = np.load(actual_path), np.load(reference_path)
    for name in sorted(reference.keys()):
        got, want = actual[name], reference[name]
        if got.shape != want.shape or not np.array_equal(got, want):
            sys.exit(f"{name}: got {got.tolist()}, expected {want.tolist()}")
        print(f"{name} exact")


def main():
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    nodes = [
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node("ArgMax", ["r"], ["amax"], name="argmax", axis=1),
        helper.make_node("ArgMin", ["x"], ["amin"], name="argmin", axis=-1, keepdims=0,
                         select_last_index=1),
    ]
    graph = helper.make_graph(
        nodes, "argx",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 5, 6])],
        [helper.make_tensor_value_info("amax", TensorProto.INT64, [2, 1, 6]),
         helper.make_tensor_value_info("amin", TensorProto.INT64, [2, 5])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "argx.onnx"))
    # Small integers: exact in f16, and with ties that the index rules decide.
    x = np.random.RandomState(7).randint(-4, 5, size=(2, 5, 6)).astype(np.float32)
    np.savez(os.path.join(out, "argx_in.npz"), x=x)
    amax = np.argmax(np.maximum(x, 0), axis=1)[:, None, :]
    # The last index of the minimum: the first one of the reversed axis.
    amin = x.shape[-1] - 1 - np.argmin(x[..., ::-1], axis=-1)
    np.savez(os.path.join(out, "argx_ref.npz"), amax=amax.astype(np.int64),
             amin=amin.astype(np.int64))


if __name__ == "__main__":
    main()
