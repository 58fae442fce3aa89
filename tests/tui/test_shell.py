"""Pilot tests of the shell: menu, set-up, bots, saves, continue, load, game over, replay, help, size guard."""

from __future__ import annotations

import json

from boardgames.core.bots import make_bot
from boardgames.core.record import read_record
from boardgames.core.registry import all_games
from boardgames.core.session import Session
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.gameover import GameOverScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import LoadScreen, MenuScreen
from boardgames.tui.screens.replay import ReplayScreen
from boardgames.tui.screens.setup import SetupScreen
from boardgames.tui.screens.toosmall import TooSmallScreen

from .helpers import SINTRA, app_for, sintra_session, sized, static_text, wait_until

#: the moves the bots play in the app at the end of their game (the moves before are played before the app
#: starts); the long run has them play the whole game in the app
BOT_GAME_IN_APP = sized(12, 10_000)


def finished_session(seed: int = 5) -> Session:
    session = sintra_session(names=("Ana", "Bia"), kinds=["bot:random", "bot:greedy"], seed=seed)
    bots = [make_bot("random", SINTRA, seed), make_bot("greedy", SINTRA, seed)]
    while not session.state.is_over:
        bot = bots[session.state.current_player]
        session._apply(bot.choose(session.state, len(session.record.actions)))
    session.save()
    return session


async def test_menu_to_setup_to_a_three_seat_game_with_one_bot():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("home", "enter")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("right")  # players: 2 -> 3
        assert app.screen.count == 3
        await pilot.press("tab")  # the name of seat 1
        for _ in range(len("Player 1")):
            await pilot.press("backspace")
        await pilot.press(*"Ana")
        await pilot.press("tab", "tab", "tab", "right", "right")  # seat 2: Human -> search bot -> greedy bot
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert [(s.name, s.kind) for s in session.record.seats] == [
            ("Ana", "human"), ("Bot 2", "bot:greedy"), ("Player 3", "human")]
        assert session.path is not None and not session.path.exists(), "saved from the first move on"
        # Ana plays a turn by keys, then the bot plays on its own
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: session.state.current_player == 2)
        bot_lines = [line for line in session.log if line.startswith("Bot 2")]
        assert bot_lines
        assert any(line.startswith("Bot 2") for line in app.screen.log_panel.shown)
        assert read_record(session.path).actions == session.record.actions


async def test_setup_refuses_two_seats_with_one_name():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(SINTRA))
        await pilot.pause()
        app.screen.query_one("#name-1").value = "Player 1"
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        message = static_text(app.screen.query_one("#setup-message"))
        assert "Two seats are called Player 1" in message


async def test_setup_options_and_seed_reach_the_session():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(SINTRA))
        await pilot.pause()
        app.screen.query_one("#option-side").focus()
        await pilot.press("right")
        seed = app.screen.query_one("#seed")
        seed.value = "1234"
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        record = app.screen.session.record
        assert record.options == {"side": "B"} and record.seed == 1234


async def test_quit_to_menu_then_continue_resumes_the_same_state():
    session = sintra_session(seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter", "enter", "2", "enter")
        saved_actions = list(session.record.actions)
        saved_state = session.state.to_json()
        assert len(saved_actions) == 3
        await pilot.press("q")
        await pilot.press("n")  # stay
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert default_store().last_unfinished() == session.path
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        resumed = app.screen.session
        assert resumed is not session
        assert resumed.record.actions == saved_actions
        assert resumed.state.to_json() == saved_state
        assert app.screen.log_panel.shown == session.log


async def test_a_bot_game_plays_to_the_end_and_shows_the_breakdown():
    session = sintra_session(names=("Ana", "Bia"), kinds=["bot:random", "bot:random"], seed=11)
    whole = sintra_session(names=("Ana", "Bia"), kinds=["bot:random", "bot:random"], seed=11, autosave=False)
    bot = make_bot("random", SINTRA, 11)  # the bots' own choices, as the app's bots make them
    while not whole.state.is_over:
        whole.apply(bot.choose(whole.state, len(whole.record.actions)))
    for action in whole.record.actions[:-BOT_GAME_IN_APP]:
        session.apply_text(action)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.ready, timeout=60)
        result = session.state.result()
        screen = app.screen
        text = static_text(screen.query_one("#ranking"))
        assert "wins with" in text or "Shared victory" in text
        assert "Ana" in text and "Bia" in text
        out = static_text(screen.query_one("#breakdown"))
        for category in result.breakdown[0]:
            assert category in out
        assert "Total" in out
        await pilot.press("v")
        assert isinstance(app.screen, GameScreen)
        assert "final board" in app.screen.prompt_bar.message
        await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
        await wait_until(pilot, lambda: app.screen.ready)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert read_record(session.path).finished


