# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes tests/models/dbnet_tiny: a small DBNet-style text detector with trained-like statistics.

The network follows PaddleOCR's det_mv3_db layout at a small scale: a MobileNetV3-like backbone
(Conv-BN-Hardswish stem, inverted residual blocks with ReLU or Hardswish, squeeze-excite with
HardSigmoid), a DB-FPN neck (1x1 convolutions, nearest Resize x2 and Add top-down, 3x3
convolutions, nearest Resize x8 / x4 / x2 and Concat) and the DB head (Conv-BN-ReLU,
ConvTranspose k2 s2 - BN - ReLU, ConvTranspose k2 s2, Sigmoid). It is exported at opset 11 with
every BatchNormalization kept as its own node, as paddle2onnx exports PaddleOCR's models.

What matters is the statistics of a trained network: the batch norms' running statistics come
from the data (four forward passes in training mode with a cumulative average), and the head's
first ConvTranspose has a bias in the hundreds (a bias in front of a batch norm is free in training
and drifts), which its batch norm removes again: its output has a per-channel mean of hundreds
and a standard deviation below one. Computed in f16 without folding the batch norm into the
ConvTranspose, that offset keeps 11 significant bits and the batch norm magnifies the rounding
(issue 15: all-zero outputs of a trained DBNet). The model's output is the probability map.

Writes model.onnx, input_0.npy and meta.json; tools/models/make_dbnet_tiny.sh adds ONNX
Runtime's output_0.npy. Deterministic: a rerun writes the same bytes (torch on CPU, one thread).

