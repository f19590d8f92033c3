// A UPA layer of every family of kernels with scalars (VPUX30XX; softmax and clamp are in
// upa_constants.mlir, space_to_depth shares depth_to_space's table), all in f32: the scalars go
// through the UPA parameter tables of backend/mapping/UpaParams.
// Export, import, re-export byte for byte, and a run on the emulator against NumPy
// (Inputs/upa_kernels_ref.py).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
// RUN: %python %S/Inputs/upa_kernels_ref.py %t
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz | FileCheck %s --check-prefix=EMU
// RUN: vpuc compare %t/out.npz %t/ref.npz --tolerance=0.9999 | FileCheck %s --check-prefix=COMPARE

module @upa_kernels attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @activation(memref<*xf32>, memref<*xf32>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
    func.func private @transpose(memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, i32, i32, i32) attributes {VPUIP.kernel_entry = "transpose"}
    func.func private @pad(memref<*xf32>, memref<*xf32>, i32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) attributes {VPUIP.kernel_entry = "pad"}
    func.func private @gather(memref<*xf32>, memref<*xi32>, memref<*xf32>, i32, i32) attributes {VPUIP.kernel_entry = "gather"}
    func.func private @depth_to_space(memref<*xf32>, memref<*xf32>, i32, i32) attributes {VPUIP.kernel_entry = "depth_to_space"}
    func.func private @quantize(memref<*xf32>, memref<*xf32>, memref<*xi8>, memref<*xi8>, i32, i32, i32) attributes {VPUIP.kernel_entry = "quantize"}
    func.func private @dequantize(memref<*xi8>, memref<*xf32>, memref<*xi8>, memref<*xf32>, i32) attributes {VPUIP.kernel_entry = "dequantize"}
    func.func private @cumsum(memref<*xf32>, memref<*xf32>, i32, i32, i32) attributes {VPUIP.kernel_entry = "cumsum"}
    func.func private @topk(memref<*xf32>, memref<*xf32>, memref<*xi32>, i32, i32, i32, i32) attributes {VPUIP.kernel_entry = "topk"}
    func.func private @reduce(memref<*xf32>, memref<*xf32>, i32, i32, i32) attributes {VPUIP.kernel_entry = "reduce"}
    func.func private @mvn(memref<*xf32>, memref<*xf32>, i32, i32, i32, f32) attributes {VPUIP.kernel_entry = "mvn"}
    func.func private @layer_norm(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, f32) attributes {VPUIP.kernel_entry = "layer_norm"}
    func.func private @normalize_l2(memref<*xf32>, memref<*xf32>, i32, i32, f32) attributes {VPUIP.kernel_entry = "normalize_l2"}
    func.func private @batch_norm_inference(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, f32) attributes {VPUIP.kernel_entry = "batch_norm_inference"}
    func.func private @convolution(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32) attributes {VPUIP.kernel_entry = "convolution"}
    func.func private @deconvolution(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32) attributes {VPUIP.kernel_entry = "deconvolution"}
    func.func private @matmul(memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32) attributes {VPUIP.kernel_entry = "matmul"}
    func.func private @fully_connected(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, f32, f32) attributes {VPUIP.kernel_entry = "fully_connected"}
    func.func private @max_pool(memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32) attributes {VPUIP.kernel_entry = "max_pool"}
    func.func private @avg_pool(memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) attributes {VPUIP.kernel_entry = "avg_pool"}
    func.func private @interpolate(memref<*xf32>, memref<*xf32>, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) attributes {VPUIP.kernel_entry = "interpolate"}
    func.func private @log_softmax(memref<*xf32>, memref<*xf32>, i32) attributes {VPUIP.kernel_entry = "log_softmax"}
  }
  func.func @main(%x: memref<1x2x4x4xf32> {VPURT.name = "x"},
      %elu: memref<1x2x4x4xf32> {VPURT.name = "elu"},
      %transposed: memref<1x4x4x2xf32> {VPURT.name = "transposed"},
      %padded: memref<1x3x5x6xf32> {VPURT.name = "padded"},
      %gathered: memref<1x2x2x4xf32> {VPURT.name = "gathered"},
      %d2s: memref<1x2x4x4xf32> {VPURT.name = "d2s"},
      %quantized: memref<1x2x4x4xi8> {VPURT.name = "quantized"},
      %dequantized: memref<4xf32> {VPURT.name = "dequantized"},
      %cumsum: memref<1x2x4x4xf32> {VPURT.name = "cumsum"},
      %topk_values: memref<1x2x4x2xf32> {VPURT.name = "topk_values"},
      %topk_indices: memref<1x2x4x2xi32> {VPURT.name = "topk_indices"},
      %mean: memref<1x2x1x1xf32> {VPURT.name = "mean"},
      %mvn: memref<1x2x4x4xf32> {VPURT.name = "mvn"},
      %layer_norm: memref<1x2x4x4xf32> {VPURT.name = "layer_norm"},
      %l2: memref<1x2x4x4xf32> {VPURT.name = "l2"},
      %batch_norm: memref<1x2x4x4xf32> {VPURT.name = "batch_norm"},
      %conv: memref<1x3x4x4xf32> {VPURT.name = "conv"},
      %deconv: memref<1x1x8x8xf32> {VPURT.name = "deconv"},
      %matmul: memref<1x2x4x3xf32> {VPURT.name = "matmul"},
      %fc: memref<8x3xf32> {VPURT.name = "fc"},
      %max_pool: memref<1x2x4x4xf32> {VPURT.name = "max_pool"},
      %avg_pool: memref<1x2x2x2xf32> {VPURT.name = "avg_pool"},
      %resized: memref<1x2x8x8xf32> {VPURT.name = "resized"},
      %log_softmax: memref<1x2x4x4xf32> {VPURT.name = "log_softmax"})
      -> (memref<1x2x4x4xf32>, memref<1x4x4x2xf32>, memref<1x3x5x6xf32>, memref<1x2x2x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xi8>, memref<4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x2xf32>, memref<1x2x4x2xi32>, memref<1x2x1x1xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x3x4x4xf32>, memref<1x1x8x8xf32>, memref<1x2x4x3xf32>, memref<8x3xf32>, memref<1x2x4x4xf32>, memref<1x2x2x2xf32>, memref<1x2x8x8xf32>, memref<1x2x4x4xf32>) {
    %gidx = const.Declare memref<2xi32> = #const.Content<dense<[3, 1]> : tensor<2xi32>> loc("gidx")
    %qscale = const.Declare memref<1xf32> = #const.Content<dense<[0.05]> : tensor<1xf32>> loc("qscale")
    %qzp = const.Declare memref<1xi8> = #const.Content<dense<[3]> : tensor<1xi8>> loc("qzp")
    %dq = const.Declare memref<4xi8> = #const.Content<dense<[-3, 0, 5, 100]> : tensor<4xi8>> loc("dq")
    %dqscale = const.Declare memref<1xf32> = #const.Content<dense<[0.25]> : tensor<1xf32>> loc("dqscale")
    %dqzp = const.Declare memref<1xi8> = #const.Content<dense<[1]> : tensor<1xi8>> loc("dqzp")
    %lnscale = const.Declare memref<4xf32> = #const.Content<dense<[1.0, 0.5, -1.0, 2.0]> : tensor<4xf32>> loc("lnscale")
    %lnbias = const.Declare memref<4xf32> = #const.Content<dense<[0.0, 0.25, 0.5, -0.5]> : tensor<4xf32>> loc("lnbias")
    %gamma = const.Declare memref<2xf32> = #const.Content<dense<[1.5, -0.5]> : tensor<2xf32>> loc("gamma")
    %beta = const.Declare memref<2xf32> = #const.Content<dense<[0.25, 1.0]> : tensor<2xf32>> loc("beta")
    %bn_mean = const.Declare memref<2xf32> = #const.Content<dense<[0.5, -0.25]> : tensor<2xf32>> loc("bn_mean")
    %bn_var = const.Declare memref<2xf32> = #const.Content<dense<[2.0, 0.5]> : tensor<2xf32>> loc("bn_var")
    %convw = const.Declare memref<3x2x3x3xf32> = #const.Content<dense<[[[[-0.625, 0.25, -0.25], [0.625, 0.125, -0.375], [0.5, 0.0, -0.5]], [[0.375, -0.125, -0.625], [0.25, -0.25, 0.625], [0.125, -0.375, 0.5]]], [[[0.0, -0.5, 0.375], [-0.125, -0.625, 0.25], [-0.25, 0.625, 0.125]], [[-0.375, 0.5, 0.0], [-0.5, 0.375, -0.125], [-0.625, 0.25, -0.25]]], [[[0.625, 0.125, -0.375], [0.5, 0.0, -0.5], [0.375, -0.125, -0.625]], [[0.25, -0.25, 0.625], [0.125, -0.375, 0.5], [0.0, -0.5, 0.375]]]]> : tensor<3x2x3x3xf32>> loc("convw")
    %convb = const.Declare memref<3xf32> = #const.Content<dense<[0.5, -0.25, 0.0]> : tensor<3xf32>> loc("convb")
    %deconvw = const.Declare memref<2x1x2x2xf32> = #const.Content<dense<[[[[0.5, -1.0], [0.25, 2.0]]], [[[-0.5, 1.0], [1.5, -0.75]]]]> : tensor<2x1x2x2xf32>> loc("deconvw")
    %deconvb = const.Declare memref<1xf32> = #const.Content<dense<[0.125]> : tensor<1xf32>> loc("deconvb")
    %mmb = const.Declare memref<3x4xf32> = #const.Content<dense<[[-0.75, 0.5, 0.0, -0.5], [0.75, 0.25, -0.25, -0.75], [0.5, 0.0, -0.5, 0.75]]> : tensor<3x4xf32>> loc("mmb")
    %fcw = const.Declare memref<3x4xf32> = #const.Content<dense<[[-1.0, 0.5, -0.5, 1.0], [0.0, -1.0, 0.5, -0.5], [1.0, 0.0, -1.0, 0.5]]> : tensor<3x4xf32>> loc("fcw")
    %fcb = const.Declare memref<3xf32> = #const.Content<dense<[1.0, -1.0, 0.5]> : tensor<3xf32>> loc("fcb")
    %in_x = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x4x4xf32> loc("x")
    %in_x8 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x8x2x2xf32> loc("x8")
    %in_x2 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8x4xf32> loc("x2")
    %out_elu = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x2x4x4xf32> loc("elu")
    %out_transposed = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x4x4x2xf32> loc("transposed")
    %out_padded = VPURT.DeclareBuffer <NetworkOutput> [2] <0> -> memref<1x3x5x6xf32> loc("padded")
    %out_gathered = VPURT.DeclareBuffer <NetworkOutput> [3] <0> -> memref<1x2x2x4xf32> loc("gathered")
    %out_d2s = VPURT.DeclareBuffer <NetworkOutput> [4] <0> -> memref<1x2x4x4xf32> loc("d2s")
    %out_quantized = VPURT.DeclareBuffer <NetworkOutput> [5] <0> -> memref<1x2x4x4xi8> loc("quantized")
    %out_dequantized = VPURT.DeclareBuffer <NetworkOutput> [6] <0> -> memref<4xf32> loc("dequantized")
    %out_cumsum = VPURT.DeclareBuffer <NetworkOutput> [7] <0> -> memref<1x2x4x4xf32> loc("cumsum")
    %out_topk_values = VPURT.DeclareBuffer <NetworkOutput> [8] <0> -> memref<1x2x4x2xf32> loc("topk_values")
    %out_topk_indices = VPURT.DeclareBuffer <NetworkOutput> [9] <0> -> memref<1x2x4x2xi32> loc("topk_indices")
    %out_mean = VPURT.DeclareBuffer <NetworkOutput> [10] <0> -> memref<1x2x1x1xf32> loc("mean")
    %out_mvn = VPURT.DeclareBuffer <NetworkOutput> [11] <0> -> memref<1x2x4x4xf32> loc("mvn")
    %out_layer_norm = VPURT.DeclareBuffer <NetworkOutput> [12] <0> -> memref<1x2x4x4xf32> loc("layer_norm")
    %out_l2 = VPURT.DeclareBuffer <NetworkOutput> [13] <0> -> memref<1x2x4x4xf32> loc("l2")
    %out_batch_norm = VPURT.DeclareBuffer <NetworkOutput> [14] <0> -> memref<1x2x4x4xf32> loc("batch_norm")
    %out_conv = VPURT.DeclareBuffer <NetworkOutput> [15] <0> -> memref<1x3x4x4xf32> loc("conv")
    %out_deconv = VPURT.DeclareBuffer <NetworkOutput> [16] <0> -> memref<1x1x8x8xf32> loc("deconv")
    %out_matmul = VPURT.DeclareBuffer <NetworkOutput> [17] <0> -> memref<1x2x4x3xf32> loc("matmul")
    %out_fc = VPURT.DeclareBuffer <NetworkOutput> [18] <0> -> memref<8x3xf32> loc("fc")
    %out_max_pool = VPURT.DeclareBuffer <NetworkOutput> [19] <0> -> memref<1x2x4x4xf32> loc("max_pool")
    %out_avg_pool = VPURT.DeclareBuffer <NetworkOutput> [20] <0> -> memref<1x2x2x2xf32> loc("avg_pool")
    %out_resized = VPURT.DeclareBuffer <NetworkOutput> [21] <0> -> memref<1x2x8x8xf32> loc("resized")
    %out_log_softmax = VPURT.DeclareBuffer <NetworkOutput> [22] <0> -> memref<1x2x4x4xf32> loc("log_softmax")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@activation inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_elu : memref<1x2x4x4xf32>) params [4 : i32, 5.000000e-01 : f32, 0.000000e+00 : f32] -> memref<1x2x4x4xf32>
    } loc("elu")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@transpose inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_transposed : memref<1x4x4x2xf32>) params [0 : i32, 2 : i32, 3 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32] -> memref<1x4x4x2xf32>
    } loc("transposed")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@pad inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_padded : memref<1x3x5x6xf32>) params [0 : i32, 1.500000e+00 : f32, 0 : i32, 0 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32, 0 : i32, 2 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32] -> memref<1x3x5x6xf32>
    } loc("padded")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@gather inputs(%in_x, %gidx : memref<1x2x4x4xf32>, memref<2xi32>) outputs(%out_gathered : memref<1x2x2x4xf32>) params [2 : i32, 0 : i32] -> memref<1x2x2x4xf32>
    } loc("gathered")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@depth_to_space inputs(%in_x8 : memref<1x8x2x2xf32>) outputs(%out_d2s : memref<1x2x4x4xf32>) params [2 : i32, 1 : i32] -> memref<1x2x4x4xf32>
    } loc("d2s")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@quantize inputs(%in_x, %qscale, %qzp : memref<1x2x4x4xf32>, memref<1xf32>, memref<1xi8>) outputs(%out_quantized : memref<1x2x4x4xi8>) params [0 : i32, -128 : i32, 127 : i32] -> memref<1x2x4x4xi8>
    } loc("quantized")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@dequantize inputs(%dq, %dqscale, %dqzp : memref<4xi8>, memref<1xf32>, memref<1xi8>) outputs(%out_dequantized : memref<4xf32>) params [0 : i32] -> memref<4xf32>
    } loc("dequantized")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@cumsum inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_cumsum : memref<1x2x4x4xf32>) params [3 : i32, 1 : i32, 0 : i32] -> memref<1x2x4x4xf32>
    } loc("cumsum")
    VPURT.Task {
      %r0, %r1 = VPUIP.UPA.SW @VPU.SW::@topk inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_topk_values, %out_topk_indices : memref<1x2x4x2xf32>, memref<1x2x4x2xi32>) params [3 : i32, 2 : i32, 0 : i32, 0 : i32] -> memref<1x2x4x2xf32>, memref<1x2x4x2xi32>
    } loc("topk_values")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@reduce inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_mean : memref<1x2x1x1xf32>) params [1 : i32, 12 : i32, 1 : i32] -> memref<1x2x1x1xf32>
    } loc("mean")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@mvn inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_mvn : memref<1x2x4x4xf32>) params [14 : i32, 1 : i32, 0 : i32, 1.000000e-05 : f32] -> memref<1x2x4x4xf32>
    } loc("mvn")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@layer_norm inputs(%in_x, %lnscale, %lnbias : memref<1x2x4x4xf32>, memref<4xf32>, memref<4xf32>) outputs(%out_layer_norm : memref<1x2x4x4xf32>) params [3 : i32, 1.000000e-05 : f32] -> memref<1x2x4x4xf32>
    } loc("layer_norm")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@normalize_l2 inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_l2 : memref<1x2x4x4xf32>) params [2 : i32, 0 : i32, 1.000000e-06 : f32] -> memref<1x2x4x4xf32>
    } loc("l2")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@batch_norm_inference inputs(%in_x, %gamma, %beta, %bn_mean, %bn_var : memref<1x2x4x4xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) outputs(%out_batch_norm : memref<1x2x4x4xf32>) params [1.000000e-03 : f32] -> memref<1x2x4x4xf32>
    } loc("batch_norm")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@convolution inputs(%in_x, %convw, %convb : memref<1x2x4x4xf32>, memref<3x2x3x3xf32>, memref<3xf32>) outputs(%out_conv : memref<1x3x4x4xf32>) params [1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 0 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32] -> memref<1x3x4x4xf32>
    } loc("conv")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@deconvolution inputs(%in_x, %deconvw, %deconvb : memref<1x2x4x4xf32>, memref<2x1x2x2xf32>, memref<1xf32>) outputs(%out_deconv : memref<1x1x8x8xf32>) params [2 : i32, 2 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32, 1 : i32, 0 : i32, 0 : i32, 1 : i32, -1 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32] -> memref<1x1x8x8xf32>
    } loc("deconv")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@matmul inputs(%in_x, %mmb : memref<1x2x4x4xf32>, memref<3x4xf32>) outputs(%out_matmul : memref<1x2x4x3xf32>) params [0 : i32, 1 : i32] -> memref<1x2x4x3xf32>
    } loc("matmul")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@fully_connected inputs(%in_x2, %fcw, %fcb : memref<8x4xf32>, memref<3x4xf32>, memref<3xf32>) outputs(%out_fc : memref<8x3xf32>) params [-1 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32] -> memref<8x3xf32>
    } loc("fc")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@max_pool inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_max_pool : memref<1x2x4x4xf32>) params [3 : i32, 3 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 0 : i32] -> memref<1x2x4x4xf32>
    } loc("max_pool")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@avg_pool inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_avg_pool : memref<1x2x2x2xf32>) params [2 : i32, 2 : i32, 2 : i32, 2 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32] -> memref<1x2x2x2xf32>
    } loc("avg_pool")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@interpolate inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_resized : memref<1x2x8x8xf32>) params [0 : i32, 3 : i32, 2 : i32, 1 : i32, 0 : i32, -7.500000e-01 : f32, 0.000000e+00 : f32, 1.000000e+00 : f32, 1.000000e+00 : f32, 2.000000e+00 : f32, 2.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32, 0.000000e+00 : f32] -> memref<1x2x8x8xf32>
    } loc("resized")
    VPURT.Task {
      %r0 = VPUIP.UPA.SW @VPU.SW::@log_softmax inputs(%in_x : memref<1x2x4x4xf32>) outputs(%out_log_softmax : memref<1x2x4x4xf32>) params [1 : i32] -> memref<1x2x4x4xf32>
    } loc("log_softmax")
    return %elu, %transposed, %padded, %gathered, %d2s, %quantized, %dequantized, %cumsum, %topk_values, %topk_indices, %mean, %mvn, %layer_norm, %l2, %batch_norm, %conv, %deconv, %matmul, %fc, %max_pool, %avg_pool, %resized, %log_softmax : memref<1x2x4x4xf32>, memref<1x4x4x2xf32>, memref<1x3x5x6xf32>, memref<1x2x2x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xi8>, memref<4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x2xf32>, memref<1x2x4x2xi32>, memref<1x2x1x1xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x2x4x4xf32>, memref<1x3x4x4xf32>, memref<1x1x8x8xf32>, memref<1x2x4x3xf32>, memref<8x3xf32>, memref<1x2x4x4xf32>, memref<1x2x2x2xf32>, memref<1x2x8x8xf32>, memref<1x2x4x4xf32>
  }
}

