"""Scripted attackers against a server on a free port of 127.0.0.1, each bounded in count and seconds.

The attacker connects from 127.0.0.1; while it runs, a player from 127.0.0.2 (the loopback range)
logs in, which shows the limits hold the attacker's address only.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time

import asyncssh
import pytest
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import Boolean, String

from boardgames.serve.auth import set_password, verify_password

from .helpers import Screen, connect, logged, make_key, running_server, sign_in, sized, until

PLAYER = ("127.0.0.2", 0)
RIGHT = "ana's password"


class Pipeliner(asyncssh.SSHClient):
    """Sends ``burst`` passwords at a time, each before the last is answered (which cancels its check)."""

    def __init__(self, username: str, guesses, burst: int) -> None:
        self.username = username
        self.guesses = iter(guesses)
        self.burst = burst
        self.conn: asyncssh.SSHClientConnection | None = None

    def connection_made(self, conn) -> None:
        self.conn = conn

    def password_auth_requested(self):
        for guess in itertools.islice(self.guesses, self.burst):
            self.conn.send_packet(MSG_USERAUTH_REQUEST, String(self.username), String(b"ssh-connection"),
                                  String(b"password"), Boolean(False), String(guess))
        return next(self.guesses, None)


def guesses(count: int, right_at: int):
    """``count`` wrong passwords with the right one at ``right_at`` (as the audit's guesser found it at 46)."""
    return [RIGHT if number == right_at else f"guess number {number}" for number in range(count)]


async def pipelined_attack(server, connections: int, count: int, right_at: int, seconds: float = 40.0) -> None:
    async def one(number: int) -> None:
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(server, "ana", client_factory=lambda: Pipeliner("ana", guesses(count, right_at), 8))

    await asyncio.wait_for(asyncio.gather(*(one(n) for n in range(connections))), seconds)


async def player_logs_in(server, seconds: float = 15.0, **login_options) -> None:
    """A player from another address is let in within ``seconds``."""
    async def login() -> bool:
        async with await connect(server, local_addr=PLAYER, **login_options):
            return any(c.authenticated and c.address == PLAYER[0] for c in server.connections)

    assert await asyncio.wait_for(login(), seconds)


@pytest.fixture
def checked(monkeypatch):
    """Every password check the server runs, counted as it begins (the check itself is the real one)."""
    from boardgames.serve import ssh

    calls = []

    def counted(password, stored):
        calls.append(password)
        return verify_password(password, stored)

    monkeypatch.setattr(ssh, "verify_password", counted)
    return calls


@pytest.fixture
async def held_checks(monkeypatch):
    """Each password check the server runs (the real one) holds on until the test lets it go: ``checking`` is set
    as one begins, ``release`` lets them answer."""
    from boardgames.serve import ssh

    loop = asyncio.get_running_loop()
    checking, release = asyncio.Event(), threading.Event()

    def held(password, stored):
        loop.call_soon_threadsafe(checking.set)
        release.wait(20)
        return verify_password(password, stored)

    monkeypatch.setattr(ssh, "verify_password", held)
    yield checking, release
    release.set()


@pytest.fixture
def passwords(tmp_path):
    path = tmp_path / "passwords"
    set_password(path, "ana", RIGHT)
    set_password(path, "bia", "bia's password")
    return path


async def test_a_pipelined_guesser_gets_five_checks_and_never_its_right_guess(tmp_path, passwords, checked):
    async with running_server(tmp_path, warm_fork=False, auth="passwords", passwords=passwords) as server:
        attack = asyncio.ensure_future(pipelined_attack(server, connections=1, count=120, right_at=45))
        await asyncio.sleep(0.5)
        await player_logs_in(server, username="bia", password="bia's password")
        await attack
        assert len([guess for guess in checked if guess.startswith("guess")]) <= 5 and RIGHT not in checked
        assert server.limiter.blocked_for("127.0.0.1") > 0 and not server.limiter.blocked_for("127.0.0.2")
        assert server.children_started == 0
        with pytest.raises(asyncssh.Error):  # blocked: even the right password is not checked now
            await asyncio.wait_for(connect(server, "ana", password=RIGHT), 20)
        await logged(server, "refused: too many failed log-ins from this address")


async def test_ten_pipelining_connections_from_one_address_share_its_five_checks(tmp_path, passwords, checked):
    async with running_server(tmp_path, warm_fork=False, auth="passwords", passwords=passwords) as server:
        attack = asyncio.ensure_future(pipelined_attack(server, connections=10, count=60, right_at=30))
        await asyncio.sleep(0.5)
        await player_logs_in(server, username="bia", password="bia's password")
        await attack
        assert len([guess for guess in checked if guess.startswith("guess")]) <= 5 and RIGHT not in checked
        assert server.limiter.blocked_for("127.0.0.1") > 0


async def test_many_wrong_keys_on_one_connection_end_it_before_the_right_one(tmp_path):
    ana = make_key("ana")
    (tmp_path / "keys").write_bytes(ana.export_public_key())
    async with running_server(tmp_path, warm_fork=False, auth="keys", authorized_keys=str(tmp_path / "keys")) as server:
        wrong = [make_key("ana") for _ in range(30)]
        with pytest.raises(asyncssh.Error):
            await asyncio.wait_for(connect(server, "ana", client_keys=[*wrong, ana]), 30)
        await logged(server, "refused: too many log-in attempts on one connection")
        assert server.children_started == 0
        async with await connect(server, "ana", client_keys=[*wrong[:5], ana]):  # under the cap: let in
            pass
        await player_logs_in(server, username="ana", client_keys=[ana])


async def test_ten_sessions_guessing_a_passphrase_at_once_share_five_checks(tmp_path, monkeypatch):
    from boardgames.serve import login as session_module  # where the name prompt checks passphrases
    from boardgames.serve.auth import hash_password

    checked = []

    def counted(passphrase, stored):
        checked.append(passphrase)
        return verify_password(passphrase, stored)

    monkeypatch.setattr(session_module, "verify_password", counted)
    folder = tmp_path / "serve" / "players" / "ana"
    folder.mkdir(parents=True)
    (folder / "passphrase").write_text(hash_password(RIGHT) + "\n")
    async with running_server(tmp_path, max_per_address=10, warm_fork=False) as server:
        # what is counted here is the checks: a failure's pause (which holds the next check back) is cut short
        server.limiter.step = server.limiter.longest = 0.01
        conns = [await connect(server) for _ in range(10)]
        try:
            screens = [await Screen.open(conn) for conn in conns]
            for screen in screens:  # three guesses each, the right one last: typed ahead, never waiting
                await screen.wait_for("Name:")
                screen.type("ana\rwrong one\rwrong two\r" + RIGHT + "\r")
            await asyncio.wait_for(asyncio.gather(*(screen.wait_closed() for screen in screens)), 60)
            assert len(checked) <= 5
            assert server.children_started == 0
            assert "Too many wrong passphrases came from your address" in "".join(s.text() for s in screens)
            async with await connect(server, local_addr=PLAYER) as conn:  # another address: let in at once
                screen = await Screen.open(conn)
                await sign_in(screen, "ana", RIGHT)
                await until(lambda: server.children_started, 20, "her game")
                assert server.children_started == 1
        finally:
            for conn in conns:
                conn.close()


async def test_a_passphrase_longer_than_the_limit_is_refused_with_a_sentence(tmp_path):
    from boardgames.serve.auth import MAX_PASSWORD, hash_password

    folder = tmp_path / "serve" / "players" / "ana"
    folder.mkdir(parents=True)
    (folder / "passphrase").write_text(hash_password("p" * MAX_PASSWORD) + "\n")
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn)
        await sign_in(screen, "ana", "p" * (MAX_PASSWORD + 1))  # cut to the limit, it would be the right one
        await screen.wait_for(f"at most {MAX_PASSWORD} characters")
        assert server.limiter.blocked_for("127.0.0.1") == 0 and server.children_started == 0
        screen.type("\x03")
        await screen.wait_closed()
        assert server.children_started == 0


