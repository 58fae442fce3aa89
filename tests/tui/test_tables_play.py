"""A table's game screen in its cases: a spectator, a seat a bot takes over after the hold, several seats
hot-seat at one terminal beside a remote one, the end of the game, a table file damaged while playing."""

from __future__ import annotations

from dataclasses import replace

from boardgames.core.record import read_record, save_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.lobby.store import Lobby
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.board import Board
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.tablegame import TableScreen
from tests.lobby.helpers import ANA, BIA, CY, make_table

from .helpers import wait_until

SIZE = (100, 32)


def app_at(folder, player, hold: float = 120.0) -> BoardgamesApp:
    return BoardgamesApp(bot_delay=0, lobby=Lobby(folder, hold=hold), player=player)


async def at_table(pilot, app, table, watching: bool = False) -> TableScreen:
    await pilot.pause()
    # through the app's own queue: with two apps in one test, a call from the test would run as the other app
    app.call_later(app.open_table, table, watching)
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.prompt_bar.prompt))
    return app.screen


def submit(screen: TableScreen, index: int = 0) -> None:
    screen.board.post_message(Board.Submit(screen.board.legal[index]))


async def test_a_spectator_sees_the_public_view_and_cannot_play(tmp_path):
    table = make_table(tmp_path, "bluemoon", players=(ANA, BIA))
    watcher = app_at(tmp_path, CY)
    async with watcher.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, watcher, table, watching=True)
        assert screen.shared.mine == [] and screen._deciding is None
        assert screen.board.legal == [] and "Watching" in screen.prompt_bar.prompt
        text = screen.board.text().plain
        for seat in (0, 1):
            hand = screen.state.view(seat)["players"][seat]["hand"]
            assert hand and "Hand" not in text or all(card not in text for card in hand)
        await pilot.press("enter", "space", "1", "s", "d")
        await pilot.pause(0.2)
        assert read_record(table.game_path).actions == []
        listing = Lobby(tmp_path).listing(table)
        assert listing.spectators == 1


async def test_a_seat_away_past_the_hold_is_played_by_a_bot(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    ana = app_at(tmp_path, ANA, hold=0.3)
    async with ana.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, ana, table)
        await wait_until(pilot, lambda: "Bia is away" in str(screen.status.render()))
        # Bia never came: once the hold is over, Ana's terminal plays Bia's turns with a greedy bot
        for _ in range(3):
            await wait_until(pilot, lambda: screen._deciding is not None or screen.state.is_over, timeout=10)
            submit(screen)
            await pilot.pause(0.05)
        await wait_until(pilot, lambda: any(step.seat == 1 for step in screen.session.steps), timeout=10)
        assert "a bot plays for them" in str(screen.status.render())


async def test_the_table_waits_for_an_away_seat_when_it_says_so(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    table.write(replace(table.read(), when_away="wait"))
    ana = app_at(tmp_path, ANA, hold=0.1)
    async with ana.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, ana, table)
        while screen._deciding is not None:
            submit(screen)
            await pilot.pause(0.1)
        await pilot.pause(1.5)
        assert all(step.seat == 0 for step in screen.session.steps)
        assert "the table waits" in str(screen.status.render())


async def test_two_seats_at_one_terminal_keep_the_curtain_between_them(tmp_path):
    """Ana plays two seats hot-seat (Ana and Cy) beside Bia's remote one: Blue Moon City hides hands, so the
    curtain stands between Ana's two seats, never before Bia's."""
    lobby = Lobby(tmp_path)
    from boardgames.lobby.store import record_of
    from boardgames.lobby.table import TableSeat

    game = get_game("bluemoon")
    table = lobby.create(ANA, game, [TableSeat("Ana", ANA.id), TableSeat(), TableSeat("Cy", ANA.id)], {}, 5)
    table.join(BIA)
    table.start(ANA, record_of(game, table.read()))
    ana = app_at(tmp_path, ANA)
    async with ana.run_test(size=SIZE) as pilot:
        ana.open_table(table)
        await wait_until(pilot, lambda: isinstance(ana.screen, (TableScreen, CurtainScreen)))
        await pilot.pause(0.2)
        first = read_record(table.game_path)
        session = Session.from_record(first)
        if session.state.current_player in (0, 2):
            assert isinstance(ana.screen, CurtainScreen)  # two seats here: nobody sees a hand before "g"
            await pilot.press("g")
            await wait_until(pilot, lambda: isinstance(ana.screen, TableScreen))
        screen = ana.screen
        assert isinstance(screen, TableScreen) and screen.viewer is None


