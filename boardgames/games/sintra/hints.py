"""Sintra's judge (``strategy.evaluate``) split into named terms, and the sentences a hint makes of their gains.

Terms (they add up to the judge's value exactly): ``points`` (the score now), ``glass`` (the broken-glass
track's points), ``bonus`` (the share of the palace's end bonus the judge counts) and ``strip:N`` (what the
part-filled strip under window N is on course to score). Everything is the seat's own and public.
"""

from __future__ import annotations

from boardgames.core.hints import points
from boardgames.games.sintra.data import SLOTS
from boardgames.games.sintra.rules import EMPTY, SintraState
from boardgames.games.sintra.strategy import terms
from boardgames.i18n import _

__all__ = ["sentence", "terms"]


def _completed(before: SintraState, after: SintraState, seat: int) -> list[int]:
    """The windows (1 to 8) whose strip the move completed."""
    old, new = before.players[seat].strip_ids, after.players[seat].strip_ids
    return [slot + 1 for slot in range(SLOTS) if old[slot] is not None and new[slot] is None]


def sentence(name: str, gain: float, before: SintraState, after: SintraState, seat: int) -> str | None:
    """Why the move is good, for the term ``name`` that gained ``gain``."""
    if name == "points":
        done = _completed(before, after, seat)
        scored = after.players[seat].score - before.players[seat].score
        if len(done) == 1:
            return _("It completes the strip under window {window} for {points}.", window=done[0],
                     points=points(scored))
        if done:
            return _("It completes the strips under windows {windows} for {points}.",
                     windows=", ".join(map(str, done)), points=points(scored))
        return _("It scores {points} now.", points=points(gain))
    if name == "glass":
        return _("It takes glass off the broken-glass track, worth {points}.", points=points(gain))
    if name == "bonus":
        return _("It raises your palace's end-of-game bonus by about {points}.", points=points(gain))
    if name.startswith("strip:"):
        window = int(name.partition(":")[2])
        row = after.players[seat].filled[window - 1]
        left = row.count(EMPTY)
        if left == 1:
            return _("It leaves the strip under window {window} one space from complete (worth about {points} "
                     "more).", window=window, points=points(gain))
        return _("It fills the strip under window {window} towards completion ({left} spaces left; about "
                 "{points} more).", window=window, left=left, points=points(gain))
    return None
