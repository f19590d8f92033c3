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
    "add_buffers_for_net_results": "//passes/vpuip/add_buffers_for_net_results:component",
    "adjust_layouts": "//passes/ie/adjust_layouts:component",
    "assign_dma_ports": "//passes/vpuip/assign_dma_ports:component",
    "assign_physical_barriers": "//passes/vpurt/assign_physical_barriers:component",
    "assign_shaves": "//passes/vpuip/assign_shaves:component",
    "async_to_vpurt": "//passes/vpurt/async_to_vpurt:component",
    "blob_translation": "//backend/blob_translation",
    "const_dialect": "//dialects/const/ir:component",
    "convert_avg_pool_to_dw_conv": "//passes/ie/convert_avg_pool_to_dw_conv:component",
    "convert_conv1d_to_conv2d": "//passes/ie/convert_conv1d_to_conv2d:component",
    "convert_copies_to_dma": "//passes/vpuip/convert_copies_to_dma:component",
    "convert_fc_to_conv": "//passes/ie/convert_fc_to_conv:component",
    "convert_paddings_to_floor_mode": "//passes/ie/convert_paddings_to_floor_mode:component",
    "convert_precision_to_fp16": "//passes/ie/convert_precision_to_fp16:component",
    "convert_scale_shift_to_depthwise": "//passes/ie/convert_scale_shift_to_depthwise:component",
    "convert_shape_to_4d": "//passes/ie/convert_shape_to_4d:component",
    "ddr_static_allocation": "//passes/vpuip/ddr_static_allocation:component",
    "expand_activation_channels": "//passes/ie/expand_activation_channels:component",
    "feasible_allocation": "//passes/vpuip/feasible_allocation:component",
    "fold_constants": "//dialects/const/transforms/fold_constants:component",
    "fuse_layers": "//passes/ie/fuse_layers:component",
    "fuse_post_ops": "//passes/ie/fuse_post_ops:component",
    "handle_asymmetric_strides": "//passes/ie/handle_asymmetric_strides:component",
    "ie_dialect": "//dialects/ie/ir:component",
    "ie_pipelines": "//pipelines/ie_pipelines",
    "ie_to_vpu": "//conversions/ie_to_vpu:component",
    "init_compiler": "//passes/common/init_compiler:component",
    "list_schedule": "//passes/vpuip/list_schedule:component",
    "mlir_core": "//passes/common/mlir_core:mlir_core",
    "multi_cluster": "//passes/vpu/multi_cluster:component",
    "onnx": "//frontend/onnx:component",
    "optimize_copies": "//passes/vpuip/optimize_copies:component",
    "optimize_reorders": "//passes/ie/optimize_reorders:component",
    "pipelines": "//pipelines:pipelines",
    "print_statistics": "//passes/vpurt/print_statistics:component",
    "resolve_strided_slice": "//passes/ie/resolve_strided_slice:component",
    "tiling": "//passes/vpu/tiling:component",
    "use_user_layout": "//passes/ie/use_user_layout:component",
    "use_user_precision": "//passes/ie/use_user_precision:component",
    "vpu_dialect": "//dialects/vpu/ir:component",
    "vpu_to_vpuip": "//conversions/vpu_to_vpuip:component",
    "vpuip_dialect": "//dialects/vpuip/ir:component",
    "vpurt_dialect": "//dialects/vpurt/ir:component",
    "wrap_into_async_regions": "//passes/vpuip/wrap_into_async_regions:component",
}

# Components that exist only for tests (test passes, test dialects). They are linked into
# //tools/vpuc-opt:vpuc-opt-test only, never into vpuc-opt, like mlir-opt's MLIR_INCLUDE_TESTS.
# Declare them with `vpuc_component(..., testonly = True)`.
ALL_TEST_COMPONENTS = {
}
