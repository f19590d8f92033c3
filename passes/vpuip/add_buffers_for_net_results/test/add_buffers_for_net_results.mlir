// RUN: vpuc-opt %s --vpuc-vpuip-add-buffers-for-net-results --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-add-buffers-for-net-results="use-dma=true" --split-input-file | FileCheck %s --check-prefix=DMA

// One result: a trailing output argument, a copy into it, and the copy returned.
// CHECK-LABEL: func.func @one_result
// CHECK-SAME: (%[[IN:.+]]: memref<1x8xf16>, %[[OUT:.+]]: memref<1x8xf16>) -> memref<1x8xf16>
// DMA-LABEL: func.func @one_result
func.func @one_result(%in: memref<1x8xf16>) -> memref<1x8xf16> {
  // CHECK: %[[BUF:.+]] = memref.alloc() : memref<1x8xf16>
  %buf = memref.alloc() : memref<1x8xf16>
  // CHECK: %[[R:.+]] = VPUIP.NNDMA inputs(%[[IN]] : memref<1x8xf16>) outputs(%[[BUF]] : memref<1x8xf16>)
  %r = VPUIP.NNDMA inputs(%in : memref<1x8xf16>) outputs(%buf : memref<1x8xf16>) -> memref<1x8xf16>
  // CHECK: %[[C:.+]] = VPUIP.Copy inputs(%[[R]] : memref<1x8xf16>) outputs(%[[OUT]] : memref<1x8xf16>) -> memref<1x8xf16>
  // CHECK: return %[[C]] : memref<1x8xf16>
  // DMA: %[[R:.+]] = VPUIP.NNDMA inputs
  // DMA: %[[C:.+]] = VPUIP.NNDMA inputs(%[[R]] : memref<1x8xf16>) outputs(%{{.+}} : memref<1x8xf16>) -> memref<1x8xf16>
  // DMA-NOT: VPUIP.Copy
  // DMA: return %[[C]] : memref<1x8xf16>
  return %r : memref<1x8xf16>
}

// -----

// Several results, in order; an input returned as is and a value returned twice are copied too.
// CHECK-LABEL: func.func @several_results
// CHECK-SAME: (%[[IN:[^:]+]]: memref<4xf32>, %[[O0:[^:]+]]: memref<4xf32>, %[[O1:[^:]+]]: memref<4xf32>, %[[O2:[^:]+]]: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>)
func.func @several_results(%in: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %buf = memref.alloc() : memref<4xf32>
  // CHECK: %[[R:.+]] = VPUIP.NNDMA
  %r = VPUIP.NNDMA inputs(%in : memref<4xf32>) outputs(%buf : memref<4xf32>) -> memref<4xf32>
  // CHECK: %[[C0:.+]] = VPUIP.Copy inputs(%[[R]] : memref<4xf32>) outputs(%[[O0]] : memref<4xf32>)
  // CHECK: %[[C1:.+]] = VPUIP.Copy inputs(%[[IN]] : memref<4xf32>) outputs(%[[O1]] : memref<4xf32>)
  // CHECK: %[[C2:.+]] = VPUIP.Copy inputs(%[[R]] : memref<4xf32>) outputs(%[[O2]] : memref<4xf32>)
  // CHECK: return %[[C0]], %[[C1]], %[[C2]]
  return %r, %in, %r : memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// The output buffer is compact, in DDR and in the result's order, whatever the result's strides and memory.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @layouts
// CHECK-SAME: %{{[^:]+}}: memref<1x16x4x4xf16, #[[$NHWC]]>, %[[O0:[^:]+]]: memref<1x8x4x4xf16, #[[$NHWC]]>, %[[O1:[^:]+]]: memref<1x16x4x4xf16, #[[$NHWC]]>)
// CHECK-SAME: -> (memref<1x8x4x4xf16, #[[$NHWC]]>, memref<1x16x4x4xf16, #[[$NHWC]]>)
func.func @layouts(%in: memref<1x16x4x4xf16, #NHWC>) -> (memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %view = VPUIP.SubView %in [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %cmx = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16, #NHWC>) outputs(%cmx : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: %[[C0:.+]] = VPUIP.Copy inputs(%{{.+}} : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%[[O0]] : memref<1x8x4x4xf16, #[[$NHWC]]>) -> memref<1x8x4x4xf16, #[[$NHWC]]>
  // CHECK: %[[C1:.+]] = VPUIP.Copy inputs(%{{.+}} : memref<1x16x4x4xf16, #[[$NHWC]], #VPUIP.mem<CMX_NN[0]>>) outputs(%[[O1]] : memref<1x16x4x4xf16, #[[$NHWC]]>) -> memref<1x16x4x4xf16, #[[$NHWC]]>
  // CHECK: return %[[C0]], %[[C1]]
  return %view, %r : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Private functions, declarations and functions without results are left alone; argument attributes stay.
// CHECK-LABEL: func.func private @helper(%{{.+}}: memref<4xf16>) -> memref<4xf16>
func.func private @helper(%in: memref<4xf16>) -> memref<4xf16> {
  return %in : memref<4xf16>
}
// CHECK-LABEL: func.func private @kernel(memref<*xf16>, memref<*xf16>)
func.func private @kernel(memref<*xf16>, memref<*xf16>)
// CHECK-LABEL: func.func @no_results(%{{.+}}: memref<4xf16>)
// CHECK-NOT: VPUIP.Copy
func.func @no_results(%in: memref<4xf16>) {
  return
}
// CHECK-LABEL: func.func @arg_attrs
// CHECK-SAME: (%{{.+}}: memref<4xf16> {test.name = "x"}, %{{[^:]+}}: memref<4xf16>) -> memref<4xf16>
func.func @arg_attrs(%in: memref<4xf16> {test.name = "x"}) -> memref<4xf16> {
  return %in : memref<4xf16>
}

// -----

// A network description naming the function is not a call: the function is converted.
// CHECK-LABEL: IE.CNNNetwork entryPoint : @described
// CHECK-LABEL: func.func @described
// CHECK-SAME: (%{{.+}}: memref<4xf16>, %[[OUT:.+]]: memref<4xf16>) -> memref<4xf16>
// CHECK: VPUIP.Copy inputs(%{{.+}} : memref<4xf16>) outputs(%[[OUT]] : memref<4xf16>)
IE.CNNNetwork entryPoint : @described inputsInfo : {
  IE.DataInfo "input" : tensor<4xf16> precision f16
} outputsInfo : {
  IE.DataInfo "output" : tensor<4xf16> precision f16
}
func.func @described(%in: memref<4xf16>) -> memref<4xf16> {
  return %in : memref<4xf16>
}
