"""Three real OpenSSH clients at one Blue Moon City table, each in its own tmux at 80x24 with 16 colours, and a
fourth watching: the table made and joined from the lobby, moves played by keys on each screen in turn, a chat
line, one client killed and back at its seat with ``continue``, one gone past the seat hold while a bot plays
its seat. Every screen captured is checked against what its seat may see: never a card of another seat's hand,
always its own hand. Marked slow (some 25 s)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import re
import signal
import time
from pathlib import Path

from boardgames.core.record import RecordError, read_record
from boardgames.core.registry import get_game
from boardgames.core.session import Session

from .helpers import make_key, running_server
from .test_openssh import WAIT, Tmux, pytestmark  # noqa: F401 - pytestmark: slow, and skipped without ssh or tmux

HOLD = 3.0
PEOPLES = list(get_game("bluemoon").new_state(["a", "b"], {}, 1).rules.people)
#: a card as Blue Moon's board and log write it (the tiles' boxes write peoples capitalised: ``Aq3``)
CARD = re.compile(r"\b(?:{})[123]\b".format("|".join(PEOPLES)))
HAND_LINE = re.compile(r"^(?:Crystals \d+, hand:|Hand:)(.*)$", re.MULTILINE)
HIDDEN_HAND = re.compile(r"^\S+'s hand: \d+ cards \(hidden\)\.", re.MULTILINE)


def cards(text: str) -> list[str]:
    return CARD.findall(text)


class Table:
    """The one table of the server's lobby: its save, read as each terminal reads it."""

    def __init__(self, tables_root: Path) -> None:
        self.root = tables_root

    @property
    def save(self) -> Path:
        (folder,) = [path for path in self.root.iterdir() if path.is_dir() and not path.name.startswith(".")]
        return folder / "game.save"

    def actions(self) -> list[str]:
        """The moves saved so far (none before the start); a save caught mid-write is read again."""
        for _ in range(50):
            try:
                return read_record(self.save).actions
            except (RecordError, OSError, ValueError):
                if not any(self.root.glob("*/game.save")):
                    return []
                time.sleep(0.01)
        raise AssertionError("the table's save cannot be read")

    def session(self) -> Session:
        return Session.from_record(read_record(self.save))

    async def wait_moves(self, at_least: int) -> list[str]:
        for _ in range(int(WAIT * 5)):
            made = self.actions()
            if len(made) >= at_least:
                return made
            await asyncio.sleep(0.2)
        raise AssertionError(f"fewer than {at_least} moves were saved")

    async def wait_turn_ends(self, seat: int) -> None:
        """Until ``seat`` is no longer the one to play."""
        for _ in range(int(WAIT * 5)):
            if self.session().state.current_player != seat:
                return
            await asyncio.sleep(0.2)
        raise AssertionError(f"seat {seat + 1}'s turn did not end")


class Client(Tmux):
    """One player's ssh in a tmux of its own; every screen it captures is kept with the number of moves saved
    right after it (the screen can show no later state than that)."""

    def __init__(self, tmp_path: Path, ssh: list[str], name: str, table: Table) -> None:
        super().__init__(tmp_path / name, [*ssh, "-i", str(tmp_path / f"id_{name}"), "-t", f"{name}@127.0.0.1"])
        (tmp_path / name).mkdir()
        self.name = name
        self.table = table
        self.seat: int | None = None
        self.captures: list[tuple[str, int]] = []

    async def screen(self) -> str:
        text = await super().screen()
        self.captures.append((text, len(self.table.actions())))
        return text

    async def focus_on(self, label: str) -> None:
        """Until the form's field ``label`` has the focus (drawn on a green background at 16 colours): a key
        sent before the form has settled would go to another field."""
        for _ in range(int(WAIT * 5)):
            styled = await self.run("capture-pane", "-p", "-e")
            if any(line.startswith(f" {label} ") and "\x1b[42m" in line for line in styled.splitlines()):
                return
            await asyncio.sleep(0.2)
        raise AssertionError(f"the field {label} never had the focus on {self.name}'s screen")

    async def type_text(self, text: str) -> None:
        await self.run("send-keys", "-l", text)

    async def kill_ssh(self) -> None:
        """The client dies (kill -9 of ssh, as a dropped laptop would): the server sees the connection go."""
        pid = int((await self.run("display-message", "-p", "#{pane_pid}")).strip())
        assert Path(f"/proc/{pid}/comm").read_text().strip() == "ssh"
        os.kill(pid, signal.SIGKILL)
        await self.kill()


