"""Bots playing each other from the command line: results, speed, and the long soak (``--check``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from boardgames.core.bots import make_bot
from boardgames.core.engine import Action, Game, State
from boardgames.core.soak import SOAK, ContractBroken, play_checked
from boardgames.i18n import _, n_, number


def play_one(game: Game, kinds: list[str], options: dict[str, str], seed: int) -> State:
    """Play one bot game to the end; returns the final state."""
    state = game.new_state(seat_names(kinds), options, seed)
    bots = [make_bot(kind, game, seed) for kind in kinds]
    ply = 0
    while not state.is_over:
        if ply >= game.max_moves:
            raise ContractBroken(f"{game.id}, seed {seed}, {len(kinds)} players: the game is not over after "
                                 f"{ply} moves, its cap")
        state.apply(bots[state.seat_to_move].choose(state, ply))
        ply += 1
    return state


def _same_game_again(game: Game, kinds: list[str], options: dict[str, str], seed: int, first: State | None) -> None:
    """The bots are deterministic from the seed: the game played again by new bots, after the checked one (whatever
    the bots remember must not matter), ends as it did before (the test command compares a stretch of play; the
    long soak whole games). The checked game itself is not the yardstick: its checks draw on the bots too."""
    again = play_one(game, kinds, options, seed)
    if first is None or again.to_json() != first.to_json():
        raise ContractBroken(f"{game.id}, seed {seed}: the same bots with the same seed played another game")


def seat_names(kinds: list[str]) -> list[str]:
    return [f"{kind} {seat + 1}" for seat, kind in enumerate(kinds)]


def describe_options(options: dict[str, str]) -> str:
    return ", ".join(f"{key}={value}" for key, value in options.items())


def run_selfplay(
    game: Game,
    kinds: list[str],
    options: dict[str, str],
    games: int,
    first_seed: int,
    check: bool,
    say: Callable[[str], None] = print,
) -> int:
    """Play ``games`` seeded games and report; with ``check``, the engine contract after every move.

    Returns the exit code: 0, or 1 when a check failed (the message names the seed to replay).
    """
    players = len(kinds)
    wins = [0.0] * players
    totals = [0] * players
    moves = 0
    pool: set[Action] = set()
    started = time.perf_counter()
    for index in range(games):
        seed = first_seed + index
        try:
            if check:
                first = play_one(game, kinds, options, seed) if index == 0 else None
                state, record = play_checked(
                    game, seat_names(kinds), [make_bot(k, game, seed) for k in kinds], options, seed, SOAK, pool
                )
                moves += len(record.actions)
                if index == 0:
                    _same_game_again(game, kinds, options, seed, first)
            else:
                state = play_one(game, kinds, options, seed)
        except ContractBroken as exc:
            say(_("Check failed: {problem}", problem=exc))
            command = (f"boardgames selfplay {game.id} -n 1 --seed {seed} --check --players {players} "
                       f"--bots {','.join(kinds)}" + "".join(f" --option {k}={v}" for k, v in options.items()))
            say(_("Repeat that game alone with: {command}", command=command))
            return 1
        result = state.result()
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        if games <= 10:
            scores = ", ".join(f"{name}: {score}" for name, score in zip(seat_names(kinds), result.scores))
            say(_("Game {number} (seed {seed}): {scores}", number=index + 1, seed=seed, scores=scores))
    elapsed = time.perf_counter() - started
    say(n_("{n} game of {title}, {players} players.", "{n} games of {title}, {players} players.", games,
           title=_(game.title), players=players))
    if options:
        say(_("Options: {options}", options=describe_options(options)))
    for seat in range(players):
        say("  " + _("seat {seat} {bot} wins {wins}  mean score {mean}", seat=seat + 1, bot=kinds[seat].ljust(7),
                     wins=number(wins[seat], 1).rjust(6), mean=number(totals[seat] / games, 1).rjust(7)))
    if check:
        say(n_("Checked after every move: {n} move, the engine contract held throughout.",
               "Checked after every move: {n} moves, the engine contract held throughout.", moves))
    say(_("games per second: {speed}", speed=number(games / elapsed, 1)))
    return 0
