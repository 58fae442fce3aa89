"""Building: the turn's build and reform moves, what refuses them, and the marker placed after a build.

A build is ``build POSITION [RESOURCE...]`` and a reform ``reform BUILDING POSITION [RESOURCE...]``; the
legal list names the resources taken off in the order of the card's cost, and a player may type them in
any order (``LemuriaState.in_cost_order``).
"""

from __future__ import annotations

from collections import Counter

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.lemuria import words
from boardgames.games.lemuria.data import Building
from boardgames.games.lemuria.pieces import Owned
from boardgames.games.lemuria.state import MAX_BUILDINGS, SPOT, LemuriaState, split_build
from boardgames.i18n import _, n_, p_, the


# -- the turn's build and reform -------------------------------------------------------------------
def build(state: LemuriaState, d: Decision, position: int, *removed: str, reform: int | None = None) -> None:
    """A build (or, with ``reform``, the index of the building given up, a reform); the turn's kind is
    listed, so this is one of the offers."""
    seat = d.seat
    player, flags = state.players[seat], state.flags
    card = state.trend.slots[position - 1]
    assert card is not None
    building = state.rules.building[card]
    if reform is not None:
        old = player.buildings.pop(reform)
        state.building_discard[old.building] = state.building_discard.get(old.building, 0) + 1
        if old.citizen is not None:
            state.citizen_discard[old.citizen] = state.citizen_discard.get(old.citizen, 0) + 1
        state.emit(_("{name} reforms {building}.", name=state.names[seat],
                     building=the(state.rules.building[old.building].name)))
    cost = dict(building.cost)
    for r in removed:
        cost[r] -= 1
    player.pay(cost)
    state.trend.take(position)
    keeps_bonus = all(bonus for _n, bonus in flags.discounts)
    flags.discounts = []
    bonus = (flags.trend_bonus if flags.trend_bonus is not None else state.trend.bonus(position)) \
        if keeps_bonus else 0
    player.buildings.append(Owned(card))
    player.gain_vp(building.vp, "buildings")
    if bonus:
        player.gain_vp(bonus, "trend bonuses")
    if flags.built:
        flags.extra_builds -= 1
    flags.built = True
    if bonus:
        state.emit(_("{name} builds {building} for {vp} VP and a trend bonus of {bonus}.", name=state.names[seat],
                     building=the(building.name), vp=building.vp, bonus=bonus))
    else:
        state.emit(_("{name} builds {building} for {vp} VP.", name=state.names[seat], building=the(building.name),
                     vp=building.vp))
    # a reform keeps the old building's marker and places none (ruling 6)
    if reform is None and player.markers and any(len(state.areas[a.id]) < a.spots for a in state.comp.areas):
        state.decisions.push(Decision(SPOT, seat))


def reform(state: LemuriaState, d: Decision, index: int, position: int, *removed: str) -> None:
    build(state, d, position, *removed, reform=index - 1)


def _letters(state: LemuriaState, removed: tuple[str, ...]) -> str:
    """The resources taken off a cost by their letters, as the trend line shows costs: " -BS"."""
    letter = {r.id: p_("resource letter", r.letter) for r in state.comp.resources}  # as the board prints them
    return " -" + "".join(letter.get(r, str(r)) for r in removed) if removed else ""


def label(state: LemuriaState, d: Decision, action: Action) -> str:
    """What tells two builds apart comes first (the position and the resources off), then the VP."""
    is_reform = action.name == "reform"
    position = action.args[1] if is_reform else action.args[0]
    removed = action.args[2:] if is_reform else action.args[1:]
    card = state.rules.building[state.trend.slots[position - 1]]
    flags = state.flags
    bonus = flags.trend_bonus if flags.trend_bonus is not None else state.trend.bonus(position)
    vp = card.vp + (bonus if all(keeps for _n, keeps in flags.discounts) else 0)
    off = _letters(state, removed)
    if not is_reform:
        return _("Build {position}{off}: {building} for {vp} VP", position=position, off=off,
                 building=_(card.name), vp=vp)
    index = action.args[0]
    old = state.rules.building[state.players[d.seat].buildings[index - 1].building]
    return _("Reform {index} to {position}{off}: {old} into {building} for {vp} VP", index=index, position=position,
             off=off, old=_(old.name), building=_(card.name), vp=vp)


