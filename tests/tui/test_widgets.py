"""The shared board widgets: each answers its own keys, draws itself (ASCII too) and lists its hints."""

from __future__ import annotations

from textual.app import App, ComposeResult

from boardgames.tui.canvas import Canvas
from boardgames.tui.widgets.cards import CardRow, Chip, draw_chips, step_usable
from boardgames.tui.widgets.choices import choices_text
from boardgames.tui.widgets.dice import DiceRow, die_face
from boardgames.tui.widgets.multiselect import MultiSelect
from boardgames.tui.widgets.part import BoardPart
from boardgames.tui.widgets.players import PlayerRow, player_lines


class Host(App):
    """One part, focused; remembers what it chose."""

    def __init__(self, part: BoardPart) -> None:
        super().__init__()
        self.part = part
        self.chosen: list = []

    def compose(self) -> ComposeResult:
        yield self.part

    def on_mount(self) -> None:
        self.part.focus()

    def on_board_part_chosen(self, message: BoardPart.Chosen) -> None:
        self.chosen.append(message.value)


def test_a_long_hand_shows_a_window_around_the_cursor_with_marks():
    canvas = Canvas()
    line = canvas.new_line()
    chips = [Chip(f"card{i}") for i in range(10)]
    draw_chips(canvas, line, chips, 7, 20, ascii=True)
    assert "card7" in line.plain and line.plain.startswith("<") and line.plain.isascii()
    assert line.cell_len <= 22
    assert canvas.hit_at(line.plain.index("card7"), 0).a == 7


def test_the_hand_cursor_skips_cards_that_cannot_be_used():
    chips = [Chip("a"), Chip("b", usable=False), Chip("c")]
    assert step_usable(chips, 0, 1) == 2 and step_usable(chips, 2, 1) == 0 and step_usable(chips, 0, -1) == 2


async def test_card_row_keys_choose_a_usable_card():
    app = Host(CardRow([Chip("a"), Chip("b", usable=False), Chip("c")], "Hand:"))
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.press("right", "enter")
        assert app.chosen == [2]
        assert app.part.key_hints()


def test_player_lines_fit_and_keep_names_plain():
    rows = [PlayerRow("[b]Ana[/b]", (1, 2), current=True), PlayerRow("Bia" * 20, (3, 4))]
    lines = player_lines(rows, ("mk", "sc"), 24, ascii=True)
    assert all(line.cell_len <= 24 for line in lines)
    assert lines[1].plain.startswith("1>[b]Ana")  # markup stays literal
    assert lines[2].plain.rstrip().endswith("3  4")


def test_player_lines_show_the_cursor_on_its_row_only():
    """A game part's player table (draw_player_table) marks the row under its cursor, and only that one."""
    rows = [PlayerRow("Ana", (1,)), PlayerRow("Bia", (2,)), PlayerRow("Caio", (3,))]

    def reversed_rows(cursor):
        lines = player_lines(rows, ("pts",), 30, cursor=cursor)[1:]
        return [i for i, line in enumerate(lines) if any("reverse" in str(span.style) for span in line.spans)]

    assert reversed_rows(1) == [1] and reversed_rows(None) == []


def test_a_wide_value_widens_its_column_instead_of_touching_the_next():
    """Defect: Lemuria's 118 VP ran into the next column ("0118  1") in a table of 3-wide columns."""
    rows = [PlayerRow("Ana", (0, 118, 1)), PlayerRow("Bia", (3, 26, 3))]
    lines = player_lines(rows, ("G", "VP", "mk"), 40)
    assert lines[1].plain.rstrip().endswith("0 118  1") and lines[2].plain.rstrip().endswith("3  26  3")
    assert all(line.cell_len <= 40 for line in lines)


def test_choices_text_is_plain_ascii_in_ascii_mode():
    text = choices_text("Héllo", ["·a"], 0, ascii=True)
    assert text.plain.isascii()


async def test_multi_select_confirms_only_within_its_bounds():
    app = Host(MultiSelect([("a", "A"), ("b", "B"), ("c", "C")], least=1, most=2))
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.press("enter")
        assert app.chosen == [] and "at least" in app.part.notice
        await pilot.press("space", "down", "space", "down", "space")
        assert "At most 2" in app.part.notice and app.part.values == ["A", "B"]
        await pilot.press("home")
        assert app.part.cursor == 0
        await pilot.press("end")
        assert app.part.cursor == 2
        await pilot.press("enter")
    assert app.chosen == [["A", "B"]]


