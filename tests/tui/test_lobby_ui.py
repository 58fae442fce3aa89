"""The lobby and a table as their screens show them: the highlight stays on its table while the list re-sorts,
``x`` asks before a table is cancelled or a stuck one ended, the list is made again only when something changed,
the bots move while only a spectator is at the table, and a flood of chat by guest spectators leaves the moves in
the log panel."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import OptionList

from boardgames.core.registry import get_game
from boardgames.lobby import chat
from boardgames.lobby.store import Lobby, record_of
from boardgames.lobby.table import Player, TableError, TableSeat
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.tablegame import TableScreen
from boardgames.tui.screens.tableroom import TableRoomScreen
from boardgames.tui.screens.tables import TablesScreen
from tests.lobby.helpers import ANA, BIA, CY, DI

from .helpers import wait_until

SINTRA = get_game("sintra")


def waiting_table(lobby: Lobby, player: Player):
    return lobby.create(player, SINTRA, [TableSeat(player.name, player.id), TableSeat(), TableSeat()], {}, 1)


async def open_lobby(pilot, app) -> TablesScreen:
    await wait_until(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
    app.push_screen(TablesScreen())
    await wait_until(pilot, lambda: isinstance(app.screen, TablesScreen) and order(app.screen))
    return app.screen


def order(screen: TablesScreen) -> list[str]:
    found = screen.query("#tables")
    if not found:
        return []  # not composed yet
    menu = found.first(OptionList)
    return [menu.get_option_at_index(index).id for index in range(menu.option_count)]


def highlighted(screen: TablesScreen) -> str | None:
    menu = screen.query_one("#tables", OptionList)
    return None if menu.highlighted is None else order(screen)[menu.highlighted]


async def test_the_highlight_stays_on_its_table_when_the_list_re_sorts(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    tables = [waiting_table(lobby, player) for player in (BIA, CY, DI)]
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        first = order(screen)
        await pilot.press("down")  # the second table, which the highlight must keep
        chosen = highlighted(screen)
        assert chosen == first[1]
        moved = next(table for table in tables if table.id == first[2])
        moved.join(Player("user:eve", "Eve"))  # the last table changes: it goes to the top of the list
        await wait_until(pilot, lambda: order(screen)[0] == moved.id, timeout=5)
        assert highlighted(screen) == chosen
        await pilot.press("w")  # watching the table the highlight is on, not the one now at its old place
        await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))
        assert app.screen.table.id == chosen


async def test_x_asks_before_the_maker_cancels_a_table(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    mine = waiting_table(lobby, ANA)
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        assert highlighted(screen) == mine.id
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is screen)
        assert mine.folder.exists()
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen and order(screen) == ["new"])
        assert not mine.folder.exists()
        assert "cancelled" in screen.last_message


async def test_the_list_is_made_again_once_a_burst_of_changes_has_come_and_not_without_one(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        menu = screen.query_one("#tables")
        options = menu._options
        screen.rebuild()  # nothing changed: the list is left as it is, not drawn again
        assert menu._options is options
        rebuilds = []
        rebuild = screen.rebuild
        screen.rebuild = lambda: (rebuilds.append(1), rebuild())  # counted from now on
        made = [waiting_table(lobby, player) for player in (BIA, CY, DI)]  # a burst of changes
        await wait_until(pilot, lambda: len(order(screen)) == 4, timeout=5)
        assert sorted(order(screen)[:3]) == sorted(table.id for table in made)
        assert 1 <= len(rebuilds) <= 3  # one rebuild (or a few) for the burst, not one a file


async def test_the_bots_move_while_only_a_spectator_is_at_the_table(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    table = lobby.create(BIA, SINTRA, [TableSeat("Bot 1", bot="greedy"), TableSeat("Bia", BIA.id)], {}, 1)
    table.start(BIA, record_of(SINTRA, table.read()))  # the bot's turn first; Bia has gone
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=CY)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        app.open_table(table, watching=True)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await wait_until(pilot, lambda: screen.session.state.current_player == 1, timeout=10)
        assert screen.session.record.actions and not screen.shared.mine


async def play_turn(pilot, screen: TableScreen, other_pilot, other: TableScreen) -> None:
    """Enter on ``screen`` until the other terminal decides (its turn came, the moves written reached it)."""
    for _ in range(20):
        await wait_until(pilot, lambda: screen._deciding is not None or other._deciding is not None, timeout=5)
        if other._deciding is not None:
            return
        await pilot.press("enter")
        await wait_until(other_pilot, lambda: other.session.record.actions == screen.session.record.actions)
    raise AssertionError("the turn did not end")


async def test_guest_spectators_flooding_the_chat_leave_the_moves_in_the_log_panel(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    table = lobby.create(ANA, SINTRA, [TableSeat("Ana", ANA.id), TableSeat()], {}, 1)
    table.join(BIA)
    table.start(ANA, record_of(SINTRA, table.read()))
    a = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=ANA)
    b = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=BIA)
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        for app, pilot in ((a, pa), (b, pb)):
            await wait_until(pilot, lambda app=app: type(app.screen).__name__ == "MenuScreen")
            app.call_later(app.open_table, table)  # in the app's own context (two apps run here)
            await wait_until(pilot, lambda app=app: isinstance(app.screen, TableScreen))
        sa, sb = a.screen, b.screen
        await play_turn(pa, sa, pb, sb)  # Ana's turn
        # 20 guests watching from two addresses, each sending as fast as it can
        accepted, moves = 0, len(sb.session.record.actions)
        for n in range(chat.BURST):
            for number in range(20):
                try:
                    chat.say(table, f"guest:{number:016x}", f"guest-{number}", f"look at this {n}", moves,
                             origin=("1" if number % 2 else "2") * 16)
                    accepted += 1
                except TableError:
                    pass  # too fast
        assert accepted == chat.SPECTATOR_BURST
        await wait_until(pb, lambda: len(sb.chat) == accepted, timeout=5)
        await play_turn(pb, sb, pa, sa)  # Bia's turn, after the flood
        await wait_until(pa, lambda: len(sa.chat) == accepted, timeout=5)
        for screen in (sa, sb):
            shown = screen.log_panel.shown
            assert shown[-2:] == screen.session.log_for(screen.viewer, 0)[-2:]  # the latest moves in the panel
            assert not any("says:" in line for line in shown)  # no chat line pushed them out at 80x24
            title = str(screen.query_one("#log-title").render())
            assert "look at this" in title  # the newest chat line is read in the panel's title


async def test_x_ends_a_table_stuck_waiting_for_a_player_away_past_the_hold(tmp_path):
    lobby = Lobby(tmp_path / "tables")
    table = lobby.create(ANA, SINTRA, [TableSeat("Ana", ANA.id), TableSeat()], {}, 1, when_away="wait")
    table.join(BIA)
    table.start(ANA, record_of(SINTRA, table.read()))
    table.write(replace(table.read(), away={0: 1000.0}))  # Ana, its maker, left long ago; the table waits
    app = BoardgamesApp(bot_delay=0, lobby=Lobby(lobby.folder), player=BIA)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lobby(pilot, app)
        assert "Ana (away)" in str(screen.query_one("#tables", OptionList).get_option_at_index(0).prompt)
        await pilot.press("x")  # Bia did not make the table, yet may end it
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "End this table" in str(app.screen.question)
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen and order(screen) == ["new"])
        assert not table.folder.exists() and "ended" in screen.last_message
