#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""INT8 accuracy report of `vpuc quantize`: for each FP32 model directory (model.onnx,
input_0.npy, output_0.npy = ONNX Runtime's FP32 output), draws N calibration inputs like the
stored input (normal with its mean and standard deviation, per input), quantizes the model with
each method, compiles the QDQ model (default: VPUX37XX, default_hw), runs the blob on the
emulator with the stored input and prints a Markdown table: the cosine similarity of the output
to ONNX Runtime's FP32 output, the precision line of the compile summary and the emulated
latency. With --ort=DIR (an onnxruntime-node install) it also checks that ONNX Runtime runs each
QDQ model (tools/models/ort_reference.mjs) and reports that output's cosine.

Usage: quantize_report.py VPUC MODEL_DIR... [--methods minmax,percentile,mse,kl,auto]
       [--samples 16] [--arch VPUX37XX] [--mode default_hw] [--ort DIR] [--keep DIR]
Exit status 0 when every row was measured, 1 when a step failed (the row says which).
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile

import numpy as np


def cosine(a, b):
    a = a.astype(np.float64).ravel()
    b = b.astype(np.float64).ravel()
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def first_array(path):
    data = np.load(path)
    if isinstance(data, np.ndarray):
        return data
    return data[data.files[0]]


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{os.path.basename(cmd[0])} {cmd[1]}: " +
                           (result.stderr.strip().splitlines() or ["failed"])[-1])
    return result.stdout


def make_samples(model_dir, out_dir, count):
    import onnx
    model = onnx.load(os.path.join(model_dir, "model.onnx"), load_external_data=False)
    initializers = {i.name for i in model.graph.initializer}
    inputs = [i.name for i in model.graph.input if i.name not in initializers]
    stored = np.load(os.path.join(model_dir, "input_0.npy"))
    if len(inputs) != 1:
        raise RuntimeError(f"{len(inputs)} inputs; the report draws one")
    rng = np.random.default_rng(2026)
    for i in range(count):
        if np.issubdtype(stored.dtype, np.floating):
            sample = rng.normal(stored.mean(), stored.std(), stored.shape).astype(stored.dtype)
        else:
            sample = rng.integers(stored.min(), stored.max() + 1, stored.shape).astype(stored.dtype)
        np.savez(os.path.join(out_dir, f"sample_{i:03d}.npz"), **{inputs[0]: sample})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vpuc")
    parser.add_argument("models", nargs="+")
    parser.add_argument("--methods", default="minmax,percentile,mse,kl,auto")
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--arch", default="VPUX37XX")
    parser.add_argument("--mode", default="default_hw")
    parser.add_argument("--ort", help="an onnxruntime-node install directory")
    parser.add_argument("--keep", help="keep the QDQ models in this directory")
    args = parser.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    print(f"INT8 accuracy report: vpuc quantize, {args.samples} calibration inputs, "
          f"{args.arch} {args.mode}, {datetime.date.today()}\n")
    ort_column = " ONNX Runtime on the QDQ model |" if args.ort else ""
    print(f"| model | method | cosine to FP32 |{ort_column} latency (us) | precision |")
    print("|---|---|---:|" + ("---:|" if args.ort else "") + "---:|---|")
    status = 0
    for model_dir in args.models:
        name = os.path.basename(os.path.normpath(model_dir))
        with tempfile.TemporaryDirectory() as work:
            calibration = os.path.join(work, "calibration")
            os.makedirs(calibration)
            try:
                make_samples(model_dir, calibration, args.samples)
            except Exception as error:  # noqa: BLE001 - reported in the row
                print(f"| {name} | | error: {error} |")
                status = 1
                continue
            reference = first_array(os.path.join(model_dir, "output_0.npy"))
            for method in args.methods.split(","):
                qdq = os.path.join(args.keep or work, f"{name}.{method}.onnx")
                blob = os.path.join(work, "model.blob")
                out = os.path.join(work, "out.npz")
                try:
                    run([args.vpuc, "quantize", os.path.join(model_dir, "model.onnx"),
                         "--calibration-data", calibration, "--method", method, "-o", qdq])
                    summary = run([args.vpuc, "compile", qdq, "--arch", args.arch, "--mode",
                                   args.mode, "-o", blob, "--progress=never"])
                    precision = re.search(r"precision:\s*(.*)", summary)
                    ran = run([args.vpuc, "run", blob, "--inputs",
                               os.path.join(model_dir, "input_0.npy"), "-o", out])
                    latency = re.search(r"ran \d+ tasks in ([0-9.]+) us", ran)
                    row = f"| {name} | {method} | {cosine(first_array(out), reference):.5f} |"
                    if args.ort:
                        ort_out = os.path.join(work, "ort.npy")
                        run(["node", os.path.join(repo, "tools/models/ort_reference.mjs"),
                             f"--ort={args.ort}", qdq, os.path.join(model_dir, "input_0.npy"),
                             ort_out])
                        row += f" {cosine(first_array(ort_out), reference):.5f} |"
                    row += (f" {latency.group(1) if latency else '?'} |"
                            f" {precision.group(1) if precision else '?'} |")
                    print(row)
                except RuntimeError as error:
                    print(f"| {name} | {method} | error: {error} |")
                    status = 1
                sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
