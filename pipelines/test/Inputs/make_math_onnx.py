"""Writes the models of math_e2e.test (frontend/onnx/Math.cpp ops), their inputs and NumPy's outputs.

Usage: make_math_onnx.py --check ACTUAL.npz REFERENCE.npz: prints "<name> exact" for each
reference tensor the actual outputs match exactly (dims, element type and values), fails
otherwise.
make_math_onnx.py OUT_DIR -> for each model M: OUT_DIR/M.onnx, OUT_DIR/M_in.npz and
OUT_DIR/M_ref.npz (the expected outputs, computed with NumPy in float64 from the same inputs).

Models:
  trig   the trigonometric and hyperbolic functions and their inverses, one output each, on
         inputs inside each function's domain (x: [-3, 3], t: [-1.2, 1.2] for Tan, u: [-0.9,
         0.9] for Asin, Acos and Atanh, v: [1, 5] for Acosh).
  shift  BitShift on u8 (LEFT), u16 (RIGHT), u32 (LEFT) and u64 (RIGHT), the amount [3] broadcast
         to [2, 3]: shift_in.npz has random bit patterns over the whole width (the device computes
         on the stored integers), shift_small_in.npz values below 2^24 (exact in the
         interpreter's float tensors); shift_ref.npz and shift_small_ref.npz are NumPy's.
  prod   ReduceProd over two axes with keepdims and over the last axis without, on values in
         [0.8, 1.25] (products of a few dozen stay near 1).
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

TRIG = {  # op: (input, NumPy function)
    "Sin": ("x", np.sin), "Cos": ("x", np.cos), "Tan": ("t", np.tan),
    "Asin": ("u", np.arcsin), "Acos": ("u", np.arccos), "Atan": ("x", np.arctan),
    "Sinh": ("x", np.sinh), "Cosh": ("x", np.cosh), "Asinh": ("x", np.arcsinh),
    "Acosh": ("v", np.arccosh), "Atanh": ("u", np.arctanh),
}
TRIG_SHAPE = [2, 3, 8]


def save(out, name, graph, opset, inputs, outputs):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.savez(os.path.join(out, name + "_in.npz"), **inputs)
    np.savez(os.path.join(out, name + "_ref.npz"), **outputs)


def trig(out):
    rng = np.random.RandomState(11)
    ranges = {"x": (-3, 3), "t": (-1.2, 1.2), "u": (-0.9, 0.9), "v": (1, 5)}
    inputs = {n: rng.uniform(lo, hi, TRIG_SHAPE).astype(np.float32)
              for n, (lo, hi) in ranges.items()}
    nodes = [helper.make_node(op, [src], [op.lower()], name=op.lower())
             for op, (src, _) in TRIG.items()]
    graph = helper.make_graph(
        nodes, "trig",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, TRIG_SHAPE) for n in ranges],
        [helper.make_tensor_value_info(op.lower(), TensorProto.FLOAT, TRIG_SHAPE)
         for op in TRIG])
    outputs = {op.lower(): fn(inputs[src].astype(np.float64)).astype(np.float32)
               for op, (src, fn) in TRIG.items()}
    save(out, "trig", graph, 13, inputs, outputs)


def prod(out):
    x = np.random.RandomState(5).uniform(0.8, 1.25, [2, 3, 4, 5]).astype(np.float32)
    nodes = [helper.make_node("ReduceProd", ["x"], ["p_keep"], name="prod_keep", axes=[1, 3]),
             helper.make_node("ReduceProd", ["x"], ["p_last"], name="prod_last", axes=[-1],
                              keepdims=0)]
    graph = helper.make_graph(
        nodes, "prod", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("p_keep", TensorProto.FLOAT, [2, 1, 4, 1]),
         helper.make_tensor_value_info("p_last", TensorProto.FLOAT, [2, 3, 4])])
    x64 = x.astype(np.float64)
    outputs = {"p_keep": np.prod(x64, axis=(1, 3), keepdims=True).astype(np.float32),
               "p_last": np.prod(x64, axis=-1).astype(np.float32)}
    save(out, "prod", graph, 13, {"x": x}, outputs)


SHIFTS = ((8, "LEFT"), (16, "RIGHT"), (32, "LEFT"), (64, "RIGHT"))


def shift(out):
    nodes, vis_in, vis_out = [], [], []
    for bits, direction in SHIFTS:
        t = getattr(TensorProto, f"UINT{bits}")
        nodes.append(helper.make_node("BitShift", [f"x{bits}", f"s{bits}"], [f"y{bits}"],
                                      name=f"shift{bits}", direction=direction))
        vis_in += [helper.make_tensor_value_info(f"x{bits}", t, [2, 3]),
                   helper.make_tensor_value_info(f"s{bits}", t, [3])]
        vis_out.append(helper.make_tensor_value_info(f"y{bits}", t, [2, 3]))
    graph = helper.make_graph(nodes, "shift", vis_in, vis_out)
    rng = np.random.RandomState(3)
    for suffix, limit in (("", None), ("_small", 1 << 24)):
        inputs, outputs = {}, {}
        for bits, direction in SHIFTS:
            dtype = np.dtype(f"uint{bits}")
            # Python integers (exact beyond 2^63): random bytes over the whole width, or
            # values below 2^24.
            if limit is None:
                xs = [sum(int(b) << (8 * k) for k, b in enumerate(rng.randint(0, 256, bits // 8)))
                      for _ in range(6)]
            else:
                xs = [int(v) for v in rng.randint(0, min(limit, 1 << bits), 6)]
            s = np.array([0, 5, bits - 1], dtype=np.int64)
            ys = [((v << int(a)) % (1 << bits)) if direction == "LEFT" else (v >> int(a))
                  for v, a in zip(xs, list(s) * 2)]
            inputs[f"x{bits}"] = np.array(xs, dtype=dtype).reshape(2, 3)
            inputs[f"s{bits}"] = s.astype(dtype)
            outputs[f"y{bits}"] = np.array(ys, dtype=dtype).reshape(2, 3)
        np.savez(os.path.join(out, f"shift{suffix}_in.npz"), **inputs)
        np.savez(os.path.join(out, f"shift{suffix}_ref.npz"), **outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "shift.onnx"))


def check(actual_path, reference_path):
    actual, reference = np.load(actual_path), np.load(reference_path)
    for name in sorted(reference.keys()):
        got, want = actual[name], reference[name]
        if got.shape != want.shape or got.dtype != want.dtype or not np.array_equal(got, want):
            sys.exit(f"{name}: got {got.dtype} {got.tolist()}, expected {want.dtype} "
                     f"{want.tolist()}")
        print(f"{name} exact")


def main():
    if sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    trig(out)
    prod(out)
    shift(out)


if __name__ == "__main__":
    main()
