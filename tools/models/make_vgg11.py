#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Builds a VGG-11-sized classifier (the "large model" of issue 15): eight 3x3 convolutions with
# 64, 128, 256, 256, 512, 512, 512, 512 output channels and five 2x2 max pools, then three fully
# connected layers 25088 -> 4096 -> 4096 -> 1000, about 133 M parameters (531 MB of FP32 weights).
# The weights are random (seeded); the model is exported to ONNX, opset 13, input 1x3x224x224.
# torchvision's vgg11 is used when it is installed, the same network built by hand otherwise.
# The model is not committed: tools/bench_large_model.sh builds it into a scratch directory.
#
# Writes OUT/model.onnx and OUT/input_0.npy (float32,
# numpy.random.RandomState(0).standard_normal((1, 3, 224, 224))).
#
# Usage: /usr/bin/python3 tools/models/make_vgg11.py --out DIR

import argparse
import os

import numpy as np
import torch
import torch.nn as nn

CONV_CHANNELS = [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"]


def build_by_hand():
    """VGG-11 (configuration "A" of Simonyan and Zisserman) without batch norm."""
    layers = []
    in_channels = 3
    for item in CONV_CHANNELS:
        if item == "M":
            layers.append(nn.MaxPool2d(kernel_size=2, stride=2))
        else:
            layers += [nn.Conv2d(in_channels, item, kernel_size=3, padding=1), nn.ReLU(inplace=True)]
            in_channels = item
    return nn.Sequential(
        *layers,
        nn.Flatten(),
        nn.Linear(512 * 7 * 7, 4096),
        nn.ReLU(inplace=True),
        nn.Linear(4096, 4096),
        nn.ReLU(inplace=True),
        nn.Linear(4096, 1000),
    )


def build():
    try:
        import torchvision

        # Dropout is inactive in eval mode; the avgpool of a 7x7 map to 7x7 exports as an
        # identity-sized pooling, which the hand-built variant leaves out.
        return torchvision.models.vgg11(weights=None), "torchvision.models.vgg11"
    except ImportError:
        return build_by_hand(), "built by hand"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="output directory")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    torch.manual_seed(0)
    model, origin = build()
    model.eval()
    shape = (1, 3, 224, 224)
    x = np.random.RandomState(0).standard_normal(shape).astype(np.float32)
    np.save(os.path.join(args.out, "input_0.npy"), x)
    path = os.path.join(args.out, "model.onnx")
    with torch.no_grad():
        torch.onnx.export(model, torch.from_numpy(x), path, opset_version=13,
                          input_names=["input"], output_names=["logits"])
    params = sum(p.numel() for p in model.parameters())
    print(f"{path}: VGG-11 ({origin}), {params} parameters, "
          f"{os.path.getsize(path) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
