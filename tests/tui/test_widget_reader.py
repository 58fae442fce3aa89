"""The reader (a scene and numbered choices, scrolled in a few lines) and the action picker (a multi-select whose
ticks are the game's moves), against small static pages."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.tui.widgets.picker import ActionPicker, PickItem
from boardgames.tui.widgets.reader import Reader, ReaderChoice, wrap

from .test_widgets import Host

SCENE = ("Water drips from a stair cut into the rock. Somewhere below, a bell rings once, then again, "
         "closer. The lantern light shakes on the wet walls and something moves at the edge of it.\n\n"
         "Your companions look at you and wait.")
CHOICES = [
    ReaderChoice("Slip past quietly", "3+ lanterns", Action("choose", (1,))),
    ReaderChoice("Follow the bell down the stair", "5+ / 7+ lanterns; +1 per hammer", Action("choose", (2,))),
    ReaderChoice("Ring a bell of your own", "4+ lanterns; +2 if you pay 1 coin", Action("choose", (3,))),
]


def text_of(part) -> list[str]:
    return part.render().plain.split("\n")


def test_wrap_keeps_paragraphs_and_indents():
    lines = wrap("one two three four five six\n\nseven", 10, "   ", "1. ")
    assert lines[0].startswith("1. ") and all(len(line) <= 10 for line in lines)
    assert "" in lines and lines[-1].strip() == "seven" and lines[1].startswith("   ")


async def test_the_reader_scrolls_a_long_scene_and_chooses_by_keys():
    reader = Reader(rows=6)
    app = Host(reader)
    async with app.run_test(size=(40, 12)) as pilot:
        reader.set_page("The Dripping Stair", SCENE, CHOICES)
        await pilot.pause()
        lines = text_of(reader)
        assert len(lines) == 6 and lines[0] == "The Dripping Stair"
        assert lines[-1].endswith("▼") and all(len(line) <= 40 for line in lines)
        await pilot.press("pagedown")
        lines = text_of(reader)
        assert lines[0].endswith("▲") and "The Dripping Stair" not in lines
        await pilot.press("home")
        assert text_of(reader)[0] == "The Dripping Stair"
        await pilot.press("j", "j")
        assert reader.top == 2
        await pilot.press("k")
        assert reader.top == 1
        # the cursor brings the choice into view; a digit points, the same digit again takes it
        await pilot.press("2")
        assert "Follow the bell" in reader.render().plain and app.chosen == []
        assert "again" in reader.sentence()
        await pilot.press("2")
        assert app.chosen == [Action("choose", (2,))]
        await pilot.press("down", "enter")
        assert app.chosen[-1] == Action("choose", (3,))
        assert any(key == "PgUp/PgDn j/k" for key, _ in reader.key_hints())


async def test_the_reader_shows_the_result_after_the_choices_and_takes_no_second_choice():
    reader = Reader(rows=0, ascii=True)
    app = Host(reader)
    async with app.run_test(size=(40, 30)) as pilot:
        reader.set_page("The Dripping Stair", SCENE, CHOICES, after=[("5 lanterns: 2 coins, 1 rope", "bold")],
                        taken=1)
        await pilot.pause()
        text = reader.render().plain
        assert text.isascii() and ">2. Follow the bell" in text and text.rstrip().endswith("1 rope")
        await pilot.press("enter", "1", "1")
        assert app.chosen == []


async def test_a_choice_that_cannot_be_taken_is_never_posted():
    reader = Reader()
    app = Host(reader)
    async with app.run_test(size=(40, 20)) as pilot:
        reader.set_page("A", "B", [ReaderChoice("no", value=1, enabled=False), ReaderChoice("yes", value=2)])
        await pilot.pause()
        assert reader.cursor == 1
        await pilot.press("up", "enter")
        assert app.chosen == []
        await pilot.press("down", "enter")
        assert app.chosen == [2]


async def test_the_picker_posts_the_games_moves_for_each_tick():
    picker = ActionPicker(ascii=True)
    app = Host(picker)
    add, drop, go, back = Action("add", ("ana",)), Action("drop", ("ana",)), Action("go"), Action("back")
    async with app.run_test(size=(40, 10)) as pilot:
        picker.set_items([PickItem("Ana", tick=add, note="3+"), PickItem("Bo", tick=Action("add", ("bo",)))],
                         confirm=None, cancel=back, least=2, heading="Party")
        await pilot.pause()
        await pilot.press("enter")
        assert app.chosen == [] and "at least 2" in picker.render().plain
        await pilot.press("space")
        assert app.chosen == [add]
        # the game answers: Ana is in the party now, and two may go
        picker.set_items([PickItem("Ana", True, untick=drop), PickItem("Bo", True, untick=Action("drop", ("bo",)))],
                         confirm=go, cancel=back, least=2)
        await pilot.press("x")
        assert app.chosen[-1] == drop
        await pilot.press("enter")
        assert app.chosen[-1] == go
        await pilot.press("escape")
        assert app.chosen[-1] == back
        assert "[x] Ana" in picker.render().plain and picker.render().plain.isascii()


async def test_the_picker_says_why_an_item_cannot_join():
    picker = ActionPicker()
    app = Host(picker)
    async with app.run_test(size=(40, 10)) as pilot:
        picker.set_items([PickItem("Cat")])
        await pilot.pause()
        await pilot.press("space")
        assert app.chosen == [] and "cannot be chosen" in picker.render().plain


def test_a_count_never_leaves_its_name_at_a_line_break():
    """Guards: the reward read out after a roll broke as "coins:" at a line's end and "2" on the next."""
    text = "Ana's party: 5 lanterns, 5+ met: coins: 2, rope: 1, reputation: +1."
    for width in range(20, 70):  # wider than "reputation: +1." and "party: 5"
        lines = wrap(text, width)
        assert " ".join(lines) == text
        for line, following in zip(lines, lines[1:]):
            assert not (line.endswith(":") and following[:1] in "+-0123456789"), (width, lines)
