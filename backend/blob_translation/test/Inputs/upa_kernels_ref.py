# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The input and NumPy references of upa_kernels.mlir: writes <dir>/in.npz and <dir>/ref.npz.
# The constants are those the test module declares.
import sys

import numpy as np

out_dir = sys.argv[1]
f32 = np.float32

x = (np.linspace(-2, 2, 32, dtype=f32) * np.array([1, -1] * 16, f32)).reshape(1, 2, 4, 4)
x[0, 1, 2, 3] = 0.3  # a distinct maximum


def arr(values, shape=None, dtype=f32):
    a = np.array(values, dtype)
    return a.reshape(shape) if shape else a


convw = arr([((i * 7) % 11 - 5) / 8 for i in range(54)], (3, 2, 3, 3))
convb = arr([0.5, -0.25, 0.0])
deconvw = arr([0.5, -1.0, 0.25, 2.0, -0.5, 1.0, 1.5, -0.75], (2, 1, 2, 2))
deconvb = arr([0.125])
mmb = arr([((i * 5) % 7 - 3) / 4 for i in range(12)], (3, 4))
fcw = arr([((i * 3) % 5 - 2) / 2 for i in range(12)], (3, 4))
fcb = arr([1.0, -1.0, 0.5])
ln_scale, ln_bias = arr([1.0, 0.5, -1.0, 2.0]), arr([0.0, 0.25, 0.5, -0.5])
gamma, beta, mean, var = arr([1.5, -0.5]), arr([0.25, 1.0]), arr([0.5, -0.25]), arr([2.0, 0.5])

ref = {}
ref['elu'] = np.where(x > 0, x, 0.5 * (np.exp(x) - 1))
ref['transposed'] = x.transpose(0, 2, 3, 1)
ref['padded'] = np.pad(x, ((0, 0), (0, 1), (1, 0), (0, 2)), constant_values=1.5)
ref['gathered'] = x[:, :, [3, 1], :]
# depth_to_space, depth first, block 2, of x viewed as 1x8x2x2.
ref['d2s'] = x.reshape(1, 2, 2, 2, 2, 2).transpose(0, 1, 4, 2, 5, 3).reshape(1, 2, 4, 4)
ref['quantized'] = np.clip(np.round(x / f32(0.05)) + 3, -128, 127).astype(np.int8)
ref['dequantized'] = ((arr([-3, 0, 5, 100], dtype=np.float64) - 1) * 0.25).astype(f32)
cs = np.cumsum(x, axis=3)
ref['cumsum'] = np.concatenate([np.zeros_like(cs[..., :1]), cs[..., :-1]], axis=3)
order = np.argsort(-x, axis=3, kind='stable')[..., :2]
ref['topk_values'] = np.take_along_axis(x, order, axis=3)
ref['topk_indices'] = order.astype(np.int32)
ref['mean'] = x.mean(axis=(2, 3), keepdims=True)
m = x.mean(axis=(1, 2, 3), keepdims=True)
ref['mvn'] = (x - m) / np.sqrt(((x - m) ** 2).mean(axis=(1, 2, 3), keepdims=True) + 1e-5)
m = x.mean(axis=3, keepdims=True)
ref['layer_norm'] = (x - m) / np.sqrt(((x - m) ** 2).mean(axis=3, keepdims=True) + 1e-5) * ln_scale + ln_bias
ref['l2'] = x / np.sqrt((x ** 2).sum(axis=1, keepdims=True) + 1e-6)
c = lambda v: v.reshape(1, 2, 1, 1)
ref['batch_norm'] = (x - c(mean)) / np.sqrt(c(var) + 1e-3) * c(gamma) + c(beta)
xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
conv = np.zeros((1, 3, 4, 4), f32)
for i in range(4):
    for j in range(4):
        conv[0, :, i, j] = np.einsum('ockl,ckl->o', convw, xp[0, :, i:i + 3, j:j + 3])
ref['conv'] = np.maximum(conv + convb.reshape(1, 3, 1, 1), 0)
deconv = np.zeros((1, 1, 8, 8), f32)
for i in range(4):
    for j in range(4):
        deconv[0, :, 2 * i:2 * i + 2, 2 * j:2 * j + 2] += np.einsum('c,cokl->okl', x[0, :, i, j], deconvw)
ref['deconv'] = deconv + deconvb.reshape(1, 1, 1, 1)
ref['matmul'] = x @ mmb.T
ref['fc'] = x.reshape(8, 4) @ fcw.T + fcb
xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), constant_values=-np.inf)
ref['max_pool'] = np.array([[[[xp[0, ch, i:i + 3, j:j + 3].max() for j in range(4)] for i in range(4)] for ch in range(2)]], f32)
ref['avg_pool'] = x.reshape(1, 2, 2, 2, 2, 2).mean(axis=(3, 5))
ref['resized'] = x.repeat(2, axis=2).repeat(2, axis=3)
e = x - x.max(axis=1, keepdims=True)
ref['log_softmax'] = e - np.log(np.exp(e).sum(axis=1, keepdims=True))

np.savez(out_dir + '/in.npz', x=x)
np.savez(out_dir + '/ref.npz', **{k: (v if v.dtype in (np.int8, np.int32) else v.astype(f32)) for k, v in ref.items()})
