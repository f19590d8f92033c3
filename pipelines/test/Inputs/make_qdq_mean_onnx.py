"""Writes the QDQ model of qdq_mean_e2e.test, its inputs and a NumPy reference.

Usage: make_qdq_mean_onnx.py OUT_DIR -> OUT_DIR/qdq_mean.onnx, OUT_DIR/qdq_mean_in.npz,
OUT_DIR/qdq_mean_ref.npz;
make_qdq_mean_onnx.py --check ACTUAL.npz REFERENCE.npz: quantizes each output again with the
island's scale and zero point and prints "means within one step (N of M differ)" when no
storage integer is more than one step from the reference's and at most 1% differ (a mean whose
f32 sum lands within rounding of a step boundary may round the other way with another
summation order); fails otherwise.

The model is what torch FX post-training quantisation writes around average pools, whose
quantized forms keep their input's parameters: x1 [1, 16, 7, 7] and x2 [1, 16, 24, 24] are
quantized to u8 (one scale and zero point), dequantized, averaged (GlobalAveragePool of each:
outputs m1, m2; AveragePool 3x3 stride 2 with padding 1, count_include_pad = 0, of x2: output
p) and quantized again with the same parameters, then dequantized. The reference is what ONNX
Runtime's unoptimised graph computes: every operator in float32, QuantizeLinear as x / scale in
float32 rounded half to even, plus the zero point, saturated.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

Q = (np.float32(0.0234375), np.uint8(128))


def quantize(x):
    scale, zp = Q
    return np.clip(np.rint(x.astype(np.float32) / scale) + np.float32(zp), 0, 255).astype(np.uint8)


def dequantize(q):
    scale, zp = Q
    return (q.astype(np.int32) - np.int32(zp)).astype(np.float32) * scale


def avg_pool_3x3_s2_p1_exclude(x):
    n, c, h, w = x.shape
    oh, ow = (h + 2 - 3) // 2 + 1, (w + 2 - 3) // 2 + 1
    out = np.zeros((n, c, oh, ow), np.float32)
    for i in range(oh):
        for j in range(ow):
            y0, x0 = max(i * 2 - 1, 0), max(j * 2 - 1, 0)
            y1, x1 = min(i * 2 + 2, h), min(j * 2 + 2, w)
            out[:, :, i, j] = x[:, :, y0:y1, x0:x1].mean(axis=(2, 3), dtype=np.float32)
    return out


def check(actual_path, reference_path):
    got, want = np.load(actual_path), np.load(reference_path)
    off, total = 0, 0
    for name in ("m1", "m2", "p"):
        if got[name].shape != want[name].shape:
            sys.exit(f"{name}: dims {got[name].shape}, expected {want[name].shape}")
        diff = np.abs(quantize(got[name]).astype(np.int32) - quantize(want[name]).astype(np.int32))
        if diff.max() > 1:
            sys.exit(f"{name}: a mean is {diff.max()} steps off")
        off += int(np.count_nonzero(diff))
        total += diff.size
    if off > total // 100:
        sys.exit(f"{off} of {total} means one step off, more than 1%")
    print(f"means within one step ({off} of {total} differ)")


def main():
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    inits = [numpy_helper.from_array(np.array(Q[0], np.float32), "scale"),
             numpy_helper.from_array(np.array(Q[1]), "zp")]
    nodes = []

    def qdq(source, result):
        nodes.extend([
            helper.make_node("QuantizeLinear", [source, "scale", "zp"], [source + "_q"],
                             name="q_" + source),
            helper.make_node("DequantizeLinear", [source + "_q", "scale", "zp"], [result],
                             name="dq_" + source),
        ])

    qdq("x1", "x1_d")
    qdq("x2", "x2_d")
    nodes.append(helper.make_node("GlobalAveragePool", ["x1_d"], ["g1"], name="gap1"))
    nodes.append(helper.make_node("GlobalAveragePool", ["x2_d"], ["g2"], name="gap2"))
    nodes.append(helper.make_node("AveragePool", ["x2_d"], ["a2"], name="pool", kernel_shape=[3, 3],
                                  strides=[2, 2], pads=[1, 1, 1, 1], count_include_pad=0))
    qdq("g1", "m1")
    qdq("g2", "m2")
    qdq("a2", "p")
    graph = helper.make_graph(
        nodes, "qdq_mean",
        [helper.make_tensor_value_info("x1", TensorProto.FLOAT, [1, 16, 7, 7]),
         helper.make_tensor_value_info("x2", TensorProto.FLOAT, [1, 16, 24, 24])],
        [helper.make_tensor_value_info("m1", TensorProto.FLOAT, [1, 16, 1, 1]),
         helper.make_tensor_value_info("m2", TensorProto.FLOAT, [1, 16, 1, 1]),
         helper.make_tensor_value_info("p", TensorProto.FLOAT, [1, 16, 12, 12])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "qdq_mean.onnx"))

    rng = np.random.RandomState(11)
    # A per-channel offset makes the channel means differ.
    x1 = (rng.uniform(-2.0, 2.0, size=[1, 16, 7, 7]) +
          rng.uniform(-1.0, 1.0, size=[1, 16, 1, 1])).astype(np.float32)
    x2 = (rng.uniform(-2.5, 2.5, size=[1, 16, 24, 24]) +
          rng.uniform(-1.0, 1.0, size=[1, 16, 1, 1])).astype(np.float32)
    np.savez(os.path.join(out, "qdq_mean_in.npz"), x1=x1, x2=x2)
    d1, d2 = dequantize(quantize(x1)), dequantize(quantize(x2))
    m1 = dequantize(quantize(d1.mean(axis=(2, 3), keepdims=True, dtype=np.float32)))
    m2 = dequantize(quantize(d2.mean(axis=(2, 3), keepdims=True, dtype=np.float32)))
    p = dequantize(quantize(avg_pool_3x3_s2_p1_exclude(d2)))
    np.savez(os.path.join(out, "qdq_mean_ref.npz"), m1=m1, m2=m2, p=p)


if __name__ == "__main__":
    main()
