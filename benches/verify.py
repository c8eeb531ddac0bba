#!/usr/bin/env python3
"""Compare every position a reference solver values with gamec's state graph.

usage: benches/verify.py 'GAMEC graph FILE [--set ...] --format json' 'REF --dump [ARGS]'

The first command prints gamec's solved state graph as JSON (every reachable position with its
value and remoteness); the second prints one line per position, `POSITION<TAB>VALUE<TAB>REMOTENESS`
(`-` for a draw), positions written as gamec writes them. Both must list the same positions with
the same value and remoteness. Prints one line saying how many positions agreed, or the
differences (at most 10 of each kind) and exits 1.
"""
import json
import shlex
import subprocess
import sys


def output(cmd):
    p = subprocess.run(shlex.split(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"command failed (exit {p.returncode}): {cmd}\n{p.stderr[-2000:]}")
    return p.stdout


def main(args):
    if len(args) != 2:
        sys.exit(__doc__)
    graph = json.loads(output(args[0]))
    ours = {}
    for n in graph["nodes"]:
        rem = n["remoteness"]
        ours[n["position"]] = (n["value"], "-" if rem is None else str(rem))
    theirs = {}
    for line in output(args[1]).splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            if parts[0] in theirs:
                sys.exit(f"the reference lists {parts[0]} twice")
            theirs[parts[0]] = (parts[1], parts[2])
    problems = []
    only_gamec = [p for p in ours if p not in theirs]
    only_ref = [p for p in theirs if p not in ours]
    differ = [p for p in ours if p in theirs and ours[p] != theirs[p]]
    for p in only_gamec[:10]:
        problems.append(f"only gamec has {p}: {' '.join(ours[p])}")
    for p in only_ref[:10]:
        problems.append(f"only the reference has {p}: {' '.join(theirs[p])}")
    for p in differ[:10]:
        problems.append(f"{p}: gamec {' '.join(ours[p])}, reference {' '.join(theirs[p])}")
    if problems:
        print(f"DISAGREE: {len(only_gamec)} positions only gamec has, {len(only_ref)} only the "
              f"reference, {len(differ)} valued differently", file=sys.stderr)
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"{len(ours)} positions agree (value and remoteness): {args[1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
