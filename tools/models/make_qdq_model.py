#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Builds a small INT8 QDQ test model and its FP32 original, the way the shared mobilenet_v2_qdq
# was made: a network with random (seeded) weights whose BatchNorm statistics are re-estimated on
# random inputs, exported to ONNX in FP32, then quantized after training with torch FX and the
# onednn qconfig (u8 per-tensor activations with a histogram observer, i8 per-channel symmetric
# weights) and exported to ONNX as QuantizeLinear / DequantizeLinear pairs around float layers.
#
# Writes, for --arch resnet|regnet:
#   OUT/model.onnx        the QDQ model (opset 13, batch 1, fixed shapes)
#   OUT/input_0.npy       float32, numpy.random.RandomState(0).standard_normal(shape)
#   OUT/meta.json         input/output names and shapes, op types with counts, params, MACs
#   OUT/fp32/model.onnx   the FP32 original (--fp32-out to put it elsewhere)
#   OUT/fp32/meta.json
#   WORK/torch_qdq_output_0.npy, WORK/torch_fp32_output_0.npy   torch's own outputs on input_0
#                         (for a sanity check against ONNX Runtime; not test references)
# The ONNX Runtime references (output_0.npy ...) come from tools/models/ort_reference.mjs;
# tools/models/make_qdq_models.sh runs both steps for every test model.
#
# The quantized network is the one torch's convert_fx makes (quantized modules): torch 1.13
# cannot export the reference representation (convert_to_reference_fx) to ONNX, while its ONNX
# export of the quantized modules writes exactly the QDQ form (DequantizeLinear -> float layer ->
# QuantizeLinear, i8 per-channel weights and i32 biases through DequantizeLinear). The export
# leaves constants as Constant / Identity / ConstantOfShape / Cast nodes and a no-op Cast to u8
# after each QuantizeLinear; fold_constants() turns them into initializers, as in
# mobilenet_v2_qdq.
#
# Usage: /usr/bin/python3 tools/models/make_qdq_model.py --arch resnet --out tests/models/resnet_tiny_qdq

import argparse
import collections
import json
import os
import tempfile

import numpy as np
import onnx
import torch
import torch.nn as nn
from onnx import numpy_helper
from torch.ao.quantization import get_default_qconfig_mapping
from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx

# ---------------------------------------------------------------------------------------------
# The networks


