"""The sentences of a game's review (core/review.py), shared by ``boardgames review`` and the replay screen.

Plain strings, whole sentences through ``_``; names players typed are returned as they are, so a screen must
show them as plain text (``rich.text.Text``), never as markup.
"""

from __future__ import annotations

from boardgames.core.review import MoveReview, Review
from boardgames.i18n import N_, _, number

#: each grade as a reader sees it (translatable one by one)
GRADE_NAMES = {
    "best": N_("Best move"),
    "excellent": N_("Excellent"),
    "good": N_("Good"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
}


def grade_name(grade: str) -> str:
    return _(GRADE_NAMES[grade])


def percent(chance: float) -> str:
    """A chance (0 to 1) as a percentage with one decimal: ``0.1234`` -> ``12.3%``."""
    return _("{value}%", value=number(chance * 100, 1))


def verdict(move: MoveReview) -> str:
    """What the move cost, without its number or player: "Mistake: 12.0% of the win chance lost; better: ..."."""
    if move.better:
        return _("{grade}: {lost} of the win chance lost; better: {best} ({best_chance} against {played_chance}).",
                 grade=grade_name(move.grade), lost=percent(move.loss), best=move.best_label,
                 best_chance=percent(move.chance_best), played_chance=percent(move.chance_played))
    if move.grade == "best":
        return _("Best move: the search found none better ({chance} to win).", chance=percent(move.chance_played))
    return _("{grade}: nothing lost ({chance} to win).", grade=grade_name(move.grade),
             chance=percent(move.chance_played))


def move_sentence(review: Review, move: MoveReview) -> str:
    """One line of the review: the move's number, its player, the move played and what it cost."""
    return _("Move {number}, {name}: {played}. {verdict}", number=move.number, name=review.names[move.seat],
             played=move.played_label, verdict=verdict(move))


def heading(review: Review) -> str:
    names = ", ".join(review.names)
    return _("Review of {title} ({names}): {iterations} iterations of the search for each decision.",
             title=_(review.title), names=names, iterations=review.iterations)


def counts_sentence(review: Review, seat: int) -> str:
    """A player's moves counted by grade."""
    return _("{name}: best {best}, excellent {excellent}, good {good}, inaccuracy {inaccuracy}, mistake {mistake}, "
             "blunder {blunder}.", name=review.names[seat], **review.counts(seat))


def costliest_lines(review: Review, seat: int) -> list[str]:
    """A player's three costliest moves, a heading line first; one sentence when none lost anything."""
    costly = review.costliest(seat)
    name = review.names[seat]
    if not costly:
        return [_("None of {name}'s moves lost any win chance.", name=name)]
    lines = [_("{name}'s costliest moves:", name=name)]
    for move in costly:
        lines.append(_("Move {number}: {played} ({grade}, {lost} lost; better: {best}).", number=move.number,
                       played=move.played_label, grade=grade_name(move.grade).lower(), lost=percent(move.loss),
                       best=move.best_label))
    return lines


def costliest_sentence(review: Review) -> str:
    """The costliest moves of every player reviewed, the costliest first, in one line (for a screen)."""
    costly = sorted((move for seat in review.humans for move in review.costliest(seat)),
                    key=lambda move: (-move.loss, move.number))
    if not costly:
        return _("No move lost any win chance.")
    moves = ", ".join(_("{number} ({name}, {lost})", number=move.number, name=review.names[move.seat],
                        lost=percent(move.loss)) for move in costly)
    return _("Costliest moves: {moves}; m goes to each.", moves=moves)


def review_lines(review: Review) -> list[str]:
    """The whole review as text: a heading, a line per human move, then each player's counts and costliest
    moves (or the one sentence saying there was nothing to review)."""
    lines = [heading(review)]
    if review.note:
        return [*lines, review.note]
    lines.append("")
    lines.extend(move_sentence(review, move) for move in review.moves)
    for seat in review.humans:
        lines.append("")
        lines.append(counts_sentence(review, seat))
        lines.extend("  " + line if number else line for number, line in enumerate(costliest_lines(review, seat)))
    return lines
