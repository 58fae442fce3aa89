"""Pilot tests: real Sintra turns played by keys (and a mouse), checked on the engine state."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.core.record import read_record
from boardgames.games.sintra.rules import EMPTY
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, board_text, completion_setup, sintra_session


async def test_take_from_a_display_then_place_on_a_strip():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        display = session.state.view(0)["factories"][2]
        first_colour = next(c for c in ("pink", "orange", "yellow", "green", "blue") if display.get(c))
        await pilot.press("3", "enter")
        assert session.record.actions == [f"take 3 {first_colour}"]
        assert session.state.phase == "place"
        legal = [str(a) for a in session.state.legal_actions()]
        target = "place 2" if "place 2" in legal else legal[0]
        await pilot.press(target[-1], "enter")
        assert session.record.actions[-1] == target
        slot = int(target[-1]) - 1
        placed = [c for c in session.state.players[0].filled[slot] if c != EMPTY]
        assert len(placed) >= 1
        assert session.state.current_player == 1
        assert "Ana takes" in app.screen.log_panel.shown[0]


async def test_arrows_choose_the_source_and_the_colour():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.supply.source == 1
        await pilot.press("right", "right")
        assert board.supply.source == 3
        colours = [t[1] for t in board.takes if t[0] == 3]
        await pilot.press("down")
        assert board.supply.colour == colours[1 % len(colours)]
        await pilot.press("left", "left", "left")  # wraps round to the centre... which is empty, so display 5
        assert board.supply.source == 5
        await pilot.press("enter")
        assert session.record.actions[0].startswith("take 5 ")


async def test_colour_letter_selects_a_colour_and_a_missing_one_says_why():
    session = sintra_session(seed=1)
    view = session.state.view(0)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        display = view["factories"][0]
        missing = next(c for c in ("pink", "orange", "yellow", "green", "blue") if not display.get(c))
        present = [c for c in ("pink", "orange", "yellow", "green", "blue") if display.get(c)][-1]
        letters = {"pink": "p", "orange": "o", "yellow": "y", "green": "g", "blue": "b"}
        await pilot.press("1", letters[missing])
        assert f"no {missing} glass on display 1" in app.screen.prompt_bar.message
        assert session.record.actions == []
        await pilot.press(letters[present], "enter")
        assert session.record.actions == [f"take 1 {present}"]


async def test_an_illegal_place_shows_the_rules_message_and_changes_nothing():
    session, take, place = completion_setup()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session.apply(take)
        app.screen.after_change()
        await pilot.pause()
        legal = {a.args[0] for a in session.state.legal_actions() if a.name == "place"}
        wrong = next(n for n in range(1, 9) if n not in legal)
        before = session.state.to_json()
        actions = list(session.record.actions)
        await pilot.press(str(wrong), "enter")
        assert session.record.actions == actions
        assert session.state.to_json() == before
        assert app.screen.prompt_bar.error
        assert app.screen.prompt_bar.message  # the engine's sentence, shown as it is


async def test_complete_a_strip_by_keys_fills_its_window():
    session, take, place = completion_setup()
    source, colour = take.args
    slot = place.args[0]
    score_before = session.state.players[0].score
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c" if source == "C" else str(source), colour[0], "enter")
        assert session.record.actions[-1] == str(take)
        await pilot.press(str(slot), "enter")
        assert session.record.actions[-1] == str(place)
        assert session.state.phase == "keep"
        assert "keep for its window" in board_text(app)
        await pilot.press("enter")
        assert session.record.actions[-1].startswith("keep ")
        palace = session.state.players[0]
        assert palace.windows[slot - 1][0] != EMPTY
        assert palace.score > score_before
        assert session.state.current_player == 1


async def test_undo_within_a_turn_and_not_after_it():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = session.state.to_json()
        await pilot.press("u")
        assert "nothing to undo" in app.screen.prompt_bar.message.lower()
        await pilot.press("2", "enter")
        assert len(session.record.actions) == 1
        assert ("u", "undo") in app.screen.key_bar.hints
        await pilot.press("u")
        assert session.record.actions == []
        assert session.state.to_json() == start
        assert app.screen.board.phase == "take"
        # a finished turn cannot be taken back
        await pilot.press("2", "enter", "enter")
        assert session.state.current_player == 1
        await pilot.press("u")
        assert len(session.record.actions) == 2
        assert app.screen.prompt_bar.error


async def test_clicks_select_then_confirm():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        supply, palaces = board.supply, board.palaces
        hits = supply.canvas.hits[0]  # the displays line
        start, _end, hit = next(h for h in hits if h[2].kind == "take" and h[2].a == 2)
        await pilot.click(supply, offset=(start, 0))
        assert (supply.source, supply.colour) == (2, hit.b)
        assert session.record.actions == []
        await pilot.click(supply, offset=(start, 0))
        assert session.record.actions == [f"take 2 {hit.b}"]
        # click a strip of Ana's palace (row of strip numbers) twice
        legal = [a.args[0] for a in session.state.legal_actions() if a.name == "place"]
        target = legal[-1]
        row = next(y for y, spans in palaces.canvas.hits.items() if any(h.kind == "strip" for _, _, h in spans))
        start = next(s for s, _, h in palaces.canvas.hits[row] if h.kind == "strip" and h.a == 0 and h.b == target - 1)
        await pilot.click(palaces, offset=(start, row))
        assert palaces.strip == target
        await pilot.click(palaces, offset=(start, row))
        assert session.record.actions[-1] == f"place {target}"


async def test_reset_and_break_keys_go_to_the_engine():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # not legal at the start: the glazier is already leftmost
        assert session.record.actions == []
        assert "glazier" in app.screen.prompt_bar.message.lower()
        await pilot.press("enter")
        await pilot.press("b")  # a strip has room, so breaking is refused
        assert session.state.phase == "place"
        assert app.screen.prompt_bar.error


async def test_ascii_mode_shows_letters_not_glyphs():
    session = sintra_session(seed=1)
    app = app_for(session, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert not set(text) & set("♥●★♣■✱♡○☆♧□▼▶")
        assert any(letter in text for letter in "POYGB")
        assert any(letter in text for letter in "poygb")  # empty pattern spaces in lower case


async def test_glyph_mode_shows_every_colour_glyph():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        for glyph in "♡○☆♧□":  # every empty pattern space on the palaces
            assert glyph in text


async def test_four_players_fit_in_80_columns():
    session = sintra_session(names=("Ana", "Bia", "Caio", "Duda"), seed=42)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        lines = board.text().plain.split("\n")
        assert max(len(line) for line in lines) <= 80
        assert all(name in board.palaces.render().plain.split("\n")[0] for name in ("Ana", "Bia", "Caio", "Duda"))
        assert "9 " in lines[0] and "Centre" in lines[1]
        # the board, the log title, the prompt and the key bar all show
        assert board.region.height == len(lines)
        assert app.screen.key_bar.region.y == 23
        assert app.screen.prompt_bar.region.height == 2
        assert app.screen.log_panel.region.height >= 3


async def test_tab_inspects_strips_and_shows_the_other_side():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "right")
        board = app.screen.board
        assert board.palaces.inspecting == (0, 1)
        assert "Ana's strip 2" in board_text(app) and "other side" in board_text(app)
        await pilot.press("down")
        assert board.palaces.inspecting == (1, 1)
        await pilot.press("tab")
        assert board.palaces.inspecting is None
        await pilot.press("enter")
        assert session.record.actions[0].startswith("take")


async def test_save_writes_the_record():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.press("ctrl+s")
        assert f"saved as {session.path.name}" in app.screen.prompt_bar.message
        assert read_record(session.path).actions == session.record.actions


def test_make_board_is_found_by_the_shell():
    from boardgames.games.sintra.board import SintraBoard
    from boardgames.tui.board import board_for

    from .helpers import SINTRA

    assert isinstance(board_for(SINTRA), SintraBoard)
    assert Action("reset") == Action.parse("reset")
