#!/usr/bin/env python3
"""gamec's N-player answers against OpenSpiel's: max^n (MaxNSearch) and security values.

    python3 benches/openspiel_maxn.py PATH_TO_GAMEC [--python-maxn] [--only NAME]

Needs the `open-spiel` package (pip; in a venv outside the repository, see benches/README.md)
and, for OpenSpiel's own C++ MaxNSearch, g++ and the `pybind11` package: OpenSpiel has
`open_spiel::algorithms::MaxNSearch` (open_spiel/algorithms/maxn.h) but pyspiel does not bind
it, so this script compiles maxn.cc from the installed wheel with benches/openspiel/
maxn_module.cc into target/ospiel/ and links it against the wheel's pyspiel.so. With
`--python-maxn` (or when that build is not possible) it runs a line-for-line Python copy of
maxn.cc's `_maxn` on the same pyspiel states instead, and says so.

Each game is written twice: a `.game` file for gamec, and a Python pyspiel game (a model below,
registered with pyspiel.register_game) whose legal actions are numbered in gamec's move order.
For each start it compares, at the root:

- max^n, for gamec's tie-breaks fastest, delay and paranoid: MaxNSearch keeps the first action
  whose value for the mover is strictly greatest, so each tie-break is stated to it as a tiny
  term in the game's returns (exact binary fractions, below a result's unit): fastest,
  `r_p - e*L`; delay, `r_p - e*L` for a win or tie and `r_p + e*L` for a loss; paranoid,
  `r_p - d*(sum of the others' r) - e*L`, where L is the game's length in moves. Maximising
  those is gamec's rule: the best own result, then the tie-break, then the first move in order.
  Compared: every player's result (1 win, 0 tie, -1 loss, or margin), the remoteness (decoded
  from the term) and the best move; and the same for each move at the start (MaxNSearch from the
  position after it, against `moves` in gamec's JSON).
- each player's security value: open_spiel.python.algorithms.minimax.expectiminimax with
  `maximizing_player_id=p`, which makes every other player a minimiser, i.e. p against the
  coalition of the rest, on returns `r_p - e*L` for a win and `r_p + e*L` for a loss (a winner
  the fastest win, a loser the slowest loss, as gamec). Compared: value (and margin) always,
  remoteness where the value is not a tie (for a tie both sides want the shorter game, which no
  single zero-sum return states).
- for information, MaxNSearch on the plain returns (its own tie-break: the first action in
  order), which gamec does not offer; not compared.

It prints a table and both sides' times, and exits 1 on any disagreement.
"""

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = os.path.join(REPO, "games")
BENCH_GAMES = os.path.join(REPO, "benches", "games")
MODULE_SRC = os.path.join(REPO, "benches", "openspiel", "maxn_module.cc")
BUILD_DIR = os.path.join(REPO, "target", "ospiel")

USAGE = """usage: python3 benches/openspiel_maxn.py PATH_TO_GAMEC [--python-maxn] [--only NAME]

Compares gamec's max^n outcomes (tie-breaks fastest, delay, paranoid) and security values with
OpenSpiel's MaxNSearch and minimax on small games of 3 and 4 players. Needs open-spiel (pip):

  python3 -m venv target/venv && target/venv/bin/pip install open-spiel pybind11
  cargo build --release
  target/venv/bin/python benches/openspiel_maxn.py target/release/gamec

(pybind11 and g++ are for building OpenSpiel's C++ MaxNSearch, which pyspiel does not bind;
without them, or with --python-maxn, a Python copy of it runs on the same pyspiel states.)"""

# Tie-break terms: exact binary fractions, so equal (result, term) pairs compare equal exactly.
EPS = 2.0**-30  # per move of the game's length
DELTA = 2.0**-10  # per unit of the others' summed results (paranoid)


# ---------------------------------------------------------------------------------------------
# The games, modelled once in Python. `moves` lists (label, next state) in gamec's move order;
# `end` gives each player's result (1 win, -1 loss, 0 tie, or the margin) or None.


