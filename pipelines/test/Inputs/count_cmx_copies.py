"""Counts the DMAs within one cluster's CMX (source and destination in the same CMX_NN[i]) of
the MLIR files given (`vpuc compile --emit=mlir`), and says whether the first has fewer.

Usage: count_cmx_copies.py A.mlir B.mlir -> "A: N, B: M, first has fewer: yes|no".
"""
import re
import sys

DMA = re.compile(r"VPUIP\.NNDMA.*?inputs\(%[^:]*: memref<(.*?)>\) outputs\(%[^:]*: memref<(.*?)>\)")
CMX = re.compile(r"CMX_NN\[(\d+)\]")


def count(path):
    n = 0
    with open(path) as f:
        for line in f:
            m = DMA.search(line)
            if not m:
                continue
            src, dst = (CMX.search(t) for t in m.groups())
            if src and dst and src.group(1) == dst.group(1):
                n += 1
    return n


def main():
    a, b = (count(p) for p in sys.argv[1:3])
    print(f"A: {a}, B: {b}, first has fewer: {'yes' if a < b else 'no'}")


if __name__ == "__main__":
    main()
