"""The explore and its encounter (rulings 3, 8, 9, 10, 15), as decisions of the AboveBelowState.

Order (ruling 8): the cave pile's top card is public; the party forms on it (``add``/``drop``, at least two
ready villagers, ``go``; a Cave Cat rolls as it joins); the entry die picks the card's encounter; the choice
is locked (``choose n``); one die per villager; rerolls (one per reroll symbol owned, per encounter, on
villager dice only, the same die again if wanted); injuries after all rolls (+1 lantern each, the villager
keeps its die's lanterns); ``pay`` for a ``{pay: 1, lanterns: 2}`` modifier; ``done`` resolves: the highest
threshold met pays. Rewards and failure text are shown only then (a reveal that draws nothing).
Success keeps the card (a site for one outpost) and pays the explore coins; a follow-up is read at once by
the party that reached it (it counts as success): the villagers on the card roll, and so do those injured for
a lantern on the way (their dice count; they stay off the card: no reroll, no second injury), so a party
injured to the last still reads it. A follow-up that fails takes back nothing already won. A special villager
already taken pays coins of its worth instead (more lanterns never pay less). Failure: the penalty, the card
to the pile's bottom. The villagers left on the card go exhausted.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import Decision
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.data import FIRST_FOLLOWUP, SPECIAL_VALUE, Choice, Encounter, Modifier, Reward
from boardgames.games.abovebelow.pieces import Explore

PARTY, ENCOUNTER, DICE, REWARD, PENALTY = "party", "encounter", "dice", "reward", "penalty"
#: what a special villager already taken gives instead: coins of its worth on the book's yardstick
TAKEN_SPECIAL_COINS = int(SPECIAL_VALUE)


def modifier_text(mod: Modifier) -> str:
    if mod.per is not None:
        return f"+{mod.lanterns} per {mod.per} villager in the party"
    if mod.own is not None:
        return f"+{mod.lanterns} if you own a {mod.own}"
    if mod.party is not None:
        return f"+{mod.lanterns} with {mod.party.capitalize()} in the party"
    return f"+{mod.lanterns} if you pay {mod.pay} coin"


def reward_text(reward: Reward, special_left: bool = True) -> str:
    """A reward as a list of whole items, each count as "name: n" so that no plural is made ("coins: 2,
    ore: 1, reputation: +1"); ``special_left`` False: its special villager is taken, coins come instead."""
    parts = []
    if reward.coins:
        parts.append(f"coins: {reward.coins}")
    for good, n in reward.goods.items():
        parts.append(f"{good}: {n}")
    if reward.reputation:
        parts.append(f"reputation: {reward.reputation:+d}")
    if reward.potions:
        parts.append(f"potions: {reward.potions}")
    if reward.cider:
        parts.append(f"cider: {reward.cider}")
    if reward.cave_card:
        parts.append("an extra cave card")
    if reward.villager == "row":
        parts.append("the cheapest villager of the row")
    elif reward.villager and special_left:
        parts.append(f"the special villager {reward.villager.replace('_', ' ').title()}")
    elif reward.villager:
        parts.append(f"coins: {TAKEN_SPECIAL_COINS} for the special villager "
                     f"{reward.villager.replace('_', ' ').title()}, none being left")
    if reward.building:
        parts.append(f"a free house or outpost costing up to {reward.building} coins")
    if reward.followup is not None:
        parts.append("a further encounter")
    return ", ".join(parts)


def encounter_view(enc: Encounter) -> dict[str, Any]:
    """What the reader reads aloud (ruling 9): scene, choices, thresholds and modifiers; never the rewards."""
    return {"id": enc.id, "title": enc.title, "text": enc.text,
            "choices": [{"label": c.label, "thresholds": [t.lanterns for t in c.thresholds],
                         "modifiers": [modifier_text(m) for m in c.modifiers]} for c in enc.choices]}


class ExploreMixin:
    """The explore's decision handlers; mixed into AboveBelowState (which provides the helpers used here)."""

    # -- forming the party ---------------------------------------------------------------------
    def start_explore(self, seat: int) -> None:
        self.explore = Explore(self.cave_top)
        self.emit(f"{self.names[seat]} gets a party ready for {self.rules.cave[self.cave_top].name}.")
        self.decisions.push(Decision(PARTY, seat))

    def _legal_party(self, d: Decision) -> list[Action]:
        party = self.explore.party
        acts = [Action("add", (v,)) for v in self.players[d.seat].ready]
        acts += [Action("drop", (v,)) for v in party]
        if len(party) >= 2:
            acts.append(Action("go"))
        return acts + [Action("back")]

    def _add(self, villager: str) -> None:
        seat = self.current_player
        if self.cat_fails(seat, villager):  # ruling 10: the cat leaves, the party goes on forming
            return
        self.players[seat].ready.remove(villager)
        self.explore.party.append(villager)
        self.emit(f"{self.names[seat]} puts {self.vname(villager)} in the party.")

    def _drop(self, villager: str) -> None:
        seat = self.current_player
        self.explore.party.remove(villager)
        player = self.players[seat]
        player.ready = self.sort_villagers([*player.ready, villager])
        self.emit(f"{self.names[seat]} takes {self.vname(villager)} out of the party.")

    def _party_back(self) -> None:
        seat = self.current_player
        player = self.players[seat]
        player.ready = self.sort_villagers([*player.ready, *self.explore.party])
        self.explore = None
        self.emit(f"{self.names[seat]} gives up the explore.")
        self.decisions.pop()

    def _go(self) -> None:
        """Take the top cave card, turn up the next, roll the entry die and read its encounter."""
        seat = self.current_player
        ex = self.explore
        self.caves.draw(self.rng)  # the known top: ex.cave
        self.reveal_cave_top()
        ex.entry_die = self.roll()
        ex.encounter = self.rules.cave[ex.cave].entry(ex.entry_die)
        enc = self.rules.encounter[ex.encounter]
        self.emit(f"{self.names[seat]} explores {self.rules.cave[ex.cave].name} with "
                  f"{self.names_list(ex.party)}, rolls {ex.entry_die} and reads entry {enc.id}: {enc.title}.")
        self.decisions.replace(Decision(ENCOUNTER, seat))

    # -- the encounter -------------------------------------------------------------------------
    @property
    def choice(self) -> Choice:
        ex = self.explore
        return self.rules.encounter[ex.encounter].choices[ex.choice]

    def _legal_encounter(self, d: Decision) -> list[Action]:
        enc = self.rules.encounter[self.explore.encounter]
        return [Action("choose", (i + 1,)) for i in range(len(enc.choices))]

    def _choose(self, number: int) -> None:
        """The choice is locked, then one die is rolled per villager on the card (ruling 8)."""
        seat = self.current_player
        ex = self.explore
        ex.choice = number - 1
        ex.dice = {v: self.roll() for v in ex.readers}
        ex.outcome = None
        dice = ", ".join(f"{self.vname(v)} {die}" for v, die in ex.dice.items()) or "no dice"
        self.emit(f"{self.names[seat]} chooses '{self.choice.label}' and rolls: {dice}.")
        self.decisions.replace(Decision(DICE, seat))

    def rerolls_left(self, seat: int) -> int:
        return fx.rerolls(self.rules, self.players[seat]) - self.explore.rerolls

    def pay_modifier(self) -> Modifier | None:
        return next((m for m in self.choice.modifiers if m.pay is not None), None)

    def _legal_dice(self, d: Decision) -> list[Action]:
        ex = self.explore
        acts = []
        if not ex.injured and self.rerolls_left(d.seat) > 0:
            acts += [Action("reroll", (v,)) for v in ex.party]
        acts += [Action("injure", (v,)) for v in ex.party]
        mod = self.pay_modifier()
        if mod is not None and not ex.paid and fx.spending_power(self.rules, self.players[d.seat]) >= mod.pay:
            acts.append(Action("pay"))
        return acts + [Action("done")]

    def lanterns(self, seat: int) -> int:
        """The lanterns of the roll so far: each die by its villager's profile, +1 per villager injured, and
        the choice's modifiers (per hammer or quill villager that rolled, owning an item, Glogo, paying)."""
        ex, rules = self.explore, self.rules
        total = sum(rules.villager[v].lanterns(die) for v, die in ex.dice.items()) + len(ex.injured)
        const, pay = fx.modifier_lanterns(rules, self.choice, list(ex.dice), self.players[seat])
        return total + const + pay * ex.paid

    def _reroll(self, villager: str) -> None:
        seat = self.current_player
        ex = self.explore
        old = ex.dice[villager]
        ex.dice[villager] = self.roll()
        ex.rerolls += 1
        self.emit(f"{self.names[seat]} rerolls {self.vname(villager)}'s {old}: {ex.dice[villager]}.")

    def _injure_for_lantern(self, villager: str) -> None:
        seat = self.current_player
        ex = self.explore
        ex.party.remove(villager)
        ex.injured.append(villager)
        ex.wounded.append(villager)
        self.injure(seat, villager)
        self.emit(f"{self.names[seat]} injures {self.vname(villager)} for one more lantern.")

    def _pay(self) -> None:
        seat = self.current_player
        paid = self.pay(seat, self.pay_modifier().pay)
        self.explore.paid = True
        self.emit(f"{self.names[seat]} pays for more lanterns ({paid}).")

    def _done(self) -> None:
        """Resolve the roll: the highest threshold met pays its reward; none met is a failure."""
        seat = self.current_player
        ex = self.explore
        choice = self.choice
        lanterns = self.lanterns(seat)
        met = [i for i, t in enumerate(choice.thresholds) if lanterns >= t.lanterns]
        self.reveals += 1  # the reward (or failure text) is read out now: undo never goes back past it
        followup = ex.encounter >= FIRST_FOLLOWUP
        if met:
            threshold = choice.thresholds[met[-1]]
            text = reward_text(threshold.reward, self.special_left(threshold.reward))
            ex.outcome = {"lanterns": lanterns, "threshold": threshold.lanterns, "success": True,
                          "reward": text, "failure": None, "followup": followup}
            if followup:
                self.emit(f"{self.names[seat]} has {lanterns} lanterns and meets {threshold.lanterns}: the "
                          f"follow-up succeeds. Reward: {text}.")
            else:
                self.emit(f"{self.names[seat]} has {lanterns} lanterns and meets {threshold.lanterns}. "
                          f"Reward: {text}.")
            if not ex.kept:
                ex.kept = True
                player = self.players[seat]
                player.caves.append([ex.cave, None])
                coins = fx.total(self.rules, player, "coin_on_explore")
                if coins == 1:
                    self.emit(f"{self.names[seat]} keeps the cave card and gains 1 coin for exploring.")
                elif coins:
                    self.emit(f"{self.names[seat]} keeps the cave card and gains {coins} coins for exploring.")
                player.coins += coins
            self.apply_reward(seat, threshold.reward)
        else:
            failure = choice.failure
            ex.outcome = {"lanterns": lanterns, "threshold": None, "success": False, "reward": None,
                          "failure": failure.text if failure is not None else "", "followup": followup}
            if followup:
                text = f" {failure.text}" if failure is not None and failure.text else ""
                self.emit(f"{self.names[seat]} has {lanterns} lanterns: the follow-up fails, and the rewards "
                          f"already won are kept.{text}")
            elif failure is not None and failure.text:
                self.emit(f"{self.names[seat]} has {lanterns} lanterns and fails. {failure.text}")
            else:
                self.emit(f"{self.names[seat]} has {lanterns} lanterns and fails.")
            if failure is not None and failure.penalty is not None:
                self.apply_penalty(seat, failure.penalty)
        self.continue_explore()

    def apply_reward(self, seat: int, reward: Reward) -> None:
        """Ruling 15: goods, potions and cider from the limited supply; a villager arrives exhausted (its bad
        reputation applies), a special already taken gives coins of its worth (issue 18: ruling 15's nothing
        made a higher threshold pay less); an extra cave card is the pile's top; a free building and a
        follow-up come next, in that order."""
        player = self.players[seat]
        player.coins += reward.coins
        for good, n in reward.goods.items():
            self.give_goods(seat, good, n)
        if reward.reputation:
            self.change_reputation(seat, reward.reputation)
        if reward.potions:
            self.give_potions(seat, reward.potions)
        if reward.cider:
            self.give_cider(seat, reward.cider)
        if reward.cave_card and self.cave_top is not None:
            cave = self.caves.draw(self.rng)
            player.caves.append([cave, None])
            self.reveal_cave_top()
            self.emit(f"{self.names[seat]} takes {self.rules.cave[cave].name} as an extra cave card.")
        if reward.villager == "row":
            slot = next((i for i, v in enumerate(self.villager_row) if v is not None), None)
            if slot is not None:
                villager = self.villager_row[slot]
                self.villager_row[slot] = None
                self.gain_villager(seat, villager)
                self.emit(f"{self.vname(villager)} joins {self.names[seat]}'s village.")
        elif reward.villager:
            special = self.special_of(reward)
            if special is not None:
                self.specials.remove(special)
                self.gain_villager(seat, special)
                self.emit(f"{self.vname(special)} joins {self.names[seat]}'s village.")
            else:  # taken already: coins of the special's worth, so reaching this threshold never pays less
                player.coins += TAKEN_SPECIAL_COINS
                self.emit(f"No {reward.villager.replace('_', ' ').title()} is left to join; {self.names[seat]} "
                          f"takes {TAKEN_SPECIAL_COINS} coins instead.")
        if reward.building:
            self.explore.steps.append(f"building:{reward.building}")
        if reward.followup is not None:
            self.explore.steps.append(f"followup:{reward.followup}")

    def special_of(self, reward: Reward) -> str | None:
        """The special villager ``reward`` would give now (one of its copies still set aside), else None."""
        name = reward.villager
        return next((v for v in self.specials if v == name or v.startswith(name + "_")), None)

    def special_left(self, reward: Reward) -> bool:
        return reward.villager in (None, "row") or self.special_of(reward) is not None

    def apply_penalty(self, seat: int, penalty: Any) -> None:
        """A failure's penalty: lose up to n coins, lose reputation, and n villagers on the card injured (the
        player picks which)."""
        player = self.players[seat]
        if penalty.coins:
            lost = min(player.coins, penalty.coins)
            player.coins -= lost
            if lost == 1:
                self.emit(f"{self.names[seat]} loses 1 coin.")
            elif lost:
                self.emit(f"{self.names[seat]} loses {lost} coins.")
        if penalty.reputation:
            self.change_reputation(seat, penalty.reputation)
        if penalty.injure:
            self.explore.steps.append(f"penalty:{penalty.injure}")

    def free_buildings(self, seat: int, most: int) -> list[str]:
        """Houses and outposts of the rows costing at most ``most``; an outpost only with an open cave."""
        cards = [c for c in self.house_row if self.rules.building[c].cost <= most]
        if fx.open_caves(self.players[seat]):
            cards += [c for c in self.outpost_row if self.rules.building[c].cost <= most]
        return cards

    def continue_explore(self) -> None:
        """The next step after a roll (free building, penalty injuries, follow-up), else the explore ends."""
        ex = self.explore
        seat = self.current_player
        while ex.steps:
            kind, number = ex.steps.pop(0).split(":")
            n = int(number)
            if kind == "building" and self.free_buildings(seat, n):
                self.decisions.replace(Decision(REWARD, seat, (n,)))
                return
            if kind == "penalty" and ex.party:
                self.decisions.replace(Decision(PENALTY, seat, (min(n, len(ex.party)),)))
                return
            if kind == "followup":
                ex.encounter, ex.choice, ex.dice, ex.rerolls, ex.injured, ex.paid = n, None, {}, 0, [], False
                enc = self.rules.encounter[n]
                self.emit(f"The party reads on: {enc.title}.")
                self.decisions.replace(Decision(ENCOUNTER, seat))
                return
        self.finish_explore()

    def finish_explore(self) -> None:
        seat = self.current_player
        ex = self.explore
        player = self.players[seat]
        for v in ex.party:
            player.exhausted.append(v)
        player.exhausted = self.sort_villagers(player.exhausted)
        if not ex.kept:
            self.caves.to_bottom(ex.cave)
            self.reveal_cave_top()
            self.emit(f"{self.rules.cave[ex.cave].name} goes to the bottom of the cave pile.")
        self.end_turn()

    # -- rewards and penalties that ask -----------------------------------------------------------
    def _legal_reward(self, d: Decision) -> list[Action]:
        return [Action("card", (c,)) for c in self.free_buildings(d.seat, d.args[0])]

    def _free_card(self, card: str) -> None:
        """A free building (ruling 15): no villager, no coins, no build coin; an outpost takes the first open
        cave card."""
        seat = self.current_player
        caves = fx.open_caves(self.players[seat])
        cave = caves[0] if self.rules.building[card].kind == "outpost" else None
        self.emit(f"{self.names[seat]} takes {self.cname(card)} free.")
        self.gain_building(seat, card, cave, free=True)
        self.continue_explore()

    def _legal_penalty(self, d: Decision) -> list[Action]:
        return [Action("injure", (v,)) for v in self.explore.party]

    def _injure_penalty(self, villager: str) -> None:
        d = self.decisions.top
        seat = d.seat
        self.explore.party.remove(villager)
        self.injure(seat, villager)
        self.emit(f"{self.vname(villager)} is injured.")
        left = d.args[0] - 1
        if left and self.explore.party:
            self.decisions.replace(Decision(PENALTY, seat, (left,)))
        else:
            self.continue_explore()

    # -- the explore as the screen sees it -----------------------------------------------------------
    def explore_view(self) -> dict[str, Any] | None:
        ex = self.explore
        if ex is None:
            return None
        seat = self.current_player
        rolled = ex.choice is not None and self.decisions.top is not None and self.decisions.top.kind == DICE
        return {
            "cave": ex.cave, "party": list(ex.party), "entry_die": ex.entry_die,
            "encounter": None if ex.encounter is None else encounter_view(self.rules.encounter[ex.encounter]),
            "choice": None if ex.choice is None else ex.choice + 1, "dice": dict(ex.dice),
            "injured": list(ex.injured), "paid": ex.paid, "kept": ex.kept,
            "rerolls_left": self.rerolls_left(seat) if seat is not None else 0,
            "lanterns": self.lanterns(seat) if rolled else None,
            "outcome": None if ex.outcome is None else dict(ex.outcome),
        }

    # -- prompts and labels ---------------------------------------------------------------------
    def explore_prompt(self, d: Decision) -> str:
        name = self.names[d.seat]
        if d.kind == PARTY:
            return f"{name}: put two or more ready villagers on {self.rules.cave[self.explore.cave].name}, then go."
        if d.kind == ENCOUNTER:
            return f"{name}: choose how the party faces {self.rules.encounter[self.explore.encounter].title}."
        if d.kind == DICE:
            levels = " or ".join(str(t.lanterns) for t in self.choice.thresholds)
            return (f"{name}: lanterns so far {self.lanterns(d.seat)}, needed {levels}. Reroll, injure villagers "
                    "for lanterns, or done.")
        if d.kind == REWARD:
            return f"{name}: take a free house or outpost costing up to {d.args[0]} coins."
        if d.args[0] == 1:
            return f"{name}: choose 1 villager on the card to be injured."
        return f"{name}: choose {d.args[0]} villagers on the card to be injured."

    def explore_label(self, d: Decision, action: Action) -> str | None:
        n, args = action.name, action.args
        if n == "add":
            return f"Add {self.vname(args[0])} to the party"
        if n == "drop":
            return f"Take {self.vname(args[0])} out of the party"
        if n == "go":
            return f"Explore with {self.names_list(self.explore.party)}"
        if n == "choose":
            choice = self.rules.encounter[self.explore.encounter].choices[args[0] - 1]
            levels = " or ".join(str(t.lanterns) for t in choice.thresholds)
            return f"{choice.label} ({levels} lanterns)"
        if n == "reroll":
            return f"Reroll {self.vname(args[0])}'s die ({self.explore.dice[args[0]]})"
        if n == "injure" and d.kind == DICE:
            return f"Injure {self.vname(args[0])} for one more lantern"
        if n == "injure":
            return f"Injure {self.vname(args[0])}"
        if n == "pay":
            mod = self.pay_modifier()
            return f"Pay {mod.pay} coin for {mod.lanterns} more lanterns"
        if n == "done" and d.kind == DICE:
            return f"Done: {self.lanterns(d.seat)} lanterns"
        return None
