"""Reads an MLIR module on stdin and writes it with the VPUIP.resources of an arch attached.

Usage: set_resources.py VPUX30XX|VPUX37XX < in.mlir > out.mlir
(The compiler's init pass will set the attribute; this stands in for it in tests.)
"""
import re
import sys

RESOURCES = {
    "VPUX30XX": '#VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, '
    'cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, '
    'shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256>',
    "VPUX37XX": '#VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, '
    'cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, '
    'shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>',
}


def main():
    resources = RESOURCES[sys.argv[1]]
    text = sys.stdin.read()
    match = re.search(r"^module( @\S+)?( attributes \{)?", text, re.M)
    if not match:
        sys.exit("set_resources.py: no top module in the input")
    if match.group(2):
        text = text[: match.end()] + "VPUIP.resources = " + resources + ", " + text[match.end():]
    else:
        text = (text[: match.end()] + " attributes {VPUIP.resources = " + resources + "}"
                + text[match.end():])
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
