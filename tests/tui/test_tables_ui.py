"""Two terminals at one table, as two apps on one data folder: the lobby, the room, the start, moves reaching
the other screen, the card pass of Lemuria answered on both screens at once, the chat."""

from __future__ import annotations

from boardgames.core.record import read_record
from boardgames.lobby.store import Lobby
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.tablegame import TableScreen
from boardgames.tui.screens.tableroom import TableRoomScreen

from .helpers import wait_until

SIZE = (100, 32)


async def type_text(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch)


async def make_table(pilot, app, name: str, game_title: str | None = None) -> None:
    """Menu -> Tables -> new table (first game unless ``game_title``), named ``name``; lands in the room."""
    await pilot.press("t")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "TablesScreen")
    await pilot.press("n")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "AskNameScreen")
    await type_text(pilot, name)
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "NewTableScreen")


async def join_first_table(pilot, app, name: str) -> None:
    await pilot.press("t")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "TablesScreen")
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "AskNameScreen")
    await type_text(pilot, name)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TableRoomScreen))


async def set_choice(pilot, app, field_id: str, value: str) -> None:
    """Step a choice of the form to ``value`` as keys would, one step at a time (the game's choice makes the
    form anew, so the field is looked up again after each step)."""
    from boardgames.tui.widgets import ChoiceField

    for _ in range(40):
        await pilot.pause(0.05)
        found = app.screen.query(f"#{field_id}")
        if not found:
            continue  # the form is being made anew
        field = found.first(ChoiceField)
        if field.value == value:
            return
        field.step(1)
    raise AssertionError(f"{field_id} has no choice {value}")


async def both_sit_and_start(pa, a, pb, b) -> tuple[TableScreen, TableScreen]:
    """Ana's form submitted: she lands in the room, Bia joins from the lobby, Ana starts; both screens."""
    await pa.press("enter")
    await wait_until(pa, lambda: isinstance(a.screen, TableRoomScreen))
    await join_first_table(pb, b, "Bia")
    await wait_until(pa, lambda: "Bia, here" in str(a.screen.query_one("#room-seats").render()))
    await pa.press("s")
    await wait_until(pa, lambda: isinstance(a.screen, TableScreen))
    await wait_until(pb, lambda: isinstance(b.screen, TableScreen), timeout=5)
    return a.screen, b.screen


async def test_a_name_that_reads_as_a_guests_is_refused_at_the_tables(tmp_path):
    """Issue 33, item 11: a player named guest-57f3 could chat as that guest."""
    from boardgames.tui.widgets.message import MessageLine

    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TablesScreen")
        await pilot.press("n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AskNameScreen")
        await type_text(pilot, "Guest-57f3")
        await pilot.press("enter")
        shown = app.screen.query_one(MessageLine)
        await wait_until(pilot, lambda: "kept for the server's guests" in str(shown.render()))
        assert type(app.screen).__name__ == "AskNameScreen" and app.player is None
        for _ in range(len("Guest-57f3")):
            await pilot.press("backspace")
        await type_text(pilot, "Guestbook")  # only the guests' own shape is kept
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "NewTableScreen")
        assert app.player.name == "Guestbook"


async def test_two_terminals_share_a_sintra_table(tmp_path):
    a, b = BoardgamesApp(bot_delay=0), BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await make_table(pa, a, "Ana")
        sa, sb = await both_sit_and_start(pa, a, pb, b)  # the form's defaults: Sintra, Ana here, seat 2 open
        first = sa.state.current_player
        mover, mover_pilot, other = (sa, pa, sb) if first == 0 else (sb, pb, sa)
        assert mover._deciding is not None and other._deciding is None
        assert "Waiting for" in other.prompt_bar.prompt
        await mover_pilot.press("enter")
        await mover_pilot.press("enter")
        await wait_until(pa, lambda: len(other.session.record.actions) >= 1, timeout=5)
        table = Lobby(a.lobby.folder).listings()[0].table
        assert read_record(table.game_path).actions == other.session.record.actions


