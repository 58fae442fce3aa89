"""Above and Below's greedy bot against a random bot: wins, and the time of each greedy decision.

    python benchmarks/abovebelow_bots.py [--games N] [--players N] [--first-seed N]

The loop is benchmarks/greedy_timed.py's. Target: with 2 players, 90% wins or more over 200 games and no
decision over 1 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from greedy_timed import main  # noqa: E402

from boardgames.games.abovebelow.game import ABOVEBELOW  # noqa: E402

if __name__ == "__main__":
    main(ABOVEBELOW, __doc__, players=2)