class Sight:
    """What each seat may see after each move, from the table's save replayed: the cards in its own view and
    its own log (its hand, what it drew, what was played in the open); a spectator's, in the public ones."""

    def __init__(self, session: Session) -> None:
        record = session.record
        self.names = [seat.name for seat in record.seats]
        seats: list[int | None] = [*range(len(record.seats)), None]
        self.allowed: dict[int | None, list[set[str]]] = {seat: [] for seat in seats}
        self.hands: dict[int, list[list[str]]] = {seat: [] for seat in range(len(record.seats))}
        for count in range(len(record.actions) + 1):
            state = Session.from_record(dataclasses.replace(record, actions=record.actions[:count]))
            for seat in seats:
                seen = set(cards(json.dumps(state.state.view(seat)))) | set(cards("\n".join(state.log_for(seat))))
                before = self.allowed[seat][-1] if self.allowed[seat] else set()
                self.allowed[seat].append(before | seen)  # a screen may lag: what was seen before stays allowed
            for seat in self.hands:
                self.hands[seat].append(sorted(state.state.view(seat)["players"][seat]["hand"]))

    def problems(self, client: Client) -> list[str]:
        """Every capture of ``client`` showing a card its seat may not see, or a hand that is not its own."""
        found = []
        seat = client.seat
        for text, moves in client.captures:
            moves = min(moves, len(self.allowed[seat]) - 1)
            for card in set(cards(text)) - self.allowed[seat][moves]:
                owners = [self.names[other] for other in self.hands if other != seat
                          and any(card in hand for hand in self.hands[other][:moves + 1])]
                found.append(f"{client.name}'s screen shows {card}, a card of {' or '.join(owners) or 'nobody'}'s "
                             f"hand, after {moves} moves:\n{text}")
            shown = [sorted(cards(line)) for line in HAND_LINE.findall(text)]
            if seat is None and shown:
                found.append(f"{client.name} watches, yet its screen shows a hand:\n{text}")
            if seat is not None and shown and shown[0] not in self.hands[seat][:moves + 1]:
                found.append(f"{client.name}'s hand line is not a hand {client.name} held:\n{text}")
        return found

    def own_hand_shown(self, client: Client) -> bool:
        """Whether some capture shows the client's own hand as it was then (a spectator: a hidden hand)."""
        for text, moves in client.captures:
            if client.seat is None and HIDDEN_HAND.search(text):
                return True
            shown = [sorted(cards(line)) for line in HAND_LINE.findall(text)]
            if client.seat is not None and shown and shown[0] in self.hands[client.seat][:moves + 1]:
                return True
        return False


async def watch_screens(clients: list[Client], stop: asyncio.Event) -> None:
    """Capture every client's screen twice a second besides the captures of the waits, so screens are checked
    also while the test looks elsewhere."""
    while not stop.is_set():
        for client in clients:
            await client.screen()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def make_table(ana: Client) -> None:
    """Lobby -> n -> Blue Moon City for three, seats 2 and 3 open -> the room."""
    await ana.wait_for("Make a new table")
    await ana.keys("n")
    await ana.wait_for("New table: Azul")
    await ana.focus_on("Game")
    await ana.keys("Right")  # the next game: the form is made anew for it
    await ana.wait_for("New table: Blue Moon City")
    await ana.focus_on("Game")
    await ana.keys("Tab")
    await ana.focus_on("Players")
    await ana.keys("Right")  # three
    await ana.wait_for("Seat 3", "random")  # a table's seed is drawn in secret
    await ana.keys("Enter")
    await ana.wait_for("Seat 2: free", "Seat 3: free")


async def sit_down(client: Client) -> None:
    await client.wait_for("Blue Moon City (waiting for players)")
    await client.keys("Home")  # the highlight stays on "Make a new table", where it was when the list was empty
    await client.keys("Enter")
    await client.wait_for("Waiting for ana to start the game.")


async def play_turn(client: Client, table: Table) -> None:
    """A turn by keys: stop moving (s), end the actions (e), discard the card under the cursor (Enter), draw (d);
    each key once the screen asks for it, the next once its move is saved."""
    name = client.name
    for prompt, key in ((f"{name}: move or play a power", "s"), (f"{name}: make an offering here", "e"),
                        (f"{name}: you may discard", "Enter"), (f"{name}: you may discard", "d")):
        await client.wait_for(prompt)
        made = len(table.actions())
        await client.keys(key)
        await table.wait_moves(made + 1)
    assert client.seat is not None
    await table.wait_turn_ends(client.seat)