async def open_sessions(conn, count: int) -> tuple[list[Screen], int]:
    """Try ``count`` sessions with a terminal on ``conn`` (each waits at the name prompt); (opened, refused)."""
    opened, refused = [], 0
    for _ in range(count):
        try:
            opened.append(await asyncio.wait_for(Screen.open(conn), 10))
        except asyncssh.ChannelOpenError as exc:
            refused += 1
            reason = exc.reason
    if refused:
        assert reason.startswith(("This connection already has", "Your address already has"))
    return opened, refused


async def test_one_connection_gets_a_few_session_channels_and_the_rest_are_refused(tmp_path):
    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        opened, refused = await open_sessions(conn, 200)
        assert (len(opened), refused) == (3, 197)
        assert server.channels["127.0.0.1"] == 3
        async with await connect(server, local_addr=PLAYER) as other:
            screen = await Screen.open(other)
            await screen.wait_for("Name:")
        opened[0].type("\x03")  # one ends: its place is free again
        await opened[0].wait_closed()
        for _ in range(50):
            if server.channels["127.0.0.1"] == 2:
                break
            await asyncio.sleep(0.1)
        again, refused = await open_sessions(conn, 2)
        assert (len(again), refused) == (1, 1)


async def test_channels_count_toward_the_limit_of_their_address(tmp_path):
    async with running_server(tmp_path, warm_fork=False, max_per_address=5) as server:
        conns = [await connect(server) for _ in range(4)]
        try:
            counts = [await open_sessions(conn, 3) for conn in conns]
            assert sum(len(opened) for opened, _ in counts) == 5
            assert server.channels["127.0.0.1"] == 5
            async with await connect(server, local_addr=PLAYER) as other:
                screen = await Screen.open(other)
                await screen.wait_for("Name:")
        finally:
            for conn in conns:
                conn.close()
        for _ in range(50):
            if not server.channels:
                break
            await asyncio.sleep(0.1)
        assert not server.channels  # every closed channel gave its place back


