"""Games started in the same second by separate processes: how many saves were lost to a shared name.

    python benchmarks/save_collisions.py [--games 20]

Each process starts a Sintra game, waits for a common instant, then makes its
first move (which writes the save). Counts the games whose save survived.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from quick import quick_args

from boardgames.core.record import read_record

SCRIPT = """
import sys, time
from boardgames.home import default_store
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.home import default_store
start, seed = float(sys.argv[1]), int(sys.argv[2])
session = Session.new(get_game("sintra"), [Seat("Ana", "human"), Seat("Bia", "human")], {}, seed=seed,
                      store=default_store())
while time.time() < start:
    time.sleep(0.001)
session.apply(session.state.legal_actions()[0])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = quick_args(parser, games=2)
    home = Path(tempfile.mkdtemp(prefix="bg-bench-"))
    env = dict(os.environ, BOARDGAMES_HOME=str(home))
    start = time.time() + 2 + args.games * 0.3
    processes = [subprocess.Popen([sys.executable, "-c", SCRIPT, str(start), str(seed)], env=env)
                 for seed in range(args.games)]
    for process in processes:
        process.wait()
    seeds = {read_record(path).seed for path in (home / "saves").glob("*.json")}
    print(f"{args.games} games started together: {len(seeds)} saves kept, {args.games - len(seeds)} lost")


if __name__ == "__main__":
    main()
