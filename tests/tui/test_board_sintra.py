"""Sintra's board at 80x24: the reset question, the centre key, the keep step and texts that must fit."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.game import GameScreen

from .board_screens import screen_text, sintra_until
from .helpers import app_for, completion_setup, sintra_session, wait_until


def _can_reset(state) -> bool:
    return state.current_player == 0 and Action("reset") in state.legal_actions()


async def test_r_asks_before_resetting_the_glazier():
    """Defect: `r` reset the glazier (the whole turn, no undo) with no question."""
    session = sintra_until(_can_reset)
    before = list(session.record.actions)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "glazier" in screen_text(app)
        assert session.record.actions == before
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.record.actions == before
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert session.record.actions == [*before, "reset"]


async def test_shift_c_jumps_to_the_centre():
    """Defect: `C` (shift+c) did nothing although the help says it jumps to the centre."""
    session = sintra_until(lambda s: s.current_player == 0 and any(
        a.name == "take" and a.args[0] == "C" for a in s.legal_actions()))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.supply.source != "C"
        await pilot.press("C")
        assert board.supply.source == "C"
        await pilot.press("1", "shift+c")
        assert board.supply.source == "C"
        await pilot.press("enter")
        assert session.record.actions[-1].startswith("take C ")


async def test_keep_step_draws_the_completed_strip_with_its_pieces():
    """Defect: while the player chose the piece to keep, the just-completed strip was drawn empty."""
    session, take, place = completion_setup()
    session.apply(take)
    session.apply(place)
    slot = place.args[0] - 1
    kept = session.state.view(0)["keep"]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.phase == "keep"
        palaces = board.palaces
        lines = palaces.render().plain.split("\n")
        rows = sorted(y for y, spans in palaces.canvas.hits.items()
                      if any(h.kind == "strip" and (h.a, h.b) == (0, slot) for _s, _e, h in spans))
        strip_rows = rows[1:6]  # the row of strip numbers comes first, the two window rows last
        drawn = []
        for y in strip_rows:
            start, end = next((s, e) for s, e, h in palaces.canvas.hits[y]
                              if (h.kind, h.a, h.b) == ("strip", 0, slot))
            drawn.append(lines[y][start:end].strip())
        assert drawn == [board.glyph(colour) for colour in kept]


async def test_keep_hint_fits_80_columns():
    """Defect: the keep hint was cut off at 80x24 ("(the others go to…")."""
    session, take, place = completion_setup()
    session.apply(take)
    session.apply(place)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "(the others go to the tower)" in text
        board = app.screen.board
        info = board.info.render().plain
        assert "…" not in info
        for colour in board.keeps:
            assert board.glyph(colour) in info


async def test_final_board_names_no_round_bonus():
    """Defect: the final board read "Round 6 of 6, bonus - -, later -"."""
    session = sintra_until(lambda s: False, limit=5000)
    assert session.state.is_over
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "ready", False))
        await pilot.press("v")  # from the results back to the final board
        await pilot.pause()
        text = screen_text(app)
        assert "rounds played" in text
        assert "bonus -" not in text and "later -" not in text


async def test_default_names_are_shown_in_full_with_four_players():
    """Defect: at 80x24 with 4 players a name of 8 characters read "Player…" once the score grew."""
    names = ("Player 1", "Player 2", "Player 3", "Player 4")
    whole = sintra_until(120, names=names, seed=11)  # played once; each position is its first moves again
    for moves in (0, 40, 80, 120):
        session = sintra_session(names=names, seed=11, autosave=False)
        for action in whole.record.actions[:moves]:
            session.apply_text(action)
        app = app_for(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            palace_line = next(line for line in text.split("\n") if "pts" in line or "Player 1" in line)
            for name in names:
                assert name in palace_line, (moves, palace_line)


async def test_names_are_plain_text_on_the_board():
    """Defect: a name is drawn as typed; markup stays literal (test_board_canvas covers control characters)."""
    names = ("[b]x", "[/]", "Ana[/b]", ":smile:")  # control characters are refused before a game starts
    session = sintra_until(lambda s: True, names=names)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        text = board.text().plain
        assert "[b]x" in text and "[/]" in text
        assert "\x1b" not in text
        assert all(name in text for name in names)
        assert len(text.split("\n")) == 1 + sum(len(part.canvas.lines) for part in board.parts)  # and a blank line
        await pilot.press("tab", "down", "down")  # inspect the strips of the third palace: its name in a sentence
        assert "Ana[/b]'s strip" in board.info.render().plain
        assert "\x1b" not in screen_text(app)


async def test_in_portuguese_the_question_says_sim_s_and_s_answers_it():
    """Guards: the Portuguese button said "Sim (y)" and s did nothing."""
    from boardgames.i18n import set_language

    set_language("pt_BR")
    session = sintra_until(_can_reset)
    before = list(session.record.actions)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Sim (s)" in screen_text(app) and "Não (n)" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.record.actions == [*before, "reset"]


async def test_in_english_s_is_no_answer_to_the_question():
    session = sintra_until(_can_reset)
    before = list(session.record.actions)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Yes (y)" in screen_text(app)
        assert session.record.actions == before
