// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-write-in-place | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-write-in-place --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// Copies the pass leaves alone: each function copies the result %0 of a pool
// on cluster 0 into a buffer, and the copy must stay.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// Into the CMX of another cluster: the task cannot write there.
// CHECK-LABEL: func.func @other_cluster
func.func @other_cluster(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[T]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %2 : memref<1x16x4x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@other_cluster: removed 0 CMX-to-CMX DMA task(s)

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// Only a part of the result is copied (its first 2 rows).
// CHECK-LABEL: func.func @part_of_result
func.func @part_of_result(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
  // CHECK: %[[V:.+]] = VPUIP.SubView %[[T]]
  // CHECK: VPUIP.NNDMA inputs(%[[V]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %v = VPUIP.SubView %0 [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%v : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  return %2 : memref<1x16x2x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@part_of_result: removed 0 CMX-to-CMX DMA task(s)

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// Another DMA writes rows of the target part too: the task's values would be
// overwritten before the copy's.
// CHECK-LABEL: func.func @part_written_twice
func.func @part_written_twice(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %other: memref<1x16x1x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[T]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r = VPUIP.SubView %y [0, 0, 1, 0] [1, 16, 1, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%other : memref<1x16x1x4xf16, #NHWC>) outputs(%r : memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %3 : memref<1x16x4x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@part_written_twice: removed 0 CMX-to-CMX DMA task(s)

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// The result is also reshaped, which a strided view cannot be.
// CHECK-LABEL: func.func @reshaped_result
func.func @reshaped_result(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x32x4x4xf16, #NHWC>, %flat: memref<256xf16>) -> memref<1x32x4x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[T]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %g = VPUIP.GenericReshape %0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<256xf16, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%g : memref<256xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%flat : memref<256xf16>) -> memref<256xf16>
  %y = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %y [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%q : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.ConcatView inputs(%1, %2 : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  return %4 : memref<1x32x4x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@reshaped_result: removed 0 CMX-to-CMX DMA task(s)

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// A DMA writes the task's buffer after the task: the buffer is not the task's
// alone.
// CHECK-LABEL: func.func @buffer_written_again
func.func @buffer_written_again(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %other: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[T]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%other : memref<1x16x4x4xf16, #NHWC>) outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %3 : memref<1x16x4x4xf16, #NHWC>
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@buffer_written_again: removed 0 CMX-to-CMX DMA task(s)

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// With 1024 bytes of CMX, the pool's input (512 bytes) and the whole
// destination (1024 bytes) do not fit together: the pool keeps its buffer.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @too_large
func.func @too_large(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %other: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC> {
  // CHECK: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[T]] :
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %y [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%other : memref<1x16x4x4xf16, #NHWC>) outputs(%q : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.ConcatView inputs(%1, %2 : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  return %4 : memref<1x32x4x4xf16, #NHWC>
}
}
// LOG: [vpuc-vpuip-write-in-place] {{.*}}@too_large: removed 0 CMX-to-CMX DMA task(s)
