// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// IE -> VPU: binary eltwise, comparison and logic layers (and Select) become the VPU.SW
// op that mirrors them, with the same operands, attributes and types.

// CHECK-LABEL: func.func @add(
// CHECK-NEXT: %0 = VPU.SW.Add(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
func.func @add(%a0: tensor<1x3x1x4xf32>, %a1: tensor<2x1x5x1xf32>) -> tensor<2x3x5x4xf32> {
  %0 = IE.Add(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
  return %0 : tensor<2x3x5x4xf32>
}

// -----

// CHECK-LABEL: func.func @subtract(
// CHECK-NEXT: %0 = VPU.SW.Subtract(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @subtract(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.Subtract(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @multiply(
// CHECK-NEXT: %0 = VPU.SW.Multiply(%arg0, %arg1) : tensor<1x3x8x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x3x8x8xf32>
func.func @multiply(%a0: tensor<1x3x8x8xf32>, %a1: tensor<1x1x8x8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = IE.Multiply(%a0, %a1) : tensor<1x3x8x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @divide(
// CHECK-NEXT: %0 = VPU.SW.Divide(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @divide(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.Divide(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @power(
// CHECK-NEXT: %0 = VPU.SW.Power(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @power(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.Power(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @maximum(
// CHECK-NEXT: %0 = VPU.SW.Maximum(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @maximum(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.Maximum(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @minimum(
// CHECK-NEXT: %0 = VPU.SW.Minimum(%arg0, %arg1) : tensor<4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
func.func @minimum(%a0: tensor<4xf32>, %a1: tensor<1x3x1x4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.Minimum(%a0, %a1) : tensor<4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @squared_difference(
// CHECK-NEXT: %0 = VPU.SW.SquaredDifference(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @squared_difference(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = IE.SquaredDifference(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @floor_mod(
// CHECK-NEXT: %0 = VPU.SW.FloorMod(%arg0, %arg1) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
func.func @floor_mod(%a0: tensor<4xsi32>, %a1: tensor<si32>) -> tensor<4xsi32> {
  %0 = IE.FloorMod(%a0, %a1) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
  return %0 : tensor<4xsi32>
}

// -----

// CHECK-LABEL: func.func @equal(
// CHECK-NEXT: %0 = VPU.SW.Equal(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @equal(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = IE.Equal(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @less(
// CHECK-NEXT: %0 = VPU.SW.Less(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @less(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = IE.Less(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @greater(
// CHECK-NEXT: %0 = VPU.SW.Greater(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @greater(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = IE.Greater(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @logical_and(
// CHECK-NEXT: %0 = VPU.SW.LogicalAnd(%arg0, %arg1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
func.func @logical_and(%a0: tensor<2x3xi1>, %a1: tensor<1xi1>) -> tensor<2x3xi1> {
  %0 = IE.LogicalAnd(%a0, %a1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @logical_or(
// CHECK-NEXT: %0 = VPU.SW.LogicalOr(%arg0, %arg1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
func.func @logical_or(%a0: tensor<2x3xi1>, %a1: tensor<1xi1>) -> tensor<2x3xi1> {
  %0 = IE.LogicalOr(%a0, %a1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: %0 = VPU.SW.Select(%arg0, %arg1, %arg2) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
func.func @select(%a0: tensor<1xi1>, %a1: tensor<2x3xf32>, %a2: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = IE.Select(%a0, %a1, %a2) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
