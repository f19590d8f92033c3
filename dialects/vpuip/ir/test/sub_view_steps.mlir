// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file | FileCheck %s
// VPUIP.SubView with steps (`static_strides`): the result strides are the source's times the
// steps; a part that stays compact keeps the source's order.

// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @steps
func.func @steps(%src: memref<1x16x4x4xf16, #NHWC>, %plain: memref<4x8xf16>) {
  // Every other channel and row of NHWC.
  // CHECK: VPUIP.SubView %{{.+}} [0, 1, 0, 0] [1, 8, 2, 4] steps [1, 2, 2, 1] : memref<1x16x4x4xf16, #[[$NHWC]]> to memref<1x8x2x4xf16, strided<[256, 2, 128, 16]>>
  %0 = VPUIP.SubView %src [0, 1, 0, 0] [1, 8, 2, 4] steps [1, 2, 2, 1]
      : memref<1x16x4x4xf16, #NHWC> to memref<1x8x2x4xf16, strided<[256, 2, 128, 16]>>
  // Every third column from column 1.
  // CHECK: VPUIP.SubView %{{.+}} [0, 1] [4, 3] steps [1, 3] : memref<4x8xf16> to memref<4x3xf16, strided<[8, 3]>>
  %1 = VPUIP.SubView %plain [0, 1] [4, 3] steps [1, 3] : memref<4x8xf16> to memref<4x3xf16, strided<[8, 3]>>
  // A step on a dim of one element does not matter: the part is compact.
  // CHECK: VPUIP.SubView %{{.+}} [2, 0] [1, 8] steps [5, 1] : memref<4x8xf16> to memref<1x8xf16>
  %2 = VPUIP.SubView %plain [2, 0] [1, 8] steps [5, 1] : memref<4x8xf16> to memref<1x8xf16>
  // Steps on a strided view multiply its strides.
  // CHECK: VPUIP.SubView %{{.+}} [0, 0] [2, 2] steps [3, 2] : memref<4x3xf16, strided<[8, 3]>> to memref<2x2xf16, strided<[24, 6]>>
  %3 = VPUIP.SubView %1 [0, 0] [2, 2] steps [3, 2] : memref<4x3xf16, strided<[8, 3]>> to memref<2x2xf16, strided<[24, 6]>>
  return
}

// -----

// Steps whose last element is the dim's last.
// CHECK-LABEL: func.func @last_element
// CHECK: VPUIP.SubView %{{.+}} [1] [3] steps [3] : memref<8xui8> to memref<3xui8, strided<[3]>>
func.func @last_element(%src: memref<8xui8>) {
  %0 = VPUIP.SubView %src [1] [3] steps [3] : memref<8xui8> to memref<3xui8, strided<[3]>>
  return
}