class Nim:
    """N-player Nim: whoever takes the last token wins (games/three_player_nim.game)."""

    def __init__(self, players, piles):
        self.players, self.piles = players, list(piles)
        self.scored = False

    def start(self):
        return (tuple(self.piles), 0, self.players - 1)  # heaps, mover, last mover (0-based)

    def mover(self, s):
        return s[1]

    def moves(self, s):
        heaps, mover, _ = s
        out = []
        for i, h in enumerate(heaps):
            for n in range(1, h + 1):
                nh = list(heaps)
                nh[i] -= n
                out.append((f"take {n} from heap {i}", (tuple(nh), (mover + 1) % self.players, mover)))
        return out

    def end(self, s):
        heaps, _, last = s
        if sum(heaps) == 0:
            return [1 if p == last else -1 for p in range(self.players)]
        return None

    def max_actions(self):
        return sum(self.piles)


class PickRow:
    """Three players take the first one or two numbers of a row (benches/games/pick_from_row.game);
    with skip, taking two skips the next player."""

    def __init__(self, values, skip=False):
        self.players, self.values, self.skip = 3, list(values), skip
        self.scored = True

    def start(self):
        return (0, (0, 0, 0), 0)  # next index, scores, mover

    def mover(self, s):
        return s[2]

    def moves(self, s):
        nxt, score, mover = s
        out = []
        for n in (1, 2):
            if nxt + n <= len(self.values):
                sc = list(score)
                sc[mover] += sum(self.values[nxt : nxt + n])
                # With skip, taking two passes the turn over the next player (`next mover`).
                step = 2 if self.skip and n == 2 else 1
                out.append((f"take {n}", (nxt + n, tuple(sc), (mover + step) % 3)))
        return out

    def end(self, s):
        nxt, score, _ = s
        if nxt == len(self.values):
            return [score[p] - max(score[q] for q in range(3) if q != p) for p in range(3)]
        return None

    def max_actions(self):
        return 2


class Strip:
    """Three players mark cells of a board, `connect` in a line wins (three_player_strip.game)."""

    def __init__(self, width, connect, height=1):
        self.players, self.width, self.connect, self.height = 3, width, connect, height
        self.scored = False
        # Every line of `connect` cells: along rows, down columns and both diagonals.
        w, h, k = width, height, connect
        self.lines = []
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for r in range(h):
                for c in range(w):
                    cells = [(r + j * dr, c + j * dc) for j in range(k)]
                    if all(0 <= rr < h and 0 <= cc < w for rr, cc in cells):
                        line = tuple(rr * w + cc for rr, cc in cells)
                        if k > 1 or (dr, dc) == (0, 1):
                            self.lines.append(line)

    def start(self):
        return ((None,) * (self.width * self.height), 0, 2)  # cells (owner), mover, last mover

    def mover(self, s):
        return s[1]

    def label(self, i):
        return f"put {i // self.width} {i % self.width}"

    def moves(self, s):
        cells, mover, _ = s
        out = []
        for i in range(len(cells)):  # row by row, each row from the left: gamec's order
            if cells[i] is None:
                nc = list(cells)
                nc[i] = mover
                out.append((self.label(i), (tuple(nc), (mover + 1) % 3, mover)))
        return out

    def end(self, s):
        cells, _, last = s
        if any(all(cells[i] == last for i in line) for line in self.lines):
            return [1 if p == last else -1 for p in range(3)]
        if all(c is not None for c in cells):
            return [0, 0, 0]
        return None

    def max_actions(self):
        return self.width * self.height


