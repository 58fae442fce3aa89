"""What a player reads inside a sentence names a card's effect and the card itself as a sentence would (issue 33,
item 25), in both languages (Sintra has no cards: its sentences name colours and strips).

A card's text is an order to the player ("gain 3 VP", "ganhe 3 PV"): it belongs on the card, never inside a log
line, a prompt, a hint's sentence or a move's label (a hint and a review put the label in a sentence): there the
effect has its noun form ("3 VP"). A choice quoted from Above and Below's encounter book stays between quotes.
In Portuguese a card named inside a sentence takes its article ("o Oráculo", "a Ponte", "no Observatório") or
stands after a word that names its kind ("a carta de Impacto Banquete"); a name opening a line before a colon is
a heading ("Corretor: Ana tira 2 cartas").

Seeded random games of each game (with every option that adds cards) give the lines read.
"""

from __future__ import annotations

import re

import pytest

from boardgames.core.hints import hints_module
from boardgames.core.registry import get_game
from boardgames.core.rng import Rng
from boardgames.games.abovebelow.data import shared_rules as abovebelow_rules
from boardgames.games.lemuria.data import shared_rules as lemuria_rules
from boardgames.i18n import _, set_language, set_writing, the
from boardgames.tui.asciimode import asciify

OPTIONS = {"bluemoon": {"expansion": True}, "lemuria": {"impact": True}}
NAMES = ["Ana", "Bia", "Caio", "Duda"]
#: the words before a card's name in a Portuguese sentence: its article, alone or joined to a preposition, a word
#: naming what the card is, or the parenthesis of a tile's name after its cell ("a5 (Casa de Comércio)")
BEFORE_A_NAME = re.compile(r"(?:(?:^|[\s(])(?:[oa]s?|[dn][oa]s?|aos?|às?|pel[oa]s?|Impacto)\s|\()$", re.IGNORECASE)
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|“[^”]*”")