async def test_a_key_restricted_by_its_options_is_refused_outside_them(tmp_path):
    ana, bia, carl = make_key("ana"), make_key("bia"), make_key("carl")
    (tmp_path / "keys").write_bytes(b'from="10.9.9.9" ' + ana.export_public_key()
                                    + b'restrict,command="true" ' + bia.export_public_key()
                                    + b'from="127.0.0.2" ' + carl.export_public_key())
    async with running_server(tmp_path, warm_fork=False, auth="keys", authorized_keys=str(tmp_path / "keys")) as server:
        for name, key in (("ana", ana), ("bia", bia), ("carl", carl)):
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncio.wait_for(connect(server, name, client_keys=[key]), 20)
        log = await logged(server, "option command")
        assert 'a key of ana from 127.0.0.1 was refused: its line allows only from="10.9.9.9"' in log
        assert "a key of bia from 127.0.0.1 was refused: its line has the option command" in log
        await player_logs_in(server, username="carl", client_keys=[carl])  # from= names 127.0.0.2: let in
        assert server.children_started == 0


@pytest.mark.parametrize(("kind", "legacy"), [("kex_algs", "diffie-hellman-group14-sha1"),
                                               ("mac_algs", "hmac-sha1"), ("mac_algs", "umac-64@openssh.com"),
                                               ("mac_algs", "umac-64-etm@openssh.com"),
                                               ("kex_algs", "rsa2048-sha256")])
async def test_legacy_algorithms_are_refused(tmp_path, kind, legacy):
    async with running_server(tmp_path, warm_fork=False) as server:
        with pytest.raises(asyncssh.Error):
            # a MAC is only agreed with a cipher that is not AEAD (chacha20-poly1305 and GCM carry their own)
            await asyncio.wait_for(connect(server, encryption_algs=["aes128-ctr"], **{kind: [legacy]}), 20)
        async with await connect(server, local_addr=PLAYER):  # a client's defaults still agree on modern ones
            pass


