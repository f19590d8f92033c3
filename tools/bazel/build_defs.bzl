"""The macros every vpuc package uses: C++ targets, tablegen, lit, protobuf and flatbuffers.

Each macro is a thin wrapper over a native rule or a genrule so that the whole build stays readable
and works offline with Bazel 4.2.3 and the system toolchain.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")

#===------------------------------------------------------------------------===#
# C++
#===------------------------------------------------------------------------===#

VPUC_COPTS = []

def vpuc_cc_library(name, copts = [], **kwargs):
    """A cc_library with the project's flags."""
    cc_library(name = name, copts = VPUC_COPTS + copts, **kwargs)

# ASan's run-time defaults (tools/bazel/SanitizerDefaults.cpp), part of every binary and test.
_SANITIZER_DEFAULTS = "//tools/bazel:sanitizer_defaults"

def vpuc_cc_binary(name, copts = [], deps = [], **kwargs):
    """A cc_binary with the project's flags."""
    cc_binary(name = name, copts = VPUC_COPTS + copts, deps = deps + [_SANITIZER_DEFAULTS], **kwargs)

def vpuc_cc_test(name, copts = [], deps = [], **kwargs):
    """A gtest binary: links gtest_main unless deps bring their own main."""
    cc_test(
        name = name,
        copts = VPUC_COPTS + copts,
        deps = deps + ["//third_party:gtest_main", _SANITIZER_DEFAULTS],
        **kwargs
    )

#===------------------------------------------------------------------------===#
# Tablegen
#===------------------------------------------------------------------------===#

def vpuc_td_library(name, srcs, deps = [], **kwargs):
    """A set of .td files plus the .td files they include (transitively through deps)."""
    native.filegroup(
        name = name,
        srcs = srcs + deps + ["@llvm//:td_files"],
        **kwargs
    )

def _tblgen_genrule(name, td_file, td_srcs, flags, out):
    native.genrule(
        name = name,
        srcs = [td_file] + td_srcs,
        outs = [out],
        tools = ["@llvm//:mlir_tblgen"],
        cmd = ("$(location @llvm//:mlir_tblgen) {flags} -I . -I $(GENDIR) " +
               "-I external/llvm/include " +
               "$(location {td}) -o $@").format(flags = flags, td = td_file),
    )

def vpuc_gentbl_cc_library(name, td_file, tbl_outs, deps = [], **kwargs):
    """Runs mlir-tblgen once per (flags, output) pair and exposes the outputs as textual headers.

    Args:
      name: the cc_library holding the generated .h.inc/.cpp.inc files.
      td_file: the main .td file.
      tbl_outs: list of (flags string, output file name) pairs.
      deps: vpuc_td_library targets with the .td files td_file includes.
    """
    outs = []
    for i, (flags, out) in enumerate(tbl_outs):
        _tblgen_genrule(
            name = "%s_gen_%d" % (name, i),
            td_file = td_file,
            td_srcs = deps,
            flags = flags,
            out = out,
        )
        outs.append(out)
    cc_library(
        name = name,
        textual_hdrs = outs,
        **kwargs
    )

def vpuc_tblgen(name, action, td_file, out, td_srcs = [], **kwargs):
    """Runs vpuc-tblgen's `action` (e.g. "gen-sw-kernel-abi") on `td_file` into `out`.

    `td_srcs`: the .td files `td_file` includes (e.g. a vpuc_td_library, which brings MLIR's own
    .td files from the @llvm repository).
    """
    native.genrule(
        name = name,
        srcs = [td_file] + td_srcs,
        outs = [out],
        tools = ["//tools/vpuc-tblgen"],
        cmd = ("$(location //tools/vpuc-tblgen) -%s -I . -I external/llvm/include " % action +
               "$(location %s) -o $@" % td_file),
        **kwargs
    )

def vpuc_kernel_tblgen(name, action, out, **kwargs):
    """vpuc_tblgen on the kernel contract (kernels/abi/SwKernels.td)."""
    vpuc_tblgen(
        name = name,
        action = action,
        td_file = "//kernels/abi:SwKernels.td",
        td_srcs = ["//kernels/abi:td_files"],
        out = out,
        **kwargs
    )

def vpuc_tablegen_doc(name, td_file, flags, out, deps = [], **kwargs):
    """Generates the markdown reference of a dialect, its ops or its passes."""
    _tblgen_genrule(
        name = name,
        td_file = td_file,
        td_srcs = deps,
        flags = flags,
        out = out,
    )

def vpuc_pass_library(name, td_file, pass_name, srcs, hdrs, deps = [], td_deps = [], **kwargs):
    """One pass package: its tablegen'd declarations, markdown docs and the C++ library.

    Args:
      name: the library (named after the package).
      td_file: the package's .td file with exactly one pass def.
      pass_name: the tablegen def name, used as -name for the generated group.
      srcs, hdrs, deps: as for cc_library.
      td_deps: vpuc_td_library targets the .td file includes.
    """
    vpuc_gentbl_cc_library(
        name = "PassIncGen",
        td_file = td_file,
        tbl_outs = [("-gen-pass-decls -name=" + pass_name, "Passes.h.inc")],
        deps = td_deps + ["@llvm//:td_files"],
    )
    vpuc_tablegen_doc(
        name = "docs",
        td_file = td_file,
        flags = "-gen-pass-doc",
        out = name + ".md",
        deps = td_deps + ["@llvm//:td_files"],
    )
    vpuc_cc_library(
        name = name,
        srcs = srcs,
        hdrs = hdrs,
        deps = deps + [":PassIncGen", "//third_party:mlir"],
        **kwargs
    )

