"""Names, password hashes, key files and the limit on failed log-ins: no network, no game process."""

from __future__ import annotations

import asyncio
import types
from dataclasses import dataclass

import pytest

from boardgames.serve.auth import (
    AuthFileError,
    hash_password,
    read_passwords,
    set_password,
    verify_password,
)
from boardgames.serve.guesses import AttemptLimiter, GuessChecker, Verdict
from boardgames.serve.keys import KeyBook, address_matches
from boardgames.serve.session import parse_command
from boardgames.serve.users import is_safe_name, player_folder, printable

from .helpers import make_key


@pytest.mark.parametrize("name", ["ana", "bia-2", "x_y", "0day", "a" * 32])
def test_safe_names(name):
    assert is_safe_name(name)


@pytest.mark.parametrize("name", ["", "..", ".", "../bob", "a/b", "Ana", "-x", "_x", "a b", "a" * 33, "é", "a\n",
                                  "a\x00"])
def test_unsafe_names_never_make_a_folder(tmp_path, name):
    assert not is_safe_name(name)
    with pytest.raises(ValueError):
        player_folder(tmp_path / "users", name)


def test_a_player_folder_stays_inside_its_root(tmp_path):
    assert player_folder(tmp_path / "users", "ana") == tmp_path / "users" / "ana"


def test_log_shows_unsafe_names_escaped():
    assert printable("ana") == "ana"
    assert "\n" not in printable("evil\nuser=root")


@pytest.mark.real_scrypt
def test_password_hash_is_scrypt_with_a_random_salt():
    """Four hashes at the real cost (128 MiB and some 0.6 s of a core each); the unknown user's stand-in is
    checked at the tests' cheap cost (test_an_unknown_user_or_a_bad_line_never_verifies)."""
    first, second = hash_password("correct horse"), hash_password("correct horse")
    assert first.startswith("scrypt$131072$8$1$") and first != second
    assert "correct horse" not in first
    assert verify_password("correct horse", first) and not verify_password("wrong horse", second)


def test_an_unknown_user_or_a_bad_line_never_verifies():
    assert not verify_password("correct horse", None)  # an unknown user: checked against a stand-in hash
    assert not verify_password("x", "scrypt$1$1$1$bad$bad")


def test_password_file_add_and_change(tmp_path):
    path = tmp_path / "passwords"
    assert set_password(path, "ana", "first password")
    assert set_password(path, "bia", "second password")
    assert not set_password(path, "ana", "changed password")
    users = read_passwords(path)
    assert set(users) == {"ana", "bia"}
    assert verify_password("changed password", users["ana"])
    assert path.stat().st_mode & 0o077 == 0
    assert "password" not in path.read_text().split("\n", 1)[1]


def test_a_broken_password_file_is_one_sentence(tmp_path):
    path = tmp_path / "passwords"
    path.write_text("ana:plaintext\n")
    with pytest.raises(AuthFileError, match="Line 1"):
        read_passwords(path)
    with pytest.raises(AuthFileError, match="does not exist"):
        read_passwords(tmp_path / "missing")


def test_one_key_file_lets_each_key_in_as_its_comment_only(tmp_path):
    ana, bia = make_key("ana"), make_key("bia")
    path = tmp_path / "authorized_keys"
    path.write_bytes(ana.export_public_key() + b'no-port-forwarding,from="127.0.0.1" ' + bia.export_public_key())
    book = KeyBook(str(path))
    book.check()
    assert book.keys_for("ana", "10.0.0.1") == {ana.public_data}
    assert book.keys_for("bia", "127.0.0.1") == {bia.public_data}  # a line with options it honours counts
    assert book.keys_for("carl", "127.0.0.1") == set() and book.keys_for("../ana", "127.0.0.1") == set()


