"""Writes the model of roi_pooling_e2e.test (ONNX RoiAlign and MaxRoiPool), its inputs and
NumPy references.

Usage: make_roi_onnx.py OUT_DIR -> OUT_DIR/roi.onnx, OUT_DIR/roi_in.npz, OUT_DIR/roi_ref.npz.

roi: on x [2, 4, 12, 10], RoiAlign avg (half_pixel, sampling_ratio 2, spatial_scale 0.5, 3x3
bins) and RoiAlign max (output_half_pixel, adaptive sampling, 2x4 bins) of five regions
(inside, partly outside, a point) on images b [5] (int64), and MaxRoiPool (pooled_shape 2x3,
spatial_scale 0.5) of four regions [batch, x1, y1, x2, y2]. The references are float64 loops
written from the ONNX operator definitions (RoiAlign max: the largest weighted corner term of
any sample, as the ONNX reference implementation computes).
"""
import math
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper


def bilinear_terms(plane, y, x):
    """The four weighted corner terms of the bilinear sample at (y, x) (zeros outside)."""
    h, w = plane.shape
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return [0.0] * 4
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    if y0 >= h - 1:
        y0 = y1 = h - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= w - 1:
        x0 = x1 = w - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    return [(1 - ly) * (1 - lx) * plane[y0, x0], (1 - ly) * lx * plane[y0, x1],
            ly * (1 - lx) * plane[y1, x0], ly * lx * plane[y1, x1]]


def roi_align(x, rois, batch, ph, pw, ratio, scale, half_pixel, mode):
    out = np.zeros([len(rois), x.shape[1], ph, pw])
    offset = 0.5 if half_pixel else 0.0
    for r, (box, b) in enumerate(zip(rois.astype(np.float64), batch)):
        x1, y1, x2, y2 = box * scale - offset
        rw, rh = x2 - x1, y2 - y1
        if not half_pixel:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph, rw / pw
        gh = ratio if ratio > 0 else max(0, math.ceil(bh))
        gw = ratio if ratio > 0 else max(0, math.ceil(bw))
        for c in range(x.shape[1]):
            plane = x[b, c].astype(np.float64)
            for i in range(ph):
                for j in range(pw):
                    samples = [bilinear_terms(plane, y1 + i * bh + (iy + 0.5) * bh / gh,
                                              x1 + j * bw + (ix + 0.5) * bw / gw)
                               for iy in range(gh) for ix in range(gw)]
                    if mode == "avg":
                        out[r, c, i, j] = sum(sum(s) for s in samples) / max(gh * gw, 1)
                    else:
                        out[r, c, i, j] = max((max(s) for s in samples), default=0.0)
    return out


def max_roi_pool(x, rois, ph, pw, scale):
    out = np.zeros([len(rois), x.shape[1], ph, pw])
    h, w = x.shape[2:]

    def round_half_away(v):
        return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)

    for r, box in enumerate(rois.astype(np.float64)):
        b = int(box[0])
        x1, y1, x2, y2 = (round_half_away(v * scale) for v in box[1:])
        bh = max(y2 - y1 + 1, 1) / ph
        bw = max(x2 - x1 + 1, 1) / pw
        for i in range(ph):
            hs = min(max(math.floor(i * bh) + y1, 0), h)
            he = min(max(math.ceil((i + 1) * bh) + y1, 0), h)
            for j in range(pw):
                ws = min(max(math.floor(j * bw) + x1, 0), w)
                we = min(max(math.ceil((j + 1) * bw) + x1, 0), w)
                if hs < he and ws < we:
                    out[r, :, i, j] = x[b, :, hs:he, ws:we].astype(np.float64).max(axis=(1, 2))
    return out


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(7)
    x = rng.uniform(-2, 2, [2, 4, 12, 10]).astype(np.float32)
    rois = np.array([[2, 2, 14, 18], [-4, -2, 6, 30], [6, 8, 19, 23], [7, 7, 7, 7],
                     [0, 0, 20, 24]], np.float32)
    batch = np.array([0, 1, 1, 0, 1], np.int64)
    boxes = np.array([[0, 2, 2, 15, 19], [1, 3, 5, 9, 9], [1, -6, -4, 8, 30],
                      [0, 7, 7, 7, 7]], np.float32)
    nodes = [
        helper.make_node("RoiAlign", ["x", "rois", "b"], ["avg"], name="align_avg",
                         output_height=3, output_width=3, sampling_ratio=2, spatial_scale=0.5),
        helper.make_node("RoiAlign", ["x", "rois", "b"], ["max"], name="align_max", mode="max",
                         output_height=2, output_width=4, spatial_scale=0.5,
                         coordinate_transformation_mode="output_half_pixel"),
        helper.make_node("MaxRoiPool", ["x", "boxes"], ["pool"], name="max_roi_pool",
                         pooled_shape=[2, 3], spatial_scale=0.5),
    ]
    refs = {
        "avg": roi_align(x, rois, batch, 3, 3, 2, 0.5, True, "avg"),
        "max": roi_align(x, rois, batch, 2, 4, 0, 0.5, False, "max"),
        "pool": max_roi_pool(x, boxes, 2, 3, 0.5),
    }
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
              helper.make_tensor_value_info("rois", TensorProto.FLOAT, rois.shape),
              helper.make_tensor_value_info("b", TensorProto.INT64, batch.shape),
              helper.make_tensor_value_info("boxes", TensorProto.FLOAT, boxes.shape)]
    outputs = [helper.make_tensor_value_info(name, TensorProto.FLOAT, list(ref.shape))
               for name, ref in refs.items()]
    graph = helper.make_graph(nodes, "roi", inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, os.path.join(out, "roi.onnx"))
    np.savez(os.path.join(out, "roi_in.npz"), x=x, rois=rois, b=batch, boxes=boxes)
    np.savez(os.path.join(out, "roi_ref.npz"), **refs)


if __name__ == "__main__":
    main()
