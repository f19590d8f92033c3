// RUN: not vpuc-opt %s --vpuc-init-compiler 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not vpuc-opt %s --vpuc-init-compiler=arch=VPUX99XX 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not vpuc-opt %s --vpuc-init-compiler=arch=%S/Inputs/missing.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFILE
// RUN: not vpuc-opt %s --vpuc-init-compiler=arch=%S/Inputs/incomplete.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFILE

// MISSING: init_compiler_options_invalid.mlir:[[# @LINE + 4]]:1: error: no target: set the 'arch' option of vpuc-init-compiler to a known target (VPUX30XX, VPUX37XX) or to the path of a .textproto target description
// UNKNOWN: error: unknown target 'VPUX99XX'; known targets: VPUX30XX, VPUX37XX (or a path to a .textproto target description)
// NOFILE: error: {{.*}}/Inputs/missing.textproto: cannot read: No such file or directory
// BADFILE: error: {{.*}}/Inputs/incomplete.textproto: field 'frequency_mhz' must be a number in [0.001, 1e6] (it is missing)
module @net {
}
