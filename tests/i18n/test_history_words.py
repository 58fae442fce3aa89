"""In Portuguese the history, the Statistics and the results use one word for each thing: the rating is "nível"
(never "classificação", which a game's placing uses), a bot is "bot <kind>" as in the games, and the share of games
won has one name."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from boardgames.catalogues import read
from boardgames.core.bots import kind_name
from boardgames.core.engine import Result
from boardgames.core.record import Seat
from boardgames.history.model import Rating, RatingChange
from boardgames.history.queries import shown_name
from boardgames.i18n import _, p_, set_language
from boardgames.tui.screens.gameover import result_table


@pytest.fixture
def portuguese():
    set_language("pt_BR")
    yield
    set_language("en")


def test_every_shell_sentence_of_the_rating_calls_it_nivel():
    for message in read("pt_BR", "shell"):
        english = message.id if isinstance(message.id, str) else message.id[0]
        if not re.search(r"\brating\b", re.sub(r"\{[^}]*\}", "", english), re.IGNORECASE):
            continue
        for text in [message.string] if isinstance(message.string, str) else message.string:
            assert re.search(r"\bn[íi]vel\b", text, re.IGNORECASE), (english, text)
            assert "classifica" not in text.casefold(), (english, text)


def test_the_chart_and_the_tables_name_the_rating_and_the_wins_alike(portuguese):
    assert p_("chart mark of the rating line", "R") == "N"
    assert p_("table column", "Rating") == "Nível" and _("rating") == "nível"
    assert _("win rate") == _("Win %")


def test_a_bot_is_called_as_the_games_call_it(portuguese):
    in_game = _("{name} ({kind} bot) moves in a moment; any key skips the wait.", name="Bot 2",
                kind=kind_name("greedy"))
    assert shown_name("bot:greedy", "Bot 2") == "bot guloso" and "(bot guloso)" in in_game


def test_the_results_tell_the_rating_from_the_reputation_placing(portuguese):
    result = Result(scores=[12, 9], breakdown=[{"Reputation": 4, "Reputation ranking": 8},
                                               {"Reputation": 3, "Reputation ranking": 6}], ranks=[1, 2])
    changes = [RatingChange(seat, key, name, Rating(25, 8), Rating(26 - seat, 7))
               for seat, (key, name) in enumerate((("ana", "Ana"), ("bia", "Bia")))]
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(result_table(result, [Seat("Ana"), Seat("Bia")], ratings=changes))
    labels = [line.split("  ")[0].strip() for line in console.export_text().splitlines() if line.strip()]
    rating_rows = [label for label in labels if label.startswith("Nível")]
    assert rating_rows == ["Nível antes", "Nível depois"]
    assert any("reputação" in label for label in labels)  # the placing is there, under a word of its own
    assert not any("nível" in label.casefold() for label in labels if label not in rating_rows)
