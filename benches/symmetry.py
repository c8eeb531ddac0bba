#!/usr/bin/env python3
"""Declared symmetries against --no-symmetry (issue 24, item 3): each game solved with its
declaration and without, in interleaved rounds, on one core (taskset -c 0) and on two
(--threads 2); prints median wall times (min-max), peak memory, the time ratio, and whether the
value and best moves agree. Run from a fresh clone after `cargo build --release`.

Usage: benches/symmetry.py [RUNS] [--big]   (--big adds Quixo 4 x 4: minutes, and 5 GiB without
its symmetry)
"""
import os, shutil, statistics, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
gamec = os.path.join(root, "target", "release", "gamec")
if any(a in ("-h", "--help") for a in sys.argv[1:]):
    print(__doc__.strip())
    sys.exit(0)
args = [a for a in sys.argv[1:] if a != "--big"]
if len(args) > 1 or (args and not args[0].isdigit()):
    sys.exit(f"benches/symmetry.py: unexpected {' '.join(args)!r}\nusage: benches/symmetry.py [RUNS] [--big]")
runs = int(args[0]) if args else 3
big = "--big" in sys.argv
if not os.path.exists(gamec):
    sys.exit("benches/symmetry.py: build first: cargo build --release")
timer = shutil.which("time") and os.path.exists("/usr/bin/time")
pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
cases = [
    ("tic-tac-toe", ["games/tic_tac_toe.game"]),
    ("tic-tac-toe 4x4", ["games/tic_tac_toe.game", "--set", "size=4"]),
    ("Quixo 3x3 (with swap x o)", ["benches/games/quixo.game"]),
    ("Connect Four 5x4 (mirror)", ["benches/games/connect_four_mirror.game", "--set", "width=5", "--set", "height=4"]),
    ("Domineering 6x5 (mirror, flip)", ["benches/games/domineering.game", "--set", "w=6", "--set", "h=5"]),
    ("Cram 5x5 (rotations, reflections)", ["benches/games/cram.game", "--set", "w=5", "--set", "h=5"]),
    ("Nim 8x7 (any order)", ["games/nim.game", "--set", "piles=7,7,7,7,7,7,7,7"]),
]
if big:
    cases.append(("Quixo 4x4 (with swap x o)", ["benches/games/quixo.game", "--set", "size=4", "--max-positions", "200000000"]))


def run(cmd):
    pre = ["/usr/bin/time", "-f", "%M"] if timer else []
    t = time.perf_counter()
    p = subprocess.run(pre + cmd, cwd=root, capture_output=True, text=True)
    wall = time.perf_counter() - t
    kb = int(p.stderr.strip().splitlines()[-1]) if timer else 0
    answer = [l for l in p.stdout.splitlines() if l.startswith(("value", "best"))]
    return wall, kb, answer, p.returncode


for name, c in cases:
    for cores, pre, extra in (("1 core", pin, []), ("2 cores", [], ["--threads", "2"])):
        r = {"with": [], "without": []}
        mem = {"with": 0, "without": 0}
        answers = {}
        for _ in range(runs):
            for k, x in (("with", []), ("without", ["--no-symmetry"])):
                wall, kb, answer, code = run(pre + [gamec, "solve", *c, *extra, *x])
                if code != 0:
                    sys.exit(f"{name}: gamec exited {code}")
                r[k].append(wall)
                mem[k] = max(mem[k], kb)
                answers[k] = answer
        w, n = statistics.median(r["with"]), statistics.median(r["without"])
        print(
            f"{name}, {cores}: with {w:.3f} s ({min(r['with']):.3f}-{max(r['with']):.3f}) "
            f"{mem['with'] // 1024} MiB; without {n:.3f} s ({min(r['without']):.3f}-"
            f"{max(r['without']):.3f}) {mem['without'] // 1024} MiB; ratio {w / n:.2f}; "
            f"same answer: {answers['with'] == answers['without']}",
            flush=True,
        )
