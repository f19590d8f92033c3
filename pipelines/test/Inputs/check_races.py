"""Checks that a VPURT function printed by vpuc-opt orders every pair of conflicting tasks.

Usage: check_races.py FILE

For the networks of random_network.py after the serial_backend pipeline: reads the
declared buffers (section, index, byte offset, size), the configured barriers and the tasks
(executor, waits, updates, input and output buffers), builds happens-before from the task
lists (one per executor, in function order) and the barriers (producers before consumers),
and fails, listing them, if two tasks access overlapping bytes, one of them writing, and the
later one (in function order) does not happen after the earlier one. Prints the task count.
"""

import re
import sys

BUFFER = re.compile(
    r"(%\d+) = VPURT\.DeclareBuffer <(\w+)>(?: \[(\d+)\])? <(\d+)> -> memref<(\d+)xf16")
TASK = re.compile(
    r"VPURT\.Task(?: waits\(([^)]*)\))?(?: updates\(([^)]*)\))? \{\n\s*%\d+ = "
    r"(?:VPUIP\.NNDMA(?: \{port = (\d+) : i64\})?|VPUIP\.SW\.Kernel @VPU\.SW::@\w+ on tile (\d+))"
    r" inputs\(([^:]*) :[^)]*\) outputs\(([^:]*) :")


def names(text):
    return [name.strip() for name in (text or "").split(",") if name.strip()]


def main():
    text = open(sys.argv[1]).read()
    buffers = {}
    for m in BUFFER.finditer(text):
        buffers[m.group(1)] = (m.group(2), m.group(3), int(m.group(4)), 2 * int(m.group(5)))
    tasks = []
    for m in TASK.finditer(text):
        executor = ("dma", m.group(3) or "0") if m.group(4) is None else ("tile", m.group(4))
        accesses = [(b, False) for b in names(m.group(5))] + [(b, True) for b in names(m.group(6))]
        tasks.append((executor, names(m.group(1)), names(m.group(2)), accesses))
    if not tasks:
        sys.exit("no tasks found")

    preds = [set() for _ in tasks]
    last = {}
    producers = {}
    for index, (executor, _, updates, _) in enumerate(tasks):
        if executor in last:
            preds[index].add(last[executor])
        last[executor] = index
        for barrier in updates:
            producers.setdefault(barrier, []).append(index)
    for index, (_, waits, _, _) in enumerate(tasks):
        for barrier in waits:
            preds[index].update(producers.get(barrier, []))

    # Ancestors, in a topological order (Kahn); a cycle is an error.
    succs = [[] for _ in tasks]
    indegree = [len(p) for p in preds]
    for index, p in enumerate(preds):
        for pred in p:
            succs[pred].append(index)
    ready = [i for i, d in enumerate(indegree) if d == 0]
    ancestors = [set() for _ in tasks]
    done = 0
    while ready:
        index = ready.pop()
        done += 1
        for pred in preds[index]:
            ancestors[index] |= ancestors[pred] | {pred}
        for succ in succs[index]:
            indegree[succ] -= 1
            if indegree[succ] == 0:
                ready.append(succ)
    if done != len(tasks):
        sys.exit("the tasks have a dependency cycle")

    def overlap(a, b):
        x, y = buffers[a], buffers[b]
        return x[:2] == y[:2] and x[2] < y[2] + y[3] and y[2] < x[2] + x[3]

    races = []
    for later in range(len(tasks)):
        for earlier in range(later):
            if earlier in ancestors[later]:
                continue
            if any((wa or wb) and overlap(a, b)
                   for a, wa in tasks[earlier][3] for b, wb in tasks[later][3]):
                races.append((earlier, later))
    for earlier, later in races:
        print(f"tasks {earlier} and {later} access the same bytes unordered")
    print(f"{len(tasks)} tasks, {len(races)} unordered conflicts")
    sys.exit(1 if races else 0)


if __name__ == "__main__":
    main()
