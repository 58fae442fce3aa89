"""The end of a turn, of a round (the indicator moves on, the displays are refilled) and of the game (final
scoring). No decision is asked here: each ends with the next seat's take, or with nothing pending."""

from __future__ import annotations

from boardgames.games.sintra.state import TAKE, SintraState, end_bonus


def end_turn(state: SintraState, seat: int) -> None:
    """``seat`` is done: the next seat takes, or the round ends once the displays and the centre are empty."""
    state.turn += 1
    if any(any(f) for f in state.factories) or any(state.centre):
        state.next_decision(TAKE, (seat + 1) % len(state.players))
        return
    end_round(state)


def end_round(state: SintraState) -> None:
    """The round's indicator piece goes to the tower; the next round starts, or the game ends after the sixth."""
    while True:
        state.tower[state.indicator.pop(0)] += 1
        if not state.indicator:
            final_scoring(state)
            return
        state.round += 1
        state.fill_factories()
        state.marker_in_centre = True
        state.next_decision(TAKE, state.first_player)
        if any(any(f) for f in state.factories):
            return
        # no glass left anywhere: the round cannot be played and ends at once


def final_scoring(state: SintraState) -> None:
    comp = state.rules.components
    side = state.rules.palace[state.side]
    for palace in state.players:
        leftover = palace.pieces_on_strips() // comp.leftover_divisor
        track_value = comp.broken_track[palace.track]
        bonus, _ = end_bonus(side, palace.windows)
        palace.final = {"leftover": leftover, "track": track_value, "end_bonus": bonus}
        palace.score += leftover + track_value + bonus
    state.decisions.reset()
