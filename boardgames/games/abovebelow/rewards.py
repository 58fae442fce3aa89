"""What a resolved roll gives or costs (ruling 15), and what the explore does next.

A threshold met pays its reward at once (goods, potions and cider from the limited supply, a villager, an extra
cave card); a free building (``reward``: a house or outpost of the rows up to a cost) and a follow-up encounter
come after it, in that order. A failure's penalty takes coins and reputation at once; the villagers it injures
are picked by the player (``penalty``). Then the party's villagers go home exhausted and a card not kept goes
to the bottom of the cave pile.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import words
from boardgames.games.abovebelow.data import SPECIAL_VALUE, Penalty, Reward
from boardgames.games.abovebelow.roundend import end_turn
from boardgames.games.abovebelow.state import (
    ENCOUNTER,
    NO_OPEN_CAVE,
    PENALTY,
    REWARD,
    AboveBelowState,
    int_arg,
    refused_by_name,
)
from boardgames.i18n import _, and_list, n_, the

#: what a special villager already taken gives instead: coins of its worth on the book's yardstick
TAKEN_SPECIAL_COINS = int(SPECIAL_VALUE)


def reward_text(reward: Reward, special_left: bool = True) -> str:
    """A reward as a list of what it gives, in words that fit inside a sentence ("2 coins, 1 ore and +1
    reputation"); ``special_left`` False: its special villager is taken, coins come instead."""
    parts = []
    if reward.coins:
        parts.append(words.amount(reward.coins, "coin"))
    for good, n in reward.goods.items():
        parts.append(words.amount(n, good))
    if reward.reputation:
        change = f"{reward.reputation:+d}"
        parts.append(_("{n} reputation", n=change))
    if reward.potions:
        parts.append(words.amount(reward.potions, "potion"))
    if reward.cider:
        parts.append(words.amount(reward.cider, "cider"))
    if reward.cave_card:
        parts.append(_("an extra cave card"))
    if reward.villager == "row":
        parts.append(_("the cheapest villager of the row"))
    elif reward.villager and special_left:
        parts.append(_("the special villager {villager}", villager=special_name(reward.villager)))
    elif reward.villager:
        parts.append(_("{coins} for the special villager {villager}, none being left",
                       coins=words.amount(TAKEN_SPECIAL_COINS, "coin"), villager=special_name(reward.villager)))
    if reward.building:
        parts.append(_("a free house or outpost costing up to {n} coins", n=reward.building))
    if reward.followup is not None:
        parts.append(_("a further encounter"))
    return and_list(parts)


def special_name(villager: str) -> str:
    """A special villager's name from a reward's id (``cave_cat`` -> Cave Cat), in the reader's language."""
    return _(villager.replace("_", " ").title())


def special_of(state: AboveBelowState, reward: Reward) -> str | None:
    """The special villager ``reward`` would give now (one of its copies still set aside), else None."""
    name = reward.villager
    return next((v for v in state.specials if v == name or v.startswith(f"{name}_")), None)


def special_left(state: AboveBelowState, reward: Reward) -> bool:
    return reward.villager in (None, "row") or special_of(state, reward) is not None


def apply_reward(state: AboveBelowState, seat: int, reward: Reward) -> None:
    """Ruling 15: goods, potions and cider from the limited supply; a villager arrives exhausted (its bad
    reputation applies), a special already taken gives coins of its worth (issue 18: ruling 15's nothing
    made a higher threshold pay less); an extra cave card is the pile's top; a free building and a
    follow-up come next, in that order."""
    player = state.players[seat]
    player.coins += reward.coins
    for good, n in reward.goods.items():
        state.give_goods(seat, good, n)
    if reward.reputation:
        state.change_reputation(seat, reward.reputation)
    if reward.potions:
        state.give_potions(seat, reward.potions)
    if reward.cider:
        state.give_cider(seat, reward.cider)
    if reward.cave_card and state.cave_top is not None:
        cave = state.caves.draw(state.rng)
        player.caves.append([cave, None])
        state.reveal_cave_top()
        state.emit(_("{name} takes {cave} as an extra cave card.", name=state.names[seat],
                     cave=state.cave_name(cave)))
    if reward.villager == "row":
        slot = next((i for i, v in enumerate(state.villager_row) if v is not None), None)
        if slot is not None:
            villager = state.villager_row[slot]
            assert villager is not None
            state.villager_row[slot] = None
            state.gain_villager(seat, villager)
            state.emit(_("{villager} joins {name}'s village.", villager=state.vname(villager),
                         name=state.names[seat]))
    elif reward.villager:
        special = special_of(state, reward)
        if special is not None:
            state.specials.remove(special)
            state.gain_villager(seat, special)
            state.emit(_("{villager} joins {name}'s village.", villager=state.vname(special),
                         name=state.names[seat]))
        else:  # taken already: coins of the special's worth, so reaching this threshold never pays less
            player.coins += TAKEN_SPECIAL_COINS
            state.emit(_("No {villager} is left to join; {name} takes {n} coins instead.",
                         villager=special_name(reward.villager), name=state.names[seat], n=TAKEN_SPECIAL_COINS))
    if reward.building:
        state.exploring.steps.append(f"building:{reward.building}")
    if reward.followup is not None:
        state.exploring.steps.append(f"followup:{reward.followup}")


def apply_penalty(state: AboveBelowState, seat: int, penalty: Penalty) -> None:
    """A failure's penalty: lose up to n coins, lose reputation, and n villagers on the card injured (the
    player picks which)."""
    player = state.players[seat]
    if penalty.coins:
        lost = min(player.coins, penalty.coins)
        player.coins -= lost
        if lost:
            state.emit(n_("{name} loses {n} coin.", "{name} loses {n} coins.", lost, name=state.names[seat]))
    if penalty.reputation:
        state.change_reputation(seat, penalty.reputation)
    if penalty.injure:
        state.exploring.steps.append(f"penalty:{penalty.injure}")


# -- what comes after the roll ----------------------------------------------------------------------------
def continue_explore(state: AboveBelowState, seat: int) -> None:
    """The next step after a roll (free building, penalty injuries, follow-up), else the explore ends."""
    ex = state.exploring
    while ex.steps:
        kind, number = ex.steps.pop(0).split(":")
        n = int(number)
        if kind == "building" and free_buildings(state, seat, n):
            state.decisions.replace(Decision(REWARD, seat, (n,)))
            return
        if kind == "penalty" and ex.party:
            state.decisions.replace(Decision(PENALTY, seat, (min(n, len(ex.party)),)))
            return
        if kind == "followup":
            ex.encounter, ex.choice, ex.dice, ex.rerolls, ex.injured, ex.paid = n, None, {}, 0, [], False
            enc = state.rules.encounter[n]
            state.emit(_("The party reads on: {title}.", title=_(enc.title)))
            state.decisions.replace(Decision(ENCOUNTER, seat))
            return
    finish_explore(state, seat)


def finish_explore(state: AboveBelowState, seat: int) -> None:
    ex = state.exploring
    player = state.players[seat]
    for v in ex.party:
        player.exhausted.append(v)
    player.exhausted = state.sort_villagers(player.exhausted)
    if not ex.kept:
        state.caves.to_bottom(ex.cave)
        state.reveal_cave_top()
        state.emit(_("{cave} goes to the bottom of the cave pile.", cave=state.cave_name(ex.cave)))
    end_turn(state)


# -- a free building ----------------------------------------------------------------------------------------
def free_buildings(state: AboveBelowState, seat: int, most: int) -> list[str]:
    """Houses and outposts of the rows costing at most ``most``; an outpost only with an open cave."""
    cards = [c for c in state.house_row if state.rules.building[c].cost <= most]
    if fx.open_caves(state.players[seat]):
        cards += [c for c in state.outpost_row if state.rules.building[c].cost <= most]
    return cards


def legal_reward(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("card", (c,)) for c in free_buildings(state, d.seat, int_arg(d))]


def apply_reward_card(state: AboveBelowState, d: Decision, action: Action) -> None:
    """A free building (ruling 15): no villager, no coins, no build coin; an outpost takes the first open
    cave card."""
    card: str = action.args[0]
    caves = fx.open_caves(state.players[d.seat])
    cave = caves[0] if state.rules.building[card].kind == "outpost" else None
    state.emit(_("{name} takes {card} free.", name=state.names[d.seat], card=state.cname(card)))
    state.gain_building(d.seat, card, cave, free=True)
    continue_explore(state, d.seat)


def prompt_reward(state: AboveBelowState, d: Decision) -> str:
    return _("{name}: take a free house or outpost costing up to {n} coins.", name=state.names[d.seat],
             n=d.args[0])


def label_reward(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Take {card} free", card=state.cname(action.args[0]))


def refuse_reward(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why a card cannot be taken free: an outpost with no open cave of yours, or not one the reward gives."""
    if action.name != "card" or len(action.args) != 1 or action.args[0] not in state.rules.building:
        return refused_by_name(state, d, action)
    building = state.rules.building[action.args[0]]
    if building.kind == "outpost" and not fx.open_caves(state.players[d.seat]):
        return _(NO_OPEN_CAVE)
    return _("{card} is not among the buildings this reward gives.", card=the(building.name))


# -- a penalty's injuries ---------------------------------------------------------------------------------
def legal_penalty(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("injure", (v,)) for v in state.exploring.party]


def apply_penalty_injury(state: AboveBelowState, d: Decision, action: Action) -> None:
    villager: str = action.args[0]
    state.exploring.party.remove(villager)
    state.injure(d.seat, villager)
    state.emit(_("{villager} is injured.", villager=state.vname(villager)))
    left = int_arg(d) - 1
    if left and state.exploring.party:
        state.decisions.replace(Decision(PENALTY, d.seat, (left,)))
    else:
        continue_explore(state, d.seat)


def prompt_penalty(state: AboveBelowState, d: Decision) -> str:
    return n_("{name}: choose {n} villager on the card to be injured.",
              "{name}: choose {n} villagers on the card to be injured.", int_arg(d), name=state.names[d.seat])


def label_penalty(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Injure {villager}", villager=state.vname(action.args[0]))


KINDS: dict[str, Kind[AboveBelowState]] = {
    REWARD: Kind(legal_reward, apply_reward_card, prompt_reward, label_reward, refusal=refuse_reward, listed=True),
    PENALTY: Kind(legal_penalty, apply_penalty_injury, prompt_penalty, label_penalty, refusal=refused_by_name,
                  listed=True),
}
