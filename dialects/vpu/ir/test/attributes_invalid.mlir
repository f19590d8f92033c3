// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
// Verifier errors of #VPU.mem and #VPU.tensor.

// expected-error @+1 {{a DDR tensor has no #VPU.tensor encoding: its encoding is its order map (or none)}}
func.func private @ddr_encoding(tensor<8xf16, #VPU.tensor<mem_space = DDR>>)

// -----

// expected-error @+1 {{the default order is written by omitting `order`}}
func.func private @identity_order(tensor<2x8xf16, #VPU.tensor<order = affine_map<(d0, d1) -> (d0, d1)>, mem_space = CMX_NN[0]>>)

// -----

// expected-error @+1 {{order affine_map<(d0, d1) -> (d0, d0)> is not a permutation of at most 8 dims}}
func.func private @not_a_permutation(tensor<2x8xf16, #VPU.tensor<order = affine_map<(d0, d1) -> (d0, d0)>, mem_space = CMX_NN[0]>>)

// -----

// expected-error @+1 {{the order affine_map<(d0, d1) -> (d1, d0)> of a #VPU.tensor encoding has 2 dims, but the tensor has rank 3}}
func.func private @order_rank(tensor<2x8x4xf16, #VPU.tensor<order = affine_map<(d0, d1) -> (d1, d0)>, mem_space = CMX_NN[0]>>)

// -----

// expected-error @+1 {{a tensor with a #VPU.tensor encoding has rank at most 8, got 9}}
func.func private @rank_above_8(tensor<1x1x1x1x1x1x1x1x1xf16, #VPU.tensor<mem_space = CMX_NN[0]>>)

// -----

// expected-error @+1 {{CMX_NN needs a cluster index: CMX_NN[<cluster>]}}
func.func private @cmx_without_cluster(tensor<8xf16, #VPU.tensor<mem_space = CMX_NN>>)

// -----

// expected-error @+1 {{CMX_NN cluster index -1 is negative}}
func.func private @negative_cluster(tensor<8xf16, #VPU.tensor<mem_space = CMX_NN[-1]>>)

// -----

// expected-error @+1 {{DDR takes no index}}
func.func private @ddr_index() attributes {memory = #VPU.mem<DDR[0]>}

// -----

// expected-error @+1 {{CMX_NN needs a cluster index: CMX_NN[<cluster>]}}
func.func private @mem_cmx_without_cluster() attributes {memory = #VPU.mem<CMX_NN>}

// -----

// expected-error @+1 {{CMX_NN cluster index -2 is negative}}
func.func private @mem_negative_cluster() attributes {memory = #VPU.mem<CMX_NN[-2]>}
