"""A saves folder that cannot be written (full, read-only): nothing claims a save that did not happen (item 12).

The tests run as a user that permissions do not stop, so a full disk is made by
letting every write into the saves folder fail with ENOSPC.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest

from boardgames.core import record as record_module
from boardgames.core import session as session_module
from boardgames.core.record import read_record
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.unsaved import UnsavedScreen

from .helpers import sintra_session, wait_until
from .screen_text import screen_text


class FullDisk:
    """Every write under ``folder`` fails as on a full disk while ``full`` is set."""

    def __init__(self, folder: Path, monkeypatch) -> None:  # noqa: ANN001
        self.folder, self.full = folder, False
        atomic, append = record_module.atomic_write, session_module.append_moves

        def check(path: Path) -> None:
            if self.full and Path(path).resolve().is_relative_to(self.folder.resolve()):
                raise OSError(errno.ENOSPC, "No space left on device")

        def atomic_write(path, text, **kw):  # noqa: ANN001, ANN202
            check(path)
            return atomic(path, text, **kw)

        def append_moves(rec, path, start):  # noqa: ANN001, ANN202
            check(path)
            return append(rec, path, start)

        monkeypatch.setattr(record_module, "atomic_write", atomic_write)
        monkeypatch.setattr(session_module, "append_moves", append_moves)


@pytest.fixture
def disk(monkeypatch):
    folder = default_store().folder
    folder.mkdir(parents=True, exist_ok=True)
    return FullDisk(folder, monkeypatch)


async def move_by_keys(pilot, session) -> None:
    """One Sintra move by keys: take from the first display with pieces, or place on the first strip that takes them."""
    before = len(session.record.actions)
    legal = [str(a) for a in session.state.legal_actions()]
    if session.state.phase == "place":
        target = next(a for a in legal if re.fullmatch(r"place [1-9]", a))
        await pilot.press(target[-1], "enter")
    else:
        take = next(a for a in legal if re.fullmatch(r"take [1-9] \w+", a))
        await pilot.press(take.split()[1], "enter")
    await pilot.pause()
    assert len(session.record.actions) == before + 1


def test_a_session_counts_the_moves_its_save_lacks_and_saves_them_when_it_can(disk):
    session = sintra_session()
    session.apply(session.state.legal_actions()[0])
    disk.full = True
    for _ in range(3):
        with pytest.raises(OSError):
            session.apply(session.state.legal_actions()[0])
    assert session.unsaved_moves == 3
    assert len(read_record(session.path).actions) == 1
    disk.full = False
    session.save()
    assert session.unsaved_moves == 0
    assert read_record(session.path).actions == session.record.actions
    session.close()


async def test_leaving_with_unsaved_moves_says_so_and_saves_them_on_retry(disk):
    """Guards: leaving said "It is saved and can be continued" and Continue then had 1 move of 4."""
    session = sintra_session()
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await move_by_keys(pilot, session)
        disk.full = True
        for _ in range(3):
            await move_by_keys(pilot, session)
        assert "could not be saved" in app.screen.prompt_bar.message and app.screen.prompt_bar.error
        assert "The last 3 moves of this game are not saved." in app.screen.prompt_bar.message
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen)
        shown = " ".join(screen_text(app).split())
        assert "The last 3 moves of this game are not saved." in shown and "is saved" not in shown
        await pilot.press("r")  # still full
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen) and "still cannot be saved" in app.screen.last_message
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        disk.full = False
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert len(read_record(session.path).actions) == 4
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert len(app.screen.session.record.actions) == 4


async def test_the_game_can_be_saved_in_another_folder(disk, tmp_path):
    session = sintra_session()
    app = BoardgamesApp(session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        disk.full = True
        await move_by_keys(pilot, session)
        await move_by_keys(pilot, session)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        field = app.screen.query_one("#unsaved-path")
        assert field.has_focus
        field.value = ""
        elsewhere = tmp_path / "usb stick"
        elsewhere.mkdir()
        await pilot.press(*str(elsewhere), "enter")  # typed: y, n, r and e go into the field
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        [saved] = list(elsewhere.glob("*.json"))
        assert read_record(saved).actions == session.record.actions


async def test_ctrl_q_warns_about_unsaved_moves_and_quits_when_told(disk):
    """Guards: ctrl+q quit at once while moves were not saved."""
    session = sintra_session()
    app = BoardgamesApp(session=session, bot_delay=0)
    exits = []
    exit_app = app.exit
    app.exit = lambda *args, **kwargs: (exits.append(args), exit_app(*args, **kwargs))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        disk.full = True
        await move_by_keys(pilot, session)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen) and not exits
        assert "Quit anyway" in " ".join(screen_text(app).split())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not exits
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert len(exits) == 1


async def test_ctrl_q_quits_at_once_when_everything_is_saved(disk):
    session = sintra_session()
    app = BoardgamesApp(session=session, bot_delay=0)
    exits = []
    exit_app = app.exit
    app.exit = lambda *args, **kwargs: (exits.append(args), exit_app(*args, **kwargs))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await move_by_keys(pilot, session)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert len(exits) == 1 and not isinstance(app.screen, UnsavedScreen)
    assert read_record(session.path).actions == session.record.actions


async def test_in_portuguese_s_quits_from_the_unsaved_question_that_says_sair_s(disk):
    from boardgames.i18n import set_language

    set_language("pt_BR")
    session = sintra_session()
    app = BoardgamesApp(session=session, bot_delay=0)
    exits = []
    exit_app = app.exit
    app.exit = lambda *args, **kwargs: (exits.append(args), exit_app(*args, **kwargs))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        disk.full = True
        await move_by_keys(pilot, session)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen) and "Sair (s)" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert len(exits) == 1