def test_a_key_restricted_with_from_lets_in_only_those_addresses(tmp_path):
    ana = make_key("ana")
    path = tmp_path / "authorized_keys"
    path.write_bytes(b'from="10.9.9.9" ' + ana.export_public_key())
    book = KeyBook(str(path))
    assert book.decide("ana", ana.public_data, "10.9.9.9") == (True, "")
    allowed, why = book.decide("ana", ana.public_data, "127.0.0.1")
    assert not allowed and 'from="10.9.9.9"' in why


@pytest.mark.parametrize(("patterns", "address", "allowed"), [
    ("10.9.9.9", "10.9.9.9", True), ("10.9.9.9", "10.9.9.19", False), ("10.9.*", "10.9.1.2", True),
    ("10.9.?.2", "10.9.12.2", False), ("10.0.0.0/8,!10.6.6.6", "10.1.2.3", True),
    ("10.0.0.0/8,!10.6.6.6", "10.6.6.6", False), ("!10.6.6.6", "10.1.1.1", False), ("*.example.com", "1.2.3.4", False),
    ("::1,127.0.0.1", "::1", True), ("10.0.0.0/33", "10.0.0.1", False), ("", "10.0.0.1", False),
])
def test_from_patterns(patterns, address, allowed):
    assert address_matches(patterns, address) is allowed


@pytest.mark.parametrize("options", [b'command="/bin/sh"', b'restrict,command="game"', b"restrict", b"no-pty",
                                     b'environment="A=B"', b'expiry-time="20200101"', b"cert-authority",
                                     b'permitopen="x:1"'])
def test_options_the_server_does_not_implement_refuse_the_key(tmp_path, options):
    ana = make_key("ana")
    path = tmp_path / "authorized_keys"
    path.write_bytes(options + b" " + ana.export_public_key())
    allowed, why = KeyBook(str(path)).decide("ana", ana.public_data, "127.0.0.1")
    assert not allowed and why


def test_restrict_with_pty_and_the_refusals_the_server_makes_anyway_are_accepted(tmp_path):
    ana = make_key("ana")
    path = tmp_path / "authorized_keys"
    path.write_bytes(b'restrict,pty,no-agent-forwarding,no-X11-forwarding,no-user-rc,from="127.0.0.0/8" '
                     + ana.export_public_key())
    assert KeyBook(str(path)).decide("ana", ana.public_data, "127.0.0.1") == (True, "")


def test_a_key_file_per_player(tmp_path):
    ana = make_key()
    (tmp_path / "ana.keys").write_bytes(ana.export_public_key())
    book = KeyBook(str(tmp_path / "%u.keys"))
    assert book.keys_for("ana", "127.0.0.1") == {ana.public_data}
    assert book.keys_for("bia", "127.0.0.1") == set()
    with pytest.raises(AuthFileError):
        KeyBook(str(tmp_path / "missing")).check()


def test_failures_are_slowed_then_blocked_per_address():
    now = [1000.0]
    limiter = AttemptLimiter(max_failures=3, window=60, step=1, longest=2, clock=lambda: now[0])
    pauses = []
    for _ in range(2):
        record, _stamp = limiter.begin("10.0.0.1")
        pauses.append(limiter.failed(record))
    assert pauses == [1, 2]
    assert limiter.blocked_for("10.0.0.1") == 0
    record, stamp = limiter.begin("10.0.0.1")  # a guess counts when it begins: in flight, it already blocks
    assert limiter.blocked_for("10.0.0.1") == 60
    limiter.succeeded(record, stamp)  # a right guess is given back
    assert limiter.blocked_for("10.0.0.1") == 0
    limiter.begin("10.0.0.1")
    assert limiter.blocked_for("10.0.0.1") == 60
    assert limiter.blocked_for("10.0.0.2") == 0
    now[0] += 61
    assert limiter.blocked_for("10.0.0.1") == 0
    assert not limiter.table  # old failures are forgotten


