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
    state.emit(f"{state.names[d.seat]} chooses to {action.name}.")
    state.decisions.push(Decision(WORKER, d.seat, (action.name,)))


def _may_go_back(state: AboveBelowState, villager: str) -> bool:
    """Back from a target is offered unless a Cave Cat already rolled for it (a reveal)."""
    return not state.rules.villager[villager].has("cave_cat")


def _target_back(state: AboveBelowState, d: Decision) -> None:
    action = ACTION_OF[d.kind]
    state.emit(f"{state.names[d.seat]} picks another villager to {action}.")
    state.decisions.replace(Decision(WORKER, d.seat, (action,)))


# -- which villager ----------------------------------------------------------------------------------
def legal_worker(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("use", (v,)) for v in workers(state, d.seat, str_arg(d))] + [Action("back")]


def apply_worker(state: AboveBelowState, d: Decision, action: Action) -> None:
    seat, chosen = d.seat, str_arg(d)
    if action.name == "back":
        state.emit(f"{state.names[seat]} does not {chosen} after all.")
        state.decisions.pop()
        return
    villager: str = action.args[0]
    if state.cat_fails(seat, villager):
        state.decisions.pop()  # ruling 10: the turn is not spent
        return
    if chosen == "labor":
        labor(state, seat, villager)
        return
    state.emit(f"{state.names[seat]} picks {state.vname(villager)} to {chosen}.")
    state.decisions.replace(Decision(TARGET_KINDS[chosen], seat, (villager,)))


def prompt_worker(state: AboveBelowState, d: Decision) -> str:
    name = state.names[d.seat]
    return {"build": f"{name}: choose the villager to build (a hammer villager).",
            "train": f"{name}: choose the villager to train (a quill villager).",
            "harvest": f"{name}: choose the villager to harvest.",
            "labor": f"{name}: choose the villager to labor."}[str_arg(d)]


def label_worker(state: AboveBelowState, d: Decision, action: Action) -> str:
    return "Back" if action.name == "back" else f"Use {state.vname(action.args[0])}"


# -- labor -----------------------------------------------------------------------------------------------
def labor(state: AboveBelowState, seat: int, villager: str) -> None:
    """Labor: 1 coin, and the board's cider for the round's first laborer (ruling 4)."""
    player = state.players[seat]
    state.exhaust(seat, villager)
    player.coins += 1
    if state.cider_on_board:
        state.cider_on_board = False
        player.cider += 1
        state.emit(f"{state.names[seat]} sends {state.vname(villager)} to labor for 1 coin and the cider.")
    else:
        state.emit(f"{state.names[seat]} sends {state.vname(villager)} to labor for 1 coin.")
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
    who, what = f"{state.names[seat]}'s {state.vname(villager)}", state.cname(card)
    if cave is None:
        state.emit(f"{who} builds {what} ({paid}).")
    else:
        state.emit(f"{who} builds {what} on {state.rules.cave[cave].name} ({paid}).")
    state.gain_building(seat, card, cave)
    end_turn(state)


def apply_build(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _build_card(state, d, action.args[0], action.args[1] if action.name == "outpost" else None)


def prompt_build(state: AboveBelowState, d: Decision) -> str:
    return f"{state.names[d.seat]}: choose the card {state.vname(str_arg(d))} builds."


def label_build(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return "Back"
    card = action.args[0]
    cost = build_cost(state, card, str_arg(d))
    if action.name == "outpost":
        return f"Build {state.cname(card)} on {state.rules.cave[action.args[1]].name} (coins: {cost})"
    return f"Build {state.cname(card)} (coins: {cost})"


def refuse_build(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why a card of the rows cannot be built: an outpost with no open cave of yours, or its price."""
    if action.name not in ("card", "outpost") or not action.args or action.args[0] not in state.rules.building:
        return refused_by_name(state, d, action)
    player, building = state.players[d.seat], state.rules.building[action.args[0]]
    caves = fx.open_caves(player)
    if building.kind == "outpost" and not caves:
        return NO_OPEN_CAVE
    if action.name == "card":
        offered = building.id in (*state.house_row, *state.star_row, *state.key_row)
    else:
        offered = building.id in state.outpost_row and len(action.args) == 2 and action.args[1] in caves
    return f"{building.name} costs {building.cost} coins and you have {player.coins}." if offered else ""


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
    who = f"{state.names[seat]}'s {state.vname(villager)}"
    if ready:
        state.emit(f"{who} trains {state.vname(new)} ({paid}), who arrives ready.")
    else:
        state.emit(f"{who} trains {state.vname(new)} ({paid}).")
    end_turn(state)


def apply_train(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _slot(state, d, action.args[0])


def prompt_train(state: AboveBelowState, d: Decision) -> str:
    return f"{state.names[d.seat]}: choose the villager {state.vname(str_arg(d))} trains."


def label_train(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return "Back"
    slot: int = action.args[0]
    new = state.villager_row[slot - 1]
    assert new is not None
    return f"Train {state.vname(new)} (slot {slot}, coins: {train_cost(state, slot, str_arg(d))})"


def refuse_train(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why a slot of the villager row cannot be trained: it is empty, or its price."""
    slots = len(state.villager_row)
    if action.name != "slot" or len(action.args) != 1 or action.args[0] not in range(1, slots + 1):
        return refused_by_name(state, d, action)
    slot: int = action.args[0]
    villager = state.villager_row[slot - 1]
    if villager is None:
        return "That slot of the row is empty."
    return (f"{state.vname(villager)} costs {state.comp.villager_row[slot - 1]} coins to train and you have "
            f"{state.players[d.seat].coins}.")


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
    state.emit(f"{state.names[seat]}'s {state.vname(villager)} harvests 1 {good} from {state.cname(card)}.")
    end_turn(state)


def apply_harvest(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "back":
        _target_back(state, d)
    else:
        _take(state, d, action.args[0], action.args[1])


def prompt_harvest(state: AboveBelowState, d: Decision) -> str:
    return f"{state.names[d.seat]}: choose the good {state.vname(str_arg(d))} harvests."


def label_harvest(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "back":
        return "Back"
    card, good = action.args
    return f"Take 1 {good} from {state.cname(card)}"


KINDS: dict[str, Kind[AboveBelowState]] = {
    WORKER: Kind(legal_worker, apply_worker, prompt_worker, label_worker, refusal=refused_by_name, listed=True),
    BUILD: Kind(legal_build, apply_build, prompt_build, label_build, refusal=refuse_build, listed=True),
    TRAIN: Kind(legal_train, apply_train, prompt_train, label_train, refusal=refuse_train, listed=True),
    HARVEST: Kind(legal_harvest, apply_harvest, prompt_harvest, label_harvest, refusal=refused_by_name,
                  listed=True),
}
