"""Villagers a line, each with what can be done to it now by a letter: the dice after an explore's roll
(reroll, injure) and the round end's refresh (potion, cider, bed)."""

from __future__ import annotations

from typing import Any, ClassVar

from boardgames.core.engine import Action
from boardgames.games.abovebelow.board.common import AbovePart, rules, villager_chip, villager_words
from boardgames.games.abovebelow.board.explore import explore_of
from boardgames.i18n import N_, _
from boardgames.tui.canvas import Hit
from boardgames.tui.keys import HOME_END, UP_DOWN, PartKey
from boardgames.tui.widgets.dice import die_face
from boardgames.tui.widgets.reader import wrap

#: the rows every villager list has
STEP_ROW = PartKey(("up", "k", "down", "j"), N_("villager"), "step", label=UP_DOWN, help=N_("Choose a villager."))
ENDS_ROW = PartKey(HOME_END, do="ends", help=N_("Choose a villager."))
DONE_ROW = PartKey(("d", "enter"), N_("done"), "done", when="can_finish", label="d", help=N_("Done with this step."))


class VillagerList(AbovePart):
    """A heading, then a villager a line; up/down (Home/End) choose one, a letter acts on it (the rows of
    :attr:`KEYS` with an action; :meth:`letters`), ``d`` or Enter is done. After a letter of ``ONWARD`` the
    cursor goes on to the next villager that letter can act on, so the same key repeats down the list. Its
    letters are the turn's letters too: the board's are off while it has the focus."""

    HIT_KIND = "villager"
    HOLDS_KEYS = True
    cursor = 0
    #: letters after which the cursor moves on to the next villager that can take them
    ONWARD: frozenset[str] = frozenset()
    #: the list the cursor points into, and the decision it was drawn for (see :meth:`update`)
    _shown: tuple[str, ...] = ()
    _decision: tuple | None = None
    #: (action name, villager, line, the legal list then) of the last letter of ``ONWARD`` sent, until the view
    #: after that move
    _onward: tuple[str, str, int, tuple] | None = None
    KEYS: ClassVar[tuple[PartKey, ...]] = (STEP_ROW, ENDS_ROW, DONE_ROW)

    def letters(self) -> dict[str, tuple[str, str]]:
        """The letters that act on a villager: key -> the action's name and the key bar's word."""
        return {row.keys[0]: (row.action, _(row.words)) for row in self.KEYS if row.action}

    def villagers(self) -> list[str]:
        return []

    def heading(self, short: bool = False) -> list[tuple[str, str]]:
        """The first line's words and styles (``short``: in fewer words, when the line does not fit)."""
        return []

    def note(self, villager: str) -> list[tuple[str, str]]:
        return []

    def takes_focus(self) -> bool:
        return self.interactive and bool(self.villagers())

    def decision(self) -> tuple:
        """Whose list this is: the cursor starts over on the first villager when it changes."""
        return self.view.get("phase"), self.view.get("current")

    def update(self) -> None:
        """A move reorders the list (an injured villager goes last, a rested one moves up): the cursor stays on
        the villager it was on, else on the nearest line; a new decision (another seat's refresh) starts on the
        first line."""
        villagers = self.villagers()
        decision = self.decision()
        on = self._shown[self.cursor] if 0 <= self.cursor < len(self._shown) else None
        onward = self._onward
        if onward is not None and onward[3] != tuple(self.board.legal):  # the move it was sent for is made
            self._onward = None
        else:
            onward = None
        if decision != self._decision:
            self.cursor = 0
        elif onward is not None and (following := self.next_for(*onward[:3])) is not None:
            self.cursor = following
        elif on in villagers:
            self.cursor = villagers.index(on)
        self.cursor = max(0, min(self.cursor, len(villagers) - 1))
        self._shown, self._decision = tuple(villagers), decision

    def next_for(self, name: str, acted: str, line: int) -> int | None:
        """The line of the first villager from ``line`` on (then from the top) that action ``name`` can take,
        other than ``acted``; None when there is none."""
        villagers = self.villagers()
        lines = [i for i in range(len(villagers)) if villagers[i] != acted and self.actions(name, villagers[i])]
        return next((i for i in lines if i >= line), lines[0] if lines else None)

    def draw_canvas(self) -> None:
        head = self.canvas.new_line()
        words = self.heading()
        if sum(len(text) for text, _style in words) > self.width:
            words = self.heading(short=True)
        for text, style in words:
            head.append(text, style)
        head.truncate(self.width)
        for i, villager in enumerate(self.villagers()):
            line = self.canvas.new_line()
            usable = any(self.actions(name, villager) for name, _word in self.letters().values())
            line.append(self.g("choosable") if usable and self.interactive else " ", "bold")
            for text, style in self.note(villager):
                line.append(text, style)
            if self.is_active and self.interactive and i == self.cursor:
                line.stylize("reverse", 1)
            line.truncate(self.width)
            self.canvas.add_hit(len(self.canvas.lines) - 1, 0, line.cell_len, Hit("villager", i))
        rows = self.board.panel_rows()
        while len(self.canvas.lines) < rows:
            self.canvas.new_line()

    def step(self, key: str, character: str | None) -> bool:
        villagers = self.villagers()
        if not villagers:
            return False
        self.cursor = (self.cursor + (-1 if key in ("up", "k") else 1)) % len(villagers)
        return True

    def ends(self, key: str, character: str | None) -> bool:
        villagers = self.villagers()
        if not villagers:
            return False
        self.cursor = 0 if key == "home" else len(villagers) - 1
        return True

    def offers(self, action: str) -> bool:
        """Whether the villager under the cursor can take ``action``."""
        villagers = self.villagers()
        return bool(villagers) and bool(self.actions(action, villagers[self.cursor]))

    def press(self, row: PartKey, key: str) -> bool:
        """A letter: its action on the villager under the cursor."""
        villagers = self.villagers()
        if not villagers:
            return False
        name = row.action
        villager = villagers[self.cursor]
        if self.board.submit(self.meant(name, villager)) and key in self.ONWARD:
            self._onward = (name, villager, self.cursor, tuple(self.board.legal))
        return True

    def can_finish(self) -> bool:
        return self.board.pick("done") is not None

    def done(self, key: str, character: str | None) -> bool:
        self.board.submit(self.board.pick("done"), _("Not done yet."))
        return True

    def meant(self, name: str, villager: str) -> Action:
        """The action a letter asks for on ``villager``: the legal one, else the same in the rules' notation,
        which the board refuses with the rules' reason for it."""
        return self.board.pick(name, villager) or Action(name, (villager,))

    def use(self) -> None:
        """A second click: the first letter's action on the villager clicked."""
        letters = list(self.letters().values())
        villagers = self.villagers()
        if letters and villagers:
            self.board.submit(self.meant(letters[0][0], villagers[self.cursor]))

    def sentence(self) -> str:
        villagers = self.villagers()
        return villager_words(villagers[self.cursor]) if villagers else ""


