import os
import sys

import pytest

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set (some images set it): the suite starts a few
# hundred Python processes (servers' games, benchmarks, the command line), and without the caches each of them
# compiles the whole package again, a quarter of a second of a core apiece on the 2-core machine.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

from boardgames.i18n import set_language, set_writing  # noqa: E402 # after the setting above: its modules are cached


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path, monkeypatch):
    """Saves from tests never reach the user's real data folder."""
    monkeypatch.setenv("BOARDGAMES_HOME", str(tmp_path / "home"))


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test starts in English whatever the machine's locale, and a test that switches language leaves
    English behind it (the language is per process)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    set_writing(None)
    yield
    set_language("en")
    set_writing(None)


@pytest.fixture(autouse=True)
def _nothing_made_ahead(request, monkeypatch):
    """The apps of the tests make no screen ahead behind their first frame (``BoardgamesApp.prepares_ahead``):
    that work runs at every app start, and a test of something else would pay for it and see its layouts. The
    tests of the screens made ahead ask for them with the ``made_ahead`` marker."""
    if request.node.get_closest_marker("made_ahead") is None:
        from boardgames.tui.app import BoardgamesApp

        monkeypatch.setattr(BoardgamesApp, "prepares_ahead", False)