def refusal(state: LemuriaState, d: Decision, action: Action) -> str:
    """Why the build or reform ``action`` is not a move now, in one or two sentences."""
    flags, player = state.flags, state.players[d.seat]
    reform_from = state.comp.calendar.reform_from
    old, position, removed = split_build(action)
    if action.name == "reform":
        if state.round < reform_from:
            return _("Reforms are allowed from month {month}; this is month {now}.", month=reform_from,
                     now=state.round)
        if flags.built:
            return _("You have built or reformed this turn already; a reform replaces the turn's build.")
        if not player.buildings:
            return _("You own no building to reform.")
        if not isinstance(old, int) or not 1 <= old <= len(player.buildings):
            return (_("You own one building: reform building 1.") if len(player.buildings) == 1 else
                    _("Name the building to give up by its number, 1 to {n}.", n=len(player.buildings)))
    elif flags.built and not flags.extra_builds:
        return _("You have built this turn already.")
    elif len(player.buildings) >= MAX_BUILDINGS:
        return _("You own {n} buildings, the most allowed: reform one instead (from month {month}).",
                 n=MAX_BUILDINGS, month=reform_from)
    card = state.trend_card(position)
    if card is None:
        return _("Name a trend position that holds a card, 1 to {n}.", n=len(state.trend.slots))
    off = min(state.discount(d.seat, position, card.colour, None if old is None else old - 1),
              sum(card.cost.values()))
    cost = Counter({r: n for r, n in card.cost.items()})
    strange = [r for r in removed if r not in cost]
    if strange:
        return _("The cost of {building} ({cost}) has no {resource} to take off.", building=the(card.name),
                 cost=_cost(card), resource=words.resource(str(strange[0])))
    if Counter(removed) - cost:
        return _("You take off more of one resource than {building} costs ({cost}).", building=the(card.name),
                 cost=_cost(card))
    if len(removed) != off:
        if off == 0:
            return _("Nothing comes off {building}'s cost now: write the move without resources.",
                     building=the(card.name))
        return n_("Exactly one resource comes off {building}'s cost: name it after the position.",
                  "Exactly {n} resources come off {building}'s cost: name them after the position.", off,
                  building=the(card.name))
    return _("You cannot pay {building} ({cost}) with those resources taken off.", building=the(card.name),
             cost=_cost(card))


def _cost(card: Building) -> str:
    return ", ".join(words.amount(n, r) for r, n in card.cost.items())


# -- the marker after a build ----------------------------------------------------------------------
def legal_spot(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("spot", (a.id,)) for a in state.comp.areas if len(state.areas[a.id]) < a.spots]


def apply_spot(state: LemuriaState, d: Decision, action: Action) -> None:
    area = action.args[0]
    state.areas[area].append(d.seat)
    state.players[d.seat].markers -= 1
    state.emit(_("{name} puts a marker in the {area} area.", name=state.names[d.seat], area=words.area(area)))
    state.decisions.pop()


def prompt_spot(state: LemuriaState, d: Decision) -> str:
    return _("{name}: put a building marker in an area.", name=state.names[d.seat])


def label_spot(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name != "spot":
        return str(action)
    area = next(a for a in state.comp.areas if a.id == action.args[0])
    return _("Marker in {area}: its bonus is {bonus}", area=_(area.name), bonus=area.bonus.noun())


def refuse_spot(state: LemuriaState, d: Decision, action: Action) -> str:
    return _("That area has no empty spot.") if action.name == "spot" else ""


KINDS: dict[str, Kind[LemuriaState]] = {
    SPOT: Kind(legal_spot, apply_spot, prompt_spot, label_spot, refusal=refuse_spot, listed=True),
}
