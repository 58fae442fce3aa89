"""A seat's refresh at the round's end (ruling 14), the ``refresh`` kind: potions (injured -> exhausted), then
cider (exhausted -> ready), then beds (one step each, never two beds for one villager; a Mechanical Man takes
no cider, potion or building bed: it uses its own bed by itself, in roundend.py). Once every seat is done,
income follows.

A refresh decision's arguments: the stage (potions still allowed, cider, beds only), the beds used, then the
villagers already bedded.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.income import income_step
from boardgames.games.abovebelow.pieces import Player
from boardgames.games.abovebelow.state import REFRESH, AboveBelowState, int_arg, refused_by_name
from boardgames.i18n import _

#: refresh stages: potions still allowed, cider (no more potions), beds only
POTIONS, CIDER, BEDS = 0, 1, 2


def legal_refresh(state: AboveBelowState, d: Decision) -> list[Action]:
    """Ruling 14: potions (injured -> exhausted), then cider (exhausted -> ready), then beds (one step
    each, never two beds for one villager; a Mechanical Man takes no cider, potion or building bed)."""
    stage, used, bedded = int_arg(d, 0), int_arg(d, 1), d.args[2:]
    player, rules = state.players[d.seat], state.rules
    acts = []
    drinks = [v for v in player.villagers if not rules.villager[v].has("no_cider_potion")]
    if stage == POTIONS and player.potions:
        acts += [Action("potion", (v,)) for v in player.injured if v in drinks]
    if stage <= CIDER and player.cider:
        acts += [Action("cider", (v,)) for v in player.exhausted if v in drinks]
    if used < fx.beds(rules, player):
        acts += [Action("bed", (v,)) for v in [*player.injured, *player.exhausted]
                 if v not in bedded and not rules.villager[v].has("own_bed")]
    return acts + [Action("done")]


def rest(state: AboveBelowState, player: Player, villager: str) -> None:
    """One step of rest (a potion, a cider or a bed): injured to exhausted, exhausted to ready."""
    if villager in player.injured:
        player.injured.remove(villager)
        player.exhausted = state.sort_villagers([*player.exhausted, villager])
    else:
        player.exhausted.remove(villager)
        player.ready = state.sort_villagers([*player.ready, villager])


def _potion(state: AboveBelowState, d: Decision, villager: str) -> None:
    player = state.players[d.seat]
    player.potions -= 1
    state.potions += 1
    rest(state, player, villager)
    state.emit(_("{name} gives {villager} a potion.", name=state.names[d.seat], villager=state.vname(villager)))
    state.decisions.replace(Decision(REFRESH, d.seat, d.args))


def _cider(state: AboveBelowState, d: Decision, villager: str) -> None:
    player = state.players[d.seat]
    player.cider -= 1
    state.cider += 1
    rest(state, player, villager)
    state.emit(_("{name} gives {villager} a cider.", name=state.names[d.seat], villager=state.vname(villager)))
    state.decisions.replace(Decision(REFRESH, d.seat, (CIDER, *d.args[1:])))


def _bed(state: AboveBelowState, d: Decision, villager: str) -> None:
    player = state.players[d.seat]
    used, bedded = int_arg(d, 1), d.args[2:]
    rest(state, player, villager)
    state.emit(_("{name} puts {villager} to bed.", name=state.names[d.seat], villager=state.vname(villager)))
    following = Decision(REFRESH, d.seat, (BEDS, used + 1, *bedded, villager))
    if len(legal_refresh(state, following)) > 1:
        state.decisions.replace(following)
    else:
        _refresh_done(state)


def _refresh_done(state: AboveBelowState) -> None:
    if state.answered():
        income_step(state)


def apply_refresh(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "done":
        state.emit(_("{name} is done refreshing villagers.", name=state.names[d.seat]))
        _refresh_done(state)
    else:
        {"potion": _potion, "cider": _cider, "bed": _bed}[action.name](state, d, action.args[0])


def prompt_refresh(state: AboveBelowState, d: Decision) -> str:
    name = state.names[d.seat]
    left = fx.beds(state.rules, state.players[d.seat]) - int_arg(d, 1)
    if d.args[0] == POTIONS:
        return _("{name}: refresh your villagers with potions, then cider, then beds (beds left: {left}), then done.",
                 name=name, left=left)
    if d.args[0] == CIDER:
        return _("{name}: refresh your villagers with cider, then beds (beds left: {left}), then done.",
                 name=name, left=left)
    return _("{name}: refresh your villagers with beds (beds left: {left}), then done.", name=name, left=left)


def label_refresh(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "done":
        return _("Done")
    who = state.vname(action.args[0])
    if action.name == "potion":
        return _("Give {villager} a potion (injured to exhausted)", villager=who)
    if action.name == "cider":
        return _("Give {villager} a cider (exhausted to ready)", villager=who)
    if action.args[0] in state.players[d.seat].injured:
        return _("Put {villager} to bed (injured to exhausted)", villager=who)
    return _("Put {villager} to bed (exhausted to ready)", villager=who)


def refuse_refresh(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Ruling 14's order and limits, in the words of the case at hand (a potion, a cider or a bed for one of
    the seat's villagers)."""
    player = state.players[d.seat]
    if action.name not in ("potion", "cider", "bed") or len(action.args) != 1 \
            or action.args[0] not in player.villagers:
        return refused_by_name(state, d, action)
    villager: str = action.args[0]
    v = state.rules.villager[villager]
    who, stage, used, bedded = v.name, int_arg(d, 0), int_arg(d, 1), d.args[2:]
    if villager in player.ready:
        return _("{villager} is ready already.", villager=who)
    if action.name == "bed":
        if villager in bedded:
            return _("{villager} already used a bed this round.", villager=who)
        if v.has("own_bed"):
            return _("{villager} sleeps in its own bed at the round's end, not in a building's.", villager=who)
        if fx.beds(state.rules, player) - used <= 0:
            return _("No beds left this round.")
        return _("{villager} cannot go to bed now.", villager=who)
    if v.has("no_cider_potion"):
        return _("{villager} takes no potion or cider.", villager=who)
    if action.name == "potion":
        if villager not in player.injured:
            return _("Potions are for injured villagers: {villager} is not injured.", villager=who)
        if stage != POTIONS:
            return _("Potions come before cider and beds: it is too late for a potion now.")
        if not player.potions:
            return _("You have no potions.")
        return _("{villager} cannot take a potion now.", villager=who)
    if villager in player.injured:
        return _("Only exhausted villagers take cider: {villager} is injured (a potion or a bed first).", villager=who)
    if stage == BEDS:
        return _("Cider comes before beds: it is too late for cider now.")
    if not player.cider:
        return _("You have no cider.")
    return _("{villager} cannot take a cider now.", villager=who)


KINDS: dict[str, Kind[AboveBelowState]] = {
    # every seat refreshes its own villagers at the same time (the rulebook: "now all players may reuse...")
    REFRESH: Kind(legal_refresh, apply_refresh, prompt_refresh, label_refresh, refusal=refuse_refresh, listed=True,
                  together=True),
}
