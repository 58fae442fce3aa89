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
from boardgames.games.lemuria import words
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
from boardgames.i18n import N_, _, and_list, n_, the

#: the category of VP won through card effects, in a player's breakdown (Player.sources; rules.py's "cards")
VP_SOURCE = "cards"
CW, CCW = "cw", "ccw"

#: the decision kinds' names and arguments are listed in state.py; a card's discard is this module's DISCARD
DISCARD = CARD_DISCARD


# -- small helpers -----------------------------------------------------------------------------------


def _name(state: LemuriaState, seat: int) -> str:
    return state.names[seat]


def _resources(state: LemuriaState) -> list[str]:
    return [r.id for r in state.rules.components.resources]


def _citizen(state: LemuriaState, card: str) -> str:
    """A citizen card as a sentence or a move names it (with its article)."""
    return the(state.rules.citizen[card].name)


def _building(state: LemuriaState, card: str) -> str:
    """A building card as a sentence or a move names it (with its article)."""
    return the(state.rules.building[card].name)


def _card_effects(rules: Rules, source: str) -> tuple[fx.Effect, ...] | None:
    """The effects of the citizen or Impact card called ``source``, or None if no card has that name."""
    played: tuple[Citizen | ImpactCard, ...] = (*rules.citizens, *rules.impact)
    for card in played:
        if card.name == source:
            return tuple(card.effects)
    return None


def _source(decision: Decision) -> str:
    return str(decision.args[0])


def _src(decision: Decision) -> str:
    """The name of the card whose choice ``decision`` is, in the reader's language."""
    return _(_source(decision))


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
    state.emit(_("{source}: {who} gains {resources}.", source=_(source), who=_name(state, seat),
                 resources=words.amounts(dict(effect.resources))))


def _gain_vp(state: LemuriaState, seat: int, effect: fx.GainVp, source: str, resume: int) -> None:
    state.players[seat].gain_vp(effect.vp, VP_SOURCE)
    state.emit(_("{source}: {who} gains {vp} VP.", source=_(source), who=_name(state, seat), vp=effect.vp))


def buildings_counted(state: LemuriaState, seat: int, colour: str | None = None, occupied: bool = False) -> int:
    """How many of ``seat``'s buildings count: of ``colour`` only if given, occupied ones only if set."""
    return sum(1 for owned in state.players[seat].buildings
               if (colour is None or state.rules.building[owned.building].colour == colour)
               and (not occupied or owned.citizen is not None))


#: a VP-per-building effect that finds none of the buildings it counts: by (of one colour, occupied only)
NO_BUILDING_COUNTED = {
    (True, True): N_("{source}: {who} has no occupied {colour} building, so gains no VP."),
    (True, False): N_("{source}: {who} has no {colour} building, so gains no VP."),
    (False, True): N_("{source}: {who} has no occupied building, so gains no VP."),
    (False, False): N_("{source}: {who} has no building, so gains no VP."),
}


def _vp_per_building(state: LemuriaState, seat: int, effect: fx.VpPerBuilding, source: str, resume: int) -> None:
    count = buildings_counted(state, seat, effect.colour, effect.occupied)
    vp = effect.vp * count
    state.players[seat].gain_vp(vp, VP_SOURCE)
    said = {"source": _(source), "who": _name(state, seat), "vp": vp, "each": effect.vp}
    if not count:
        kind = (bool(effect.colour), effect.occupied)
        state.emit(_(NO_BUILDING_COUNTED[kind], colour=words.colour(effect.colour or ""), **said))
    elif effect.colour and effect.occupied:
        state.emit(n_("{source}: {who} gains {vp} VP ({each} for one occupied {colour} building).",
                      "{source}: {who} gains {vp} VP ({each} for each of {n} occupied {colour} buildings).", count,
                      colour=words.colour(effect.colour), **said))
    elif effect.colour:
        state.emit(n_("{source}: {who} gains {vp} VP ({each} for one {colour} building).",
                      "{source}: {who} gains {vp} VP ({each} for each of {n} {colour} buildings).", count,
                      colour=words.colour(effect.colour), **said))
    elif effect.occupied:
        state.emit(n_("{source}: {who} gains {vp} VP ({each} for one occupied building).",
                      "{source}: {who} gains {vp} VP ({each} for each of {n} occupied buildings).", count, **said))
    else:
        state.emit(n_("{source}: {who} gains {vp} VP ({each} for one building).",
                      "{source}: {who} gains {vp} VP ({each} for each of {n} buildings).", count, **said))


