"""Writes a VPUIP.UPA.SW with 225 buffers of one SHAVE tensor window (16 MiB) each: 224 of them
fill the SHAVEs' address space above the tensor windows' base (3.5 GiB), the 225th does not fit
(sw_kernel_window_space_invalid.mlir)."""

import sys

count = 225
buffer = "memref<8388608xf16>"
args = ", ".join(f"%a{i}: {buffer}" for i in range(count))
inputs = ", ".join(f"%a{i}" for i in range(count - 1))
types = ", ".join([buffer] * (count - 1))
sys.stdout.write(
    f"func.func @window_space({args}) {{\n"
    f"  %0 = VPUIP.UPA.SW @VPU.SW::@k inputs({inputs} : {types}) "
    f"outputs(%a{count - 1} : {buffer}) -> {buffer}\n"
    "  return\n"
    "}\n")
