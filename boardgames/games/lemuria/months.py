"""The months (ruling 1): the opening card pass, a month's start (area bonuses from month 2, turn order, the
altar turn from month 4, when the leader may pay to turn it once more), every player's turn, and the month's
end (altar growth, trend refill, festival scoring in months 4, 8 and 12; after month 12 only the festival)."""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.lemuria import scoring
from boardgames.games.lemuria.effects import Gain, GainVp, UpperTrendDiscount
from boardgames.games.lemuria.pieces import TurnFlags
from boardgames.games.lemuria.state import ALTAR, PASS, TURN, LemuriaState
from boardgames.i18n import _, the


# -- the opening card pass ---------------------------------------------------------------------------
def legal_pass(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("pass", (card,)) for card in sorted(set(state.players[d.seat].hand))]


def apply_pass(state: LemuriaState, d: Decision, action: Action) -> None:
    """The card waits in escrow; once everyone has chosen, the first month starts."""
    seat, card = d.seat, action.args[0]
    state.players[seat].hand.remove(card)
    state.passing[seat] = card
    state.emit(_("{name} chooses a card to pass.", name=state.names[seat]),
               {seat: _("{name} chooses {card} to pass.", name=state.names[seat],
                        card=the(state.rules.citizen[card].name))})
    if state.answered():
        _after_pass(state)


def prompt_pass(state: LemuriaState, d: Decision) -> str:
    return _("{name}: choose a citizen card to pass to the player on your left.", name=state.names[d.seat])


