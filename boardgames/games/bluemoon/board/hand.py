"""The hand: the row of cards, using a card, pairing Mimix and choosing a Lux's people."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames.core.engine import Action
from boardgames.games.bluemoon.board.common import MOVES, PREV, BlueMoonPart
from boardgames.games.bluemoon.log import dragon_colour
from boardgames.i18n import N_, _, n_
from boardgames.tui.canvas import Canvas, Hit
from boardgames.tui.keys import DIGITS, ENTER, LEFT_RIGHT, PartKey
from boardgames.tui.widgets.cards import Chip, draw_chips, step_usable


class HandPart(BlueMoonPart):
    """The row of cards and its keys (use, power, pair). Two choices are made here: the second Mimix of a
    pair (on the row) and the people a Lux recolours (drawn on the status line, which asks :meth:`status`)."""

    HELP_TITLE = N_("Hand")

    def title(self) -> str:
        return _("hand")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(ascii=ascii, id=id)
        self.card = 0  # index into the hand
        #: the first Mimix of a pair being chosen
        self.pair_first: str | None = None
        #: the Lux whose people is being chosen, and the people under the cursor
        self.lux: str | None = None
        self.people_choice = 0

    @property
    def hand(self) -> list[str]:
        return self.board.hand

    def takes_focus(self) -> bool:
        return self.me is not None

    def update(self) -> None:
        if self.interactive and self.me is not None:
            self.card = self.first_usable_card()

    def entered(self) -> None:
        if self.me is not None:
            self.card = self.first_usable_card()

    def first_usable_card(self) -> int:
        """The card under the cursor if it can be used now, else the next one that can (wrapping round)."""
        hand = self.hand
        if not hand:
            return 0
        current = min(self.card, len(hand) - 1)
        order = list(range(current, len(hand))) + list(range(current))
        return next((i for i in order if self.board.card_uses(hand[i])), current)

    def lux_peoples(self) -> list[str]:
        if not self.lux:
            return []
        return [a.args[1] for a in self.board.actions("play", self.lux) if len(a.args) == 2]

    def draw_canvas(self) -> None:
        c = self.canvas
        line = c.new_line()
        me = self.me
        lay = self.board.city_layout()
        width = lay.city_width + 1 + lay.panel
        if me is None or me.get("hand") is None:
            current = self.view.get("current")
            if current is not None:
                pl = self.view["players"][current]
                line.append(n_("{name}'s hand: {n} card (hidden).", "{name}'s hand: {n} cards (hidden).",
                               pl["hand_size"], name=self.player_name(current)), "dim")
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
        focused = self.interactive and self.is_active and self.lux is None
        chips = []
        for i, card in enumerate(hand):
            style = self.people_style(card[:2])
            usable = self.interactive and bool(self.board.card_uses(card))
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
        uses = self.board.card_uses(card)
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
        dragon = self.board.dragon_of(card)
        if dragon != "?":
            if value == "1":
                return _("{card}: Enter puts the {dragon} dragon on any tile, or off the board.", card=card,
                         dragon=dragon_colour(dragon))
            return _("{card}: Enter moves the {dragon} dragon a few steps over the tiles.", card=card,
                     dragon=dragon_colour(dragon))
        sentences = {
            "ve1": _("{card}: Enter flies your figure to any tile."),
            "ve2": _("{card}: Enter gives you more steps this turn."),
            "lu": _("{card}: Enter makes cards of another people count as the box's colour."),
            "pi": _("{card}: Enter makes one more offering, for a few crystals more."),
        }
        text = sentences.get(card) or sentences.get(people) or _("{card}: Enter plays its power.")
        return text.format(card=card)

    def sentence(self) -> str:
        if self.pair_first is not None:
            return _("Pair {card} with which Mimix? Choose it and press Enter; Escape gives up.", card=self.pair_first)
        return self.card_sentence()

    # -- keys and clicks ----------------------------------------------------------------
    def holds_keys(self) -> bool:
        """While a Lux's people is chosen, only the hand's keys work."""
        return self.lux is not None

    def pairing(self) -> bool:
        return self.lux is None and self.pair_first is not None

    def on_cards(self) -> bool:
        return self.lux is None

    def power_differs(self) -> bool:
        """Whether p does something Enter does not: play the power of a card Enter would add."""
        hand = self.hand
        if self.lux is not None or self.pair_first is not None or not hand:
            return False
        uses = {a.name for a in self.board.card_uses(hand[min(self.card, len(hand) - 1)])}
        return "add" in uses and bool(uses & {"play", "pair"})

    def _card_here(self) -> str | None:
        hand = self.hand
        return hand[min(self.card, len(hand) - 1)] if hand and self.lux is None else None

    def point_at(self, action: Action) -> bool:
        """A hint's card (added to a payment, discarded, or a power that needs no target): the cursor on it (Enter
        uses it so); a move that Enter on the card would not make (a target, a pair) is left to the board."""
        index = self._hint_card(action)
        if index is None:
            return False
        card = action.args[0]
        uses = self.board.card_uses(card)
        enter = next((a for a in uses if a.name in ("add", "discard")), None)
        if enter is None:
            plays = [a for a in uses if a.name == "play"]
            enter = plays[0] if len(plays) == 1 and len(plays[0].args) == 1 else None
        if enter != action:
            return False
        self.card = index
        return True

    def point_near(self, action: Action) -> bool:
        """A hint's card whose move Enter on the card would not make (a power's target, a pair): the cursor on
        the card, Enter still playing the whole move (the board's hint)."""
        index = self._hint_card(action)
        if index is None:
            return False
        self.card = index
        return True

    def _hint_card(self, action: Action) -> int | None:
        """Where in the hand the card a hint's move begins with is, while the hand may show it."""
        if self.lux is not None or self.pair_first is not None or not action.args:
            return None
        card = action.args[0]
        return self.card_index_of(card) if isinstance(card, str) else None

    def step_card(self, key: str, character: str | None) -> bool:
        hand = self.hand
        if self.lux is not None or not hand:
            return False
        # the cursor steps over the cards that cannot be used now, unless none can
        chips = [Chip(card, usable=bool(self.board.card_uses(card))) for card in hand]
        self.card = step_usable(chips, self.card, -1 if key in PREV else 1)
        return True

    def use_card(self, key: str, character: str | None) -> bool:
        card = self._card_here()
        if card is None:
            return False
        if self.pair_first is not None:
            self._pair(self.pair_first, card)
        else:
            self._use(card, power=False)
        return True

    def power(self, key: str, character: str | None) -> bool:
        card = self._card_here()
        if card is None:
            return False
        self._use(card, power=True)
        return True

    def give_up_pair(self, key: str, character: str | None) -> bool:
        if not self.pairing():
            return False
        self.pair_first = None
        return True

    def _use(self, card: str, power: bool) -> None:
        """Enter (or p) on a card of the hand: hand the engine the action it means, or ask for a target."""
        board = self.board
        uses = board.card_uses(card)
        if not power:
            for name in ("add", "discard"):
                action = next((a for a in uses if a.name == name), None)
                if action is not None:
                    board.submit(action)
                    return
        plays = [a for a in uses if a.name == "play"]
        if plays:
            if len(plays) == 1 and len(plays[0].args) == 1:
                board.submit(plays[0])
            elif card.startswith("lu"):
                self.lux = card
                self.people_choice = 0
            else:
                here = self.me["position"] if self.me else board.city.cell
                dragon = self.view["dragons"].get(board.dragon_of(card)) if not card.startswith("ve") else None
                board.city.choose_target(("play", (card,)), dragon or here)
            return
        pairs = [a for a in uses if a.name == "pair"]
        if pairs:
            partners = {a.args[1] if a.args[0] == card else a.args[0] for a in pairs}
            if len(partners) == 1:
                self._pair(card, partners.pop())
            else:
                self.pair_first = card
            return
        board.notice(self.card_sentence(), error=True)

    def _pair(self, first: str, second: str) -> None:
        pair = sorted((first, second))
        action = next((a for a in self.board.actions("pair") if sorted(a.args) == pair), None)
        self.pair_first = None
        self.board.send(action, _("{a} and {b} cannot be paired.", a=first, b=second))

    def _people_choices(self) -> list[str]:
        """The peoples to choose from; none left gives the choice up."""
        choices = self.lux_peoples()
        if not choices:
            self.lux = None
        return choices

    def step_people(self, key: str, character: str | None) -> bool:
        choices = self._people_choices()
        if choices:
            self.people_choice = (self.people_choice + (-1 if key in PREV else 1)) % len(choices)
        return True

    def people_digit(self, key: str, character: str | None) -> bool:
        choices = self._people_choices()
        if choices and not 1 <= int(key) <= len(choices):
            return False
        if choices:
            self.people_choice = int(key) - 1  # a digit selects; Enter confirms (as everywhere else)
        return True

    def choose_people(self, key: str, character: str | None) -> bool:
        choices = self._people_choices()
        if choices:
            self.board.send(self.board.pick("play", self.lux, choices[self.people_choice]))
        return True

    def give_up_people(self, key: str, character: str | None) -> bool:
        self.lux = None
        return True

    def click(self, hit: Hit) -> bool:
        """A click on a card puts the cursor there, a second click on it is Enter; so for a Lux's people."""
        if hit.kind == "people" and self.lux is not None:
            again = self.people_choice == hit.a
            self.people_choice = hit.a
        elif hit.kind == "card" and self.lux is None:
            again = self.was_active and self.card == hit.a
            self.card = hit.a
        else:
            return False
        if again:
            self.key("enter", None)
        return True

    def status(self, canvas: Canvas, line: Text, width: int) -> bool:
        """While a Lux's people is chosen, draw the choice on the status line (its clicks come back to
        :meth:`click`); False otherwise."""
        if self.lux is None:
            return False
        self._status_people(canvas, line, width)
        return True

    def _status_people(self, canvas: Canvas, line: Text, width: int) -> None:
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
            canvas.add(line, label, style, Hit("people", i))
            line.append(" ")

    def enter_hint(self) -> tuple[str, str] | None:
        """What Enter does with the card under the cursor (pair it, while a pair is made)."""
        if self.pair_first is not None:
            return "Enter", _("pair")
        card = self._card_here()
        uses = {a.name for a in self.board.card_uses(card)} if card else set()
        if not uses:
            return None
        return "Enter", {"add": _("add"), "discard": _("discard"), "pair": _("pair")}.get(
            next((n for n in ("add", "discard", "pair") if n in uses), ""), _("play"))

    KEYS = (
        PartKey(tuple(MOVES), N_("people"), "step_people", modal=True, when="holds_keys", label=LEFT_RIGHT,
                help=N_("While a Lux's people is chosen: choose the people it recolours.")),
        PartKey(DIGITS, do="people_digit", modal=True,
                help=N_("While a Lux's people is chosen: choose the people it recolours.")),
        PartKey(ENTER, N_("choose"), "choose_people", modal=True, when="holds_keys",
                help=N_("While a Lux's people is chosen: recolour it.")),
        PartKey(("escape",), N_("back"), "give_up_people", modal=True, when="holds_keys",
                help=N_("Give up choosing a Lux's people.")),
        PartKey(tuple(MOVES), N_("card"), "step_card", when="on_cards", label=LEFT_RIGHT,
                help=N_("Choose a card; the cursor stops on the cards you can use now (underlined).")),
        PartKey(ENTER, hint="enter_hint", do="use_card", when="on_cards",
                help=N_("Use the card: play its power while moving (a Venti, or a dragon card), add it to a "
                     "contribution, play a Pillar after an offering, or discard it at the end of the turn.")),
        PartKey(("p",), N_("power"), "power", when="power_differs",
                help=N_("Play the card's power even when Enter would add it: a Lux recolours, a Mimix pairs with a "
                     "second Mimix into a wild 3.")),
        PartKey(("escape",), N_("back"), "give_up_pair", when="pairing", help=N_("Give up pairing a Mimix.")),
    )
