#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Runs the ONNX backend node tests through `vpuc infer` and reports the pass rate by cause.

The cases are those of the installed `onnx` package (`python3 -m onnx.backend.test.cmd_tools
generate-data`); without --data the script generates them into a scratch directory first. Each
case is `model.onnx` plus `test_data_set_0/{input,output}_N.pb`: the inputs are written to an .npz
keyed by graph input name, `vpuc infer` runs the model on it, and every output is compared with
the case's expected output (floating point: |actual - expected| <= atol + rtol * |expected|, NaN
equal to NaN, the tolerance of ONNX's own backend tests; integers and booleans: exact; shapes and
element types: equal).

A failure is put in one cause:
  refused opset         the importer refuses the model's opset
  unmapped op           the importer has no mapping for an op type (counted per op type)
  non-tensor I/O        a sequence, optional or map input or output (the interpreter runs tensors)
  error                 any other error of the import or the run (counted per first message)
  mismatch              the outputs differ (values, shape or element type)
  crash                 vpuc died of a signal: always a bug, listed case by case
  timeout               vpuc ran longer than --timeout seconds

The "core" set excludes the cases of training, string, sequence/optional and random-number
operators (issue 14's measure).

Usage:
  tools/onnx_conformance.py [--vpuc bazel-bin/tools/vpuc/vpuc] [--data DIR] [--jobs N]
                            [--markdown docs/onnx_conformance.md] [--filter REGEX] [--op-type OP]
                            [--expect-pass LIST] [--write-passes LIST]
With --expect-pass, the exit status is 1 when a case named in LIST (one per line, `#` comments)
does not pass; --write-passes writes the list of passing cases.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import warnings
import zipfile

import numpy as np

# NumPy 1.24 removed aliases the test generators of onnx 1.12 still use (and warns about them).
warnings.filterwarnings("ignore", category=FutureWarning)
for _alias, _type in (("float", float), ("int", int), ("bool", bool), ("object", object)):
    if _alias not in np.__dict__:
        setattr(np, _alias, _type)

import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402

# Op types whose cases are outside the "core" measure.
TRAINING_OPS = {"Adagrad", "Adam", "Momentum", "Gradient"}
STRING_OPS = {"StringNormalizer", "RegexFullMatch", "StringConcat", "StringSplit"}
RANDOM_OPS = {"RandomNormal", "RandomNormalLike", "RandomUniform", "RandomUniformLike",
              "Bernoulli", "Multinomial"}
SEQUENCE_OPS = {"SequenceAt", "SequenceConstruct", "SequenceEmpty", "SequenceErase",
                "SequenceInsert", "SequenceLength", "SequenceMap", "SplitToSequence",
                "ConcatFromSequence", "Optional", "OptionalGetElement", "OptionalHasElement"}

CAUSES = ["refused opset", "unmapped op", "non-tensor I/O", "error", "mismatch", "crash",
          "timeout"]


def generate(out_dir):
    """Generates the backend node tests of the installed onnx package into out_dir."""
    from onnx.backend.test import cmd_tools
    cmd_tools.generate_data(argparse.Namespace(output=out_dir, op_type=None))


def model_op_types(graph):
    """The op types of graph and of its subgraphs."""
    types = set()
    for node in graph.node:
        types.add(node.op_type)
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                types |= model_op_types(attr.g)
            for g in attr.graphs:
                types |= model_op_types(g)
    return types


def is_tensor(value_info):
    return value_info.type.WhichOneof("value") == "tensor_type"


def is_core(model):
    """Whether a case counts in the core measure (see the module docstring)."""
    if any(i.domain == "ai.onnx.preview.training" for i in model.opset_import):
        return False
    types = model_op_types(model.graph)
    if types & (TRAINING_OPS | STRING_OPS | RANDOM_OPS | SEQUENCE_OPS):
        return False
    for v in list(model.graph.input) + list(model.graph.output):
        if not is_tensor(v) or v.type.tensor_type.elem_type == onnx.TensorProto.STRING:
            return False
    return True


def read_tensor(path):
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return numpy_helper.to_array(tensor)


def save_npz(path, arrays):
    """np.savez(path, **arrays), which would drop an array named `like` (a keyword of NumPy's
    array-function dispatch)."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in arrays.items():
            with archive.open(name + ".npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.asanyarray(array), allow_pickle=False)


def compare(name, actual, expected, rtol, atol):
    """None when actual matches expected, else why not."""
    if actual.shape != expected.shape:
        return "output '%s': shape %s, expected %s" % (name, actual.shape, expected.shape)
    if actual.dtype != expected.dtype:
        return "output '%s': element type %s, expected %s" % (name, actual.dtype, expected.dtype)
    if expected.dtype.kind in "fc":
        a = actual.astype(np.float64)
        e = expected.astype(np.float64)
        close = np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
        if not close.all():
            bad = int((~close).sum())
            diff = np.abs(a - e)
            worst = float(np.nanmax(np.where(close, 0, diff))) if diff.size else 0.0
            return "output '%s': %d of %d values differ (max |diff| %.3g)" % (
                name, bad, close.size, worst)
        return None
    if not np.array_equal(actual, expected):
        bad = int((actual != expected).sum())
        return "output '%s': %d of %d values differ" % (name, bad, expected.size)
    return None


UNSUPPORTED_RE = re.compile(r"unsupported ONNX nodes?: (.*)")
NODE_RE = re.compile(r"([A-Za-z0-9_]+) \((?:domain '[^']*' )?opset \d+\) '")
ERROR_RE = re.compile(r"error: (.*)")


def first_error(stderr):
    for line in stderr.splitlines():
        m = ERROR_RE.search(line)
        if m:
            return m.group(1).strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def normalize_message(message):
    """A message with names and numbers replaced, to count errors of one kind together."""
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r"\b\d+(\.\d+)?\b", "N", message)
    message = re.sub(r"tensor<[^>]*>", "tensor<…>", message)
    return message[:140]


def run_case(case_dir, vpuc, timeout, rtol, atol):
    """Runs one case; returns a dict with name, core, cause (None when passed), detail."""
    try:
        return run_case_unchecked(case_dir, vpuc, timeout, rtol, atol)
    except Exception as error:  # a case this script cannot feed (e.g. string tensors)
        return {"name": os.path.basename(case_dir), "core": True, "cause": "error",
                "detail": "the case cannot be run: %s" % error, "ops": []}


def run_case_unchecked(case_dir, vpuc, timeout, rtol, atol):
    name = os.path.basename(case_dir)
    result = {"name": name, "core": True, "cause": None, "detail": "", "ops": []}
    model = onnx.load(os.path.join(case_dir, "model.onnx"), load_external_data=False)
    result["core"] = is_core(model)
    if any(v.type.tensor_type.elem_type == onnx.TensorProto.STRING
           for v in list(model.graph.input) + list(model.graph.output) if is_tensor(v)):
        result["cause"] = "error"
        result["detail"] = "string tensors (the harness writes numeric .npz only)"
        return result
    data_dir = os.path.join(case_dir, "test_data_set_0")
    initializers = {t.name for t in model.graph.initializer}
    inputs = [v for v in model.graph.input if v.name not in initializers]
    if not all(is_tensor(v) for v in list(inputs) + list(model.graph.output)):
        result["cause"] = "non-tensor I/O"
        return result
    try:
        feeds = {}
        for index, value in enumerate(inputs):
            path = os.path.join(data_dir, "input_%d.pb" % index)
            if os.path.exists(path):  # an omitted optional input has no file
                feeds[value.name] = read_tensor(path)
        expected = [read_tensor(os.path.join(data_dir, "output_%d.pb" % i))
                    for i in range(len(model.graph.output))]
    except Exception as error:  # a .pb that is not a TensorProto (sequence, optional)
        result["cause"] = "non-tensor I/O"
        result["detail"] = str(error)[:200]
        return result
    with tempfile.TemporaryDirectory(prefix="vpuc-conf-") as tmp:
        in_path = os.path.join(tmp, "in.npz")
        out_path = os.path.join(tmp, "out.npz")
        save_npz(in_path, feeds)
        cmd = [vpuc, "infer", os.path.join(case_dir, "model.onnx"), "--inputs", in_path,
               "-o", out_path]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  errors="replace")
        except subprocess.TimeoutExpired:
            result["cause"] = "timeout"
            result["detail"] = "ran longer than %ds" % timeout
            return result
        if proc.returncode < 0:
            result["cause"] = "crash"
            sig = -proc.returncode
            try:
                signame = signal.Signals(sig).name
            except ValueError:
                signame = str(sig)
            result["detail"] = "%s: %s" % (signame, first_error(proc.stderr))
            return result
        if proc.returncode != 0:
            message = first_error(proc.stderr).replace(tmp + os.sep, "")
            result["detail"] = message
            if re.search(r"opset \d+ of the default ONNX domain is not supported|"
                         r"cannot bring opset", message):
                result["cause"] = "refused opset"
            elif UNSUPPORTED_RE.search(message):
                result["cause"] = "unmapped op"
                result["ops"] = sorted(set(NODE_RE.findall(UNSUPPORTED_RE.search(message)
                                                           .group(1))))
            else:
                result["cause"] = "error"
            return result
        try:
            with np.load(out_path) as outs:
                actual = {k: outs[k] for k in outs.files}
        except Exception as error:
            result["cause"] = "error"
            result["detail"] = "cannot read the outputs: %s" % error
            return result
    for value, exp in zip(model.graph.output, expected):
        if value.name not in actual:
            result["cause"] = "mismatch"
            result["detail"] = "output '%s' missing" % value.name
            return result
        why = compare(value.name, actual[value.name], exp, rtol, atol)
        if why:
            result["cause"] = "mismatch"
            result["detail"] = why
            return result
    return result


def summarize(results, command, out):
    """Writes the summary (Markdown) of results to the stream out."""
    def rate(rs):
        passed = sum(1 for r in rs if r["cause"] is None)
        return passed, len(rs), (100.0 * passed / len(rs) if rs else 0.0)

    core = [r for r in results if r["core"]]
    w = out.write
    w("Command: `%s`\n\n" % command)
    w("| set | passed | cases | rate |\n| --- | ---: | ---: | ---: |\n")
    w("| all cases | %d | %d | %.1f%% |\n" % rate(results))
    w("| core (no training, string, sequence/optional, random-number ops) | %d | %d | %.1f%% |\n\n"
      % rate(core))
    w("### Failures by cause\n\n| cause | all cases | core |\n| --- | ---: | ---: |\n")
    for cause in CAUSES:
        n_all = sum(1 for r in results if r["cause"] == cause)
        n_core = sum(1 for r in core if r["cause"] == cause)
        w("| %s | %d | %d |\n" % (cause, n_all, n_core))
    crashes = [r for r in results if r["cause"] in ("crash", "timeout")]
    if crashes:
        w("\n### Crashes and timeouts (bugs)\n\n| case | detail |\n| --- | --- |\n")
        for r in sorted(crashes, key=lambda r: r["name"]):
            w("| %s | %s |\n" % (r["name"], r["detail"].replace("|", "\\|")))
    ops = collections.Counter()
    for r in results:
        if r["cause"] == "unmapped op":
            ops.update(r["ops"])
    if ops:
        w("\n### Unmapped op types (cases naming each)\n\n")
        w(", ".join("%s %d" % (op, n) for op, n in
                    sorted(ops.items(), key=lambda kv: (-kv[1], kv[0]))) + "\n")
    errors = collections.Counter(normalize_message(r["detail"]) for r in results
                                 if r["cause"] == "error")
    if errors:
        w("\n### Errors inside mapped ops (by message)\n\n| cases | first error |\n"
          "| ---: | --- |\n")
        for message, n in sorted(errors.items(), key=lambda kv: (-kv[1], kv[0])):
            w("| %d | %s |\n" % (n, message.replace("|", "\\|")))
    mismatches = [r for r in results if r["cause"] == "mismatch"]
    if mismatches:
        w("\n### Mismatches\n\n| case | detail |\n| --- | --- |\n")
        for r in sorted(mismatches, key=lambda r: r["name"]):
            w("| %s | %s |\n" % (r["name"], r["detail"].replace("|", "\\|")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vpuc", default="bazel-bin/tools/vpuc/vpuc",
                        help="the vpuc binary (a name without '/' is looked up on PATH)")
    parser.add_argument("--data", help="a directory of cases (test_*/model.onnx) or of "
                        "generated data (node/test_*); generated when absent")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=60, help="seconds per case")
    parser.add_argument("--rtol", type=float, default=1e-3)
    parser.add_argument("--atol", type=float, default=1e-7)
    parser.add_argument("--filter", help="run only cases whose name matches this regex")
    parser.add_argument("--op-type", action="append", help="run only the cases whose model "
                        "uses this op type (repeatable)")
    parser.add_argument("--markdown", help="write the summary table to this Markdown file")
    parser.add_argument("--expect-pass", help="fail when a case named in this file fails")
    parser.add_argument("--write-passes", help="write the names of the passing cases here")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args()

    vpuc = args.vpuc if os.sep in args.vpuc else shutil.which(args.vpuc)
    if not vpuc or not os.access(vpuc, os.X_OK):
        sys.exit("%s: not an executable (build it: tools/bazel.sh build //tools/vpuc)"
                 % args.vpuc)
    vpuc = os.path.abspath(vpuc)
    scratch = None
    data = args.data
    if not data:
        scratch = tempfile.TemporaryDirectory(prefix="onnx-node-tests-")
        data = scratch.name
        generate(data)
    node_dir = os.path.join(data, "node") if os.path.isdir(os.path.join(data, "node")) else data
    cases = sorted(os.path.join(node_dir, d) for d in os.listdir(node_dir)
                   if os.path.isfile(os.path.join(node_dir, d, "model.onnx")))
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, os.path.basename(c))]
    if args.op_type:
        wanted = set(args.op_type)
        cases = [c for c in cases if model_op_types(
            onnx.load(os.path.join(c, "model.onnx"), load_external_data=False).graph) & wanted]
    if not cases:
        sys.exit("no cases in %s" % node_dir)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(
            lambda c: run_case(c, vpuc, args.timeout, args.rtol, args.atol), cases))

    shown = [a for a in sys.argv[1:]]
    command = " ".join(shlex.quote(a) for a in ["tools/onnx_conformance.py"] + shown)
    if args.verbose:
        for r in results:
            if r["cause"]:
                print("%-50s %-14s %s" % (r["name"], r["cause"], r["detail"]))
    summarize(results, command, sys.stdout)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("# ONNX backend node tests through `vpuc infer`\n\n")
            f.write("Generated by `tools/onnx_conformance.py --markdown` (do not edit): the "
                    "backend node tests of the installed onnx package (%s), each run by `vpuc "
                    "infer` and compared with the case's expected outputs (rtol %g, atol %g for "
                    "floating point; exact otherwise).\n\n" % (onnx.__version__, args.rtol,
                                                              args.atol))
            summarize(results, command, f)
    if args.write_passes:
        with open(args.write_passes, "w") as f:
            f.write("# Cases of tools/onnx_conformance.py that pass (--write-passes).\n")
            for r in results:
                if r["cause"] is None:
                    f.write(r["name"] + "\n")
    status = 0
    if args.expect_pass:
        with open(args.expect_pass) as f:
            expected = {l.split("#")[0].strip() for l in f} - {""}
        by_name = {r["name"]: r for r in results}
        regressed = sorted(n for n in expected if n in by_name and by_name[n]["cause"])
        missing = sorted(n for n in expected if n not in by_name)
        for n in regressed:
            print("REGRESSION: %s: %s: %s" % (n, by_name[n]["cause"], by_name[n]["detail"]))
        for n in missing:
            print("MISSING: %s: no such case" % n)
        if regressed or missing:
            status = 1
    if scratch:
        scratch.cleanup()
    return status


if __name__ == "__main__":
    sys.exit(main())