def test_the_limiters_table_is_bounded_and_forgets_from_its_oldest_end():
    now = [0.0]
    limiter = AttemptLimiter(window=60, clock=lambda: now[0], max_addresses=1000)
    for number in range(5000):
        limiter.begin(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}")
    assert len(limiter.table) == 1000  # the oldest addresses made room
    now[0] += 30
    limiter.begin("10.9.9.9")
    now[0] += 31  # the 1,000 old ones are out of the window, the last one is not
    assert limiter.blocked_for("10.9.9.8") == 0
    assert list(limiter.table) == ["10.9.9.9"]


async def test_a_cancelled_check_counts_as_a_failure_and_its_thread_finishes_first():
    import threading

    checker = GuessChecker(AttemptLimiter(max_failures=2), workers=1)
    release = threading.Event()
    started = []

    def slow_right_guess():
        started.append(1)
        release.wait(5)
        return True

    first = asyncio.ensure_future(checker.check("10.0.0.1", slow_right_guess))
    await asyncio.sleep(0.1)
    first.cancel()  # what asyncssh does when the client sends its next password first
    second = asyncio.ensure_future(checker.check("10.0.0.1", lambda: started.append(2) or False))
    await asyncio.sleep(0.2)
    assert started == [1]  # the address's next check waits for the thread still running
    release.set()
    assert await asyncio.wait_for(second, 10) == Verdict.WRONG
    assert started == [1, 2]
    assert checker.limiter.recent("10.0.0.1") == 2  # the cancelled one counted, though it was right
    assert await checker.check("10.0.0.1", lambda: True) == Verdict.BLOCKED
    checker.close()


@pytest.mark.real_scrypt
def test_hashes_made_with_the_older_smaller_cost_still_verify():
    import base64

    from boardgames.serve import auth
    from boardgames.serve.auth import _scrypt

    salt = b"0123456789abcdef"
    old = "scrypt$16384$8$1${}${}".format(base64.b64encode(salt).decode(),
                                          base64.b64encode(_scrypt("old password", salt, 2**14, 8, 1)).decode())
    assert verify_password("old password", old) and not verify_password("old passwore", old)
    assert auth.SCRYPT_N == 2**17  # new hashes are made at it (test_password_hash_is_scrypt_with_a_random_salt)


def test_a_password_longer_than_the_limit_is_refused_not_cut():
    from boardgames.serve.auth import MAX_PASSWORD, password_problem

    long = "x" * (MAX_PASSWORD + 1)
    assert password_problem(long) == f"A password can have at most {MAX_PASSWORD} characters."
    assert not verify_password(long, hash_password(long[:MAX_PASSWORD]))


@pytest.mark.parametrize(("command", "start", "ascii"), [
    (None, None, False), ("", None, False), ("sintra", "sintra", False), ("continue", "continue", False),
    ("ascii  Bluemoon", "bluemoon", True), ("tables", "tables", False), ("ascii TABLES", "tables", True),
])
def test_command_words(command, start, ascii):
    assert parse_command(command, ["sintra", "bluemoon"]) == (start, ascii, "")


@pytest.mark.parametrize("command", ["ls", "sintra; rm -rf /", "sintra bluemoon", "scp -t x"])
def test_anything_else_is_refused_in_a_sentence(command):
    start, _, problem = parse_command(command, ["sintra", "bluemoon"])
    assert start is None and problem.startswith("This server runs no commands") and problem.endswith(".")


async def test_the_name_prompt_edits_a_line_from_raw_keys():
    from boardgames.serve.prompt import LineReader

    reader, echoed = LineReader(), []
    reader.feed(b"an\x1b[Dx\x7fa\r\nsecret\x08T\r")  # an arrow key is skipped, backspace erases, \r\n is one Enter
    assert await reader.read_line(echoed.append) == "ana"
    assert await reader.read_line(echoed.append, mask=True) == "secreT"
    assert "".join(echoed).endswith("******\b \b*\r\n")
    reader.feed(b"\x03")
    assert await reader.read_line(echoed.append) is None


