#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Rewrites the supported-ONNX-op table of README.md (between `<!-- onnx-ops:begin -->` and
# `<!-- onnx-ops:end -->`) with the output of `vpuc-translate --list-onnx-ops`, which is
# generated from the importer's op table. //frontend/onnx/test:lit (onnx_op_list.test) fails
# while the two differ.
#
# Usage: tools/update_onnx_op_list.sh [path/to/vpuc-translate]
# Without an argument, builds //tools/vpuc-translate with tools/bazel.sh and uses bazel-bin's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ $# -ge 1 ]; then
  translate="$1"
else
  tools/bazel.sh build //tools/vpuc-translate
  translate="bazel-bin/tools/vpuc-translate/vpuc-translate"
fi

table="$("$translate" --list-onnx-ops)"
TABLE="$table" /usr/bin/python3 - README.md <<'PY'
import os
import sys

path = sys.argv[1]
begin, end = "<!-- onnx-ops:begin -->", "<!-- onnx-ops:end -->"
with open(path) as f:
    text = f.read()
if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
    sys.exit("%s: expected one '%s' line before one '%s' line" % (path, begin, end))
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
updated = head + begin + "\n\n" + os.environ["TABLE"].strip("\n") + "\n\n" + end + tail
if updated != text:
    with open(path, "w") as f:
        f.write(updated)
    print("%s: supported ONNX op table updated" % path)
else:
    print("%s: supported ONNX op table is up to date" % path)
PY