async def hold_sockets(addresses, each: int, port: int) -> list:
    """Plain TCP connections that never speak SSH, ``each`` from every address; the writers."""
    writers = []
    for address in addresses:
        for _ in range(each):
            with contextlib.suppress(OSError):
                _reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
                writers.append(writer)
    return writers


async def settle(condition, seconds: float = 10.0) -> None:
    for _ in range(int(seconds * 20)):
        if condition():
            return
        await asyncio.sleep(0.05)


async def test_a_flood_of_connections_that_never_log_in_is_capped_and_a_player_still_gets_in(tmp_path):
    flooders = [f"127.0.0.{number}" for number in range(3, 13)]
    async with running_server(tmp_path, warm_fork=False, max_startups=(3, 30, 12), max_per_address=5) as server:
        writers = await hold_sockets(flooders, 5, server.port)  # 50 tries from 10 addresses
        try:
            await asyncio.sleep(0.3)
            assert len([c for c in server.connections if not c.closing]) <= 12
            await player_logs_in(server, seconds=10)
            log = await logged(server, "too many connections")
            assert "closed to make room" in log or "dropped at random" in log
        finally:
            for writer in writers:
                writer.close()


def flood_addresses():
    """Loopback addresses for a flood, one each: 127.1.0.1, 127.1.0.2, ..."""
    return (f"127.1.{number // 250}.{number % 250 + 1}" for number in itertools.count())


def count_decisions(monkeypatch, server) -> list[str]:
    """The address of every connection the server's door decides on, as it decides (the decisions are its own)."""
    seen = []
    decide = server.door.decide

    def counted(address, connections):
        seen.append(address)
        return decide(address, connections)

    monkeypatch.setattr(server.door, "decide", counted)
    return seen


async def test_bare_sockets_from_many_addresses_never_close_a_player_in_her_password_check(
        tmp_path, passwords, held_checks, monkeypatch):
    """Issue 33, item 2: a socket from a new address once made room by closing the oldest connection logging in,
    the player in the middle of her check, and each close counted as a wrong guess: after five, her right password
    was refused for ten minutes. Here, in each of six log-ins, twelve new addresses come in while her check runs."""
    checking, release = held_checks
    addresses = flood_addresses()
    writers = []
    async with running_server(tmp_path, auth="passwords", passwords=passwords, max_startups=(4, 30, 8),
                              warm_fork=False) as server:
        decided = count_decisions(monkeypatch, server)
        try:
            for _ in range(6):  # more than the five failures that would block her address
                checking.clear()
                release.clear()
                login = asyncio.ensure_future(connect(server, "ana", password=RIGHT, local_addr=PLAYER))
                await asyncio.wait_for(checking.wait(), 20)
                expected = len(decided) + 12
                writers += await hold_sockets(itertools.islice(addresses, 12), 1, server.port)
                await until(lambda n=expected: len(decided) >= n, 10, "the door's twelve decisions")
                release.set()
                conn = await asyncio.wait_for(login, 20)  # let in every time: never closed, never refused
                conn.close()
            assert server.limiter.recent(PLAYER[0]) == 0 and not server.limiter.blocked_for(PLAYER[0])
            assert "closed to make room" in server.log_stream.getvalue()
        finally:
            release.set()
            for writer in writers:
                writer.close()


