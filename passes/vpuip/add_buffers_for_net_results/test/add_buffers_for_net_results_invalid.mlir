// RUN: vpuc-opt %s --vpuc-vpuip-add-buffers-for-net-results --split-input-file --verify-diagnostics

// expected-error @+1 {{'func.func' op result #1 has type 'tensor<4xf16>', which is not a VPUIP buffer; the network function must be bufferised first}}
func.func @tensor_result(%in: memref<4xf16>, %t: tensor<4xf16>) -> (memref<4xf16>, tensor<4xf16>) {
  return %in, %t : memref<4xf16>, tensor<4xf16>
}

// -----

// expected-error @+1 {{'func.func' op result #0 has type 'memref<?xf16>', which is not a VPUIP buffer; the network function must be bufferised first}}
func.func @dynamic_result(%in: memref<?xf16>) -> memref<?xf16> {
  return %in : memref<?xf16>
}

// -----

// expected-error @+1 {{'func.func' op is used by another op of the module, so its results cannot become output arguments}}
func.func @called(%in: memref<4xf16>) -> memref<4xf16> {
  return %in : memref<4xf16>
}
func.func private @caller(%in: memref<4xf16>) -> memref<4xf16> {
  %r = func.call @called(%in) : (memref<4xf16>) -> memref<4xf16>
  return %r : memref<4xf16>
}
