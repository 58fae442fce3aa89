"""Lemuria's greedy bot against two random bots: wins, and the time of each greedy decision.

    python benchmarks/lemuria_bots.py [--games N] [--players N] [--impact] [--first-seed N]

The loop is benchmarks/greedy_timed.py's. Target: with 3 players, 90% wins or more over 200 games and no
decision over 1 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from greedy_timed import main  # noqa: E402

from boardgames.games.lemuria.game import LEMURIA  # noqa: E402

if __name__ == "__main__":
    main(LEMURIA, __doc__, players=3, switches={"impact": "play with the Lemurian Impact cards"})
