"""Models as build actions: `vpuc_blob` compiles a model into a blob, `vpuc_model_test` runs it.

    load("//tools/bazel:vpuc_blob.bzl", "vpuc_blob", "vpuc_model_test")

    vpuc_blob(
        name = "mlp_vpux37xx",              # -> bazel-bin/<package>/mlp_vpux37xx.blob
        model = "//tests/models:mlp/model.onnx",
        arch = "VPUX37XX",
        mode = "default_hw",
    )

    vpuc_model_test(
        name = "mlp_vpux37xx_test",         # vpuc run + vpuc compare
        blob = ":mlp_vpux37xx",
        inputs = "//tests/models:mlp/input_0.npy",
        reference = "//tests/models:mlp/output_0.npy",
    )

The compilation is one `VpucCompile` action running //tools/vpuc:vpuc: its inputs are the model
(and the pipeline spec), its only output the blob, and its command line names them by their paths
relative to the execution root, so the action is the same on every machine and clone. It runs
without the shell environment, prints nothing unless it fails (`--quiet --progress=never`), and
the compiler writes the same bytes for the same inputs, so a blob is cached (and shared through
the disk cache) like any compiled file: docs/bazel_rules.md shows the check.

The compiler is built in the target configuration (`cfg = "target"`), like the `vpuc` the tests
run: a host/exec configuration would build the whole compiler a second time.
"""

# Flags vpuc_blob sets itself, or that would make the action write elsewhere or print.
_RESERVED_FLAGS = [
    "-o",
    "--arch",
    "--dump-ir-after-each",
    "--emit",
    "--mode",
    "--pipeline",
    "--progress",
    "--remarks",
    "--timing",
]

def _check_options(label, options):
    for option in options:
        flag = option.split("=", 1)[0]
        if flag in _RESERVED_FLAGS:
            fail("%s: options: '%s' is set by vpuc_blob or not allowed in a build action" %
                 (label, option))
        if [part for part in option.split("=") if part.startswith("/")]:
            fail("%s: options: '%s' names an absolute path; the action would not be hermetic" %
                 (label, option))

def _vpuc_blob_impl(ctx):
    label = str(ctx.label)
    if "/" in ctx.attr.arch or ctx.attr.arch.endswith(".textproto"):
        fail("%s: arch must be a built-in target name (e.g. VPUX37XX), not a path" % label)
    if ctx.file.pipeline and ctx.attr.mode != "default_hw":
        fail("%s: give a mode or a pipeline, not both" % label)
    _check_options(label, ctx.attr.options)

    blob = ctx.actions.declare_file(ctx.label.name + ".blob")
    args = ctx.actions.args()
    args.add("compile")
    args.add(ctx.file.model)
    args.add("--arch", ctx.attr.arch)
    inputs = [ctx.file.model]
    if ctx.file.pipeline:
        args.add("--pipeline", ctx.file.pipeline)
        inputs.append(ctx.file.pipeline)
        spec = ctx.file.pipeline.basename
    else:
        args.add("--mode", ctx.attr.mode)
        spec = ctx.attr.mode
    args.add_all(ctx.attr.options)
    args.add("--quiet")
    args.add("--progress=never")
    args.add("-o", blob)
    ctx.actions.run(
        executable = ctx.executable._vpuc,
        arguments = [args],
        inputs = inputs,
        outputs = [blob],
        mnemonic = "VpucCompile",
        progress_message = "Compiling %s for %s (%s) into %s" % (
            ctx.file.model.short_path,
            ctx.attr.arch,
            spec,
            blob.short_path,
        ),
        use_default_shell_env = False,
    )
    return [DefaultInfo(
        files = depset([blob]),
        runfiles = ctx.runfiles(files = [blob]),
    )]

vpuc_blob = rule(
    implementation = _vpuc_blob_impl,
    doc = "Compiles a model (.onnx or IE .mlir) into `<name>.blob` with `vpuc compile`.",
    attrs = {
        "model": attr.label(
            doc = "The model: an .onnx file or an IE IR .mlir file.",
            allow_single_file = [".onnx", ".mlir"],
            mandatory = True,
        ),
        "arch": attr.string(
            doc = "The target: a built-in target name (VPUX30XX, VPUX37XX).",
            mandatory = True,
        ),
        "mode": attr.string(
            doc = "The compilation mode (reference_sw, reference_hw, default_hw).",
            default = "default_hw",
        ),
        "pipeline": attr.label(
            doc = "A pipeline spec (.textproto) to run instead of the mode.",
            allow_single_file = [".textproto"],
        ),
        "options": attr.string_list(
            doc = "More `vpuc compile` flags, e.g. --pipeline-option=pass.option=value or " +
                  "--input-shape=name=1x3x224x224.",
        ),
        "_vpuc": attr.label(
            default = Label("//tools/vpuc"),
            executable = True,
            cfg = "target",
        ),
    },
)

def vpuc_model_test(name, blob, inputs, reference, tolerance = "0.999", max_abs_rel_range = None,
                    hazard_check = True, strict_numerics = True, size = "small", **kwargs):
    """A test that runs a blob on the emulator (`vpuc run`) and compares its outputs.

    The run fails the test when the emulator finds a problem in the blob (with the hazard check
    unless `hazard_check` is False, and with `vpuc run --strict-numerics`, so that a task that
    makes NaN or Inf from finite inputs or saturates FP16 fails it, unless `strict_numerics` is
    False: then such tasks are only warnings); the comparison (`vpuc compare`) when a tensor's cosine
    similarity is below `tolerance` ("COS" or "COS,EUCLID") or, with `max_abs_rel_range`, its
    max abs error exceeds that fraction of the reference's range.

    Args:
      blob: a vpuc_blob target (or a .blob file).
      inputs: the network inputs: an .npz by input name, or an .npy for a one-input network.
      reference: the expected outputs (.npz by output name, or .npy for one output).
    """
    args = [
        "--vpuc=$(rootpath //tools/vpuc)",
        "--blob=$(rootpath %s)" % blob,
        "--inputs=$(rootpath %s)" % inputs,
        "--reference=$(rootpath %s)" % reference,
        "--tolerance=" + tolerance,
    ]
    if max_abs_rel_range != None:
        args.append("--max-abs-rel-range=" + max_abs_rel_range)
    if not hazard_check:
        args.append("--no-hazard-check")
    if strict_numerics:
        args.append("--strict-numerics")
    native.sh_test(
        name = name,
        srcs = ["//tools/bazel:vpuc_model_test.sh"],
        args = args,
        data = [
            blob,
            inputs,
            reference,
            "//tools/vpuc",
        ],
        size = size,
        **kwargs
    )
