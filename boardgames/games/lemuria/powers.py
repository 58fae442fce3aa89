"""What Lemuria's 36 citizen cards and 8 Lemurian Impact cards do when played (rulings 14-17).

:func:`resolve` carries out a card's effects in order for one seat. An effect with nothing to choose applies
at once (a gain, VP, a draw, a modifier for the rest of the turn in ``state.flags``); an effect with a
choice pushes a decision of one of the kinds in :data:`KINDS`, which ``rules.py`` merges with the turn's.
A decision's arguments are ``(source, resume, ...)``: the card's name (for log lines, and to find the card's
later effects) and the index of the effect to carry out once the choice is made. A choice with no legal
answer is skipped with a line in the log, so no decision ever offers an empty list.

Action notation (``str(action)``): ``gain stone``; ``give gold`` / ``take wood`` / ``done``; ``turn cw 2``
(or ``ccw``); ``altar 3`` (the tile turned 3 sections clockwise from its starting position);
``section 4``; ``space 2``; ``position 5``; ``place forge 2`` (a scouted card and a trend position);
``discard sentry``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames.core import cards
from boardgames.core.decisions import Decision, Kind, Scalar
from boardgames.core.engine import Action, IllegalAction
from boardgames.games.lemuria import effects as fx
from boardgames.games.lemuria.data import Citizen, ImpactCard, Rules
from boardgames.games.lemuria.state import (
    ADD_FILLER,
    CARD_DISCARD,
    EXCHANGE,
    GAIN,
    RECALL,
    REMOVE_FILLER,
    REPLACE_TREND,
    RESERVE,
    SCOUT,
    SET_ALTAR,
    TURN_ALTAR,
    LemuriaState,
)

#: the category of VP won through card effects, in a player's breakdown (Player.sources; rules.py's "cards")
VP_SOURCE = "cards"
CW, CCW = "cw", "ccw"

#: the decision kinds' names and arguments are listed in state.py; a card's discard is this module's DISCARD
DISCARD = CARD_DISCARD


# -- small helpers -----------------------------------------------------------------------------------
def _said(count: int, one: str, many: str, **words: object) -> str:
    """A whole sentence for ``count``: ``one`` when it is 1, else ``many`` (each a template with ``{n}`` and
    ``words``), so a translation words each count its own way instead of gluing a plural to a sentence."""
    return (one if count == 1 else many).format(n=count, **words)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _name(state: LemuriaState, seat: int) -> str:
    return state.names[seat]


def _resources(state: LemuriaState) -> list[str]:
    return [r.id for r in state.rules.components.resources]


def _citizen(state: LemuriaState, card: str) -> str:
    return state.rules.citizen[card].name


def _building(state: LemuriaState, card: str) -> str:
    return state.rules.building[card].name


def _card_effects(rules: Rules, source: str) -> tuple[fx.Effect, ...] | None:
    """The effects of the citizen or Impact card called ``source``, or None if no card has that name."""
    played: tuple[Citizen | ImpactCard, ...] = (*rules.citizens, *rules.impact)
    for card in played:
        if card.name == source:
            return tuple(card.effects)
    return None


def _source(decision: Decision) -> str:
    return str(decision.args[0])


def _left(decision: Decision) -> int:
    return int(decision.args[2])  # type: ignore[arg-type]


def _shown(state: LemuriaState, calls: int) -> None:
    """A card was shown: without a draw from the generator since ``calls``, that is a reveal to mark."""
    if state.rng.calls == calls:
        state.reveals += 1


def _draw_building(state: LemuriaState) -> str | None:
    """The top building card; an empty deck is first refilled from the discards (ruling 12)."""
    if not len(state.buildings) and cards.size(state.building_discard):
        state.buildings.shuffle_in(state.building_discard)
        state.building_discard.clear()
    return state.buildings.draw(state.rng) if len(state.buildings) else None


def _check(state: LemuriaState, decision: Decision, action: Action) -> None:
    """Refuse, changing nothing, an action the decision does not offer now, saying what it takes."""
    kind = KINDS[decision.kind]
    if action not in kind.legal(state, decision):
        raise IllegalAction(kind.refuse(state, decision, action))


# -- carrying the effects out ------------------------------------------------------------------------
def resolve(state: LemuriaState, seat: int, effects: tuple[fx.Effect, ...], source: str) -> None:
    """Carry out ``effects`` (a card's, called ``source``) in order for ``seat``. A choice pushes a decision
    on top of the stack; the effects after it are carried out once it is answered."""
    _run(state, seat, tuple(effects), source, 0)


def _run(state: LemuriaState, seat: int, effects: tuple[fx.Effect, ...], source: str, start: int) -> None:
    # a choice records where to go on in its card's effects; other tuples (a part of a card) stop with it
    whole = _card_effects(state.rules, source) == effects
    for i in range(start, len(effects)):
        effect = effects[i]
        handler = _HANDLERS.get(type(effect))
        if handler is None:
            raise ValueError(f"{source}: no power carries out {type(effect).__name__}")
        if not whole and i + 1 < len(effects) and type(effect) in _CHOICES:
            raise ValueError(f"{source}: effects after a choice must be those of the card of that name")
        decision = handler(state, seat, effect, source, i + 1 if whole else -1)
        if decision is not None:
            _ask(state, decision)
            return


def _continue(state: LemuriaState, decision: Decision) -> None:
    """The choice ``decision`` is over: carry out the rest of its card's effects."""
    source, resume = _source(decision), int(decision.args[1])  # type: ignore[arg-type]
    effects = _card_effects(state.rules, source)
    if effects is not None and 0 <= resume < len(effects):
        _run(state, decision.seat, effects, source, resume)


def _ask(state: LemuriaState, decision: Decision) -> None:
    """Push ``decision``, or skip it with a log line when it has no legal answer."""
    if KINDS[decision.kind].legal(state, decision):
        state.decisions.push(decision)
    else:
        state.emit(_SKIPS[decision.kind](state, decision))
        _continue(state, decision)


def _finish(state: LemuriaState, decision: Decision) -> None:
    """The top decision is answered for good."""
    state.decisions.pop()
    _continue(state, decision)


def _again(state: LemuriaState, decision: Decision, left: int, *extra: Scalar) -> None:
    """One of several picks is made: ask again with ``left`` picks to go, or finish."""
    state.decisions.pop()
    if left > 0:
        _ask(state, Decision(decision.kind, decision.seat, (*decision.args[:2], left, *extra)))
    else:
        _continue(state, decision)


#: carries out one effect (state, seat, effect, source, resume); a choice returns its decision
Handler = Callable[[LemuriaState, int, Any, str, int], Decision | None]


def _gain(state: LemuriaState, seat: int, effect: fx.Gain, source: str, resume: int) -> None:
    state.players[seat].gain(dict(effect.resources))
    state.emit(f"{source}: {_name(state, seat)} gains {_join([f'{n} {r}' for r, n in effect.resources.items()])}.")


def _gain_vp(state: LemuriaState, seat: int, effect: fx.GainVp, source: str, resume: int) -> None:
    state.players[seat].gain_vp(effect.vp, VP_SOURCE)
    state.emit(f"{source}: {_name(state, seat)} gains {effect.vp} VP.")


def buildings_counted(state: LemuriaState, seat: int, colour: str | None = None, occupied: bool = False) -> int:
    """How many of ``seat``'s buildings count: of ``colour`` only if given, occupied ones only if set."""
    return sum(1 for owned in state.players[seat].buildings
               if (colour is None or state.rules.building[owned.building].colour == colour)
               and (not occupied or owned.citizen is not None))


def _vp_per_building(state: LemuriaState, seat: int, effect: fx.VpPerBuilding, source: str, resume: int) -> None:
    count = buildings_counted(state, seat, effect.colour, effect.occupied)
    vp = effect.vp * count
    kind = " ".join(w for w in ("occupied" if effect.occupied else "", effect.colour or "") if w)
    state.players[seat].gain_vp(vp, VP_SOURCE)
    what = f"{kind} building" if kind else "building"
    state.emit(_said(count, "{source}: {who} gains {vp} VP ({each} for one {what}).",
                     "{source}: {who} gains {vp} VP ({each} for each of {n} {what}s).",
                     source=source, who=_name(state, seat), vp=vp, each=effect.vp, what=what))


def _draw(state: LemuriaState, seat: int, effect: fx.DrawCitizens, source: str, resume: int) -> Decision | None:
    drawn = []
    for _ in range(effect.count):
        card = state.draw_citizen(seat)
        if card is None:
            break
        drawn.append(card)
    who = _name(state, seat)
    if len(drawn) == effect.count:
        public = _said(len(drawn), "{source}: {who} draws one citizen card.",
                       "{source}: {who} draws {n} citizen cards.", source=source, who=who)
    else:
        public = _said(len(drawn), "{source}: {who} draws one citizen card; the citizen deck is empty.",
                       "{source}: {who} draws {n} citizen cards; the citizen deck is empty.", source=source, who=who)
    short = "" if len(drawn) == effect.count else "; the citizen deck is empty"
    private = {seat: f"{source}: {who} draws {_join([_citizen(state, c) for c in drawn])}{short}."} if drawn else None
    state.emit(public, private)
    return Decision(DISCARD, seat, (source, resume, effect.discard)) if effect.discard else None


def _flag(field: str, amount: Callable[[Any], int], one: str, many: str) -> Handler:
    """A turn's allowance: ``one`` and ``many`` are the log's sentences for an amount of 1 and of more."""
    def handler(state: LemuriaState, seat: int, effect: Any, source: str, resume: int) -> None:
        setattr(state.flags, field, getattr(state.flags, field) + amount(effect))
        state.emit(_said(amount(effect), one, many, source=source, who=_name(state, seat)))

    return handler


def _discount(state: LemuriaState, seat: int, effect: fx.BuildDiscount, source: str, resume: int) -> None:
    state.flags.discounts.append((effect.resources, effect.trend_bonus))
    if effect.trend_bonus:
        state.emit(_said(effect.resources, "{source}: {who}'s next build this turn costs one resource less.",
                         "{source}: {who}'s next build this turn costs {n} resources less.",
                         source=source, who=_name(state, seat)))
    else:
        state.emit(_said(effect.resources, "{source}: {who}'s next build this turn costs one resource less and "
                         "earns no trend bonus.", "{source}: {who}'s next build this turn costs {n} resources less "
                         "and earns no trend bonus.", source=source, who=_name(state, seat)))


def _trend_bonus(state: LemuriaState, seat: int, effect: fx.TrendBonus, source: str, resume: int) -> None:
    state.flags.trend_bonus = effect.vp
    state.emit(f"{source}: this turn every trend position gives {_name(state, seat)} a {effect.vp} VP bonus.")


def _scout(state: LemuriaState, seat: int, effect: fx.ScoutBuildings, source: str, resume: int) -> Decision | None:
    calls = state.rng.calls
    seen = []
    for _ in range(effect.look):
        card = _draw_building(state)
        if card is None:
            break
        seen.append(card)
    who = _name(state, seat)
    if not seen:
        state.emit(f"{source}: there is no building card to look at.")
        return None
    _shown(state, calls)
    state.emit(_said(len(seen), "{source}: {who} looks at the top building card.",
                     "{source}: {who} looks at the top {n} building cards.", source=source, who=who),
               {seat: f"{source}: {who} looks at {_join([_building(state, c) for c in seen])}."})
    return Decision(SCOUT, seat, (source, resume, *seen))


def _choice(kind: str, *extra: Callable[[Any], Scalar]) -> Handler:
    def handler(state: LemuriaState, seat: int, effect: Any, source: str, resume: int) -> Decision:
        return Decision(kind, seat, (source, resume, *(f(effect) for f in extra)))

    return handler


_HANDLERS: dict[type, Handler] = {
    fx.Gain: _gain,
    fx.GainVp: _gain_vp,
    fx.VpPerBuilding: _vp_per_building,
    fx.DrawCitizens: _draw,
    fx.FreeCitizens: _flag("free_citizens", lambda e: e.count,
                           "{source}: {who} plays the next citizen this turn without food.",
                           "{source}: {who} plays the next {n} citizens this turn without food."),
    fx.FreeBuy: _flag("free_buys", lambda e: e.count,
                      "{source}: {who} buys the next citizen card this turn without gold.",
                      "{source}: {who} buys the next {n} citizen cards this turn without gold."),
    fx.ExtraPlant: _flag("extra_plants", lambda e: e.matter,
                         "{source}: {who} may plant one more matter this turn, even after a harvest.",
                         "{source}: {who} may plant {n} more matter this turn, even after a harvest."),
    fx.ExtraHarvest: _flag("free_harvests", lambda e: e.sections,
                           "{source}: {who} may harvest one more full section free this turn.",
                           "{source}: {who} may harvest up to {n} more full sections free this turn."),
    fx.ExtraBuild: _flag("extra_builds", lambda e: e.count,
                         "{source}: {who} may build one more building this turn.",
                         "{source}: {who} may build {n} more buildings this turn."),
    fx.BuildDiscount: _discount,
    fx.TrendBonus: _trend_bonus,
    fx.GainChoice: _choice(GAIN, lambda e: e.count),
    fx.Exchange: _choice(EXCHANGE, lambda e: e.max, lambda e: None),
    fx.TurnAltar: _choice(TURN_ALTAR, lambda e: e.max),
    fx.SetAltar: _choice(SET_ALTAR),
    fx.RemoveFiller: _choice(REMOVE_FILLER, lambda e: e.count),
    fx.AddFiller: _choice(ADD_FILLER, lambda e: e.count),
    fx.RecallMatter: _choice(RECALL, lambda e: e.count),
    fx.ReserveTurnOrder: _choice(RESERVE),
    fx.ReplaceTrendCard: _choice(REPLACE_TREND),
    fx.ScoutBuildings: _scout,
}
#: the effects that may stop for a decision
_CHOICES = frozenset({fx.DrawCitizens, fx.GainChoice, fx.Exchange, fx.TurnAltar, fx.SetAltar, fx.RemoveFiller,
                      fx.AddFiller, fx.RecallMatter, fx.ReserveTurnOrder, fx.ReplaceTrendCard, fx.ScoutBuildings})


# -- gain resources of one's choice ------------------------------------------------------------------
def _gain_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("gain", (r,)) for r in _resources(state)]