def _draw(state: LemuriaState, seat: int, effect: fx.DrawCitizens, source: str, resume: int) -> Decision | None:
    drawn = []
    for _k in range(effect.count):
        card = state.draw_citizen(seat)
        if card is None:
            break
        drawn.append(card)
    who, card = _name(state, seat), _(source)
    if len(drawn) == effect.count:
        public = n_("{source}: {who} draws one citizen card.",
                    "{source}: {who} draws {n} citizen cards.", len(drawn), source=card, who=who)
    else:
        public = n_("{source}: {who} draws one citizen card; the citizen deck is empty.",
                    "{source}: {who} draws {n} citizen cards; the citizen deck is empty.", len(drawn),
                    source=card, who=who)
    names = and_list([_citizen(state, c) for c in drawn])
    if len(drawn) == effect.count:
        mine = _("{source}: {who} draws {cards}.", source=card, who=who, cards=names)
    else:
        mine = _("{source}: {who} draws {cards}; the citizen deck is empty.", source=card, who=who, cards=names)
    private = {seat: mine} if drawn else None
    state.emit(public, private)
    return Decision(DISCARD, seat, (source, resume, effect.discard)) if effect.discard else None


def _flag(field: str, amount: Callable[[Any], int], said: Callable[[int, str, str], str]) -> Handler:
    """A turn's allowance: ``said(amount, source, who)`` is the log's sentence for it."""
    def handler(state: LemuriaState, seat: int, effect: Any, source: str, resume: int) -> None:
        setattr(state.flags, field, getattr(state.flags, field) + amount(effect))
        state.emit(said(amount(effect), _(source), _name(state, seat)))

    return handler


def _discount(state: LemuriaState, seat: int, effect: fx.BuildDiscount, source: str, resume: int) -> None:
    state.flags.discounts.append((effect.resources, effect.trend_bonus))
    if effect.trend_bonus:
        state.emit(n_("{source}: {who}'s next build this turn costs one resource less.",
                      "{source}: {who}'s next build this turn costs {n} resources less.", effect.resources,
                      source=_(source), who=_name(state, seat)))
    else:
        state.emit(n_("{source}: {who}'s next build this turn costs one resource less and earns no trend bonus.",
                      "{source}: {who}'s next build this turn costs {n} resources less and earns no trend bonus.",
                      effect.resources, source=_(source), who=_name(state, seat)))


def _trend_bonus(state: LemuriaState, seat: int, effect: fx.TrendBonus, source: str, resume: int) -> None:
    state.flags.trend_bonus = effect.vp
    state.emit(_("{source}: this turn every trend position gives {who} a {vp} VP bonus.", source=_(source),
                 who=_name(state, seat), vp=effect.vp))


