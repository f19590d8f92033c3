// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
// Invalid steps of VPUIP.SubView.

func.func @steps_rank(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op has 1 steps for a source of rank 2}}
  %0 = VPUIP.SubView %src [0, 0] [2, 4] steps [2] : memref<4x8xf16> to memref<2x4xf16, strided<[16, 1]>>
  return
}

// -----

func.func @step_zero(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op step 0 of dimension 1 is not positive}}
  %0 = VPUIP.SubView %src [0, 0] [2, 4] steps [2, 0] : memref<4x8xf16> to memref<2x4xf16, strided<[16, 1]>>
  return
}

// -----

func.func @step_negative(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op step -1 of dimension 0 is not positive}}
  %0 = VPUIP.SubView %src [3, 0] [2, 8] steps [-1, 1] : memref<4x8xf16> to memref<2x8xf16, strided<[8, 1]>>
  return
}

// -----

func.func @steps_out_of_range(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op offset 2 and size 3 with step 3 of dimension 1 are out of range for a source dimension of 8}}
  %0 = VPUIP.SubView %src [0, 2] [4, 3] steps [1, 3] : memref<4x8xf16> to memref<4x3xf16, strided<[8, 3]>>
  return
}

// -----

func.func @steps_all_one(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op has steps that are all 1: leave 'static_strides' out instead}}
  %0 = VPUIP.SubView %src [0, 0] [2, 8] steps [1, 1] : memref<4x8xf16> to memref<2x8xf16>
  return
}

// -----

func.func @steps_wrong_type(%src: memref<4x8xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op result type 'memref<2x8xf16, strided<[8, 1]>>' differs from the inferred type 'memref<2x8xf16, strided<[16, 1]>>'}}
  %0 = VPUIP.SubView %src [0, 0] [2, 8] steps [2, 1] : memref<4x8xf16> to memref<2x8xf16, strided<[8, 1]>>
  return
}
