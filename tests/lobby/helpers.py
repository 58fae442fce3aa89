"""Tables for the lobby's tests: made in a temporary folder, started, with players by id."""

from __future__ import annotations

from pathlib import Path

from boardgames.core.registry import get_game
from boardgames.lobby.play import SharedGame
from boardgames.lobby.store import Lobby, record_of
from boardgames.lobby.table import Player, Table, TableSeat

ANA = Player("user:ana", "Ana")
BIA = Player("user:bia", "Bia")
CY = Player("user:cy", "Cy")
DI = Player("user:di", "Di")


def make_table(folder: Path, game_id: str = "sintra", players: tuple[Player, ...] = (ANA, BIA),
               bots: int = 0, seed: int = 7, start: bool = True, **options: str) -> Table:
    """A table made by the first player, every player seated in order, then ``bots`` greedy bots."""
    lobby = Lobby(folder)
    game = get_game(game_id)
    seats = [TableSeat(name=players[0].name, owner=players[0].id)]
    seats += [TableSeat() for _ in players[1:]]
    seats += [TableSeat(name=f"Bot {n}", bot="greedy") for n in range(1, bots + 1)]
    table = lobby.create(players[0], game, seats, dict(options), seed)
    for player in players[1:]:
        table.join(player)
    if start:
        table.start(players[0], record_of(game, table.read()))
    return table


def shared(table: Table, player: Player, watching: bool = False) -> SharedGame:
    return SharedGame(table, table.read(), player, watching)
