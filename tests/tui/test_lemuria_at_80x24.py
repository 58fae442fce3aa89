"""Pilot tests: what a new Lemuria player must be able to read at 80x24 (issue 18, item 18): everyone's matter
left, every card of a long hand, the next Impact card and what it does, and moves told apart in the list."""

from __future__ import annotations

from boardgames.games.lemuria.board import LemuriaBoard
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.game import LEMURIA
from boardgames.tui.screens.help import help_source

from .helpers import app_for, fits_80x24
from .screen_text import screen_text
from .test_lemuria_board import NAMES, card_names, lemuria_session, pass_all


def _player_row(text: str, name: str) -> list[str]:
    """The words of ``name``'s line of the players table (the left 48 columns; the list of moves is beside)."""
    return next(line for line in text.split("\n") if line[2:].startswith(f"{name} "))[:48].split()


async def test_every_players_matter_left_shows():
    session = lemuria_session()
    pass_all(session)
    session.apply_text("plant")
    session.apply_text("put 0 vegetable")
    session.apply_text("done")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = fits_80x24(app, NAMES)
        header = next(line for line in text.split("\n") if "player" in line and "VP" in line)[:48].split()
        for seat, name in enumerate(NAMES):
            row = _player_row(text, name)
            values = dict(zip(header[1:], row[-len(header) + 1:]))
            matter = session.state.players[seat].matter
            assert (values["v"], values["m"]) == (str(matter["vegetable"]), str(matter["mineral"])), name
        assert _player_row(text, "Ana")[-2:] == ["1", "2"]  # one vegetable planted


async def test_a_hand_of_five_long_named_cards_shows_every_card():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    hand = state.players[0].hand
    for extra in sorted((c for c in state.citizens.hidden if state.citizens.hidden[c]),
                        key=lambda c: -len(state.rules.citizen[c].name))[:2]:  # two long-named cards more
        state.citizens.hidden[extra] -= 1
        hand.append(extra)
    hand.sort()
    assert len("Hand: ") + sum(len(name) + 4 for name in card_names(hand)) > 48  # more than the left half
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = fits_80x24(app, NAMES).split("\n")
        at = next(i for i, row in enumerate(rows) if row.startswith("Hand: "))
        shown = " ".join(row[:48] for row in rows[at:at + 2])  # the left half; the list of moves is beside
        for name in card_names(hand):
            assert name in shown, shown


async def test_the_next_impact_card_is_named_with_what_it_does_on_the_board_and_all_in_help():
    session = lemuria_session()
    pass_all(session)
    card = shared_rules().impact[session.state.impact_left[0] - 1]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = fits_80x24(app, NAMES)
        assert f"Impact {card.number} {card.name}: {card.short}" in text
    source = help_source(LEMURIA, LemuriaBoard.HELP_KEYS, LemuriaBoard.HELP_NOTES)
    for impact in shared_rules().impact:
        assert f"| {impact.number} | {impact.name} | {impact.text} |" in source


async def test_the_plant_moves_differ_within_the_lists_width():
    """Guards the list showing "Plant vegetable matter i…" seven times."""
    session = lemuria_session()
    pass_all(session)
    session.apply_text("plant")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = screen_text(app).split("\n")[11:18]
        shown = [row[50:].rstrip(" ▼▲│┃") for row in rows]
        puts = [label for label in shown if "Plant in" in label]
        assert len(puts) >= 5 and len(set(puts)) == len(puts), shown
