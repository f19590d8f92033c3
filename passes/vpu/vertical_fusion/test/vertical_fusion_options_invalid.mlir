// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion))'
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=8000 share=0}))' 2>&1 | FileCheck %s --check-prefix=SHARE
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=8000 max-recompute=0.5}))' 2>&1 | FileCheck %s --check-prefix=RECOMPUTE
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-vertical-fusion{cmx-bytes=8000 tail-share=1.5}))' 2>&1 | FileCheck %s --check-prefix=TAIL

// NEGATIVE: has no CMX budget for vpuc-vpu-vertical-fusion: the option cmx-bytes is -1 (negative)
// SHARE: cannot fuse within a share of 0.000000e+00 of the CMX budget (option share of vpuc-vpu-vertical-fusion): it is not in (0, 1]
// TAIL: cannot keep whole results within a share of 1.500000e+00 of the CMX budget (option tail-share of vpuc-vpu-vertical-fusion): it is not in (0, 1]
// RECOMPUTE: cannot recompute 5.000000e-01 times the producer's rows (option max-recompute of vpuc-vpu-vertical-fusion): it is below 1

// Without target resources the budget must be given.
// expected-error @+1 {{'func.func' op has no CMX budget for vpuc-vpu-vertical-fusion: the option cmx-bytes is 0 and the module has no VPUIP.resources (run vpuc-init-compiler)}}
func.func @no_budget() {
  return
}