class DicePart(VillagerList):
    """After the roll: ``⚄5 Nell⚒3 1✦`` a villager a line (its die, its lanterns, ``+1 hurt`` when injured for a
    lantern); the heading has the lanterns counted with the modifiers, what the choice needs and the rerolls left.
    ``r`` rerolls the die under the cursor, ``i`` injures that villager (the cursor goes on to the next one that
    can be), ``p`` pays a coin, ``d`` is done."""

    ONWARD = frozenset("i")
    HELP_TITLE = N_("Dice")

    def title(self) -> str:
        return _("dice")

    def explore(self) -> dict[str, Any]:
        return explore_of(self.view) or {}

    def villagers(self) -> list[str]:
        explore = self.explore()
        return [*explore.get("party", []), *explore.get("injured", [])]

    def draw_canvas(self) -> None:
        super().draw_canvas()
        explore = self.explore()
        encounter, choice = explore.get("encounter"), explore.get("choice")
        if encounter and choice:
            picked = encounter["choices"][choice - 1]
            text = f"{choice}. {_(picked['label'])}: " + "; ".join(
                [" / ".join(f"{n}+" for n in picked["thresholds"]), *picked.get("modifiers", [])])
            at = len(self.villagers()) + 2
            for k, line in enumerate(wrap(self.plain(text), self.width)):
                if at + k < len(self.canvas.lines):
                    self.canvas.lines[at + k].append(line, "dim")

    def heading(self, short: bool = False) -> list[tuple[str, str]]:
        explore = self.explore()
        out = [(_("Lanterns {n}", n=explore.get("lanterns") or 0), "bold")]
        encounter, choice = explore.get("encounter"), explore.get("choice")
        if encounter and choice:
            needs = ("/" if short else " / ").join(str(n) for n in encounter["choices"][choice - 1]["thresholds"])
            out.append((_(", need {n}", n=needs), ""))
        rerolls = explore.get("rerolls_left", 0)
        out.append((f"; {rerolls}{self.sym('reroll')}" if short else _("; rerolls {n}", n=rerolls), "dim"))
        if explore.get("paid"):
            out.append((_("; paid"), "dim"))
        return out

    def note(self, villager: str) -> list[tuple[str, str]]:
        explore = self.explore()
        die = explore.get("dice", {}).get(villager)
        hurt = villager in explore.get("injured", [])
        lanterns = rules().villager[villager].lanterns(die) + hurt if die else 0
        face = f"{die_face(die, self.ascii)}{die}" if die and not self.ascii else f"[{die}]" if die else "  "
        out = [(face + " ", "bold"), (f"{villager_chip(villager, self.ascii):<12}", "")]
        out.append((f" {lanterns}{self.sym('lantern')}", "bold" if lanterns else "dim"))
        if hurt:
            out.append((" " + _("+1 hurt"), "italic"))
        return out

    def can_pay(self) -> bool:
        return self.board.pick("pay") is not None

    def pay(self, key: str, character: str | None) -> bool:
        self.board.submit(self.board.pick("pay"), _("Nothing to pay for in this choice, or already paid."))
        return True

    KEYS = (
        STEP_ROW, ENDS_ROW,
        PartKey(("r",), N_("reroll"), action="reroll", help=N_("Reroll the die under the cursor.")),
        PartKey(("i",), N_("injure"), action="injure",
                help=N_("Injure that villager for a lantern (the cursor goes on to the next one that can be).")),
        PartKey(("p",), N_("pay 1"), "pay", when="can_pay", help=N_("Pay a coin for lanterns.")),
        DONE_ROW,
    )