// The reader gives back every scalar in ABI order: per-dim arrays as 8 scalars, the fields a
// kernel does not take (convolution's output padding, max_pool's exclude_pad, dequantize's
// qmin and qmax) left out, flags as 0 / 1.
// CHECK-LABEL: module @upa_kernels
// CHECK:       VPUIP.UPA.SW @VPU.SW::@transpose {{.+}} params [0 : i32, 2 : i32, 3 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32]
// CHECK:       VPUIP.UPA.SW @VPU.SW::@dequantize {{.+}} params [0 : i32] {max_shaves = 16 : i64}
// CHECK:       VPUIP.UPA.SW @VPU.SW::@cumsum {{.+}} params [3 : i32, 1 : i32, 0 : i32]
// CHECK:       VPUIP.UPA.SW @VPU.SW::@convolution {{.+}} params [1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 0 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32]
// CHECK:       VPUIP.UPA.SW @VPU.SW::@deconvolution {{.+}} params [2 : i32, 2 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 1 : i32, 1 : i32, 0 : i32, 0 : i32, 1 : i32, -1 : i32, 0.000000e+00 : f32, 0.000000e+00 : f32]
// CHECK:       VPUIP.UPA.SW @VPU.SW::@max_pool {{.+}} params [3 : i32, 3 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 1 : i32, 0 : i32]
// CHECK:       VPUIP.UPA.SW @VPU.SW::@interpolate {{.+}} params [0 : i32, 3 : i32, 2 : i32, 1 : i32, 0 : i32, -7.500000e-01 : f32, 0.000000e+00 : f32, 1.000000e+00 : f32, 1.000000e+00 : f32, 2.000000e+00 : f32, 2.000000e+00 : f32, 0.000000e+00 : f32,

