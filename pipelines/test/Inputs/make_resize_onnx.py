"""Writes the model of resize_split_e2e.test: five ONNX Resize nodes on x [1, 32, 20, 24], three
whose channels vpuc-vpuip-split-sw-kernels may split (linear half_pixel, nearest asymmetric floor,
linear align_corners with sizes) and two it must not (cubic; nearest tf_half_pixel_for_nn with
round_prefer_ceil), and its input.

Usage: make_resize_onnx.py OUT_DIR -> OUT_DIR/resize.onnx, OUT_DIR/resize_in.npy.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    x = np.random.RandomState(9).uniform(-2, 2, [1, 32, 20, 24]).astype(np.float32)
    scales = numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), "scales")
    sizes = numpy_helper.from_array(np.array([1, 32, 39, 47], np.int64), "sizes")
    roi = numpy_helper.from_array(np.zeros([0], np.float32), "roi")
    nodes = [
        helper.make_node("Resize", ["x", "roi", "scales"], ["r_linear"], name="r_linear",
                         mode="linear", coordinate_transformation_mode="half_pixel"),
        helper.make_node("Resize", ["x", "roi", "scales"], ["r_nearest"], name="r_nearest",
                         mode="nearest", coordinate_transformation_mode="asymmetric",
                         nearest_mode="floor"),
        helper.make_node("Resize", ["x", "roi", "", "sizes"], ["r_align"], name="r_align",
                         mode="linear", coordinate_transformation_mode="align_corners"),
        helper.make_node("Resize", ["x", "roi", "scales"], ["r_cubic"], name="r_cubic",
                         mode="cubic", coordinate_transformation_mode="half_pixel"),
        helper.make_node("Resize", ["x", "roi", "scales"], ["r_nn_tf"], name="r_nn_tf",
                         mode="nearest",
                         coordinate_transformation_mode="tf_half_pixel_for_nn",
                         nearest_mode="round_prefer_ceil"),
    ]
    shapes = {"r_linear": [1, 32, 40, 48], "r_nearest": [1, 32, 40, 48],
              "r_align": [1, 32, 39, 47], "r_cubic": [1, 32, 40, 48], "r_nn_tf": [1, 32, 40, 48]}
    graph = helper.make_graph(
        nodes, "resize", [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in shapes.items()],
        initializer=[scales, sizes, roi])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, os.path.join(out, "resize.onnx"))
    np.save(os.path.join(out, "resize_in.npy"), x)


if __name__ == "__main__":
    main()
