"""Two checkouts measured in one run, turn about, so the machine's load falls on both alike.

    python benchmarks/side_by_side.py BASE [--rounds 3] [--games 60] [--measure conformance]

BASE is another checkout of the project with its own ``.venv`` (e.g. ``git worktree add ../base <commit>`` and
``python3 -m venv .venv && .venv/bin/pip install -e .`` there). For each game the script runs, in alternation,
random self-play (4 players, the same seeds in both: CPU seconds of the child, so other processes' load counts
less) and ``move_to_redraw.py`` (its ratio to a bare Textual app, measured within each child), and prints each
figure of both checkouts and the ratio of their medians (this checkout over BASE: above 1 means slower here).
``--measure conformance`` times the conformance run's checked random games (``core/soak.play_checked``) instead.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

from quick import quick_args

HERE = Path(__file__).resolve().parent.parent

#: plays GAMES random games of GAME (4 players, seeds 1..GAMES) and prints the child's CPU seconds
SELFPLAY = """
import sys, time
from boardgames.core.registry import get_game
from boardgames.selfplay import play_one
game = get_game(sys.argv[1])
options = dict(arg.split("=", 1) for arg in sys.argv[3:])
start = time.process_time()
for seed in range(1, int(sys.argv[2]) + 1):
    play_one(game, ["random"] * 4, game.resolve_options(options), seed)
print(time.process_time() - start)
"""

#: plays GAMES checked random games of GAME (the conformance run's players, options and seeds) and prints the
#: child's CPU seconds
CHECKED = """
import itertools, sys, time
from boardgames.core.bots import make_bot
from boardgames.core.registry import get_game
from boardgames.core.soak import Cadence, play_checked
game = get_game(sys.argv[1])
keys = [opt.key for opt in game.options]
combos = [(n, dict(zip(keys, values))) for n in range(game.min_players, game.max_players + 1)
          for values in itertools.product(*(opt.values for opt in game.options))]
start = time.process_time()
for seed in range(int(sys.argv[2])):
    players, options = combos[seed % len(combos)]
    play_checked(game, [f"P{i}" for i in range(players)], [make_bot("random", game, seed)] * players, options,
                 seed, Cadence(), set())  # the sample's cadence before issue 40, in either tree
print(time.process_time() - start)
"""

GAMES = {"sintra": [], "bluemoon": ["expansion=true"], "lemuria": ["impact=true"], "abovebelow": []}


def selfplay_seconds(checkout: Path, game: str, games: int) -> float:
    python = str(checkout / ".venv" / "bin" / "python")
    out = subprocess.run([python, "-c", SELFPLAY, game, str(games), *GAMES[game]], cwd=checkout,
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def redraw_ratio(checkout: Path, game: str, games: int) -> float:
    python = str(checkout / ".venv" / "bin" / "python")
    options = [word for option in GAMES[game] for word in ("--option", option)]
    moves = ["--quick"] if games < 2 else ["--moves", "20"]  # the quick run's single game: a quick redraw too
    out = subprocess.run([python, "move_to_redraw.py", "--game", game, *moves, *options],
                         cwd=checkout / "benchmarks", capture_output=True, text=True, check=True).stdout
    found = re.search(r"ratio ([0-9.]+)", out)
    if found is None:
        raise SystemExit(f"move_to_redraw.py printed no ratio:\n{out}")
    return float(found.group(1))


def checked_seconds(checkout: Path, game: str, games: int) -> float:
    python = str(checkout / ".venv" / "bin" / "python")
    out = subprocess.run([python, "-c", CHECKED, game, str(games)], cwd=checkout, capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


MEASURES = {"selfplay": ("self-play CPU s", selfplay_seconds),
            "redraw": ("move to redraw, ratio to bare app", redraw_ratio),
            "conformance": ("conformance run CPU s", checked_seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, nargs="?", help="the other checkout (--quick: this one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--only", choices=sorted(GAMES), action="append")
    parser.add_argument("--measure", choices=sorted(MEASURES), action="append",
                        help="measure only these (default: self-play and redraw)")
    args = quick_args(parser, rounds=1, games=1, only=["sintra"])
    if args.base is None:
        if not args.quick:
            parser.error("give the other checkout, BASE")
        args.base = HERE
    for game in args.only or list(GAMES):
        for key in args.measure or ["selfplay", "redraw"]:
            name, measure = MEASURES[key]
            here, base = [], []
            for _ in range(args.rounds):
                base.append(measure(args.base, game, args.games))
                here.append(measure(HERE, game, args.games))
            ratio = statistics.median(here) / statistics.median(base)
            print(f"{game:10} {name:34} base {', '.join(f'{v:.2f}' for v in base):24} "
                  f"here {', '.join(f'{v:.2f}' for v in here):24} here/base {ratio:.2f}", flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()
