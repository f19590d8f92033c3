"""Writes the IE network of convert_fc_to_conv_numerics.mlir with random constant weights.

Usage: make_fc_network.py OUT.mlir
"""

import sys

import numpy as np


def dense(values):
    """The MLIR dense literal of `values` (f16 element text)."""
    return "dense<" + np.array2string(
        values.astype(np.float32), separator=", ", threshold=1 << 30,
        max_line_width=1 << 30, floatmode="unique").replace("\n", "") + ">"


def main():
    rng = np.random.default_rng(8)
    w0 = rng.uniform(-0.5, 0.5, (16, 24)).astype(np.float16)
    b0 = rng.uniform(-1, 1, (1, 16)).astype(np.float16)
    w1 = rng.uniform(-0.5, 0.5, (16, 16)).astype(np.float16)
    b1 = rng.uniform(-1, 1, (16,)).astype(np.float16)
    w2 = rng.uniform(-0.5, 0.5, (16, 8)).astype(np.float16)
    w3 = rng.uniform(-0.5, 0.5, (32, 8)).astype(np.float16)
    text = f"""func.func @main(%x: tensor<1x24xf16>) -> (tensor<1x8xf16>, tensor<1x1x32xf16>) {{
  %w0 = const.Declare tensor<16x24xf16> = #const.Content<{dense(w0)} : tensor<16x24xf16>>
  %b0 = const.Declare tensor<1x16xf16> = #const.Content<{dense(b0)} : tensor<1x16xf16>>
  %w1 = const.Declare tensor<16x16xf16> = #const.Content<{dense(w1)} : tensor<16x16xf16>>
  %b1 = const.Declare tensor<16xf16> = #const.Content<{dense(b1)} : tensor<16xf16>>
  %w2 = const.Declare tensor<16x8xf16> = #const.Content<{dense(w2)} : tensor<16x8xf16>>
  %w3 = const.Declare tensor<32x8xf16> = #const.Content<{dense(w3)} : tensor<32x8xf16>>
  %0 = IE.FullyConnected(%x, %w0, %b0) : tensor<1x24xf16>, tensor<16x24xf16>, tensor<1x16xf16> -> tensor<1x16xf16>
  %1 = IE.FullyConnected(%0, %w1, %b1) : tensor<1x16xf16>, tensor<16x16xf16>, tensor<16xf16> -> tensor<1x16xf16>
  %2 = IE.MatMul(%1, %w2) : tensor<1x16xf16>, tensor<16x8xf16> -> tensor<1x8xf16>
  %3 = IE.Reshape(%2) {{shape = array<i64: 1, 1, 8>}} : tensor<1x8xf16> -> tensor<1x1x8xf16>
  %4 = IE.MatMul(%3, %w3) {{transpose_b}} : tensor<1x1x8xf16>, tensor<32x8xf16> -> tensor<1x1x32xf16>
  return %2, %4 : tensor<1x8xf16>, tensor<1x1x32xf16>
}}
"""
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
