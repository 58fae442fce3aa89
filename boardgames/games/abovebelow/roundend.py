"""After the last pass (ruling 11) and the round's end (rulings 6, 14, 18), as decisions of the AboveBelowState.

After the last pass every player may put goods on the progress track (a ``stock`` decision per seat, from
the first player). Then, unless round 7 is over (ruling 18: score at once): the round marker moves, the cider
goes back on the board, the villager row slides to slot 1 and refills, each seat refreshes (``refresh``:
potions, then cider, then beds, ruling 14; Mechanical Men use their own beds by themselves; in 4-player
games round 1's sleepers wake without a bed), income is paid, goods cards restock, and the first-player
card passes left.
"""

from __future__ import annotations

from typing import Any

from boardgames.core.decisions import Decision
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.pieces import Player

STOCK, REFRESH = "stock", "refresh"
#: refresh stages: potions still allowed, cider (no more potions), beds only
POTIONS, CIDER, BEDS = 0, 1, 2


class RoundEndMixin:
    """Handlers for the stock offer and the refresh; mixed into AboveBelowState."""

    def seats_from_first(self) -> list[int]:
        count = len(self.players)
        return [(self.first + i) % count for i in range(count)]

    # -- after the last pass -------------------------------------------------------------------
    def after_last_pass(self) -> None:
        """Ruling 11: every player may put goods on the track (this covers final scoring too)."""
        waiting = [seat for seat in self.seats_from_first() if self.track_actions(seat)]
        if waiting:
            self.decisions.reset(*(Decision(STOCK, seat) for seat in reversed(waiting)))
        else:
            self.decisions.reset()
            self.round_end()

    def _legal_stock(self, d: Decision) -> list[Action]:
        return self.track_actions(d.seat) + [Action("done")]

    def _stock_track(self, good: str) -> None:
        d = self.decisions.top
        self.put_on_track(d.seat, good)
        if not self.track_actions(d.seat):
            self._stock_done()

    def _stock_finished(self) -> None:
        self.emit(f"{self.names[self.decisions.top.seat]} is done with the progress track.")
        self._stock_done()

    def _stock_done(self) -> None:
        self.turn += 1
        self.decisions.pop()
        if self.decisions.top is None:
            self.round_end()

    # -- the round's end -----------------------------------------------------------------------
    def round_end(self) -> None:
        rounds = self.comp.rounds
        if self.round >= rounds:
            self.emit(f"Round {self.round} is over: the game ends.")
            self.decisions.reset()
            return
        self.emit(f"Round {self.round} is over.")
        if not self.cider_on_board and self.cider:
            self.cider -= 1
            self.cider_on_board = True
        self.slide_villager_row()
        for seat, player in enumerate(self.players):
            for v in self.sleepers:  # ruling 14: round 1's sleepers wake without a bed
                if v in player.exhausted:
                    player.exhausted.remove(v)
                    player.ready = self.sort_villagers([*player.ready, v])
            for v in list(player.villagers):  # the Mechanical Man's own bed, one step
                if self.rules.villager[v].has("own_bed"):
                    if v in player.injured:
                        player.injured.remove(v)
                        player.exhausted = self.sort_villagers([*player.exhausted, v])
                    elif v in player.exhausted:
                        player.exhausted.remove(v)
                        player.ready = self.sort_villagers([*player.ready, v])
            del seat
        self.sleepers = []
        waiting = [seat for seat in self.seats_from_first()
                   if len(self._legal_refresh(Decision(REFRESH, seat, (POTIONS, 0)))) > 1]
        if waiting:
            self.decisions.reset(*(Decision(REFRESH, seat, (POTIONS, 0)) for seat in reversed(waiting)))
        else:
            self.decisions.reset()
            self.income_step()

    def slide_villager_row(self) -> None:
        """Ruling 13: the villagers left slide toward slot 1 and the row refills from the pile."""
        left = [v for v in self.villager_row if v is not None]
        while len(left) < len(self.villager_row) and len(self.villagers):
            left.append(self.villagers.draw(self.rng))
        self.villager_row = left + [None] * (len(self.villager_row) - len(left))

    # -- refresh -------------------------------------------------------------------------------
    def _legal_refresh(self, d: Decision) -> list[Action]:
        """Ruling 14: potions (injured -> exhausted), then cider (exhausted -> ready), then beds (one step
        each, never two beds for one villager; a Mechanical Man takes no cider, potion or building bed)."""
        stage, used, *bedded = d.args
        player, rules = self.players[d.seat], self.rules
        acts = []
        drinks = [v for v in player.villagers if not rules.villager[v].has("no_cider_potion")]
        if stage == POTIONS and player.potions:
            acts += [Action("potion", (v,)) for v in player.injured if v in drinks]
        if stage <= CIDER and player.cider:
            acts += [Action("cider", (v,)) for v in player.exhausted if v in drinks]
        if used < fx.beds(rules, player):
            acts += [Action("bed", (v,)) for v in [*player.injured, *player.exhausted]
                     if v not in bedded and not rules.villager[v].has("own_bed")]
        return acts + [Action("done")]

    def rest(self, player: Player, villager: str) -> None:
        """One step of rest (a potion, a cider or a bed): injured to exhausted, exhausted to ready."""
        if villager in player.injured:
            player.injured.remove(villager)
            player.exhausted = self.sort_villagers([*player.exhausted, villager])
        else:
            player.exhausted.remove(villager)
            player.ready = self.sort_villagers([*player.ready, villager])

    def _potion(self, villager: str) -> None:
        d = self.decisions.top
        player = self.players[d.seat]
        player.potions -= 1
        self.potions += 1
        self.rest(player, villager)
        self.emit(f"{self.names[d.seat]} gives {self.vname(villager)} a potion.")
        self.decisions.replace(Decision(REFRESH, d.seat, d.args))

    def _cider(self, villager: str) -> None:
        d = self.decisions.top
        player = self.players[d.seat]
        player.cider -= 1
        self.cider += 1
        self.rest(player, villager)
        self.emit(f"{self.names[d.seat]} gives {self.vname(villager)} a cider.")
        self.decisions.replace(Decision(REFRESH, d.seat, (CIDER, *d.args[1:])))

    def _bed(self, villager: str) -> None:
        d = self.decisions.top
        player = self.players[d.seat]
        _stage, used, *bedded = d.args
        self.rest(player, villager)
        self.emit(f"{self.names[d.seat]} puts {self.vname(villager)} to bed.")
        following = Decision(REFRESH, d.seat, (BEDS, used + 1, *bedded, villager))
        if len(self._legal_refresh(following)) > 1:
            self.decisions.replace(following)
        else:
            self._refresh_done()

    def _refresh_finished(self) -> None:
        self.emit(f"{self.names[self.decisions.top.seat]} is done refreshing villagers.")
        self._refresh_done()

    def _refresh_done(self) -> None:
        self.turn += 1
        self.decisions.pop()
        if self.decisions.top is None:
            self.income_step()

    def refresh_view(self, d: Decision) -> dict[str, Any]:
        stage, used, *bedded = d.args
        return {"seat": d.seat, "stage": ("potions", "cider", "beds")[stage],
                "beds_left": fx.beds(self.rules, self.players[d.seat]) - used, "bedded": list(bedded)}

    # -- income and the next round -------------------------------------------------------------
    def income_step(self) -> None:
        """Income (track, income symbols, per ore/amethyst on the track), potion income (limited), restock
        the goods_restock cards with no good at all on them (a stocked good left there blocks the refill too),
        pass the first-player card left, start the next round."""
        rules = self.rules
        for seat, player in enumerate(self.players):
            coins = fx.income(rules, player)
            player.coins += coins
            potions = self.give_potions(seat, fx.total(rules, player, "potion_income"))
            if potions:
                self.emit(f"{self.names[seat]} collects income (coins: {coins}, potions: {potions}).")
            else:
                self.emit(f"{self.names[seat]} collects income (coins: {coins}).")
            for card in player.buildings:
                good = rules.building[card].effects.goods_restock
                if good and not player.card_goods.get(card) and self.supply[good]:  # no good at all on it
                    self.supply[good] -= 1
                    player.card_goods.setdefault(card, {})[good] = 1
        self.first = (self.first + 1) % len(self.players)
        self.round += 1
        self.passed = [False] * len(self.players)
        self.emit(f"Round {self.round} begins; {self.names[self.first]} goes first.")
        self.decisions.reset(Decision("turn", self.first))

    # -- prompts and labels --------------------------------------------------------------------
    def other_prompt(self, d: Decision) -> str:
        name = self.names[d.seat]
        if d.kind == STOCK:
            return f"{name}: put goods on your progress track before the round ends, then done."
        if d.kind == REFRESH:
            left = fx.beds(self.rules, self.players[d.seat]) - d.args[1]
            if d.args[0] == POTIONS:
                return f"{name}: refresh your villagers with potions, then cider, then beds (beds left: {left}), " \
                       f"then done."
            if d.args[0] == CIDER:
                return f"{name}: refresh your villagers with cider, then beds (beds left: {left}), then done."
            return f"{name}: refresh your villagers with beds (beds left: {left}), then done."
        return self.explore_prompt(d)

    def other_label(self, d: Decision, action: Action) -> str:
        n, args = action.name, action.args
        if n == "potion":
            return f"Give {self.vname(args[0])} a potion (injured to exhausted)"
        if n == "cider":
            return f"Give {self.vname(args[0])} a cider (exhausted to ready)"
        if n == "bed":
            if args[0] in self.players[d.seat].injured:
                return f"Put {self.vname(args[0])} to bed (injured to exhausted)"
            return f"Put {self.vname(args[0])} to bed (exhausted to ready)"
        if n == "done" and d.kind in (STOCK, REFRESH):
            return "Done"
        label = self.explore_label(d, action)
        return label if label is not None else str(action)
