"""Pilot tests: every Lemuria citizen's whole effect can be read, at 80x24 on the line under the board (wrapped
over two lines) and at 160x48 in the hand itself, in English and in Portuguese; the help lists every citizen
(issue 33, item 27)."""

from __future__ import annotations

import pytest

from boardgames.games.lemuria.board import LemuriaBoard
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.game import LEMURIA
from boardgames.i18n import _, set_language
from boardgames.tui.screens.help import help_source

from .helpers import app_for
from .screen_text import screen_text
from .test_lemuria_board import lemuria_session, pass_all, tab_to

CITIZENS = list(shared_rules().citizen)
#: the 36 cards in hands of six: Ana can pay every card's food (3) at the start of her first turn
HANDS = [CITIZENS[k:k + 6] for k in range(0, len(CITIZENS), 6)]


def flat(text: str) -> str:
    return " ".join(text.split())


def region_text(app, region) -> str:
    """The words drawn in ``region`` of the screen, its lines joined."""
    rows = screen_text(app).split("\n")
    return flat(" ".join(row[region.x:region.right] for row in rows[region.y:region.bottom]))


def session_with(hand: list[str]):
    session = lemuria_session()
    pass_all(session)
    session.state.players[0].hand[:] = sorted(hand)
    return session


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: hand[0])
async def test_every_card_in_hand_reads_whole_under_the_board_at_80x24(language, hand):
    """Guards "Jogar Oráculo (2 comidas): olhe as 3 cartas do topo do baralho de const…": the line under the
    board was cut at 80 columns, the half of the effect that matters gone."""
    set_language(language)
    session = session_with(hand)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await tab_to(pilot, board, board.hand)
        seen = set()
        for _press in hand:
            card = board.hand.hand()[board.hand.cursor]
            seen.add(card)
            citizen = shared_rules().citizen[card]
            said = region_text(app, board.status.region)
            assert flat(citizen.text) in said and _(citizen.name) in said, said
            assert "…" not in said
            assert any(line.strip() for line in screen_text(app).split("\n")[board.region.bottom:-3])  # a log line
            await pilot.press("right")
            await pilot.pause()
        assert seen == set(hand)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_the_list_of_moves_gives_each_cards_whole_effect_under_the_board_at_80x24(language):
    set_language(language)
    hand = ["conqueror", "oracle", "moneychanger", "reaper"]  # the longest effects
    app = app_for(session_with(hand))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        legal = board.legal
        plays = [i for i, action in enumerate(legal) if action.name == "citizen"]
        assert len(plays) == len(hand)
        for _step in range(max(plays) + 1):
            i = board.choices.shown()[board.choices.cursor]
            said = region_text(app, board.status.region)
            if i in plays:  # the move names what the card gives, as a hint or a review would (issue 33, item 25)
                noun = shared_rules().citizen[legal[i].args[0]].noun
                assert flat(noun) in said and "…" not in said, said
            await pilot.press("down")
            await pilot.pause()


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_at_160x48_the_hand_gives_every_cards_whole_text(language):
    """Guards: the tall hand cut each card's text at 70 columns, 40 free beside it."""
    set_language(language)
    session = session_with(HANDS[0])
    app = app_for(session)
    async with app.run_test(size=(160, 48)) as pilot:  # one app: each hand in turn is dealt to Ana and drawn
        for hand in HANDS:
            session.state.players[0].hand[:] = sorted(hand)
            app.screen.after_change()
            await pilot.pause()
            board = app.screen.board
            assert sorted(board.hand.hand()) == sorted(hand)
            shown = region_text(app, board.hand.region)
            for card in hand:
                assert flat(shared_rules().citizen[card].text) in shown, shown
            assert "…" not in shown


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_the_help_lists_every_citizen_with_its_effect(language):
    set_language(language)
    source = help_source(LEMURIA, LemuriaBoard.help_keys(), LemuriaBoard.help_notes())
    for citizen in shared_rules().citizen.values():
        assert f"| {_(citizen.name)} |" in source
        assert f"| {citizen.text} |" in source
