"""A broken rules table gives a message on screen, never a traceback, and the menu stays usable."""

from __future__ import annotations

import shutil

import pytest

from boardgames.core.data import data_dir
from boardgames.games.sintra import data as sintra_data
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.menu import LoadScreen, MenuScreen
from boardgames.tui.screens.setup import SetupScreen

from .helpers import sintra_session


@pytest.fixture
def broken_tables(tmp_path, monkeypatch):
    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    text = (folder / "palace.yaml").read_text().replace("end_bonus: ornaments", "end_bonus: sparkles")
    (folder / "palace.yaml").write_text(text)
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    sintra_data.shared_rules.cache_clear()
    yield
    sintra_data.shared_rules.cache_clear()


async def test_new_game_with_a_broken_table_shows_why(broken_tables):
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("home", "enter")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "the game must not start"
        shown = app.screen.last_message
        assert "rules table is broken" in shown and "palace.yaml" in shown and "end_bonus" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_loading_a_save_with_a_broken_table_shows_why(tmp_path, monkeypatch):
    session = sintra_session()
    session.apply(session.state.legal_actions()[0])
    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    (folder / "strips.yaml").write_text("strips: nope\n")
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    sintra_data.shared_rules.cache_clear()
    try:
        app = BoardgamesApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            assert isinstance(app.screen, LoadScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            assert "strips.yaml" in app.screen.last_message
    finally:
        sintra_data.shared_rules.cache_clear()


@pytest.mark.parametrize("damage", [b"# \xff\n", b"deep: " + b"[" * 5000 + b"]" * 5000 + b"\n"])
async def test_a_non_utf8_byte_or_deep_nesting_is_shown_like_any_broken_table(tmp_path, monkeypatch, damage):
    """Guards issue 7: these two damages crashed the set-up screen instead of naming the file."""
    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    (folder / "strips.yaml").write_bytes((folder / "strips.yaml").read_bytes() + damage)
    monkeypatch.setattr(sintra_data, "data_dir", lambda game_id: folder)
    sintra_data.shared_rules.cache_clear()
    try:
        app = BoardgamesApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("home", "enter")
            assert isinstance(app.screen, SetupScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen), "the game must not start"
            shown = app.screen.last_message
            assert "rules table is broken" in shown and "strips.yaml" in shown
    finally:
        sintra_data.shared_rules.cache_clear()
