// RUN: vpuc-opt %s --pipeline=reference_sw --pipeline-option=vpuc-init-compiler.arch=VPUX37XX \
// RUN:   | FileCheck %s --check-prefixes=CHECK,X37
// RUN: vpuc-opt %s --pipeline-spec=%S/../reference_sw.textproto --pipeline-option=vpuc-init-compiler.arch=VPUX30XX \
// RUN:   | FileCheck %s --check-prefixes=CHECK,X30
// RUN: vpuc-opt %s --pipeline=reference_sw --print-spec-pipeline -o /dev/null 2>&1 \
// RUN:   --pipeline-option=vpuc-init-compiler.arch=VPUX37XX | FileCheck %s --check-prefix=TEXTUAL
// RUN: not vpuc-opt %s --pipeline=reference_sw 2>&1 | FileCheck %s --check-prefix=NOARCH
// RUN: vpuc-opt %s --pipeline=reference_sw --pipeline-option=vpuc-init-compiler.arch=VPUX30XX 2>&1 -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=STATS

// TEXTUAL: builtin.module(vpuc-init-compiler{arch=VPUX37XX},func.func(canonicalize,cse),symbol-dce,
// TEXTUAL-SAME: vpuc-convert-ie-to-vpu,func.func(vpuc-vpu-split-sw-layers),vpuc-convert-vpu-to-vpuip,vpuc-vpuip-add-buffers-for-net-results,
// TEXTUAL-SAME: vpuc-vpurt-assign-physical-barriers),vpuc-vpurt-print-statistics)

// NOARCH: error: no target: set the 'arch' option of vpuc-init-compiler

// STATS: remark: VPURT statistics of @main:
// STATS-NEXT: tasks: 5
// STATS-NEXT: DMA_NN[0]: 1
// STATS-NEXT: SHAVE_UPA[0]: 4

// An IE network reaches VPURT form: the target's resources on the module, every layer a
// software kernel task (ACT kernels on VPUX37XX, UPA layers on VPUX30XX) on DDR buffers, the
// result copied by a DMA into the output argument, after a barrier.
// X37: module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16", "bf16"], VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.network_macs = {{.*}}, VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", {{.+}}>, VPURT.section_sizes = {DDR = {{[0-9]+}} : i64}}
// X30: module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16"], VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}, VPUIP.network_macs = {{.*}}, VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", {{.+}}>, VPURT.section_sizes = {DDR = {{[0-9]+}} : i64}}
// CHECK: module @VPU.SW
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{[^:]+}}: memref<1x8xf32>, %[[OUT:[^:]+]]: memref<1x8xf32>) -> memref<1x8xf32>
// CHECK: VPURT.DeclareBuffer <NetworkInput> [0] <0>
// CHECK: %[[O:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x8xf32>
// CHECK: %[[B:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// X37: VPUIP.SW.Kernel @VPU.SW::@convert_f32_f16 on tile 0
// X30: VPUIP.UPA.SW @VPU.SW::@convert_f32_f16
// X37: VPUIP.SW.Kernel @VPU.SW::@add on tile 0
// X30: VPUIP.UPA.SW @VPU.SW::@add
// X37: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0
// X30: VPUIP.UPA.SW @VPU.SW::@softmax
// CHECK: VPURT.Task updates(%[[B]])
// CHECK: VPURT.Task waits(%[[B]]) {
// CHECK-NEXT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x8xf32>) outputs(%[[O]] : memref<1x8xf32>)
// CHECK: return %[[OUT]] : memref<1x8xf32>
module @net {
  func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
    %cst = const.Declare tensor<1x8xf32> = #const.Content<dense<0.5> : tensor<1x8xf32>>
    %0 = IE.Add(%arg0, %cst) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
    %1 = IE.SoftMax(%0) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
    return %1 : tensor<1x8xf32>
  }
}