async def test_the_lemuria_card_pass_is_answered_on_both_screens_at_once(tmp_path):
    a, b = BoardgamesApp(bot_delay=0), BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await make_table(pa, a, "Ana")
        await set_choice(pa, a, "table-game", "lemuria")
        await wait_until(pa, lambda: getattr(a.screen, "game", None) is not None and a.screen.game.id == "lemuria"
                         and a.screen.query("#kind-2"))
        await pa.pause(0.1)
        await set_choice(pa, a, "kind-2", "bot:greedy")
        sa, sb = await both_sit_and_start(pa, a, pb, b)
        # the pass is pending for every seat: both humans decide at once, each on their own screen
        assert {0, 1} <= set(sa.state.active_players)  # (the bot, played by Ana's terminal, may have passed)
        await wait_until(pa, lambda: sa._deciding is not None and sb._deciding is not None)
        assert sa._deciding[0] == 0 and sb._deciding[0] == 1
        await pb.press("enter")  # Bia passes first, out of the hot-seat order
        await wait_until(pb, lambda: any(a.startswith("@1 pass") for a in sb.session.record.actions), timeout=5)
        await wait_until(pa, lambda: any(a.startswith("@1 pass") for a in sa.session.record.actions), timeout=5)
        assert sa._deciding is not None and sa._deciding[0] == 0  # Ana still decides
        await pa.press("enter")
        # Ana's terminal drives the bot, whose pass ends the round of passes
        await wait_until(pa, lambda: "pass" not in sa.state.phase, timeout=10)
        await wait_until(pb, lambda: len(sb.session.record.actions) == len(sa.session.record.actions), timeout=5)
        assert sa.state.to_json() == sb.state.to_json()


async def test_chat_reaches_the_other_screen_as_plain_text(tmp_path):
    a, b = BoardgamesApp(bot_delay=0), BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await make_table(pa, a, "Ana")
        await pa.press("enter")
        await wait_until(pa, lambda: isinstance(a.screen, TableRoomScreen))
        await join_first_table(pb, b, "Bia")
        await pb.press("T")
        await wait_until(pb, lambda: type(b.screen).__name__ == "ChatLineScreen")
        await type_text(pb, "hi [b]Ana[/b]")
        await pb.press("enter")
        await wait_until(pa, lambda: "Bia says: hi [b]Ana[/b]" in a.screen.log_panel.shown, timeout=5)
        assert "Bia says: hi [b]Ana[/b]" in b.screen.log_panel.shown
        # in the game, the chat sits in the log among the moves
        await pa.press("s")
        await wait_until(pb, lambda: isinstance(b.screen, TableScreen), timeout=5)
        await pb.press("T")
        await wait_until(pb, lambda: type(b.screen).__name__ == "ChatLineScreen")
        await type_text(pb, "good luck")
        await pb.press("enter")
        await wait_until(pa, lambda: isinstance(a.screen, TableScreen)
                         and "Bia says: good luck" in a.screen.log_panel.shown, timeout=5)


async def test_the_chat_dialog_keeps_the_board_in_view_and_refuses_a_line_too_long(tmp_path):
    """Guards: the dialog blanked the table's screen, and a line past 200 characters was cut without a word."""
    from textual.widgets import Input

    from boardgames.lobby import chat
    from boardgames.tui.tablechat import ChatLineScreen
    from boardgames.tui.widgets.message import MessageLine

    from .screen_text import screen_text, seen_text

    a, b = BoardgamesApp(bot_delay=0), BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await make_table(pa, a, "Ana")
        sa, sb = await both_sit_and_start(pa, a, pb, b)
        table = Lobby(a.lobby.folder).listings()[0].table
        board = sb.board.region
        before = screen_text(b).split("\n")[board.y:board.bottom]
        await pb.press("T")
        await wait_until(pb, lambda: isinstance(b.screen, ChatLineScreen))
        await pb.pause()
        assert seen_text(b).split("\n")[board.y:board.bottom] == before  # the board stays in view
        field, said = b.screen.query_one(Input), b.screen.query_one(MessageLine)
        long = " ".join(["word"] * 48)  # 239 characters, pasted at once
        field.value = long
        await wait_until(pb, lambda: "239" in said.text)
        assert said.text == f"A message is at most {chat.MAX_LENGTH} characters; this one has 239."
        await pb.press("enter")
        await pb.pause()
        assert isinstance(b.screen, ChatLineScreen) and field.value == long  # kept, to shorten
        assert chat.read_chat(table) == []  # and nothing was sent, cut or whole
        short = long[:chat.MAX_LENGTH - 1]  # 40 words, the longest line a message holds
        field.value = short
        await wait_until(pb, lambda: said.text == "")
        await pb.press("enter")
        await wait_until(pb, lambda: [line.text for line in chat.read_chat(table)] == [short])
        assert isinstance(b.screen, TableScreen)
