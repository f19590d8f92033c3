// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling))'
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000 prefetch-share=1.5}))' 2>&1 | FileCheck %s --check-prefix=SHARE
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000 stream-weights-share=-0.5}))' 2>&1 | FileCheck %s --check-prefix=STREAM
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000 stream-weights-share=0.5}))' 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000 stream-weights-ratio=-1}))' 2>&1 | FileCheck %s --check-prefix=RATIO

// SHARE: cannot tile within a share of 1.500000e+00 of the CMX budget (option prefetch-share of vpuc-vpu-tiling): it is not in [0, 1]
// STREAM: cannot stream weights within a share of -5.000000e-01 of the CMX budget (option stream-weights-share of vpuc-vpu-tiling): it is not in [0, 1]
// NOTARGET: has no target for the cost model of vpuc-vpu-tiling's stream-weights-share: the module has no VPUIP.resources (run vpuc-init-compiler)
// RATIO: cannot stream weights above a ratio of -1.000000e+00 (option stream-weights-ratio of vpuc-vpu-tiling): it is negative
// NEGATIVE: cannot use a CMX budget of -1 bytes (option cmx-bytes of vpuc-vpu-tiling): it is negative

// Without target resources the budget must be given.
// expected-error @+1 {{'func.func' op has no CMX budget for vpuc-vpu-tiling: the module has no VPUIP.resources (run vpuc-init-compiler) and the option cmx-bytes is 0}}
func.func @no_budget() {
  return
}
