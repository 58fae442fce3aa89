"""Hints: the search's suggested move for one seat, its win chance, and one sentence of why.

``find_hint`` asks :class:`~boardgames.core.search.Search` about the seat's decision (only what that seat may
see), takes its ``skip``-th best move (a second request shows the next best) and explains it from the game's
judge split into named terms (``games/<game>/hints.py``: ``terms(state, seat) -> {name: value}``, adding up to
the judge's value). The terms are compared in a *sample* of the position as the seat sees it (everything
hidden from it dealt anew, the future draws re-seeded, as the search does) before the move and after it and
the rest of the seat's turn as the judge would play it (one move ahead at a time, stopping before anything
left to chance: a die or a draw of that sample must not make the sentence); the largest gains become the
sentence, in the game's words (the game's ``sentence(name, gain, before, after, seat)``). The sentence never
names anything hidden from the seat: it is made from the seat's own terms and public things, never from a card
of the sample.

Pure: no Textual, no I/O. Sentences are whole, with named placeholders, made with ``_`` (the shell's hook in
``tui/i18n.py``, repeated here because core imports nothing from the shell).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType

from boardgames.core.engine import Action, Game, State
from boardgames.core.rng import Rng
from boardgames.core.search import Search, rest_of_turn
from boardgames.core.search import sample as sample_world
from boardgames.i18n import _, n_
from boardgames.i18n import number as format_number

#: the seconds a hint thinks by default (answered within a second with the sentence's work)
HINT_SECONDS = 0.7
#: a gain of the judge smaller than this is no reason worth a sentence
NOTICEABLE = 0.05
#: a second reason is named when it is at least this share of the first
SECOND_SHARE = 0.5


def points(value: float) -> str:
    """A judge's amount with its unit, as a sentence shows it: "1 point", "7 points", "0.4 points" (whole points
    from 2 on, and for whole amounts; one decimal below 2)."""
    if abs(value - round(value)) < 0.05 or abs(value) >= 1.95:
        whole = round(value)
        return n_("{amount} point", "{amount} points", abs(whole), amount=format_number(whole))
    return _("{amount} points", amount=format_number(value, 1))


def templated(sentences: Mapping[str, str], name: str, gain: float) -> str | None:
    """A game's sentence for the term ``name`` from its table of sentences (each with ``{points}``), or None."""
    template = sentences.get(name)
    return _(template, points=points(gain)) if template else None


@dataclass(frozen=True)
class Hint:
    """The search's ``rank``-th best move (0: the best) of ``count`` for ``seat``."""

    seat: int
    action: Action
    #: the move as that seat reads it (``State.label``)
    label: str
    #: the seat's win chance after the move, in [0, 1]
    chance: float
    rank: int
    count: int
    #: one sentence (or two whole ones) of why
    why: str
    #: the judge's terms that changed, after minus before (for tests and curious readers)
    gains: dict[str, float] = field(default_factory=dict)

    def text(self) -> str:
        """The message line's sentence: the move, its chance, the why."""
        if self.rank == 0:
            return _("Hint: {move} (about {chance}% to win). {why}", move=self.label,
                     chance=round(100 * self.chance), why=self.why)
        return _("Hint, choice {rank} of {count}: {move} (about {chance}% to win). {why}", rank=self.rank + 1,
                 count=self.count, move=self.label, chance=round(100 * self.chance), why=self.why)


