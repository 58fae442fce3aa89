"""The rows on the table: villagers to train (with their costs), houses and outposts (with costs and symbols),
the star and key houses; the round's cave card is on the top line."""

from __future__ import annotations

from typing import Any

from rich.style import Style

from boardgames.core.engine import Action
from boardgames.games.abovebelow.board.common import (
    AbovePart,
    card_symbols,
    card_words,
    rules,
    villager_chip,
    villager_words,
)
from boardgames.i18n import N_, _
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.keys import DIGITS, ENTER, HOME_END, PartKey
from boardgames.tui.widgets.cards import Chip, draw_chips, wrap_chips

#: the rows in the view, top to bottom: (view key, what a line calls it)
ROWS = (("villager_row", N_("Train")), ("house_row", N_("House")), ("outpost_row", N_("Outpt")),
        ("star_row", N_("Star")), ("key_row", N_("Key")))


class RowsPart(AbovePart):
    """One line a row: ``Train 1 Tova⚒2 2$ ...`` (slot, villager, cost), ``House Spore Cellar 3$ mu`` (name,
    cost, symbols), outposts, star and key houses. Up/down choose a row, left/right a card (a row longer than
    its line scrolls; on a tall terminal it goes on over more lines, every name whole); Enter trains or builds
    it when the decision asks for one (a free building too)."""

    HIT_KIND = "card"
    HELP_TITLE = N_("Rows")
    row = 0
    cursor = 0
    #: the legal list the cursor was placed for: a new one starts on the first card it can take
    _legal: tuple = ()

    def title(self) -> str:
        return _("rows")

    def cards(self, key: str) -> list[Any]:
        return list(self.view.get(key) or [])

    def card_actions(self, key: str, index: int) -> list[Action]:
        cards = self.cards(key)
        if index >= len(cards) or cards[index] is None:
            return []
        if key == "villager_row":
            return self.actions("slot", index + 1)
        card = cards[index]
        return self.actions("card", card) + self.actions("outpost", card)

    def usable(self) -> list[tuple[int, int]]:
        return [(r, i) for r, (key, _label) in enumerate(ROWS) for i in range(len(self.cards(key)))
                if self.card_actions(key, i)]

    def takes_focus(self) -> bool:
        return self.interactive

    def entered(self) -> None:
        usable = self.usable()
        if usable and (self.row, self.cursor) not in usable:
            self.row, self.cursor = usable[0]

    def update(self) -> None:
        """A new decision (a build, a training, a free building) starts on the first card it can take, the
        first affordable one, wherever the cursor was left."""
        legal = tuple(self.board.legal)
        if legal != self._legal:
            usable = self.usable()
            if usable:
                self.row, self.cursor = usable[0]
        self._legal = legal

    def place_of(self, action: Action) -> tuple[int, int] | None:
        """The row and card an action trains or builds (None for another move)."""
        for r, (key, _label) in enumerate(ROWS):
            for i in range(len(self.cards(key))):
                if action in self.card_actions(key, i):
                    return r, i
        return None

    def chip(self, key: str, index: int, card: Any) -> str:
        if card is None:
            return self.g("empty")
        if key == "villager_row":
            cost = self.view["villager_costs"][index]
            return f"{index + 1}:{villager_chip(card, self.ascii)} {cost}$"
        b = rules().building[card]
        symbols = card_symbols(card, self.ascii)
        if not self.tall:
            symbols = " ".join(symbols.split()[:2])
        rest = f" {b.cost}$" + (f" {symbols}" if symbols else "")
        if self.tall:  # the row goes on over more lines (draw_canvas): every name whole
            return self.plain(_(b.name)) + rest
        count = max(1, len(self.cards(key)))
        room = max(6, min(18, (self.width - 6) // min(count, 4) - len(rest) - 1))
        return cut(self.plain(_(b.name)), room, self.ascii) + rest

    def draw_canvas(self) -> None:
        for r, (key, label) in enumerate(ROWS):
            cards = self.cards(key)
            if key in ("star_row", "key_row") and not cards:
                continue
            line = self.canvas.new_line()
            line.append(f"{_(label):<6}", "bold")
            chips = []
            for i, card in enumerate(cards):
                mine = bool(self.card_actions(key, i))
                style = Style(bold=mine, underline=mine)
                if self.is_active and self.interactive and (r, i) == (self.row, self.cursor):
                    style += Style(reverse=True)
                chips.append(Chip(self.chip(key, i, card), style, mine))
            if not chips:
                line.append(_("(empty)"), "dim")
                continue
            if self.tall:
                wrap_chips(self.canvas, line, chips, self.width, 6, kind=f"row{r}")
                continue
            cursor = self.cursor if r == self.row else 0
            draw_chips(self.canvas, line, chips, cursor, self.width - 6, self.ascii, kind=f"row{r}")

    def count(self) -> int:
        return len(self.cards(ROWS[self.row][0]))

    def move(self, key: str, character: str | None) -> bool:
        """Up/down (j/k) a row, left/right a card (h and l are the turn's letters: harvest, labor)."""
        if key in ("left", "right"):
            count = self.count()
            if count:
                self.cursor = (self.cursor + (-1 if key == "left" else 1)) % count
            return bool(count)
        shown = [r for r, (k, _l) in enumerate(ROWS) if self.cards(k) or k not in ("star_row", "key_row")]
        here = shown.index(self.row) if self.row in shown else 0
        self.row = shown[(here + (-1 if key in ("up", "k") else 1)) % len(shown)]
        self.cursor = min(self.cursor, max(0, len(self.cards(ROWS[self.row][0])) - 1))
        return True

    def number(self, key: str, character: str | None) -> bool:
        """A digit: the card of that move in the list beside, or (the list hidden) that card of the row."""
        if self.board.moves.display:
            return self.digit(int(key))
        return self.cursor_jump(key, character)

    def digit(self, number: int) -> bool:
        """A digit picks the card of that move in the list beside (the number it is listed by), for Enter."""
        moves = self.board.moves
        items = moves.shown()
        if not 1 <= number <= min(9, len(items)):
            return False
        place = self.place_of(self.board.legal[items[number - 1]])
        if place is None:
            self.board.notice(_("Move {n} is not a card in the rows: press Tab for the list.", n=number), error=True)
        else:
            self.row, self.cursor = place
        return True

    def use(self) -> None:
        key = ROWS[self.row][0]
        actions = self.card_actions(key, self.cursor)
        if len(actions) == 1:
            self.board.submit(actions[0])
        elif actions:
            self.board.choose_among(actions, _("Where to build it"))
        else:
            self.refused(key, self.cursor)

    def refused(self, key: str, index: int) -> None:
        """Enter on a card no move takes: the key that starts a training or a build when the decision takes no
        card at all, else the move meant goes to the board, which shows the rules' reason for refusing it (the
        price against your coins, an empty slot, an outpost with no open cave, a card the reward does not give)."""
        cards = self.cards(key)
        card = cards[index] if index < len(cards) else None
        if key == "villager_row":
            if not self.actions("slot"):
                self.board.submit(None, _("Press t to train first (a quill villager trains)."))
            else:
                self.board.submit(Action("slot", (index + 1,)))
        elif not (self.actions("card") or self.actions("outpost")):
            self.board.submit(None, _("Press b to build first (a hammer villager builds)."))
        elif card is None:
            self.board.submit(None, _("That place of the row is empty."))
        else:
            self.board.submit(self.meant(key, card))

    def meant(self, key: str, card: str) -> Action:
        """Building or taking ``card``, in the rules' notation: a build puts an outpost on your first open cave;
        a card taken free, or an outpost with no open cave to go on, is named alone."""
        if key == "outpost_row" and self.view.get("phase") == "build":
            caves = [cave for cave, outpost in self.view["players"][self.me()]["caves"] if outpost is None]
            if caves:
                return Action("outpost", (card, caves[0]))
        return Action("card", (card,))

    def click(self, hit: Hit) -> bool:
        if not hit.kind.startswith("row"):
            return False
        row = int(hit.kind[3:])
        if self.was_active and (self.row, self.cursor) == (row, hit.a):
            self.use()
        self.row, self.cursor = row, hit.a
        return True

    def enter_hint(self) -> tuple[str, str] | None:
        if not self.card_actions(ROWS[self.row][0], self.cursor):
            return None
        return "Enter", _("train") if ROWS[self.row][0] == "villager_row" else _("build")

    KEYS = (
        PartKey(("up", "down", "k", "j", "left", "right"), N_("card"), "move", label=N_("arrows"),
                help=N_("Choose a villager to train or a card to build, when the decision asks (a new build starts on "
                     "the first card you can pay for).")),
        PartKey(HOME_END, do="cursor_ends", help=N_("Go to the first or the last card of the row.")),
        PartKey(DIGITS, do="number", help=N_("Go to the card of that move in the list beside.")),
        PartKey(ENTER, do="cursor_use", hint="enter_hint", help=N_("Train or build the card under the cursor.")),
    )

    def sentence(self) -> str:
        key = ROWS[self.row][0]
        cards = self.cards(key)
        if not cards or self.cursor >= len(cards) or cards[self.cursor] is None:
            return _("An empty place in the row.")
        card = cards[self.cursor]
        if key == "villager_row":
            cost = self.view["villager_costs"][self.cursor]
            return _("Slot {n}: {who}, trains for {cost} coins.", n=self.cursor + 1, who=villager_words(card),
                     cost=cost)
        return card_words(card)
