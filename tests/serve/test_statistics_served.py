"""Over SSH a player sees their own statistics and the leaderboards of named players: never guests (even with
five games), never players with fewer than five finished games."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from boardgames.core.record import Seat
from boardgames.history.store import History, record_finished
from boardgames.serve.options import server_history

from ..history.games import finished
from .helpers import Screen, connect, running_server, sign_in

ROW = re.compile(r"^ *(\d+) +(\S+) +(\d+) +\d+ +-?\d+\.\d *\r?$", re.MULTILINE)


def fill_server_history(root) -> None:
    start = datetime(2026, 11, 20, tzinfo=UTC)
    games = [(("ana", "bob"), {0: "name:ana", 1: "name:bob"}, seed) for seed in range(1, 6)]
    games += [(("ana", "guest-77ab"), {0: "name:ana", 1: "guest:77ab"}, seed) for seed in range(6, 11)]  # a guest
    games.append((("cid", "ana"), {0: "name:cid", 1: "name:ana"}, 11))  # cid: one game only
    with History.open(server_history(root)) as history:
        for number, (names, identities, seed) in enumerate(games):
            record = finished(names=names, seed=seed)
            record.seats = [Seat(name) for name in names]
            record_finished(history, record, f"{number}.json", start + timedelta(hours=number), identities)


async def test_a_named_player_sees_their_record_and_the_leaderboard_of_named_players(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server:
        fill_server_history(server.options.root)
        async with await connect(server) as conn:
            screen = await Screen.open(conn, size=(100, 60))
            await sign_in(screen, "ana", "ana's passphrase", new=True)
            await screen.wait_for("New game: Azul")
            screen.clear()
            screen.type("s")
            await screen.wait_for("ana has finished 11 games", "Leaderboards")
            screen.type("\x1b[F")  # End: the leaderboards are at the bottom
            # the stream repaints parts in any order: a leaderboard row is "rank, name, games, wins, rating"
            text = await screen._read_until(lambda: len(set(ROW.findall(screen.text()))) >= 2, 10.0,
                                            "the leaderboard did not come")
            rows = set(ROW.findall(text[text.index("Leaderboards"):]))
            assert rows == {("1", "bob", "5"), ("2", "ana", "11")}
            assert "cid" not in {name for _rank, name, _games in rows}
            assert "Player " not in text.split("ana has finished")[0]  # no choice of another player over SSH
            screen.type("\x1b")
            await screen.wait_for("New game: Azul")
