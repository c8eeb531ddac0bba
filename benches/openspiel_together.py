#!/usr/bin/env python3
"""gamec's simultaneous moves against OpenSpiel's: Goofspiel solved by both, timed side by side.

    python3 benches/openspiel_together.py PATH_TO_GAMEC [--quick]

Needs the `open-spiel` package with its LP solver (pip, in a venv outside the repository:
`python3 -m venv target/venv && target/venv/bin/pip install open_spiel cvxpy ecos`), run with
that venv's python. Without it, says how to get it and exits 0.

OpenSpiel solves a simultaneous-move game with `value_iteration` (open_spiel/python/algorithms/
value_iteration.py): a floating-point LP (cvxpy) at every state, iterated to a threshold (here
1e-9). gamec solves games/goofspiel.game with one exact simplex per stage, by backward
induction, in fractions. Both solve the same games: Goofspiel with 3 and 4 cards, prizes in
descending order or shuffled (`points_order` descending or random; gamec `--set random=...`),
as win/loss (`returns_type` win_loss: the winner 1, the loser -1, which is gamec's count) and
as a point difference (OpenSpiel's `point_difference` is half of gamec's margin, `--set
margin=true`); and Oshi-Zumo with 5 coins, a field of size 2 and a minimum bid of 1
(games/oshi_zumo.game). Compared: the value at the start (over the shuffle's first card, for a random
order), and in descending order the value after the first bids N against 1 (OpenSpiel's state
after actions [N-1, 0]; gamec's pair `N against 1` at the start). Each side is timed once per
game, one after the other, on one core (OpenSpiel's solver is single-threaded; gamec's chance
and stage solve is too). `--quick` leaves out the shuffled 4-card games (about 4 minutes each
for OpenSpiel here). Exits 1 on any disagreement beyond 1e-6.
"""

import json
import os
import subprocess
import sys
import time
from fractions import Fraction

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gamec_solve(gamec, cards, random, margin):
    args = [gamec, "solve", os.path.join(REPO, "games", "goofspiel.game"), "--json",
            "--set", f"cards={cards}", "--set", f"random={str(random).lower()}",
            "--set", f"margin={str(margin).lower()}"]
    t = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out), time.perf_counter() - t


def openspiel_solve(pyspiel, value_iteration, cards, random, margin):
    game = pyspiel.load_game("goofspiel", {
        "num_cards": cards,
        "points_order": "random" if random else "descending",
        "returns_type": "point_difference" if margin else "win_loss",
    })
    t = time.perf_counter()
    values = value_iteration.value_iteration(game, depth_limit=-1, threshold=1e-9)
    took = time.perf_counter() - t
    root = game.new_initial_state()
    if root.is_chance_node():
        start = sum(p * values[str(root.child(a))] for a, p in root.chance_outcomes())
        after = None
    else:
        start = values[str(root)]
        s = root.clone()
        s.apply_actions([cards - 1, 0])
        after = values[str(s)]
    return start, after, took


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    quick = "--quick" in sys.argv
    if len(args) != 1:
        print(__doc__)
        return 2
    try:
        import pyspiel
        from open_spiel.python.algorithms import value_iteration
        import cvxpy  # noqa: F401  (value_iteration's LP solver)
    except ImportError as e:
        print(f"OpenSpiel is not importable here ({e}).\n"
              "Get it in a venv outside the repository:\n"
              "  python3 -m venv target/venv && target/venv/bin/pip install open_spiel cvxpy ecos\n"
              f"and run: target/venv/bin/python benches/openspiel_together.py {args[0]}")
        return 0
    gamec = args[0]
    bad = 0
    print(f"{'game':<34}{'gamec':>10}{'OpenSpiel':>11}{'ratio':>8}  agree")
    for cards in (3, 4):
        for random in (False, True):
            if quick and random and cards == 4:
                continue
            for margin in (False, True):
                j, ours_t = gamec_solve(gamec, cards, random, margin)
                start, after, theirs_t = openspiel_solve(pyspiel, value_iteration, cards, random, margin)
                scale = Fraction(1, 2) if margin else Fraction(1)
                ours_start = Fraction(j["start"]["expected_for_player_1"]) * scale
                checks = [(ours_start, start)]
                if after is not None:
                    pair = next(m for m in j["start"]["moves"] if m["move"] == f"{cards} against 1")
                    checks.append((Fraction(pair["expected"]) * scale, after))
                ok = all(abs(float(f) - x) < 1e-6 for f, x in checks)
                bad += not ok
                name = (f"goofspiel {cards} {'random' if random else 'descending'} "
                        f"{'points' if margin else 'win/loss'}")
                shown = ", ".join(f"{f} ~ {x:.6f}" for f, x in checks)
                print(f"{name:<34}{ours_t:>9.3f}s{theirs_t:>10.3f}s{theirs_t / ours_t:>7.0f}x  "
                      f"{'yes' if ok else 'NO'} ({shown})", flush=True)
    # Oshi-Zumo with 5 coins, a field of size 2 and a minimum bid of 1 (OpenSpiel's test: value
    # 0; every round spends a coin, so play ends within 5 rounds, whatever gamec's horizon).
    t = time.perf_counter()
    out = subprocess.run([gamec, "solve", os.path.join(REPO, "games", "oshi_zumo.game"), "--json",
                          "--set", "min_bid=1"], capture_output=True, text=True, check=True).stdout
    ours_t = time.perf_counter() - t
    ours = Fraction(json.loads(out)["start"]["expected_for_player_1"])
    game = pyspiel.load_game("oshi_zumo", {"coins": 5, "size": 2, "min_bid": 1})
    t = time.perf_counter()
    values = value_iteration.value_iteration(game, depth_limit=-1, threshold=1e-9)
    theirs_t = time.perf_counter() - t
    theirs = values[str(game.new_initial_state())]
    ok = abs(float(ours) - theirs) < 1e-6
    bad += not ok
    print(f"{'oshi-zumo 5 coins, size 2, min 1':<34}{ours_t:>9.3f}s{theirs_t:>10.3f}s"
          f"{theirs_t / ours_t:>7.0f}x  {'yes' if ok else 'NO'} ({ours} ~ {theirs:.6f})", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