def _scout(state: LemuriaState, seat: int, effect: fx.ScoutBuildings, source: str, resume: int) -> Decision | None:
    calls = state.rng.calls
    seen = []
    for _k in range(effect.look):
        card = _draw_building(state)
        if card is None:
            break
        seen.append(card)
    who = _name(state, seat)
    if not seen:
        state.emit(_("{source}: there is no building card to look at.", source=_(source)))
        return None
    _shown(state, calls)
    state.emit(n_("{source}: {who} looks at the top building card.",
                  "{source}: {who} looks at the top {n} building cards.", len(seen), source=_(source), who=who),
               {seat: _("{source}: {who} looks at {cards}.", source=_(source), who=who,
                        cards=and_list([_building(state, c) for c in seen]))})
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
    fx.FreeCitizens: _flag("free_citizens", lambda e: e.count, lambda n, source, who: n_(
        "{source}: {who} plays the next citizen this turn without food.",
        "{source}: {who} plays the next {n} citizens this turn without food.", n, source=source, who=who)),
    fx.FreeBuy: _flag("free_buys", lambda e: e.count, lambda n, source, who: n_(
        "{source}: {who} buys the next citizen card this turn without gold.",
        "{source}: {who} buys the next {n} citizen cards this turn without gold.", n, source=source, who=who)),
    fx.ExtraPlant: _flag("extra_plants", lambda e: e.matter, lambda n, source, who: n_(
        "{source}: {who} may plant one more matter this turn, even after a harvest.",
        "{source}: {who} may plant {n} more matter this turn, even after a harvest.", n, source=source, who=who)),
    fx.ExtraHarvest: _flag("free_harvests", lambda e: e.sections, lambda n, source, who: n_(
        "{source}: {who} may harvest one more full section free this turn.",
        "{source}: {who} may harvest up to {n} more full sections free this turn.", n, source=source, who=who)),
    fx.ExtraBuild: _flag("extra_builds", lambda e: e.count, lambda n, source, who: n_(
        "{source}: {who} may build one more building this turn.",
        "{source}: {who} may build {n} more buildings this turn.", n, source=source, who=who)),
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
    state.emit(_("{source}: {who} gains {amount}.", source=_src(d), who=_name(state, d.seat),
                 amount=words.amount(1, resource)))
    _again(state, d, _left(d) - 1)


def _gain_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: choose a resource to gain ({n} to take).", source=_src(d), n=_left(d))


def _gain_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Take {amount}", amount=words.amount(1, a.args[0]))


def _gain_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Name a resource to gain: {resources}.", resources=", ".join(_resources(state)))


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
        state.emit(_("{source}: {who} stops exchanging.", source=_src(d), who=who))
        _finish(state, d)
    elif action.name == "give":
        player.pay({action.args[0]: 1})
        state.emit(_("{source}: {who} gives {amount} to exchange.", source=_src(d), who=who,
                     amount=words.amount(1, action.args[0])))
        state.decisions.replace(Decision(d.kind, d.seat, (*d.args[:3], action.args[0])))
    else:
        player.gain({action.args[0]: 1})
        state.emit(_("{source}: {who} exchanges {given} for {taken}.", source=_src(d), who=who,
                     given=words.amount(1, str(given)), taken=words.amount(1, action.args[0])))
        _again(state, d, _left(d) - 1, None)


def _exchange_prompt(state: LemuriaState, d: Decision) -> str:
    given = d.args[3]
    if given is not None:
        return _("{source}: choose the resource you take for your {given}.", source=_src(d),
                 given=words.resource(str(given)))
    return _("{source}: give a resource to exchange one for one ({n} exchanges left), or stop.", source=_src(d),
             n=_left(d))


def _exchange_label(state: LemuriaState, d: Decision, a: Action) -> str:
    if a.name == "done":
        return _("Stop exchanging")
    if a.name == "give":
        return _("Give {amount}", amount=words.amount(1, a.args[0]))
    return _("Take {amount}", amount=words.amount(1, a.args[0]))


def _exchange_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    given = d.args[3]
    if given is None:
        return _("Give one resource you hold, or choose Done.")
    return _("Take one resource other than {given} for the {given} given.", given=words.resource(str(given)))


# -- turning the altar ---------------------------------------------------------------------------------
def _most(d: Decision) -> int:
    return int(d.args[2])  # type: ignore[arg-type]


def _turn_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("turn", (way, steps)) for steps in range(1, _most(d) + 1) for way in (CW, CCW)]


