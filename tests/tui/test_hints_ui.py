"""The hint key (H) by keys through the pilot: the suggested move under the cursor (Enter plays it), the next best on
a second H, hints turned off, the log's note, and a late answer dropped."""

from __future__ import annotations

import threading

import pytest

from boardgames import thinking
from boardgames.core import hints
from boardgames.core.hints import find_hint
from boardgames.core.record import Seat
from boardgames.core.registry import all_games, get_game
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.fulllog import FullLogScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import app_for, lift_curtain, sized, wait_until

ITERATIONS = 8
GAMES = all_games()


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(GameScreen, "hint_iterations", ITERATIONS)


def session_of(game, hints=True) -> Session:
    seats = [Seat(name, "human") for name in ("Ana", "Bia", "Cid")[:game.min_players]]
    return Session.new(game, seats, {}, seed=3, autosave=False, store=default_store(), hints=hints)


async def at_decision(pilot, app) -> GameScreen:
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        await lift_curtain(pilot)
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.hint_seat() is not None
    return screen


def message(screen) -> str:
    return screen.prompt_bar.message


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
async def test_h_shows_the_searchs_move_and_enter_plays_it(game):
    session = session_of(game)
    seat = session.state.seat_to_move
    expected = find_hint(game, session.state.clone(), seat, iterations=ITERATIONS, seed=0)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        hint = screen.hinter.last
        assert hint.action == expected.action and hint.why == expected.why
        text = message(screen)
        assert text.startswith(f"Hint: {hint.label} (about ") and "% to win)" in text and "Enter" in text
        assert hint.why in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        assert session.record.actions[0] == str(hint.action)


async def test_a_second_h_shows_the_next_best_move():
    game = get_game("lemuria")
    session = session_of(game)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        first = screen.hinter.last
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not first)
        second = screen.hinter.last
        assert second.rank == 1 and second.action != first.action
        assert f"choice 2 of {second.count}" in message(screen)
        moves = screen.board.moves if hasattr(screen.board, "moves") else None
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        assert session.record.actions[0] == str(second.action), moves


async def test_with_hints_off_h_says_so():
    session = session_of(get_game("sintra"), hints=False)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await pilot.pause()
        assert message(screen) == "Hints are turned off for this game."
        assert screen.hinter.last is None and screen.hinter.current is None
        assert not any(line.endswith("asked for a hint.") for line in screen.log_panel.shown)
        assert "H" not in [key for key, _label in screen.key_bar.hints]


