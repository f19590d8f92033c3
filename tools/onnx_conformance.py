#!/usr/bin/env python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Runs the ONNX backend node tests through `vpuc infer` and/or `vpuc compile` + `vpuc run`.

The cases are those of the installed `onnx` package (`python3 -m onnx.backend.test.cmd_tools
generate-data`); without --data the script generates them into a scratch directory first. Each
case is `model.onnx` plus `test_data_set_0/{input,output}_N.pb`: the inputs are written to an .npz
keyed by graph input name and the model is run on them

  --mode infer     by `vpuc infer` (the IE reference interpreter, fp32): floating-point outputs
                   must satisfy |actual - expected| <= atol + rtol * |expected| with rtol 1e-3,
                   atol 1e-5 (--rtol, --atol);
  --mode compile   by `vpuc compile model.onnx --arch VPUX37XX --mode reference_sw` (--arch,
                   --compile-mode) and `vpuc run` on the blob (the emulated FP16 device, hazard
                   checks on): rtol 1e-2, atol 1e-2 (--compile-rtol, --compile-atol);
  --mode both      both, one table each.

Integers and booleans must be equal, shapes and element types too; NaN equals NaN.

A case whose import fails because an input that must be known at import time (a Reshape shape,
Pad pads, ...) is a graph input is run again with the graph inputs the error's hint names
(`--freeze-input NAME=FILE.npy`) bound to the case's values, until the hint names no new input;
a case that then passes counts as passed, and the tables give the number of those apart.

A failure is put in one cause:
  refused opset         the importer refuses the model's opset
  unmapped op           the importer has no mapping for an op type (counted per op type)
  non-tensor I/O        a sequence, optional or map input or output (the tools run tensors)
  error                 any other error of the import or (infer) of the interpreter (counted per
                        first message)
  compile error         (compile) a pass or the blob export failed (per first message and pass)
  run error             (compile) `vpuc run` failed or found problems in the blob
  mismatch              the outputs differ (values, shape or element type)
  crash                 vpuc died of a signal: always a bug, listed case by case
  timeout               a command ran longer than --timeout seconds

