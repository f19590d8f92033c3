#!/usr/bin/env python3
"""Writes .npy/.npz files with NumPy for core/npy's tests. Usage: make_fixtures.py OUT_DIR"""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
p = lambda name: os.path.join(out, name)

a = np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5
np.save(p("f32_c.npy"), a)
np.save(p("f32_fortran.npy"), np.asfortranarray(a))
np.save(p("i32_big_endian.npy"), np.array([1, -2, 70000], dtype=">i4"))
np.save(p("bool.npy"), np.array([True, False, True]))
np.save(p("f16.npy"), np.array([1.0, -2.5, 65504.0], dtype=np.float16))
np.save(p("u8_scalar.npy"), np.uint8(200))
with open(p("i64_v2.npy"), "wb") as f:
    np.lib.format.write_array(f, np.array([[-1, 2**40]], dtype=np.int64), version=(2, 0))
np.save(p("complex.npy"), np.array([1 + 2j], dtype=np.complex64))
np.savez(p("stored.npz"), x=a, y=np.array([7, 8], dtype=np.int8))
np.savez_compressed(p("deflated.npz"), big=np.arange(10000, dtype=np.float32))
