// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies --verify-diagnostics

// expected-error @+1 {{'func.func' op has 2 blocks; removing DDR round trips needs a body of one block}}
func.func @blocks(%in: memref<8xf16>) -> memref<8xf16> {
  cf.br ^next
^next:
  return %in : memref<8xf16>
}
