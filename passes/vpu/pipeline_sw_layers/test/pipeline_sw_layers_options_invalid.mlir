// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{tiles=1}))' 2>&1 | FileCheck %s --check-prefix=TILES
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{min-tile-bytes=-1}))' 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{max-weights-ratio=-0.5}))' 2>&1 | FileCheck %s --check-prefix=WEIGHTS
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{max-cmx-share=0}))' 2>&1 | FileCheck %s --check-prefix=SHARE

// TILES: 'func.func' op cannot cut NCE ops into 1 row tiles (option tiles of vpuc-vpu-pipeline-sw-layers): it is below 2
// BYTES: 'func.func' op cannot keep parts of at least -1 bytes (option min-tile-bytes of vpuc-vpu-pipeline-sw-layers): it is negative
// WEIGHTS: 'func.func' op cannot allow weights of -5.000000e-01 times a part's bytes (option max-weights-ratio of vpuc-vpu-pipeline-sw-layers): it is negative
// SHARE: 'func.func' op cannot keep tensors within a share of 0.000000e+00 of the CMX (option max-cmx-share of vpuc-vpu-pipeline-sw-layers): it is not above 0
func.func @f() {
  return
}
