# -*- Python -*-
# The lit configuration shared by every test suite of the repository.
# Bazel runs lit through tools/bazel/lit_runner.sh, which puts the tools under test first on PATH.
import os

import lit.formats

config.name = "vpuc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".textproto", ".test"]
config.excludes = ["Inputs", "BUILD", "BUILD.bazel"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.environ.get("TEST_TMPDIR", "/tmp/vpuc-lit")

config.environment["PATH"] = os.environ["PATH"]
for var in ["HOME", "TMPDIR", "TEST_TMPDIR", "LD_LIBRARY_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

# FileCheck always with --enable-var-scope; run lines name tools as they are on PATH.
config.substitutions.append(("FileCheck", "FileCheck --enable-var-scope"))
# Debian's Python with NumPy, for tests that make their input files.
config.substitutions.append(("%python", "/usr/bin/python3"))
