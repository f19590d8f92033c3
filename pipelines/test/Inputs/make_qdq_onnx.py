"""Writes the QDQ model of qdq_e2e.test, its input and a NumPy reference.

Usage: make_qdq_onnx.py OUT_DIR -> OUT_DIR/qdq.onnx, OUT_DIR/qlinear.onnx, OUT_DIR/qdq_in.npz,
OUT_DIR/qdq_ref.npz;
make_qdq_onnx.py --check ACTUAL.npz REFERENCE.npz [MAX_OFF]: prints "y within one step" when
the actual output has the reference's dims, no element more than one quantisation step (0.1)
away from it, at most the fraction MAX_OFF (default 0.1) of the elements one step away, and
cosine similarity >= 0.999; fails otherwise. (A convolution that runs in FP16 between the
dequantize and the quantize moves some values across a rounding boundary; one that runs on the
quantized types in integers moves none.)

The model is what ONNX Runtime's and torch's quantizers write: a u8 per-tensor QuantizeLinear /
DequantizeLinear pair on the input, a convolution whose i8 weights are dequantized per output
channel (axis 0) and whose i32 bias has the scale input scale x weight scale, ReLU, and a u8
QuantizeLinear / DequantizeLinear pair on the output. qlinear.onnx is the same network in the
operator form of ONNX Runtime's quantizer: QuantizeLinear, QLinearConv (no ReLU: its u8 output
with zero point 0 saturates negative values to 0, as ReLU then QuantizeLinear do), DequantizeLinear.
The reference evaluates the formulas in float64 (round half to even, saturation).
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

X_SCALE, X_ZP = 0.05, 128
Y_SCALE, Y_ZP = 0.1, 0


def check(actual_path, reference_path, max_off):
    got, want = np.load(actual_path)["y"], np.load(reference_path)["y"]
    if got.shape != want.shape:
        sys.exit(f"y: dims {got.shape}, expected {want.shape}")
    steps = np.abs(got.astype(np.float64) - want) / Y_SCALE
    cosine = float(np.dot(got.ravel(), want.ravel()) /
                   (np.linalg.norm(got) * np.linalg.norm(want)))
    off = float(np.mean(steps > 0.5))
    if steps.max() > 1.5 or off > max_off or cosine < 0.999:
        sys.exit(f"y: {steps.max():.2f} steps at most, {off:.2%} off, cosine {cosine:.5f}")
    print("y within one step")


def quantize(x, scale, zp, lo, hi):
    return np.clip(np.rint(x / scale) + zp, lo, hi)


def conv2d(x, w, b):
    n, c, h, wd = x.shape
    k = w.shape[0]
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((n, k, h, wd))
    for i in range(3):
        for j in range(3):
            window = padded[:, :, i:i + h, j:j + wd]
            out += np.einsum("nchw,kc->nkhw", window, w[:, :, i, j])
    return out + b[None, :, None, None]


def main():
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 0.1)
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(3)
    w_scale = rng.uniform(0.005, 0.02, size=16).astype(np.float32)
    w_q = rng.randint(-127, 128, size=(16, 8, 3, 3)).astype(np.int8)
    b_scale = (np.float32(X_SCALE) * w_scale).astype(np.float32)
    b_q = rng.randint(-2000, 2000, size=16).astype(np.int32)
    inits = [
        numpy_helper.from_array(np.array(X_SCALE, np.float32), "x_scale"),
        numpy_helper.from_array(np.array(X_ZP, np.uint8), "x_zp"),
        numpy_helper.from_array(w_q, "w_q"),
        numpy_helper.from_array(w_scale, "w_scale"),
        numpy_helper.from_array(np.zeros(16, np.int8), "w_zp"),
        numpy_helper.from_array(b_q, "b_q"),
        numpy_helper.from_array(b_scale, "b_scale"),
        numpy_helper.from_array(np.zeros(16, np.int32), "b_zp"),
        numpy_helper.from_array(np.array(Y_SCALE, np.float32), "y_scale"),
        numpy_helper.from_array(np.array(Y_ZP, np.uint8), "y_zp"),
    ]
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "x_scale", "x_zp"], ["xq"], name="q_x"),
        helper.make_node("DequantizeLinear", ["xq", "x_scale", "x_zp"], ["xd"], name="dq_x"),
        helper.make_node("DequantizeLinear", ["w_q", "w_scale", "w_zp"], ["w"], name="dq_w",
                         axis=0),
        helper.make_node("DequantizeLinear", ["b_q", "b_scale", "b_zp"], ["b"], name="dq_b",
                         axis=0),
        helper.make_node("Conv", ["xd", "w", "b"], ["c"], name="conv", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("QuantizeLinear", ["r", "y_scale", "y_zp"], ["yq"], name="q_y"),
        helper.make_node("DequantizeLinear", ["yq", "y_scale", "y_zp"], ["y"], name="dq_y"),
    ]
    graph = helper.make_graph(
        nodes, "qdq", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 10, 10])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16, 10, 10])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "qdq.onnx"))
    qlinear_nodes = [
        nodes[0],
        helper.make_node("QLinearConv", ["xq", "x_scale", "x_zp", "w_q", "w_scale", "w_zp",
                                         "y_scale", "y_zp", "b_q"], ["yq"], name="qconv",
                         pads=[1, 1, 1, 1]),
        nodes[-1],
    ]
    graph = helper.make_graph(
        qlinear_nodes, "qlinear",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 10, 10])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16, 10, 10])],
        [i for i in inits if i.name not in ("b_scale", "b_zp")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "qlinear.onnx"))

    x = rng.uniform(-4.0, 4.0, size=(1, 8, 10, 10)).astype(np.float32)
    np.savez(os.path.join(out, "qdq_in.npz"), x=x)
    xd = (quantize(x.astype(np.float64), X_SCALE, X_ZP, 0, 255) - X_ZP) * X_SCALE
    w = w_q.astype(np.float64) * w_scale[:, None, None, None]
    b = b_q.astype(np.float64) * b_scale
    r = np.maximum(conv2d(xd, w, b), 0.0)
    y = (quantize(r, Y_SCALE, Y_ZP, 0, 255) - Y_ZP) * Y_SCALE
    np.savez(os.path.join(out, "qdq_ref.npz"), y=y)


if __name__ == "__main__":
    main()