async def test_a_finished_save_opens_on_its_results():
    finished_session()
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.last is None  # finished games are not offered to continue
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.ready)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))


async def test_corrupt_and_foreign_saves_show_a_message_and_the_menu_still_works():
    good = sintra_session(seed=3)
    good.apply_text(str(good.state.legal_actions()[0]))
    folder = default_store().folder
    (folder / "broken.json").write_text("{ not json", encoding="utf-8")
    (folder / "other.json").write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    foreign = good.record.to_json() | {"game": "no-such-game"}
    (folder / "foreign.json").write_text(json.dumps(foreign), encoding="utf-8")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        names = [path.name for path, _ in screen.saves]
        messages = {}
        for index, name in enumerate(names):
            screen.query_one("#saves").highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                await pilot.press("q", "y")
                await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
                await pilot.press("l")
                screen = app.screen
                continue
            assert app.screen is screen
            messages[name] = static_text(screen.query_one("#load-message"))
        assert "not valid JSON" in messages["broken.json"]
        assert "not a boardgames save" in messages["other.json"]
        assert "no-such-game" in messages["foreign.json"]
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.record.actions == good.record.actions


async def test_too_small_screen_and_back():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        text = static_text(app.screen.query_one("#too-small"))
        assert "need 80x24, have 60x20" in text
        await pilot.press("enter")  # keys do nothing here
        assert session.record.actions == []
        await pilot.resize_terminal(79, 30)
        await wait_until(pilot, lambda: "have 79x30" in static_text(app.screen.query_one("#too-small")))
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1", "enter")
        assert session.record.actions[0].startswith("take 1")


async def test_shrinking_and_growing_while_playing_never_crashes():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in ((60, 20), (70, 22), (79, 24), (80, 23), (100, 30), (60, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            small = size[0] < 80 or size[1] < 24
            assert isinstance(app.screen, TooSmallScreen) == small, size
            if small:
                assert f"have {size[0]}x{size[1]}" in static_text(app.screen.query_one("#too-small"))
        await pilot.press("1", "enter")
        assert session.record.actions[0].startswith("take 1")


async def test_help_opens_and_closes():
    session = sintra_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("down", "down")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        await pilot.press("q")  # q closes help, it does not leave the game
        assert isinstance(app.screen, GameScreen)
        assert session.record.actions == []


async def test_bot_pause_is_skipped_by_any_key():
    session = sintra_session(names=("Ana", "Bia"), kinds=["bot:greedy", "human"], seed=4)
    app = BoardgamesApp(session=session, bot_delay=30)  # far longer than the test
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert session.record.actions == []
        assert app.screen.key_bar.hints[0][1] == "skip the pause"
        await pilot.press("x")
        await wait_until(pilot, lambda: session.state.current_player == 1)
        assert session.log[0].startswith("Ana")


async def test_replay_steps_through_a_saved_game():
    session = finished_session(seed=6)
    total = len(session.record.actions)
    app = BoardgamesApp(replay=read_record(session.path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.position == 0
        await pilot.press("right", "l", "right")
        assert screen.position == 3
        assert screen.log_panel.shown == session.log[:3]
        assert screen.board.view == screen.replay.states[3].view(None)
        await pilot.press("left", "h")
        assert screen.position == 1
        await pilot.press("end")
        assert screen.position == total
        assert "over" in screen.prompt_bar.message
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_replay_of_a_damaged_record_says_where_it_stops():
    session = sintra_session(seed=6)
    for _ in range(4):
        session.apply(session.state.legal_actions()[0])
    record = read_record(session.path)
    record.actions.insert(2, "take 99 pink")
    app = BoardgamesApp(replay=record, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        screen = app.screen
        assert screen.position == 2
        assert "move 3" in screen.prompt_bar.message and screen.prompt_bar.error


async def test_menu_moves_with_j_and_k_and_quits_with_q():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert menu.highlighted == 0
        games = len(all_games())
        for _ in range(games - 1):
            await pilot.press("j")
        assert menu.get_option_at_index(menu.highlighted).id == f"new:{all_games()[-1].id}"
        await pilot.press("j")
        assert menu.get_option_at_index(menu.highlighted).id == "load"  # the disabled "continue" is skipped
        await pilot.press("k")
        assert menu.highlighted == games - 1
        await pilot.press("c")  # nothing to continue: a message, no crash
        assert "no unfinished game" in static_text(app.screen.query_one("#menu-message"))
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