class BasicBlock(nn.Module):
    """ResNet's BasicBlock: 3x3 conv, BN, ReLU, 3x3 conv, BN, + shortcut, ReLU."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.relu1 = nn.ReLU()
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
        self.relu2 = nn.ReLU()

    def forward(self, x):
        y = self.relu1(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        shortcut = x if self.downsample is None else self.downsample(x)
        return self.relu2(y + shortcut)


class ResNetTiny(nn.Module):
    """ResNet-18's layout (stem, max pool, 4 stages of 2 BasicBlocks, global pool, FC) with
    widths 16/32/64/128 and a 3x3 stride-2 stem."""

    def __init__(self, widths=(16, 32, 64, 128), depths=(2, 2, 2, 2), num_classes=1000):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, widths[0], 3, 2, 1, bias=False), nn.BatchNorm2d(widths[0]), nn.ReLU())
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        stages = []
        cin = widths[0]
        for i, (w, d) in enumerate(zip(widths, depths)):
            blocks = []
            for j in range(d):
                blocks.append(BasicBlock(cin, w, 2 if (j == 0 and i > 0) else 1))
                cin = w
            stages.append(nn.Sequential(*blocks))
        self.stages = nn.Sequential(*stages)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(cin, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    def forward(self, x):
        x = self.stages(self.maxpool(self.stem(x)))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def regnet_tiny(num_classes=1000):
    """torchvision's RegNet (X blocks: 1x1 conv, 3x3 group conv of group width 8, 1x1 conv,
    residual add with a 1x1 stride-2 projection where the shape changes; stem conv 3x3 stride
    2) with widths 16/32/64/128 and depths 1/2/4/2."""
    from torchvision.models.regnet import BlockParams, RegNet

    params = BlockParams.from_init_params(depth=9, w_0=16, w_a=12, w_m=2.0, group_width=8)
    return RegNet(params, num_classes=num_classes, stem_width=16)


def torchvision_model(name):
    """A torchvision classification network by name (random weights, 1000 classes)."""

    def build():
        import torchvision.models

        return getattr(torchvision.models, name)()

    return build


ARCHS = {
    "resnet": ("resnet_tiny", ResNetTiny,
               "ResNet-18 layout, BasicBlocks, widths 16/32/64/128, 3x3 stride-2 stem + max pool"),
    # Full-size torchvision networks, for validating the INT8 path beyond the test models
    # (docs/int8.md); too large to carry in the repository.
    "resnet18": ("resnet18", torchvision_model("resnet18"), "torchvision resnet18"),
    "resnet50": ("resnet50", torchvision_model("resnet50"), "torchvision resnet50"),
    "regnet_x_400mf": ("regnet_x_400mf", torchvision_model("regnet_x_400mf"),
                       "torchvision regnet_x_400mf"),
    "regnet_y_400mf": ("regnet_y_400mf", torchvision_model("regnet_y_400mf"),
                       "torchvision regnet_y_400mf (squeeze-excitation blocks)"),
    "regnet": ("regnet_tiny", regnet_tiny,
               "torchvision RegNet X blocks, BlockParams(depth=9, w_0=16, w_a=12, w_m=2.0, "
               "group_width=8): widths 16/32/64/128, depths 1/2/4/2, stem width 16"),
}

# ---------------------------------------------------------------------------------------------
# Random init with realistic activations


def randomize_and_recalibrate_bn(model, shape, gen, batches=8, batch_size=8):
    """Gives each BatchNorm a random affine transform (gamma in [0.5, 1.5], beta ~ N(0, 0.1^2)),
    then re-estimates its running statistics on random-normal inputs (cumulative average), so
    that every layer's activations have a realistic range in eval mode. Returns the number of
    BatchNorm layers."""
    bns = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
    with torch.no_grad():
        for bn in bns:
            bn.weight.copy_(torch.rand(bn.num_features, generator=gen) + 0.5)
            bn.bias.copy_(torch.randn(bn.num_features, generator=gen) * 0.1)
            bn.reset_running_stats()
            bn.momentum = None
        model.train()
        for _ in range(batches):
            model(torch.randn((batch_size,) + tuple(shape[1:]), generator=gen))
    model.eval()
    return len(bns)


# ---------------------------------------------------------------------------------------------
# ONNX clean-up and statistics


def fold_constants(model):
    """Turns the exporter's Constant nodes, and Identity / ConstantOfShape / Cast nodes on
    constants, into initializers, and drops the no-op Cast after a QuantizeLinear (to the type
    of its zero point). Node order is topological, so one pass folds every chain."""
    g = model.graph
    consts = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    producer = {}
    rename = {}
    kept = []
    for n in g.node:
        for i, name in enumerate(n.input):
            if name in rename:
                n.input[i] = rename[name]
        attrs = {a.name: onnx.helper.get_attribute_value(a) for a in n.attribute}
        out = n.output[0] if n.output else None
        if n.op_type == "Constant":
            consts[out] = numpy_helper.to_array(attrs["value"])
            continue
        if n.op_type == "Identity" and n.input[0] in consts:
            rename[out] = n.input[0]
            continue
        if n.op_type == "ConstantOfShape" and n.input[0] in consts:
            value = numpy_helper.to_array(attrs["value"]) if "value" in attrs else np.zeros(
                1, np.float32)
            consts[out] = np.full(consts[n.input[0]].astype(np.int64), value.reshape(-1)[0],
                                  dtype=value.dtype)
            continue
        if n.op_type == "Cast":
            to = onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[attrs["to"]]
            if n.input[0] in consts:
                consts[out] = consts[n.input[0]].astype(to)
                continue
            src = producer.get(n.input[0])
            if (src is not None and src.op_type == "QuantizeLinear" and len(src.input) > 2 and
                    src.input[2] in consts and consts[src.input[2]].dtype == to):
                rename[out] = n.input[0]
                continue
        for o in n.output:
            producer[o] = n
        kept.append(n)
    graph_outputs = {o.name for o in g.output}
    assert not graph_outputs & set(rename), "a graph output was folded away"
    used = {i for n in kept for i in n.input} | graph_outputs
    del g.node[:]
    g.node.extend(kept)
    del g.initializer[:]
    g.initializer.extend(
        numpy_helper.from_array(np.asarray(consts[name]), name) for name in sorted(consts)
        if name in used)
    # The folded names may have stale value_info entries; shape inference redoes them.
    del g.value_info[:]
    return onnx.shape_inference.infer_shapes(model)


def onnx_stats(model):
    """Op counts (most frequent first), MACs of Conv / Gemm / MatMul and the weight count."""
    g = model.graph
    inferred = onnx.shape_inference.infer_shapes(model)
    shapes = {}
    for vi in list(inferred.graph.value_info) + list(inferred.graph.input) + list(
            inferred.graph.output):
        shapes[vi.name] = [d.dim_value for d in vi.type.tensor_type.shape.dim]
    for t in g.initializer:
        shapes[t.name] = list(t.dims)
    ops = collections.Counter(n.op_type for n in g.node)
    macs = 0
    unknown = 0
    for n in g.node:
        try:
            if n.op_type == "Conv":
                w = shapes[n.input[1]]
                macs += int(np.prod(shapes[n.output[0]])) * int(np.prod(w[1:]))
            elif n.op_type in ("Gemm", "MatMul"):
                a = shapes[n.input[0]]
                macs += int(np.prod(shapes[n.output[0]])) * a[-1]
        except KeyError:
            unknown += 1
    weights = sum(int(np.prod(t.dims)) for t in g.initializer)
    return dict(sorted(ops.items(), key=lambda kv: (-kv[1], kv[0]))), macs, unknown, weights


def write_meta(path, model_path, name, source, note, params, bns, extra):
    model = onnx.load(model_path)
    ops, macs, unknown, weights = onnx_stats(model)
    g = model.graph
    meta = {
        "name": name,
        "source": source,
        "note": note,
        "params": params,
        "bn_layers_recalibrated": bns,
        "file_bytes": os.path.getsize(model_path),
        "onnx_weights": weights,
        "n_nodes": len(g.node),
        "ops": ops,
        "macs": macs,
        "macs_unknown_nodes": unknown,
        "opset": [[o.domain or "ai.onnx", o.version] for o in model.opset_import],
        "ir_version": model.ir_version,
        "inputs": [{
            "name": i.name,
            "shape": [d.dim_value for d in i.type.tensor_type.shape.dim],
            "dtype": "float32",
            "file": "input_0.npy",
        } for i in g.input],
        "outputs": [{
            "name": o.name,
            "shape": [d.dim_value for d in o.type.tensor_type.shape.dim],
        } for o in g.output],
    }
    meta.update(extra)
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


def cosine(a, b):
    a = a.reshape(-1).astype(np.float64)
    b = b.reshape(-1).astype(np.float64)
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def stats(a):
    return {"mean": float(a.mean()), "std": float(a.std()), "absmax": float(np.abs(a).max())}


# ---------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(
        description="Builds a small INT8 QDQ test model (torch FX PTQ, onednn qconfig) and its "
        "FP32 original.")
    parser.add_argument("--arch", required=True, choices=sorted(ARCHS))
    parser.add_argument("--out", required=True, help="directory of the QDQ model")
    parser.add_argument("--fp32-out", help="directory of the FP32 original (default OUT/fp32)")
    parser.add_argument("--work", help="where torch's outputs go (default: a new temp dir)")
    parser.add_argument("--name", help="model name (default <arch>_tiny_qdq)")
    parser.add_argument("--input-size", type=int, default=128)
    parser.add_argument("--calibration", type=int, default=16, help="random calibration inputs")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    base, build, description = ARCHS[args.arch]
    name = args.name or base + "_qdq"
    out = args.out
    fp32_out = args.fp32_out or os.path.join(out, "fp32")
    work = args.work or tempfile.mkdtemp(prefix=name + ".")
    for d in (out, fp32_out, work):
        os.makedirs(d, exist_ok=True)

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(args.seed)
    shape = (1, 3, args.input_size, args.input_size)
    x_np = np.random.RandomState(0).standard_normal(shape).astype(np.float32)
    np.save(os.path.join(out, "input_0.npy"), x_np)
    x = torch.from_numpy(x_np)

    # FP32 original.
    model = build()
    bns = randomize_and_recalibrate_bn(model, shape, gen)
    params = sum(p.numel() for p in model.parameters())
    with torch.no_grad():
        fp32_ref = model(x).numpy()
    fp32_path = os.path.join(fp32_out, "model.onnx")
    torch.onnx.export(model, (x,), fp32_path, opset_version=13, input_names=["input"],
                      output_names=["output"], do_constant_folding=True)
    np.save(os.path.join(work, "torch_fp32_output_0.npy"), fp32_ref)
    write_meta(os.path.join(fp32_out, "meta.json"), fp32_path, base,
               "torch %s %s, random init" % (torch.__version__, description), "", params, bns, {
                   "torch_output_stats": [stats(fp32_ref)],
               })

    # Post-training quantisation: torch FX, onednn qconfig, calibrated on random inputs.
    torch.backends.quantized.engine = "onednn"
    prepared = prepare_fx(model, get_default_qconfig_mapping("onednn"), (x,))
    with torch.no_grad():
        for _ in range(args.calibration):
            prepared(torch.randn(shape, generator=gen))
    quantized = convert_fx(prepared)
    with torch.no_grad():
        qdq_ref = quantized(x).numpy()
    qdq_path = os.path.join(out, "model.onnx")
    torch.onnx.export(quantized, (x,), qdq_path, opset_version=13, input_names=["input"],
                      output_names=["output"], do_constant_folding=True)
    qdq = fold_constants(onnx.load(qdq_path))
    onnx.checker.check_model(qdq, full_check=True)
    onnx.save(qdq, qdq_path)
    np.save(os.path.join(work, "torch_qdq_output_0.npy"), qdq_ref)
    write_meta(
        os.path.join(out, "meta.json"), qdq_path, name,
        "torch FX PTQ (onednn qconfig) of %s" % base,
        "int8 QDQ of %s (uint8 per-tensor activations, int8 per-channel symmetric weights, int32 "
        "bias), calibrated on %d random-normal samples; FP32 original in %s/" %
        (base, args.calibration, os.path.relpath(fp32_out, out)), params, bns, {
            "torch_output_stats": [stats(qdq_ref)],
        })

    print("%s: QDQ %s (%.2f MB), FP32 %s (%.2f MB); torch outputs in %s" %
          (name, qdq_path, os.path.getsize(qdq_path) / 1e6, fp32_path,
           os.path.getsize(fp32_path) / 1e6, work))
    print("%s: torch quantized vs torch FP32: cosine %.6f" % (name, cosine(qdq_ref, fp32_ref)))


if __name__ == "__main__":
    main()
