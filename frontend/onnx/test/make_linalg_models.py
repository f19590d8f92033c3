#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the test models of Det (frontend/onnx/LinearAlgebra.cpp; det.test).

Usage: make_linalg_models.py OUT_DIR

Every model is built with onnx.helper and saved as OUT_DIR/<name>.onnx; MODELS lists them.
"""

from onnx import helper

from model_utils import F16, F32, I32, main, model, vi


def linalg_det():
    # A batch of matrices and a single one (0-D result).
    nodes = [helper.make_node("Det", ["x"], ["d"], name="det_batch"),
             helper.make_node("Det", ["m"], ["e"], name="det_single")]
    return model(nodes, [vi("x", F32, [2, 3, 4, 4]), vi("m", F16, [3, 3])],
                 [vi("d", F32, [2, 3]), vi("e", F16, [])], opset=11)


def linalg_det_rectangular():
    nodes = [helper.make_node("Det", ["x"], ["d"], name="det_rect")]
    return model(nodes, [vi("x", F32, [2, 3, 4])], [vi("d", F32, [2])], check=False)


def linalg_det_int():
    nodes = [helper.make_node("Det", ["x"], ["d"], name="det_int")]
    return model(nodes, [vi("x", I32, [3, 3])], [vi("d", I32, [])], check=False)


MODELS = {f.__name__: f for f in [linalg_det, linalg_det_rectangular, linalg_det_int]}

if __name__ == "__main__":
    main(MODELS)