async def test_a_line_longer_than_its_limit_comes_back_too_long_never_cut():
    from boardgames.serve.prompt import LineReader

    reader, echoed = LineReader(), []
    reader.feed(b"abcdefgh\r")
    assert await reader.read_line(echoed.append, mask=True, limit=5) == "abcdef"  # six: the caller refuses it
    assert "".join(echoed) == "*****\r\n"


@pytest.mark.parametrize(("mode", "problem"), [(0o644, "can be read by other users"),
                                                (0o620, "can be read by other users"), (0o600, "")])
def test_the_server_refuses_private_files_others_can_read(tmp_path, mode, problem):
    from boardgames.serve.options import ServeError, ServeOptions, load_host_key
    from boardgames.serve.ssh import GameServer

    key = tmp_path / "host_key"
    key.write_bytes(make_key().export_private_key())
    key.chmod(mode)
    set_password(tmp_path / "passwords", "ana", "ana's password")
    (tmp_path / "passwords").chmod(mode)
    options = ServeOptions(root=tmp_path / "serve", host_key=key, auth="passwords", passwords=tmp_path / "passwords")
    if not problem:
        load_host_key(options)
        GameServer(options).check()
        return
    with pytest.raises(ServeError, match=problem):
        load_host_key(options)
    with pytest.raises(ServeError, match=f"The password file .* {problem}"):
        GameServer(options).check()


def test_a_key_file_others_can_change_is_refused(tmp_path):
    from boardgames.serve.options import ServeError, ServeOptions
    from boardgames.serve.ssh import GameServer

    ana = make_key("ana")
    shared = tmp_path / "authorized_keys"
    shared.write_bytes(ana.export_public_key())
    shared.chmod(0o666)
    with pytest.raises(ServeError, match="can be changed by other users"):
        GameServer(ServeOptions(root=tmp_path, auth="keys", authorized_keys=str(shared))).check()
    own = tmp_path / "ana.keys"
    own.write_bytes(ana.export_public_key())
    own.chmod(0o664)  # one file per player: read at each log-in, refused there
    allowed, why = KeyBook(str(tmp_path / "%u.keys")).decide("ana", ana.public_data, "127.0.0.1")
    assert not allowed and "can be changed by other users" in why
    own.chmod(0o644)
    assert KeyBook(str(tmp_path / "%u.keys")).decide("ana", ana.public_data, "127.0.0.1") == (True, "")


@dataclass
class Conn:
    """A connection as the door sees it."""

    address: str
    started: float
    authenticated: bool = False
    asked: bool = False
    closing: bool = False
    #: logged in, with no session started on it
    holds_nothing: bool = False

    @property
    def source(self) -> str:
        return self.address


def test_the_door_drops_early_at_random_and_makes_room_for_a_new_address():
    from boardgames.serve.door import Door

    rolls = [0.5]
    door = Door((2, 30, 4), max_connections=6, per_address=3, chance=lambda: rolls[0])
    waiting = [Conn("10.0.0.1", 1.0), Conn("10.0.0.1", 2.0)]
    assert door.decide("10.0.0.1", waiting) == ("", None)
    rolls[0] = 0.29  # at START the chance of a drop is RATE: 30 %
    assert door.decide("10.0.0.1", waiting)[0].endswith("(dropped at random)")
    rolls[0] = 0.31
    assert door.decide("10.0.0.1", waiting) == ("", None)
    rolls[0] = 0.0
    assert door.decide("10.0.0.2", waiting) == ("", None)  # an address with none waiting is never dropped at random
    waiting += [Conn("10.0.0.2", 0.5), Conn("10.0.0.1", 3.0)]
    assert door.decide("10.0.0.1", waiting)[0] == "refused: too many connections from this address"
    why, victim = door.decide("10.0.0.3", waiting)  # full: the oldest of the address with the most waiting goes
    assert why == "" and victim is waiting[0]
    assert door.decide("10.0.0.2", waiting)[0] == "refused: too many connections waiting to log in"
    waiting += [Conn("10.0.0.4", 0, authenticated=True), Conn("10.0.0.5", 0, authenticated=True)]
    assert door.decide("10.0.0.6", waiting) == ("", waiting[0])  # full in all too: one logging in still goes


