"""Pilot tests: at 80 columns every acting key of a game keeps its word on the key bar, in English and in
Portuguese; the words go from the end of the bar, the game's own keys' last, and a second line comes only when
one line cannot hold every game key's word (issue 33, item 28: Lemuria's ``e`` end turn and Above and Below's
``b t l p w`` lost theirs while menu and save at the end kept theirs; then Above and Below's busiest turns still
drew letters bare)."""

from __future__ import annotations

import random

import pytest

from boardgames.core.session import Session
from boardgames.i18n import _, set_language
from boardgames.tui.widgets.keybar import KeyBar, spare

from .helpers import app_for, seat_and_bots
from .screen_text import screen_text
from .test_lemuria_board import lemuria_session, pass_all

GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")


def bar_rows(app) -> list[str]:
    bar = app.screen.key_bar
    return screen_text(app).split("\n")[bar.region.y:bar.region.bottom]


def check_bar(app) -> None:
    """The key bar as drawn at 80 columns: the lines :func:`check_words` checks."""
    bar: KeyBar = app.screen.key_bar
    rows = bar_rows(app)
    assert ["".join(f"  {key} {label}" for key, label in row).rstrip() for row in bar.rows(80)] == [
        row.rstrip() for row in rows], rows
    check_words(bar)


def check_words(bar: KeyBar) -> None:
    """The key bar's lines at 80 columns: every acting key, each of the board's with its word; no word after
    the first key drawn bare but the help's; a second line only when one would leave a board key bare."""
    laid = bar.rows(80)
    shown = bar.shown(80)
    on_board = bar.board_keys()
    others = [h for h in bar.optional[len(bar.optional) - bar.screen_keys:] if not spare(h[0])] + bar.keep
    assert [key for key, _label in shown if not spare(key)] == [key for key, _label in on_board + others], laid
    assert [hint for hint in on_board if hint not in shown] == [], laid  # every board key with its word
    bare = [i for i, (key, label) in enumerate(shown) if not label and key != "?"]
    if bare:
        assert all(not label for key, label in shown[bare[0]:] if key != "?"), laid
    if len(laid) > 1:
        need = sum(KeyBar.width_of(h) for h in on_board) + sum(KeyBar.width_of((key, "")) for key, _l in others)
        assert need > 80, laid


def to_first_decision(session: Session, rng: random.Random) -> None:
    """Random moves of every seat until Ana (seat 0) decides: no bot of the app has a move to make yet."""
    while not session.state.is_over and session.state.current_player != 0:
        session.apply(rng.choice(session.state.legal_actions()))


async def new_decisions(pilot, app, session: Session, rng: random.Random, most: int):
    """Every seat's moves played at random on the session itself (no bot waits on the app), stopping at each of
    Ana's decisions that offers a kind of move no decision shown before offered with all the others: the busiest
    bars come early and a game gives only a few (at most ``most``)."""
    seen: list[frozenset[str]] = []
    for _move in range(session.game.max_moves):
        state = session.state
        if state.is_over or len(seen) == most:
            return
        legal = state.legal_actions()
        if state.current_player == 0:
            kinds = frozenset(action.name for action in legal)
            if not any(kinds <= shown for shown in seen):
                seen.append(kinds)
                app.screen.after_change()
                await pilot.pause()
                yield
        session.apply(rng.choice(legal))


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_every_acting_key_keeps_its_word_at_80_columns(game_id, language):
    set_language(language)
    session = seat_and_bots(game_id)
    rng = random.Random(5)
    to_first_decision(session, rng)
    app = app_for(session)
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        async for _decision in new_decisions(pilot, app, session, rng, 12):
            check_bar(app)  # as drawn
            for _tab in range(3):  # the keys of each part in turn (set at once: no frame needed)
                app.screen.board.tab(1)
                check_words(app.screen.key_bar)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_lemurias_end_turn_keeps_its_word_at_80_columns(language):
    set_language(language)
    session = lemuria_session()
    pass_all(session)
    for move in ("plant", "put 0 vegetable", "done"):
        session.apply_text(move)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert session.can_undo()  # undo, help, menu and save follow the board's letters
        assert f"  e {_('end turn')}  " in bar_rows(app)[0], bar_rows(app)
        check_bar(app)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
async def test_above_and_belows_turn_letters_keep_their_words_on_two_lines(language):
    """Enter and the turn's letters (explore, build, train, labor, pass, swap a row...) are more than one line
    of 80 columns can word: the bar takes two, each letter with its word."""
    from .test_abovebelow_board import ab_session

    set_language(language)
    app = app_for(ab_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        letters = app.screen.key_bar.board_keys()
        assert len(letters) >= 7 and ("Enter", _("play")) in letters
        drawn = " ".join(bar_rows(app)) + " "
        for key, words in letters:
            assert f" {key} {words} " in drawn, drawn
        assert len(bar_rows(app)) == 2 and app.screen.key_bar.region.bottom == 24
        check_bar(app)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_above_and_belows_every_turn_letter_at_once_keeps_its_word(language):
    """The busiest bar a turn can draw, more than any seeded game here reaches: Enter, the six actions and the five
    free actions' letters, with undo, hint, help, menu and save; over two lines of 80 columns each letter keeps its
    word (the Portuguese ones chosen short: "tirar", "trocar", "trilha")."""
    from boardgames.games.abovebelow.board.board import LETTERS, TURN_WORDS

    set_language(language)
    free = ("sell", "unsell", "buy", "swap", "track")
    letters = [(action[0], _(words)) for action, words in TURN_WORDS.items()]
    letters += [(key, _(words)) for action, (key, words, _why, _help) in LETTERS.items() if action in free]
    bar = KeyBar(most_lines=2)
    bar.set_hints([("↑↓", _("move")), ("Enter", _("play")), ("Tab", _("rows")), *letters],
                  [("u", _("undo")), ("?", _("help")), ("q", _("menu")), ("S", _("save"))],
                  screen=[("L", _("log")), ("H", _("hint"))])
    assert len(bar.board_keys()) == 12
    check_words(bar)
    assert len(bar.rows(80)) == 2
