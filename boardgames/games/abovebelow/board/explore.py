"""The explore: the party picker (a multi-select of ready villagers) and the encounter reader (the scene, the
choices with their lantern thresholds and modifiers; rewards only once the dice are rolled)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from boardgames.games.abovebelow.board.common import rules, villager_chip, villager_words
from boardgames.i18n import N_, _, n_
from boardgames.tui.widgets.picker import ActionPicker, PickItem
from boardgames.tui.widgets.reader import Reader, ReaderChoice

if TYPE_CHECKING:
    from boardgames.games.abovebelow.board.board import AboveBelowBoard


def choice_detail(choice: dict[str, Any]) -> str:
    """'5+ / 7+ lanterns; +1 per hammer villager in the party' (the reader's line under a choice)."""
    needs = _("{levels} lanterns", levels=" / ".join(f"{n}+" for n in choice["thresholds"]))
    return "; ".join([needs, *choice.get("modifiers", [])])


def explore_of(view: Mapping[str, Any]) -> dict[str, Any] | None:
    return view.get("explore")


#: what the party's keys do, in the explore's words
PARTY_HELP = {"toggle": N_("Put the villager under the cursor on the cave card, or take it off."),
              "accept": N_("Set out (2 or more villagers)."), "give_up": N_("Give up the explore.")}


class PartyPart(ActionPicker):
    """The ready villagers of the explorer, ticked when on the cave card: space adds or drops one, Enter sets
    out (2 or more), Escape gives up the explore."""

    #: the picker's keys, in the explore's words; its letters (h, l, x) are the turn's too, so it holds the
    #: keyboard: the board's letters are off while it has the focus
    HOLDS_KEYS = True
    HELP_TITLE = N_("Party")
    KEYS = tuple(replace(row, help=PARTY_HELP.get(row.do, row.help)) for row in ActionPicker.KEYS)

    if TYPE_CHECKING:  # the party lives in Above and Below's board and draws once that shows a view
        @property
        def board(self) -> AboveBelowBoard: ...

        @property
        def view(self) -> dict[str, Any]: ...

    def title(self) -> str:
        return _("party")

    def update(self) -> None:
        board, view = self.board, self.view
        seat = view.get("seat") if view.get("seat") is not None else view.get("current")
        if seat is None:  # a finished game watched by nobody: no explorer, so no party to list
            self.set_items([])
            self.villagers = []
            return
        explore = explore_of(view) or {}
        party = list(explore.get("party") or [])
        p = view["players"][seat]
        picks = []
        order = rules().villager_index
        villagers = sorted({*party, *p["ready"]}, key=lambda v: order[v])
        for villager in villagers:
            add, drop = board.pick("add", villager), board.pick("drop", villager)
            if villager in party or add is not None or villager in p["ready"]:
                picks.append(PickItem(villager_chip(villager, self.ascii), villager in party, add, drop))
        cave = explore.get("cave")
        heading = _("Party for {cave}", cave=_(rules().cave[cave].name)) if cave else _("Party")
        self.set_items(picks, board.pick("go"), board.pick("back"), least=2, heading=heading)
        self.villagers = villagers

    def sentence(self) -> str:
        if not self.picks:
            return ""
        villager = self.villagers[self.cursor]
        text = villager_words(villager)
        return text + (_(": on the card, space takes it off") if self.picks[self.cursor].ticked else
                       _(": space puts it on the card"))


class EncounterPart(Reader):
    """The encounter being read, in the panel's lines: its title and scene, the choices with their thresholds
    and modifiers (from the view, which holds no reward before the roll). What the roll gave follows the
    choices once it is resolved: the reward, or the failure text."""

    HELP_TITLE = N_("Encounter")

    def title(self) -> str:
        return _("encounter")

    def update(self) -> None:
        board = cast("AboveBelowBoard", self.board)  # the encounter lives in Above and Below's board
        assert board.view is not None, "read once the board shows a view"
        self.rows = board.panel_rows()
        explore = explore_of(board.view) or {}
        encounter = explore.get("encounter")
        if not encounter:
            self.set_page("", "")
            return
        choices = []
        for i, choice in enumerate(encounter["choices"]):
            action = board.pick("choose", i + 1)
            choices.append(ReaderChoice(_(choice["label"]), choice_detail(choice), action,
                                        action is not None or explore.get("choice") is not None))
        taken = explore.get("choice")
        after = []
        outcome = explore.get("outcome")
        if outcome:
            after.append((outcome_text(outcome), "bold"))
        title = _(encounter["title"])
        if entered_by_die(explore):
            title = _("{title} (entry die {n})", title=title, n=explore["entry_die"])
        self.set_page(title, _(encounter["text"]), choices, after, None if taken is None else taken - 1)


def entered_by_die(explore: dict[str, Any]) -> bool:
    """Whether the encounter read is the one the entry die chose, not a follow-up the party read on to."""
    die, cave, encounter = explore.get("entry_die"), explore.get("cave"), explore.get("encounter") or {}
    return bool(die and cave) and rules().cave[cave].entry(die) == encounter.get("id")


def outcome_text(outcome: dict[str, Any]) -> str:
    """What the roll gave: '5 lanterns, 5+ met: 2 coins and 1 rope', or the failure and its text."""
    lanterns = outcome.get("lanterns")
    if outcome.get("success"):
        if outcome.get("followup"):
            return _("The follow-up succeeds: {n} lanterns, {t}+ met: {reward}.", n=lanterns,
                     t=outcome.get("threshold"), reward=outcome.get("reward") or "")
        return _("{n} lanterns, {t}+ met: {reward}.", n=lanterns, t=outcome.get("threshold"),
                 reward=outcome.get("reward") or "")
    failure = _(outcome["failure"]) if outcome.get("failure") else ""
    lanterns = int(lanterns or 0)
    if outcome.get("followup"):
        return n_("The follow-up fails: {n} lanterns, not enough; the rewards already won are kept. {text}",
                  "The follow-up fails: {n} lanterns, not enough; the rewards already won are kept. {text}",
                  lanterns, text=failure).strip()
    return n_("{n} lanterns: not enough. {text}", "{n} lanterns: not enough. {text}", lanterns, text=failure).strip()
