#!/usr/bin/env python3
"""Check that gamec and a reference solver found the same thing.

usage: benches/agree.py GAMEC_OUTPUT REF_OUTPUT

GAMEC_OUTPUT is what `gamec solve` printed (text); REF_OUTPUT what a program in benches/ref
printed. For a sequential game both are reduced to `positions N`, `value win|lose|tie R` or
`value draw`, `grundy G` (where gamec prints one) and `counts ...` (positions by value, zeros left
out); for a throw game to `value`, `strategy uniform`, `unique yes`, `dominated none` and
`balanced yes`. When gamec counted classes of positions alike (`up to symmetry`), positions and
counts are not compared. Prints the facts both agree on on one line; on any difference, prints
both and exits 1.
"""
import re
import sys


def counts(words):
    """`win 3 lose 0 tie 2` or `win 3, tie 2` -> `win 3 tie 2` (zeros left out)."""
    toks = words.replace(",", " ").split()
    pairs = [(toks[i], int(toks[i + 1])) for i in range(0, len(toks) - 1, 2)]
    return " ".join(f"{k} {v}" for k, v in pairs if v)


def from_gamec(text):
    facts = {}
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r"positions\s+(\d+)(.*)", s)
        if m:
            facts["positions"] = m.group(1)
            if "up to symmetry" in m.group(2):
                facts["symmetry"] = True
            continue
        m = re.match(r"value\s+(win|lose|tie) in (\d+) for the player to move", s)
        if m:
            facts["value"] = f"{m.group(1)} {m.group(2)}"
            continue
        if re.match(r"value\s+draw for the player to move", s):
            facts["value"] = "draw"
            continue
        m = re.match(r"grundy\s+(\d+)$", s)
        if m:
            facts["grundy"] = m.group(1)
            continue
        m = re.match(r"by value\s+(.*)", s)
        if m:
            facts["counts"] = counts(m.group(1))
            continue
        # Throw games.
        m = re.match(r"value: (\S+)$", s)
        if m:
            facts["value"] = m.group(1)
        if s.startswith("optimal strategy: uniform"):
            facts["strategy"] = "uniform"
        elif s.startswith("optimal strategy:"):
            facts["strategy"] = s.split(":", 1)[1].strip()
        if s == "this is the only optimal strategy":
            facts["unique"] = "yes"
        m = re.match(r"dominated throws: (.*)", s)
        if m:
            facts["dominated"] = m.group(1)
        m = re.match(r"balanced: (yes|no)", s)
        if m:
            facts["balanced"] = m.group(1)
    return facts


def from_ref(text):
    facts = {}
    for line in text.splitlines():
        if "\t" in line:  # a --dump line
            continue
        key, _, rest = line.strip().partition(" ")
        if key == "counts":
            rest = counts(rest)
        if key and key != "throws":
            facts[key] = rest
    return facts


def main(args):
    if len(args) != 2:
        sys.exit(__doc__)
    with open(args[0]) as f:
        gamec_text = f.read()
    with open(args[1]) as f:
        ref_text = f.read()
    ours, theirs = from_gamec(gamec_text), from_ref(ref_text)
    symmetric = ours.pop("symmetry", False)
    if symmetric:
        for k in ("positions", "counts"):
            ours.pop(k, None)
            theirs.pop(k, None)
    if "grundy" not in ours:  # gamec prints Grundy values only where it computes them
        theirs.pop("grundy", None)
    if not ours or "value" not in ours or ours != theirs:
        print("DISAGREE", file=sys.stderr)
        print(f"  gamec:     {ours}", file=sys.stderr)
        print(f"  reference: {theirs}", file=sys.stderr)
        sys.exit(1)
    keys = ["positions", "value", "grundy", "counts", "strategy", "unique", "dominated", "balanced"]
    print("; ".join(f"{k} {ours[k]}" for k in keys if k in ours)
          + (" (gamec counted classes up to symmetry: positions and counts not compared)" if symmetric else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
