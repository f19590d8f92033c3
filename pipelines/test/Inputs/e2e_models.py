"""Shared parts of the end-to-end test model generators of pipelines/test/Inputs: float64
convolutions written from the ONNX definition (in loops, and as products over channels and
shifted sums for large maps), and the writing of a one-input model with its input and float64
references.
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper


def conv(x, w, b, pad):
    """An ONNX Conv (stride 1, group 1, dilation 1, symmetric padding `pad`) in float64 loops."""
    _, _, h, wd = x.shape
    kh, kw = w.shape[2:]
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    y = np.zeros((1, w.shape[0], h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1))
    for o in range(w.shape[0]):
        for i in range(y.shape[2]):
            for j in range(y.shape[3]):
                y[0, o, i, j] = np.sum(xp[0, :, i:i + kh, j:j + kw] * w[o]) + b[o]
    return y


def pointwise(x, w, b):
    """A 1x1 ONNX Conv (stride 1, group 1) as a product over channels."""
    return np.einsum("nchw,oc->nohw", x, w[:, :, 0, 0]) + b.reshape(1, -1, 1, 1)


def conv3x3(x, w, b, group=1):
    """A 3x3 ONNX Conv (stride 1, padding 1, `group` 1 or the channels) as shifted sums."""
    _, _, h, wd = x.shape
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    y = np.zeros((x.shape[0], w.shape[0], h, wd))
    for i in range(3):
        for j in range(3):
            window = xp[:, :, i:i + h, j:j + wd]
            if group == 1:
                y += np.einsum("nchw,oc->nohw", window, w[:, :, i, j])
            else:
                y += window * w[:, 0, i, j].reshape(1, -1, 1, 1)
    return y + b.reshape(1, -1, 1, 1)


def save_model(out, name, nodes, inits, x, refs, opset=13):
    """Writes OUT/NAME.onnx (graph input `x`, one output per entry of `refs` with its shape),
    checked by the ONNX checker, OUT/NAME_in.npy (`x`) and OUT/NAME_ref.npz (`refs` as float32).
    """
    outputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(ref.shape))
               for n, ref in refs.items()]
    graph = helper.make_graph(
        nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        outputs, initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_in.npy"), x)
    np.savez(os.path.join(out, name + "_ref.npz"),
             **{n: ref.astype(np.float32) for n, ref in refs.items()})
