#!/usr/bin/env python3
"""Writes a C++ source that defines a file's bytes as a NUL-terminated char array.

Usage: embed_file.py FILE NAMESPACE SYMBOL
Defines `extern const char SYMBOL[]` and `extern const unsigned long SYMBOL_size` in NAMESPACE.
"""
import sys


def main():
    path, namespace, symbol = sys.argv[1:4]
    data = open(path, "rb").read()
    out = sys.stdout
    out.write("// Generated from %s by tools/bazel/embed_file.py. Do not edit.\n" % path)
    out.write("namespace %s {\n" % namespace)
    out.write("extern const char %s[];\n" % symbol)
    out.write("extern const unsigned long %s_size;\n" % symbol)
    out.write("const char %s[] = {\n" % symbol)
    for i in range(0, len(data), 16):
        out.write("  " + ", ".join("%d" % (b if b < 128 else b - 256) for b in data[i:i + 16]) + ",\n")
    out.write("  0};\n")
    out.write("const unsigned long %s_size = %d;\n" % (symbol, len(data)))
    out.write("} // namespace %s\n" % namespace)


if __name__ == "__main__":
    main()