Usage: python3 tools/models/make_dbnet_tiny.py [--out=DIR] [--size=N]
"""

import argparse
import json
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, k, stride, groups=1, act="hardswish"):
    layers = [nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act == "hardswish":
        layers.append(nn.Hardswish())
    elif act == "relu":
        layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class SqueezeExcite(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.reduce = nn.Conv2d(channels, channels // 4, 1)
        self.expand = nn.Conv2d(channels // 4, channels, 1)

    def forward(self, x):
        y = F.adaptive_avg_pool2d(x, 1)
        y = F.hardsigmoid(self.expand(F.relu(self.reduce(y))))
        return x * y


class InvertedResidual(nn.Module):
    def __init__(self, cin, mid, cout, k, stride, se, act):
        super().__init__()
        self.expand = conv_bn(cin, mid, 1, 1, act=act)
        self.depthwise = conv_bn(mid, mid, k, stride, groups=mid, act=act)
        self.se = SqueezeExcite(mid) if se else nn.Identity()
        self.project = conv_bn(mid, cout, 1, 1, act=None)
        self.residual = cin == cout and stride == 1

    def forward(self, x):
        y = self.project(self.se(self.depthwise(self.expand(x))))
        return x + y if self.residual else y


class DBNetTiny(nn.Module):
    def __init__(self, neck=32):
        super().__init__()
        self.stem = conv_bn(3, 8, 3, 2)
        self.stage2 = nn.Sequential(InvertedResidual(8, 16, 16, 3, 2, False, "relu"),
                                    InvertedResidual(16, 32, 16, 3, 1, False, "relu"))
        self.stage3 = nn.Sequential(InvertedResidual(16, 48, 24, 5, 2, True, "relu"),
                                    InvertedResidual(24, 64, 24, 5, 1, True, "relu"))
        self.stage4 = nn.Sequential(InvertedResidual(24, 96, 40, 3, 2, False, "hardswish"),
                                    InvertedResidual(40, 96, 40, 3, 1, True, "hardswish"))
        self.stage5 = InvertedResidual(40, 128, 64, 5, 2, True, "hardswish")
        self.in2 = nn.Conv2d(16, neck, 1, bias=False)
        self.in3 = nn.Conv2d(24, neck, 1, bias=False)
        self.in4 = nn.Conv2d(40, neck, 1, bias=False)
        self.in5 = nn.Conv2d(64, neck, 1, bias=False)
        self.p2 = nn.Conv2d(neck, neck // 4, 3, padding=1, bias=False)
        self.p3 = nn.Conv2d(neck, neck // 4, 3, padding=1, bias=False)
        self.p4 = nn.Conv2d(neck, neck // 4, 3, padding=1, bias=False)
        self.p5 = nn.Conv2d(neck, neck // 4, 3, padding=1, bias=False)
        self.head_conv = nn.Conv2d(neck, neck // 4, 3, padding=1, bias=False)
        self.head_bn1 = nn.BatchNorm2d(neck // 4)
        self.head_up1 = nn.ConvTranspose2d(neck // 4, neck // 4, 2, 2)
        self.head_bn2 = nn.BatchNorm2d(neck // 4)
        self.head_up2 = nn.ConvTranspose2d(neck // 4, 1, 2, 2)

    def forward(self, x):
        c2 = self.stage2(self.stem(x))
        c3 = self.stage3(c2)
        c4 = self.stage4(c3)
        c5 = self.stage5(c4)
        i5 = self.in5(c5)
        i4 = self.in4(c4) + F.interpolate(i5, scale_factor=2, mode="nearest")
        i3 = self.in3(c3) + F.interpolate(i4, scale_factor=2, mode="nearest")
        i2 = self.in2(c2) + F.interpolate(i3, scale_factor=2, mode="nearest")
        p5 = F.interpolate(self.p5(i5), scale_factor=8, mode="nearest")
        p4 = F.interpolate(self.p4(i4), scale_factor=4, mode="nearest")
        p3 = F.interpolate(self.p3(i3), scale_factor=2, mode="nearest")
        fused = torch.cat([p5, p4, p3, self.p2(i2)], 1)
        y = F.relu(self.head_bn1(self.head_conv(fused)))
        y = F.relu(self.head_bn2(self.head_up1(y)))
        return torch.sigmoid(self.head_up2(y))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="tests/models/dbnet_tiny")
    parser.add_argument("--size", type=int, default=128, help="input height and width")
    args = parser.parse_args()

    torch.manual_seed(15)
    torch.set_num_threads(1)
    model = DBNetTiny()
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.weight.uniform_(0.5, 2.0)
                module.bias.uniform_(-1.0, 1.0)
                module.momentum = None  # cumulative average over the calibration passes
        # The trained head: a drifted bias in front of head_bn2, positive upsampling weights.
        model.head_up1.bias.uniform_(500.0, 1500.0)
        model.head_up1.weight.abs_()
    model.train()
    with torch.no_grad():
        for _ in range(4):
            model(torch.rand(2, 3, args.size, args.size) * 2 - 1)
    model.eval()

    x = torch.rand(1, 3, args.size, args.size) * 2 - 1
    with torch.no_grad():
        y = model(x)
    os.makedirs(args.out, exist_ok=True)
    np.save(os.path.join(args.out, "input_0.npy"), x.numpy())
    path = os.path.join(args.out, "model.onnx")
    # TrainingMode.PRESERVE of a model in eval mode: an inference export without torch's
    # Conv + BatchNormalization fusion, every batch norm a node as in paddle2onnx's exports.
    torch.onnx.export(model, x, path, opset_version=11, input_names=["x"], output_names=["maps"],
                      training=torch.onnx.TrainingMode.PRESERVE, do_constant_folding=True)

    import onnx  # only for the summary

    onnx_model = onnx.load(path)
    ops = {}
    for node in onnx_model.graph.node:
        ops[node.op_type] = ops.get(node.op_type, 0) + 1
    bn2 = model.head_bn2
    offset = (bn2.running_mean.abs() / torch.sqrt(bn2.running_var + bn2.eps)).max().item()
    meta = {
        "name": "dbnet_tiny",
        "source": "tools/models/make_dbnet_tiny.py (torch %s), batch norm statistics from data" %
                  torch.__version__.split("+")[0],
        "note": "DBNet-style detector (MobileNetV3-like backbone, DB-FPN, DB head); head_bn2 "
                "removes a per-channel offset of up to %.0f standard deviations" % offset,
        "params": sum(p.numel() for p in model.parameters()),
        "file_bytes": os.path.getsize(path),
        "ops": dict(sorted(ops.items())),
        "opset": 11,
        "inputs": [{"name": "x", "shape": list(x.shape), "dtype": "float32", "file": "input_0.npy"}],
        "outputs": [{"name": "maps", "shape": list(y.shape)}],
        "torch_output_stats": {"mean": y.mean().item(), "min": y.min().item(), "max": y.max().item()},
    }
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
