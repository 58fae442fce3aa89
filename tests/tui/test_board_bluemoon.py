"""Blue Moon City's board at 80x24: the Lux picker, and texts that must be whole (never cut with "…")."""

from __future__ import annotations

from boardgames.games.bluemoon.rules import GRID

from .board_screens import bluemoon_session, screen_text
from .helpers import app_for
from .test_bluemoon_play import arrange, box_number, cell_of

PLAYERS = ("Player 1", "Player 2", "Player 3", "Player 4")


def _gather(session, building: str, seats, dragons) -> str:
    """Put the figures of ``seats`` and the dragons (0 red, 1 green, 2 blue) on ``building``; return its cell."""
    state = session.state
    where = state.cell_of(building) if building != "courtyard" else GRID.parse("c3")
    for seat in seats:
        state.players[seat].pos = where
    for dragon in dragons:
        state.dragons[dragon] = where
    return GRID.name(where)


async def test_a_digit_selects_the_people_of_a_lux_and_enter_confirms():
    """Defect: a digit in the Lux picker chose at once, and the Enter that followed added a card nobody chose."""
    session = bluemoon_session(names=("Ana", "Bia"), expansion=False)
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"lu1": 1, "te1": 1, "te2": 1, "vu2": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", str(box), "enter", "enter")
        assert board.hand_part.lux is not None
        # the choice keeps the keys: Tab stays on it, and the key bar does not offer Tab
        assert not any(key == "Tab" for key, _label in board.key_hints())
        await pilot.press("tab")
        assert board.active is board.hand_part and board.hand_part.lux == "lu1"
        choices = board.hand_part.lux_peoples()
        assert len(choices) >= 2
        before = list(session.record.actions)
        await pilot.press("2")
        assert session.record.actions == before
        assert board.hand_part.people_choice == 1 and board.hand_part.lux is not None
        await pilot.press("enter")
        assert session.record.actions == [*before, f"play lu1 {choices[1]}"]
        assert session.state.pay.cards == []  # nothing was added by the same Enter


async def test_the_tile_line_is_whole_with_everyone_on_the_courtyard():
    """Defect: the line about the tile was cut off at 80x24 ("... the green dr…")."""
    session = bluemoon_session(names=PLAYERS)
    arrange(session)
    _gather(session, "courtyard", range(4), (0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        board.focus_part(board.city)
        board.city.cell = "c3"
        board.refresh()
        await pilot.pause()
        status = board.text().plain.split("\n")[-1]
        assert status.startswith("c3 Courtyard") and status.endswith("."), status
        assert "…" not in status and "dragon" in status
        for sentence in (board.city.cell_sentence(f"{col}{row}", 80) for col in "abcde" for row in range(1, 6)):
            assert len(sentence) <= 80, sentence


async def test_default_names_are_whole_beside_the_city():
    """Defect: with 4 players the panel showed 7 characters of a name: "Player 1" read "Player…"."""
    session = bluemoon_session(names=PLAYERS)
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for name in PLAYERS:
            assert name in text
        assert "Player…" not in text


async def test_bot_names_drop_their_kind_rather_than_being_cut():
    """A bot's long seat name loses its "(greedy)" in the narrow panel, not its number."""
    session = bluemoon_session(names=("Ana", "Bia", "Bot 3 (greedy)"))
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel_line = next(line for line in screen_text(app).split("\n") if " 3 Bot 3 " in line)
        assert "…" not in panel_line


async def test_the_main_hall_keeps_a_readable_name_beside_figures_and_dragons():
    """Defect: the Main Hall's name line read "Ma. H. 1 B" when a figure and a dragon stood there."""
    for seats, dragons, expected in (((0,), (1,), "Main H. 1G"), (range(4), (0, 1, 2), "Main H. 1+")):
        session = bluemoon_session(names=PLAYERS, seed=921500)
        arrange(session)
        _gather(session, "main_hall", seats, dragons)
        app = app_for(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.board
            board.focus_part(board.hand_part)
            board.city.cell = "c3"  # no cursor or mark on the tile
            board.interactive = False
            text = board.text().plain
            assert expected in text, text
            assert "Ma. " not in text


async def test_names_are_plain_text_on_the_board():
    """Defect: names are drawn as typed: markup stays literal (test_board_canvas covers control characters)."""
    names = ("[b]x", "[/]", "Ana[/b]", ":smile:")  # control characters are refused before a game starts
    session = bluemoon_session(names=names)
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        board.focus_part(board.city)
        board.city.cell = "c3"
        text = board.text().plain
        assert all(name in text for name in names)
        assert "\x1b" not in text and "\x1b" not in screen_text(app)
        assert len(text.split("\n")) == board.region.height


async def test_a_box_digit_beyond_the_boxes_says_so():
    """Defect: a digit past the last box of the tile blanked the line under the board and Enter did nothing."""
    session = bluemoon_session(names=("Ana", "Bia"), expansion=False)
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"aq3": 1})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", "5")
        assert "boxes 1 to 3" in app.screen.prompt_bar.message and app.screen.prompt_bar.error
        assert board.boxes.box in (1, 2, 3)
        assert board.text().plain.split("\n")[-1].strip()


async def test_walking_to_an_empty_corner_says_there_is_no_tile():
    """Defect: Enter on an empty corner said "a1 is not in reach", as if a longer walk could get there."""
    session = bluemoon_session(names=("Ana", "Bia"), expansion=False)
    arrange(session, at="c3")
    assert session.state.view(0)["cells"][0][0] is None  # without the expansion the corners hold no tile
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        board.city.cell = "a1"
        before = list(session.record.actions)
        await pilot.press("enter")
        message = app.screen.prompt_bar.message
        assert "empty corner" in message and "not in reach" not in message
        assert session.record.actions == before


async def test_ending_or_drawing_while_paying_says_to_finish_or_cancel():
    """Defect: e while paying a box said "only possible after moving", though the player had moved."""
    session = bluemoon_session(names=("Ana", "Bia"), expansion=False)
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"aq2": 1, "aq1": 1, "te1": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s", str(box), "enter")
        assert session.state.phase == "pay"
        before = list(session.record.actions)
        for key in ("e", "d"):
            await pilot.press(key)
            message = app.screen.prompt_bar.message
            assert "c to cancel" in message and "after moving" not in message and app.screen.prompt_bar.error
            assert session.record.actions == before