def _gain_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    resource = action.args[0]
    state.players[d.seat].gain({resource: 1})
    state.emit(f"{_source(d)}: {_name(state, d.seat)} gains 1 {resource}.")
    _again(state, d, _left(d) - 1)


def _gain_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: choose a resource to gain ({_left(d)} to take)."


def _gain_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Take 1 {a.args[0]}"


def _gain_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return "Name a resource to gain: " + ", ".join(_resources(state)) + "."


# -- exchange ----------------------------------------------------------------------------------------
def _exchange_legal(state: LemuriaState, d: Decision) -> list[Action]:
    given = d.args[3]
    if given is not None:
        return [Action("take", (r,)) for r in _resources(state) if r != given]
    held = state.players[d.seat].resources
    gives = [Action("give", (r,)) for r in _resources(state) if held.get(r, 0) > 0]
    return [*gives, Action("done")] if gives else []


def _exchange_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    given = d.args[3]
    player, who = state.players[d.seat], _name(state, d.seat)
    if action.name == "done":
        state.emit(f"{_source(d)}: {who} stops exchanging.")
        _finish(state, d)
    elif action.name == "give":
        player.pay({action.args[0]: 1})
        state.emit(f"{_source(d)}: {who} gives 1 {action.args[0]} to exchange.")
        state.decisions.replace(Decision(d.kind, d.seat, (*d.args[:3], action.args[0])))
    else:
        player.gain({action.args[0]: 1})
        state.emit(f"{_source(d)}: {who} exchanges 1 {given} for 1 {action.args[0]}.")
        _again(state, d, _left(d) - 1, None)


