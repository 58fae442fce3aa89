"""Above and Below's board: the top line; the players and the village at the keyboard beside the decision panel
(the list of moves, the party picker, the encounter reader, the dice or the refresh); the rows; the status line.
The keys that belong to no part (the turn's letters) live here."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from boardgames.core.engine import Action, Game
from boardgames.games.abovebelow.board.actors import DicePart, RefreshPart
from boardgames.games.abovebelow.board.explore import EncounterPart, PartyPart
from boardgames.games.abovebelow.board.help import HELP_NOTES, HELP_TAB
from boardgames.games.abovebelow.board.moves import MovesPart
from boardgames.games.abovebelow.board.players import PlayersPart
from boardgames.games.abovebelow.board.result import last_result
from boardgames.games.abovebelow.board.rows import RowsPart
from boardgames.games.abovebelow.board.top import TopPart
from boardgames.games.abovebelow.board.village import VillagePart
from boardgames.i18n import N_, _
from boardgames.tui.board import Board
from boardgames.tui.keys import PartKey
from boardgames.tui.widgets.part import BoardPart
from boardgames.tui.widgets.status import StatusLine

#: the help's sentence for the turn's actions (one line for their six letters)
TURN = N_("The turn's action: explore, build, harvest, train, labor, pass.")
#: the turn's actions, each sent by its first letter, and why it may not be possible now
TURN_ACTIONS = {
    "explore": N_("You cannot explore now: two ready villagers and a cave card needed."),
    "build": N_("You cannot build now: a ready hammer villager and the coins needed."),
    "harvest": N_("You cannot harvest now: no goods on your cards, or nobody ready."),
    "train": N_("You cannot train now: a ready quill villager and the coins needed."),
    "labor": N_("You cannot labor now: nobody is ready."),
    "pass": N_("You cannot pass now."),
}
#: the turn's actions in the key bar (the action's own name, in the reader's language)
TURN_WORDS = {"explore": N_("explore"), "build": N_("build"), "harvest": N_("harvest"), "train": N_("train"),
              "labor": N_("labor"), "pass": N_("pass")}
#: the board's other letters: the action each sends -> its key, its key-bar words, why it may not be possible now
#: and the help's sentence
LETTERS = {
    "sell": ("s", N_("sell"), N_("Nothing to put up for sale now (once a turn, before the action)."),
             N_("Put an item up for sale (the list shows which).")),
    "unsell": ("x", N_("take off sale"), N_("Nothing is up for sale, or the sale space changed this turn."),
               N_("Take your item off sale.")),
    "buy": ("y", N_("buy"), N_("Nobody sells anything you can pay 3 coins for now."),
            N_("Buy another player's item: the list shows each seller and price (or Enter on a player).")),
    "swap": ("w", N_("swap a row"), N_("You cannot swap a row now (1 coin, once a turn)."),
             N_("Swap the house or outpost row for 1 coin.")),
    "track": ("g", N_("goods to track"), N_("No goods can go on your progress track now."),
              N_("Put goods on your progress track.")),
    "accept": ("a", N_("accept"), N_("There is no offer to accept."), N_("The seller: accept or refuse an offer.")),
    "refuse": ("r", N_("refuse"), N_("There is no offer to refuse."), N_("The seller: accept or refuse an offer.")),
    "done": ("d", N_("done"), N_("Nothing to finish now."), N_("Done: finish the step.")),
}

#: phases where the panel shows a part of its own instead of the list of moves, and the rows make way for it
PANEL = {"party", "encounter", "dice", "refresh"}
EXPLORING = {"party", "encounter", "dice"}
#: the explore's steps shown to everyone while another seat decides them (they hold nothing secret)
WATCHED = {"encounter", "dice"}


class AboveBelowBoard(Board):
    """Tab visits the decision's part, the rows, the village (for a harvest) and the players."""

    PARTS = (MovesPart, PartyPart, EncounterPart, DicePart, RefreshPart, RowsPart, VillagePart, PlayersPart, TopPart,
             StatusLine)
    top: TopPart
    players: PlayersPart
    village: VillagePart
    moves: MovesPart
    party: PartyPart
    encounter: EncounterPart
    dice: DicePart
    refresh_part: RefreshPart
    rows: RowsPart
    status: StatusLine
    #: from this terminal height the board shows more (the reputation track, each player's buildings)
    TALL = 34
    HELP_TAB = HELP_TAB
    HELP_NOTES = HELP_NOTES  # translated where shown (tui/screens/help.py)

    DEFAULT_CSS = """
    AboveBelowBoard Horizontal { height: auto; }
    AboveBelowBoard Vertical { height: auto; }
    AboveBelowBoard #ab-left { width: 46; }
    AboveBelowBoard.tall #ab-left { width: 58%; }
    AboveBelowBoard #ab-panel { width: 1fr; padding: 0 0 0 1; }
    """

    def __init__(self, game: Game, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(game, ascii=ascii, id=id)
        #: the last explore's result as this board saw it made (rewards are read out after the roll)
        self.result = ""
        self._last_explore: dict[str, Any] | None = None
        self._result_round: int | None = None

    def compose(self) -> ComposeResult:
        yield self.top
        with Horizontal():
            with Vertical(id="ab-left"):
                yield self.players
                yield self.village
            with Vertical(id="ab-panel"):
                yield self.moves
                yield self.party
                yield self.encounter
                yield self.dice
                yield self.refresh_part
        yield self.rows
        yield self.status

    # -- sizes ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return str(self.shown.get("phase", "")) if self.view else ""

    def panel_rows(self) -> int:
        """Lines of the decision panel: as tall as the players and the village beside it, more while exploring
        (the rows make way); a few lines always stay for the log."""
        height = self.screen_height
        tall = self.tall
        players = len(self.shown["players"]) if self.view else 4
        exploring = self.phase in EXPLORING and self.interactive or self.phase in WATCHED
        fixed = (3 if tall else 1) + 1 + (0 if exploring else 5)  # top, status, rows
        room = height - 3 - (7 if tall else 3) - fixed  # prompt and key bar; the log
        beside = 1 + players * (2 if tall else 1) + (7 if tall else 5)  # the players table and the village
        return max(6, room if exploring else min(room, beside))

    # -- state from the host ----------------------------------------------------------
    def update(self) -> None:
        view = self.shown
        self.set_class(self.tall, "tall")
        result = last_result(self._last_explore, view, self.result, self.interactive)
        if result != self.result or view.get("round") != self._result_round:
            self.result, self._result_round = (result if result != self.result else ""), view.get("round")
        explore = view.get("explore")
        self._last_explore = (dict(explore, seat=view.get("current"), specials=view.get("specials", []))
                              if explore and explore.get("dice") else None)
        phase = self.phase
        # another seat's encounter and dice are public: the reader and the dice show them while it decides
        watched = phase in WATCHED
        for part, shown in ((self.moves, phase not in PANEL or not (self.interactive or watched)),
                            (self.party, phase == "party" and self.interactive),
                            (self.encounter, phase == "encounter"),
                            (self.dice, phase == "dice"),
                            (self.refresh_part, phase == "refresh" and self.interactive),
                            (self.rows, phase not in EXPLORING or not (self.interactive or watched))):
            part.display = shown
        self.decision_shown((self.seat, view.get("current"), phase, self.interactive))  # starts on its own part

    def useful(self, part: BoardPart | None) -> bool:
        """Whether ``part`` still has a move to offer (else the next view goes back to the decision's part)."""
        if part is None or not part.display:
            return False
        if part is self.rows:
            return bool(self.rows.usable())
        if part is self.village:
            return self.village.takes_focus()
        return True

    def focus_order(self) -> list[BoardPart]:
        first: list[BoardPart] = [self.party, self.encounter, self.dice, self.refresh_part, self.moves]
        parts = [*first, self.rows, self.village, self.players]
        return [part for part in parts if part.display and part.takes_focus()]

    def default_part(self) -> BoardPart | None:
        order = self.focus_order()
        phase = self.phase
        preferred = {"build": self.rows, "train": self.rows, "reward": self.rows, "harvest": self.village}
        part = preferred.get(phase)
        if part is not None and part in order and self.useful(part):
            return part
        return order[0] if order else None

    def choose_among(self, actions: list[Action], title: str) -> None:
        """Several moves for one key or card (buy: whom and how much; an outpost: which cave): the list of moves
        shows only them."""
        self.moves.display = True
        self.moves.focus_on(actions, title)
        self.focus_part(self.moves)
        self.moves.refresh(layout=True)

    def buy_from(self, seat: int) -> None:
        actions = [a for a in self.legal if a.name == "buy" and a.args and a.args[0] == seat]
        if actions:
            self.choose_among(actions, _("Buy from {name}: the price", name=self.shown["players"][seat]["name"]))
        else:
            self.submit(None, _("You cannot buy from this player now."))

    # -- the keys of no part ----------------------------------------------------------
    def key_hints(self) -> list[tuple[str, str]]:
        """The part's keys, Tab, then the board's letters, each key once (a part may list ``d`` too)."""
        seen: set[str] = set()
        out = []
        for key, word in super().key_hints():
            if key not in seen:
                seen.add(key)
                out.append((key, word))
        return out

    def offers(self, action: str) -> bool:
        return any(a.name == action for a in self.legal)

    def press(self, row: PartKey, key: str) -> bool:
        """A letter for several moves (sell what, buy from whom and for how much, swap which row, which good to
        the track) lists just those in the list of moves."""
        actions = [a for a in self.legal if a.name == row.action]
        if len(actions) == 1:
            self.submit(actions[0])
        elif actions:
            self.choose_among(actions, _(row.words).capitalize())
        else:
            self.submit(None, _(row.why))
        return True

    def can_go_back(self) -> bool:
        return self.pick("back") is not None

    def go_back(self, key: str, character: str | None) -> bool:
        back = self.pick("back")
        if back is None:
            return False
        self.submit(back)
        return True

    #: the turn's letters, the others, then Escape
    KEYS = (
        *(PartKey((action[0],), TURN_WORDS[action], action=action, why=why, help=TURN)
          for action, why in TURN_ACTIONS.items()),
        *(PartKey((key,), words, action=action, why=why, help=help)
          for action, (key, words, why, help) in LETTERS.items()),
        PartKey(("escape",), N_("back"), "go_back", when="can_go_back",
                help=N_("Back out of the villager choice or the party.")),
    )

    def on_board_part_chosen(self, message: BoardPart.Chosen) -> None:
        """The shared parts (reader, picker) post the action they chose; it goes through the one input rule."""
        message.stop()
        if isinstance(message.value, Action):
            self.submit(message.value)
