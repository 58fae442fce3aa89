"""The hand of the player at the keyboard (never anyone else's): its citizen cards; Enter plays or passes one."""

from __future__ import annotations

from rich.style import Style

from boardgames.core.engine import Action
from boardgames.games.lemuria.board.common import LemuriaPart, citizen_text, colour_letter, rules
from boardgames.i18n import N_, _, n_, the
from boardgames.tui.canvas import Hit, cut
from boardgames.tui.keys import ENTER, LEFT_RIGHT, PartKey
from boardgames.tui.widgets.cards import Chip, chip_rows, draw_chips, step_usable, wrap_chips
from boardgames.tui.widgets.reader import wrap

#: the actions that use a card of the hand, its id first
CARD_ACTIONS = ("pass", "citizen", "discard")


class HandPart(LemuriaPart):
    """``Hand: Sentry[M] Banker[C]``: the cards of the seat whose view this is (the others show only how many
    cards they hold). Left/right choose a card (the cursor stops on those usable now); Enter passes, plays or
    discards it, whichever the decision asks. A tall terminal lists the cards with their texts."""

    HIT_KIND = "card"
    HELP_TITLE = N_("Hand")

    cursor = 0

    def title(self) -> str:
        return _("hand")

    def me(self) -> dict | None:
        seat = self.view.get("seat")
        return None if seat is None else self.view["players"][seat]

    def hand(self) -> list[str]:
        me = self.me()
        return list(me["hand"] or []) if me else []

    def draw_canvas(self) -> None:
        view, me = self.view, self.me()
        line = self.canvas.new_line()
        if me is None or me["hand"] is None:
            shown_seat = view["current"] if view["current"] is not None else 0
            line.append(_("Hand of {name}: ", name=self.player_name(shown_seat)), "bold")
            count = view["players"][shown_seat]["hand_size"]
            line.append(n_("{n} card (hidden)", "{n} cards (hidden)", count), "dim")
            return
        line.append(_("Hand: "), "bold")
        hand = self.hand()
        if me.get("passing"):
            line.append(_("passing {card}; ", card=the(rules().citizen[me["passing"]].name)), "italic")
        if not hand:
            line.append(_("(no cards)"), "dim")
            return
        chips = self.chips()
        if self.tall:
            self._tall(hand, chips)
            return
        rows = chip_rows(chips, line.cell_len, self.width, 2)
        if len(rows) > self._room():
            draw_chips(self.canvas, line, chips, self.cursor, max(1, self.width - line.cell_len - 1), self.ascii)
            return
        wrap_chips(self.canvas, line, chips, self.width, 2, rows=rows)

    def _room(self) -> int:
        """Lines the hand may take beside the list of moves without making the board taller."""
        return max(1, self.board.choice_rows() - 1 - len(self.view["players"]))

    def _tall(self, hand: list[str], chips: list[Chip]) -> None:
        """A card a line, its whole text wrapped under itself."""
        for i, card in enumerate(hand):
            mark = self.g("choosable") if chips[i].usable and self.interactive else " "
            for k, row in enumerate(wrap(citizen_text(card), self.width - 4)):
                line = self.canvas.new_line()
                line.append(f" {mark} " if k == 0 else "   ")
                self.canvas.add(line, cut(row, self.width - 3, self.ascii), chips[i].style, Hit("card", i))

    def chips(self) -> list[Chip]:
        chips = []
        for i, card in enumerate(self.hand()):
            c = rules().citizen[card]
            style = self.hue_style(c.colour) + Style(underline=bool(self.card_actions(card)))
            if i == self.cursor and self.is_active and self.interactive:
                style += Style(reverse=True)
            chips.append(Chip(f"{_(c.name)}[{colour_letter(c.colour)}]", style, bool(self.card_actions(card))))
        return chips

    def card_actions(self, card: str) -> list[Action]:
        return [a for a in self.board.legal if a.name in CARD_ACTIONS and a.args and a.args[0] == card]

    def takes_focus(self) -> bool:
        return self.interactive and bool(self.hand())

    def update(self) -> None:
        self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))

    def entered(self) -> None:
        chips = self.chips()
        if chips and not chips[self.cursor].usable:
            self.cursor = step_usable(chips, self.cursor, 1)

    def step(self, key: str, character: str | None) -> bool:
        if not self.hand():
            return False
        self.cursor = step_usable(self.chips(), self.cursor, -1 if key in ("left", "up") else 1)
        return True

    def count(self) -> int:
        return len(self.hand())

    def use(self) -> None:
        card = self.hand()[self.cursor]
        actions = self.card_actions(card)
        self.board.submit(actions[0] if len(actions) == 1 else None,
                          _("{card} cannot be used now.", card=the(rules().citizen[card].name)))

    def enter_hint(self) -> tuple[str, str] | None:
        hand = self.hand()
        actions = self.card_actions(hand[min(self.cursor, len(hand) - 1)]) if hand else []
        if not actions:
            return None
        return "Enter", {"pass": _("pass"), "citizen": _("play"), "discard": _("discard")}[actions[0].name]

    KEYS = (
        PartKey(("left", "right", "up", "down"), N_("card"), "step", label=LEFT_RIGHT,
                help=N_("Choose a citizen card (the cursor stops on the usable ones).")),
        PartKey(ENTER, do="use_any", hint="enter_hint",
                help=N_("Pass the card at the start, play it in your turn or discard it when asked.")),
    )

    def sentence(self) -> str:
        hand = self.hand()
        if not hand:
            return ""
        return citizen_text(hand[min(self.cursor, len(hand) - 1)])  # Enter's word (play, pass...) is on the key bar