def _exchange_prompt(state: LemuriaState, d: Decision) -> str:
    given = d.args[3]
    if given is not None:
        return f"{_source(d)}: choose the resource you take for your {given}."
    return f"{_source(d)}: give a resource to exchange one for one ({_left(d)} exchanges left), or stop."


def _exchange_label(state: LemuriaState, d: Decision, a: Action) -> str:
    if a.name == "done":
        return "Stop exchanging"
    return f"{'Give' if a.name == 'give' else 'Take'} 1 {a.args[0]}"


def _exchange_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    given = d.args[3]
    if given is None:
        return "Give one resource you hold, or say done."
    return f"Take one resource other than {given} for the {given} given."


# -- turning the altar ---------------------------------------------------------------------------------
def _most(d: Decision) -> int:
    return int(d.args[2])  # type: ignore[arg-type]


def _turn_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("turn", (way, steps)) for steps in range(1, _most(d) + 1) for way in (CW, CCW)]


def _turn_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    way, steps = action.args
    state.altar.turn(steps if way == CW else -steps)
    words = {"source": _source(d), "who": _name(state, d.seat)}
    if way == CW:
        state.emit(_said(steps, "{source}: {who} turns the altar one section clockwise.",
                         "{source}: {who} turns the altar {n} sections clockwise.", **words))
    else:
        state.emit(_said(steps, "{source}: {who} turns the altar one section anticlockwise.",
                         "{source}: {who} turns the altar {n} sections anticlockwise.", **words))
    _finish(state, d)