def test_room_is_made_first_among_bare_sockets_then_among_connections_logging_in():
    from boardgames.serve.door import Door

    door = Door((1, 100, 3), max_connections=100, per_address=10)
    player = Conn("10.0.0.1", 1.0, asked=True)  # in the middle of its password check
    bare = [Conn("10.0.0.2", 2.0), Conn("10.0.0.3", 3.0)]  # never finished their key exchange
    assert door.decide("10.0.0.9", [player, *bare]) == ("", bare[0])  # not the player, who is older
    bare[0].asked = bare[1].asked = True
    assert door.decide("10.0.0.9", [player, *bare]) == ("", player)  # all logging in: the oldest goes


def test_one_address_holds_its_cap_of_connections_logged_in_or_not():
    from boardgames.serve.door import Door

    door = Door((10, 30, 100), max_connections=400, per_address=3)
    held = [Conn("10.0.0.1", n, authenticated=True) for n in range(3)]  # logged in, no session
    assert door.decide("10.0.0.1", held)[0] == "refused: too many connections from this address"
    assert door.decide("10.0.0.2", held) == ("", None)
    held[0].closing = True
    assert door.decide("10.0.0.1", held) == ("", None)


def test_at_the_cap_in_all_an_idle_logged_in_connection_of_the_busiest_source_makes_room():
    from boardgames.serve.door import Door

    door = Door((10, 30, 100), max_connections=6, per_address=3)
    idle = [Conn(f"10.0.0.{n // 3 + 1}", n, authenticated=True, holds_nothing=True) for n in range(5)]  # 3 and 2
    playing = Conn("10.0.0.9", -1.0, authenticated=True)
    held = [playing, *idle]
    assert door.decide("10.0.0.5", held) == ("", idle[0])  # the oldest of the source with the most
    assert door.decide("10.0.0.2", held) == ("", idle[0])  # fewer than 10.0.0.1 has
    assert door.decide("10.0.0.1", held)[0] == "refused: too many connections from this address"
    for conn in idle[:3]:
        conn.holds_nothing = False  # 10.0.0.1's sessions started
    assert door.decide("10.0.0.5", held) == ("", idle[3])
    assert door.decide("10.0.0.2", held)[0] == "refused: the server has as many connections as it takes"
    idle[3].holds_nothing = idle[4].holds_nothing = False
    assert door.decide("10.0.0.5", held)[0] == "refused: the server has as many connections as it takes"


def test_the_door_refuses_an_address_while_its_penalty_runs():
    from boardgames.serve.door import Door
    from boardgames.serve.penalties import NOAUTH, Penalties

    now = [0.0]
    penalties = Penalties(clock=lambda: now[0])
    door = Door((10, 30, 100), max_connections=400, per_address=10, penalties=penalties)
    for _ in range(16):
        penalties.penalise("10.0.0.1", NOAUTH)
    why, _victim = door.decide("10.0.0.1", [])
    assert why.startswith("refused: this address is paused for 16 more seconds")
    assert door.decide("10.0.0.2", []) == ("", None)
    now[0] = 16.0
    assert door.decide("10.0.0.1", []) == ("", None)


