import pytest


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path, monkeypatch):
    """Saves from tests never reach the user's real data folder."""
    monkeypatch.setenv("BOARDGAMES_HOME", str(tmp_path / "home"))
