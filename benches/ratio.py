#!/usr/bin/env python3
"""Time commands in interleaved rounds (A B A B ...) and print each one's median wall time and
peak memory, and the median of the per-round ratios A/B. On a shared, noisy machine absolute times
drift from minute to minute; the ratio of two runs made one right after the other holds.

usage: benches/ratio.py [-n RUNS] [--warmup] [--timeout S] [--tsv] A B [C D ...]

Commands are split like a shell would (quotes work) and run without a shell. With four commands,
each round runs A B C D and the ratios are A/B and C/D; an odd last command is timed alone.
--warmup runs every command once before the timed rounds. --timeout S stops a run that takes
longer than S seconds (with its children), as a failure. --tsv prints one line per command,
`cmd<TAB>INDEX<TAB>MEDIAN_S<TAB>PEAK_KIB<TAB>TIMES`, and one per pair,
`ratio<TAB>INDEX<TAB>MEDIAN<TAB>MIN<TAB>MAX`, for scripts. A command that fails stops everything
with exit 1 and the end of its standard error.

Peak memory is the command's largest resident set, read by GNU time (/usr/bin/time -f %M) where
it is installed: a child forked from Python starts with Python's memory as its high-water mark,
so without GNU time the figure (from os.wait4) has a floor of some 15 MiB.
"""
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

GNU_TIME = "/usr/bin/time"
MEASURE = tempfile.NamedTemporaryFile(prefix="ratio-", suffix=".rss", delete=False).name
TIMEOUT = None


def run(argv):
    """Runs one command; returns (wall seconds, peak resident memory in KiB)."""
    timed = os.access(GNU_TIME, os.X_OK)
    full = [GNU_TIME, "-f", "%M", "-o", MEASURE, "--"] + argv if timed else argv
    start = time.perf_counter()
    p = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         start_new_session=True)
    expired = threading.Event()

    def stop():
        expired.set()
        os.killpg(p.pid, signal.SIGKILL)

    timer = threading.Timer(TIMEOUT, stop) if TIMEOUT else None
    if timer:
        timer.start()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if timer:
        timer.cancel()
    code = os.waitstatus_to_exitcode(status)
    p.returncode = code  # reaped here, not by Popen
    p.stderr.close()
    if expired.is_set():
        sys.exit(f"command did not finish within {TIMEOUT:g} s: {shlex.join(argv)}")
    if code != 0:
        tail = err.decode(errors="replace")[-2000:]
        if timed and tail.startswith("Command "):  # GNU time's own line about the status
            tail = tail.split("\n", 1)[-1]
        sys.exit(f"command failed (exit {code}): {shlex.join(argv)}\n{tail}")
    peak = usage.ru_maxrss
    if timed:
        with open(MEASURE) as f:
            peak = int(f.read().split()[-1])
    return wall, peak


def main(args):
    global TIMEOUT
    runs, warmup, tsv = 3, False, False
    while args and args[0].startswith("-"):
        if args[0] == "-n" and len(args) > 1:
            runs, args = int(args[1]), args[2:]
        elif args[0] == "--timeout" and len(args) > 1:
            TIMEOUT, args = float(args[1]), args[2:]
        elif args[0] == "--warmup":
            warmup, args = True, args[1:]
        elif args[0] == "--tsv":
            tsv, args = True, args[1:]
        elif args[0] == "--":
            args = args[1:]
            break
        else:
            sys.exit(__doc__)
    if not args or runs < 1:
        sys.exit(__doc__)
    cmds = [shlex.split(a) for a in args]
    if warmup:
        for c in cmds:
            run(c)
    walls = [[] for _ in cmds]
    peaks = [0 for _ in cmds]
    for _ in range(runs):
        for i, c in enumerate(cmds):
            wall, peak = run(c)
            walls[i].append(wall)
            peaks[i] = max(peaks[i], peak)
    ratios = [[a / b for a, b in zip(walls[i], walls[i + 1])] for i in range(0, len(cmds) - 1, 2)]
    if tsv:
        for i, w in enumerate(walls):
            times = ",".join(f"{t:.3f}" for t in w)
            print(f"cmd\t{i}\t{statistics.median(w):.3f}\t{peaks[i]}\t{times}")
        for i, r in enumerate(ratios):
            print(f"ratio\t{i}\t{statistics.median(r):.3f}\t{min(r):.3f}\t{max(r):.3f}")
        return
    for i, w in enumerate(walls):
        name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i] if i < 26 else str(i)
        print(f"{name} median wall {statistics.median(w):.3f} s, peak {peaks[i] / 1024:.1f} MiB   ({args[i]})")
    for i, r in enumerate(ratios):
        print(f"pair {i + 1}: median ratio {statistics.median(r):.2f} "
              f"(min {min(r):.2f}, max {max(r):.2f}, {runs} rounds)")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    finally:
        os.unlink(MEASURE)
