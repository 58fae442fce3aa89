"""The shell's sentences in Brazilian Portuguese: every one translated, and whole sentences where counts vary."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardgames import i18n
from boardgames.catalogues import problems
from boardgames.core.bots import kind_name
from boardgames.core.hints import points
from boardgames.core.record import name_problem
from boardgames.tui.reviewtext import percent
from boardgames.tui.screens.gameover import rank_sentence, win_sentence


@pytest.fixture
def portuguese() -> Iterator[None]:
    i18n.set_language("pt_BR")
    try:
        yield
    finally:
        i18n.set_language(i18n.DEFAULT)


def test_every_shell_sentence_has_a_portuguese_translation() -> None:
    assert problems("pt_BR", "shell") == []


def test_english_stays_as_it_was() -> None:
    assert win_sentence("points", "Ana", 1) == "Ana wins with 1 point."
    assert rank_sentence("offerings", 2, "Bo", 7) == "2nd  Bo: 7 offerings"
    assert points(0.4) == "0.4 points"
    assert percent(0.1234) == "12.3%"
    assert kind_name("search:400") == "search:400"


def test_portuguese_counts_ranks_and_decimals(portuguese: None) -> None:
    assert win_sentence("points", "Ana", 1) == "Ana vence com 1 ponto."
    assert win_sentence("points", "Ana", 27) == "Ana vence com 27 pontos."
    assert rank_sentence("points", 1, "Bo", 3) == "1º  Bo: 3 pontos"
    assert points(0.4) == "0,4 pontos"
    assert percent(0.1234) == "12,3%"
    assert kind_name("greedy") == "guloso"
    assert name_problem("") == "O nome de um jogador não pode ficar vazio."
