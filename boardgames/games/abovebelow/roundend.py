"""The turn passing on, and after the last pass (ruling 11) the round's end (rulings 6, 14, 18).

After the last pass every player may put goods on the progress track (a ``stock`` decision per seat, from
the first player). Then, unless round 7 is over (ruling 18: score at once): the round marker moves, the cider
goes back on the board, the villager row slides to slot 1 and refills, each seat refreshes (``refresh``:
potions, then cider, then beds, ruling 14, in refresh.py; Mechanical Men use their own beds by themselves; in
4-player games round 1's sleepers wake without a bed), income is paid, goods cards restock, and the
first-player card passes left (income.py).
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import words
from boardgames.games.abovebelow.income import income_step
from boardgames.games.abovebelow.market import put_on_track, track_actions
from boardgames.games.abovebelow.pieces import TurnFlags
from boardgames.games.abovebelow.refresh import CIDER, POTIONS, legal_refresh
from boardgames.games.abovebelow.state import REFRESH, STOCK, TURN, AboveBelowState, refused_by_name
from boardgames.i18n import _

__all__ = ["CIDER", "POTIONS", "REFRESH", "STOCK", "KINDS", "after_last_pass", "end_turn", "round_end"]


def seats_from_first(state: AboveBelowState) -> list[int]:
    count = len(state.players)
    return [(state.first + i) % count for i in range(count)]


def end_turn(state: AboveBelowState) -> None:
    """The turn is over: the next seat that has not passed plays, else the round ends (ruling 1)."""
    state.turn += 1
    state.flags = TurnFlags()
    state.explore = None
    count = len(state.players)
    seat = state.decisions.seat
    assert seat is not None
    for step in range(1, count + 1):
        nxt = (seat + step) % count
        if not state.passed[nxt]:
            state.decisions.reset(Decision(TURN, nxt))
            return
    after_last_pass(state)


# -- after the last pass -----------------------------------------------------------------------------
def after_last_pass(state: AboveBelowState) -> None:
    """Ruling 11: every player may put goods on the track (this covers final scoring too)."""
    waiting = [seat for seat in seats_from_first(state) if track_actions(state, seat)]
    if waiting:
        state.decisions.reset(*(Decision(STOCK, seat) for seat in reversed(waiting)))
    else:
        state.decisions.reset()
        round_end(state)


def legal_stock(state: AboveBelowState, d: Decision) -> list[Action]:
    return track_actions(state, d.seat) + [Action("done")]


def apply_stock(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "track":
        put_on_track(state, d.seat, action.args[0])
        if track_actions(state, d.seat):
            return
    else:
        state.emit(_("{name} is done with the progress track.", name=state.names[d.seat]))
    if state.answered():
        round_end(state)


def prompt_stock(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: put goods on your progress track before the round ends, then done.", name=state.names[d.seat])


def label_stock(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Done") if action.name == "done" else _("Put 1 {good} on the progress track",
             good=words.good(action.args[0]))


# -- the round's end -----------------------------------------------------------------------------------
def round_end(state: AboveBelowState) -> None:
    if state.round >= state.comp.rounds:
        state.emit(_("Round {n} is over: the game ends.", n=state.round))
        state.decisions.reset()
        return
    state.emit(_("Round {n} is over.", n=state.round))
    if not state.cider_on_board and state.cider:
        state.cider -= 1
        state.cider_on_board = True
    slide_villager_row(state)
    for player in state.players:
        for v in state.sleepers:  # ruling 14: round 1's sleepers wake without a bed
            if v in player.exhausted:
                player.exhausted.remove(v)
                player.ready = state.sort_villagers([*player.ready, v])
        for v in list(player.villagers):  # the Mechanical Man's own bed, one step
            if state.rules.villager[v].has("own_bed"):
                if v in player.injured:
                    player.injured.remove(v)
                    player.exhausted = state.sort_villagers([*player.exhausted, v])
                elif v in player.exhausted:
                    player.exhausted.remove(v)
                    player.ready = state.sort_villagers([*player.ready, v])
    state.sleepers = []
    waiting = [seat for seat in seats_from_first(state)
               if len(legal_refresh(state, Decision(REFRESH, seat, (POTIONS, 0)))) > 1]
    if waiting:
        state.decisions.reset(*(Decision(REFRESH, seat, (POTIONS, 0)) for seat in reversed(waiting)))
    else:
        state.decisions.reset()
        income_step(state)


def slide_villager_row(state: AboveBelowState) -> None:
    """Ruling 13: the villagers left slide toward slot 1 and the row refills from the pile."""
    left = [v for v in state.villager_row if v is not None]
    while len(left) < len(state.villager_row) and len(state.villagers):
        left.append(state.villagers.draw(state.rng))
    state.villager_row = [*left, *[None] * (len(state.villager_row) - len(left))]


KINDS: dict[str, Kind[AboveBelowState]] = {
    # every seat puts its own goods on its own track, at the same time (ruling 11)
    STOCK: Kind(legal_stock, apply_stock, prompt_stock, label_stock, refusal=refused_by_name, listed=True,
                together=True),
}
