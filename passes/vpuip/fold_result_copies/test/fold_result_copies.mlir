// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-fold-result-copies | FileCheck %s

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A convolution's result converted to f32 (NHWC), reordered to NCHW and
// copied into the output: the reorder writes the output, then the conversion
// kernel (element-wise: any layout) writes it in NCHW; both copies are gone.
module @chain {
  module @VPU.SW {
    func.func private @convert_f16_f32(memref<*xf16>, memref<*xf32>) attributes {VPUIP.kernel_entry = "convert"}
  }
  // CHECK-LABEL: func.func @chain
  func.func @chain(%x: memref<1x2x4x4xf16, #NHWC>, %out: memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32> {
    // CHECK-NOT: memref.alloc
    // CHECK: %[[K:.+]] = VPUIP.SW.Kernel @VPU.SW::@convert_f16_f32 on tile 0 inputs(%arg0 : memref<1x2x4x4xf16, #{{.+}}>) outputs(%arg1 : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32> {
    // CHECK-NEXT: ^bb0(%{{.+}}: memref<1x2x4x4xf16, #{{.+}}>, %[[O:.+]]: memref<1x2x4x4xf32>):
    // CHECK-NEXT: VPUIP.SW.Kernel.run(%{{.+}}, %[[O]]) : memref<1x2x4x4xf16, #{{.+}}>, memref<1x2x4x4xf32>
    // CHECK-NOT: VPUIP.Copy
    // CHECK: return %[[K]] : memref<1x2x4x4xf32>
    %a = memref.alloc() : memref<1x2x4x4xf32, #NHWC>
    %0 = VPUIP.SW.Kernel @VPU.SW::@convert_f16_f32 on tile 0 inputs(%x : memref<1x2x4x4xf16, #NHWC>) outputs(%a : memref<1x2x4x4xf32, #NHWC>) -> memref<1x2x4x4xf32, #NHWC> {
    ^bb0(%i: memref<1x2x4x4xf16, #NHWC>, %o: memref<1x2x4x4xf32, #NHWC>):
      VPUIP.SW.Kernel.run(%i, %o) : memref<1x2x4x4xf16, #NHWC>, memref<1x2x4x4xf32, #NHWC>
    }
    %b = memref.alloc() : memref<1x2x4x4xf32>
    %1 = VPUIP.Copy inputs(%0 : memref<1x2x4x4xf32, #NHWC>) outputs(%b : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32>
    %2 = VPUIP.Copy inputs(%1 : memref<1x2x4x4xf32>) outputs(%out : memref<1x2x4x4xf32>) -> memref<1x2x4x4xf32>
    return %2 : memref<1x2x4x4xf32>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Left alone: a kernel that is not element-wise (softmax: its contract is
// over the whole axis, its layouts not free); the DMA reorder in front of it
// folds (a copy writes any layout).
module @softmax {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax"}
  }
  // CHECK-LABEL: func.func @softmax
  func.func @softmax(%x: memref<1x2x4x4xf16, #NHWC>, %out: memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16> {
    // CHECK: %[[A:.+]] = memref.alloc() : memref<1x2x4x4xf16, #{{.+}}>
    // CHECK: %[[K:.+]] = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%arg0 : {{.+}}) outputs(%[[A]] :
    // CHECK: %[[C:.+]] = VPUIP.NNDMA inputs(%[[K]] : memref<1x2x4x4xf16, #{{.+}}>) outputs(%arg1 : memref<1x2x4x4xf16>)
    // CHECK-NEXT: return %[[C]]
    %a = memref.alloc() : memref<1x2x4x4xf16, #NHWC>
    %0 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%x : memref<1x2x4x4xf16, #NHWC>) outputs(%a : memref<1x2x4x4xf16, #NHWC>) -> memref<1x2x4x4xf16, #NHWC> {
    ^bb0(%i: memref<1x2x4x4xf16, #NHWC>, %o: memref<1x2x4x4xf16, #NHWC>):
      VPUIP.SW.Kernel.run(%i, %o, 1) : memref<1x2x4x4xf16, #NHWC>, memref<1x2x4x4xf16, #NHWC>
    }
    %b = memref.alloc() : memref<1x2x4x4xf16>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1x2x4x4xf16, #NHWC>) outputs(%b : memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16>
    %2 = VPUIP.NNDMA inputs(%1 : memref<1x2x4x4xf16>) outputs(%out : memref<1x2x4x4xf16>) -> memref<1x2x4x4xf16>
    return %2 : memref<1x2x4x4xf16>
  }
}

// -----

// Left alone: the copied value has another reader (a second result), its
// buffer is a view, or it is in CMX while the output is in DDR.
// CHECK-LABEL: func.func @kept
func.func @kept(%x: memref<1x32xf16>, %y: memref<1x16xf16>, %z: memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>,
                %o1: memref<1x32xf16>, %o2: memref<1x32xf16>, %o3: memref<1x16xf16>, %o4: memref<1x16xf16>)
    -> (memref<1x32xf16>, memref<1x32xf16>, memref<1x16xf16>, memref<1x16xf16>) {
  // CHECK: %[[A:.+]] = memref.alloc() : memref<1x32xf16>
  // CHECK: %[[R:.+]] = VPUIP.Copy inputs(%arg0 : memref<1x32xf16>) outputs(%[[A]] :
  // CHECK: VPUIP.Copy inputs(%[[R]] : memref<1x32xf16>) outputs(%arg3 :
  // CHECK: VPUIP.Copy inputs(%[[R]] : memref<1x32xf16>) outputs(%arg4 :
  %a = memref.alloc() : memref<1x32xf16>
  %0 = VPUIP.Copy inputs(%x : memref<1x32xf16>) outputs(%a : memref<1x32xf16>) -> memref<1x32xf16>
  %1 = VPUIP.Copy inputs(%0 : memref<1x32xf16>) outputs(%o1 : memref<1x32xf16>) -> memref<1x32xf16>
  %2 = VPUIP.Copy inputs(%0 : memref<1x32xf16>) outputs(%o2 : memref<1x32xf16>) -> memref<1x32xf16>
  // CHECK: %[[V:.+]] = VPUIP.SubView
  // CHECK: %[[S:.+]] = VPUIP.Copy inputs(%arg1 : memref<1x16xf16>) outputs(%[[V]] :
  // CHECK: VPUIP.Copy inputs(%[[S]] : memref<1x16xf16>) outputs(%arg5 :
  %b = memref.alloc() : memref<1x32xf16>
  %v = VPUIP.SubView %b [0, 0] [1, 16] : memref<1x32xf16> to memref<1x16xf16>
  %3 = VPUIP.Copy inputs(%y : memref<1x16xf16>) outputs(%v : memref<1x16xf16>) -> memref<1x16xf16>
  %4 = VPUIP.Copy inputs(%3 : memref<1x16xf16>) outputs(%o3 : memref<1x16xf16>) -> memref<1x16xf16>
  // CHECK: %[[C:.+]] = memref.alloc() : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: %[[T:.+]] = VPUIP.Copy inputs(%arg2 : {{.+}}) outputs(%[[C]] :
  // CHECK: VPUIP.Copy inputs(%[[T]] : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%arg6 :
  %c = memref.alloc() : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.Copy inputs(%z : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%c : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>
  %6 = VPUIP.Copy inputs(%5 : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%o4 : memref<1x16xf16>) -> memref<1x16xf16>
  return %1, %2, %4, %6 : memref<1x32xf16>, memref<1x32xf16>, memref<1x16xf16>, memref<1x16xf16>
}