The "core" set excludes the cases of training, string, sequence/optional and random-number
operators (issue 14's measure).

Usage:
  tools/onnx_conformance.py [--vpuc bazel-bin/tools/vpuc/vpuc] [--data DIR] [--jobs N]
                            [--mode infer|compile|both] [--markdown docs/onnx_conformance.md]
                            [--filter REGEX] [--cases LIST] [--shard I/N] [--op-type OP]
                            [--expect-pass LIST] [--write-passes LIST]
                            [--expect-pass-compile LIST] [--write-passes-compile LIST]
With --expect-pass (--expect-pass-compile), the exit status is 1 when a case named in LIST (one
per line, `#` comments) was run and does not pass `vpuc infer` (compile + run), or is no case at
all; --write-passes (--write-passes-compile) writes the list of passing cases. --cases runs only
the cases of a list, --shard I/N every N-th of the cases selected (tests/onnx_conformance runs a
fixed shard of the compile + run passes in the normal test run).
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

CAUSES = {
    "infer": ["refused opset", "unmapped op", "non-tensor I/O", "error", "mismatch", "crash",
              "timeout"],
    "compile": ["refused opset", "unmapped op", "non-tensor I/O", "error", "compile error",
                "run error", "mismatch", "crash", "timeout"],
}


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


def bf16_as_float32(array, value_info):
    """The array of a graph input or output declared BFLOAT16 as vpuc reads and writes it.
    NumPy has no bfloat16, so ONNX gives BFLOAT16 data as its uint16 bit patterns (the test data
    of onnx 1.12 even stores them as UINT16 tensors); vpuc's .npy form of a bf16 tensor is
    float32, which holds every bf16 value exactly."""
    if (value_info.type.tensor_type.elem_type == onnx.TensorProto.BFLOAT16
            and array.dtype == np.uint16):
        return (array.astype(np.uint32) << 16).view(np.float32)
    return array


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
    """The first error message of stderr; one that ends with ':' goes on with the next line (a
    list of what failed, e.g. the ops the bufferisation could not convert)."""
    lines = stderr.splitlines()
    for index, line in enumerate(lines):
        m = ERROR_RE.search(line)
        if m:
            message = m.group(1).strip()
            if message.endswith(":") and index + 1 < len(lines):
                message += " " + lines[index + 1].strip()
            return message
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def normalize_message(message):
    """A message with names and numbers replaced, to count errors of one kind together. Op
    names ('VPU.SW.Clamp'), kernel names (kernel 'clamp') and element types (element type 'f64')
    are kept: they say what is missing; locations ("(at name)") are dropped, and the pass that
    failed is kept whole."""
    message = re.sub(r" \(at [^)]*\)", "", message)

    def name(match):
        text = match.group(0)
        if re.fullmatch(r"'[A-Z][A-Za-z]*(\.[A-Za-z0-9_]+)+'", text):
            return text
        if re.search(r"(kernel|element type) $", message[:match.start()]):
            return text
        return "'…'"
    suffix = re.search(r" \(pass [^)]*\)$", message)
    if suffix:
        message = message[:suffix.start()]
    message = re.sub(r"'[^']*'", name, message)
    message = re.sub(r"\b\d+(\.\d+)?\b", "N", message)
    message = re.sub(r"tensor<[^>]*>", "tensor<…>", message)
    if len(message) > 160:
        message = message[:159] + "…"
    return message + (suffix.group(0) if suffix else "")


FREEZE_RE = re.compile(r"--freeze-input (.+?)=FILE\.npy")
PASS_RE = re.compile(r"pass '([^']+)' failed on ")


def frozen_names(message):
    """The graph inputs that an error's --freeze-input hint names (see ImportContext.cpp)."""
    if "must be known at import time" not in message:
        return []
    return FREEZE_RE.findall(message)


def run_case(case_dir, options):
    """Runs one case in every mode of options.modes; returns {mode: result}, each a dict with
    name, core, cause (None when passed), detail, ops and frozen (the inputs given to
    --freeze-input)."""
    name = os.path.basename(case_dir)
    try:
        return run_case_unchecked(case_dir, options)
    except Exception as error:  # a case this script cannot feed (e.g. string tensors)
        return {mode: {"name": name, "core": True, "cause": "error", "frozen": [],
                       "detail": "the case cannot be run: %s" % error, "ops": []}
                for mode in options.modes}


def run_command(cmd, timeout, tmp):
    """Runs cmd; returns None on success, else (cause, detail, failed pass): cause None for a
    failure exit status, with the first error message as detail; the pass that `vpuc compile`
    names as failed ("blob export" for the export), or None."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", "ran longer than %ds" % timeout, None
    if proc.returncode < 0:
        sig = -proc.returncode
        try:
            signame = signal.Signals(sig).name
        except ValueError:
            signame = str(sig)
        return "crash", "%s: %s" % (signame, first_error(proc.stderr)), None
    if proc.returncode != 0:
        message = first_error(proc.stderr).replace(tmp + os.sep, "")
        failed_pass = PASS_RE.search(proc.stderr)
        if failed_pass:
            return None, message, failed_pass.group(1)
        if "cannot write the blob of" in proc.stderr:
            return None, message, "blob export"
        return None, message, None
    return None


def classify_import_error(result, message):
    """Sets the cause of an import (or interpreter) error."""
    result["detail"] = message
    if re.search(r"opset \d+ of the default ONNX domain is not supported|"
                 r"cannot bring opset", message):
        result["cause"] = "refused opset"
    elif UNSUPPORTED_RE.search(message):
        result["cause"] = "unmapped op"
        result["ops"] = sorted(set(NODE_RE.findall(UNSUPPORTED_RE.search(message).group(1))))
    else:
        result["cause"] = "error"


def run_infer(model_path, in_path, freeze, tmp, options, result):
    """`vpuc infer`; returns the outputs, or None with the result's cause set."""
    out_path = os.path.join(tmp, "out.npz")
    cmd = [options.vpuc, "infer", model_path, "--inputs", in_path, "-o", out_path,
           "--threads=1"] + freeze
    failure = run_command(cmd, options.timeout, tmp)
    if failure:
        cause, message, _ = failure
        if cause:
            result["cause"], result["detail"] = cause, message
        else:
            classify_import_error(result, message)
        return None
    return read_outputs(out_path, result)


def run_compiled(model_path, in_path, freeze, tmp, options, result):
    """`vpuc compile` + `vpuc run`; returns the outputs, or None with the result's cause set."""
    blob = os.path.join(tmp, "model.blob")
    out_path = os.path.join(tmp, "out.npz")
    cmd = [options.vpuc, "compile", model_path, "--arch", options.arch, "--mode",
           options.compile_mode, "-o", blob, "--quiet", "--progress=never"] + freeze
    failure = run_command(cmd, options.timeout, tmp)
    if failure:
        cause, message, failed_pass = failure
        if cause:
            result["cause"], result["detail"] = cause, "compile: " + message
        elif failed_pass:
            result["cause"], result["detail"] = "compile error", "%s (pass %s)" % (
                message, failed_pass)
        else:
            classify_import_error(result, message)
        return None
    cmd = [options.vpuc, "run", blob, "--inputs", in_path, "-o", out_path, "--threads=1"]
    failure = run_command(cmd, options.timeout, tmp)
    if failure:
        cause, message, _ = failure
        result["cause"], result["detail"] = cause or "run error", message
        return None
    return read_outputs(out_path, result)


def read_outputs(out_path, result):
    try:
        with np.load(out_path) as outs:
            return {k: outs[k] for k in outs.files}
    except Exception as error:
        result["cause"] = "error"
        result["detail"] = "cannot read the outputs: %s" % error
        return None


def run_case_unchecked(case_dir, options):
    name = os.path.basename(case_dir)
    model_path = os.path.join(case_dir, "model.onnx")
    model = onnx.load(model_path, load_external_data=False)

    def new_result():
        return {"name": name, "core": is_core(model), "cause": None, "detail": "", "ops": [],
                "frozen": []}

    def same_for_all(cause, detail=""):
        results = {}
        for mode in options.modes:
            results[mode] = new_result()
            results[mode]["cause"] = cause
            results[mode]["detail"] = detail
        return results

    if any(v.type.tensor_type.elem_type == onnx.TensorProto.STRING
           for v in list(model.graph.input) + list(model.graph.output) if is_tensor(v)):
        return same_for_all("error", "string tensors (the harness writes numeric .npz only)")
    data_dir = os.path.join(case_dir, "test_data_set_0")
    initializers = {t.name for t in model.graph.initializer}
    inputs = [v for v in model.graph.input if v.name not in initializers]
    if not all(is_tensor(v) for v in list(inputs) + list(model.graph.output)):
        return same_for_all("non-tensor I/O")
    try:
        feeds = {}
        for index, value in enumerate(inputs):
            path = os.path.join(data_dir, "input_%d.pb" % index)
            if os.path.exists(path):  # an omitted optional input has no file
                feeds[value.name] = bf16_as_float32(read_tensor(path), value)
        expected = [bf16_as_float32(read_tensor(os.path.join(data_dir, "output_%d.pb" % i)),
                                    value)
                    for i, value in enumerate(model.graph.output)]
    except Exception as error:  # a .pb that is not a TensorProto (sequence, optional)
        return same_for_all("non-tensor I/O", str(error)[:200])

    results = {}
    for mode in options.modes:
        run = run_infer if mode == "infer" else run_compiled
        rtol, atol = options.tolerances[mode]
        # A case whose shape-defining parameters are graph inputs is run again with those
        # inputs frozen to the case's values, as the error's hint says, until no new input is
        # named.
        frozen = []
        while True:
            result = new_result()
            result["frozen"] = list(frozen)
            with tempfile.TemporaryDirectory(prefix="vpuc-conf-") as tmp:
                in_path = os.path.join(tmp, "in.npz")
                save_npz(in_path, {k: v for k, v in feeds.items() if k not in frozen})
                freeze = []
                for index, input_name in enumerate(frozen):
                    path = os.path.join(tmp, "frozen_%d.npy" % index)
                    np.save(path, feeds[input_name])
                    freeze.append("--freeze-input=%s=%s" % (input_name, path))
                actual = run(model_path, in_path, freeze, tmp, options, result)
            named = [n for n in frozen_names(result["detail"]) if n in feeds and n not in frozen]
            if result["cause"] != "error" or not named:
                break
            frozen += named
        results[mode] = result
        if actual is None:
            continue
        for value, exp in zip(model.graph.output, expected):
            if value.name not in actual:
                result["cause"] = "mismatch"
                result["detail"] = "output '%s' missing" % value.name
                break
            why = compare(value.name, actual[value.name], exp, rtol, atol)
            if why:
                result["cause"] = "mismatch"
                result["detail"] = why
                break
    return results


PARAMETERS_NOTE = """\
Parameters that arrive as graph inputs: the kernels that take a parameter at run time take it
as a network input (Clip's min and max, for instance: `test_clip_splitbounds`), and Dropout's
`ratio` is never read in inference. Every other parameter listed in the tables below is
shape-defining or becomes a static attribute of its IE op (Reshape, Expand and Tile shapes, Pad
pads, Slice starts and ends, Squeeze/Unsqueeze/Reduce axes, Split sizes, TopK's k, Range's
bounds, Resize scales and sizes, CumSum's axis; the scales and zero points of QuantizeLinear,
DequantizeLinear and the QLinear ops, which are part of the quantized element type). Such a
model is imported with `--freeze-input NAME=FILE.npy` (`vpuc compile`, `vpuc infer`,
`vpuc-ie`), which replaces the graph input by a constant; without it the import error ends with
that hint, naming the graph inputs the parameter depends on. Dropout's `training_mode` given
as `true` stays an error (training is not supported).

"""

MODE_TITLES = {
    "infer": "`vpuc infer` (the IE reference interpreter, fp32)",
    "compile": "`vpuc compile` + `vpuc run` (the emulated device, FP16)",
}


def summarize(results, mode, options, out):
    """Writes the summary (Markdown) of the results of one mode to the stream out."""
    def rate(rs):
        passed = sum(1 for r in rs if r["cause"] is None)
        return passed, len(rs), (100.0 * passed / len(rs) if rs else 0.0)

    def frozen(rs):
        return sum(1 for r in rs if r["cause"] is None and r["frozen"])

    core = [r for r in results if r["core"]]
    w = out.write
    rtol, atol = options.tolerances[mode]
    w("## Through %s\n\n" % MODE_TITLES[mode])
    if mode == "compile":
        w("Each case compiled with `vpuc compile model.onnx --arch %s --mode %s` and run with "
          "`vpuc run` (hazard checks on); " % (options.arch, options.compile_mode))
    else:
        w("Each case run with `vpuc infer`; ")
    w("floating-point outputs compared with rtol %g, atol %g; integers and booleans exactly.\n\n"
      % (rtol, atol))
    w("| set | passed | of which with --freeze-input | cases | rate |\n"
      "| --- | ---: | ---: | ---: | ---: |\n")
    w("| all cases | %d | %d | %d | %.1f%% |\n" % ((rate(results)[0], frozen(results))
                                                    + rate(results)[1:]))
    w("| core (no training, string, sequence/optional, random-number ops) | %d | %d | %d | "
      "%.1f%% |\n\n" % ((rate(core)[0], frozen(core)) + rate(core)[1:]))
    w("### Failures by cause (%s)\n\n| cause | all cases | core |\n| --- | ---: | ---: |\n"
      % mode)
    for cause in CAUSES[mode]:
        n_all = sum(1 for r in results if r["cause"] == cause)
        n_core = sum(1 for r in core if r["cause"] == cause)
        w("| %s | %d | %d |\n" % (cause, n_all, n_core))
    crashes = [r for r in results if r["cause"] in ("crash", "timeout")]
    if crashes:
        w("\n### Crashes and timeouts (%s; bugs)\n\n| case | detail |\n| --- | --- |\n" % mode)
        for r in sorted(crashes, key=lambda r: r["name"]):
            w("| %s | %s |\n" % (r["name"], r["detail"].replace("|", "\\|")))
    ops = collections.Counter()
    for r in results:
        if r["cause"] == "unmapped op":
            ops.update(r["ops"])
    if ops:
        w("\n### Unmapped op types (%s; cases naming each)\n\n" % mode)
        w(", ".join("%s %d" % (op, n) for op, n in
                    sorted(ops.items(), key=lambda kv: (-kv[1], kv[0]))) + "\n")
    for cause, title in (("error", "Errors of the import%s (by first message)"
                          % (" or the interpreter" if mode == "infer" else "")),
                         ("compile error", "Compilation errors (by first message and pass)"),
                         ("run error", "Errors of the emulator run (by first message)")):
        errors = collections.Counter(normalize_message(r["detail"]) for r in results
                                     if r["cause"] == cause)
        if errors:
            w("\n### %s\n\n| cases | first error |\n| ---: | --- |\n" % title)
            for message, n in sorted(errors.items(), key=lambda kv: (-kv[1], kv[0])):
                w("| %d | %s |\n" % (n, message.replace("|", "\\|")))
    mismatches = [r for r in results if r["cause"] == "mismatch"]
    if mismatches:
        w("\n### Mismatches (%s)\n\n| case | detail |\n| --- | --- |\n" % mode)
        for r in sorted(mismatches, key=lambda r: r["name"]):
            w("| %s | %s |\n" % (r["name"], r["detail"].replace("|", "\\|")))
    w("\n")


def read_list(path):
    """The case names of a list file (one per line, `#` comments)."""
    with open(path) as f:
        return {line.split("#")[0].strip() for line in f} - {""}


def check_expected(results, path, mode, generated):
    """Prints the cases of the list at path that were run and do not pass, and those that are no
    generated case; returns how many."""
    expected = read_list(path)
    by_name = {r["name"]: r for r in results}
    regressed = sorted(n for n in expected if n in by_name and by_name[n]["cause"])
    missing = sorted(n for n in expected if n not in generated)
    for n in regressed:
        print("REGRESSION (%s): %s: %s: %s" % (mode, n, by_name[n]["cause"],
                                               by_name[n]["detail"]))
    for n in missing:
        print("MISSING (%s): %s: no such case" % (mode, n))
    return len(regressed) + len(missing)


def write_passes(results, path, mode, command):
    with open(path, "w") as f:
        f.write("# Part of vpuc. SPDX-License-Identifier: Apache-2.0\n"
                "# The ONNX backend node tests (onnx %s) that pass through %s, written by\n"
                "# %s\n" % (onnx.__version__, MODE_TITLES[mode].replace("`", ""), command))
        for r in results:
            if r["cause"] is None:
                f.write(r["name"] + "\n")


def parse_shard(text):
    """`I/N` as (I, N), 0 <= I < N."""
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not int(match.group(1)) < int(match.group(2)):
        raise argparse.ArgumentTypeError("expected I/N with 0 <= I < N, got '%s'" % text)
    return int(match.group(1)), int(match.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vpuc", default="bazel-bin/tools/vpuc/vpuc",
                        help="the vpuc binary (a name without '/' is looked up on PATH)")
    parser.add_argument("--data", help="a directory of cases (test_*/model.onnx) or of "
                        "generated data (node/test_*); generated when absent")
    parser.add_argument("--mode", choices=["infer", "compile", "both"], default="infer",
                        help="run the cases through `vpuc infer` (default), through `vpuc "
                        "compile` + `vpuc run`, or both")
    parser.add_argument("--arch", default="VPUX37XX", help="the target of --mode compile")
    parser.add_argument("--compile-mode", default="reference_sw",
                        help="the compilation mode of --mode compile")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=120, help="seconds per command")
    parser.add_argument("--rtol", type=float, default=1e-3, help="for `vpuc infer`")
    parser.add_argument("--atol", type=float, default=1e-5, help="for `vpuc infer`")
    parser.add_argument("--compile-rtol", type=float, default=1e-2, help="for the device")
    parser.add_argument("--compile-atol", type=float, default=1e-2, help="for the device")
    parser.add_argument("--filter", help="run only cases whose name matches this regex")
    parser.add_argument("--cases", help="run only the cases named in this file (one per line, "
                        "`#` comments)")
    parser.add_argument("--shard", type=parse_shard, help="I/N: run only every N-th of the "
                        "selected cases (in name order), starting with the I-th (from 0)")
    parser.add_argument("--op-type", action="append", help="run only the cases whose model "
                        "uses this op type (repeatable)")
    parser.add_argument("--markdown", help="write the summary tables to this Markdown file")
    parser.add_argument("--expect-pass", help="fail when a case named in this file fails "
                        "`vpuc infer`")
    parser.add_argument("--expect-pass-compile", help="fail when a case named in this file "
                        "fails compile + run")
    parser.add_argument("--write-passes", help="write the names of the cases passing `vpuc "
                        "infer` here")
    parser.add_argument("--write-passes-compile", help="write the names of the cases passing "
                        "compile + run here")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args()
    args.modes = ["infer", "compile"] if args.mode == "both" else [args.mode]
    args.tolerances = {"infer": (args.rtol, args.atol),
                       "compile": (args.compile_rtol, args.compile_atol)}
    for flag, mode in (("expect_pass", "infer"), ("write_passes", "infer"),
                       ("expect_pass_compile", "compile"), ("write_passes_compile", "compile")):
        if getattr(args, flag) and mode not in args.modes:
            parser.error("--%s needs --mode %s or both" % (flag.replace("_", "-"), mode))

    vpuc = args.vpuc if os.sep in args.vpuc else shutil.which(args.vpuc)
    if not vpuc or not os.access(vpuc, os.X_OK):
        sys.exit("%s: not an executable (build it: tools/bazel.sh build //tools/vpuc)"
                 % args.vpuc)
    args.vpuc = os.path.abspath(vpuc)
    scratch = None
    data = args.data
    if not data:
        scratch = tempfile.TemporaryDirectory(prefix="onnx-node-tests-")
        data = scratch.name
        generate(data)
    node_dir = os.path.join(data, "node") if os.path.isdir(os.path.join(data, "node")) else data
    cases = sorted(os.path.join(node_dir, d) for d in os.listdir(node_dir)
                   if os.path.isfile(os.path.join(node_dir, d, "model.onnx")))
    generated = {os.path.basename(c) for c in cases}
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, os.path.basename(c))]
    if args.cases:
        wanted = read_list(args.cases)
        cases = [c for c in cases if os.path.basename(c) in wanted]
    if args.op_type:
        wanted = set(args.op_type)
        cases = [c for c in cases if model_op_types(
            onnx.load(os.path.join(c, "model.onnx"), load_external_data=False).graph) & wanted]
    if args.shard:
        index, count = args.shard
        cases = cases[index::count]
    if not cases:
        sys.exit("no cases in %s" % node_dir)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        by_case = list(pool.map(lambda c: run_case(c, args), cases))
    results = {mode: [r[mode] for r in by_case] for mode in args.modes}

    shown = [a for a in sys.argv[1:]]
    command = " ".join(shlex.quote(a) for a in ["tools/onnx_conformance.py"] + shown)
    if args.verbose:
        for mode in args.modes:
            for r in results[mode]:
                if r["cause"]:
                    print("%-8s %-50s %-14s %s" % (mode, r["name"], r["cause"], r["detail"]))
    sys.stdout.write("Command: `%s`\n\n" % command)
    for mode in args.modes:
        summarize(results[mode], mode, args, sys.stdout)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("# ONNX backend node tests through vpuc\n\n")
            f.write("Generated by `tools/onnx_conformance.py --markdown` (do not edit): the "
                    "backend node tests of the installed onnx package (%s), each run through "
                    "vpuc and compared with the case's expected outputs. A case whose "
                    "shape-defining parameters (Reshape shape, Pad pads, ...) are graph inputs "
                    "fails the import with a hint naming them; it is run again with those inputs "
                    "bound to the case's values by `--freeze-input` and counted apart when it "
                    "then passes.\n\n" % onnx.__version__)
            f.write(PARAMETERS_NOTE)
            f.write("Command: `%s`\n\n" % command)
            for mode in args.modes:
                summarize(results[mode], mode, args, f)
    if args.write_passes:
        write_passes(results["infer"], args.write_passes, "infer", command)
    if args.write_passes_compile:
        write_passes(results["compile"], args.write_passes_compile, "compile", command)
    status = 0
    if args.expect_pass and check_expected(results["infer"], args.expect_pass, "infer",
                                           generated):
        status = 1
    if args.expect_pass_compile and check_expected(results["compile"],
                                                   args.expect_pass_compile, "compile",
                                                   generated):
        status = 1
    if scratch:
        scratch.cleanup()
    return status


if __name__ == "__main__":
    sys.exit(main())