def _turn_prompt(state: LemuriaState, d: Decision) -> str:
    most = _most(d)
    amount = "one section" if most == 1 else f"1 to {most} sections"
    return f"{_source(d)}: turn the altar {amount}, clockwise or anticlockwise."


def _turn_label(state: LemuriaState, d: Decision, a: Action) -> str:
    way, steps = a.args
    if way == "cw":
        return "Clockwise, one section" if steps == 1 else f"Clockwise, {steps} sections"
    return "Anticlockwise, one section" if steps == 1 else f"Anticlockwise, {steps} sections"


def _turn_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Turn the altar 1 to {d.args[2]} sections: 'turn cw 1' or 'turn ccw 1' and so on."


def _set_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("altar", (p,)) for p in range(len(state.altar.sections))]


def _set_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    position = action.args[0]
    steps = (position - state.altar.turns) % len(state.altar.sections)
    state.altar.turn(steps)
    words = {"source": _source(d), "who": _name(state, d.seat), "position": position}
    if not steps:
        state.emit("{source}: {who} leaves the altar at position {position}, where it was.".format(**words))
    else:
        state.emit(_said(steps, "{source}: {who} turns the altar to position {position} (one section clockwise).",
                         "{source}: {who} turns the altar to position {position} ({n} sections clockwise).",
                         **words))
    _finish(state, d)


