"""The turn's villager actions (ruling 4): build, train, harvest and labor.

The action chosen on the turn (turn.py) asks which ready villager does it (``worker``: a hammer villager builds,
a quill villager trains, any villager harvests or labors; a Cave Cat rolls first, ruling 10), then on what
(``build``: a card of the rows, an outpost on an open cave of yours; ``train``: a villager of the row;
``harvest``: a good on one of your cards). Labor needs nothing more. ``back`` returns a step, unless a Cave Cat
has rolled already.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import words
from boardgames.games.abovebelow.roundend import end_turn
from boardgames.games.abovebelow.state import (
    BUILD,
    HARVEST,
    NO_OPEN_CAVE,
    TRAIN,
    WORKER,
    AboveBelowState,
    refused_by_name,
    str_arg,
)
from boardgames.i18n import _, the

#: the decision that asks what the villager acts on, by the action's name, and back
TARGET_KINDS = {"build": BUILD, "train": TRAIN, "harvest": HARVEST}
ACTION_OF = {kind: action for action, kind in TARGET_KINDS.items()}


def workers(state: AboveBelowState, seat: int, action: str) -> list[str]:
    """Ready villagers able to do ``action`` now (with something to do it on)."""
    player = state.players[seat]
    if action in ("labor", "harvest"):
        if action == "harvest" and not player.card_goods:
            return []
        return list(player.ready)
    if action == "build":
        return [v for v in player.ready if state.rules.villager[v].builds and build_targets(state, seat, v)]
    if action == "train":
        return [v for v in player.ready if state.rules.villager[v].trains and train_targets(state, seat, v)]
    return []


def choose_action(state: AboveBelowState, d: Decision, action: Action) -> None:
    """The turn's action is build, harvest, train or labor: which villager does it is asked next."""
    name = state.names[d.seat]
    state.emit({"build": _("{name} chooses to build.", name=name),
                "harvest": _("{name} chooses to harvest.", name=name),
                "train": _("{name} chooses to train.", name=name),
                "labor": _("{name} chooses to labor.", name=name)}[action.name])
    state.decisions.push(Decision(WORKER, d.seat, (action.name,)))


def _may_go_back(state: AboveBelowState, villager: str) -> bool:
    """Back from a target is offered unless a Cave Cat already rolled for it (a reveal)."""
    return not state.rules.villager[villager].has("cave_cat")


def _target_back(state: AboveBelowState, d: Decision) -> None:
    action = ACTION_OF[d.kind]
    name = state.names[d.seat]
    state.emit({"build": _("{name} picks another villager to build.", name=name),
                "harvest": _("{name} picks another villager to harvest.", name=name),
                "train": _("{name} picks another villager to train.", name=name),
                "labor": _("{name} picks another villager to labor.", name=name)}[action])
    state.decisions.replace(Decision(WORKER, d.seat, (action,)))


# -- which villager ----------------------------------------------------------------------------------
def legal_worker(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("use", (v,)) for v in workers(state, d.seat, str_arg(d))] + [Action("back")]


def apply_worker(state: AboveBelowState, d: Decision, action: Action) -> None:
    seat, chosen = d.seat, str_arg(d)
    if action.name == "back":
        name = state.names[seat]
        state.emit({"build": _("{name} does not build after all.", name=name),
                    "harvest": _("{name} does not harvest after all.", name=name),
                    "train": _("{name} does not train after all.", name=name),
                    "labor": _("{name} does not labor after all.", name=name)}[chosen])
        state.decisions.pop()
        return
    villager: str = action.args[0]
    if state.cat_fails(seat, villager):
        state.decisions.pop()  # ruling 10: the turn is not spent
        return
    if chosen == "labor":
        labor(state, seat, villager)
        return
    name, who = state.names[seat], state.vname(villager)
    state.emit({"build": _("{name} picks {villager} to build.", name=name, villager=who),
                "harvest": _("{name} picks {villager} to harvest.", name=name, villager=who),
                "train": _("{name} picks {villager} to train.", name=name, villager=who)}[chosen])
    state.decisions.replace(Decision(TARGET_KINDS[chosen], seat, (villager,)))


def prompt_worker(state: AboveBelowState, d: Decision) -> str:
    name = state.names[d.seat]
    return {"build": _("{name}: choose the villager to build (a hammer villager).", name=name),
            "train": _("{name}: choose the villager to train (a quill villager).", name=name),
            "harvest": _("{name}: choose the villager to harvest.", name=name),
            "labor": _("{name}: choose the villager to labor.", name=name)}[str_arg(d)]