async def test_a_connection_closed_to_make_room_in_the_middle_of_its_check_costs_no_guess(
        tmp_path, passwords, held_checks):
    """When every connection waiting is in authentication, a new address still gets in by closing the oldest; the
    guess that connection had under way told its client nothing, so it is given back."""
    checking, release = held_checks
    async with running_server(tmp_path, auth="passwords", passwords=passwords, max_startups=(1, 100, 1),
                              warm_fork=False) as server:
        login = asyncio.ensure_future(connect(server, "ana", password="a wrong guess", local_addr=PLAYER))
        await asyncio.wait_for(checking.wait(), 20)
        assert server.limiter.recent(PLAYER[0]) == 1  # counted as it began
        writers = await hold_sockets(["127.0.0.3"], 1, server.port)  # full: the one logging in makes room
        with pytest.raises((asyncssh.Error, OSError)):
            await asyncio.wait_for(login, 20)
        release.set()
        await logged(server, "closed to make room")
        assert server.limiter.recent(PLAYER[0]) == 0
        assert PLAYER[0] not in server.door.penalties.table  # not even a second of penalty
        for writer in writers:
            writer.close()


async def test_one_address_logged_in_without_sessions_cannot_fill_the_server(tmp_path):
    """Issue 33, item 3: under --auth none one address logged in 400 times, opened no session, and filled
    --max-connections; a player from another address got in 2 times of 12. 100 log-ins here, two and a half times
    --max-connections (400 in the long run, ``BOARDGAMES_LONG_TESTS=1``, as before issue 40)."""
    attempts = sized(100, 400)
    async with running_server(tmp_path, max_connections=40, warm_fork=False) as server:
        held, refused = [], 0
        try:
            for number in range(attempts):
                try:
                    held.append(await asyncio.wait_for(connect(server), 10))
                except (asyncssh.Error, OSError):
                    refused += 1
                if number % 50 == 49:
                    await player_logs_in(server)  # from 127.0.0.2, every time
            assert len(held) == 10 and refused == attempts - 10  # --max-per-address, logged in or not
            assert len([c for c in server.connections if c.address == "127.0.0.1" and not c.closing]) == 10
            await logged(server, "refused: too many connections from this address")
        finally:
            for conn in held:
                conn.close()


async def test_quick_reconnects_earn_their_address_a_pause_while_others_get_in(tmp_path):
    """A client logging in and leaving at once, again and again, costs a second of penalty each time
    (PerSourcePenalties' noauth); past 15 seconds ahead, its address is refused until they run out."""
    async with running_server(tmp_path, warm_fork=False) as server:
        let_in = 0
        for _ in range(40):
            try:
                async with await asyncio.wait_for(connect(server), 10):
                    let_in += 1  # logged in, no session: gone again
            except (asyncssh.Error, OSError):
                break
        assert 16 <= let_in < 40
        assert server.door.penalties.refused_for("127.0.0.1") > 0
        await logged(server, "refused: this address is paused for")
        await player_logs_in(server)
        assert not server.door.penalties.refused_for(PLAYER[0])


async def test_login_grace_time_closes_silent_connections_and_the_name_prompt(tmp_path):
    async with running_server(tmp_path, warm_fork=False, login_timeout=1.5) as server:
        writers = await hold_sockets(["127.0.0.3"], 1, server.port)
        async with await connect(server) as conn:
            screen = await Screen.open(conn)
            await screen.wait_for("Name:")
            text = await screen.wait_closed(timeout=15)
            assert "No name was given within 1.5 seconds" in text
        await settle(lambda: not server.connections)
        assert not server.connections  # the silent socket was closed too
        await logged(server, 'ended="no name within the log-in time"')
        for writer in writers:
            writer.close()


async def test_a_connection_with_no_session_is_closed(tmp_path):
    async with running_server(tmp_path, warm_fork=False, unused_timeout=1.0) as server:
        conn = await connect(server)
        await asyncio.wait_for(conn.wait_closed(), 15)
        await logged(server, 'ended="closed: no session open for 1 seconds"')
        async with await connect(server) as conn:  # while a session is open, the clock is stopped
            screen = await Screen.open(conn)
            await screen.wait_for("Name:")
            await asyncio.sleep(1.5)
            assert any(c.authenticated and not c.closing for c in server.connections)
            screen.type("\x03")
            await screen.wait_closed()
            await asyncio.wait_for(conn.wait_closed(), 15)  # and starts again when the last one ends