def _turn_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    way, steps = action.args
    state.altar.turn(steps if way == CW else -steps)
    said = {"source": _src(d), "who": _name(state, d.seat)}
    if way == CW:
        state.emit(n_("{source}: {who} turns the altar one section clockwise.",
                      "{source}: {who} turns the altar {n} sections clockwise.", steps, **said))
    else:
        state.emit(n_("{source}: {who} turns the altar one section anticlockwise.",
                      "{source}: {who} turns the altar {n} sections anticlockwise.", steps, **said))
    _finish(state, d)


def _turn_prompt(state: LemuriaState, d: Decision) -> str:
    most = _most(d)
    if most == 1:
        return _("{source}: turn the altar one section, clockwise or anticlockwise.", source=_src(d))
    return _("{source}: turn the altar 1 to {n} sections, clockwise or anticlockwise.", source=_src(d), n=most)


def _turn_label(state: LemuriaState, d: Decision, a: Action) -> str:
    way, steps = a.args
    if way == "cw":
        return _("Clockwise, one section") if steps == 1 else _("Clockwise, {n} sections", n=steps)
    return _("Anticlockwise, one section") if steps == 1 else _("Anticlockwise, {n} sections", n=steps)


def _turn_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Turn the altar 1 to {n} sections: 'turn cw 1' or 'turn ccw 1' and so on.", n=d.args[2])


def _set_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("altar", (p,)) for p in range(len(state.altar.sections))]


def _set_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    position = action.args[0]
    steps = (position - state.altar.turns) % len(state.altar.sections)
    state.altar.turn(steps)
    said = {"source": _src(d), "who": _name(state, d.seat), "position": position}
    if not steps:
        state.emit(_("{source}: {who} leaves the altar at position {position}, where it was.", **said))
    else:
        state.emit(n_("{source}: {who} turns the altar to position {position} (one section clockwise).",
                      "{source}: {who} turns the altar to position {position} ({n} sections clockwise).", steps,
                      **said))
    _finish(state, d)


def _set_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: turn the altar to any position (now {n}).", source=_src(d), n=state.altar.turns)


def _set_label(state: LemuriaState, d: Decision, a: Action) -> str:
    position = a.args[0]
    steps = (position - state.altar.turns) % len(state.altar.sections)
    if not steps:
        return _("Position {position}: leave the altar where it is", position=position)
    if steps == 1:
        return _("Position {position}: turn the altar one section clockwise", position=position)
    return _("Position {position}: turn the altar {n} sections clockwise", position=position, n=steps)


def _set_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Name a position of the altar from 0 to {n}.", n=len(state.altar.sections) - 1)


# -- fillers and matter on the altar -------------------------------------------------------------------
def _remove_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.fillers]


def _remove_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.altar.remove_filler(action.args[0])
    state.emit(_("{source}: {who} removes a filler from section {section}.", source=_src(d),
                 who=_name(state, d.seat), section=action.args[0]))
    _again(state, d, _left(d) - 1)


def _remove_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    section = state.altar.sections[index]
    return _("Section {n}: remove one of its fillers", n=index) if section.fillers > 1 else \
        _("Section {n}: remove its filler", n=index)


def _add_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.matter.get(d.seat) and s.free]


def _add_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.altar.add_filler(action.args[0])
    state.emit(_("{source}: {who} adds a filler to section {section}.", source=_src(d), who=_name(state, d.seat),
                 section=action.args[0]))
    _again(state, d, _left(d) - 1)


def _add_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    section = state.altar.sections[index]
    return _("Section {n}: add a filler to its {free} empty spaces", n=index, free=section.free) \
        if section.free > 1 else _("Section {n}: add a filler to its last empty space", n=index)


def _recall_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("section", (i,)) for i, s in enumerate(state.altar.sections) if s.matter.get(d.seat)]


