// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-write-in-place | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-write-in-place --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// A concatenation over channels in the CMX of cluster 0: the first branch is
// an NCE task copied into channels 0-15, the second a DMA into channels
// 16-31. The task writes its channels directly (a strided view of the
// concatenation buffer, created before it) and its copy is gone.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @concat_over_channels
func.func @concat_over_channels(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %other: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC> {
  // CHECK: %[[Y:.+]] = memref.alloc() : memref<1x32x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[P:.+]] = VPUIP.SubView %[[Y]] [0, 0, 0, 0] [1, 16, 4, 4]
  // CHECK-NEXT: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%[[P]] : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  // CHECK-NOT: VPUIP.NNDMA inputs(%[[T]]
  // CHECK: %[[Q:.+]] = VPUIP.SubView %[[Y]] [0, 16, 0, 0] [1, 16, 4, 4]
  // CHECK-NEXT: %[[D:.+]] = VPUIP.NNDMA inputs(%arg1 : {{.+}}) outputs(%[[Q]] :
  // CHECK-NEXT: %[[C:.+]] = VPUIP.ConcatView inputs(%[[T]], %[[D]] : {{.+}}) outputs(%[[Y]] :
  %y = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %y [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%other : memref<1x16x4x4xf16, #NHWC>) outputs(%q : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.ConcatView inputs(%1, %2 : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: VPUIP.NNDMA inputs(%[[C]] :
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  return %4 : memref<1x32x4x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@concat_over_channels: removed 1 CMX-to-CMX DMA task(s) (1 of NCE tasks, 0 of software kernels), 512 bytes

// -----

// Split over height: cluster 0's piece of rows 0-3 is the top of cluster 0's
// next input (rows 0-4); its last row is also the halo of cluster 1. The task
// writes rows 0-3 of the next input, the halo DMA reads a view of that (rebuilt
// on the new result), and the copy of cluster 1's row 4 stays.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @split_over_height
func.func @split_over_height(%in: memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %r1: memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %out: memref<1x16x5x8xf16, #NHWC>) -> memref<1x16x5x8xf16, #NHWC> {
  // CHECK: %[[A0:.+]] = memref.alloc() : memref<1x16x5x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[P:.+]] = VPUIP.SubView %[[A0]] [0, 0, 0, 0] [1, 16, 4, 8] : memref<1x16x5x8xf16, #map, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%[[P]] :
  %x = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  // CHECK: %[[H:.+]] = VPUIP.SubView %[[T]] [0, 0, 3, 0] [1, 16, 1, 8] : memref<1x16x4x8xf16, #map, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: VPUIP.NNDMA inputs(%[[H]] : {{.+}}) outputs(%{{.+}} : memref<1x16x1x8xf16, {{.+}}CMX_NN[1]>>)
  %h = VPUIP.SubView %0 [0, 0, 3, 0] [1, 16, 1, 8] : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a1 = memref.alloc() : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %a1top = VPUIP.SubView %a1 [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA inputs(%h : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%a1top : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NOT: VPUIP.NNDMA inputs(%[[T]]
  %a0 = memref.alloc() : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %a0 [0, 0, 0, 0] [1, 16, 4, 8] : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: %[[R:.+]] = VPUIP.SubView %arg1 [0, 0, 0, 0] [1, 16, 1, 8]
  // CHECK: %[[HALO:.+]] = VPUIP.NNDMA inputs(%[[R]] : {{.+}}) outputs(%{{.+}} :
  // CHECK: VPUIP.ConcatView inputs(%[[T]], %[[HALO]] :
  %r = VPUIP.SubView %r1 [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %pb = VPUIP.SubView %a0 [0, 0, 4, 0] [1, 16, 1, 8] : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%r : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%pb : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.ConcatView inputs(%2, %3 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%a0 : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%4 : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x5x8xf16, #NHWC>) -> memref<1x16x5x8xf16, #NHWC>
  return %5 : memref<1x16x5x8xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@split_over_height: removed 1 CMX-to-CMX DMA task(s) (1 of NCE tasks, 0 of software kernels), 1024 bytes

// -----

// A software kernel's result copied into the upper half of the channels of
// a buffer of its tile: the kernel writes that (strided) view, and its body
// takes the view's type.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @kernel
  func.func @kernel(%in: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %out: memref<1x32x2x4xf16, #NHWC>) -> memref<1x32x2x4xf16, #NHWC> {
    // CHECK: %[[P:.+]] = VPUIP.SubView %{{.+}} [0, 16, 0, 0] [1, 16, 2, 4]
    // CHECK-NEXT: %[[K:.+]] = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%arg0 : {{.+}}) outputs(%[[P]] : memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>> {
    // CHECK-NEXT: ^bb0(%{{.+}}: memref<1x16x2x4xf16, #map, #VPUIP.mem<CMX_NN[1]>>, %{{.+}}: memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>):
    %x = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%in : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%x : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> {
    ^bb0(%a: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %b: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>):
      VPUIP.SW.Kernel.run(%a, %b) : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    }
    // CHECK-NOT: VPUIP.NNDMA inputs(%[[K]]
    %y = memref.alloc() : memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %lo = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>
    %1 = VPUIP.NNDMA inputs(%in : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%lo : memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>
    %hi = VPUIP.SubView %y [0, 16, 0, 0] [1, 16, 2, 4] : memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%hi : memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>
    %3 = VPUIP.ConcatView inputs(%1, %2 : memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x2x4xf16, strided<[256, 1, 128, 32]>, #VPUIP.mem<CMX_NN[1]>>) outputs(%y : memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %4 = VPUIP.NNDMA inputs(%3 : memref<1x32x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1x32x2x4xf16, #NHWC>) -> memref<1x32x2x4xf16, #NHWC>
    return %4 : memref<1x32x2x4xf16, #NHWC>
  }
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@kernel: removed 1 CMX-to-CMX DMA task(s) (0 of NCE tasks, 1 of software kernels), 256 bytes
