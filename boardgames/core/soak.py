"""Seeded games played to the end with the engine contract checked along the way.

The test suite's conformance run plays a sample of such games with a light
cadence; ``boardgames selfplay GAME --check`` plays as many as asked with a
heavy one (invariants after every action). Both use these functions, so a
check exists once. Each broken promise raises ``ContractBroken`` (an
``AssertionError``, so pytest reports it like any failed assertion).

Where several seats may answer at once (core/decisions.py's ``together`` kinds),
the games of odd seeds let a random active seat answer each time, the others
keep the hot-seat order; every check then runs on the position as the answering
seat decides in it, and the record (with its ``@<seat>`` lines) must replay.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from boardgames.core.bots import Bot
from boardgames.core.engine import Action, Game, IllegalAction, Result, State
from boardgames.core.log import LogLine
from boardgames.core.record import Record, RecordError, Seat, seat_line
from boardgames.core.rng import Rng


class ContractBroken(AssertionError):
    """A game broke the engine contract; the message says which promise and where."""


def require(condition: object, message: str) -> None:
    if not condition:
        raise ContractBroken(message)


@dataclass(frozen=True)
class Cadence:
    """Every how many moves each check runs (0: never).

    After ``dense_moves`` moves every cadence is multiplied by ``sparse_factor``,
    so that random games thousands of moves long stay affordable.
    """

    legal: int = 1  #: legal actions distinct, a prompt, each notation parses back
    probe: int = 5  #: actions not legal now are refused and change nothing
    successors: int = 11  #: the invariants of the state after every legal action
    round_trip: int = 7  #: the state survives a JSON round trip
    hidden: int = 13  #: no view depends on the random future or another seat's secrets
    log: int = 7  #: the move logs sentences, none a bare notation, none naming another seat's secret
    after_move: int = 1  #: invariants after the move
    clone_check: int = 1  #: the move changes the state but not a clone taken before it
    dense_moves: int | None = 200
    sparse_factor: int = 20

    def due(self, every: int, move: int) -> bool:
        if every <= 0:
            return False
        if self.dense_moves is not None and move >= self.dense_moves:
            every *= self.sparse_factor
        return move % every == 0


#: the test suite's sample: the cheap checks at every move of the first 200, the costly ones (every seat's view
#: with each secret scrambled, the log line read by every seat, every successor) at every 20th to 30th, then a
#: twentieth as often; the long soak below plays thousands of games (issue 40)
SAMPLE = Cadence(successors=22, hidden=26, log=14, round_trip=14)
#: the long soak: invariants after every action, a JSON round trip every 50 moves, never thinner
SOAK = Cadence(legal=5, probe=25, successors=50, round_trip=50, hidden=100, log=50, clone_check=10,
               dense_moves=None)


def dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def all_views(state: State, players: int) -> list[str]:
    return [json.dumps(state.view(seat), sort_keys=True) for seat in (None, *range(players))]


def check_hidden_information(state: State, players: int) -> bool:
    """No view may change when the random future, a secret hidden from everyone or another seat's secret changes.

    Returns whether some seat's own view changed with its own secret (so a game
    with secrets proves it shows them to their owner).
    """
    before = all_views(state, players)
    stirred = state.clone()
    stirred.rng = Rng(stirred.rng.state ^ 0x5DEECE66D, stirred.rng.calls)
    require(all_views(stirred, players) == before, "a view depends on the hidden random generator")
    for attempt in range(3):
        hidden = state.clone()
        if not hidden.scramble_hidden(Rng(0xC0FFEE + attempt)):
            break
        changed = [("the public view" if viewer is None else f"seat {viewer}")
                   for viewer, old, new in zip((None, *range(players)), before, all_views(hidden, players))
                   if old != new]
        require(not changed, f"{', '.join(changed)} sees a secret hidden from everyone")
    own_view_changed = False
    for seat in range(players):
        secret = state.clone()
        if not secret.scramble_private(seat, Rng(seat + 1)):
            continue
        after = all_views(secret, players)
        for index, viewer in enumerate((None, *range(players))):
            if viewer != seat:
                require(after[index] == before[index], f"seat {viewer} sees a secret of seat {seat}")
            elif after[index] != before[index]:
                own_view_changed = True
    return own_view_changed


def _logged(state: State, action: Action) -> tuple[LogLine, State]:
    """The line ``action`` logs on a copy of ``state``, and the copy after it."""
    trial = state.clone()
    trial.keeps_log = True
    trial.take_log()
    trial.apply(action)
    lines = trial.take_log()
    require(lines, f"the move '{action}' logs nothing: every move must log a sentence")
    return LogLine.join(lines), trial


def check_log_lines(state: State, action: Action, players: int, legal: list[Action] | None = None) -> None:
    """The move logs a sentence for every reader, never a bare notation, and tells no reader more than its
    view: when a secret of another seat (or one hidden from everyone) is scrambled before the move and a
    reader's view after it stays the same, that reader's line must stay the same too (a move that reveals
    a card to its receiver may name it to the receiver only).
    """
    line, after = _logged(state, action)
    notations = {str(a) for a in (state.legal_actions() if legal is None else legal)}
    viewers = (None, *range(players))
    for viewer in viewers:
        text = line.text_for(viewer).strip()
        require(text, f"the move '{action}' logs an empty line for seat {viewer}")
        require(text not in notations, f"the move '{action}' logs the bare notation '{text}' for seat {viewer}")
    views = all_views(after, players)
    scrambles = [("everyone", state.clone())]
    scrambles += [(f"seat {seat}", state.clone()) for seat in range(players)]
    for index, (whose, secret) in enumerate(scrambles):
        scrambled = secret.scramble_hidden(Rng(0xC0FFEE)) if index == 0 else \
            secret.scramble_private(index - 1, Rng(index))
        if not scrambled:
            continue
        try:
            other, other_after = _logged(secret, action)
        except IllegalAction:  # the scramble took away what the move needs
            continue
        for viewer, old, new in zip(viewers, views, all_views(other_after, players)):
            if viewer != index - 1 and old == new:
                require(other.text_for(viewer) == line.text_for(viewer),
                        f"the log line of '{action}' for seat {viewer} names a secret of {whose}")


def probe_illegal(state: State, pool: set[Action], seat: int | None = None) -> None:
    """Actions seen elsewhere but not legal now are refused, say why, and change nothing (the order of the
    pending decisions included); ``seat``: answered by that active seat (default: the current player)."""
    legal = set((state if seat is None else state.as_seat(seat)).legal_actions())
    before = dump(state)
    probes = [a for a in sorted(pool, key=str)[:40] if a not in legal][:6]
    probes.append(Action("no-such-move", (1, 2)))
    for action in probes:
        try:
            if seat is None:
                state.apply(action)
            else:
                state.apply_as(seat, action)
        except IllegalAction as exc:
            require(str(exc).strip(), f"refusing {action} must say why")
        else:
            raise ContractBroken(f"the illegal action {action} was accepted")
        require(dump(state) == before, f"refused action {action} changed the state")


def check_result(state: State, players: int) -> Result:
    require(state.current_player is None and state.legal_actions() == [], "a finished game still offers moves")
    result = state.result()
    require(isinstance(result, Result), "result() must return a Result")
    require(len(result.scores) == players and len(result.ranks) == players, "one score and rank per seat")
    for seat in range(players):
        require(sum(result.breakdown[seat].values()) == result.scores[seat], "breakdown must add up to the score")
    require(min(result.ranks) == 1, "somebody ranks first")
    best = max(result.scores)
    if len(result.winners) < players:  # a game may end in a draw for everyone whatever the scores
        require(all(result.scores[s] == best for s in result.winners), "a winner without the best score")
    return result


def check_active_players(state: State, players: int) -> None:
    """The current player is active and first, and each active seat, and no other, has a decision to answer."""
    active = state.active_players
    require(active and active[0] == state.current_player, "the current player is not the first active seat")
    require(len(set(active)) == len(active), "a seat is active twice")
    for seat in range(players):
        if seat == active[0]:
            continue  # the current player's decision is checked on the state itself
        if seat in active:
            deciding = state.as_seat(seat)
            require(deciding.current_player == seat and deciding.legal_actions(),
                    f"active seat {seat} has no decision to answer")
            continue
        try:
            state.as_seat(seat)
        except IllegalAction:
            continue
        raise ContractBroken(f"seat {seat} is not active yet may answer")


def check_before_move(game: Game, state: State, move: int, cadence: Cadence, pool: set[Action],
                      seat: int | None = None) -> list[Action]:
    """The checks due before ``move``, answered by ``seat`` (default: the current player); returns the legal
    actions of that seat."""
    deciding = state if seat is None else state.as_seat(seat)
    legal = deciding.legal_actions()
    require(legal, "no legal action before the end")
    pool.update(legal)
    if cadence.due(cadence.legal, move):
        require(len(set(legal)) == len(legal), "legal actions repeat")
        prompt = deciding.prompt()
        require(isinstance(prompt, str) and prompt, "every position needs a prompt")
        for action in legal:
            require(game.parse_action(str(action)) == action, f"notation does not parse back: {action}")
    if cadence.due(cadence.probe, move):
        probe_illegal(state, pool, seat)
    if cadence.due(cadence.successors, move):
        for action in legal:
            trial = deciding.clone()
            trial.apply(action)
            trial.check_invariants()
    if cadence.due(cadence.round_trip, move):
        copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
        require(dump(copy) == dump(state), "a JSON round trip changed the state")
    return legal


#: stirs a game's seed into the generator that picks which active seat answers (games of odd seeds)
_ORDER_SALT = 0x9E3779B9


def answering_seat(state: State, order: Rng | None) -> int:
    """The seat that answers next: the current player, or with ``order`` a random one of the active seats."""
    if order is not None:
        active = state.active_players
        if len(active) > 1:
            return active[order.below(len(active))]
    return state.seat_to_move


def _play(state: State, seat: int, action: Action) -> None:
    if seat == state.current_player:
        state.apply(action)
    else:
        state.apply_as(seat, action)


def play_checked(
    game: Game,
    names: Sequence[str],
    bots: Sequence[Bot],
    options: dict[str, str],
    seed: int,
    cadence: Cadence = SAMPLE,
    pool: set[Action] | None = None,
) -> tuple[State, Record]:
    """Play one seeded game with ``bots[seat]`` choosing for each seat, checking as ``cadence`` says.

    Any broken promise raises ContractBroken with the seed and move number in its message.
    """
    from boardgames.core.session import Session  # session imports the registry; keep this module light

    pool = set() if pool is None else pool
    players = len(names)
    state = game.new_state(list(names), options, seed)
    record = Record(game.id, seed, [Seat(n, "bot:random") for n in names], game.option_texts(options),
                    game.rules_version)
    move = 0
    order = Rng(seed ^ _ORDER_SALT) if seed % 2 else None
    try:
        while not state.is_over:
            require(move < game.max_moves,
                    f"the game is not over after {game.max_moves} moves, the most {game.title} allows (max_moves)")
            seat = answering_seat(state, order)
            current = state.seat_to_move
            deciding = state if seat == current else state.as_seat(seat)
            if cadence.due(cadence.legal, move):
                check_active_players(state, players)
            legal = check_before_move(game, state, move, cadence, pool, None if seat == current else seat)
            if cadence.due(cadence.hidden, move):
                check_hidden_information(state, players)
                if deciding is not state:
                    check_hidden_information(deciding, players)
            action = bots[seat].choose(state, move, seat)
            if cadence.due(cadence.log, move):
                check_log_lines(deciding, action, players, legal)
            if cadence.due(cadence.clone_check, move):
                before = dump(state)
                clone = state.clone()
                _play(state, seat, action)
                require(dump(clone) == before, "clone() shares data with the original")
            else:
                _play(state, seat, action)
            if cadence.due(cadence.after_move, move):
                state.check_invariants()
            record.actions.append(str(action) if seat == current else seat_line(seat, str(action)))
            move += 1
        check_result(state, players)
        try:
            replayed = Session.from_record(record)
        except RecordError as exc:
            raise ContractBroken(f"the record does not replay: {exc}") from None
        require(dump(replayed.state) == dump(state), "replaying the record gives another state")
    except Exception as exc:  # a crash inside the rules is as much a broken contract as a failed check
        what = str(exc) if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {exc}"
        raise ContractBroken(f"{game.id}, seed {seed}, {players} players, move {move}: {what}") from exc
    return state, record