def _recall_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    kind = state.altar.take_back(action.args[0], d.seat)
    matter = state.players[d.seat].matter
    matter[kind] = matter.get(kind, 0) + 1
    state.emit(_("{source}: {who} takes back 1 {kind} matter from section {section}.", source=_src(d),
                 who=_name(state, d.seat), kind=words.kind(kind), section=action.args[0]))
    _again(state, d, _left(d) - 1)


def _recall_label(state: LemuriaState, d: Decision, a: Action) -> str:
    index = a.args[0]
    return _("Section {n}: take back 1 {kind} matter", n=index, kind=words.kind(state.altar.sections[index].kind))


def _remove_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: choose the section to take a filler from.", source=_src(d))


def _add_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: choose the section to add a filler to.", source=_src(d))


def _recall_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: choose the section to take one of your matter back from.", source=_src(d))


# -- turn order ------------------------------------------------------------------------------------
def _reserve_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("space", (space,)) for space in state.reservable_spaces(d.seat)]


def _reserve_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    state.reserve(d.seat, action.args[0])
    state.emit(_("{source}: {who} reserves turn-order space {space} for next round.", source=_src(d),
                 who=_name(state, d.seat), space=action.args[0]))
    _finish(state, d)


def _reserve_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: reserve a turn-order space for next round.", source=_src(d))


def _reserve_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Reserve space {space} of the turn order", space=a.args[0])


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
    state.emit(_("{source}: {who} discards {old} from trend position {position}; {new} takes its place.",
                 source=_src(d), who=_name(state, d.seat), old=_building(state, old), position=position,
                 new=_building(state, new)))
    _finish(state, d)


def _replace_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: choose a trend card to replace with the top building card.", source=_src(d))


def _replace_label(state: LemuriaState, d: Decision, a: Action) -> str:
    position = a.args[0]
    return _("Position {position}: replace {building}", position=position,
             building=_building(state, state.trend.slots[position - 1]))


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
    said = {"source": _src(d), "who": _name(state, d.seat), "card": _building(state, card), "position": position}
    if old is None:
        state.emit(_("{source}: {who} puts {card} in trend position {position}.", **said))
    else:
        state.emit(_("{source}: {who} puts {card} in trend position {position}, discarding {old}.",
                     old=_building(state, old), **said))
    if rest:
        state.emit(n_("The other card goes under the building deck.",
                      "The other {n} cards go under the building deck.", len(rest)))
    _finish(state, d)


def _scout_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: put one of the cards you looked at in a trend position (the card there is discarded).",
             source=_src(d))


def _scout_label(state: LemuriaState, d: Decision, a: Action) -> str:
    card, position = a.args
    there = state.trend.slots[position - 1]
    if there is None:
        return _("Position {position}: put {card} in the gap", position=position, card=_building(state, card))
    return _("Position {position}: put {card} instead of {old}", position=position, card=_building(state, card),
             old=_building(state, there))


def _scout_refusal(state: LemuriaState, d: Decision, a: Action) -> str:
    move = f"place {d.args[2]} 1"
    return _("Name one of the cards you looked at and a trend position, e.g. '{move}'.", move=move)


# -- discarding a citizen ------------------------------------------------------------------------------
def _discard_legal(state: LemuriaState, d: Decision) -> list[Action]:
    return [Action("discard", (card,)) for card in sorted(set(state.players[d.seat].hand))]


def _discard_apply(state: LemuriaState, d: Decision, action: Action) -> None:
    _check(state, d, action)
    card = action.args[0]
    state.players[d.seat].hand.remove(card)
    cards.add(state.citizen_discard, card)
    state.emit(_("{source}: {who} discards {card}.", source=_src(d), who=_name(state, d.seat),
                 card=_citizen(state, card)))
    _again(state, d, _left(d) - 1)


def _discard_prompt(state: LemuriaState, d: Decision) -> str:
    return _("{source}: discard a citizen card from your hand ({n} to discard).", source=_src(d), n=_left(d))


