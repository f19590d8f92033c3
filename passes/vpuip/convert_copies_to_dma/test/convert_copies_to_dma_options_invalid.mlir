// RUN: not vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma="port=-1" 2>&1 | FileCheck %s

// CHECK: error: 'func.func' op cannot use DMA port -1 (option port of vpuc-vpuip-convert-copies-to-dma): it is negative
func.func @f() {
  return
}
