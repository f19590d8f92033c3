#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Packs the ONNX backend node tests named in lists into a tar archive.

Usage: make_cases.py CASES.txt... OUT.tar

Generates the node tests of the installed onnx package (as tools/onnx_conformance.py does) into a
scratch directory and writes the cases named in any of the lists (one per line, `#` comments)
into OUT.tar as node/<case>/...; a name that is not a generated case is an error.
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
    if len(sys.argv) < 3:
        sys.exit("usage: make_cases.py CASES.txt... OUT.tar")
    lists, out_path = sys.argv[1:-1], sys.argv[-1]
    names = {}
    for cases_path in lists:
        with open(cases_path) as f:
            for line in f:
                name = line.split("#")[0].strip()
                if name:
                    names.setdefault(name, cases_path)
    with tempfile.TemporaryDirectory(prefix="onnx-node-tests-") as scratch:
        cmd_tools.generate_data(argparse.Namespace(output=scratch, op_type=None))
        missing = ["%s (%s)" % (n, path) for n, path in sorted(names.items())
                   if not os.path.isdir(os.path.join(scratch, "node", n))]
        if missing:
            sys.exit("no such ONNX backend node test: %s" % ", ".join(missing))
        with tarfile.open(out_path, "w") as tar:
            for name in sorted(names):
                tar.add(os.path.join(scratch, "node", name), arcname="node/" + name)


if __name__ == "__main__":
    main()
