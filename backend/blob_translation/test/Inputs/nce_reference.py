# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The NumPy reference of nce_network.mlir: y = LeakyReLU(0.125)(conv3x3/s2/p1(x, w) + bias),
# z = maxpool2x2/s2(y), with the weights and biases of the test. Checks the emulator's outputs
# bit for bit (argv: inputs.npz outputs.npz).
import sys

import numpy as np

x = np.load(sys.argv[1])["x"].astype(np.float64)
out = np.load(sys.argv[2])
w = ((np.arange(288).reshape(8, 4, 3, 3) % 9) - 4) / 8.0
bias = (np.arange(8) - 4) / 4.0

padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
acc = np.zeros((1, 8, 4, 4))
for oy in range(4):
    for ox in range(4):
        window = padded[0, :, 2 * oy:2 * oy + 3, 2 * ox:2 * ox + 3]
        acc[0, :, oy, ox] = np.tensordot(w, window, axes=([1, 2, 3], [0, 1, 2]))
acc += bias.reshape(1, 8, 1, 1)
y = np.where(acc < 0, 0.125 * acc, acc).astype(np.float16)
z = y.reshape(1, 8, 2, 2, 2, 2).max(axis=(3, 5))

for name, expected in (("y", y), ("z", z)):
    got = out[name]
    if got.dtype != np.float16 or got.shape != expected.shape or not np.array_equal(got, expected):
        print(f"{name}: mismatch\nexpected\n{expected}\ngot\n{got}")
        sys.exit(1)
print("ok")
