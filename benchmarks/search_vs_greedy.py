"""How strong and how fast the search bot is: seeded games against greedy bots, seats rotating.

    python benchmarks/search_vs_greedy.py [--games sintra,bluemoon,lemuria,abovebelow] [-n 40] [--jobs 2]
                                          [--players 2] [--iterations sintra=2000,...] [--timing 30]
                                          [--first 1]

For each game and player count (2 players, Lemuria 3; ``--players 4`` for four) the search bot (``search:N``, N
the game's iterations below, about a second a decision here) plays ``-n`` games against greedy bots, sitting in
each seat in turn; seeds 1..n (``--first K``: K..K+n-1). It prints the search bot's first places (a tie for
first counts as a share) with a 95% Wilson interval, the decision time at N iterations (median and 99th
percentile) and the iterations a second. ``--timing K`` also times K decisions of the default ``bot:search``
(its one-second budget), beside the greedy bot's decisions in the same positions (the baseline of this run). The
figures move with the machine's load: the script prints the load average before and after.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quick import quick_args

from boardgames.core.bots import make_bot  # noqa: E402
from boardgames.core.registry import get_game  # noqa: E402

#: iterations that take about one second a decision on the development machine (measured 2026-11-26 with
#: ``--timing``): the search bot's strength is reported at these
ITERATIONS = {"sintra": 2000, "bluemoon": 170, "lemuria": 280, "abovebelow": 700}
#: the issue's goals for first places: 2 players (Lemuria 3) and 4 players
GOALS = {("sintra", 2): 0.70, ("abovebelow", 2): 0.70, ("bluemoon", 2): 0.60, ("lemuria", 3): 0.53}
GOAL_FOUR = 0.40


def play(job: tuple[str, int, int, int]) -> tuple[float, list[float], int]:
    """One game: the search bot in seat ``seed % players``, greedy bots elsewhere. Returns its share of first
    place, its decision times (seconds) and its iterations in all."""
    game_id, players, iterations, seed = job
    game = get_game(game_id)
    mine = seed % players
    kinds = ["greedy"] * players
    kinds[mine] = f"search:{iterations}"
    bots = [make_bot(kind, game, seed) for kind in kinds]
    state = game.new_state([f"P{i + 1}" for i in range(players)], {}, seed)
    times: list[float] = []
    spent = 0
    ply = 0
    while not state.is_over:
        seat = state.seat_to_move
        started = time.perf_counter()
        state.apply(bots[seat].choose(state, ply))
        if seat == mine:
            times.append(time.perf_counter() - started)
            last = getattr(bots[seat], "last", None)
            spent += last.iterations if last is not None else 0
        ply += 1
    ranks = state.result().ranks
    share = 1 / ranks.count(1) if ranks[mine] == 1 else 0.0
    return share, times, spent


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timing(game_id: str, players: int, decisions: int) -> None:
    """The default ``bot:search`` (one second) and the greedy bot timed on the same positions of greedy games."""
    game = get_game(game_id)
    searched: list[float] = []
    greedy: list[float] = []
    seed = 1
    while len(searched) < decisions:
        state = game.new_state([f"P{i + 1}" for i in range(players)], {}, seed)
        bots = [make_bot("greedy", game, seed) for _ in range(players)]
        search = make_bot("search", game, seed)
        ply = 0
        while not state.is_over and len(searched) < decisions:
            if ply % 7 == 3 and len(state.legal_actions()) > 1:
                started = time.perf_counter()
                search.choose(state, ply)
                searched.append(time.perf_counter() - started)
                started = time.perf_counter()
                bots[0].choose(state, ply)
                greedy.append(time.perf_counter() - started)
            state.apply(bots[state.seat_to_move].choose(state, ply))
            ply += 1
        seed += 1
    print(f"  {game_id}: bot:search decision time over {decisions} positions: median "
          f"{statistics.median(searched):.2f} s, 99th percentile {percentile(searched, 0.99):.2f} s, "
          f"most {max(searched):.2f} s; the greedy bot on the same positions: median "
          f"{statistics.median(greedy) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="sintra,bluemoon,lemuria,abovebelow")
    parser.add_argument("-n", type=int, default=40, help="games per game and player count (0: --timing only)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (seeds first..first+n-1)")
    parser.add_argument("--players", type=int, default=0, help="4 for four players; default 2 (Lemuria 3)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--iterations", default="", help="game=N,... instead of the defaults")
    parser.add_argument("--timing", type=int, default=0, help="also time K decisions of the default bot:search")
    args = quick_args(parser, games="sintra", n=1, iterations="sintra=5")
    iterations = dict(ITERATIONS)
    for pair in filter(None, args.iterations.split(",")):
        key, _, value = pair.partition("=")
        iterations[key] = int(value)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; {args.jobs} processes")
    for game_id in args.games.split(","):
        players = args.players or (3 if game_id == "lemuria" else 2)
        count = iterations[game_id]
        if args.n == 0:  # -n 0 --timing K: the default budget's decision times alone
            timing(game_id, players, args.timing)
            continue
        jobs = [(game_id, players, count, seed) for seed in range(args.first, args.first + args.n)]
        started = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for result in pool.map(play, jobs):  # a running tally on stderr, in case a long run must be cut short
                results.append(result)
                print(f"  {game_id}: {sum(r[0] for r in results):g} of {len(results)} so far", file=sys.stderr,
                      flush=True)
        wins = sum(share for share, _, _ in results)
        times = [t for _, ts, _ in results for t in ts]
        spent = sum(n for _, _, n in results)
        low, high = wilson(wins, len(results))
        goal = GOALS.get((game_id, players), GOAL_FOUR if players == 4 else None)
        verdict = "" if goal is None else f"; goal {goal:.0%}: {'met' if wins / len(results) >= goal else 'not met'}"
        print(f"{game_id}, {players} players, search:{count} against greedy: first in {wins:g} of {len(results)} "
              f"games = {wins / len(results):.0%} (95% interval {low:.0%} to {high:.0%}){verdict}")
        print(f"  decision time at {count} iterations: median {statistics.median(times):.2f} s, 99th percentile "
              f"{percentile(times, 0.99):.2f} s; {spent / sum(times):.0f} iterations a second; "
              f"{time.perf_counter() - started:.0f} s for the games")
        if args.timing:
            timing(game_id, players, args.timing)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
