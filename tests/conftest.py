import pytest

from boardgames.i18n import set_language, set_writing


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
