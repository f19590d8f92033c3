#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Compares the outputs of a run (.npz) with a NumPy reference (.npz): the same names, shapes and
element types; booleans and integers equal; floats within |a - r| <= atol + rtol * |r| (the
FP16 device: rtol 1e-2, atol 1e-2 by default). Prints one `NAME ok` line per output, or the
first difference and exits with 1.

Usage: check_outputs.py OUT.npz REF.npz [--rtol R] [--atol A]
"""

import argparse
import sys

import numpy as np


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("ref")
    parser.add_argument("--rtol", type=float, default=1e-2)
    parser.add_argument("--atol", type=float, default=1e-2)
    args = parser.parse_args()
    out, ref = np.load(args.out), np.load(args.ref)
    if sorted(out.files) != sorted(ref.files):
        print("names %s, expected %s" % (sorted(out.files), sorted(ref.files)))
        return 1
    for name in ref.files:
        a, r = out[name], ref[name]
        if a.shape != r.shape or a.dtype != r.dtype:
            print("%s: %s %s, expected %s %s" % (name, a.dtype, a.shape, r.dtype, r.shape))
            return 1
        if r.dtype.kind == "f":
            close = np.isclose(a, r, rtol=args.rtol, atol=args.atol)
            if not close.all():
                print("%s: %d of %d values differ (max |diff| %.3g)" % (
                    name, int((~close).sum()), r.size, float(np.abs(a - r).max())))
                return 1
        elif not np.array_equal(a, r):
            print("%s: %d of %d values differ" % (name, int((a != r).sum()), r.size))
            return 1
        print("%s ok" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
