"""Builds the conv nets the default-HW mode is measured on beyond the shared models (issue 13's
"unseen" ResNet-50-, EfficientNet-, RegNet-, MobileNetV3- and U-Net-style networks), with torch.

Usage: make_torch_nets.py OUT_DIR [--extra | --large | --holdout | --holdout41] -> OUT_DIR/<name>/model.onnx and input_0.npy for every
network (torch and torchvision: `tools/setup.sh --model-tools`); ONNX Runtime's output_0.npy then comes from tools/models/ort_reference.mjs, and
tools/bench_modes.sh OUT_DIR measures them (docs/cost_model.md).

The torchvision networks (resnet50, efficientnet_b0, mobilenet_v3_large, regnet_y_400mf) have
random weights; their BatchNorm statistics are calibrated on four random batches in train mode,
so that activations keep a normal range (with the default statistics EfficientNet's activations
shrink below FP16's range). `unet16` is a 4-level U-Net (16 to 128 channels, 160x160 input,
ConvTranspose upsampling twice and one bilinear Resize, skip concatenations). All are exported at
opset 13 (hard swish is then `x * HardSigmoid(x)`).
"""
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torchvision


def block(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                         nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU())


class UNet(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.e1, self.e2, self.e3 = block(3, c), block(c, 2 * c), block(2 * c, 4 * c)
        self.b = block(4 * c, 8 * c)
        self.u3, self.d3 = nn.ConvTranspose2d(8 * c, 4 * c, 2, 2), block(8 * c, 4 * c)
        self.u2, self.d2 = nn.ConvTranspose2d(4 * c, 2 * c, 2, 2), block(4 * c, 2 * c)
        self.u1 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.d1, self.head, self.pool = block(3 * c, c), nn.Conv2d(c, 2, 1), nn.MaxPool2d(2)

    def forward(self, x):
        e1 = self.e1(x)
        e2 = self.e2(self.pool(e1))
        e3 = self.e3(self.pool(e2))
        b = self.b(self.pool(e3))
        d3 = self.d3(torch.cat([self.u3(b), e3], 1))
        d2 = self.d2(torch.cat([self.u2(d3), e2], 1))
        return self.head(self.d1(torch.cat([self.u1(d2), e1], 1)))


def calibrated(net, shape):
    """`net` in eval mode after its BatchNorm statistics saw four random batches."""
    net.train()
    with torch.no_grad():
        for _ in range(4):
            net(torch.randn(8, *shape[1:]))
    return net.eval()


def export(nets, out):
    """Exports every network of `nets` (name -> (constructor, input shape)) into `out`."""
    for name, (ctor, shape) in nets.items():
        net = calibrated(ctor(), shape)
        x = torch.randn(*shape)
        os.makedirs(os.path.join(out, name), exist_ok=True)
        torch.onnx.export(net, x, os.path.join(out, name, "model.onnx"), opset_version=13,
                          input_names=["input"], output_names=["output"])
        np.save(os.path.join(out, name, "input_0.npy"), x.numpy())
        print(name, "->", os.path.join(out, name))


# The sets of networks by command-line flag (None: the default set), each with its seed.
SETS = {
    None: (3, {
        "resnet50": (torchvision.models.resnet50, [1, 3, 224, 224]),
        "effnet_b0": (torchvision.models.efficientnet_b0, [1, 3, 224, 224]),
        "mnv3_large": (torchvision.models.mobilenet_v3_large, [1, 3, 224, 224]),
        "regnet_y_400mf": (torchvision.models.regnet_y_400mf, [1, 3, 224, 224]),
        "unet16": (UNet, [1, 3, 160, 160]),
    }),
    # More of the same families, at other sizes and widths (docs/cost_model.md).
    "--extra": (5, {
        "effnet_b1": (torchvision.models.efficientnet_b1, [1, 3, 240, 240]),
        "effnet_b0_192": (torchvision.models.efficientnet_b0, [1, 3, 192, 192]),
        "regnet_x_400mf": (torchvision.models.regnet_x_400mf, [1, 3, 224, 224]),
        "regnet_y_800mf": (torchvision.models.regnet_y_800mf, [1, 3, 224, 224]),
        "resnet101": (torchvision.models.resnet101, [1, 3, 224, 224]),
        "mnasnet1_0": (torchvision.models.mnasnet1_0, [1, 3, 224, 224]),
    }),
    # EfficientNets at the larger resolutions of their family, whose early stages do not fit the
    # CMX (vertical fusion: docs/cost_model.md).
    "--large": (7, {
        "effnet_b2": (torchvision.models.efficientnet_b2, [1, 3, 260, 260]),
        "effnet_b3": (torchvision.models.efficientnet_b3, [1, 3, 300, 300]),
        "effnet_b0_256": (torchvision.models.efficientnet_b0, [1, 3, 256, 256]),
    }),
    # Held out: networks no default-HW setting was tuned on, to check a change measured on the
    # sets above (docs/cost_model.md).
    "--holdout": (11, {
        "effnet_b0_240": (torchvision.models.efficientnet_b0, [1, 3, 240, 240]),
        "effnet_b1_272": (torchvision.models.efficientnet_b1, [1, 3, 272, 272]),
        "effnet_v2_s": (torchvision.models.efficientnet_v2_s, [1, 3, 224, 224]),
        "mnv3_small_256": (torchvision.models.mobilenet_v3_small, [1, 3, 256, 256]),
        "regnet_y_1_6gf": (torchvision.models.regnet_y_1_6gf, [1, 3, 224, 224]),
        "resnet34": (torchvision.models.resnet34, [1, 3, 224, 224]),
    }),
    # Held out in session 41: built after its default_hw changes, to check them
    # (docs/cost_model.md, "Software layers pipelined after layers with more weights").
    "--holdout41": (410, {
        "effnet_b1_256": (torchvision.models.efficientnet_b1, [1, 3, 256, 256]),
        "effnet_b0_320": (torchvision.models.efficientnet_b0, [1, 3, 320, 320]),
        "resnet50_320": (torchvision.models.resnet50, [1, 3, 320, 320]),
        "regnet_x_800mf": (torchvision.models.regnet_x_800mf, [1, 3, 224, 224]),
        "regnet_y_1_6gf_256": (torchvision.models.regnet_y_1_6gf, [1, 3, 256, 256]),
        "resnet152": (torchvision.models.resnet152, [1, 3, 224, 224]),
    }),
}


def main():
    out = sys.argv[1]
    flag = next((name for name in SETS if name and name in sys.argv[2:]), None)
    seed, nets = SETS[flag]
    torch.manual_seed(seed)
    export(nets, out)


if __name__ == "__main__":
    main()
