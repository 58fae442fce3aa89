"""Lemuria in another language: every sentence a player reads goes through the catalogue.

In the pseudo-language every translated sentence ends in ``·`` padding, so a label, prompt, log line, refusal
or score row without it never went through ``_``; in Brazilian Portuguese every placeholder fills (a missing
or misspelt one raises). Random seeded games with the Impact cards reach every card's effect over a few seeds.
"""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action
from boardgames.core.rng import Rng
from boardgames.games.lemuria.game import LEMURIA
from boardgames.i18n import set_language

NAMES = ["Ana", "Bia", "Caio", "Duda"]


@pytest.fixture
def language():
    def use(code: str) -> None:
        set_language(code)

    yield use
    set_language("en")


def _read_everything(seed: int) -> list[str]:
    """Every label, prompt, log line (public and private), a refusal and the final breakdown of one game."""
    state = LEMURIA.new_state(NAMES, {"impact": True}, seed)
    state.keeps_log = True
    rng = Rng(seed + 100)
    read: list[str] = []
    for _move in range(LEMURIA.max_moves):
        if state.current_player is None:
            break
        legal = state.legal_actions()
        read += [state.label(action) for action in legal]
        read.append(state.prompt())
        refusal = state.refusal(Action("nonsense", (99,)))
        if refusal:
            read.append(refusal)
        state.apply(legal[rng.below(len(legal))])
        for line in state.take_log():
            read += [line.public, *line.private.values()]
    result = state.result()
    read += [category for row in result.breakdown for category in row]
    if result.tiebreak:
        read.append(result.tiebreak)
    return read


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_sentence_goes_through_the_catalogue(language, seed):
    language("pseudo")
    plain = [text for text in _read_everything(seed) if "·" not in text]
    assert plain == []


@pytest.mark.parametrize("seed", [1, 2])
def test_portuguese_fills_every_sentence(language, seed):
    language("pt_BR")
    read = _read_everything(seed)
    assert any("Começa o mês 1." in text for text in read)
    assert not [text for text in read if "{" in text or "}" in text]


def test_card_texts_and_help_in_portuguese(language):
    language("pt_BR")
    rules = LEMURIA.load_rules()
    sentry = next(c for c in rules.citizens if c.id == "sentry")  # type: ignore[attr-defined]
    assert sentry.text == "ganhe 1 tijolo"
    assert LEMURIA.help_text().startswith("# Lemuria\n\nAlimente o Altar Estelar")


def test_the_done_key_is_one_word_in_portuguese(language):
    """Guards: the key bar said "concluir", the help "Pronto:" and the planting prompt "e depois pronto"."""
    from boardgames.games.lemuria.board.board import LemuriaBoard
    from boardgames.i18n import _

    language("pt_BR")
    row = next(row for row in LemuriaBoard.KEYS if row.keys == ("d",))
    state = LEMURIA.new_state(NAMES, {}, 3)
    while state.phase != "plant":
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.name == "plant"), legal[0]))
    prompt = state.prompt()
    state.apply(next(action for action in state.legal_actions() if action.name == "put"))
    done = next(action for action in state.legal_actions() if action.name == "done")
    read = [_(row.words), _(row.help), state.label(done), prompt]
    assert all("conclu" in text.lower() for text in read), read
    assert not [text for text in read if "pront" in text.lower()], read


@pytest.mark.parametrize(("code", "order"), [("en", "gain "), ("pt_BR", "ganhe ")])
def test_an_area_bonus_inside_a_sentence_is_named_not_ordered(language, code, order):
    """Guards: "Bot 2 recebe o bônus da área Religiosa: ganhe 3 PV." and "o bônus é ganhe 3 PV": a sentence
    names an effect by its noun form, the card text's order ("gain 3 VP") is for the card alone."""
    language(code)
    rules = LEMURIA.load_rules()
    religious = next(area for area in rules.components.areas if area.id == "religious")  # type: ignore[attr-defined]
    assert religious.bonus.noun() == {"en": "3 VP", "pt_BR": "3 PV"}[code]
    for area in rules.components.areas:  # type: ignore[attr-defined]
        assert order not in area.bonus.noun()
    bonus_lines, marker_labels = [], []
    for seed in (1, 2):
        state = LEMURIA.new_state(NAMES, {}, seed)
        state.keeps_log = True
        rng = Rng(seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            marker_labels += [state.label(a) for a in legal if a.name == "spot"]
            state.apply(legal[rng.below(len(legal))])
            bonus_lines += [line.public for line in state.take_log() if "bonus" in line.public.replace("ô", "o")]
    assert bonus_lines and marker_labels
    assert not [text for text in bonus_lines + marker_labels if order in text]