// INFO:      UPA0: 22 tasks
// INFO:      UPALayer 'activation' on 16 SHAVEs with ActivationParams
// INFO:      UPALayer 'depth_to_space' on 16 SHAVEs with DepthSpaceParams
// INFO:      UPALayer 'dequantize' on 16 SHAVEs with QuantizeParams
// INFO:      UPALayer 'deconvolution' on 16 SHAVEs with DeconvolutionParams
// INFO:      UPALayer 'interpolate' on 16 SHAVEs with InterpolateParams
// INFO:      UPALayer 'log_softmax' on 16 SHAVEs with SoftmaxParams

// EMU: ran 22 tasks
// COMPARE-DAG: elu {{.+}} ok
// COMPARE-DAG: transposed {{.+}} ok
// COMPARE-DAG: padded {{.+}} ok
// COMPARE-DAG: gathered {{.+}} ok
// COMPARE-DAG: d2s {{.+}} ok
// COMPARE-DAG: quantized {{.+}} ok
// COMPARE-DAG: dequantized {{.+}} ok
// COMPARE-DAG: cumsum {{.+}} ok
// COMPARE-DAG: topk_values {{.+}} ok
// COMPARE-DAG: topk_indices {{.+}} ok
// COMPARE-DAG: mean {{.+}} ok
// COMPARE-DAG: mvn {{.+}} ok
// COMPARE-DAG: layer_norm {{.+}} ok
// COMPARE-DAG: l2 {{.+}} ok
// COMPARE-DAG: batch_norm {{.+}} ok
// COMPARE-DAG: conv {{.+}} ok
// COMPARE-DAG: deconv {{.+}} ok
// COMPARE-DAG: matmul {{.+}} ok
// COMPARE-DAG: fc {{.+}} ok
// COMPARE-DAG: max_pool {{.+}} ok
// COMPARE-DAG: avg_pool {{.+}} ok
// COMPARE-DAG: resized {{.+}} ok
// COMPARE-DAG: log_softmax {{.+}} ok