# (name, model, gamec file, gamec --set arguments)
def cases():
    out = []
    three = os.path.join(GAMES, "three_player_nim.game")
    four = os.path.join(BENCH_GAMES, "four_player_nim.game")
    for piles in ([1, 2], [1, 2, 3], [2, 2, 2], [1, 1, 4], [3, 4], [2, 3, 4]):
        p = ",".join(map(str, piles))
        out.append((f"3-player Nim {p}", Nim(3, piles), three, [f"piles={p}"]))
    for piles in ([1, 2], [1, 2, 3], [2, 2, 2], [1, 1, 1, 2], [2, 3, 3]):
        p = ",".join(map(str, piles))
        out.append((f"4-player Nim {p}", Nim(4, piles), four, [f"piles={p}"]))
    row = os.path.join(BENCH_GAMES, "pick_from_row.game")
    for values in ([3, 1, 4, 1, 5, 2], [1, 2, 3, 4, 5, 6, 7, 8], [5, 1, 1, 5, 1, 1, 5, 2, 2],
                   list(range(1, 13))):
        v = ",".join(map(str, values))
        out.append((f"Pick from a row {v}", PickRow(values), row, [f"values={v}"]))
    for values in ([3, 1, 4, 1, 5, 2], [1, 2, 3, 4, 5, 6, 7, 8], list(range(1, 13))):
        v = ",".join(map(str, values))
        out.append(
            (f"Pick from a row {v}, skip", PickRow(values, skip=True), row,
             [f"values={v}", "skip=true"])
        )
    strip = os.path.join(BENCH_GAMES, "three_player_strip.game")
    for width, height, k in ((5, 1, 2), (6, 1, 2), (7, 1, 2), (7, 1, 3), (3, 2, 2), (4, 2, 2)):
        out.append(
            (f"3-player board {width}x{height}, {k} in a line", Strip(width, k, height), strip,
             [f"width={width}", f"height={height}", f"connect={k}"])
        )
    return out


# ---------------------------------------------------------------------------------------------
# The models as OpenSpiel games.

_registered = {}


def os_game(pyspiel, model, name, mode):
    """A pyspiel game of `model` whose returns carry the tie-break `mode` (see the docstring)."""
    key = f"gamec_{len(_registered)}_{mode}"
    n = model.players

    def returns_of(res, length):
        out = []
        for p in range(n):
            r = float(res[p])
            if mode == "plain":
                out.append(r)
            elif mode == "fastest":
                out.append(r - EPS * length)
            elif mode == "delay":
                out.append(r - EPS * length if res[p] >= 0 else r + EPS * length)
            elif mode == "paranoid":
                others = sum(res) - res[p]
                out.append(r - DELTA * others - EPS * length)
            elif mode == "security":
                out.append(r - EPS * length if res[p] > 0 else (r + EPS * length if res[p] < 0 else r))
            else:
                raise ValueError(mode)
        return out

    game_type = pyspiel.GameType(
        short_name=key,
        long_name=f"{name} ({mode})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    bound = 100.0
    game_info = pyspiel.GameInfo(
        num_distinct_actions=model.max_actions(),
        max_chance_outcomes=0,
        num_players=n,
        min_utility=-bound,
        max_utility=bound,
        max_game_length=1000,
    )

    class State(pyspiel.State):
        def __init__(self, game):
            super().__init__(game)
            self.s = model.start()
            self.length = 0
            self._res = model.end(self.s)
            self._moves = None if self._res is not None else model.moves(self.s)

        def current_player(self):
            if self._res is not None:
                return pyspiel.PlayerId.TERMINAL
            return model.mover(self.s)

        def _legal_actions(self, player):
            return list(range(len(self._moves)))

        def _apply_action(self, action):
            self.s = self._moves[action][1]
            self.length += 1
            self._res = model.end(self.s)
            self._moves = None if self._res is not None else model.moves(self.s)

        def _action_to_string(self, player, action):
            return self._moves[action][0]

        def is_terminal(self):
            return self._res is not None

        def returns(self):
            if self._res is None:
                return [0.0] * n
            return returns_of(self._res, self.length)

        def __str__(self):
            return repr(self.s)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or dict())

        def new_initial_state(self):
            return State(self)

    pyspiel.register_game(game_type, Game)
    _registered[key] = (model, mode)
    return pyspiel.load_game(key)