async def test_a_channel_that_never_asks_for_a_shell_does_not_stop_the_unused_clock(tmp_path):
    """A session channel opened and left without a shell or command request held its connection for ever (and,
    ten such connections an address, kept it from being closed to make room)."""
    from asyncssh.channel import SSHClientChannel

    async with running_server(tmp_path, unused_timeout=1.0, warm_fork=False) as server:
        conn = await connect(server)
        chan = SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None, "strict", 2**21, 2**15)
        await chan._open(b"session")  # the channel is open: asyncssh's own clients would now ask for a shell
        assert server.channels["127.0.0.1"] == 1
        await asyncio.wait_for(conn.wait_closed(), 15)
        await logged(server, 'ended="closed: no session open for 1 seconds"')


async def test_total_connections_are_capped(tmp_path):
    async with running_server(tmp_path, max_connections=4, warm_fork=False) as server:
        held = [await connect(server) for _ in range(4)]
        try:
            for conn in held:  # each holds a session (at the name prompt): none may be closed for another
                await (await Screen.open(conn)).wait_for("Name:")
            with pytest.raises((asyncssh.Error, OSError)):
                await asyncio.wait_for(connect(server, local_addr=PLAYER), 10)
            await logged(server, "refused: the server has as many connections as it takes")
        finally:
            for conn in held:
                conn.close()
        await settle(lambda: not server.connections)
        await player_logs_in(server)


async def hold_idle(address: str, count: int, server, held: list) -> None:
    """Keep ``count`` logged-in connections with no session from ``address`` (each one closed is made again)."""
    mine: list = []
    while True:
        mine[:] = [conn for conn in mine if not conn.is_closed()]
        if len(mine) < count:
            with contextlib.suppress(asyncssh.Error, OSError):
                conn = await connect(server, local_addr=(address, 0))
                mine.append(conn)
                held.append(conn)
                continue
        await asyncio.sleep(0.05)


async def test_many_addresses_holding_idle_log_ins_never_shut_a_player_out(tmp_path):
    """Issue 33, item 3: with --max-per-address capping one address, eight addresses each holding their most of
    logged-in connections with no session filled --max-connections until --unused-timeout freed them. At the cap,
    such a connection of the busiest address makes room, however fast the attackers connect again."""
    attackers = [f"127.0.1.{number}" for number in range(1, 9)]
    async with running_server(tmp_path, max_connections=20, max_per_address=4, warm_fork=False) as server:
        held: list = []
        tasks = [asyncio.ensure_future(hold_idle(address, 4, server, held)) for address in attackers]
        try:
            await until(lambda: sum(c.authenticated and not c.closing for c in server.connections) == 20, 30,
                        "a server full of idle log-ins")
            for _ in range(sized(3, 6)):  # six in the long run, as before issue 40
                async with await asyncio.wait_for(connect(server, local_addr=PLAYER), 10) as conn:
                    screen = await Screen.open(conn)  # let in, and given a session, every time
                    await screen.wait_for("Name:", timeout=10)
                    assert len([c for c in server.connections if not c.closing]) <= 20
            await logged(server, "closed to make room: the server holds as many connections as it takes")
            # an idle log-in closed for another costs its address as one that left so would
            assert set(server.door.penalties.table) & set(attackers) and PLAYER[0] not in server.door.penalties.table
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for conn in held:
                conn.close()


async def test_a_net_block_counts_as_one_source_for_the_caps_and_penalties(tmp_path):
    """--per-source-net-block-size 24: the addresses of one /24 share its --max-per-address and its penalties."""
    from boardgames.serve.netblock import NetBlocks

    async with running_server(tmp_path, max_per_address=3, net_blocks=NetBlocks(24, 128), warm_fork=False) as server:
        held = [await connect(server, local_addr=(f"127.0.5.{number}", 0)) for number in range(1, 4)]
        try:
            with pytest.raises((asyncssh.Error, OSError)):  # another address of the block: over the block's cap
                await asyncio.wait_for(connect(server, local_addr=("127.0.5.9", 0)), 10)
            await logged(server, "refused: too many connections from this address")
            await player_logs_in(server)  # 127.0.0.2: another block
        finally:
            for conn in held:
                conn.close()
        let_in = 0
        for number in range(1, 41):  # quick reconnects, each from another address of one block
            try:
                async with await asyncio.wait_for(connect(server, local_addr=(f"127.0.6.{number}", 0)), 10):
                    let_in += 1
            except (asyncssh.Error, OSError):
                break
        assert 16 <= let_in < 40
        assert server.door.penalties.refused_for("127.0.6.0/24") > 0
        await player_logs_in(server)