def _set_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: turn the altar to any position (now {state.altar.turns})."


def _set_label(state: LemuriaState, d: Decision, a: Action) -> str:
    position = a.args[0]
    steps = (position - state.altar.turns) % len(state.altar.sections)
    if not steps:
        return f"Position {position}: leave the altar where it is"
    if steps == 1:
        return f"Position {position}: turn the altar one section clockwise"
    return f"Position {position}: turn the altar {steps} sections clockwise"


def _set_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Name a position of the altar from 0 to {len(state.altar.sections) - 1}."


# -- fillers and matter on the altar -------------------------------------------------------------------
def _remove_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.fillers]


def _remove_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.altar.remove_filler(action.args[0])
    state.emit(f"{_source(d)}: {_name(state, d.seat)} removes a filler from section {action.args[0]}.")
    _again(state, d, _left(d) - 1)


def _remove_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    section = state.altar.sections[index]
    return f"Section {index}: remove one of its fillers" if section.fillers > 1 else \
        f"Section {index}: remove its filler"


def _add_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.matter.get(d.seat) and s.free]


def _add_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.altar.add_filler(action.args[0])
    state.emit(f"{_source(d)}: {_name(state, d.seat)} adds a filler to section {action.args[0]}.")
    _again(state, d, _left(d) - 1)


