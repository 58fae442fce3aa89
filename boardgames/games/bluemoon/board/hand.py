"""The hand: the row of cards, using a card, pairing Mimix and choosing a Lux's people."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.games.bluemoon.board.common import (
    PREV,
    Layout,
)
from boardgames.tui.canvas import Hit
from boardgames.tui.i18n import _
from boardgames.tui.widgets.cards import Chip, draw_chips, step_usable


class HandZone:
    """The hand zone: the row of cards, its keys (use, power, pair) and the Lux's people choice."""

    def _render_hand(self, lay: Layout) -> None:
        c = self.canvas
        line = c.new_line()
        me = self.me
        width = lay.city_width + 1 + lay.panel
        if me is None or me.get("hand") is None:
            current = self.view.get("current")
            if current is not None:
                pl = self.view["players"][current]
                line.append(_("{name}'s hand: {n} cards (hidden).", name=self.player_name(current),
                              n=pl["hand_size"]), "dim")
            return
        crystals = me.get("crystals")
        label = _("Crystals {crystals}, hand:", crystals=crystals) if crystals is not None else _("Hand:")
        line.append(label + " ", "bold")
        hand = self.hand
        if not hand:
            line.append(_("(no cards)"), "dim")
        pending = me.get("pending_cards") or 0
        tail = " " + _("+{n} after the turn", n=pending) if pending else ""
        room = width - line.cell_len - len(tail) - 2
        focused = self.interactive and self.zone == "hand"
        chips = []
        for i, card in enumerate(hand):
            style = self.people_style(card[:2])
            usable = self.interactive and bool(self.card_uses(card))
            if usable:
                style = style + Style(underline=True)
            elif self.interactive:
                style = style + Style(dim=True, bold=False)
            if focused and i == self.card:
                style = style + Style(reverse=True)
            if self.pair_first is not None and i == self.card_index_of(self.pair_first):
                style = style + Style(reverse=True, italic=True)
            chips.append(Chip(card, style, usable))
        draw_chips(c, line, chips, self.card, room, self.ascii)
        if tail:
            line.append(tail, "dim")

    def card_index_of(self, card: str) -> int | None:
        try:
            return self.hand.index(card)
        except ValueError:
            return None

    def card_sentence(self) -> str:
        hand = self.hand
        if not hand:
            return _("Your hand is empty.")
        card = hand[min(self.card, len(hand) - 1)]
        people = self.people_name(card[:2])
        uses = self.card_uses(card)
        names = {a.name for a in uses}
        if "add" in names and any(a.name in ("play", "pair") for a in uses):
            return _("{card} ({people}): Enter adds it, p plays its power.", card=card, people=people)
        if "add" in names:
            return _("{card} ({people}): Enter adds it to the payment.", card=card, people=people)
        if "pair" in names:
            return _("{card} ({people}): Enter or p pairs it with another Mimix as a wild 3.", card=card,
                     people=people)
        if "play" in names:
            return self.power_sentence(card)
        if "discard" in names:
            return _("{card} ({people}): Enter discards it.", card=card, people=people)
        return _("{card} ({people}) cannot be used now.", card=card, people=people)

    def power_sentence(self, card: str) -> str:
        """What Enter does with a card whose power can be played now."""
        people, value = card[:2], card[2:]
        dragon = self._dragon_of(card)
        if dragon != "?":
            if value == "1":
                return _("{card}: Enter puts the {dragon} dragon on any tile, or off the board.", card=card,
                         dragon=dragon)
            return _("{card}: Enter moves the {dragon} dragon a few steps over the tiles.", card=card, dragon=dragon)
        sentences = {
            "ve1": _("{card}: Enter flies your figure to any tile."),
            "ve2": _("{card}: Enter gives you more steps this turn."),
            "lu": _("{card}: Enter makes cards of another people count as the box's colour."),
            "pi": _("{card}: Enter makes one more offering, for a few crystals more."),
        }
        text = sentences.get(card) or sentences.get(people) or _("{card}: Enter plays its power.")
        return text.format(card=card)

    def _dragon_of(self, card: str) -> str:
        for p in self.view.get("peoples", ()):
            if p["id"] == card[:2]:
                return p.get("dragon") or "?"
        return "?"

    def _key_hand(self, key: str) -> bool:
        hand = self.hand
        if not hand:
            return False
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            # the cursor steps over the cards that cannot be used now, unless none can
            chips = [Chip(card, usable=bool(self.card_uses(card))) for card in hand]
            self.card = step_usable(chips, self.card, -1 if key in PREV else 1)
            return True
        card = hand[min(self.card, len(hand) - 1)]
        if key in ("enter", "space"):
            if self.pair_first is not None:
                self._pair(self.pair_first, card)
            else:
                self._use(card, power=False)
            return True
        if key == "p":
            self._use(card, power=True)
            return True
        return False

    def _use(self, card: str, power: bool) -> None:
        """Enter (or p) on a card of the hand: hand the engine the action it means, or ask for a target."""
        uses = self.card_uses(card)
        if not power:
            for name in ("add", "discard"):
                action = next((a for a in uses if a.name == name), None)
                if action is not None:
                    self.submit(action)
                    return
        plays = [a for a in uses if a.name == "play"]
        if plays:
            if len(plays) == 1 and len(plays[0].args) == 1:
                self.submit(plays[0])
            elif card.startswith("lu"):
                self.lux = card
                self.people_choice = 0
                self.zone = "people"
            else:
                here = self.me["position"] if self.me else self.cell
                dragon = self.view["dragons"].get(self._dragon_of(card)) if not card.startswith("ve") else None
                self._choose_target(("play", (card,)), dragon or here)
            return
        pairs = [a for a in uses if a.name == "pair"]
        if pairs:
            partners = {a.args[1] if a.args[0] == card else a.args[0] for a in pairs}
            if len(partners) == 1:
                self._pair(card, partners.pop())
            else:
                self.pair_first = card
            return
        self.notice(self.card_sentence(), error=True)

    def _choose_target(self, target: tuple[str, tuple], start: str) -> None:
        """Wait for a tile (or ``off``) for ``target``, the cursor on ``start`` (a dragon, or your figure)."""
        self._zone_before = self.zone
        self.target = target
        self.zone = "city"
        self.cell = start

    def _pair(self, first: str, second: str) -> None:
        pair = sorted((first, second))
        action = next((a for a in self.actions("pair") if sorted(a.args) == pair), None)
        self.pair_first = None
        self.send(action, _("{a} and {b} cannot be paired.", a=first, b=second))

    def _key_people(self, key: str) -> bool:
        choices = self.lux_peoples()
        if key == "escape" or not choices:
            self.lux = None
            self.zone = "hand"
            return True
        if key in ("left", "h", "right", "l", "up", "k", "down", "j"):
            step = -1 if key in PREV else 1
            self.people_choice = (self.people_choice + step) % len(choices)
            return True
        if key.isdigit() and 1 <= int(key) <= len(choices):
            self.people_choice = int(key) - 1  # a digit selects; Enter confirms (as everywhere else)
            return True
        if key in ("enter", "space"):
            self.send(self.legal_action("play", self.lux, choices[self.people_choice]))
            return True
        return False

    def _status_people(self, line: Text, width: int) -> None:
        """The peoples a Lux may recolour, to choose from."""
        pay = self.view.get("pay") or {}
        colour = self.people_name(pay["colour"]) if pay.get("colour") else _("the box colour")
        choices = self.lux_peoples()
        room = width - len(_("{lux}: whose cards count as {colour}?", lux=self.lux, colour=colour)) - 1
        named = sum(len(f"{i + 1} {self.people_name(p)} ") for i, p in enumerate(choices)) <= room
        line.append(_("{lux}: whose cards count as {colour}?", lux=self.lux, colour=colour) + " ")
        for i, people in enumerate(choices):
            style = self.people_style(people)
            if i == self.people_choice:
                style = style + Style(reverse=True)
            label = f"{i + 1} {self.people_name(people) if named else people}"
            self.canvas.add(line, label, style, Hit("people", i))
            line.append(" ")

    def hand_hints(self) -> list[tuple[str, str]]:
        """The hand's keys: along the cards, and what Enter (and p) do with the one under the cursor."""
        hints = [(_("Left/Right") if self.ascii else "←→", _("card"))]
        hand = self.hand
        card = hand[min(self.card, len(hand) - 1)] if hand else None
        uses = {a.name for a in self.card_uses(card)} if card else set()
        if uses:
            label = {"add": _("add"), "discard": _("discard"), "pair": _("pair")}.get(
                next((n for n in ("add", "discard", "pair") if n in uses), ""), _("play"))
            hints.append(("Enter", label))
        if "add" in uses and uses & {"play", "pair"}:
            hints.append(("p", _("power")))
        return hints

    def pair_hints(self) -> list[tuple[str, str]]:
        return [(_("Left/Right") if self.ascii else "←→", _("card")), ("Enter", _("pair")), ("Esc", _("back"))]

    def people_hints(self) -> list[tuple[str, str]]:
        return [(_("Left/Right") if self.ascii else "←→", _("people")), ("Enter", _("choose")), ("Esc", _("back"))]
