// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling))'
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: cannot use a CMX budget of -1 bytes (option cmx-bytes of vpuc-vpu-tiling): it is negative

// Without target resources the budget must be given.
// expected-error @+1 {{'func.func' op has no CMX budget for vpuc-vpu-tiling: the module has no VPUIP.resources (run vpuc-init-compiler) and the option cmx-bytes is 0}}
func.func @no_budget() {
  return
}
