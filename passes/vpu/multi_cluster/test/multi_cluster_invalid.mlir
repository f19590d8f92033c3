// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster))'
// RUN: not vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=fastest}))' 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{clusters=5}))' 2>&1 | FileCheck %s --check-prefix=TOO-MANY
// RUN: not vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{clusters=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// STRATEGY: cannot use the strategy 'fastest' (option strategy of vpuc-vpu-multi-cluster): expected auto, clustering, soh or sok
// TOO-MANY: cannot spread NCE ops over 5 clusters (option clusters of vpuc-vpu-multi-cluster): VPUX30XX has 4
// NEGATIVE: cannot spread NCE ops over -1 clusters (option clusters of vpuc-vpu-multi-cluster): VPUX30XX has 4

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An NCE op on a cluster the target does not have.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @cluster_out_of_range(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.MaxPool' op runs on cluster 4 but the target has 4 clusters (checked by vpuc-vpu-multi-cluster)}}
    %0 = VPU.NCE.MaxPool(%x) {cluster = 4 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    return %0 : tensor<1x16x8x8xf16, #NHWC>
  }
}

// -----

// Without target resources there are no clusters and no cost model.
// expected-error @+1 {{'func.func' op has no target for vpuc-vpu-multi-cluster: the module has no VPUIP.resources (run vpuc-init-compiler)}}
func.func @no_resources() {
  return
}

// -----

// An arch name the cost model cannot load.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "NOPE", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  // expected-error @+1 {{'func.func' op cannot choose strategies (vpuc-vpu-multi-cluster): cannot load the target 'NOPE' of the module's VPUIP.resources for the cost model: unknown target 'NOPE'}}
  func.func @unknown_arch() {
    return
  }
}

// -----

// A target description file (arch_file) the cost model cannot read.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "GONE", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5,
    arch_file = "/nonexistent/gone.textproto">} {
  // expected-error @+1 {{'func.func' op cannot choose strategies (vpuc-vpu-multi-cluster): cannot load the target '/nonexistent/gone.textproto' of the module's VPUIP.resources for the cost model: /nonexistent/gone.textproto: cannot read}}
  func.func @missing_arch_file() {
    return
  }
}
