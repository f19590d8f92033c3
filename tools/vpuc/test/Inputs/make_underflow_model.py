"""Writes OUT_DIR/underflow.onnx with OUT_DIR/underflow_in.npy, OUT_DIR/underflow_ref.npy (its
float64 NumPy output) and OUT_DIR/scaled_in.npy: a chain of convolutions whose small weights
shrink the values from layer to layer, as untrained weights do. With underflow_in.npy the results
of `conv3` all lie below the normal FP16 range (2^-14) and those of `conv4` below half the
smallest subnormal, so an FP16 network loses them; with scaled_in.npy (10^4 times the input)
every layer stays in the normal range. The script checks both properties on its own float64
reference. For the underflow part of the numerics check of `vpuc run` (run_underflow.test)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

MIN_NORMAL_F16 = 2.0**-14


def conv(x, w, pad):
    """A stride-1 convolution of a 1xCxHxW input in float64 plain loops."""
    _, c, h, wd = x.shape
    k, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    y = np.zeros((1, k, h, wd))
    for o in range(k):
        for i in range(h):
            for j in range(wd):
                y[0, o, i, j] = np.sum(xp[0, :, i:i + kh, j:j + kw] * w[o])
    return y


def layers(x, weights):
    """The results of conv1 (after its ReLU), conv2, conv3 and conv4."""
    a = np.maximum(conv(x, weights[0], 1), 0)
    b = conv(a, weights[1], 0)
    c = conv(b, weights[2], 0)
    d = conv(c, weights[3], 0)
    return [a, b, c, d]


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(7)
    shapes_scales = [((16, 8, 3, 3), 1e-2), ((16, 16, 1, 1), 5e-3), ((16, 16, 1, 1), 1e-4),
                     ((16, 16, 1, 1), 5e-3)]
    weights = [(rng.standard_normal(s) * scale).astype(np.float32) for s, scale in shapes_scales]
    x = rng.uniform(-1, 1, (1, 8, 8, 8)).astype(np.float32)
    scaled = (x * np.float32(1e4)).astype(np.float32)

    small = layers(x.astype(np.float64), [w.astype(np.float64) for w in weights])
    large = layers(scaled.astype(np.float64), [w.astype(np.float64) for w in weights])
    peak = [float(np.abs(t).max()) for t in small]
    assert peak[1] > MIN_NORMAL_F16 > peak[2], f"conv2/conv3 peaks {peak}"
    assert peak[3] < 2.0**-25, f"conv4 peak {peak[3]}"
    assert min(float(np.abs(t).max()) for t in large) > 2 * MIN_NORMAL_F16, "scaled input"
    assert max(float(np.abs(t).max()) for t in large) < 60000, "scaled input overflows FP16"

    inits = [numpy_helper.from_array(w, f"w{i + 1}") for i, w in enumerate(weights)]
    nodes = [
        helper.make_node("Conv", ["x", "w1"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "w2"], ["c2"], name="conv2"),
        helper.make_node("Conv", ["c2", "w3"], ["c3"], name="conv3"),
        helper.make_node("Conv", ["c3", "w4"], ["y"], name="conv4"),
    ]
    graph = helper.make_graph(
        nodes,
        "underflow",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 8, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16, 8, 8])],
        initializer=inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "underflow.onnx"))
    np.save(os.path.join(out, "underflow_in.npy"), x)
    np.save(os.path.join(out, "underflow_ref.npy"), small[3].astype(np.float32))
    np.save(os.path.join(out, "scaled_in.npy"), scaled)


if __name__ == "__main__":
    main()
