"""The single list of every registry component in the tree.

Every `vpuc_component` target must be listed here (the macro fails at analysis time otherwise), and
vpuc-opt links every entry of ALL_COMPONENTS, so no component can exist that the tools do not
register. //tools/vpuc-opt/test:components_test checks that `vpuc-opt --list-components` prints
exactly these ids, in this order, and that each of them registered something.

Keys are component ids (see //tools/bazel:registry.bzl for the id rule), values the component's
label. Keep the entries sorted by id, except that a component must come after the components whose
registrations it relies on (none do today).
"""

ALL_COMPONENTS = {
    "backend_blob_translation": "//backend/blob_translation",
    "common_init_compiler": "//passes/common/init_compiler:component",
    "common_mlir_core": "//passes/common/mlir_core:mlir_core",
    "const_dialect": "//dialects/const/ir:component",
    "const_fold_constants": "//dialects/const/transforms/fold_constants:component",
    "conversion_ie_to_vpu": "//conversions/ie_to_vpu:component",
    "conversion_vpu_to_vpuip": "//conversions/vpu_to_vpuip:component",
    "frontend_onnx": "//frontend/onnx:component",
    "ie_adjust_layouts": "//passes/ie/adjust_layouts:component",
    "ie_check_fp16_precision": "//passes/ie/check_fp16_precision:component",
    "ie_convert_avg_pool_to_dw_conv": "//passes/ie/convert_avg_pool_to_dw_conv:component",
    "ie_convert_conv1d_to_conv2d": "//passes/ie/convert_conv1d_to_conv2d:component",
    "ie_convert_deconv_to_conv": "//passes/ie/convert_deconv_to_conv:component",
    "ie_convert_fc_to_conv": "//passes/ie/convert_fc_to_conv:component",
    "ie_convert_group_conv_to_conv": "//passes/ie/convert_group_conv_to_conv:component",
    "ie_convert_paddings_to_floor_mode": "//passes/ie/convert_paddings_to_floor_mode:component",
    "ie_convert_precision_to_fp16": "//passes/ie/convert_precision_to_fp16:component",
    "ie_convert_scale_shift_to_depthwise": "//passes/ie/convert_scale_shift_to_depthwise:component",
    "ie_convert_shape_to_4d": "//passes/ie/convert_shape_to_4d:component",
    "ie_compress_input_channels": "//passes/ie/compress_input_channels:component",
    "ie_count_network_macs": "//passes/ie/count_network_macs:component",
    "ie_dequantize_constants": "//passes/ie/dequantize_constants:component",
    "ie_dialect": "//dialects/ie/ir:component",
    "ie_expand_activation_channels": "//passes/ie/expand_activation_channels:component",
    "ie_expose_layer_outputs": "//passes/ie/expose_layer_outputs:component",
    "ie_fuse_layers": "//passes/ie/fuse_layers:component",
    "ie_fuse_post_ops": "//passes/ie/fuse_post_ops:component",
    "ie_fuse_layer_norm": "//passes/ie/fuse_layer_norm:component",
    "ie_fuse_swish": "//passes/ie/fuse_swish:component",
    "ie_fuse_quantized_layers": "//passes/ie/fuse_quantized_layers:component",
    "ie_handle_asymmetric_strides": "//passes/ie/handle_asymmetric_strides:component",
    "ie_optimize_reorders": "//passes/ie/optimize_reorders:component",
    "ie_resolve_strided_slice": "//passes/ie/resolve_strided_slice:component",
    "ie_use_user_layout": "//passes/ie/use_user_layout:component",
    "ie_use_user_precision": "//passes/ie/use_user_precision:component",
    "pipelines": "//pipelines:pipelines",
    "pipelines_ie_pipelines": "//pipelines/ie_pipelines",
    "vpu_dialect": "//dialects/vpu/ir:component",
    "vpu_multi_cluster": "//passes/vpu/multi_cluster:component",
    "vpu_pipeline_sw_layers": "//passes/vpu/pipeline_sw_layers:component",
    "vpu_split_sw_layers": "//passes/vpu/split_sw_layers:component",
    "vpu_tiling": "//passes/vpu/tiling:component",
    "vpu_vertical_fusion": "//passes/vpu/vertical_fusion:component",
    "vpuip_add_buffers_for_net_results": "//passes/vpuip/add_buffers_for_net_results:component",
    "vpuip_assign_dma_ports": "//passes/vpuip/assign_dma_ports:component",
    "vpuip_assign_shaves": "//passes/vpuip/assign_shaves:component",
    "vpuip_broadcast_dmas": "//passes/vpuip/broadcast_dmas:component",
    "vpuip_convert_copies_to_dma": "//passes/vpuip/convert_copies_to_dma:component",
    "vpuip_ddr_static_allocation": "//passes/vpuip/ddr_static_allocation:component",
    "vpuip_dialect": "//dialects/vpuip/ir:component",
    "vpuip_eltwise_in_place": "//passes/vpuip/eltwise_in_place:component",
    "vpuip_feasible_allocation": "//passes/vpuip/feasible_allocation:component",
    "vpuip_fold_result_copies": "//passes/vpuip/fold_result_copies:component",
    "vpuip_list_schedule": "//passes/vpuip/list_schedule:component",
    "vpuip_optimize_copies": "//passes/vpuip/optimize_copies:component",
    "vpuip_read_in_place": "//passes/vpuip/read_in_place:component",
    "vpuip_share_constant_loads": "//passes/vpuip/share_constant_loads:component",
    "vpuip_split_dmas": "//passes/vpuip/split_dmas:component",
    "vpuip_split_sw_kernels": "//passes/vpuip/split_sw_kernels:component",
    "vpuip_sw_kernels_to_cmx": "//passes/vpuip/sw_kernels_to_cmx:component",
    "vpuip_wrap_into_async_regions": "//passes/vpuip/wrap_into_async_regions:component",
    "vpuip_write_in_place": "//passes/vpuip/write_in_place:component",
    "vpurt_assign_physical_barriers": "//passes/vpurt/assign_physical_barriers:component",
    "vpurt_async_to_vpurt": "//passes/vpurt/async_to_vpurt:component",
    "vpurt_dialect": "//dialects/vpurt/ir:component",
    "vpurt_print_statistics": "//passes/vpurt/print_statistics:component",
}

# Components that exist only for tests (test passes, test dialects). They are linked into
# //tools/vpuc-opt:vpuc-opt-test only, never into vpuc-opt, like mlir-opt's MLIR_INCLUDE_TESTS.
# Declare them with `vpuc_component(..., testonly = True)`.
ALL_TEST_COMPONENTS = {
}
