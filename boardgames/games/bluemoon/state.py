"""Blue Moon City's state: the city, the players and the turn so far, and the helpers several kinds of
decision share. What each decision offers and does lives in the modules of the turn's parts (moving.py,
acting.py, contributing.py, replenishing.py); rules.py puts their kinds together. No Textual here.

Cells are named ``a1`` (top left) to ``e5``; cards are a people code and a value (``aq2``).
"""

from __future__ import annotations

from typing import Any

from boardgames.core import cards as deck_ops
from boardgames.core.decisions import DecidingState, Decision, Decisions
from boardgames.core.engine import IllegalAction, Result
from boardgames.core.rng import Rng
from boardgames.games.bluemoon.data import DRAGONS, Rules
from boardgames.games.bluemoon.payment import most_payable
from boardgames.games.bluemoon.pieces import (
    ACT,
    CENTRE,
    CORNERS,
    COURTYARD,
    GRID,
    MOVE,
    NO_TILE,
    NOBODY,
    OFF,
    PAY,
    START_CELLS,
    Payment,
    Player,
    is_card,
)
from boardgames.games.bluemoon.views import SeatView, seat_view
from boardgames.i18n import N_, _

#: why a word is not a tile, by what the tile was for (``BlueMoonState.tile``)
NOT_A_TILE = {
    "go": N_("The place to go must be a tile of the city, such as c3."),
    "fly": N_("The place to fly to must be a tile of the city, such as c3."),
    "dragon": N_("The dragon's place must be a tile of the city, such as c3."),
}