async def test_dice_row_holds_dice_and_draws_ascii():
    assert die_face(3) == "⚂" and die_face(3, ascii=True) == "3" and die_face(8) == "8"
    app = Host(DiceRow([1, 6, 3]))
    async with app.run_test(size=(40, 4)) as pilot:
        await pilot.press("right", "space", "right", "right", "space", "enter")
    assert app.chosen == [[0, 1]]
    assert DiceRow([2, 5], ascii=True).draw().plain == "[2] [5]"


def test_new_contents_keep_each_cursor_and_hold_in_range():
    """A game refreshes a part with fewer items than before: the cursor (and held dice) stay on real items."""
    cards = CardRow([Chip("a"), Chip("b"), Chip("c")])
    cards.cursor = 2
    cards.set_chips([Chip("x")])
    assert cards.cursor == 0 and [c.label for c in cards.chips] == ["x"]
    dice = DiceRow([1, 2, 3, 4])
    dice.cursor, dice.held = 3, {1, 3}
    dice.set_values([5, 6])
    assert dice.cursor == 1 and dice.held == {1} and dice.values == [5, 6]


def test_a_short_key_bar_keeps_every_acting_key_and_says_question_mark_keys():
    """Guards: at 80 columns the last letters of a turn (``t l p w``...) were dropped from the line, then drawn
    bare (issue 33, item 28): ten letters and Enter take a second line, where every one keeps its word."""
    from boardgames.tui.widgets.keybar import KeyBar, spare

    bar = KeyBar(most_lines=2)
    letters = [("e", "explore"), ("b", "build"), ("h", "harvest"), ("t", "train"), ("l", "labor"), ("p", "pass"),
               ("s", "sell"), ("y", "buy"), ("w", "swap a row"), ("g", "goods to track")]
    bar.optional = [("↑↓", "move"), ("Enter", "play"), ("Tab", "rows"), *letters, ("L", "log")]
    bar.keep = [("?", "help"), ("q", "menu"), ("S", "save")]
    rows = bar.rows(80)
    assert len(rows) == 2 and all(sum(bar.width_of(h) for h in row) <= 80 for row in rows)
    shown = bar.shown(80)
    keys = [key for key, _label in shown if not spare(key)]
    assert keys == ["Enter", *[key for key, _label in letters], "?", "q", "S"]
    assert ("Enter", "play") in shown and all(hint in shown for hint in letters)  # every one worded
    assert ("?", "keys") in shown  # something was left out: help lists every key
    bar.keep.insert(0, ("u", "undo"))
    assert [key for key, _label in bar.shown(80) if not spare(key)] == [*keys[:-3], "u", "?", "q", "S"]
    assert bar.shown(200) == bar.optional + bar.keep  # room for all: every word, and "? help"
    bar.optional = letters[:3]
    assert bar.rows(80) == [[*letters[:3], *bar.keep]]


def test_the_key_bar_takes_a_second_line_only_when_a_board_key_would_lose_its_word():
    from boardgames.tui.widgets.keybar import KeyBar

    bar = KeyBar(most_lines=2)
    keep = [("?", "help"), ("q", "menu"), ("S", "save")]
    bar.set_hints([("Enter", "play"), ("e", "explore"), ("b", "build"), ("t", "train"), ("l", "labor")], keep,
                  screen=[("H", "a hint for the move"), ("u", "undo the last move")])
    assert sum(bar.width_of(h) for h in bar.hints) > 80
    assert len(bar.rows(80)) == 1 and bar.shown(80)[:5] == bar.optional[:5]  # the board's words; the rest as room
    bar.set_hints([("Enter", "play"), *((letter, "a long description") for letter in "ebtl")], keep,
                  screen=[("H", "hint")])
    assert len(bar.rows(80)) == 2 and all(hint in bar.shown(80) for hint in bar.optional[:5])
    assert bar.rows(160) == [bar.shown(160)]
    menu = KeyBar()  # a screen's bar that is not a game's: one line, the last words go
    menu.set_hints(bar.optional, bar.keep)
    assert len(menu.rows(80)) == 1 and ("l", "") in menu.shown(80)
