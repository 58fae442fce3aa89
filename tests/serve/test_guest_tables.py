"""Guests over SSH making tables until the lobby's limits refuse them, while a player from another address makes a
table and plays at it (issue 33, item 4: 42 guest connections of one address once made all 200 tables of the lobby,
and then "The lobby is full" for everyone, for ever). The same limits as the server's, at a scale of three guests."""

from __future__ import annotations

import asyncio

from boardgames.core.record import RecordError, read_record
from boardgames.core.session import Session
from boardgames.lobby.store import MAX_TABLES_PER_ADDRESS, MAX_TABLES_PER_PLAYER, Lobby

from .helpers import Screen, connect, running_server, sign_in, until

PLAYER = ("127.0.0.2", 0)
MADE, FOR_ONE_PLAYER, FOR_ONE_ADDRESS = "Press f to fill", "tables open; finish or cancel", "the most for one address"
#: the lobby's key bar (its list may be longer than the screen)
LOBBY = "n new table"


async def shown(screen: Screen, *words: str, timeout: float = 20.0) -> str:
    """The first of ``words`` to appear on ``screen`` since its last clear."""
    text = await screen._read_until(lambda: any(word in screen.text() for word in words), timeout,
                                    f"none of {words!r} appeared", stop_at_end=True)
    return next(word for word in words if word in text)


async def at_the_lobby(conn) -> Screen:
    """A guest's session opened at the tables (``ssh -t HOST tables``, Enter at the name prompt)."""
    screen = await Screen.open(conn, "tables")
    await sign_in(screen)
    await screen.wait_for(LOBBY)
    return screen


async def make_table(screen: Screen) -> str:
    """n, then Enter on the form as it comes (Azul for two, the second seat free): MADE, in the table's room, or
    the sentence of the limit that refused it, still on the form."""
    screen.clear()
    screen.type("n")
    await screen.wait_for("New table: Azul")
    screen.clear()
    screen.type("\r")
    return await shown(screen, MADE, FOR_ONE_PLAYER, FOR_ONE_ADDRESS)


async def make_tables(screen: Screen, most: int) -> tuple[int, str]:
    """Tables made until a limit refuses one (or ``most`` are made): (how many, the refusal or '')."""
    for made in range(most):
        answer = await make_table(screen)
        if answer != MADE:
            return made, answer
        screen.clear()
        screen.type("\x1b")  # from the room back to the lobby
        await screen.wait_for(LOBBY)
    return most, ""


def game_of(tables_root) -> Session | None:
    """The one started table's game, as its save holds it now (None before the start or mid-write)."""
    for save in tables_root.glob("*/game.save"):
        try:
            return Session.from_record(read_record(save))
        except (RecordError, OSError, ValueError):
            return None
    return None


async def guests_fill_their_share(guests) -> None:
    """Three guests of one address: the first makes tables until its own limit refuses one, the second makes the
    rest of the address's share, the third is refused at once."""
    first, second, third = guests
    assert await make_tables(await at_the_lobby(first), MAX_TABLES_PER_PLAYER + 1) == (MAX_TABLES_PER_PLAYER,
                                                                                       FOR_ONE_PLAYER)
    rest = MAX_TABLES_PER_ADDRESS - MAX_TABLES_PER_PLAYER
    assert await make_tables(await at_the_lobby(second), rest) == (rest, "")
    assert await make_tables(await at_the_lobby(third), 1) == (0, FOR_ONE_ADDRESS)


async def player_makes_a_table_and_plays(conn, tables_root) -> None:
    """A guest of another address: a table for two, the free seat to a bot, the game started, one move by Enter."""
    player = await at_the_lobby(conn)
    assert await make_table(player) == MADE
    player.clear()
    player.type("f")
    await player.wait_for("press s to start")
    player.type("s")
    await until(lambda: (game := game_of(tables_root)) is not None and game.state.current_player == 0, 20,
                "the player's turn")
    await player.wait_for(": take all the")  # the decision on the player's screen
    before = len(game_of(tables_root).record.actions)
    player.type("\r")  # the move under the cursor
    await until(lambda: len(game_of(tables_root).record.actions) > before, 20, "the player's move")


async def test_guests_of_one_address_make_tables_until_refused_and_a_player_of_another_plays(tmp_path):
    async with running_server(tmp_path) as server:
        tables_root = server.options.tables_root
        guests = [await connect(server) for _ in range(3)]  # each connection a new guest, all from 127.0.0.1
        try:
            async with await connect(server, local_addr=PLAYER) as conn:  # meanwhile, from another address
                await asyncio.gather(guests_fill_their_share(guests), player_makes_a_table_and_plays(conn, tables_root))
                assert len(Lobby(tables_root).listings()) == MAX_TABLES_PER_ADDRESS + 1
                for guest in guests:  # the guests leave: their tables, which nobody can start now, go
                    guest.close()
                lobby = Lobby(tables_root)
                await until(lambda: len(lobby.tidy()) == 1, 20, "the guests' tables removed")
                (left,) = lobby.listings()
                assert left.spec is not None and left.spec.started and left.spec.origin
        finally:
            for guest in guests:
                guest.close()