def test_errors_from_the_loop_are_logged_once_a_second_without_a_traceback():
    from boardgames.serve.door import Quiet

    now, lines = [0.0], []
    quiet = Quiet(lines.append, clock=lambda: now[0])
    for _ in range(1000):
        quiet(None, {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many")})
        now[0] += 0.01
    assert len(lines) == 10 and "Traceback" not in "".join(lines)
    assert "(99 more since the last line)" in lines[1]


async def test_one_address_never_holds_more_than_one_thread_of_the_pool():
    import threading

    checker = GuessChecker(AttemptLimiter(), workers=2)
    release, running, most = threading.Event(), [], [0]

    def work():
        running.append(1)
        most[0] = max(most[0], len(running))
        release.wait(5)
        running.pop()
        return False

    hashes = [asyncio.ensure_future(checker.run("10.0.0.1", work)) for _ in range(3)]  # new passphrases
    guess = asyncio.ensure_future(checker.check("10.0.0.1", work))
    other = asyncio.ensure_future(checker.check("10.0.0.2", lambda: True))  # another address: the second thread
    assert await asyncio.wait_for(other, 5) == Verdict.RIGHT
    release.set()
    await asyncio.wait_for(asyncio.gather(*hashes, guess), 30)
    assert most[0] == 1
    checker.close()


@pytest.mark.parametrize(("auth", "player", "guest", "expected_id", "expected_name"), [
    ("passwords", "ana", False, "user:ana", "ana"),
    ("keys", "bia", False, "user:bia", "bia"),
    ("none", "cy", False, "name:cy", "cy"),
    ("none", "(guest)", True, "guest:0123abcd4567ef89", "guest-0123"),
])
def test_each_connection_says_who_sits_at_the_tables(tmp_path, auth, player, guest, expected_id, expected_name):
    """The game process learns who the player is at the shared tables; a guest's id is its own connection's,
    so nobody else (no later connection either) can take a guest's seat."""
    from boardgames.serve.options import ServeOptions
    from boardgames.serve.session import GameSession

    options = ServeOptions(root=tmp_path, auth=auth, seat_hold=45, bot_cores=1)
    session = GameSession.__new__(GameSession)
    session.options, session.player = options, player
    session.guest_folder = tmp_path / "guests" / "0123abcd4567ef89" if guest else None
    session.connection = types.SimpleNamespace(address="127.0.0.7", source="127.0.0.0/24")  # counted by its block
    env = session.table_env()
    assert env == {"BOARDGAMES_TABLES": str(tmp_path / "tables"), "BOARDGAMES_PLAYER": expected_id,
                   # every session's finished games go to the server's one history, under the player's identity
                   "BOARDGAMES_HISTORY": str(tmp_path / "history.sqlite3"),
                   "BOARDGAMES_PLAYER_NAME": expected_name, "BOARDGAMES_SEAT_HOLD": "45",
                   # the lobby's limits hold per source (the address's block), however many guests one opens
                   "BOARDGAMES_PLAYER_ADDRESS": "127.0.0.0/24",
                   # every session's searches share the server's cap on cores (boardgames/thinking.py)
                   "BOARDGAMES_BOT_CORES": "1", "BOARDGAMES_BOT_SLOTS": str(tmp_path / "bot-slots")}


async def test_a_session_is_asked_to_end_once_however_often_it_is_hung_up():
    """A disconnect and then the server stopping: the second cancel would cut short the stop of the game process
    in the session's finally, leaving it unwatched."""
    import asyncio

    from boardgames.serve.session import GameSession

    session = GameSession.__new__(GameSession)
    session.ended, session.cancelled, session.term, session.chan = "", False, None, None
    cancels = []

    async def game() -> None:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancels.append(1)
            await asyncio.sleep(0.05)  # the game process being stopped: no second cancel may land here
            cancels.append("stopped")

    session.task = asyncio.ensure_future(game())
    await asyncio.sleep(0)
    session.hang_up("the client disconnected")
    await asyncio.sleep(0.01)
    session.hang_up("the server stops")
    await asyncio.wait_for(session.task, 2)
    assert cancels == [1, "stopped"] and session.ended == "the client disconnected"
