# Prints "<task>@<track> ... overlap" when the named tasks of a `vpuc run`
# trace all run at one common moment (the latest start is before the earliest
# end) on distinct tracks, and fails otherwise.
#
# usage: overlap_check.py TRACE.json TASK...
import json
import sys


def main():
    events = json.load(open(sys.argv[1]))["traceEvents"]
    tracks = {e["tid"]: e["args"]["name"] for e in events
              if e["name"] == "thread_name"}
    spans = {}
    for event in events:
        if event["ph"] == "X" and event.get("cat") != "DPU":
            spans[event["name"]] = (tracks[event["tid"]], event["ts"],
                                    event["ts"] + event["dur"])
    wanted = sys.argv[2:]
    for name in wanted:
        if name not in spans:
            sys.exit("no task '%s' in the trace" % name)
    used = [spans[name][0] for name in wanted]
    if len(set(used)) != len(used):
        sys.exit("the tasks share tracks: %s" % used)
    latest_start = max(spans[name][1] for name in wanted)
    earliest_end = min(spans[name][2] for name in wanted)
    if latest_start >= earliest_end:
        sys.exit("%s do not overlap: the last starts at %.3f us, the first "
                 "ends at %.3f us" % (" ".join(wanted), latest_start,
                                      earliest_end))
    print(" ".join("%s@%s" % (name, spans[name][0]) for name in wanted),
          "overlap")


main()
