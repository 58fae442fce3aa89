"""Are the search's win chances honest? The judge's chances against what happened, in greedy games.

    python benchmarks/win_chance_calibration.py [--games sintra,bluemoon,lemuria,abovebelow] [-n 40]
                                                [--players 2] [--every 5] [--first 1]

The search bot, the hints ("about 52% to win") and the review all average the judge's win chances
(``core.search.win_chances``: a softmax of every seat's judge value at the game's ``SEARCH_SCALE``). This plays
``-n`` seeded games of greedy bots (seeds 1..n, ``--first K``: K..K+n-1; 2 players, Lemuria 3), takes every
seat's chance at every ``--every``-th decision, and compares them with the games' winners: by bins of the
chance (how often a seat given about 30% won), the Brier score against always saying the fair share, and the
scale at which the same values would have fitted the outcomes best (the least log loss), beside the game's
own. The games' scales were fitted on seeds 1 to 40; ``--first 41`` checks them on games they were not fitted
to. Nothing here is timed.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quick import quick_args

from boardgames.core.bots import make_bot  # noqa: E402
from boardgames.core.registry import get_game  # noqa: E402
from boardgames.core.search import Search, final_chances, win_chances  # noqa: E402

#: the chance bins reported: [0, 0.1), [0.1, 0.2), ... [0.9, 1]
BINS = 10
#: the scales tried for the best fit, as multiples of the game's own
FACTORS = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0, 5.6, 8.0)


def samples(game_id: str, players: int, seeds: range, every: int) -> list[tuple[list[float], list[float]]]:
    """(every seat's judge value, every seat's share of the win) at the sampled decisions of each game."""
    game = get_game(game_id)
    found: list[tuple[list[float], list[float]]] = []
    for seed in seeds:
        state = game.new_state([f"P{i + 1}" for i in range(players)], {}, seed)
        bots = [make_bot("greedy", game, seed) for _ in range(players)]
        search = Search(game, seed)
        taken: list[list[float]] = []
        ply = 0
        while not state.is_over:
            if ply % every == every // 2:
                taken.append([search.evaluate(state, seat) for seat in range(players)])
            state.apply(bots[state.seat_to_move].choose(state, ply))
            ply += 1
        outcome = final_chances(state)
        found.extend((values, outcome) for values in taken)
    return found


def log_loss(found: list[tuple[list[float], list[float]]], scale: float) -> float:
    total = 0.0
    for values, outcome in found:
        chances = win_chances(values, scale)
        total -= sum(share * math.log(max(1e-12, chance)) for share, chance in zip(outcome, chances))
    return total / max(1, len(found))


def report(game_id: str, players: int, found: list[tuple[list[float], list[float]]], scale: float) -> None:
    counts = [0] * BINS
    said = [0.0] * BINS
    won = [0.0] * BINS
    brier = fair = 0.0
    for values, outcome in found:
        for chance, share in zip(win_chances(values, scale), outcome):
            b = min(BINS - 1, int(chance * BINS))
            counts[b] += 1
            said[b] += chance
            won[b] += share
            brier += (chance - share) ** 2
            fair += (1 / players - share) ** 2
    cases = sum(counts)
    print(f"{game_id}, {players} players: {len(found)} positions, {cases} seat chances (scale {scale:g})")
    print("  said      cases   mean said   won")
    for b in range(BINS):
        if counts[b]:
            print(f"  {b / BINS:.1f}-{(b + 1) / BINS:.1f}  {counts[b]:7d}   {said[b] / counts[b]:8.2f}   "
                  f"{won[b] / counts[b]:5.2f}")
    print(f"  Brier score {brier / cases:.3f} (always the fair share: {fair / cases:.3f}; lower is better)")
    losses = {factor: log_loss(found, scale * factor) for factor in FACTORS}
    best = min(losses, key=lambda factor: losses[factor])
    print(f"  log loss at the game's scale {losses[1.0]:.3f}; least at {best:g} times it "
          f"(scale {scale * best:g}): {losses[best]:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="sintra,bluemoon,lemuria,abovebelow")
    parser.add_argument("-n", type=int, default=40, help="greedy games per game")
    parser.add_argument("--players", type=int, default=0, help="default 2 (Lemuria 3)")
    parser.add_argument("--every", type=int, default=5, help="take the chances at every K-th decision")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    args = quick_args(parser, games="sintra", n=1, every=20)
    for game_id in args.games.split(","):
        players = args.players or (3 if game_id == "lemuria" else 2)
        found = samples(game_id, players, range(args.first, args.first + args.n), args.every)
        report(game_id, players, found, Search(get_game(game_id)).scale)


if __name__ == "__main__":
    main()