def label_worker(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Back") if action.name == "back" else _("Use {villager}", villager=state.vname(action.args[0]))


# -- labor -----------------------------------------------------------------------------------------------
def labor(state: AboveBelowState, seat: int, villager: str) -> None:
    """Labor: 1 coin, and the board's cider for the round's first laborer (ruling 4)."""
    player = state.players[seat]
    state.exhaust(seat, villager)
    player.coins += 1
    if state.cider_on_board:
        state.cider_on_board = False
        player.cider += 1
        state.emit(_("{name} sends {villager} to labor for 1 coin and the cider.", name=state.names[seat],
                     villager=state.vname(villager)))
    else:
        state.emit(_("{name} sends {villager} to labor for 1 coin.", name=state.names[seat],
                     villager=state.vname(villager)))
    end_turn(state)


# -- build -----------------------------------------------------------------------------------------------
def build_cost(state: AboveBelowState, card: str, villager: str) -> int:
    """A card's cost for this villager: less 1 coin for a hammer_plus villager (ruling 10: at most 1 off)."""
    return max(0, state.rules.building[card].cost - fx.build_discount(state.rules, villager))


def build_targets(state: AboveBelowState, seat: int, villager: str) -> list[Action]:
    player = state.players[seat]
    power = fx.spending_power(state.rules, player)
    off = fx.build_discount(state.rules, villager)
    acts = [Action("card", (c,)) for c in (*state.house_row, *state.star_row, *state.key_row)
            if max(0, state.rules.building[c].cost - off) <= power]
    caves = fx.open_caves(player)
    if caves:
        acts += [Action("outpost", (c, cave)) for c in state.outpost_row
                 if max(0, state.rules.building[c].cost - off) <= power for cave in caves]
    return acts


def legal_build(state: AboveBelowState, d: Decision) -> list[Action]:
    acts = build_targets(state, d.seat, str_arg(d))
    return acts + [Action("back")] * _may_go_back(state, str_arg(d))


def _build_card(state: AboveBelowState, d: Decision, card: str, cave: str | None) -> None:
    """Build: a hammer villager goes exhausted and the card is bought for its cost, less 1 coin for a
    hammer_plus villager (ruling 10: at most 1 coin off)."""
    seat, villager = d.seat, str_arg(d)
    paid = state.pay(seat, build_cost(state, card, villager))
    state.exhaust(seat, villager)
    name, who, what = state.names[seat], state.vname(villager), state.cname(card)
    if cave is None:
        state.emit(_("{name}'s {villager} builds {card} for {paid}.", name=name, villager=who, card=what, paid=paid))
    else:
        state.emit(_("{name}'s {villager} builds {card} on {cave} for {paid}.", name=name, villager=who, card=what,
                     cave=state.cave_name(cave), paid=paid))
    state.gain_building(seat, card, cave)
    end_turn(state)


def apply_build(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _build_card(state, d, action.args[0], action.args[1] if action.name == "outpost" else None)


def prompt_build(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: choose the card {villager} builds.", name=state.names[d.seat],
             villager=state.vname(str_arg(d)))


def label_build(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return _("Back")
    card = action.args[0]
    cost = build_cost(state, card, str_arg(d))
    if action.name == "outpost":
        return _("Build {card} on {cave} for {cost}", card=state.cname(card), cave=state.cave_name(action.args[1]),
                 cost=words.amount(cost, "coin"))
    return _("Build {card} for {cost}", card=state.cname(card), cost=words.amount(cost, "coin"))


def refuse_build(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why a card of the rows cannot be built: an outpost with no open cave of yours, or its price."""
    if action.name not in ("card", "outpost") or not action.args or action.args[0] not in state.rules.building:
        return refused_by_name(state, d, action)
    player, building = state.players[d.seat], state.rules.building[action.args[0]]
    caves = fx.open_caves(player)
    if building.kind == "outpost" and not caves:
        return _(NO_OPEN_CAVE)
    if action.name == "card":
        offered = building.id in (*state.house_row, *state.star_row, *state.key_row)
    else:
        offered = building.id in state.outpost_row and len(action.args) == 2 and action.args[1] in caves
    return _("{card} costs {cost} coins and you have {coins}.", card=the(building.name), cost=building.cost,
             coins=player.coins) if offered else ""


# -- train -----------------------------------------------------------------------------------------------
def train_targets(state: AboveBelowState, seat: int, villager: str) -> list[Action]:
    power = fx.spending_power(state.rules, state.players[seat])
    off = fx.train_discount(state.rules, villager)
    return [Action("slot", (i + 1,)) for i, v in enumerate(state.villager_row)
            if v is not None and max(0, state.comp.villager_row[i] - off) <= power]


def train_cost(state: AboveBelowState, slot: int, villager: str) -> int:
    """A slot's cost for this villager: less 1 coin for a quill_plus villager (ruling 10: at most 1 off)."""
    return max(0, state.comp.villager_row[slot - 1] - fx.train_discount(state.rules, villager))


def legal_train(state: AboveBelowState, d: Decision) -> list[Action]:
    return train_targets(state, d.seat, str_arg(d)) + [Action("back")] * _may_go_back(state, str_arg(d))


def _slot(state: AboveBelowState, d: Decision, slot: int) -> None:
    """Train: a quill villager goes exhausted; the slot's cost (less 1 for quill_plus) buys the villager,
    who arrives exhausted, or ready with train_to_ready (ruling 4); the slot stays empty until the round's
    end (ruling 13)."""
    seat, villager = d.seat, str_arg(d)
    paid = state.pay(seat, train_cost(state, slot, villager))
    state.exhaust(seat, villager)
    new = state.villager_row[slot - 1]
    assert new is not None
    state.villager_row[slot - 1] = None
    ready = fx.has(state.rules, state.players[seat], "train_to_ready")
    state.gain_villager(seat, new, ready)
    name, who = state.names[seat], state.vname(villager)
    if ready:
        state.emit(_("{name}'s {villager} trains {new} for {paid}; {new} arrives ready.", name=name, villager=who,
                     new=state.vname(new), paid=paid))
    else:
        state.emit(_("{name}'s {villager} trains {new} for {paid}.", name=name, villager=who, new=state.vname(new),
                     paid=paid))
    end_turn(state)


def apply_train(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _slot(state, d, action.args[0])


def prompt_train(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: choose the villager {villager} trains.", name=state.names[d.seat],
             villager=state.vname(str_arg(d)))


def label_train(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return _("Back")
    slot: int = action.args[0]
    new = state.villager_row[slot - 1]
    assert new is not None
    return _("Train {villager} (slot {slot}) for {cost}", villager=state.vname(new), slot=slot,
             cost=words.amount(train_cost(state, slot, str_arg(d)), "coin"))


def refuse_train(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why a slot of the villager row cannot be trained: it is empty, or its price."""
    slots = len(state.villager_row)
    if action.name != "slot" or len(action.args) != 1 or action.args[0] not in range(1, slots + 1):
        return refused_by_name(state, d, action)
    slot: int = action.args[0]
    villager = state.villager_row[slot - 1]
    if villager is None:
        return _("That slot of the row is empty.")
    return _("{villager} costs {cost} coins to train and you have {coins}.", villager=state.vname(villager),
             cost=state.comp.villager_row[slot - 1], coins=state.players[d.seat].coins)


# -- harvest ---------------------------------------------------------------------------------------------
def legal_harvest(state: AboveBelowState, d: Decision) -> list[Action]:
    player = state.players[d.seat]
    acts = [Action("take", (card, good)) for card in player.buildings
            for good in sorted(player.card_goods.get(card, ()))]
    return acts + [Action("back")] * _may_go_back(state, str_arg(d))


def _take(state: AboveBelowState, d: Decision, card: str, good: str) -> None:
    """Harvest: one villager goes exhausted and takes one good from one of the player's cards (ruling 4)."""
    seat, villager = d.seat, str_arg(d)
    player = state.players[seat]
    on_card = player.card_goods[card]
    on_card[good] -= 1
    if not on_card[good]:
        del on_card[good]
        if not on_card:
            del player.card_goods[card]
    player.add_goods(good, 1)
    state.exhaust(seat, villager)
    state.emit(_("{name}'s {villager} harvests 1 {good} from {card}.", name=state.names[seat],
                 villager=state.vname(villager), good=words.good(good), card=state.cname(card)))
    end_turn(state)


def apply_harvest(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _take(state, d, action.args[0], action.args[1])


def prompt_harvest(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: choose the good {villager} harvests.", name=state.names[d.seat],
             villager=state.vname(str_arg(d)))


def label_harvest(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return _("Back")
    card, good = action.args
    return _("Take 1 {good} from {card}", good=words.good(good), card=state.cname(card))


KINDS: dict[str, Kind[AboveBelowState]] = {
    WORKER: Kind(legal_worker, apply_worker, prompt_worker, label_worker, refusal=refused_by_name, listed=True),
    BUILD: Kind(legal_build, apply_build, prompt_build, label_build, refusal=refuse_build, listed=True),
    TRAIN: Kind(legal_train, apply_train, prompt_train, label_train, refusal=refuse_train, listed=True),
    HARVEST: Kind(legal_harvest, apply_harvest, prompt_harvest, label_harvest, refusal=refused_by_name,
                  listed=True),
}