class BlueMoonState(DecidingState):
    # worked out once per city by tiles(), shared by clones (the city never changes shape)
    _tiles: list[bool]
    _tile_names: list[str]
    _distances: dict[tuple[int, int], list[tuple[int, int]]]

    def __init__(self, rules: Rules, names: list[str], expansion: bool, alternative: bool, rng: Rng) -> None:
        super().__init__(names, rng)
        self.rules = rules
        self.expansion = expansion
        self.alternative = alternative
        n = len(names)
        comp = rules.components
        self.grid: list[int] = [NO_TILE] * GRID.size
        self.markers: list[list[int]] = [[NOBODY] * len(b.boxes) for b in rules.buildings]
        self.rebuilt: list[bool] = [False] * len(rules.buildings)
        self.dragons: list[int] = [OFF] * len(DRAGONS)
        self.players = [Player() for _ in range(n)]
        self.deck: dict[str, int] = {}
        self.discard: dict[str, int] = {}
        self.obelisk_costs: tuple[int, ...] = comp.obelisk[n]
        self.obelisk: list[int] = []  # seats, from the bottom space up
        self.scale_total = comp.scales[n]
        self.to_win = comp.offerings_to_win[n]
        self.decisions = Decisions([Decision(MOVE, 0)])
        self.steps = comp.movement
        self.contributed = False  # dragon scales only for the turn's first contribution
        self.offered = False
        self.pillar_ready = False  # a courtyard offering was just made: a Pillar may add one
        self.extra_used = False
        self.jumped = False  # moved by the Main Hall: nothing more on this tile
        self.discarded = 0
        self.pay: Payment | None = None
        self.outcome = ""  # "", "offerings", "played_out", "draw"

    # -- setup ------------------------------------------------------------------
    @classmethod
    def setup(cls, rules: Rules, names: list[str], seed: int, *, expansion: bool, setup: str) -> BlueMoonState:
        """A new game; ``setup`` is the city set-up option: "standard" or "alternative" (every tile at random)."""
        alternative = setup == "alternative"
        state = cls(rules, names, expansion, alternative, Rng(seed))
        rng = state.rng
        in_play = [i for i, b in enumerate(rules.buildings) if expansion or not b.expansion]
        cells = [c for c in range(GRID.size) if c != CENTRE and (expansion or c not in CORNERS)]
        state.grid[CENTRE] = COURTYARD
        if alternative:
            rng.shuffle(in_play)
            for cell, b in zip(cells, in_play):
                state.grid[cell] = b
        else:
            starts = [b for b in in_play if rules.buildings[b].start]
            others = [b for b in in_play if not rules.buildings[b].start]
            rng.shuffle(starts)
            rng.shuffle(others)
            for cell, b in zip(START_CELLS, starts):
                state.grid[cell] = b
            for cell, b in zip([c for c in cells if c not in START_CELLS], others):
                state.grid[cell] = b
        state.deck = dict(rules.deck)
        for player in state.players:
            for card in deck_ops.draw(state.deck, state.discard, rules.components.hand_size, rng):
                deck_ops.add(player.hand, card)
        state.decisions.reset(Decision(MOVE, rng.below(len(names))))  # a random first player
        return state

    # -- copying ----------------------------------------------------------------
    _SCALARS = ("expansion", "alternative", "turn", "obelisk_costs", "scale_total", "to_win",
                "steps", "contributed", "offered", "pillar_ready", "extra_used", "jumped", "discarded", "outcome")

    def clone(self) -> BlueMoonState:
        s = BlueMoonState.__new__(BlueMoonState)
        s.rules = self.rules
        s.names = self.names
        s.rng = self.rng.copy()
        for name in self._SCALARS:
            setattr(s, name, getattr(self, name))
        s.grid = self.grid
        if "_tiles" in self.__dict__:
            s._tiles, s._tile_names, s._distances = self._tiles, self._tile_names, self._distances
        s.markers = [row[:] for row in self.markers]
        s.rebuilt = self.rebuilt[:]
        s.dragons = self.dragons[:]
        s.players = [p.copy() for p in self.players]
        s.deck = dict(self.deck)
        s.discard = dict(self.discard)
        s.obelisk = self.obelisk[:]
        s.pay = None if self.pay is None else self.pay.copy()
        s.decisions = self.decisions.copy()
        return s

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self._SCALARS}
        data["obelisk_costs"] = list(self.obelisk_costs)
        data.update({
            "names": list(self.names),
            "rng": self.rng.to_json(),
            "grid": list(self.grid),
            "markers": [row[:] for row in self.markers],
            "rebuilt": self.rebuilt[:],
            "dragons": self.dragons[:],
            "players": [p.to_json() for p in self.players],
            "deck": dict(self.deck),
            "discard": dict(self.discard),
            "obelisk": self.obelisk[:],
            "pay": None if self.pay is None else self.pay.to_json(),
            "decisions": self.decisions.to_json(),
        })
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> BlueMoonState:
        s = cls(rules, data["names"], data["expansion"], data["alternative"], Rng.from_json(data["rng"]))
        for name in cls._SCALARS:
            setattr(s, name, data[name])
        s.obelisk_costs = tuple(data["obelisk_costs"])
        s.grid = list(data["grid"])
        s.markers = [list(row) for row in data["markers"]]
        s.rebuilt = list(data["rebuilt"])
        s.dragons = list(data["dragons"])
        s.players = [Player.from_json(p) for p in data["players"]]
        s.deck = dict(data["deck"])
        s.discard = dict(data["discard"])
        s.obelisk = list(data["obelisk"])
        s.pay = None if data["pay"] is None else Payment.from_json(data["pay"])
        s.decisions = Decisions.from_json(data["decisions"])
        return s

    # -- the decision stack -------------------------------------------------------
    def set_current(self, seat: int | None) -> None:
        """Give the pending decisions to ``seat`` (None: nothing pending); for building positions."""
        if seat is None:
            self.decisions.reset()
        elif not self.decisions:
            self.decisions.reset(Decision(MOVE, seat))
        else:
            self.decisions.reset(*(Decision(d.kind, seat, d.args) for d in self.decisions))

    def set_phase(self, kind: str) -> None:
        """Make the current seat decide ``kind`` afresh (paying sits over acting); for building positions."""
        seat = self.current
        assert seat is not None, "no seat decides once the game is over"
        if kind == PAY:
            self.decisions.reset(Decision(ACT, seat), Decision(PAY, seat))
        else:
            self.decisions.reset(Decision(kind, seat))

    # -- queries ----------------------------------------------------------------
    def cell_of(self, building_id: str) -> int:
        """The cell of a building given by id (for tests and the screen)."""
        for cell, b in enumerate(self.grid):
            if b >= 0 and self.rules.buildings[b].id == building_id:
                return cell
        raise KeyError(building_id)

    def tiles(self) -> list[bool]:
        """Which cells hold a tile; the city never changes shape, so this is worked out once."""
        mask = self.__dict__.get("_tiles")
        if mask is None or len(mask) != len(self.grid):
            mask = self._tiles = [b != NO_TILE for b in self.grid]
            self._tile_names = [GRID.name(c) for c in range(GRID.size) if mask[c]]
            self._distances = {}
        return mask

    def reach_from(self, cell: int, limit: int) -> list[tuple[int, int]]:
        """(cell, steps) for every tile 1 to ``limit`` orthogonal steps from ``cell``, in cell order."""
        tiles = self.tiles()
        key = (cell, limit)
        found = self._distances.get(key)
        if found is None:
            found = self._distances[key] = sorted(
                (c, d) for c, d in GRID.distances(cell, tiles, limit).items() if d > 0)
        return found

    def tile_names(self) -> list[str]:
        self.tiles()
        return self._tile_names

    def markers_left(self, seat: int) -> int:
        placed = sum(row.count(seat) for row in self.markers)  # rebuilt rows are cleared
        return self.rules.components.markers - placed - self.players[seat].offerings

    def next_cost(self) -> int | None:
        filled = len(self.obelisk)
        return self.obelisk_costs[filled] if filled < len(self.obelisk_costs) else None

    def scale_supply(self) -> int:
        return max(0, self.scale_total - sum(p.scales for p in self.players))

    def all_rebuilt(self) -> bool:
        return all(self.rebuilt[b] for b in self.grid if b >= 0)

    def can_offer(self, seat: int, surcharge: int = 0) -> bool:
        cost = self.next_cost()
        return (cost is not None and self.markers_left(seat) > 0
                and self.players[seat].crystals >= cost + surcharge)

    def open_boxes(self, b: int) -> list[int]:
        return [] if self.rebuilt[b] else [k for k, seat in enumerate(self.markers[b]) if seat == NOBODY]

    def reach(self, hand: dict[str, int], colour: str) -> int:
        """The most ``hand`` can pay into one box of ``colour`` (or ``any``) with legal card plays.

        Exact (see payment.py): a box is offered exactly when its payment can be completed.
        """
        comp = self.rules.components
        return most_payable(hand, colour, comp.recolour, comp.pair_value, self.rules.people)

    # -- helpers of several kinds of decision ---------------------------------------
    def tile(self, text: Any, what: str) -> int:
        """The cell of the tile ``text`` names, or IllegalAction saying that it must be a tile (``what`` is the
        tile's use, a key of :data:`NOT_A_TILE`)."""
        cell = GRID.parse(text)
        if cell is None or self.grid[cell] == NO_TILE:
            raise IllegalAction(_(NOT_A_TILE[what]))
        if text != GRID.name(cell):  # only the listed spelling, so the log and the save show it
            raise IllegalAction(_("Write that tile as {cell}.", cell=GRID.name(cell)))
        return cell

    def take_card(self, seat: int, card: Any) -> str:
        """Take ``card`` out of ``seat``'s hand, or IllegalAction if the hand has none."""
        hand = self.players[seat].hand
        if not is_card(card) or not hand.get(card):
            raise IllegalAction(_("You have no card {card} in your hand.", card=card))
        deck_ops.remove(hand, card)
        return str(card)

    def finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.decisions.reset()
        self.pay = None

    def check_stalemate(self) -> None:
        if self.current is not None and all(self.markers_left(s) == 0 for s in range(len(self.players))):
            self.emit(_("No player has a marker left: the game is a draw."))
            self.finish("draw")

    # -- results ------------------------------------------------------------------
    def result(self) -> Result:
        n = len(self.players)
        offerings = [p.offerings for p in self.players]
        crystals = [p.crystals for p in self.players]
        breakdown = [{_("Offerings"): o} for o in offerings]
        notes = [_("{name}: crystals left {crystals}, golden scales {scales}.", name=self.names[s],
                   crystals=crystals[s], scales=self.players[s].scales) for s in range(n)]
        if self.outcome == "draw":
            return Result(unit="offerings", scores=offerings, breakdown=breakdown, ranks=[1] * n,
                          tiebreak="", notes=[_("No player had a marker left: the game is a draw."), *notes])
        keys = list(zip(offerings, crystals))
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        tiebreak = ""
        if len(set(offerings)) < n and any(
                offerings[i] == offerings[j] and crystals[i] != crystals[j] for i in range(n) for j in range(n)):
            tiebreak = _("Players with as many offerings were ranked by crystals left.")
        if len(set(keys)) < n and ranks.count(1) > 1:
            tiebreak = _("Players tied on offerings and crystals share the victory.")
        if self.outcome == "offerings":
            winner = max(range(n), key=lambda s: offerings[s])
            ranks = [1 if s == winner else max(2, r) for s, r in enumerate(ranks)]
            notes.insert(0, _("{name} made offering {count} and wins at once.", name=self.names[winner],
                                count=self.to_win))
            tiebreak = ""
        elif self.outcome == "played_out":
            notes.insert(0, _("Every building was rebuilt and no one could make another offering."))
        return Result(unit="offerings", scores=offerings, breakdown=breakdown, ranks=ranks, tiebreak=tiebreak,
                      notes=notes)

    # -- views ------------------------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        return seat_view(self, seat)

    # -- checks -----------------------------------------------------------------
    def check_invariants(self) -> None:
        counted: dict[str, int] = {}
        piles = [self.deck, self.discard, *(p.hand for p in self.players), *(p.pending for p in self.players)]
        for pile in piles:
            for card, n in pile.items():
                assert n > 0, f"a pile lists {card} {n} times"
                deck_ops.add(counted, card, n)
        if self.pay is not None:
            for card in self.pay.all_cards():
                deck_ops.add(counted, card)
        assert counted == dict(self.rules.deck), "people cards not conserved"
        for s in range(len(self.players)):
            assert self.markers_left(s) >= 0, "more than 10 markers placed"
            assert self.players[s].crystals >= 0, "negative crystals"
        assert len(self.obelisk) <= len(self.obelisk_costs), "obelisk overfilled"
        assert [self.obelisk.count(s) for s in range(len(self.players))] == [p.offerings for p in self.players]
        assert self.phase == PAY or self.pay is None

    def scramble_private(self, seat: int, rng: Rng) -> bool:
        """Swap one card of the seat's hand with one from the deck and change its crystals."""
        player = self.players[seat]
        if player.hand and self.deck:
            mine = deck_ops.draw_one(player.hand, rng)
            theirs = deck_ops.draw_one(self.deck, rng)
            deck_ops.add(player.hand, theirs)
            deck_ops.add(self.deck, mine)
        player.crystals += 1 + rng.below(5)
        return True

    def determinize(self, seat: int, rng: Rng) -> None:
        """Deal the other hands and every pending card anew from the cards ``seat`` has not seen (the deck, those
        hands, the pending cards), keeping each pile's size; the other players' crystals, whose totals lie face
        down, are taken to be as many as ``seat``'s own (the view gives no better guess)."""
        pool = dict(self.deck)
        for other, player in enumerate(self.players):
            for pile in ([player.pending] if other == seat else [player.hand, player.pending]):
                for card, count in pile.items():
                    deck_ops.add(pool, card, count)
        for other, player in enumerate(self.players):
            piles = [player.pending] if other == seat else [player.hand, player.pending]
            for pile in piles:
                count = deck_ops.size(pile)
                pile.clear()
                for _count in range(count):
                    deck_ops.add(pile, deck_ops.draw_one(pool, rng))
            if other != seat:
                player.crystals = self.players[seat].crystals
        self.deck = pool

    def scramble_hidden(self, rng: Rng) -> bool:
        """Swap a card earned this turn, not yet seen by anyone, with a different one from the deck.

        Cards a player earns on their own turn are drawn at once but join the hand only
        after the turn; until then nobody, not even the owner, knows them. The deck holds
        no order (cards are drawn with the generator at draw time) and the discards were
        named when discarded, so these pending cards are all that is hidden from everyone.
        """
        for player in self.players:
            if not player.pending:
                continue
            mine = deck_ops.draw_one(player.pending, rng)
            others = [code for code in sorted(self.deck) if code != mine]
            if not others:
                deck_ops.add(player.pending, mine)
                continue
            theirs = others[rng.below(len(others))]
            deck_ops.remove(self.deck, theirs)
            deck_ops.add(player.pending, theirs)
            deck_ops.add(self.deck, mine)
            return True
        return False