@pytest.fixture(params=["en", "pt_BR"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def orders(game_id: str) -> set[str]:
    """The texts of a game's cards that are orders to the player, in the language read now: each effect of a
    Lemuria citizen or Impact card and each card's whole text; each choice of Above and Below's encounter book
    (Sintra's and Blue Moon City's cards carry no text)."""
    if game_id == "lemuria":
        rules = lemuria_rules()
        cards = [*rules.citizen.values(), *rules.impact]
        return {effect.describe() for card in cards for effect in card.effects} | {card.text for card in cards}
    if game_id == "abovebelow":
        book = abovebelow_rules().encounter.values()
        return {_(choice.label) for encounter in book for choice in encounter.choices}
    return set()


def card_names(game_id: str) -> list[str]:
    """The names of the cards and places a sentence names with their article, as read now, longest first."""
    if game_id == "lemuria":
        rules = lemuria_rules()
        names = [card.name for card in (*rules.citizen.values(), *rules.impact, *rules.building.values())]
    elif game_id == "bluemoon":
        rules = get_game("bluemoon").load_rules()
        names = [rules.courtyard.name, *(building.name for building in rules.buildings)]  # type: ignore[attr-defined]
    elif game_id == "abovebelow":
        rules = abovebelow_rules()
        names = [card.name for card in (*rules.building.values(), *rules.cave.values())]
    else:
        names = []
    return sorted({_(name) for name in names}, key=len, reverse=True)


def read_in_games(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> dict[str, set[str]]:
    """Every log line (public and private), prompt and move label of seeded random games, and a hint's sentence
    for each term of the game's judge at each of the first seat's decisions (a hint's, a review's sentences are
    made of these)."""
    game = get_game(game_id)
    hints = hints_module(game)
    read: dict[str, set[str]] = {"log": set(), "prompt": set(), "label": set(), "hint": set()}
    for seed in seeds:
        players = max(game.min_players, min(game.max_players, 2 + seed))
        state = game.new_state(NAMES[:players], OPTIONS.get(game_id, {}), seed)
        state.keeps_log = True
        rng = Rng(seed + 7)
        for move in range(game.max_moves):
            if state.is_over:
                break
            legal = state.legal_actions()
            read["label"].update(state.label(action) for action in legal)
            read["prompt"].add(state.prompt())
            if hints is not None and state.current_player == 0 and move % 5 == 0:
                for term in hints.terms(state, 0):
                    said = hints.sentence(term, 1.0, state, state, 0)
                    if said:
                        read["hint"].add(said)
            state.apply(legal[rng.below(len(legal))])
            for line in state.take_log():
                read["log"].update([line.public, *line.private.values()])
    return read


def ordered(text: str, orders_: set[str]) -> list[str]:
    """The card orders ``text`` holds outside quotes."""
    bare = QUOTED.sub("''", text)
    return [order for order in orders_ if order in bare]


def unnamed(text: str, names: list[str]) -> list[str]:
    """The card names in ``text`` with neither an article nor a kind before them, nor opening a heading."""
    found = []
    taken = [False] * len(text)
    for name in names:
        for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            start, end = match.span()
            if any(taken[start:end]):
                continue  # part of a longer name met first
            taken[start:end] = [True] * (end - start)
            heading = start == 0 and text[end:end + 1] == ":"
            if not heading and not BEFORE_A_NAME.search(text[:start]):
                found.append(f"{name!r} in {text!r}")
    return found


@pytest.mark.parametrize("game_id", ["lemuria", "abovebelow"])
def test_no_card_order_is_pasted_in_a_sentence(game_id, language):
    """Guards: "Bot 2 recebe o bônus da área Religiosa: ganhe 3 PV." and the hint "Dica: Jogar Oráculo (2
    comidas): olhe as 3 cartas do topo do baralho..." (a move's label with the card's order in it)."""
    orders_ = orders(game_id)
    read = read_in_games(game_id)
    assert orders_ and all(read.values())
    found = [f"{kind}: {text!r} holds {order!r}" for kind, texts in read.items() for text in texts
             for order in ordered(text, orders_)]
    assert not found, "\n".join(sorted(found)[:20])


@pytest.mark.parametrize("game_id", ["bluemoon", "lemuria", "abovebelow"])
def test_a_card_named_in_a_portuguese_sentence_has_its_article(game_id):
    """Guards: "Ana constrói Serraria", "Chaminé Estreita vai para o fundo da pilha", "Bot 2 abriga Peregrino em
    Observatório" (the reader's table: "abriga o Peregrino no Observatório")."""
    set_language("pt_BR")
    try:
        names = card_names(game_id)
        read = read_in_games(game_id)
        found = [problem for kind in ("log", "prompt", "hint") for text in read[kind]
                 for problem in unnamed(text, names)]
        assert not found, "\n".join(sorted(found)[:20])
    finally:
        set_language("en")


def test_a_name_with_its_article_joins_the_preposition_before_it():
    set_language("pt_BR")
    try:
        assert the("Observatory") == "o Observatório" and the("Sawmill") == "a Serraria"
        assert _("{name} houses {card} in {building} for {vp} VP.", name="Ana", card=the("Pilgrim"),
                 building=the("Observatory"), vp=2) == "Ana abriga o Peregrino no Observatório por 2 PV."
        opening = _("{building} leaves the trend line.", building=the("Sawmill"))
        assert opening == "A Serraria sai da linha de tendência."
        assert _("{name} fills box {n} of the {building}.", name="Ana", n=2, building=the("Thermae")) == \
            "Ana ocupa o espaço 2 das Termas."
        assert _("Ana dá {price} moedas a {card}.", price=2, card=the("Sawmill")) == "Ana dá 2 moedas à Serraria."
        set_writing(asciify)  # --ascii draws the joined article in plain letters too
        assert _("Ana dá {price} moedas a {card}.", price=2, card=the("Sawmill")) == "Ana da 2 moedas a Serraria."
    finally:
        set_writing(None)
        set_language("en")
    assert the("Observatory") == "Observatory"  # English names a card by its name alone
