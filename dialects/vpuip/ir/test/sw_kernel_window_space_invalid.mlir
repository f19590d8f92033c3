// RUN: %python %S/Inputs/make_window_space_case.py > %t.mlir
// RUN: not vpuc-opt %t.mlir 2>&1 | FileCheck %s

// The 225th buffer of one tensor window (16 MiB) does not fit the 3.5 GiB of address space
// above the tensor windows' base.
// CHECK: error: 'VPUIP.UPA.SW' op buffer #224 does not fit the SHAVEs' 32-bit address space next to the buffers before it (the tensor windows of a task hold 3758096384 bytes)