def decode(mode, values, n):
    """(results, remoteness) from MaxNSearch's root values under tie-break `mode`."""
    res = [int(round(v)) for v in values]
    r0 = float(res[0])
    if mode == "plain":
        return res, None
    if mode == "fastest" or (mode == "delay" and res[0] >= 0):
        length = (r0 - values[0]) / EPS
    elif mode == "delay":
        length = (values[0] - r0) / EPS
    else:
        length = (r0 - DELTA * (sum(res) - res[0]) - values[0]) / EPS
    return res, int(round(length))


def python_maxn(state, depth):
    """open_spiel/algorithms/maxn.cc's `_maxn`, line for line (deterministic games)."""
    if state.is_terminal():
        return state.returns(), None
    if depth == 0:
        raise RuntimeError("depth limit reached")
    player = state.current_player()
    value = -float("inf")
    values = [0.0] * state.num_players()
    best = None
    for action in state.legal_actions():
        child = state.child(action)
        child_values, _ = python_maxn(child, depth - 1)
        if child_values[player] > value:
            value = child_values[player]
            values = child_values
            best = action
    return values, best


def build_module(pyspiel_dir, python):
    """Builds ospiel_maxn (OpenSpiel's MaxNSearch bound to Python); its directory or None."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    out = os.path.join(BUILD_DIR, "ospiel_maxn" + suffix)
    maxn_cc = os.path.join(pyspiel_dir, "open_spiel", "algorithms", "maxn.cc")
    pyspiel_so = os.path.join(pyspiel_dir, "pyspiel.so")
    if os.path.exists(out) and os.path.getmtime(out) >= max(
        os.path.getmtime(MODULE_SRC), os.path.getmtime(maxn_cc), os.path.getmtime(pyspiel_so)
    ):
        return BUILD_DIR
    try:
        import pybind11
    except ImportError:
        print("note: no pybind11 (pip install pybind11): cannot build OpenSpiel's MaxNSearch")
        return None
    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None or not os.path.exists(maxn_cc) or not os.path.exists(pyspiel_so):
        print("note: no g++, maxn.cc or pyspiel.so: cannot build OpenSpiel's MaxNSearch")
        return None
    os.makedirs(BUILD_DIR, exist_ok=True)
    cmd = [
        cxx, "-O2", "-std=c++17", "-shared", "-fPIC",
        "-I" + pyspiel_dir,
        "-I" + os.path.join(pyspiel_dir, "open_spiel", "abseil-cpp"),
        "-I" + os.path.join(pyspiel_dir, "open_spiel", "json", "include"),
        "-I" + pybind11.get_include(),
        "-I" + sysconfig.get_paths()["include"],
        MODULE_SRC, maxn_cc, "-o", out,
        "-L" + pyspiel_dir, "-l:pyspiel.so", "-Wl,-rpath," + pyspiel_dir,
    ]
    print("building OpenSpiel's MaxNSearch (about a minute): " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        print("note: the build failed:\n" + r.stderr[-3000:])
        return None
    return BUILD_DIR


# ---------------------------------------------------------------------------------------------
# gamec's side.


def gamec_json(gamec, path, sets, extra):
    cmd = [gamec, "solve", path, "--json"] + extra
    for s in sets:
        cmd += ["--set", s]
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr}")
    return json.loads(r.stdout), dt


def gamec_security(sec, scored):
    """(result, remoteness) of one player's security value as gamec reports it."""
    if scored:
        v = sec["margin"]
    else:
        v = {"win": 1, "lose": -1, "tie": 0}.get(sec["value"], sec["value"])
    return v, sec.get("remoteness")


