"""Plant or harvest, once a turn and mandatory while possible (rulings 2-4, 13): the turn's two moves and the
decisions inside them, matter placed one at a time and full sections harvested one at a time."""

from __future__ import annotations

from typing import cast

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.lemuria import words
from boardgames.games.lemuria.data import MATTER_KINDS
from boardgames.games.lemuria.state import HARVEST, PLANT, LemuriaState
from boardgames.i18n import N_, _


# -- the turn's moves ------------------------------------------------------------------------------
def plant(state: LemuriaState, d: Decision) -> None:
    """Start planting: any number of matter, or one more after the turn's plant or harvest (a card's)."""
    extra = state.flags.planted_or_harvested
    if extra:
        state.flags.extra_plants -= 1
    state.decisions.push(Decision(PLANT, d.seat, (1 if extra else 0, 0)))
    state.emit(_("{name} plants matter.", name=state.names[d.seat]) if not extra
               else _("{name} plants one more matter.", name=state.names[d.seat]))


def harvest(state: LemuriaState, d: Decision) -> None:
    state.decisions.push(Decision(HARVEST, d.seat, (0,)))
    state.emit(_("{name} harvests.", name=state.names[d.seat]))


# -- planting: matter in the altar's empty spaces, or a turn-order space reserved --------------------
def legal_plant(state: LemuriaState, d: Decision) -> list[Action]:
    limit, placed = d.args
    player = state.players[d.seat]
    acts = []
    for kind in MATTER_KINDS:
        if not player.matter[kind]:
            continue
        acts += [Action("put", (section, kind)) for section in state.altar.plantable(kind)]
        if not limit:
            acts += [Action("reserve", (space, kind)) for space in state.reservable_spaces(d.seat)]
    if placed:
        acts.append(Action("done"))
    return acts


def _put(state: LemuriaState, d: Decision, section: int, kind: str) -> None:
    state.altar.plant(section, d.seat, kind)
    state.players[d.seat].matter[kind] -= 1
    state.emit(_("{name} plants {kind} matter in section {section}.", name=state.names[d.seat], kind=words.kind(kind),
                 section=section))


def _reserve(state: LemuriaState, d: Decision, space: int, kind: str) -> None:
    state.reserve(d.seat, space, kind)
    state.emit(_("{name} reserves space {space} of next month's turn order.", name=state.names[d.seat], space=space))


def apply_plant(state: LemuriaState, d: Decision, action: Action) -> None:
    if action.name == "done":
        state.decisions.pop()
        state.emit(_("{name} is done planting.", name=state.names[d.seat]))
        return
    (_put if action.name == "put" else _reserve)(state, d, *action.args)
    limit, placed = cast(int, d.args[0]), cast(int, d.args[1]) + 1
    state.flags.planted_or_harvested = True
    # whether one more could go (what legal_plant would list besides Done), asked without listing every move
    if (limit and placed >= limit) or not state.can_plant(d.seat, altar_only=bool(limit)):
        state.decisions.pop()
    else:
        state.decisions.replace(Decision(PLANT, d.seat, (limit, placed)))


def prompt_plant(state: LemuriaState, d: Decision) -> str:
    return _("{name}: put matter in empty spaces of the altar (or reserve a turn-order space), then choose "
             "Done.", name=state.names[d.seat])


def label_plant(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name == "put":
        section, kind = action.args
        return _("Plant in {section}: {kind} for {resource}", section=section, kind=words.kind(kind),
                 resource=words.resource(state.altar.resource(section, kind)))
    if action.name == "reserve":
        return _("Reserve space {space}: {kind}", space=action.args[0], kind=words.kind(action.args[1]))
    return _("Done") if action.name == "done" else str(action)


PLANT_REFUSALS = {
    "put": N_("That matter does not fit there: a section takes one kind of player matter, in its empty spaces."),
    "reserve": N_("That turn-order space cannot be reserved now."),
    "done": N_("Place or take at least one first."),
}


def refuse_plant(state: LemuriaState, d: Decision, action: Action) -> str:
    return _(PLANT_REFUSALS[action.name]) if action.name in PLANT_REFUSALS else ""


# -- harvesting: full sections holding the seat's matter, each after the first for 1 gold --------------
def legal_harvest(state: LemuriaState, d: Decision) -> list[Action]:
    taken = d.args[0]
    player = state.players[d.seat]
    paid = taken and not state.flags.free_harvests
    acts = [] if paid and player.resources["gold"] < state.comp.gold.extra_harvest_section else \
        [Action("take", (section,)) for section in state.altar.harvestable(d.seat)]
    return acts + ([Action("done")] if taken else [])


def _take(state: LemuriaState, d: Decision, section: int) -> None:
    seat, taken = d.seat, cast(int, d.args[0])
    if taken:
        if state.flags.free_harvests:
            state.flags.free_harvests -= 1
        else:
            state.players[seat].pay({"gold": state.comp.gold.extra_harvest_section})
    kind = state.altar.sections[section].kind
    assert kind is not None  # a full section holding the seat's matter
    for share in state.altar.harvest(section, seat):
        owner = state.players[share.seat]
        owner.gain({share.resource: share.amount})
        owner.matter[kind] += share.returned
        state.emit(_("{name} gets {amount} from section {section}.", name=state.names[share.seat],
                     amount=words.amount(share.amount, share.resource), section=section))
    state.flags.planted_or_harvested = True
    following = Decision(HARVEST, seat, (taken + 1,))
    if [a for a in legal_harvest(state, following) if a.name == "take"]:
        state.decisions.replace(following)
    else:
        state.decisions.pop()


def apply_harvest(state: LemuriaState, d: Decision, action: Action) -> None:
    if action.name == "take":
        _take(state, d, action.args[0])
    else:
        state.decisions.pop()
        state.emit(_("{name} is done harvesting.", name=state.names[d.seat]))


def prompt_harvest(state: LemuriaState, d: Decision) -> str:
    return _("{name}: harvest full sections holding your matter (each after the first costs 1 gold).",
             name=state.names[d.seat])


def label_harvest(state: LemuriaState, d: Decision, action: Action) -> str:
    """The consequence first: what a harvest gives whom, and whether it costs gold."""
    if action.name != "take":
        return _("Done") if action.name == "done" else str(action)
    section = action.args[0]
    paid = d.args[0] and not state.flags.free_harvests
    shares = state.altar.shares(section, d.seat)
    gets = words.amount(shares[0].amount, shares[0].resource)
    others = ", ".join(f"{state.names[s.seat]} {s.amount}" for s in shares[1:])
    if paid:
        return _("Harvest {section} for 1 gold: you get {amount}, {others}", section=section, amount=gets,
                 others=others) if others else \
            _("Harvest {section} for 1 gold: you get {amount}", section=section, amount=gets)
    return _("Harvest {section}: you get {amount}, {others}", section=section, amount=gets, others=others) \
        if others else _("Harvest {section}: you get {amount}", section=section, amount=gets)


HARVEST_REFUSALS = {
    "take": N_("Only a full section holding your matter can be harvested (each after the first for 1 gold)."),
    "done": N_("Place or take at least one first."),
}


def refuse_harvest(state: LemuriaState, d: Decision, action: Action) -> str:
    return _(HARVEST_REFUSALS[action.name]) if action.name in HARVEST_REFUSALS else ""


KINDS: dict[str, Kind[LemuriaState]] = {
    PLANT: Kind(legal_plant, apply_plant, prompt_plant, label_plant, refusal=refuse_plant, listed=True),
    HARVEST: Kind(legal_harvest, apply_harvest, prompt_harvest, label_harvest, refusal=refuse_harvest,
                  listed=True),
}
