#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Packs the ONNX backend node tests named in a list into a tar archive.

Usage: make_cases.py CASES.txt OUT.tar

Generates the node tests of the installed onnx package (as tools/onnx_conformance.py does) into a
scratch directory and writes the named cases (one per line, `#` comments) into OUT.tar as
node/<case>/...; a name that is not a generated case is an error.
"""

import argparse
import os
import sys
import tarfile
import tempfile

import warnings

import numpy as np

# NumPy 1.24 removed aliases the test generators of onnx 1.12 still use (and warns about them).
warnings.filterwarnings("ignore", category=FutureWarning)
for _alias, _type in (("float", float), ("int", int), ("bool", bool), ("object", object)):
    if _alias not in np.__dict__:
        setattr(np, _alias, _type)

from onnx.backend.test import cmd_tools  # noqa: E402


def main():
    cases_path, out_path = sys.argv[1:3]
    with open(cases_path) as f:
        names = [line.split("#")[0].strip() for line in f]
    names = [n for n in names if n]
    with tempfile.TemporaryDirectory(prefix="onnx-node-tests-") as scratch:
        cmd_tools.generate_data(argparse.Namespace(output=scratch, op_type=None))
        missing = [n for n in names if not os.path.isdir(os.path.join(scratch, "node", n))]
        if missing:
            sys.exit("%s: no such ONNX backend node test: %s" % (cases_path, ", ".join(missing)))
        with tarfile.open(out_path, "w") as tar:
            for name in sorted(names):
                tar.add(os.path.join(scratch, "node", name), arcname="node/" + name)


if __name__ == "__main__":
    main()