def fmt_res(res):
    return "[" + ",".join(f"{x:+d}" if x else "0" for x in res) + "]"


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(USAGE)
        return 0
    ap = argparse.ArgumentParser(usage=USAGE)
    ap.add_argument("gamec")
    ap.add_argument("--python-maxn", action="store_true")
    ap.add_argument("--only", default=None, help="games whose name contains this")
    args = ap.parse_args(argv[1:])
    gamec = os.path.abspath(args.gamec)
    if not os.access(gamec, os.X_OK):
        print(f"no gamec binary at {gamec}")
        return 2

    # pyspiel is imported first, so ospiel_maxn's references to it resolve to the loaded copy.
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        print("open-spiel is not installed for this python: " + sys.executable + "\n\n" + USAGE)
        return 2
    pyspiel_dir = os.path.dirname(os.path.abspath(pyspiel.__file__))

    maxn_search, which = None, "Python copy of maxn.cc (--python-maxn)"
    if not args.python_maxn:
        d = build_module(pyspiel_dir, sys.executable)
        if d is not None:
            sys.path.insert(0, d)
            import ospiel_maxn

            maxn_search = ospiel_maxn.maxn_search
            which = "open_spiel::algorithms::MaxNSearch (C++, from the installed wheel)"
        else:
            which = "Python copy of maxn.cc (the C++ build was not possible)"

    def search(game, state):
        if maxn_search is not None:
            values, action = maxn_search(game, state, 1000)
        else:
            values, action = python_maxn(state, 1000)
        return list(values), action

    def run_maxn(game):
        """MaxNSearch at the start, and from the position after each move there: (values, best
        move's label, [(move's label, values)])."""
        state = game.new_initial_state()
        values, action = search(game, state)
        player = state.current_player()
        per_move = [
            (state.action_to_string(player, a), search(game, state.child(a))[0])
            for a in state.legal_actions()
        ]
        return values, state.action_to_string(player, action), per_move

    print(f"gamec:    {gamec}")
    print(f"OpenSpiel {pyspiel.__file__}")
    print(f"max^n:    {which}")
    print("security: open_spiel.python.algorithms.minimax.expectiminimax, each player against the rest")
    print()

    rows = []  # game, players, what, gamec, openspiel, agree
    timing = []  # game, gamec seconds (default, --no-symmetry), openspiel seconds
    bad = 0
    details = []  # (game, tie-break, gamec's moves, OpenSpiel's) where they differ
    same_sym = 0  # gamec --no-symmetry answers equal to the default run's
    for name, model, path, sets in cases():
        if args.only and args.only not in name:
            continue
        n = model.players
        j, t_g = gamec_json(gamec, path, sets, [])
        j2, t_g2 = gamec_json(gamec, path, sets, ["--no-symmetry"])
        t0 = time.perf_counter()
        os_side = {}
        for mode in ("fastest", "delay", "paranoid", "plain"):
            os_side[mode] = run_maxn(os_game(pyspiel, model, name, mode))
        sec_game = os_game(pyspiel, model, name, "security")
        securities = []
        for p in range(n):
            v, _ = minimax.expectiminimax(sec_game.new_initial_state(), 1000, None, p)
            r = int(round(v))
            if r > 0:
                length = (r - v) / EPS
            elif r < 0:
                length = (v - r) / EPS
            else:
                length = None
            securities.append((r, None if length is None else int(round(length))))
        t_os = time.perf_counter() - t0
        timing.append((name, t_g, t_g2, t_os))

        # gamec's default run and its --no-symmetry run are each compared; a --no-symmetry row is
        # printed only where gamec's two answers differ.
        for tag, jj in (("", j), (" (--no-symmetry)", j2)):
            st = jj["start"]
            for mode in ("fastest", "delay", "paranoid"):
                g = st["maxn_by_tie_break"][mode]
                g_val = (list(g["results"]), g["remoteness"], g["best_move"])
                d = j["start"]["maxn_by_tie_break"][mode]
                if tag and g_val == (list(d["results"]), d["remoteness"], d["best_move"]):
                    same_sym += 1
                    continue
                res, rem = decode(mode, os_side[mode][0], n)
                o_val = (res, rem, os_side[mode][1])
                ok = g_val == o_val
                bad += not ok
                rows.append(
                    (name, n, f"max^n {mode}{tag}",
                     f"{fmt_res(g_val[0])} in {g_val[1]}, {g_val[2]}",
                     f"{fmt_res(o_val[0])} in {o_val[1]}, {o_val[2]}",
                     "yes" if ok else "NO")
                )
                # Each move at the start: its outcome (results, moves to the end from the start).
                g_moves = [(m["move"], list(m["results"]), m["remoteness"]) for m in g["moves"]]
                o_moves = [(lab, *decode(mode, v, n)) for lab, v in os_side[mode][2]]
                ok = g_moves == o_moves
                bad += not ok
                rows.append(
                    (name, n, f"max^n {mode}, each move{tag}",
                     f"{len(g_moves)} moves", f"{len(o_moves)} moves", "yes" if ok else "NO")
                )
                if not ok:
                    details.append((name, mode + tag, g_moves, o_moves))
            for p in range(n):
                gv, gr = gamec_security(st["security"][p], model.scored)
                if tag and (gv, gr) == gamec_security(j["start"]["security"][p], model.scored):
                    same_sym += 1
                    continue
                ov, orem = securities[p]
                ok = gv == ov and (ov == 0 or gr == orem)
                bad += not ok
                rows.append(
                    (name, n, f"security p{p + 1}{tag}",
                     f"{gv:+d} in {gr}" if gv else f"0 in {gr}",
                     f"{ov:+d} in {orem}" if ov else "0 (remoteness not compared)",
                     "yes" if ok else "NO")
                )
        res, _ = decode("plain", os_side["plain"][0], n)  # its own tie-break: not compared
        rows.append(
            (name, n, "max^n first action (OpenSpiel's own)", "-",
             f"{fmt_res(res)}, {os_side['plain'][1]}", "n/a")
        )

    heads = ("game", "players", "what", "gamec", "OpenSpiel", "agree?")
    widths = [max(len(str(r[i])) for r in rows + [heads]) for i in range(len(heads))]
    line = lambda r: "  ".join(str(x).ljust(w) for x, w in zip(r, widths)).rstrip()
    print(line(heads))
    last = None
    for r in rows:
        print(line(r if r[0] != last else ("", "") + tuple(r[2:])))
        last = r[0]
    print()
    print("max^n: each player's result (1 win, 0 tie, -1 loss; margin when scored), moves to the end,")
    print("best move. security: the result player p can force against the others, moves to the end.")
    print()
    th = ("game", "gamec", "gamec --no-symmetry", "OpenSpiel (3 tie-breaks + first action + security)")
    trows = [(g, f"{a * 1000:.0f} ms", f"{b * 1000:.0f} ms", f"{c * 1000:.0f} ms") for g, a, b, c in timing]
    tw = [max(len(str(r[i])) for r in trows + [th]) for i in range(len(th))]
    for r in [th] + trows:
        print("  ".join(str(x).ljust(w) for x, w in zip(r, tw)).rstrip())
    tot = [sum(t[i] for t in timing) for i in (1, 2, 3)]
    print(f"total: gamec {tot[0]:.2f} s, gamec --no-symmetry {tot[1]:.2f} s, OpenSpiel {tot[2]:.2f} s "
          "(gamec's times are whole processes, parsing and checking the file included)")
    print()
    for name, mode, g_moves, o_moves in details:
        print(f"{name}, {mode}: each move's (results, remoteness), gamec then OpenSpiel:")
        for a, b in zip(g_moves, o_moves):
            print(f"  {a[0]:<24} {fmt_res(a[1])} in {a[2]}  |  {b[0]:<24} {fmt_res(b[1])} in {b[2]}"
                  + ("" if a == b else "   <-- differs"))
        if len(g_moves) != len(o_moves):
            print(f"  gamec lists {len(g_moves)} moves, OpenSpiel {len(o_moves)}")
    if details:
        print()
    compared = sum(1 for r in rows if r[5] != "n/a")
    print(f"gamec --no-symmetry: {same_sym} answers the same as without it (not printed again), "
          f"{sum(1 for r in rows if 'no-symmetry' in r[2])} different (printed)")
    print(f"{compared - bad} agree, {bad} disagree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