async def test_new_connections_are_refused_before_the_descriptor_limit(tmp_path):
    import resource

    from boardgames.serve.door import open_descriptors

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    async with running_server(tmp_path, warm_fork=False, fd_reserve=30, max_per_address=100,
                              max_startups=(100, 30, 100)) as server:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_descriptors() + 60, hard))
        try:
            writers = await hold_sockets(["127.0.0.3"], 40, server.port)  # two descriptors each, in this process
            await asyncio.sleep(0.5)
            log = await logged(server, "refused: the server is close to its limit of open files")
            assert "Too many open files" not in log and "Traceback" not in log
            for writer in writers:
                writer.close()
            await settle(lambda: not server.connections)
            await player_logs_in(server)
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


async def test_refusals_at_the_door_are_logged_once_a_second_with_a_count(tmp_path):
    import re

    async with running_server(tmp_path, max_per_address=2, warm_fork=False) as server:
        writers = await hold_sockets(["127.0.0.3"], 40, server.port)  # 2 let in, 38 refused
        try:
            await until(lambda: server.refusals.skipped == 37, 10, "the 38 refusals")
            await asyncio.sleep(server.refusals.next - time.monotonic())  # till the log may take a line again
            writers += await hold_sockets(["127.0.0.3"], 1, server.port)  # the 39th writes the count
            await logged(server, "more refused since the last such line")
            lines = [line for line in server.log_stream.getvalue().splitlines()
                     if "refused: too many connections from this address" in line]
            counted = sum(int(n) for n in re.findall(r"\((\d+) more refused", "\n".join(lines)))
            assert len(lines) <= 3 and len(lines) + counted == 39
        finally:
            for writer in writers:
                writer.close()


async def test_a_huge_window_is_clamped_to_what_a_screen_shows(tmp_path):
    from boardgames.serve.sizes import MAX_COLS, MAX_ROWS

    async with running_server(tmp_path, warm_fork=False) as server, await connect(server) as conn:
        screen = await Screen.open(conn, size=(10000, 10000))
        await screen.wait_for("Name:")
        (session,) = server.sessions
        assert session.size == (MAX_COLS, MAX_ROWS)
        await sign_in(screen)  # a guest: the game process starts at the clamped size
        await settle(lambda: session.child is not None and session.child.proc is not None, 60)
        assert (session.child.cols, session.child.rows) == (MAX_COLS, MAX_ROWS)
        screen.process.change_terminal_size(70000, 70000)  # past what a pty can be told: it once dropped the client
        await asyncio.sleep(0.5)
        assert (session.child.cols, session.child.rows) == (MAX_COLS, MAX_ROWS) and not screen.closed
        screen.process.change_terminal_size(100, 40)
        await settle(lambda: session.child.cols == 100)
        assert (session.child.cols, session.child.rows) == (100, 40)


async def test_a_hung_client_is_dropped_after_its_unanswered_keepalives(tmp_path):
    async with running_server(tmp_path, warm_fork=False, keepalive_interval=0.5, keepalive_count=2) as server:
        conn = await connect(server)
        screen = await Screen.open(conn)
        await screen.wait_for("Name:")
        conn._transport.pause_reading()  # the client hangs: nothing it is sent is read or answered
        await settle(lambda: not server.sessions, 15)
        assert not server.sessions
        await logged(server, 'ended="the client disconnected"')
        conn.abort()
        await player_logs_in(server)
