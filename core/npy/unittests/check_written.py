#!/usr/bin/env python3
"""Checks with NumPy the files that NpyTest wrote. Usage: check_written.py DIR"""
import os
import sys

import numpy as np

d = sys.argv[1]
a = np.load(os.path.join(d, "written.npy"))
assert a.dtype == np.float32 and a.shape == (2, 3), (a.dtype, a.shape)
assert (a == np.arange(6, dtype=np.float32).reshape(2, 3)).all(), a
for name in ("written.npz", "written_deflated.npz"):
    z = np.load(os.path.join(d, name))
    assert list(z.keys()) == ["input", "mask"], list(z.keys())
    assert z["input"].dtype == np.float16 and z["input"].shape == (1, 2)
    assert z["input"].tolist() == [[1.0, -2.0]], z["input"]
    assert z["mask"].dtype == np.bool_ and z["mask"].shape == (3,)
    assert z["mask"].tolist() == [True, False, True]
print("ok")