class RefreshPart(VillagerList):
    """The round end's refresh of the seat at the keyboard: its villagers by state (``hurt``, ``tired``,
    ``ready``); ``p`` gives a potion (injured to exhausted), ``c`` a cider (exhausted to ready), ``b`` a bed
    (one step), ``d`` is done with this stage (potions, then cider, then beds). After each the cursor goes on to
    the next villager that can take the same."""

    ONWARD = frozenset("pcb")
    HELP_TITLE = N_("Refresh")

    def title(self) -> str:
        return _("refresh")

    KEYS = (
        STEP_ROW, ENDS_ROW,
        PartKey(("p",), N_("potion"), action="potion",
                help=N_("Give the villager under the cursor a potion (injured to exhausted); the cursor goes on to the "
                     "next one that can take one.")),
        PartKey(("c",), N_("cider"), action="cider", help=N_("Give it a cider (exhausted to ready).")),
        PartKey(("b",), N_("bed"), action="bed", help=N_("Put it to bed (one step).")),
        DONE_ROW,
    )

    def seat(self) -> int:
        seat = (self.view.get("refresh") or {}).get("seat", self.me())
        assert seat is not None, "the refresh is drawn for a seat that refreshes"
        return int(seat)

    def player(self) -> dict[str, Any]:
        return self.view["players"][self.seat()]

    def decision(self) -> tuple:
        return self.view.get("phase"), self.seat()

    def villagers(self) -> list[str]:
        p = self.player()
        return [*p["injured"], *p["exhausted"], *p["ready"]]

    def heading(self, short: bool = False) -> list[tuple[str, str]]:
        """``Refresh: potions 1, cider 0, beds 3``, the stage underlined; short: ``potions 1 cider 0 beds 3``."""
        refresh = self.view.get("refresh") or {}
        p = self.player()
        stage = refresh.get("stage", "")
        out = [] if short else [(_("Refresh: "), "bold")]
        for k, (name, word, left) in enumerate((("potions", _("potions"), p["potions"]),
                                                ("cider", _("cider"), p["cider"]),
                                                ("beds", _("beds"), refresh.get("beds_left", 0)))):
            out.append(((" " if short else ", ") if k else "", ""))
            out.append((f"{word} {left}", "bold underline" if name == stage else "bold" if short else ""))
        return out

    def note(self, villager: str) -> list[tuple[str, str]]:
        p = self.player()
        state = _("hurt") if villager in p["injured"] else _("tired") if villager in p["exhausted"] else _("ready")
        bedded = villager in ((self.view.get("refresh") or {}).get("bedded") or [])
        width = max(6, *(len(_(word)) + 1 for word in ("hurt", "tired", "ready")))
        out = [(state.ljust(width), "dim" if state == _("ready") else "bold"),
               (villager_chip(villager, self.ascii), "")]
        if bedded:
            out.append((" " + _("(in bed)"), "italic"))
        return out
