"""Writes the QDQ model of qdq_add_e2e.test, its inputs and a NumPy reference.

Usage: make_qdq_add_onnx.py OUT_DIR -> OUT_DIR/qdq_add.onnx, OUT_DIR/qdq_add_in.npz,
OUT_DIR/qdq_add_ref.npz;
make_qdq_add_onnx.py --check ACTUAL.npz REFERENCE.npz: prints "y and z bit-exact" when both
outputs, quantized again with their output's scale and zero point, equal the reference's
storage integers element for element (the outputs themselves may be the dequantized values
rounded to f16); fails otherwise.

The model is what torch FX post-training quantisation writes for a residual block and a scaling:
two u8 per-tensor QuantizeLinear / DequantizeLinear pairs (different scales and zero points) on
the inputs, Add -> Relu -> QuantizeLinear -> DequantizeLinear (output y), and a
per-channel [1, C, 1, 1] tensor quantized to i8 multiplied with that result (NumPy broadcasting)
-> QuantizeLinear (i8) -> DequantizeLinear (output z). The reference is what ONNX Runtime's
unoptimised graph computes: every operator in float32, QuantizeLinear as x / scale in float32
rounded half to even, plus the zero point, saturated.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

# (scale, zero point) of each quantized tensor; the scales are float32 as ONNX stores them.
A = (np.float32(0.0467456), np.uint8(127))
B = (np.float32(0.0199987), np.uint8(0))
S = (np.float32(0.0123457), np.int8(-5))
Y = (np.float32(0.0443349), np.uint8(0))
Z = (np.float32(0.0290682), np.int8(3))


def check(actual_path, reference_path):
    got, want = np.load(actual_path), np.load(reference_path)
    for name, quant in (("y", Y), ("z", Z)):
        if got[name].shape != want[name].shape:
            sys.exit(f"{name}: dims {got[name].shape}, expected {want[name].shape}")
        # A compiled network dequantizes its outputs in f16 (less than half a step off): the
        # storage integers must be the reference's exactly.
        error = np.abs(got[name].astype(np.float64) - want[name])
        if error.max() > np.abs(want[name]).max() * 2.0**-10:
            sys.exit(f"{name}: off by {error.max()}, more than f16 rounding")
        off = int(np.count_nonzero(quantize(got[name], quant) != quantize(want[name], quant)))
        if off:
            sys.exit(f"{name}: {off} of {want[name].size} quantized elements differ")
    print("y and z bit-exact")


def quantize(x, quant):
    """QuantizeLinear in float32: rint(x / scale) + zero point, saturated."""
    scale, zp = quant
    info = np.iinfo(zp.dtype)
    q = np.rint(x.astype(np.float32) / scale) + np.float32(zp)
    return np.clip(q, info.min, info.max).astype(zp.dtype)


def dequantize(q, quant):
    """DequantizeLinear in float32: (q - zero point) * scale."""
    scale, zp = quant
    return (q.astype(np.int32) - np.int32(zp)).astype(np.float32) * scale


def main():
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    inits = []
    for name, (scale, zp) in (("a", A), ("b", B), ("s", S), ("y", Y), ("z", Z)):
        inits.append(numpy_helper.from_array(np.array(scale, np.float32), name + "_scale"))
        inits.append(numpy_helper.from_array(np.array(zp), name + "_zp"))

    def qdq(name, source, result=None):
        return [
            helper.make_node("QuantizeLinear", [source, name + "_scale", name + "_zp"],
                             [name + "_q"], name="q_" + name),
            helper.make_node("DequantizeLinear", [name + "_q", name + "_scale", name + "_zp"],
                             [result or name + "_d"], name="dq_" + name),
        ]

    # The dequantized y is an output and the Mul's operand: its DequantizeLinear stays.
    nodes = qdq("a", "x1") + qdq("b", "x2") + qdq("s", "x3") + [
        helper.make_node("Add", ["a_d", "b_d"], ["sum"], name="add"),
        helper.make_node("Relu", ["sum"], ["r"], name="relu"),
    ] + qdq("y", "r", "y") + [
        helper.make_node("Mul", ["y", "s_d"], ["p"], name="mul"),
    ] + qdq("z", "p", "z")
    shape, channels = [1, 16, 6, 7], [1, 16, 1, 1]
    graph = helper.make_graph(
        nodes, "qdq_add",
        [helper.make_tensor_value_info("x1", TensorProto.FLOAT, shape),
         helper.make_tensor_value_info("x2", TensorProto.FLOAT, shape),
         helper.make_tensor_value_info("x3", TensorProto.FLOAT, channels)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, shape)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "qdq_add.onnx"))

    rng = np.random.RandomState(5)
    x1 = rng.uniform(-6.0, 6.0, size=shape).astype(np.float32)
    x2 = rng.uniform(-1.0, 5.0, size=shape).astype(np.float32)
    x3 = rng.uniform(-1.5, 1.5, size=channels).astype(np.float32)
    np.savez(os.path.join(out, "qdq_add_in.npz"), x1=x1, x2=x2, x3=x3)
    a = dequantize(quantize(x1, A), A)
    b = dequantize(quantize(x2, B), B)
    y = dequantize(quantize(np.maximum(a + b, np.float32(0)), Y), Y)
    s = dequantize(quantize(x3, S), S)
    z = dequantize(quantize(y * s, Z), Z)
    np.savez(os.path.join(out, "qdq_add_ref.npz"), y=y, z=z)


if __name__ == "__main__":
    main()
