"""A player's turn (ruling 1), the ``turn`` kind: free actions (market.py) in any number, then one action
(explore, build, harvest, train, labor) or a pass. A player who passes sits out the rest of the round; the
round ends when everyone has passed (roundend.py).
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow.explore import start_explore
from boardgames.games.abovebelow.market import FREE_LABELS, FREE_MOVES, Label, Move, free_actions
from boardgames.games.abovebelow.roundend import end_turn
from boardgames.games.abovebelow.state import TURN, AboveBelowState, refused_by_name
from boardgames.games.abovebelow.work import choose_action, workers
from boardgames.i18n import N_, _

#: the turn's actions, one a turn, each with at least one ready villager
ACTIONS = ("explore", "build", "harvest", "train", "labor")


def legal_turn(state: AboveBelowState, d: Decision) -> list[Action]:
    seat, player = d.seat, state.players[d.seat]
    acts = free_actions(state, seat)
    if player.ready:
        if len(player.ready) >= 2 and state.cave_top is not None:
            acts.append(Action("explore"))
        for action in ("build", "harvest", "train", "labor"):
            if workers(state, seat, action):
                acts.append(Action(action))
    acts.append(Action("pass"))
    return acts


def _explore(state: AboveBelowState, d: Decision, action: Action) -> None:
    start_explore(state, d.seat)


def _pass(state: AboveBelowState, d: Decision, action: Action) -> None:
    state.passed[d.seat] = True
    state.emit(_("{name} passes.", name=state.names[d.seat]))
    end_turn(state)


MOVES: dict[str, Move] = {**FREE_MOVES, "explore": _explore, "build": choose_action, "harvest": choose_action,
                          "train": choose_action, "labor": choose_action, "pass": _pass}


def apply_turn(state: AboveBelowState, d: Decision, action: Action) -> None:
    MOVES[action.name](state, d, action)


def prompt_turn(state: AboveBelowState, d: Decision) -> str:
    name = state.names[d.seat]
    if not state.players[d.seat].ready:
        return _("{name}: no villager is ready; take free actions, then pass.", name=name)
    return _("{name}: take free actions, then explore, build, harvest, train, labor or pass.", name=name)


def _label_explore(state: AboveBelowState, d: Decision, action: Action) -> str:
    cave = state.cave_top
    assert cave is not None
    return _("Explore {cave}", cave=state.cave_name(cave))


def _label_labor(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Labor for 1 coin and the cider") if state.cider_on_board else _("Labor for 1 coin")


def _fixed(text: str) -> Label:
    def label(state: AboveBelowState, d: Decision, action: Action) -> str:
        return _(text)

    return label


LABELS: dict[str, Label] = {**FREE_LABELS, "explore": _label_explore, "build": _fixed(N_("Build")),
                            "harvest": _fixed(N_("Harvest")), "train": _fixed(N_("Train a villager")),
                            "labor": _label_labor, "pass": _fixed(N_("Pass"))}


def label_turn(state: AboveBelowState, d: Decision, action: Action) -> str:
    label = LABELS.get(action.name)
    return str(action) if label is None else label(state, d, action)


KINDS: dict[str, Kind[AboveBelowState]] = {
    TURN: Kind(legal_turn, apply_turn, prompt_turn, label_turn, refusal=refused_by_name, listed=True),
}