#===------------------------------------------------------------------------===#
# lit
#===------------------------------------------------------------------------===#

def vpuc_lit_test_suite(name, srcs, tools = [], data = [], size = "small", **kwargs):
    """One sh_test running lit over the given .mlir (or other) test files of a directory.

    Args:
      srcs: the test files; each must start with a `// RUN:` line.
      tools: binaries the RUN lines call (e.g. //tools/vpuc-opt); their directories go on PATH.
      data: other files the tests read (inputs, pipeline specs).
    """
    native.sh_test(
        name = name,
        srcs = ["//tools/bazel:lit_runner.sh"],
        args = ["$(location %s)" % t for t in tools] + ["--"] + ["$(location %s)" % s for s in srcs],
        data = srcs + tools + data + [
            "//:lit.cfg.py",
            "@llvm//:lit_tools",
        ],
        size = size,
        **kwargs
    )

#===------------------------------------------------------------------------===#
# Protobuf and flatbuffers code generation
#===------------------------------------------------------------------------===#

def vpuc_proto_cc_library(name, src, deps = [], **kwargs):
    """protoc --cpp_out on one .proto file, compiled as a cc_library (`#include "<pkg>/<X>.pb.h"`)."""
    base = src[:-len(".proto")]
    native.genrule(
        name = name + "_protoc",
        srcs = [src],
        outs = [base + ".pb.h", base + ".pb.cc"],
        cmd = "protoc -I. --cpp_out=$(GENDIR) $(location %s)" % src,
    )
    cc_library(
        name = name,
        srcs = [base + ".pb.cc"],
        hdrs = [base + ".pb.h"],
        deps = deps + ["//third_party:protobuf"],
        **kwargs
    )

def vpuc_flatbuffers_cc_library(name, src, includes = [], flatc_args = [], deps = [], **kwargs):
    """flatc --cpp on one .fbs schema, exposed as a header-only cc_library (`<X>_generated.h`).

    `includes` are the (possibly generated) .fbs files `src` includes, by their path from the
    workspace root; their types are generated into the same header.
    """
    base = src[:-len(".fbs")]
    out = base + "_generated.h"
    native.genrule(
        name = name + "_flatc",
        srcs = [src] + includes,
        outs = [out],
        cmd = "flatc --cpp --scoped-enums --gen-all -I . -I $(GENDIR) %s -o $(@D) $(location %s)" % (" ".join(flatc_args), src),
    )
    cc_library(
        name = name,
        hdrs = [out],
        deps = deps + ["//third_party:flatbuffers"],
        **kwargs
    )

def vpuc_embed_file(name, src, symbol, namespace = "vpuc::embedded", **kwargs):
    """Embeds a text file (e.g. a pipeline spec) as a `const char <symbol>[]` in a cc_library."""
    native.genrule(
        name = name + "_gen",
        srcs = [src],
        outs = [name + ".cpp"],
        tools = ["//tools/bazel:embed_file.py"],
        cmd = "/usr/bin/python3 $(location //tools/bazel:embed_file.py) $(location %s) %s %s > $@" % (src, namespace, symbol),
    )
    cc_library(
        name = name,
        srcs = [name + ".cpp"],
        **kwargs
    )

#===------------------------------------------------------------------------===#
# Layering
#===------------------------------------------------------------------------===#

def vpuc_assert_no_dependency(name, targets, forbidden, **kwargs):
    """A test that fails when any of `targets` links (transitively) a package under `forbidden`.

    Args:
      targets: labels whose dependency closure is checked.
      forbidden: package prefixes such as "//dialects/" or "//tools/".
    """
    native.genquery(
        name = name + "_deps",
        expression = " + ".join(["deps(%s)" % t for t in targets]),
        scope = targets,
        opts = [
            "--noimplicit_deps",
            # Layering is about what a library links: build tools (generators) do not count.
            "--notool_deps",
        ],
    )
    native.sh_test(
        name = name,
        srcs = ["//tools/bazel:assert_no_dependency.sh"],
        args = ["$(location :%s_deps)" % name] + forbidden,
        data = [":%s_deps" % name],
        size = "small",
        **kwargs
    )

#===------------------------------------------------------------------------===#
# Fuzzing
#===------------------------------------------------------------------------===#

def vpuc_fuzz_target(name, srcs, corpus, deps = [], **kwargs):
    """A libFuzzer target and the replay test of its corpus (docs/reliability.md).

    Creates:
      `<name>_lib`: the target's LLVMFuzzerTestOneInput (srcs, deps).
      `<name>`: the fuzzer, linked with libFuzzer's main; tagged manual, as it builds only under
        `--config=fuzz` (clang); tools/fuzz.sh builds and runs it.
      `<name>_replay`: a cc_test (any compiler, no fuzzer runtime) that runs the target once on
        every file under `corpus`, so the normal test run replays the seeds and the regression
        inputs.

    Args:
      corpus: the corpus directory of the target, relative to the package.
    """
    cc_library(
        name = name + "_lib",
        srcs = srcs,
        copts = VPUC_COPTS,
        deps = deps,
        **kwargs
    )
    cc_binary(
        name = name,
        copts = VPUC_COPTS,
        linkopts = ["-fsanitize=fuzzer"],
        deps = [
            ":%s_lib" % name,
            _SANITIZER_DEFAULTS,
        ],
        tags = ["manual"],
        **kwargs
    )
    cc_test(
        name = name + "_replay",
        size = "small",
        args = ["%s/%s" % (native.package_name(), corpus)],
        data = native.glob([corpus + "/**"]),
        deps = [
            ":%s_lib" % name,
            "//tools/fuzz:replay_main",
            _SANITIZER_DEFAULTS,
        ],
        **kwargs
    )