def _add_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    section = state.altar.sections[index]
    return f"Section {index}: add a filler to its {section.free} empty spaces" if section.free > 1 else \
        f"Section {index}: add a filler to its last empty space"


def _recall_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.matter.get(d.seat)]


def _recall_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    kind = state.altar.take_back(action.args[0], d.seat)
    matter = state.players[d.seat].matter
    matter[kind] = matter.get(kind, 0) + 1
    state.emit(f"{_source(d)}: {_name(state, d.seat)} takes back 1 {kind} matter from section {action.args[0]}.")
    _again(state, d, _left(d) - 1)


def _recall_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    return f"Section {index}: take back 1 {state.altar.sections[index].kind} matter"


def _section_prompt(verb: str) -> Callable[[LemuriaState, Decision], str]:
    return lambda state, d: f"{_source(d)}: choose the section to {verb}."


# -- turn order ------------------------------------------------------------------------------------
def _reserve_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("space", (space,)) for space in state.reservable_spaces(d.seat)]


def _reserve_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.reserve(d.seat, action.args[0])
    state.emit(f"{_source(d)}: {_name(state, d.seat)} reserves turn-order space {action.args[0]} for next round.")
    _finish(state, d)


def _reserve_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: reserve a turn-order space for next round."


def _reserve_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Reserve space {a.args[0]} of the turn order"


# -- the trend line --------------------------------------------------------------------------------
def _replace_legal(state: LemuriaState, d: Decision) -> list[Action]:
    if not len(state.buildings) and not cards.size(state.building_discard):
        return []
    return [Action("position", (p,)) for p, card in enumerate(state.trend.slots, 1) if card is not None]


def _replace_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    position = action.args[0]
    calls = state.rng.calls
    new = _draw_building(state)
    assert new is not None  # the kind is offered only while the deck or its discards hold a card
    old = state.trend.put(position, new)
    assert old is not None  # the kind offers only positions holding a card
    cards.add(state.building_discard, old)
    _shown(state, calls)
    state.emit(f"{_source(d)}: {_name(state, d.seat)} discards {_building(state, old)} from trend position "
               f"{position}; {_building(state, new)} takes its place.")
    _finish(state, d)


def _replace_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: choose a trend card to replace with the top building card."


def _replace_label(state: LemuriaState, d: Decision, a: Action) -> str:
    position = a.args[0]
    return f"Position {position}: replace {_building(state, state.trend.slots[position - 1])}"


def _scout_legal(state: LemuriaState, d: Decision) -> list[Action]:
    seen = list(dict.fromkeys(d.args[2:]))
    return [Action("place", (card, p)) for card in seen for p in range(1, len(state.trend.slots) + 1)]


def _scout_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    card, position = action.args
    rest = [str(seen) for seen in d.args[2:]]
    rest.remove(card)
    old = state.trend.put(position, card)
    if old is not None:
        cards.add(state.building_discard, old)
    state.rng.shuffle(rest)
    for other in rest:
        state.buildings.to_bottom(other)
    state.reveals += 1  # the card placed was fixed when it was looked at
    words = {"source": _source(d), "who": _name(state, d.seat), "card": _building(state, card), "position": position}
    if old is None:
        state.emit("{source}: {who} puts {card} in trend position {position}.".format(**words))
    else:
        state.emit("{source}: {who} puts {card} in trend position {position}, discarding {old}.".format(
            old=_building(state, old), **words))
    if rest:
        state.emit(_said(len(rest), "The other card goes under the building deck.",
                         "The other {n} cards go under the building deck."))
    _finish(state, d)


def _scout_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: put one of the cards you looked at in a trend position (the card there is discarded)."


def _scout_label(state: LemuriaState, d: Decision, a: Action) -> str:
    card, position = a.args
    there = state.trend.slots[position - 1]
    if there is None:
        return f"Position {position}: put {_building(state, card)} in the gap"
    return f"Position {position}: put {_building(state, card)} instead of {_building(state, there)}"


def _scout_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Name one of the cards you looked at and a trend position, e.g. 'place {d.args[2]} 1'."