def label_pass(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name != "pass":
        return str(action)
    return _("Pass {card}", card=the(state.rules.citizen[action.args[0]].name))


def refuse_pass(state: LemuriaState, d: Decision, action: Action) -> str:
    return _("Pass one of the cards in your hand.") if action.name == "pass" else ""


def _after_pass(state: LemuriaState) -> None:
    """Everyone has chosen: each card goes to the player on the left, then the first month starts."""
    count = len(state.players)
    for seat, card in sorted(state.passing.items()):
        left = (seat + 1) % count
        state.players[left].hand.append(card)
        state.players[left].hand.sort()
        name = the(state.rules.citizen[card].name)
        said = _("{name} passes {card} to {other}.", name=state.names[seat], card=name, other=state.names[left])
        state.emit(_("{name} passes a card to {other}.", name=state.names[seat], other=state.names[left]),
                   {seat: said, left: said})
    state.passing = {}
    state.reveals += 1  # each receiver now sees a card drawn earlier
    start_month(state)


# -- a month's start -------------------------------------------------------------------------------
def start_month(state: LemuriaState) -> None:
    cal = state.comp.calendar
    state.emit(_("Month {n} begins.", n=state.round) if state.round not in cal.festivals
               else _("Month {n} begins: a festival month.", n=state.round))
    state.political = []
    if state.round >= cal.area_bonus_from:
        _area_bonuses(state)
    if state.round > 1:
        for space, seat in state.reserved.items():
            kind = state.reserved_matter[space]
            if kind is not None:
                state.players[seat].matter[kind] += 1
        state.order = scoring.turn_order([p.vp for p in state.players], state.reserved, state.leader)
        state.reserved, state.reserved_matter = {}, {}
    state.leader = state.order[0]
    state.emit(_("Turn order: {names}.", names=", ".join(state.names[s] for s in state.order)))
    state.turn_index = 0
    if state.round >= cal.altar_turns_from:
        state.altar.turn(1)
        state.emit(_("The altar turns one section clockwise."))
        if state.players[state.leader].resources["gold"] >= state.comp.gold.leader_altar_turn:
            state.decisions.reset(Decision(ALTAR, state.leader))
            return
    _start_turn(state)


def _area_bonuses(state: LemuriaState) -> None:
    festival = state.round in state.comp.calendar.festivals
    for area in state.comp.areas:
        counts = [state.areas[area.id].count(seat) for seat in range(len(state.players))]
        best = max(counts)
        if festival:
            winners = [seat for seat, n in enumerate(counts) if n]
        else:
            winners = [counts.index(best)] if best and counts.count(best) == 1 else []
        for seat in winners:
            bonus = area.bonus
            if isinstance(bonus, Gain):
                state.players[seat].gain(dict(bonus.resources))
            elif isinstance(bonus, GainVp):
                state.players[seat].gain_vp(bonus.vp, "areas")
            elif isinstance(bonus, UpperTrendDiscount):
                state.political.append(seat)
            state.emit(_("{name} gets the {area} area's bonus: {bonus}.", name=state.names[seat], area=_(area.name),
                         bonus=bonus.noun()))


# -- the leader's extra turn of the altar ----------------------------------------------------------
def legal_altar(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("altar", ("stay",)), Action("altar", ("cw",)), Action("altar", ("ccw",))]


def apply_altar(state: LemuriaState, d: Decision, action: Action) -> None:
    seat, way = d.seat, action.args[0]
    if way == "stay":
        state.emit(_("{name} leaves the altar where it is.", name=state.names[seat]))
    else:
        state.players[seat].pay({"gold": state.comp.gold.leader_altar_turn})
        state.altar.turn(1 if way == "cw" else -1)
        state.emit(_("{name} pays 1 gold to turn the altar one more section clockwise.", name=state.names[seat])
                   if way == "cw" else
                   _("{name} pays 1 gold to turn the altar one more section anticlockwise.", name=state.names[seat]))
    state.turn += 1
    _start_turn(state)


def prompt_altar(state: LemuriaState, d: Decision) -> str:
    return _("{name}: pay 1 gold to turn the altar once more, either way, or leave it.", name=state.names[d.seat])


def label_altar(state: LemuriaState, d: Decision, action: Action) -> str:
    if action.name != "altar":
        return str(action)
    return {"stay": _("Leave the altar"), "cw": _("Turn clockwise (1 gold)"),
            "ccw": _("Turn anticlockwise (1 gold)")}.get(action.args[0] if action.args else "", _("Altar"))


def refuse_altar(state: LemuriaState, d: Decision, action: Action) -> str:
    return _("Answer stay, cw or ccw.") if action.name == "altar" else ""


# -- the turns in order, and the month's end -------------------------------------------------------
def _start_turn(state: LemuriaState) -> None:
    state.flags = TurnFlags()
    seat = state.order[state.turn_index]
    state.decisions.reset(Decision(TURN, seat))


def end_turn(state: LemuriaState) -> None:
    """The turn is over: the next seat in the turn order plays, or the month ends."""
    state.turn += 1
    state.turn_index += 1
    if state.turn_index < len(state.order):
        _start_turn(state)
    else:
        _end_month(state)


def _end_month(state: LemuriaState) -> None:
    cal = state.comp.calendar
    last = state.round == cal.months
    if not last:
        grown = state.altar.grow()
        if len(grown) == 1:
            state.emit(_("The altar grows: one section gets a filler."))
        elif grown:
            state.emit(_("The altar grows: {n} sections get a filler each.", n=len(grown)))
        gone = state.trend.refill(state.buildings, state.building_discard, state.rng)
        if gone:
            state.emit(_("{building} leaves the trend line.", building=the(state.rules.building[gone[0]].name)))
        if not len(state.citizens) and state.citizen_discard:
            state.citizens.shuffle_in(state.citizen_discard)
            state.citizen_discard = {}
    if state.round in cal.festivals:
        _festival(state)
    if last:
        state.decisions.reset()
        state.emit(_("The twelfth month is over: the game ends."))
        return
    state.round += 1
    start_month(state)


def _festival(state: LemuriaState) -> None:
    occupied = []
    for player in state.players:
        counts: dict[str, int] = {}
        for owned in player.buildings:
            if owned.citizen is not None:
                colour = state.rules.building[owned.building].colour
                counts[colour] = counts.get(colour, 0) + 1
        occupied.append(counts)
    fest = state.comp.festival
    for seat, score in enumerate(scoring.festival(occupied, fest.per_occupied_building,
                                                  fest.colour_majority_per_building)):
        points = score.total
        if points:
            state.players[seat].gain_vp(points, "festivals")
            state.emit(_("{name} scores {vp} VP at the festival.", name=state.names[seat], vp=points))


KINDS: dict[str, Kind[LemuriaState]] = {
    # every seat chooses for itself, in any order (at one keyboard seat 0 first): see core/decisions.py
    PASS: Kind(legal_pass, apply_pass, prompt_pass, label_pass, refusal=refuse_pass, listed=True, together=True),
    ALTAR: Kind(legal_altar, apply_altar, prompt_altar, label_altar, refusal=refuse_altar, listed=True),
}