def _discard_label(state: LemuriaState, d: Decision, a: Action) -> str:
    return _("Discard {card}", card=_citizen(state, a.args[0]))


_SKIPS: dict[str, Callable[[LemuriaState, Decision], str]] = {
    GAIN: lambda state, d: _("{source}: there is no resource to gain.", source=_src(d)),
    EXCHANGE: lambda state, d: _("{source}: {who} has no resource to exchange.", source=_src(d),
                                 who=_name(state, d.seat)),
    TURN_ALTAR: lambda state, d: _("{source}: the altar cannot turn.", source=_src(d)),
    SET_ALTAR: lambda state, d: _("{source}: the altar cannot turn.", source=_src(d)),
    REMOVE_FILLER: lambda state, d: _("{source}: no section holds a filler; nothing happens.", source=_src(d)),
    ADD_FILLER: lambda state, d: _("{source}: no section with {who}'s matter has an empty space; nothing happens.",
                                   source=_src(d), who=_name(state, d.seat)),
    RECALL: lambda state, d: _("{source}: {who} has no matter on the altar; nothing happens.", source=_src(d),
                               who=_name(state, d.seat)),
    RESERVE: lambda state, d: _("{source}: {who} can reserve no turn-order space; nothing happens.",
                                source=_src(d), who=_name(state, d.seat)),
    REPLACE_TREND: lambda state, d: _("{source}: no trend card can be replaced; nothing happens.", source=_src(d)),
    SCOUT: lambda state, d: _("{source}: there is no building card to place.", source=_src(d)),
    DISCARD: lambda state, d: _("{source}: {who} has no citizen card to discard.", source=_src(d),
                                who=_name(state, d.seat)),
}

#: the decision kinds of card powers, merged into LemuriaState.KINDS by rules.py; each apply refuses an action
#: its legal list does not hold with the kind's refusal (the fake state of the tests answers them directly)
KINDS: dict[str, Kind[LemuriaState]] = {
    GAIN: Kind(_gain_legal, _gain_apply, _gain_prompt, _gain_label, refusal=_gain_refusal),
    EXCHANGE: Kind(_exchange_legal, _exchange_apply, _exchange_prompt, _exchange_label, refusal=_exchange_refusal),
    TURN_ALTAR: Kind(_turn_legal, _turn_apply, _turn_prompt, _turn_label, refusal=_turn_refusal),
    SET_ALTAR: Kind(_set_legal, _set_apply, _set_prompt, _set_label, refusal=_set_refusal),
    REMOVE_FILLER: Kind(_remove_legal, _remove_apply, _remove_prompt, _remove_label,
                        refusal=lambda state, d, a: _("Name a section of the altar that holds a filler.")),
    ADD_FILLER: Kind(_add_legal, _add_apply, _add_prompt, _add_label,
                     refusal=lambda state, d, a: _(
                         "Name a section of the altar with an empty space and some of your matter.")),
    RECALL: Kind(_recall_legal, _recall_apply, _recall_prompt, _recall_label,
                 refusal=lambda state, d, a: _("Name a section of the altar that holds some of your matter.")),
    RESERVE: Kind(_reserve_legal, _reserve_apply, _reserve_prompt, _reserve_label,
                  refusal=lambda state, d, a: _("Name an empty turn-order space you may reserve.")),
    REPLACE_TREND: Kind(_replace_legal, _replace_apply, _replace_prompt, _replace_label,
                        refusal=lambda state, d, a: _("Name a trend position that holds a card.")),
    SCOUT: Kind(_scout_legal, _scout_apply, _scout_prompt, _scout_label, refusal=_scout_refusal),
    DISCARD: Kind(_discard_legal, _discard_apply, _discard_prompt, _discard_label,
                  refusal=lambda state, d, a: _("Name a citizen card in your hand to discard.")),
}
