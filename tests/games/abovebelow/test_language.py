"""Above and Below read in Brazilian Portuguese: prompts, move labels and log lines come from the catalogue, the
move notation and the English sentences stay as they are."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardgames.games.abovebelow.words import good
from boardgames.i18n import set_language
from tests.games.abovebelow.helpers import a, new


@pytest.fixture
def portuguese() -> Iterator[None]:
    set_language("pt_BR")
    try:
        yield
    finally:
        set_language("en")


def test_the_turn_reads_in_portuguese(portuguese: None) -> None:
    state = new(2)
    assert state.view(0)["prompt"] == ("Ana: faça ações livres, depois explore, construa, colha, treine, trabalhe "
                                       "ou passe.")
    assert state.label(a("pass")) == "Passar"
    state.keeps_log = True
    state.apply(a("pass"))
    assert [line.public for line in state.take_log()][0] == "Ana passa."
    assert good("mushroom") == "cogumelo"


def test_english_stays_english() -> None:
    state = new(2)
    assert state.view(0)["prompt"] == "Ana: take free actions, then explore, build, harvest, train, labor or pass."
    assert state.label(a("pass")) == "Pass"
