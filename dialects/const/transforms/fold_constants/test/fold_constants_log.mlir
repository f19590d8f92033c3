// RUN: vpuc-opt %s -vpuc-const-fold="resource-threshold-bytes=8" --vpuc-log-level=debug -o /dev/null 2>&1 | FileCheck %s
// RUN: vpuc-opt %s -vpuc-const-fold --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFO

// The pass logs each folded constant at debug level and a summary at info level.
// CHECK: [vpuc-const-fold] {{.*}}fold_constants_log.mlir:[[# @LINE + 6]]:8: 2 transformation(s) folded into 10 bytes (dense_resource)
// CHECK-NEXT: [vpuc-const-fold] materialised 1 constant(s), 10 bytes, 1 as dense_resource
// INFO-NOT: transformation(s) folded
// INFO: [vpuc-const-fold] materialised 1 constant(s), 10 bytes, 0 as dense_resource

func.func @f() -> (tensor<5xf16>, tensor<2xf32>) {
  %0 = const.Declare tensor<5xf16> = #const.Content<dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>,
         [#const.ConvertElemType<f16>, #const.Rescale<2.0>]>
  // Nothing to fold here.
  %1 = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>>
  return %0, %1 : tensor<5xf16>, tensor<2xf32>
}
