# Checks `vpuc run` outputs against NumPy max pools: for each pair NAME=INPUT
# of the command line, output NAME of OUT must be the KxK stride-1 max pool of
# input INPUT of IN with padding K // 2 (exact: a maximum of FP16 values), with
# a ReLU after it when NAME is given as relu:NAME.
#
# usage: maxpool_check.py IN.npz OUT.npz K [relu:]NAME=INPUT...
import sys

import numpy as np


def max_pool(x, k):
    pad = k // 2
    n, c, h, w = x.shape
    padded = np.full((n, c, h + 2 * pad, w + 2 * pad), -np.inf, np.float32)
    padded[:, :, pad:pad + h, pad:pad + w] = x.astype(np.float32)
    out = np.full(x.shape, -np.inf, np.float32)
    for dy in range(k):
        for dx in range(k):
            out = np.maximum(out, padded[:, :, dy:dy + h, dx:dx + w])
    return out


def main():
    inputs = np.load(sys.argv[1])
    outputs = np.load(sys.argv[2])
    k = int(sys.argv[3])
    for pair in sys.argv[4:]:
        name, source = pair.split("=")
        relu = name.startswith("relu:")
        name = name[len("relu:"):] if relu else name
        expected = max_pool(inputs[source], k)
        if relu:
            expected = np.maximum(expected, 0)
        got = outputs[name].astype(np.float32)
        if got.shape != expected.shape or not (got == expected).all():
            sys.exit("%s differs from the max pool of %s" % (name, source))
    print("ok")


main()