async def seat_everyone(clients: dict[str, Client], table: Table) -> list[Client]:
    """ana makes the table, bia and cai sit down from the lobby, ana starts it and dan watches; the three
    players in the order they play."""
    ana, bia, cai, dan = clients.values()
    await asyncio.gather(*(client.start("tables") for client in clients.values()))
    await make_table(ana)
    await asyncio.gather(sit_down(bia), sit_down(cai))
    await ana.wait_for("bia, here", "cai, here")  # in the order they sat down
    await ana.keys("s")
    await dan.wait_for("Blue Moon City (playing)")
    await dan.keys("Home", "w")
    await dan.wait_for("Watching:", "cards (hidden)")
    for client in clients.values():  # the city too, on the screens of those not deciding
        await client.wait_for("Courtyard")
    session = table.session()
    names = [seat.name for seat in session.record.seats]
    for client in (ana, bia, cai):
        client.seat = names.index(client.name)
    first = session.state.current_player
    assert first is not None
    return sorted((ana, bia, cai), key=lambda client: ((client.seat or 0) - first) % 3)


async def cut_off_and_back(order: list[Client], table: Table) -> None:
    """The second to play is cut off between turns and comes back with ``continue``: at its seat again, its
    hand on screen, nobody played for it, and it plays its next turn by keys on the new connection."""
    first, back = order[0], order[1]
    made = len(table.actions())
    await back.kill_ssh()
    await first.wait_any(f"{back.name} is away")
    await back.start("continue")
    await back.wait_for(f"Waiting for {first.name}.")
    await until_gone(first, f"{back.name} is away")
    assert len(table.actions()) == made
    await play_turn(first, table)
    await play_turn(back, table)


async def away_past_the_hold(order: list[Client], table: Table, dan: Client) -> None:
    """The third to play is gone at its turn: past the hold a bot plays it, the others' screens say so, and
    the game goes on by keys."""
    first, second, gone = order
    await gone.kill_ssh()
    for client in (first, second):
        await client.wait_for(f"{gone.name} is away; a bot plays for them until they return.")
    assert gone.seat is not None
    await table.wait_turn_ends(gone.seat)
    assert table.session().steps[-1].seat == gone.seat
    await play_turn(first, table)
    await dan.wait_for(f"Watching: {second.name} to play.")


async def until_gone(client: Client, text: str) -> None:
    """Until ``text`` has left the client's screen."""
    for _ in range(int(WAIT * 5)):
        if text not in await client.screen():
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"{text!r} stayed on {client.name}'s screen")


async def test_three_openssh_clients_share_a_blue_moon_city_table(tmp_path):
    names = ("ana", "bia", "cai", "dan")
    public = b""
    for name in names:
        key = make_key(name)
        key.write_private_key(tmp_path / f"id_{name}")
        (tmp_path / f"id_{name}").chmod(0o600)
        public += key.export_public_key()
    (tmp_path / "keys").write_bytes(public)
    async with running_server(tmp_path, auth="keys", authorized_keys=str(tmp_path / "keys"),
                              seat_hold=HOLD) as server:
        ssh = ["ssh", "-F", "/dev/null", "-p", str(server.port), "-o", "IdentitiesOnly=yes",
               "-o", "IdentityAgent=none", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
               "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
        table = Table(server.options.tables_root)
        clients = {name: Client(tmp_path, ssh, name, table) for name in names}
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch_screens(list(clients.values()), stop))
        try:
            order = await seat_everyone(clients, table)
            for client in order:  # a round by keys, each on its own screen
                await play_turn(client, table)
            await order[0].keys("T")
            await order[0].wait_for("Message to the table")
            await order[0].type_text("good luck all")
            await order[0].keys("Enter")
            for client in (*order[1:], clients["dan"]):
                await client.wait_for(f"{order[0].name} says: good luck all")
            await cut_off_and_back(order, table)
            await away_past_the_hold(order, table, clients["dan"])
            stop.set()
            await watcher
            sight = Sight(table.session())
            problems = [problem for client in clients.values() for problem in sight.problems(client)]
            assert not problems, "\n\n".join(problems[:3])
            for client in clients.values():
                assert sight.own_hand_shown(client), f"{client.name}'s screen never showed its own hand"
        finally:
            stop.set()
            await watcher
            for client in clients.values():
                await client.kill()
            for _ in range(100):  # each session stops its game before the server closes (a second hang-up
                if not server.sessions:  # would cut its stop short and leave the process to end unwatched)
                    break
                await asyncio.sleep(0.1)
