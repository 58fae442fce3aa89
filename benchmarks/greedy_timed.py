"""One greedy bot against random ones, seat rotating: wins, points and the time of each greedy decision.

The loop behind benchmarks/lemuria_bots.py and benchmarks/abovebelow_bots.py (run those). Seeds
first..first+N-1; the greedy bot sits in seat (game number mod players), so every seat gets its share. A
game won by several seats counts as a shared win (1/k each). Only the greedy bot's decisions are timed, and
only those with more than one legal move (a single move is played without looking).
"""

from __future__ import annotations

import argparse
import statistics
import time

from quick import quick_args
from spread import machine

from boardgames.core.bots import make_bot
from boardgames.core.engine import Game


def play(game: Game, seed: int, players: int, greedy_seat: int, options: dict[str, str],
         times: list[float], moves: int | None = None) -> tuple[list[int], list[int]]:
    """One game (its first ``moves`` only, when given: no winner then); the greedy bot's decision times go into
    ``times``. Returns the winners and the scores."""
    kinds = ["random"] * players
    kinds[greedy_seat] = "greedy"
    state = game.new_state([f"{kind} {seat + 1}" for seat, kind in enumerate(kinds)], dict(options), seed)
    bots = [make_bot(kind, game, seed) for kind in kinds]
    ply = 0
    while not state.is_over:
        if moves is not None and ply >= moves:
            return [], [0] * players
        if ply >= game.max_moves:
            raise RuntimeError(f"seed {seed}: the game is not over after {ply} moves")
        seat = state.current_player
        timed = seat == greedy_seat and len(state.legal_actions()) > 1
        started = time.perf_counter()
        action = bots[seat].choose(state, ply)
        if timed:
            times.append(time.perf_counter() - started)
        state.apply(action)
        ply += 1
    result = state.result()
    return result.winners, list(result.scores)


def main(game: Game, doc: str, players: int, switches: dict[str, str] | None = None) -> None:
    """The command line of a game's script: ``--games``, ``--players`` (default ``players``),
    ``--first-seed`` and one ``--<option>`` switch per entry of ``switches`` (option: help), which sets a
    true/false option of the game."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=players)
    for option, help_text in (switches or {}).items():
        parser.add_argument(f"--{option}", action="store_true", help=help_text)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=None, help="stop each game after this many moves")
    args = quick_args(parser, games=1, moves=40)
    options = {option: "true" if getattr(args, option) else "false" for option in switches or {}}
    print(machine())
    print(f"{game.title}, {args.players} players, one greedy bot against random ones (seat rotating), "
          f"options {options or '-'}, seeds {args.first_seed}..{args.first_seed + args.games - 1}")
    wins = [0.0] * args.players
    games = [0] * args.players
    times: list[float] = []
    mine: list[int] = []
    best_other: list[int] = []
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.first_seed + number
        seat = number % args.players
        winners, scores = play(game, seed, args.players, seat, options, times, args.moves)
        games[seat] += 1
        if seat in winners:
            wins[seat] += 1 / len(winners)
        mine.append(scores[seat])
        best_other.append(max(s for i, s in enumerate(scores) if i != seat))
    total = sum(wins)
    for seat in range(args.players):
        print(f"  greedy in seat {seat + 1}: wins {wins[seat]:g} of {games[seat]}")
    print(f"greedy wins {total:g} of {args.games} ({100 * total / args.games:.1f}%), "
          f"{(time.perf_counter() - started) / args.games:.2f} s per game")
    print(f"points: greedy median {statistics.median(mine):g}, best random median {statistics.median(best_other):g}")
    print(f"decisions timed: {len(times)}, median {1000 * statistics.median(times):.1f} ms, "
          f"longest {1000 * max(times):.0f} ms")