async def test_the_finished_game_goes_to_each_players_saves(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    # the game played to its end but for one move, by the first legal move each time
    session = Session.from_record(read_record(table.game_path))
    while True:
        legal = session.state.legal_actions()
        probe = Session.from_record(replace(session.record, actions=list(session.record.actions)))
        probe.apply(legal[0])
        if probe.state.is_over:
            break
        session.apply(legal[0])
    mover = session.state.current_player
    save_record(session.record, table.game_path)
    player = (ANA, BIA)[mover]
    app = app_at(tmp_path, player)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, app, table)
        await wait_until(pilot, lambda: screen._deciding is not None)
        submit(screen)
        await wait_until(pilot, lambda: screen.state.is_over)
        await wait_until(pilot, lambda: bool(list(app.store.folder.glob("*.json")) or
                                             list(app.store.folder.iterdir())))
        saved = [p for p in app.store.folder.iterdir() if p.is_file() and not p.name.startswith(".")]
        assert len(saved) == 1 and read_record(saved[0]).finished
        assert table.read().finished


async def test_a_table_file_damaged_during_play_changes_nothing_on_screen(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    app = app_at(tmp_path, ANA)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, app, table)
        await wait_until(pilot, lambda: screen._deciding is not None)
        table.spec_path.write_text("{ broken")
        table.game_path.write_text("not a save")
        await pilot.pause(1.5)
        assert isinstance(app.screen, TableScreen) and app.is_running
        submit(screen)
        await wait_until(pilot, lambda: "cannot be read" in screen.prompt_bar.message)
        assert table.game_path.read_text() == "not a save"  # nothing was written into the damaged file


async def test_keys_typed_while_the_others_play_never_answer_the_next_decision(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    apps = [app_at(tmp_path, ANA), app_at(tmp_path, BIA)]
    async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
        screens = [await at_table(pa, apps[0], table), await at_table(pb, apps[1], table)]
        pilots = (pa, pb)
        first = screens[0].state.current_player
        mover, waiter, waiter_pilot = screens[first], screens[1 - first], pilots[1 - first]
        await waiter_pilot.press("enter", "enter", "enter")  # tapped while the other player decides
        submit(mover)
        moves = len(read_record(table.game_path).actions)
        while mover._deciding is not None and moves < 10:  # the mover finishes the turn
            await pilots[first].pause(0.05)
            submit(mover)
            await pilots[first].pause(0.05)
            moves = len(read_record(table.game_path).actions)
        await wait_until(waiter_pilot, lambda: waiter._deciding is not None, timeout=5)
        before = len(read_record(table.game_path).actions)
        await waiter_pilot.press("enter", "enter")  # the burst goes on: dropped
        await waiter_pilot.pause(0.2)
        assert len(read_record(table.game_path).actions) == before


async def test_the_bell_rings_when_a_decision_comes_up_and_n_turns_it_off(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    apps = [app_at(tmp_path, ANA), app_at(tmp_path, BIA)]
    rung = [0, 0]
    for n, app in enumerate(apps):
        app.bell = lambda n=n: rung.__setitem__(n, rung[n] + 1)
    async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
        screens = [await at_table(pa, apps[0], table), await at_table(pb, apps[1], table)]
        first = screens[0].state.current_player
        assert rung[first] == 1 and rung[1 - first] == 0  # the first to play is called, once
        other_pilot = (pa, pb)[1 - first]
        await other_pilot.press("N")  # the other player turns the bell off
        assert "No bell" in screens[1 - first].prompt_bar.message
        for _ in range(10):
            if screens[first]._deciding is None:
                break
            submit(screens[first])
            await (pa, pb)[first].pause(0.1)
        await wait_until(other_pilot, lambda: screens[1 - first]._deciding is not None, timeout=5)
        assert rung[1 - first] == 0


def test_spectators_may_be_kept_out_of_the_chat(tmp_path):
    from boardgames.tui.tablechat import may_chat
    from boardgames.tui.tablelink import TableLink

    table = make_table(tmp_path, players=(ANA, BIA))
    spec = table.read()
    assert may_chat(TableLink(table, CY, watching=True), spec) is None
    quiet = replace(spec, spectator_chat=False)
    assert "read the chat, not write" in may_chat(TableLink(table, CY, watching=True), quiet)
    assert may_chat(TableLink(table, ANA), quiet) is None  # the players still talk
    assert "name" in may_chat(TableLink(table, None, watching=True), spec)


async def test_the_whole_log_holds_the_chat_at_its_place(tmp_path):
    from boardgames.lobby import chat
    from boardgames.tui.screens.fulllog import FullLogScreen

    table = make_table(tmp_path, players=(ANA, BIA))
    chat.say(table, BIA.id, "Bia", "before any move", 0)
    app = app_at(tmp_path, ANA)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_table(pilot, app, table)
        await wait_until(pilot, lambda: screen._deciding is not None or screen.state.current_player != 0)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        assert list(app.screen.lines)[0] == "Bia says: before any move"
