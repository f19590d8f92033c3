// RUN: vpuc-opt %s --vpuc-vpuip-optimize-copies | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-optimize-copies --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// Two 1x1 convolutions (16 to 64 channels) split over H on two clusters, the
// next layer reading a halo row of the other cluster, with a CMX of 32768
// bytes: a cluster's result (16384 bytes) and the next layer's input (17408
// bytes) do not fit together, so no DMA can copy one into the other within
// the cluster; the convolution's input, weights and weights table (7168
// bytes) and the next layer's input fit in three quarters of it. Each
// convolution writes its rows of the next input itself; only the halo rows
// are copied.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 32768, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @in_place
func.func @in_place(%in0: memref<1x16x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in1: memref<1x16x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>,
    %w0: memref<64x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %t0: memref<64x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>,
    %w1: memref<64x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %t1: memref<64x1x1x4xi32, #VPUIP.mem<CMX_NN[1]>>) -> (memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
  // CHECK: %[[Y0:.+]] = memref.alloc() : memref<1x64x17x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[P00:.+]] = VPUIP.SubView %[[Y0]] [0, 0, 0, 0] [1, 64, 16, 8]
  // CHECK-NEXT: %[[T0:.+]] = VPUIP.NCEClusterTask<CONV> {{.+}} outputs(%[[P00]] : memref<1x64x16x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: %[[Y1:.+]] = memref.alloc() : memref<1x64x17x8xf16, #map, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NEXT: %[[P11:.+]] = VPUIP.SubView %[[Y1]] [0, 0, 1, 0] [1, 64, 16, 8]
  // CHECK-NEXT: %[[T1:.+]] = VPUIP.NCEClusterTask<CONV> {{.+}} outputs(%[[P11]] : memref<1x64x16x8xf16, #map, #VPUIP.mem<CMX_NN[1]>>)
  // CHECK: %[[H1:.+]] = VPUIP.SubView %[[T1]] [0, 0, 0, 0] [1, 64, 1, 8]
  // CHECK-NEXT: %[[P01:.+]] = VPUIP.SubView %[[Y0]] [0, 0, 16, 0] [1, 64, 1, 8]
  // CHECK-NEXT: %[[C01:.+]] = VPUIP.NNDMA inputs(%[[H1]] : {{.+}}) outputs(%[[P01]] :
  // CHECK-NEXT: %[[R0:.+]] = VPUIP.ConcatView inputs(%[[T0]], %[[C01]] : {{.+}}) outputs(%[[Y0]] :
  // CHECK-NEXT: %[[H0:.+]] = VPUIP.SubView %[[T0]] [0, 0, 15, 0] [1, 64, 1, 8]
  // CHECK-NEXT: %[[P10:.+]] = VPUIP.SubView %[[Y1]] [0, 0, 0, 0] [1, 64, 1, 8]
  // CHECK-NEXT: %[[C10:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[H0]] : {{.+}}) outputs(%[[P10]] :
  // CHECK-NEXT: %[[R1:.+]] = VPUIP.ConcatView inputs(%[[C10]], %[[T1]] : {{.+}}) outputs(%[[Y1]] :
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK: return %[[R0]], %[[R1]]
  %x0 = memref.alloc() : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in0 : memref<1x16x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w0 : memref<64x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%t0 : memref<64x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x0 : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 15, 63] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %x1 = memref.alloc() : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in1 : memref<1x16x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      weights(%w1 : memref<64x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      weights_table(%t1 : memref<64x1x1x4xi32, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%x1 : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 15, 63] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %d = memref.alloc() : memref<1x64x32x8xf16, #NHWC>
  %d0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 64, 16, 8] : memref<1x64x32x8xf16, #NHWC> to memref<1x64x16x8xf16, #NHWC>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d0 : memref<1x64x16x8xf16, #NHWC>) -> memref<1x64x16x8xf16, #NHWC>
  %d1 = VPUIP.SubView %d [0, 0, 16, 0] [1, 64, 16, 8] : memref<1x64x32x8xf16, #NHWC> to memref<1x64x16x8xf16, #NHWC>
  %3 = VPUIP.NNDMA {port = 1 : i64} inputs(%1 : memref<1x64x16x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%d1 : memref<1x64x16x8xf16, #NHWC>) -> memref<1x64x16x8xf16, #NHWC>
  %4 = VPUIP.ConcatView inputs(%2, %3 : memref<1x64x16x8xf16, #NHWC>, memref<1x64x16x8xf16, #NHWC>) outputs(%d : memref<1x64x32x8xf16, #NHWC>) -> memref<1x64x32x8xf16, #NHWC>
  %r0 = VPUIP.SubView %4 [0, 0, 0, 0] [1, 64, 17, 8] : memref<1x64x32x8xf16, #NHWC> to memref<1x64x17x8xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%r0 : memref<1x64x17x8xf16, #NHWC>) outputs(%y0 : memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.SubView %4 [0, 0, 15, 0] [1, 64, 17, 8] : memref<1x64x32x8xf16, #NHWC> to memref<1x64x17x8xf16, #NHWC>
  %y1 = memref.alloc() : memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %6 = VPUIP.NNDMA {port = 1 : i64} inputs(%r1 : memref<1x64x17x8xf16, #NHWC>) outputs(%y1 : memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  return %5, %6 : memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x64x17x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
}
}
// LOG: @in_place: removed 2 DMA task(s): 0 DDR round trip(s) within a cluster, 2 replaced by 2 CMX-to-CMX DMA(s), 2 DMA(s) into DDR erased, 2 part(s) written in place by their task
