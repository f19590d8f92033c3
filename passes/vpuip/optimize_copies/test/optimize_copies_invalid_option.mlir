// RUN: vpuc-opt %s --vpuc-vpuip-optimize-copies=ddr-copy-depth=-1 --verify-diagnostics

// expected-error @+1 {{'func.func' op ddr-copy-depth must be at least 0, not -1}}
func.func @negative_depth(%in: memref<8xf16>) -> memref<8xf16> {
  return %in : memref<8xf16>
}