# -- discarding a citizen ------------------------------------------------------------------------------
def _discard_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("discard", (card,)) for card in sorted(set(state.players[d.seat].hand))]


def _discard_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    card = action.args[0]
    state.players[d.seat].hand.remove(card)
    cards.add(state.citizen_discard, card)
    state.emit(f"{_source(d)}: {_name(state, d.seat)} discards {_citizen(state, card)}.")
    _again(state, d, _left(d) - 1)


def _discard_prompt(state: LemuriaState, d: Decision) -> str:
    return f"{_source(d)}: discard a citizen card from your hand ({_left(d)} to discard)."


def _discard_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return f"Discard {_citizen(state, a.args[0])}"


_SKIPS: dict[str, Callable[[LemuriaState, Decision], str]] = {
    GAIN: lambda state, d: f"{_source(d)}: there is no resource to gain.",
    EXCHANGE: lambda state, d: f"{_source(d)}: {_name(state, d.seat)} has no resource to exchange.",
    TURN_ALTAR: lambda state, d: f"{_source(d)}: the altar cannot turn.",
    SET_ALTAR: lambda state, d: f"{_source(d)}: the altar cannot turn.",
    REMOVE_FILLER: lambda state, d: f"{_source(d)}: no section holds a filler; nothing happens.",
    ADD_FILLER: lambda state, d: f"{_source(d)}: no section with {_name(state, d.seat)}'s matter has an empty "
                                 "space; nothing happens.",
    RECALL: lambda state, d: f"{_source(d)}: {_name(state, d.seat)} has no matter on the altar; nothing happens.",
    RESERVE: lambda state, d: f"{_source(d)}: {_name(state, d.seat)} can reserve no turn-order space; "
                              "nothing happens.",
    REPLACE_TREND: lambda state, d: f"{_source(d)}: no trend card can be replaced; nothing happens.",
    SCOUT: lambda state, d: f"{_source(d)}: there is no building card to place.",
    DISCARD: lambda state, d: f"{_source(d)}: {_name(state, d.seat)} has no citizen card to discard.",
}

#: the decision kinds of card powers, merged into LemuriaState.KINDS by rules.py; each apply refuses an action
#: its legal list does not hold with the kind's refusal (the fake state of the tests answers them directly)
KINDS: dict[str, Kind[LemuriaState]] = {
    GAIN: Kind(_gain_legal, _gain_apply, _gain_prompt, _gain_label, refusal=_gain_refusal),
    EXCHANGE: Kind(_exchange_legal, _exchange_apply, _exchange_prompt, _exchange_label, refusal=_exchange_refusal),
    TURN_ALTAR: Kind(_turn_legal, _turn_apply, _turn_prompt, _turn_label, refusal=_turn_refusal),
    SET_ALTAR: Kind(_set_legal, _set_apply, _set_prompt, _set_label, refusal=_set_refusal),
    REMOVE_FILLER: Kind(_remove_legal, _remove_apply, _section_prompt("take a filler from"), _remove_label,
                        refusal="Name a section of the altar that holds a filler."),
    ADD_FILLER: Kind(_add_legal, _add_apply, _section_prompt("add a filler to"), _add_label,
                     refusal="Name a section of the altar with an empty space and some of your matter."),
    RECALL: Kind(_recall_legal, _recall_apply, _section_prompt("take one of your matter back from"), _recall_label,
                 refusal="Name a section of the altar that holds some of your matter."),
    RESERVE: Kind(_reserve_legal, _reserve_apply, _reserve_prompt, _reserve_label,
                  refusal="Name an empty turn-order space you may reserve."),
    REPLACE_TREND: Kind(_replace_legal, _replace_apply, _replace_prompt, _replace_label,
                        refusal="Name a trend position that holds a card."),
    SCOUT: Kind(_scout_legal, _scout_apply, _scout_prompt, _scout_label, refusal=_scout_refusal),
    DISCARD: Kind(_discard_legal, _discard_apply, _discard_prompt, _discard_label,
                  refusal="Name a citizen card in your hand to discard."),
}