async def test_a_hint_is_noted_in_the_log_for_everyone_never_the_move():
    session = session_of(get_game("sintra"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        assert "H" in [key for key, _label in screen.key_bar.hints]
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        hint = screen.hinter.last
        await pilot.press("H")  # the same decision: noted once
        await wait_until(pilot, lambda: screen.hinter.last is not hint)
        notes = [line for line in screen.log_panel.shown if line.endswith("asked for a hint.")]
        assert notes == ["Ana asked for a hint."]
        assert not any(hint.label in line for line in screen.log_panel.shown)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        lines = list(app.screen.lines)
        assert lines.index("Ana asked for a hint.") == 0 and len(lines) == 2  # before Ana's move


async def test_the_note_of_a_hint_taken_is_still_in_the_log_after_save_and_load(tmp_path):
    game = get_game("sintra")
    seats = [Seat(name, "human") for name in ("Ana", "Bia")]
    session = Session.new(game, seats, {}, seed=3, path=tmp_path / "game.save", hints=True)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
    session.close()
    again = Session.load(tmp_path / "game.save")
    app = app_for(again)
    async with app.run_test(size=(120, 40)) as pilot:
        await at_decision(pilot, app)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert list(app.screen.lines)[0] == "Ana asked for a hint."


async def test_a_hinted_power_that_needs_a_target_shows_its_card_and_enter_plays_it_whole():
    session = session_of(get_game("bluemoon"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        board = screen.board
        action = next(a for a in session.state.legal_actions() if a.name == "play" and len(a.args) == 2)
        assert not board.point_at(action)  # Enter on the card would ask for a target: not the move itself
        hand = board.hand_part
        assert board.active is hand and hand.hand[hand.card] == action.args[0]
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session.record.actions))
        assert session.record.actions[0] == str(action)


async def test_an_answer_for_a_position_left_behind_is_dropped(monkeypatch):
    started, release = threading.Event(), threading.Event()
    real = hints.find_hint

    def slow(*args, **kwargs):
        started.set()
        release.wait(5)
        return real(*args, **kwargs)

    monkeypatch.setattr(thinking, "uses_processes", lambda: False)  # the search in this thread, to be held
    monkeypatch.setattr(hints, "find_hint", slow)
    session = session_of(get_game("sintra"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_decision(pilot, app)
        await pilot.press("H")
        await wait_until(pilot, started.is_set)
        asked = screen.hinter.current
        session.apply(session.state.legal_actions()[-1])  # the position changes before the answer comes
        screen.after_change()
        release.set()
        await wait_until(pilot, lambda: asked.worker.is_finished)
        await pilot.pause()
        assert screen.hinter.last is None and not message(screen).startswith("Hint")


def start_table(folder, hints=True):
    from boardgames.lobby.store import Lobby, record_of
    from boardgames.lobby.table import TableSeat
    from tests.lobby.helpers import ANA, BIA

    game = get_game("sintra")
    table = Lobby(folder).create(ANA, game, [TableSeat(name="Ana", owner=ANA.id), TableSeat()], {}, 7, hints=hints)
    table.join(BIA)
    table.start(ANA, record_of(game, table.read()))
    return table


async def test_at_a_table_a_hint_is_noted_for_every_terminal(tmp_path):
    from boardgames.lobby import chat
    from tests.lobby.helpers import ANA, BIA

    from .test_tables_play import SIZE, app_at, at_table

    table = start_table(tmp_path)
    ana = app_at(tmp_path, ANA)
    async with ana.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, ana, table)
        await wait_until(pilot, lambda: screen._deciding is not None)
        assert "H" in [key for key, _label in screen.key_bar.hints]
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.hinter.last is not None)
        hint = screen.hinter.last
        assert message(screen).startswith(f"Hint: {hint.label}")
        await wait_until(pilot, lambda: "Ana asked for a hint." in screen.log_panel.shown)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.session.record.actions == [str(hint.action)])
    notes = [line for line in chat.read_chat(table) if line.kind]
    assert [(line.kind, line.name, line.moves, line.text) for line in notes] == [("hint", "Ana", 0, "")]
    bia = app_at(tmp_path, BIA)
    async with bia.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, bia, table)
        await wait_until(pilot, lambda: "Ana asked for a hint." in screen.log_panel.shown)
        shown = screen.log_panel.shown
        assert shown.index("Ana asked for a hint.") < len(shown) - 1  # before Ana's move
        assert not any(hint.label in line for line in shown if "hint" in line)


async def test_a_table_made_without_hints_refuses_them(tmp_path):
    from tests.lobby.helpers import ANA

    from .test_tables_play import SIZE, app_at, at_table

    table = start_table(tmp_path, hints=False)
    assert table.read().hints is False
    ana = app_at(tmp_path, ANA)
    async with ana.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, ana, table)
        await wait_until(pilot, lambda: screen._deciding is not None)
        assert screen.session.record.hints is False
        await pilot.press("H")
        await pilot.pause()
        assert message(screen) == "Hints are turned off for this game."
        assert screen.hinter.current is None


async def test_the_setup_forms_hints_row_reaches_the_game():
    from boardgames.tui.app import BoardgamesApp
    from boardgames.tui.screens.setup import SetupScreen

    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game("sintra")))
        await pilot.pause()
        app.screen.query_one("#hints").focus()
        await pilot.press("right")
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        record = app.screen.session.record
        assert record.hints is False and record.options == {"side": "A"}  # not a rule: no game option
        await pilot.press("H")
        await pilot.pause()
        assert message(app.screen) == "Hints are turned off for this game."


async def test_the_new_table_forms_hints_row_reaches_the_table():
    from boardgames.tui.app import BoardgamesApp
    from boardgames.tui.screens.tableroom import TableRoomScreen

    from .test_tables_ui import make_table, set_choice

    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await make_table(pilot, app, "Ana")
        await set_choice(pilot, app, "hints", "false")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))
        spec = app.screen.table.read()
        assert spec.hints is False and "hints" not in spec.options


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
async def test_enter_plays_the_hinted_move_decision_after_decision(game):
    """Hint after hint, whatever kind of move it is (the cursor on it, or Enter bound to it when no part lists
    it): Enter plays exactly the hinted move."""
    session = session_of(game)
    app = app_for(session)
    pointed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for number in range(sized(4, 8)):  # the long run: 8 decisions
            screen = await at_decision(pilot, app)
            last = screen.hinter.last
            await pilot.press("H")
            await wait_until(pilot, lambda screen=screen, last=last: screen.hinter.last is not last)
            hint = screen.hinter.last
            pointed += screen.board.hinted is None
            await pilot.press("enter")
            await wait_until(pilot, lambda moves=number + 1: len(session.record.actions) == moves)
            assert session.record.actions[-1] == str(hint.action)
    assert pointed >= 1  # the board's own cursor showed at least one of them