def hints_module(game: Game) -> ModuleType | None:
    """The game's ``hints`` module (beside its ``game.py``), or None when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.hints")
    except ModuleNotFoundError:
        return None


def terms_of(game: Game, state: State, seat: int, search: Search | None = None) -> dict[str, float]:
    """The judge's value of ``state`` for ``seat`` as named terms (one term, ``position``, for a game without a
    hints module)."""
    module = hints_module(game)
    if module is not None:
        terms: dict[str, float] = module.terms(state, seat)
        return terms
    judge = search.evaluate if search is not None else Search(game).evaluate
    return {"position": judge(state, seat)}


def find_hint(game: Game, state: State, seat: int | None = None, *, iterations: int | None = None,
              seconds: float | None = None, seed: int = 0, skip: int = 0, search: Search | None = None,
              stop: Callable[[], bool] | None = None) -> Hint:
    """The ``skip``-th best move (wrapping round) of ``seat`` (default: the current player) in ``state``, found by
    the search with ``iterations`` (deterministic from ``seed``) or ``seconds`` (default :data:`HINT_SECONDS`),
    using only what that seat may see. ``search``: a searcher to reuse (its judge's caches stay warm)."""
    if state.is_over:
        raise ValueError(_("The game is over: there is no move to suggest."))
    if seat is not None and seat != state.current_player:
        state = state.as_seat(seat)
    seat = state.seat_to_move
    search = search if search is not None else Search(game, seed)
    if iterations is None and seconds is None:
        seconds = HINT_SECONDS
    # the search starts from a sample too: its root ranks the moves by the judge's look through the turn, and
    # in the real position that look would draw the real cards (what the seat cannot know must not count)
    analysis = search.analyse(sample(state, seat, seed), seat, iterations=iterations, seconds=seconds, seed=seed,
                              stop=stop)
    moves = analysis.moves
    rank = skip % len(moves)
    move = moves[rank]
    chance = move.chance if move.chance >= 0 else analysis.chance
    if len(state.legal_actions()) == 1:
        why = _("It is the only move you have.")
        gains: dict[str, float] = {}
    else:
        why, gains = explain(game, state, seat, move.action, search, seed)
    return Hint(seat, move.action, state.label(move.action), max(0.0, min(1.0, chance)), rank, len(moves), why,
                gains)


def sample(state: State, seat: int, seed: int) -> State:
    """A copy of ``state`` as ``seat`` may know it: everything hidden from it dealt anew, the future re-seeded
    (as each of the search's iterations does)."""
    return sample_world(state, seat, Rng(seed * 7_919 + seat * 104_729 + 3))


def explain(game: Game, state: State, seat: int, action: Action, search: Search,
            seed: int = 0) -> tuple[str, dict[str, float]]:
    """One sentence (or two whole ones) of why ``action`` is good for ``seat``, and the terms' gains it is made
    from."""
    module = hints_module(game)
    world = sample(state, seat, seed)
    turn = world.turn
    before = terms_of(game, world, seat, search)
    after_state = world.clone()
    after_state.apply(action)
    after_state = rest_of_turn(search, after_state, seat, turn)
    after = terms_of(game, after_state, seat, search)
    gains = {name: after.get(name, 0.0) - before.get(name, 0.0) for name in set(before) | set(after)}
    gains = {name: gain for name, gain in gains.items() if abs(gain) > 1e-9}
    ranked = sorted((gain, name) for name, gain in gains.items() if gain >= NOTICEABLE)
    ranked.reverse()
    sentences: list[str] = []
    first = 0.0
    for gain, name in ranked:
        if sentences and gain < SECOND_SHARE * first:
            break
        said = _sentence(module, name, gain, world, after_state, seat)
        if said and said not in sentences:
            if not sentences:
                first = gain
            sentences.append(said)
        if len(sentences) == 2:
            break
    if not sentences:
        total = sum(gains.values())
        if total >= -NOTICEABLE:
            sentences.append(_("It changes little by itself; the search prefers it once the others' replies are "
                               "counted."))
        else:
            sentences.append(_("Every move costs something here; this one costs the least once the others' "
                               "replies are counted."))
    return " ".join(sentences), gains


def _sentence(module: ModuleType | None, name: str, gain: float, before: State, after: State,
              seat: int) -> str | None:
    if module is not None:
        said: str | None = module.sentence(name, gain, before, after, seat)
        if said:
            return said
    return _("It improves your position by about {points}.", points=points(gain))
