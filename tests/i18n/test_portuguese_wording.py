"""The Portuguese reader's fixes, one test a kind: words a Brazilian reader does not use for a thing, zero read in
the plural, player names never after a preposition that would need an article ("de Bot 2")."""

from __future__ import annotations

import re

import pytest

from boardgames import catalogues
from boardgames.catalogues import DOMAINS, GAMES
from boardgames.i18n import translations

#: words the reader struck out, each with what is said instead
STRUCK = {"pegada": "a take of glass: 'pegar as peças'", "lance": "a move: 'jogada'",
          "última vez": "since your last move: 'desde a sua última jogada'",
          "vizinhança": "the proximity bonus: 'proximidade', as the rulebook"}


def messages(domain: str) -> list:
    return [message for message in catalogues.read("pt_BR", domain) if message.id]


def strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


@pytest.mark.parametrize("domain", [domain for domain in DOMAINS if domain != "encounters"])
def test_no_translation_uses_a_word_the_reader_struck_out(domain):
    """The encounters' stories are left out: their footprints ("pegadas") are footprints."""
    found = [(word, text) for message in messages(domain) for text in strings(message) for word in STRUCK
             if re.search(rf"\b{word}", text, re.IGNORECASE)]
    assert not found, "\n".join(f"{word!r} ({STRUCK[word]}): {text}" for word, text in found)


@pytest.mark.parametrize("domain", DOMAINS)
def test_zero_is_read_in_the_plural(domain):
    """Guards: the pt_BR plural rule n > 1 read zero in the singular ("0 escolhido", "por 0 ouro")."""
    chain = translations("pt_BR")
    for message in messages(domain):
        if isinstance(message.id, tuple):
            singular, plural = message.id
            assert chain.ngettext(singular, plural, 0) == message.string[1], message.id
            assert chain.ngettext(singular, plural, 1) == message.string[0], message.id


#: the placeholders of the games' sentences that hold a player's name
PLAYER = r"\{(name|who|other|buyer|seller|names)\}"
#: prepositions that a player's name cannot follow without an article the name may not take ("de Bot 2" reads as
#: "do Bot 2", "a Ana" as "à Ana"): the sentence is turned so that the name is a subject or stands after a colon
BEFORE_A_NAME = r"(?<![\w])(a|à|ao|de|do|da|para|por|pelo|pela|em|no|na|com)"


@pytest.mark.parametrize("domain", GAMES)
def test_a_player_name_never_follows_a_preposition_in_a_game_sentence(domain):
    """Guards: "Vez de Bot 2.", "O dragão daqui dá uma escama dourada a Bot 2.", "Brom de Bot 2 constrói..."."""
    found = [text for message in messages(domain) for text in strings(message)
             if re.search(rf"{BEFORE_A_NAME} {PLAYER}", text)]
    assert not found, "\n".join(found)


def test_the_help_pages_use_none_of_the_struck_words():
    from importlib import resources

    from boardgames.core.registry import get_game

    for game_id in GAMES:
        package = resources.files(type(get_game(game_id)).__module__.rpartition(".")[0])
        page = package.joinpath("help.pt_BR.md").read_text(encoding="utf-8")
        found = [word for word in STRUCK if re.search(rf"\b{word}", page, re.IGNORECASE)]
        assert not found, (game_id, found)


def test_a_count_of_nothing_is_said_in_words():
    """Guards: "0 escolhido" under a list to tick."""
    from boardgames.i18n import set_language
    from boardgames.tui.widgets.multiselect import chosen_text

    set_language("pt_BR")
    assert [chosen_text(0), chosen_text(1), chosen_text(2)] == ["nenhum escolhido", "1 escolhido", "2 escolhidos"]
    assert chosen_text(0, least=2) == "nenhum escolhido (pelo menos 2)"


@pytest.mark.parametrize(("language", "zero", "free"), [
    ("en", r"for 0 gold|\(0 food\)|gains 0 VP", "for free"),
    ("pt_BR", r"por 0 ouro|\(0 comida\)|ganha 0 PV", "de graça")])
def test_lemuria_says_free_and_none_where_a_count_is_zero(language, zero, free):
    """Guards: "Ana compra Alfaiate por 0 ouro.", "Jogar Acólito (0 comida)", "Ana ganha 0 PV (2 por 0
    construção ocupada)"."""
    from boardgames.core.rng import Rng
    from boardgames.games.lemuria.game import LEMURIA
    from boardgames.i18n import set_language

    set_language(language)
    read = []
    for seed in range(4):
        state = LEMURIA.new_state(["Ana", "Bia", "Caio", "Duda"], {"impact": True}, seed)
        state.keeps_log = True
        rng = Rng(seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            read += [state.label(action) for action in legal]
            state.apply(legal[rng.below(len(legal))])
            read += [text for line in state.take_log() for text in (line.public, *line.private.values())]
    assert not [text for text in read if re.search(zero, text)]
    assert [text for text in read if free in text]
