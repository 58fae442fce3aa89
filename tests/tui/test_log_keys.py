"""The whole log (``L``), the log after a resize, and the key bar keeping help, menu and save in sight."""

from __future__ import annotations

from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.widgets import KeyBar

from .helpers import app_for, sintra_session, wait_until
from .screen_text import screen_text
from .test_bluemoon_play import arrange, bluemoon_session, box_number, cell_of


async def test_L_opens_the_whole_log_scrolled_to_the_latest_move():
    """Guards: the log showed 3-4 lines with no way back to earlier moves."""
    session = sintra_session(names=("Ana", "Bia"), kinds=["human", "bot:greedy"], seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while len(session.log) <= 30:  # turns of Ana, each followed by the bot's
            await pilot.press("enter", "enter")
            await wait_until(pilot, lambda: session.state.current_player == 0 or session.state.phase == "keep")
            if session.state.phase == "keep":
                await pilot.press("enter")
                await wait_until(pilot, lambda: session.state.current_player == 0)
        await pilot.press("L")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FullLogScreen)
        assert flat(screen.log_view.text) == flat(" ".join(session.log))  # every line, in order
        shown = flat(screen_text(app))
        view = screen.log_view
        assert flat(session.log[-1]) in shown
        assert view.scroll_offset.y == view.max_scroll_y > 0  # opened at the latest move
        await pilot.press("home")
        await pilot.pause()
        assert view.scroll_offset.y == 0
        assert screen_text(app).splitlines()[1].strip() == session.log[0]
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_the_log_is_drawn_again_after_a_resize():
    """Guards: after a resize (wide, then back to 80x24) the log stayed blank until the next move."""
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter", "enter")
        await pilot.pause()
        assert session.log[0] in screen_text(app)
        for size in ((160, 40), (80, 24), (60, 20), (80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            if isinstance(app.screen, GameScreen) and not app.screen.has_class("wide"):
                shown = flat(screen_text(app))
                assert all(flat(line) in shown for line in session.log), size
                assert app.screen.log_panel.region.bottom <= app.screen.prompt_bar.region.y, size


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_key_bar_drops_words_from_the_end_and_the_board_keys_words_last():
    """Guards: the board's middle keys lost their words while menu and save at the end kept theirs (issue 33,
    item 28); even over two lines, eight long words do not all fit: the first keep theirs."""
    bar = KeyBar(most_lines=2)
    board = [(f"k{i}", "a long description") for i in range(8)]
    keep = [("?", "help"), ("q", "menu"), ("^s", "save")]
    bar.set_hints(board, keep)
    rows = bar.rows(80)
    shown = bar.shown(80)
    assert len(rows) == 2 and all(sum(KeyBar.width_of(h) for h in row) <= 80 for row in rows)
    assert shown[-3:] == [("?", "keys"), ("q", ""), ("^s", "")]  # something was left out: help lists every key
    worded = [hint for hint in shown[:-3] if hint[1]]
    assert 0 < len(worded) < len(board) and worded == board[:len(worded)]  # every key; the first worded
    assert [key for key, _label in shown[:-3]] == [key for key, _label in board]


async def test_save_stays_in_the_key_bar_during_a_lux_payment():
    """Guards: `^s save` fell off the key bar with a Lux chosen while paying (add, power, cancel, undo...)."""
    session = bluemoon_session()
    library = cell_of(session, "library")
    arrange(session, at=library, hand={"lu1": 1, "lu2": 1, "te1": 1, "kh1": 1})
    box = box_number(session, "library", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", str(box), "enter")
        while not board.hand[board.hand_part.card].startswith("lu"):
            await pilot.press("right")
        await pilot.pause()
        assert ("p", "power") in app.screen.key_bar.hints
        bar = screen_text(app).splitlines()[-1]
        for key, label in (("S", "save"), ("q", "menu"), ("u", "undo")):
            assert f" {key} {label}" in bar
        assert " ? help" in bar or " ? keys" in bar  # '? keys' when a moving key gave way


async def test_L_in_a_replay_shows_the_log_up_to_the_move_on_screen():
    session = sintra_session(seed=1, autosave=False)
    for _ in range(6):
        session.apply(session.state.legal_actions()[0])
    app = app_for(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_replay(session.record)
        await pilot.pause()
        await pilot.press("right", "right", "right", "L")
        await pilot.pause()
        assert isinstance(app.screen, FullLogScreen)
        assert flat(app.screen.log_view.text) == flat(" ".join(session.log[:3]))


async def test_the_whole_log_opened_empty_scrolls_after_the_log_grows():
    """Guards (issue 33, item 20): L before the first move, then a bot moved (the log's lines are the game's own,
    they grow) and a scroll key raised WrongType '#full-log': the screen asked for a log widget it never made."""
    from textual.app import App

    lines: list[str] = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(FullLogScreen("Sintra", ["Ana", "Bia"], lines))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert "No move has been made yet." in screen_text(app)
        lines.extend(["Ana takes 2 red glass.", "Bia takes 1 blue glass."])
        await pilot.press("down", "up", "end", "home", "pagedown")
        await pilot.pause()
        assert isinstance(app.screen, FullLogScreen) and "No move has been made yet." in screen_text(app)
