#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Rewrites the supported-ONNX-op list of docs/onnx_ops.md (between `<!-- onnx-ops:begin -->` and
# `<!-- onnx-ops:end -->`) and the op-type count of README.md (the line starting "N ONNX op
# types of the default domain") from the output of `vpuc-translate --list-onnx-ops`, which is
# generated from the importer's op table: a count line, then the table. The count line is
#
#   N ONNX op types of the default domain, in M rows (an op type imported differently in
#   different opsets has one row per opset range).
#
# (one line), where M is the number of table rows and N the number of distinct op types in
# them. //frontend/onnx/test:lit (onnx_op_list.test) builds the same count line and table from
# --list-onnx-ops and fails while the file differs.
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
TABLE="$table" /usr/bin/python3 - docs/onnx_ops.md README.md <<'PY'
import os
import re
import sys

path, readme = sys.argv[1], sys.argv[2]
begin, end = "<!-- onnx-ops:begin -->", "<!-- onnx-ops:end -->"
table = os.environ["TABLE"].strip("\n")
# The first two lines are the header and the rule; the op type is the first cell of a row.
rows = [line for line in table.split("\n")[2:] if line.strip()]
types = {line.split("|")[1].strip() for line in rows}
# Keep this sentence identical to the one frontend/onnx/test/onnx_op_list.test builds.
count = (
    "%d ONNX op types of the default domain, in %d rows (an op type imported differently in "
    "different opsets has one row per opset range)." % (len(types), len(rows))
)
with open(path) as f:
    text = f.read()
if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
    sys.exit("%s: expected one '%s' line before one '%s' line" % (path, begin, end))
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
updated = head + begin + "\n\n" + count + "\n\n" + table + "\n\n" + end + tail
if updated != text:
    with open(path, "w") as f:
        f.write(updated)
    print("%s: supported ONNX op list updated (%s)" % (path, count.split(",")[0]))
else:
    print("%s: supported ONNX op list is up to date" % path)

# The README states the op-type count at the start of a line, in the count line's words.
with open(readme) as f:
    text = f.read()
pattern = re.compile(r"^\d+ ONNX op types of the default domain", re.M)
if len(pattern.findall(text)) != 1:
    sys.exit("%s: expected one line starting 'N ONNX op types of the default domain'" % readme)
updated = pattern.sub("%d ONNX op types of the default domain" % len(types), text)
if updated != text:
    with open(readme, "w") as f:
        f.write(updated)
    print("%s: op type count updated to %d" % (readme, len(types)))
PY
