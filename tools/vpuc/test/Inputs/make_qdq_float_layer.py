"""Writes OUT_DIR/qdq_float_layer.onnx: a QDQ network whose Sigmoid has no quantized form (it
stays in float between a DequantizeLinear and a QuantizeLinear) after a quantized max pool, for
the compile summary's `kept float:` line (compile_float_layers.test)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main():
    out = sys.argv[1]
    scale = numpy_helper.from_array(np.array(0.05, dtype=np.float32), "scale")
    zero = numpy_helper.from_array(np.array(128, dtype=np.uint8), "zero")
    sig_scale = numpy_helper.from_array(np.array(1.0 / 256, dtype=np.float32), "sig_scale")
    sig_zero = numpy_helper.from_array(np.array(0, dtype=np.uint8), "sig_zero")
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "scale", "zero"], ["xq"], name="quantize_x"),
        helper.make_node("DequantizeLinear", ["xq", "scale", "zero"], ["xd"], name="dequantize_x"),
        helper.make_node("MaxPool", ["xd"], ["p"], name="pool", kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("QuantizeLinear", ["p", "scale", "zero"], ["pq"], name="quantize_p"),
        helper.make_node("DequantizeLinear", ["pq", "scale", "zero"], ["pd"], name="dequantize_p"),
        helper.make_node("Sigmoid", ["pd"], ["s"], name="sigmoid"),
        helper.make_node("QuantizeLinear", ["s", "sig_scale", "sig_zero"], ["sq"], name="quantize_s"),
        helper.make_node("DequantizeLinear", ["sq", "sig_scale", "sig_zero"], ["y"], name="dequantize_s"),
    ]
    graph = helper.make_graph(
        nodes,
        "qdq_float_layer",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16, 8, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16, 4, 4])],
        initializer=[scale, zero, sig_scale, sig_zero],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, "qdq_float_layer.onnx"))


if __name__ == "__main__":
    main()
