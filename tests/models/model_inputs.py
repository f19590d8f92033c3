#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes a model's inputs as one .npz archive keyed by the network's input names.

A model directory holds meta.json, whose "inputs" list gives each input's name and the .npy
file holding its value (e.g. {"name": "x", "file": "input_0.npy"}). `vpuc run` takes the
inputs of a blob by name from an .npz archive; this script builds that archive.

Usage: model_inputs.py MODEL_DIR OUT.npz
"""

import json
import os
import sys

import numpy as np


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: model_inputs.py MODEL_DIR OUT.npz\n")
        return 2
    model_dir, out_path = argv[1], argv[2]
    meta_path = os.path.join(model_dir, "meta.json")
    try:
        with open(meta_path) as f:
            inputs = json.load(f)["inputs"]
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("model_inputs.py: cannot read the inputs of %s: %s\n" % (meta_path, e))
        return 1
    arrays = {}
    for index, entry in enumerate(inputs):
        file_name = entry.get("file", "input_%d.npy" % index)
        try:
            arrays[entry["name"]] = np.load(os.path.join(model_dir, file_name))
        except (OSError, ValueError, KeyError) as e:
            sys.stderr.write("model_inputs.py: input %d of %s: %s\n" % (index, meta_path, e))
            return 1
    np.savez(out_path, **arrays)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
