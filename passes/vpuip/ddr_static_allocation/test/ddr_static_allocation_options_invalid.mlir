// RUN: not vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="alignment=48" 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="max-size=-1" 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="memory=UPA" 2>&1 | FileCheck %s --check-prefix=MEMORY

// ALIGN: error: alignment 48 of vpuc-vpuip-ddr-static-allocation is not a power of two
// SIZE: error: max-size -1 of vpuc-vpuip-ddr-static-allocation is negative
// MEMORY: error: memory 'UPA' of vpuc-vpuip-ddr-static-allocation is not DDR or CMX_NN
module {
}
