#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the networks, inputs and NumPy reference outputs of the `vpuc infer` lit tests.

Usage: make_infer_cases.py OUT_DIR

For each case NAME it writes OUT_DIR/NAME.mlir (IE IR) or OUT_DIR/NAME.onnx (built with
python3-onnx's onnx.helper), OUT_DIR/NAME_in.npz (the inputs by name) and OUT_DIR/NAME_ref.npz
(the outputs by name, computed here with NumPy from the definitions of the ops). Weights are
pseudo-random (seeded) and embedded in the IR as hex dense constants.
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

RNG = np.random.RandomState(2024)


def rand(*shape):
    return RNG.uniform(-1.0, 1.0, size=shape).astype(np.float32)


#===------------------------------------------------------------------------===#
# NumPy references
#===------------------------------------------------------------------------===#


def conv2d(x, w, b=None, stride=(1, 1), pads=(0, 0, 0, 0), dilation=(1, 1), groups=1):
    """Grouped convolution; pads = (top, left, bottom, right)."""
    n, c, h, wd = x.shape
    oc, icg, kh, kw = w.shape
    xp = np.zeros((n, c, h + pads[0] + pads[2], wd + pads[1] + pads[3]), np.float64)
    xp[:, :, pads[0]:pads[0] + h, pads[1]:pads[1] + wd] = x
    oh = (xp.shape[2] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (xp.shape[3] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((n, oc, oh, ow), np.float64)
    ocg = oc // groups
    for o in range(oc):
        g = o // ocg
        for ky in range(kh):
            for kx in range(kw):
                ys = ky * dilation[0]
                xs = kx * dilation[1]
                patch = xp[:, g * icg:(g + 1) * icg,
                           ys:ys + stride[0] * (oh - 1) + 1:stride[0],
                           xs:xs + stride[1] * (ow - 1) + 1:stride[1]]
                out[:, o] += np.einsum("nchw,c->nhw", patch, w[o, :, ky, kx])
    if b is not None:
        out += b.reshape(1, -1, 1, 1)
    return out


def deconv2d(x, w, stride=(1, 1)):
    """Transposed convolution without padding or groups; w is [C_in, C_out, KH, KW]."""
    n, c, h, wd = x.shape
    _, oc, kh, kw = w.shape
    out = np.zeros((n, oc, (h - 1) * stride[0] + kh, (wd - 1) * stride[1] + kw), np.float64)
    for iy in range(h):
        for ix in range(wd):
            out[:, :, iy * stride[0]:iy * stride[0] + kh, ix * stride[1]:ix * stride[1] + kw] += \
                np.einsum("nc,cokl->nokl", x[:, :, iy, ix], w)
    return out


def pool2d(x, kernel, stride, pads, out_hw, kind, exclude_pad=True):
    """Max or average pooling with output size out_hw; pads = (top, left, bottom, right)."""
    n, c, h, w = x.shape
    out = np.zeros((n, c) + tuple(out_hw), np.float64)
    for oy in range(out_hw[0]):
        for ox in range(out_hw[1]):
            y0, x0 = oy * stride[0] - pads[0], ox * stride[1] - pads[1]
            y1, x1 = y0 + kernel[0], x0 + kernel[1]
            win = x[:, :, max(y0, 0):min(y1, h), max(x0, 0):min(x1, w)]
            if kind == "max":
                out[:, :, oy, ox] = win.max(axis=(2, 3))
            else:
                count = win.shape[2] * win.shape[3] if exclude_pad else \
                    (min(y1, h + pads[2]) - y0) * (min(x1, w + pads[3]) - x0)
                out[:, :, oy, ox] = win.sum(axis=(2, 3)) / count
    return out


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


#===------------------------------------------------------------------------===#
# IE IR text
#===------------------------------------------------------------------------===#


def ttype(shape, elem="f32"):
    return "tensor<" + "".join("%dx" % d for d in shape) + elem + ">"


def const(name, array):
    """A const.Declare of a float32 array as a hex dense constant."""
    t = ttype(array.shape)
    hexdata = array.astype("<f4").tobytes().hex().upper()
    return '  %%%s = const.Declare %s = #const.Content<dense<"0x%s"> : %s>\n' % (name, t, hexdata, t)


def cnn(out_dir):
    """Convolutions (3x3, pointwise, depthwise), pools, deconvolution, matmuls, softmax."""
    x = rand(1, 3, 10, 10)
    w1, b1 = rand(8, 3, 3, 3), rand(8)
    w2 = rand(6, 8, 1, 1)
    wd = rand(8, 1, 3, 3)
    wt = rand(8, 4, 2, 2)
    wf, bf = rand(10, 144) * 0.2, rand(10)
    wm = rand(6, 5)

    c1 = conv2d(x, w1, b1, pads=(1, 1, 1, 1))
    r1 = np.maximum(c1, 0)
    pw = conv2d(r1, w2)
    dw = conv2d(r1, wd, stride=(2, 2), pads=(1, 1, 1, 1), groups=8)
    mp = pool2d(dw, (2, 2), (2, 2), (0, 0, 0, 0), (3, 3), "max")  # ceil rounding: 5 -> 3
    up = deconv2d(mp, wt, stride=(2, 2))
    avg = pool2d(up, (3, 3), (1, 1), (1, 1, 1, 1), (6, 6), "avg", exclude_pad=True)
    fc = avg.reshape(1, 144) @ wf.T.astype(np.float64) + bf
    prob = softmax(fc, 1)
    mm = avg.reshape(4, 6, 6) @ wm.astype(np.float64)

    text = """IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "x" : tensor<1x3x10x10xf32> precision f32
} outputsInfo : {
  IE.DataInfo "pw" : tensor<1x6x10x10xf32> precision f32
  IE.DataInfo "avg" : tensor<1x4x6x6xf32> precision f32
  IE.DataInfo "prob" : tensor<1x10xf32> precision f32
  IE.DataInfo "mm" : tensor<4x6x5xf32> precision f32
}
func.func @main(%x: tensor<1x3x10x10xf32>) -> (tensor<1x6x10x10xf32>, tensor<1x4x6x6xf32>, tensor<1x10xf32>, tensor<4x6x5xf32>) {
"""
    for name, value in [("w1", w1), ("b1", b1), ("w2", w2), ("wd", wd), ("wt", wt), ("wf", wf),
                        ("bf", bf), ("wm", wm)]:
        text += const(name, value)
    text += """  %c1 = IE.Convolution(%x, %w1, %b1) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32> loc("conv1")
  %r1 = IE.ReLU(%c1) : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32> loc("relu1")
  %pw = IE.Convolution(%r1, %w2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x10x10xf32>, tensor<6x8x1x1xf32> -> tensor<1x6x10x10xf32> loc("pointwise")
  %dw = IE.GroupConvolution(%r1, %wd) {dilations = array<i64: 1, 1>, groups = 8 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x5x5xf32> loc("dwconv")
  %mp = IE.MaxPool(%dw) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x5x5xf32> -> tensor<1x8x3x3xf32> loc("pool")
  %up = IE.Deconvolution(%mp, %wt) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x3x3xf32>, tensor<8x4x2x2xf32> -> tensor<1x4x6x6xf32> loc("up")
  %avg = IE.AvgPool(%up) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32> loc("avg")
  %fl = IE.Reshape(%avg) {shape = array<i64: 1, 144>} : tensor<1x4x6x6xf32> -> tensor<1x144xf32> loc("flatten")
  %fc = IE.FullyConnected(%fl, %wf, %bf) : tensor<1x144xf32>, tensor<10x144xf32>, tensor<10xf32> -> tensor<1x10xf32> loc("fc")
  %prob = IE.SoftMax(%fc) {axis = 1 : i64} : tensor<1x10xf32> -> tensor<1x10xf32> loc("prob")
  %a3 = IE.Reshape(%avg) {shape = array<i64: 4, 6, 6>} : tensor<1x4x6x6xf32> -> tensor<4x6x6xf32> loc("to3d")
  %mm = IE.MatMul(%a3, %wm) : tensor<4x6x6xf32>, tensor<6x5xf32> -> tensor<4x6x5xf32> loc("matmul")
  return %pw, %avg, %prob, %mm : tensor<1x6x10x10xf32>, tensor<1x4x6x6xf32>, tensor<1x10xf32>, tensor<4x6x5xf32>
}
"""
    with open(os.path.join(out_dir, "cnn.mlir"), "w") as f:
        f.write(text)
    np.savez(os.path.join(out_dir, "cnn_in.npz"), x=x)
    np.savez(os.path.join(out_dir, "cnn_ref.npz"), pw=pw.astype(np.float32),
             avg=avg.astype(np.float32), prob=prob.astype(np.float32),
             mm=mm.astype(np.float32))
    # The intermediate layers, for the --dump-layers test.
    np.savez(os.path.join(out_dir, "cnn_layers_ref.npz"), conv1=c1.astype(np.float32),
             dwconv=dw.astype(np.float32), pool=mp.astype(np.float32),
             up=up.astype(np.float32))


def precisions(out_dir):
    """User precisions and layouts differing from the computation: f16 NHWC in and out,
    integer and boolean tensors."""
    data = rand(1, 2, 2, 3)          # logical NCHW
    ids = np.array([3, -7, 100], np.int32)
    text = """#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x2x2x3xf32> precision f16 layout #NHWC
  IE.DataInfo "ids" : tensor<3xsi32> precision si32
} outputsInfo : {
  IE.DataInfo "scaled" : tensor<1x2x2x3xf32> precision f16 layout #NHWC
  IE.DataInfo "positive" : tensor<1x2x2x3xi1> precision i1
  IE.DataInfo "next" : tensor<3xsi32> precision si32
}
func.func @main(%data: tensor<1x2x2x3xf32>, %ids: tensor<3xsi32>) -> (tensor<1x2x2x3xf32>, tensor<1x2x2x3xi1>, tensor<3xsi32>) {
  %two = const.Declare tensor<1xf32> = #const.Content<dense<2.0> : tensor<1xf32>>
  %zero = const.Declare tensor<1xf32> = #const.Content<dense<0.0> : tensor<1xf32>>
  %one = const.Declare tensor<1xsi32> = #const.Content<dense<1> : tensor<1xsi32>>
  %0 = IE.Multiply(%data, %two) : tensor<1x2x2x3xf32>, tensor<1xf32> -> tensor<1x2x2x3xf32> loc("scale")
  %1 = IE.Greater(%data, %zero) : tensor<1x2x2x3xf32>, tensor<1xf32> -> tensor<1x2x2x3xi1> loc("positive")
  %2 = IE.Add(%ids, %one) : tensor<3xsi32>, tensor<1xsi32> -> tensor<3xsi32> loc("next")
  return %0, %1, %2 : tensor<1x2x2x3xf32>, tensor<1x2x2x3xi1>, tensor<3xsi32>
}
"""
    with open(os.path.join(out_dir, "precisions.mlir"), "w") as f:
        f.write(text)
    data16 = data.astype(np.float16)
    nhwc = data16.transpose(0, 2, 3, 1)
    np.savez(os.path.join(out_dir, "precisions_in.npz"), data=nhwc, ids=ids)
    np.savez(os.path.join(out_dir, "precisions_ref.npz"),
             scaled=(nhwc.astype(np.float32) * 2).astype(np.float16),
             positive=data16.astype(np.float32) > 0, next=ids + 1)


#===------------------------------------------------------------------------===#
# ONNX models
#===------------------------------------------------------------------------===#


def save_onnx(out_dir, name, nodes, inputs, outputs):
    graph = helper.make_graph(nodes, name, inputs, outputs)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                          producer_name="vpuc-make-infer-cases")
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(out_dir, name + ".onnx"))


def eltwise(out_dir):
    """Two inputs, two outputs, broadcasting eltwise ops and activations."""
    a, b = rand(2, 3), rand(3)
    nodes = [
        helper.make_node("Add", ["a", "b"], ["s"], name="add"),
        helper.make_node("Relu", ["s"], ["y"], name="relu"),
        helper.make_node("Mul", ["a", "b"], ["p"], name="mul"),
        helper.make_node("Sigmoid", ["p"], ["z"], name="sigmoid"),
    ]
    f32 = TensorProto.FLOAT
    save_onnx(out_dir, "eltwise", nodes,
              [helper.make_tensor_value_info("a", f32, [2, 3]),
               helper.make_tensor_value_info("b", f32, [3])],
              [helper.make_tensor_value_info("y", f32, [2, 3]),
               helper.make_tensor_value_info("z", f32, [2, 3])])
    np.savez(os.path.join(out_dir, "eltwise_in.npz"), a=a, b=b)
    np.savez(os.path.join(out_dir, "eltwise_ref.npz"), y=np.maximum(a + b, 0),
             z=(1 / (1 + np.exp(-(a * b).astype(np.float64)))).astype(np.float32))


def dynamic(out_dir):
    """A dynamic batch dim, fixed with --input-shape."""
    f32 = TensorProto.FLOAT
    save_onnx(out_dir, "dynamic", [helper.make_node("Tanh", ["x"], ["y"], name="tanh")],
              [helper.make_tensor_value_info("x", f32, ["N", 4])],
              [helper.make_tensor_value_info("y", f32, ["N", 4])])
    x = rand(3, 4)
    np.save(os.path.join(out_dir, "dynamic_in.npy"), x)
    np.savez(os.path.join(out_dir, "dynamic_ref.npz"), y=np.tanh(x))


def unsupported(out_dir):
    """A node the importer does not map."""
    f32 = TensorProto.FLOAT
    save_onnx(out_dir, "unsupported",
              [helper.make_node("NonZero", ["x"], ["y"], name="nonzero")],
              [helper.make_tensor_value_info("x", f32, [3, 3])],
              [helper.make_tensor_value_info("y", TensorProto.INT64, [2, "n"])])


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    cnn(out_dir)
    precisions(out_dir)
    eltwise(out_dir)
    dynamic(out_dir)
    unsupported(out_dir)


if __name__ == "__main__":
    main()
