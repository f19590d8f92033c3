// RUN: vpuc-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// Tasks and copies write their output buffers: never removed or merged, even
// with unused results. Allocations and views are pure: unused ones go, equal
// ones merge.
module {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  // CHECK-LABEL: func.func @effects
  func.func @effects(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x8x4x4xf16> {
    // CHECK-NOT: VPUIP.StaticAlloc<64>
    %dead = VPUIP.StaticAlloc<64> -> memref<1x16x4x4xf16>
    // CHECK: %[[BUF:.+]] = VPUIP.StaticAlloc<0>
    // CHECK-NOT: VPUIP.StaticAlloc<0>
    %buf = VPUIP.StaticAlloc<0> -> memref<1x16x4x4xf16>
    %buf2 = VPUIP.StaticAlloc<0> -> memref<1x16x4x4xf16>
    // CHECK-COUNT-2: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16>) outputs(%[[BUF]]
    %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%buf : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
    %1 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%buf2 : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
    // CHECK: VPUIP.Copy
    %2 = VPUIP.Copy inputs(%in : memref<1x16x4x4xf16>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@relu
    %3 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<1x16x4x4xf16>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
    ^bb0(%a: memref<1x16x4x4xf16>, %b: memref<1x16x4x4xf16>):
      VPUIP.SW.Kernel.run(%a, %b) : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>
    }
    // CHECK: %[[VIEW:.+]] = VPUIP.SubView %{{.+}} [0, 8, 0, 0] [1, 8, 4, 4]
    // CHECK-NOT: VPUIP.SubView
    %v0 = VPUIP.SubView %out [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
    %v1 = VPUIP.SubView %out [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
    %unused = VPUIP.SubView %out [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
    // CHECK-NOT: VPUIP.ConcatView
    %c = VPUIP.ConcatView inputs(%v0, %v1 : memref<1x8x4x4xf16>, memref<1x8x4x4xf16>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
    // CHECK: return %[[VIEW]]
    return %v1 : memref<1x8x4x4xf16>
  }
}

// -----

// A reshape to its own type is its input; a reshape of a reshape reads the
// first input.
// CHECK-LABEL: func.func @generic_reshape_folds
// CHECK-SAME: (%[[X:.+]]: memref<2x3x4xf16>)
func.func @generic_reshape_folds(%x: memref<2x3x4xf16>) -> (memref<2x3x4xf16>, memref<24xf16>) {
  %0 = VPUIP.GenericReshape %x : memref<2x3x4xf16> to memref<2x3x4xf16>
  %1 = VPUIP.GenericReshape %0 : memref<2x3x4xf16> to memref<6x4xf16>
  // CHECK: %[[R:.+]] = VPUIP.GenericReshape %[[X]] : memref<2x3x4xf16> to memref<24xf16>
  // CHECK-NOT: VPUIP.GenericReshape
  %2 = VPUIP.GenericReshape %1 : memref<6x4xf16> to memref<24xf16>
  // CHECK: return %[[X]], %[[R]]
  return %0, %2 : memref<2x3x4xf16>, memref<24xf16>
}
