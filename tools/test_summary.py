#!/usr/bin/env python3
"""Counts the gtest cases and lit tests that the last `bazel test` ran, from their XML reports.

Usage: test_summary.py TESTLOGS_DIR LABEL...
Prints one line per kind and a closing 'N passed, N failed' line; exits non-zero if a test failed
or a report is missing.
"""
import os
import sys
import xml.etree.ElementTree as ET


def main():
    testlogs, labels = sys.argv[1], sys.argv[2:]
    counts = {"gtest": [0, 0, 0], "lit": [0, 0, 0], "other": [0, 0, 0]}  # targets, passed, failed
    missing = []
    for label in labels:
        rel = label.lstrip("/").replace(":", "/")
        xml = os.path.join(testlogs, rel, "test.xml")
        if not os.path.exists(xml):
            missing.append(label)
            continue
        root = ET.parse(xml).getroot()
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        kind = "other"
        if root.get("name") == "AllTests":
            kind = "gtest"
        elif any(s.get("name") == "vpuc" for s in suites):
            kind = "lit"
        c = counts[kind]
        c[0] += 1
        for case in root.iter("testcase"):
            bad = case.find("failure") is not None or case.find("error") is not None
            if case.find("skipped") is not None:
                continue
            c[2 if bad else 1] += 1
    for kind in ("gtest", "lit", "other"):
        t, p, f = counts[kind]
        if t:
            print("%-6s %4d targets: %5d passed, %d failed" % (kind + ":", t, p, f))
    if missing:
        print("no report (not run or failed to build): " + ", ".join(missing))
    passed = sum(c[1] for c in counts.values())
    failed = sum(c[2] for c in counts.values()) + len(missing)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
