"""Writes a random level-2 network for the serial_backend pipeline tests.

Usage: random_network.py SEED NUM_TASKS

The network reads one input, runs NUM_TASKS tasks (DMAs on two ports, `relu` and `add` kernels on
two tiles), each reading one or two of the six most recent values into a new DDR buffer, and
returns the last value and the middle one. The same seed always gives the same network.
"""

import random
import sys

BUFFER = "memref<64xf16>"

HEADER = """module @net attributes {{VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>}} {{
  module @VPU.SW {{
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {{VPUIP.kernel_entry = "add_fp16"}}
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {{VPUIP.kernel_entry = "relu_fp16"}}
    func.func private @runtime() attributes {{VPUIP.kernel_entry = "nnActEntry"}}
  }}
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: {t}) -> ({t}, {t}) {{"""


def kernel(index, name, tile, inputs):
    types = ", ".join([BUFFER] * len(inputs))
    args = ", ".join(f"%x{k}" for k in range(len(inputs) + 1))
    block = ", ".join(f"%x{k}: {BUFFER}" for k in range(len(inputs) + 1))
    all_types = ", ".join([BUFFER] * (len(inputs) + 1))
    return (
        f"    %v{index} = VPUIP.SW.Kernel @VPU.SW::@{name} on tile {tile} "
        f"inputs({', '.join(inputs)} : {types}) outputs(%a{index} : {BUFFER}) -> {BUFFER} {{\n"
        f"    ^bb0({block}):\n"
        f"      VPUIP.SW.Kernel.run({args}) : {all_types}\n"
        f"    }}"
    )


def main():
    seed, num_tasks = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    lines = [HEADER.format(t=BUFFER)]
    values = ["%in"]
    for i in range(num_tasks):
        lines.append(f"    %a{i} = memref.alloc() : {BUFFER}")
        recent = values[-6:]
        kind = rng.choice(["dma", "relu", "add"])
        if kind == "dma":
            lines.append(
                f"    %v{i} = VPUIP.NNDMA {{port = {rng.randint(0, 1)} : i64}} "
                f"inputs({rng.choice(recent)} : {BUFFER}) outputs(%a{i} : {BUFFER}) -> {BUFFER}")
        elif kind == "relu":
            lines.append(kernel(i, "relu", rng.randint(0, 1), [rng.choice(recent)]))
        else:
            lines.append(kernel(i, "add", rng.randint(0, 1),
                                [rng.choice(recent), rng.choice(recent)]))
        values.append(f"%v{i}")
    lines.append(f"    return %v{num_tasks - 1}, %v{num_tasks // 2} : {BUFFER}, {BUFFER}")
    lines.append("  }")
    lines.append("}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
