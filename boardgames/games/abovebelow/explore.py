"""The explore (rulings 3, 8, 9, 10, 15): the party forms (``party``), then faces the encounter (``encounter``).

Order (ruling 8): the cave pile's top card is public; the party forms on it (``add``/``drop``, at least two
ready villagers, ``go``; a Cave Cat rolls as it joins); the entry die picks the card's encounter; the choice
is locked (``choose n``) and one die is rolled per villager; the roll is played out in dice.py and what it
gives or costs in rewards.py. A follow-up is read at once by the party that reached it: the villagers on the
card roll, and so do those injured for a lantern on the way (their dice count; they stay off the card: no
reroll, no second injury), so a party injured to the last still reads it.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow.pieces import Explore
from boardgames.games.abovebelow.rewards import TAKEN_SPECIAL_COINS, reward_text
from boardgames.games.abovebelow.state import (
    DICE,
    ENCOUNTER,
    PARTY,
    PENALTY,
    REWARD,
    AboveBelowState,
    refused_by_name,
)
from boardgames.games.abovebelow.views import encounter_view, modifier_text
from boardgames.i18n import _

__all__ = ["DICE", "ENCOUNTER", "PARTY", "PENALTY", "REWARD", "TAKEN_SPECIAL_COINS", "KINDS", "encounter_view",
           "modifier_text", "reward_text", "start_explore"]


def start_explore(state: AboveBelowState, seat: int) -> None:
    """The turn's action is to explore: a party forms on the cave pile's top card."""
    cave = state.cave_top
    assert cave is not None
    state.explore = Explore(cave)
    state.emit(_("{name} gets a party ready for {cave}.", name=state.names[seat], cave=state.cave_name(cave)))
    state.decisions.push(Decision(PARTY, seat))


# -- forming the party -------------------------------------------------------------------------------------
def legal_party(state: AboveBelowState, d: Decision) -> list[Action]:
    party = state.exploring.party
    acts = [Action("add", (v,)) for v in state.players[d.seat].ready]
    acts += [Action("drop", (v,)) for v in party]
    if len(party) >= 2:
        acts.append(Action("go"))
    return acts + [Action("back")]


def _add(state: AboveBelowState, seat: int, villager: str) -> None:
    if state.cat_fails(seat, villager):  # ruling 10: the cat leaves, the party goes on forming
        return
    state.players[seat].ready.remove(villager)
    state.exploring.party.append(villager)
    state.emit(_("{name} puts {villager} in the party.", name=state.names[seat], villager=state.vname(villager)))


def _drop(state: AboveBelowState, seat: int, villager: str) -> None:
    state.exploring.party.remove(villager)
    player = state.players[seat]
    player.ready = state.sort_villagers([*player.ready, villager])
    state.emit(_("{name} takes {villager} out of the party.", name=state.names[seat],
                 villager=state.vname(villager)))


def _back(state: AboveBelowState, seat: int) -> None:
    player = state.players[seat]
    player.ready = state.sort_villagers([*player.ready, *state.exploring.party])
    state.explore = None
    state.emit(_("{name} gives up the explore.", name=state.names[seat]))
    state.decisions.pop()


def _go(state: AboveBelowState, seat: int) -> None:
    """Take the top cave card, turn up the next, roll the entry die and read its encounter."""
    ex = state.exploring
    state.caves.draw(state.rng)  # the known top: ex.cave
    state.reveal_cave_top()
    ex.entry_die = state.roll()
    ex.encounter = state.rules.cave[ex.cave].entry(ex.entry_die)
    enc = state.rules.encounter[ex.encounter]
    state.emit(_("{name} explores {cave} with {party}, rolls {die} and reads entry {entry}: {title}.",
                 name=state.names[seat], cave=state.cave_name(ex.cave), party=state.names_list(ex.party),
                 die=ex.entry_die, entry=enc.id, title=_(enc.title)))
    state.decisions.replace(Decision(ENCOUNTER, seat))


def apply_party(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "add":
        _add(state, d.seat, action.args[0])
    elif action.name == "drop":
        _drop(state, d.seat, action.args[0])
    elif action.name == "go":
        _go(state, d.seat)
    else:
        _back(state, d.seat)


def prompt_party(state: AboveBelowState, d: Decision) -> str:
    cave = state.cave_name(state.exploring.cave)
    return _("{name}: put two or more ready villagers on {cave}, then go.", name=state.names[d.seat], cave=cave)


def label_party(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "add":
        return _("Add {villager} to the party", villager=state.vname(action.args[0]))
    if action.name == "drop":
        return _("Take {villager} out of the party", villager=state.vname(action.args[0]))
    if action.name == "go":
        return _("Explore with {party}", party=state.names_list(state.exploring.party))
    return _("Back")


# -- the encounter -----------------------------------------------------------------------------------------
def legal_encounter(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("choose", (i + 1,)) for i in range(len(state.encounter.choices))]


def apply_encounter(state: AboveBelowState, d: Decision, action: Action) -> None:
    """The choice is locked, then one die is rolled per villager on the card (ruling 8)."""
    ex = state.exploring
    ex.choice = action.args[0] - 1
    ex.dice = {v: state.roll() for v in ex.readers}
    ex.outcome = None
    dice = ", ".join(_("{villager} {die}", villager=state.vname(v), die=die) for v, die in ex.dice.items())
    state.emit(_("{name} chooses '{choice}' and rolls: {dice}.", name=state.names[d.seat],
                 choice=_(state.choice.label), dice=dice or _("no dice")))
    state.decisions.replace(Decision(DICE, d.seat))


def prompt_encounter(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: choose how the party faces {title}.", name=state.names[d.seat],
             title=_(state.encounter.title))


def label_encounter(state: AboveBelowState, d: Decision, action: Action) -> str:
    """The book's choice between quotes (a hint or a review puts the label in a sentence) and its lanterns."""
    choice = state.encounter.choices[action.args[0] - 1]
    levels = [t.lanterns for t in choice.thresholds]
    if len(levels) == 1:
        return _("'{choice}' ({n} lanterns)", choice=_(choice.label), n=levels[0])
    return _("'{choice}' ({first} or {second} lanterns)", choice=_(choice.label), first=levels[0], second=levels[1])


KINDS: dict[str, Kind[AboveBelowState]] = {
    PARTY: Kind(legal_party, apply_party, prompt_party, label_party, refusal=refused_by_name, listed=True),
    ENCOUNTER: Kind(legal_encounter, apply_encounter, prompt_encounter, label_encounter, refusal=refused_by_name,
                    listed=True),
}
