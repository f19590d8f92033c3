"""Writes the IE network of handle_asymmetric_strides_numerics.mlir with random weights.

Usage: make_strides_network.py OUT.mlir
"""

import sys

import numpy as np


def dense(values):
    """The MLIR dense literal of `values`."""
    return "dense<" + np.array2string(
        values.astype(np.float32), separator=", ", threshold=1 << 30,
        max_line_width=1 << 30, floatmode="unique").replace("\n", "") + ">"


def main():
    rng = np.random.default_rng(13)
    w0 = rng.uniform(-0.5, 0.5, (16, 8, 3, 4)).astype(np.float16)
    b0 = rng.uniform(-1, 1, (16,)).astype(np.float16)
    w1 = rng.uniform(-0.5, 0.5, (8, 1, 3, 3)).astype(np.float16)
    text = f"""func.func @main(%x: tensor<1x8x20x40xf16>)
    -> (tensor<1x16x20x3xf16>, tensor<1x8x10x5xf16>, tensor<1x8x19x4xf16>, tensor<1x8x2x19xf16>, tensor<1x8x3x20xf16>) {{
  %w0 = const.Declare tensor<16x8x3x4xf16> = #const.Content<{dense(w0)} : tensor<16x8x3x4xf16>>
  %b0 = const.Declare tensor<16xf16> = #const.Content<{dense(b0)} : tensor<16xf16>>
  %w1 = const.Declare tensor<8x1x3x3xf16> = #const.Content<{dense(w1)} : tensor<8x1x3x3xf16>>
  %0 = IE.Convolution(%x, %w0, %b0) {{dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 0>,
         pads_end = array<i64: 1, 0>, strides = array<i64: 1, 16>}}
         : tensor<1x8x20x40xf16>, tensor<16x8x3x4xf16>, tensor<16xf16> -> tensor<1x16x20x3xf16>
  %1 = IE.GroupConvolution(%x, %w1) {{dilations = array<i64: 1, 1>, groups = 8 : i64, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 9>}}
         : tensor<1x8x20x40xf16>, tensor<8x1x3x3xf16> -> tensor<1x8x10x5xf16>
  %2 = IE.MaxPool(%x) {{kernel_size = array<i64: 2, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 10>}} : tensor<1x8x20x40xf16> -> tensor<1x8x19x4xf16>
  %3 = IE.AvgPool(%x) {{kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 9, 2>}} : tensor<1x8x20x40xf16> -> tensor<1x8x2x19xf16>
  %4 = IE.AvgPool(%x) {{kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         strides = array<i64: 9, 2>}} : tensor<1x8x20x40xf16> -> tensor<1x8x3x20xf16>
  return %0, %1, %2, %3, %4
      : tensor<1x16x20x3xf16>, tensor<1x8x10x5xf16>, tensor<1x8x19x4xf16>, tensor<1x8x2x19xf16>, tensor<1x8x3x20xf16>
}}
"""
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
