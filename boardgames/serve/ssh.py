"""``boardgames serve``: the suite over SSH, each connection its own game process on its own terminal.

No shell accounts: the server speaks SSH itself (asyncssh), runs no shell or command, forwards no
ports, agents or X11 and serves no SFTP. A session with a terminal gets ``python -m
boardgames.serve.child`` on a fresh pty at the client's size (forked from the server's warm process,
``zygote.py``, unless ``--no-warm-fork``), with ``BOARDGAMES_HOME`` set to the player's own folder under
the server's data folder:

- ``users/<name>`` for a player let in by ``--auth keys`` or ``--auth passwords`` (the SSH user name);
- ``players/<name>`` for a name and passphrase given at the prompt under ``--auth none``;
- ``guests/<random>`` for a guest under ``--auth none``, deleted when the connection ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import shutil
import signal
import sys
import time
from collections import Counter
from datetime import datetime
from typing import TextIO

import asyncssh
from asyncssh.kex import get_default_kex_algs
from asyncssh.mac import get_default_mac_algs

from boardgames.serve.auth import AuthFileError, read_passwords, verify_password
from boardgames.serve.door import Door, Quiet, raise_descriptor_limit
from boardgames.serve.guesses import AttemptLimiter, Guess, GuessChecker
from boardgames.serve.keys import KeyBook
from boardgames.serve.login import minutes
from boardgames.serve.options import ServeError, ServeOptions, check_file, load_host_key
from boardgames.serve.penalties import GRACE_EXCEEDED, NOAUTH, Penalties
from boardgames.serve.session import GameSession
from boardgames.serve.speech import N_, Voice, _, n_, speaking
from boardgames.serve.throttle import Throttle
from boardgames.serve.users import is_player_name, printable
from boardgames.serve.warmfork import WarmFork

#: key exchanges and MACs a current OpenSSH offers; asyncssh's defaults add SHA-1 (diffie-hellman-group14-sha1,
#: hmac-sha1), 64-bit umac-64, GSS-API and RSA key exchanges, and vendor extensions, all left out here
KEX_ALGS = ("mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org", "ecdh-sha2-nistp521",
            "ecdh-sha2-nistp384", "ecdh-sha2-nistp256", "diffie-hellman-group-exchange-sha256",
            "diffie-hellman-group16-sha512", "diffie-hellman-group18-sha512", "diffie-hellman-group14-sha256")
MAC_ALGS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "umac-128-etm@openssh.com",
            "hmac-sha2-256", "hmac-sha2-512", "umac-128@openssh.com")


#: seconds ``boardgames serve`` waits at start for its warm process to load, before it says it serves
WARM_WAIT = 30.0


def modern(wanted: tuple[str, ...], available: list[bytes]) -> list[str]:
    """The algorithms of ``wanted`` this asyncssh (and its crypto libraries) can run, in that order."""
    names = {alg.decode("ascii") for alg in available}
    return [alg for alg in wanted if alg in names]


def game_ids() -> list[str]:
    from boardgames.core.registry import all_games

    return [game.id for game in all_games()]


class GameServer:
    """The listener, the sessions running now and the limits; one per ``boardgames serve``."""

    def __init__(self, options: ServeOptions, log: TextIO | None = None) -> None:
        self.options = options
        self.log_stream = log if log is not None else sys.stderr
        self.limiter = AttemptLimiter()
        self.checks = GuessChecker(self.limiter)
        self.door = Door(options.max_startups, options.max_connections, options.max_per_address, options.fd_reserve,
                         penalties=Penalties(options.penalties))
        self.keys = KeyBook(options.authorized_keys) if options.authorized_keys else None
        self.sessions: set[GameSession] = set()
        #: sessions (games and prompts) per source, and session channels open per source, games or not (a channel
        #: costs memory before it asks for anything)
        self.per_address: Counter[str] = Counter()
        self.channels: Counter[str] = Counter()
        self.refusals = Throttle()
        self.connections: set[Connection] = set()
        #: game processes started since the server started (tests read it: a refused client starts none)
        self.children_started = 0
        self.listener: asyncssh.SSHAcceptor | None = None
        #: the warm process games are forked from (None with --no-warm-fork: every game starts cold)
        self.warm: WarmFork | None = None
        self.port = options.port
        self.fingerprint = ""
        self.games = game_ids()

    # -- start and stop --------------------------------------------------------------
    def check(self) -> None:
        """Refuse to start with a configuration that could not let anyone in, or would let in the wrong people."""
        options = self.options
        if options.auth == "keys":
            if self.keys is None:
                raise ServeError(_("--auth keys needs --authorized-keys FILE (OpenSSH's authorized_keys format)."))
            try:
                self.keys.check()
            except AuthFileError as exc:
                raise ServeError(str(exc)) from None
        if options.auth == "passwords":
            check_file(options.password_file, N_("password file"), private=True)
            try:
                users = read_passwords(options.password_file)
            except AuthFileError as exc:
                raise ServeError(str(exc)) from None
            if not users:
                raise ServeError(_("The password file {path} has no players yet; add one with "
                                   "'boardgames serve --add-user NAME'.", path=options.password_file))
        if min(options.max_sessions, options.max_per_address, options.max_auth_tries, options.max_channels) < 1:
            raise ServeError(_("--max-sessions, --max-per-address, --max-channels and --max-auth-tries must be at "
                               "least 1."))
        if options.idle_timeout < 0 or options.unused_timeout < 0:
            raise ServeError(_("--idle-timeout and --unused-timeout cannot be negative (0 means never)."))
        if options.game_memory < 0:
            raise ServeError(_("--game-memory cannot be negative (0 means no limit)."))
        if min(options.login_timeout, options.max_connections, options.keepalive_interval) <= 0:
            raise ServeError(_("--login-grace-time, --max-connections and --client-alive-interval must be more "
                               "than 0."))

    async def start(self) -> int:
        self.check()
        key = load_host_key(self.options)
        self.fingerprint = key.get_fingerprint()
        shutil.rmtree(self.options.guests_root, ignore_errors=True)  # guests of a server that was killed
        if self.options.warm_fork:
            self.warm = WarmFork(self.log)
            self.warm.start()
        for folder in (self.options.users_root, self.options.named_root, self.options.guests_root):
            with contextlib.suppress(OSError):
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            self.listener = await asyncssh.create_server(
                lambda: Connection(self), self.options.host, self.options.port,
                server_host_keys=[key], encoding=None, line_editor=False, allow_pty=True,
                x11_forwarding=False, agent_forwarding=False, allow_scp=False, sftp_factory=None,
                login_timeout=0, keepalive_interval=self.options.keepalive_interval,  # each Connection times its log-in
                keepalive_count_max=self.options.keepalive_count,
                server_version="boardgames",
                kex_algs=modern(KEX_ALGS, get_default_kex_algs()),
                mac_algs=modern(MAC_ALGS, get_default_mac_algs()),
            )
        except OSError as exc:
            if self.warm is not None:
                await self.warm.close()
            raise ServeError(_("The server cannot listen on {host}:{port} ({problem}).", host=self.options.host,
                               port=self.options.port, problem=exc.strerror or exc)) from None
        self.port = self.listener.get_port()
        return self.port

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.listener.wait_closed(), 5)
        sessions = list(self.sessions)
        for session in sessions:
            session.hang_up("the server stopped", lambda: _("The server is stopping; every move made is saved, so "
                                                            "connecting again later continues your game."))
        tasks = [s.task for s in sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        for connection in list(self.connections):
            connection.ssh.close()
        self.checks.close()
        if self.warm is not None:
            await self.warm.close()

    # -- limits ----------------------------------------------------------------------
    def admit(self, session: GameSession) -> tuple[str, str]:
        """Count the session in: ('', ''), or why not for the log and the sentence for the player."""
        address = session.connection.source
        if len(self.sessions) >= self.options.max_sessions:
            return "refused: the server is full", n_(
                "The server is full: it already runs {n} game, its limit. Please try again later.",
                "The server is full: it already runs {n} games, its limit. Please try again later.",
                len(self.sessions))
        if self.per_address[address] >= self.options.max_per_address:
            return "refused: too many sessions from this address", n_(
                "Your address already has {n} game open, the limit for one address; close one of them and connect "
                "again.",
                "Your address already has {n} games open, the limit for one address; close one of them and connect "
                "again.", self.per_address[address])
        self.sessions.add(session)
        self.per_address[address] += 1
        return "", ""

    def release(self, session: GameSession) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            address = session.connection.source
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]

    # -- the log ---------------------------------------------------------------------
    def log(self, text: str) -> None:
        stamp = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        with contextlib.suppress(OSError, ValueError):
            self.log_stream.write(f"{stamp} {text}\n")
            self.log_stream.flush()

    def log_refusal(self, address: str, why: str) -> None:
        """A connection refused at the door: its line, unless one was written less than a second ago (counted)."""
        skipped = self.refusals.allow()
        if skipped is None:
            return
        more = f" ({skipped} more refused since the last such line)" if skipped else ""
        self.log(f"user=- address={address} ended=\"{why}\"{more}")

    def log_connection(self, player: str, address: str, term: str, size: tuple[int, int] | None, started: float,
                       ended: str) -> None:
        """The one line of a connection (of each of its sessions, when it opens several): no secrets."""
        shown_size = f"{size[0]}x{size[1]}" if size else "-"
        duration = time.monotonic() - started
        self.log(f"user={player or '-'} address={address} term={term or '-'} size={shown_size} "
                 f"duration={duration:.1f}s ended=\"{ended}\"")


class Connection(asyncssh.SSHServer):
    """One client's SSH connection: its authentication, and what its log line will say."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.options = server.options
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        #: the address's block, by which every limit per address counts it (netblock.py)
        self.source = "?"
        self.started = time.monotonic()
        self.username = ""
        self.authenticated = False
        #: it asked to log in (its key exchange is done): closed to make room only when no bare socket is left
        self.asked = False
        self.blocked = False
        self.rejected = False  # a key or password was refused at least once
        self.failure_counted = False
        #: keys and passwords tried on this connection (OpenSSH's MaxAuthTries caps them)
        self.tries = 0
        #: for the log line of a connection that opened no session: the player's name, how it ended
        self.player = ""
        self.ended = ""
        self.sessions_opened = 0
        #: of those, the sessions that started (asked for a shell or a command): each writes its own log line
        self.sessions_started = 0
        #: this connection's session channels still open
        self.open_sessions: set[GameSession] = set()
        self.closing = False
        #: the language of what the connection itself says (its last session's player's; English at first)
        self.voice = Voice()
        #: refused as it came in (or blocked), or closed to make room before it gave a name: logged as a count
        self.at_the_door = False
        #: closed by the server to make room for a new address: it costs its address nothing
        self.made_room = False
        #: closed because its log-in time or its time without a session ran out
        self.timed_out = False
        #: the password guess being checked now, given back if the connection is closed to make room meanwhile
        self.guess: Guess | None = None
        #: closes a connection not logged in within --login-grace-time, and a logged-in one that keeps no session open
        self.grace: asyncio.TimerHandle | None = None
        self.unused: asyncio.TimerHandle | None = None

    @property
    def ssh(self) -> asyncssh.SSHServerConnection:
        """asyncssh's connection: known from ``connection_made`` on, which comes before any other callback."""
        if self.conn is None:
            raise RuntimeError("asyncssh has not made this connection yet")
        return self.conn

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.source = self.options.net_blocks.source(self.address)
        why, make_room = self.server.door.decide(self.source, self.server.connections)
        self.server.connections.add(self)
        if why:
            self.at_the_door = True
            self.drop(why)
            return
        if make_room is not None:
            make_room.make_room()
        self.grace = asyncio.get_running_loop().call_later(
            self.options.login_timeout, self.time_out,
            f"closed: not logged in within {self.options.login_timeout:g} seconds")

    def drop(self, why: str) -> None:
        """Close this connection; ``why`` goes to its log line."""
        if not self.closing:
            self.closing = True
            self.ended = self.ended or why
            self.ssh.close()

    @property
    def holds_nothing(self) -> bool:
        """Logged in, with no session started (none open, or channels that never asked for a shell or command)."""
        return self.authenticated and not self.closing and all(s.task is None for s in self.open_sessions)

    def make_room(self) -> None:
        """Closed for a new source, at --max-startups' FULL (never a guess nor a penalty of its own) or, logged in
        and holding nothing, at --max-connections."""
        self.at_the_door = not self.username
        self.made_room = True
        if self.guess is not None:
            self.server.checks.give_back(self.guess)
            self.guess = None
        self.drop("closed to make room: the server holds as many connections as it takes" if self.authenticated
                  else "closed to make room: too many connections waiting to log in")

    def time_out(self, why: str) -> None:
        self.timed_out = True
        self.drop(why)

    def watch_unused(self) -> None:
        """With no session started, the connection is closed after --unused-timeout (a session that starts stops
        the clock; a channel that never asks for a shell or command does not)."""
        if self.unused is not None:
            self.unused.cancel()
            self.unused = None
        if self.options.unused_timeout and self.holds_nothing:
            self.unused = asyncio.get_running_loop().call_later(
                self.options.unused_timeout, self.time_out, "closed: no session open for "
                f"{self.options.unused_timeout:g} seconds")

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self)
        self.closing = True
        for timer in (self.grace, self.unused):
            if timer is not None:
                timer.cancel()
        for session in list(self.open_sessions):
            self.channel_closed(session)
        if not self.authenticated:
            if self.rejected and not self.failure_counted and not self.made_room:  # wrong keys: once a connection
                self.server.limiter.begin(self.source)
            ended = self.ended or ("refused: wrong key or password" if self.rejected else "left before logging in")
            self.player = printable(self.username) if self.username else ""
        else:
            ended = self.ended or "the client opened no session"
        if self.at_the_door:  # a flood must not fill the disk: one line a second for these
            self.server.log_refusal(self.address, ended)
        elif not self.sessions_started:  # each session that started logs its own line
            self.server.log_connection(self.player, self.address, "", None, self.started, ended)
        penalty = self.penalty()
        if penalty:
            self.server.door.penalties.penalise(self.source, penalty)

    def penalty(self) -> str:
        """What the way this connection ended costs its source (penalties.py): NOAUTH, GRACE_EXCEEDED or ''."""
        if self.at_the_door or (self.rejected and not self.authenticated):
            return ""  # refused, closed for another before it logged in, or wrong credentials (guesses.py counts those)
        if self.made_room:  # before logging in: nothing; logged in and holding nothing: as if it had ended so
            return NOAUTH if self.authenticated and not self.sessions_started else ""
        if self.timed_out:
            return GRACE_EXCEEDED
        return NOAUTH if not self.sessions_started else ""

    # -- authentication ----------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.asked = True
        if self.options.auth == "none":
            return False  # anyone: the terminal asks for a name
        wait = self.server.limiter.blocked_for(self.source)
        if wait:
            self.blocked = self.at_the_door = True  # a guesser reconnecting without end: counted, not a line each
            self.ended = "refused: too many failed log-ins from this address"
            with contextlib.suppress(OSError), speaking(self.voice):
                self.ssh.send_auth_banner(n_("Too many failed log-ins from your address; try again in {n} minute.",
                                             "Too many failed log-ins from your address; try again in {n} minutes.",
                                             minutes(wait)) + "\r\n")
        return True

    def auth_completed(self) -> None:
        self.authenticated = True
        if self.grace is not None:
            self.grace.cancel()
        self.watch_unused()
        if self.options.auth != "none":
            self.player = self.username

    def public_key_auth_supported(self) -> bool:
        return self.options.auth == "keys" and not self.blocked

    def another_try(self) -> bool:
        """Count a key or password tried on this connection; False (and the connection closes) past the cap."""
        self.tries += 1
        if self.tries <= self.options.max_auth_tries:
            return True
        self.rejected = True
        self.ended = "refused: too many log-in attempts on one connection"
        with speaking(self.voice):
            message = _("Too many log-in attempts on one connection (the limit is {most}).",
                        most=self.options.max_auth_tries)
        self.ssh.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, message)
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed, why = self.server.keys.decide(username, key.public_data, self.address) if self.server.keys \
            else (False, "")
        if why:
            self.server.log(f"problem: a key of {printable(username)} from {self.address} was refused: {why}")
        if not allowed:
            self.rejected = True
            self.another_try()
        return allowed

    def password_auth_supported(self) -> bool:
        return self.options.auth == "passwords" and not self.blocked

    async def validate_password(self, username: str, password: str) -> bool:
        if not self.another_try():
            return False
        stored = None
        if is_player_name(username):  # never a name kept for guests: it could pass for one at the tables
            try:
                stored = read_passwords(self.options.password_file).get(username)
            except AuthFileError as exc:
                self.server.log(f"problem: {exc}")
        self.rejected = self.failure_counted = True  # until the check says otherwise: a cancelled check failed
        guess = self.server.checks.begin(self.source)
        if guess is not None:
            self.guess = guess
            try:
                right = await self.server.checks.answer(guess, functools.partial(verify_password, password, stored))
            finally:
                self.guess = None
            if right:
                self.rejected = False
                return True
        if self.server.limiter.blocked_for(self.source):
            self.blocked = True
            self.ended = "refused: too many failed log-ins from this address"
        return False

    def session_requested(self) -> GameSession:
        """A new session channel, refused past the caps per connection (OpenSSH's MaxSessions) and per source."""
        limit, at_address = self.options.max_channels, self.server.channels[self.source]
        if len(self.open_sessions) >= limit:
            with speaking(self.voice):
                message = n_("This connection already has {n} session open, the limit for one connection.",
                             "This connection already has {n} sessions open, the limit for one connection.", limit)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, message)
        if at_address >= self.options.max_per_address:
            with speaking(self.voice):
                message = n_("Your address already has {n} session open, the limit for one address; close one of "
                             "them and connect again.",
                             "Your address already has {n} sessions open, the limit for one address; close one of "
                             "them and connect again.", at_address)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, message)
        self.sessions_opened += 1
        session = GameSession(self)
        self.open_sessions.add(session)
        self.server.channels[self.source] += 1
        self.watch_unused()
        return session

    def session_began(self) -> None:
        """A session of this connection asked for a shell or a command: its unused clock stops."""
        self.sessions_started += 1
        self.watch_unused()

    def channel_closed(self, session: GameSession) -> None:
        if session in self.open_sessions:
            self.open_sessions.discard(session)
            self.server.channels[self.source] -= 1
            if self.server.channels[self.source] <= 0:
                del self.server.channels[self.source]
            self.watch_unused()


async def serve_forever(options: ServeOptions, out: TextIO, log: TextIO) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    server = GameServer(options, log)
    loop.set_exception_handler(Quiet(server.log))  # out of descriptors, asyncio reports every accept it tries
    open_files = raise_descriptor_limit()
    port = await server.start()
    if server.warm is not None and not await server.warm.wait_ready(WARM_WAIT):
        server.log(f"problem: the warm process was not ready within {WARM_WAIT:g} seconds; games start cold until "
                   "it is")
    host = options.host
    shown_host = "HOST" if host in ("0.0.0.0", "::", "") else host
    port_flag = "" if port == 22 else f" -p {port}"
    who = {
        "none": _("Who may connect: anyone who can reach this address (--auth none): each player types a name and a "
                  "passphrase, or plays as a guest whose saves last for the connection only."),
        "keys": _("Who may connect: the keys in the authorized keys file (--auth keys); the SSH user name is the "
                  "player."),
        "passwords": _("Who may connect: the players in {path} with their passwords (--auth passwords).",
                       path=options.password_file),
    }[options.auth]
    print(_("boardgames serves its games over SSH on {host}:{port}.", host=host, port=port), file=out)
    print(_("The server's host key fingerprint is {fingerprint}.", fingerprint=server.fingerprint), file=out)
    connect, new, resume = (f"ssh{port_flag} {shown_host}", f"ssh -t{port_flag} {shown_host} sintra",
                            f"ssh -t{port_flag} {shown_host} continue")
    print(_("Connect with: {command}", command=connect), file=out)
    print(_("Open a game's set-up with {new}, or resume your last game with {resume}.", new=new, resume=resume),
          file=out)
    print(who, file=out)
    print(_("Each player reads the games in the language their ssh sends (LANG), else in English, and may change "
            "it in the menu."), file=out)
    if options.auth == "none" and host not in ("127.0.0.1", "::1", "localhost"):
        print(_("Warning: --auth none on an address other machines can reach lets anyone on that network play "
                "here; use it on a trusted network only."), file=out)
    print(_("Stop the server with Ctrl+C."), file=out)
    out.flush()
    server.log(f"server started on {host}:{port} (auth {options.auth}, up to {open_files} open files)")
    try:
        await stop.wait()
    finally:
        await server.close()
        server.log("server stopped")
    return 0


def run_ssh(options: ServeOptions, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    log: TextIO = sys.stderr
    if options.log is not None:
        try:
            options.log.parent.mkdir(parents=True, exist_ok=True)
            log = open(options.log, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - open while serving
        except OSError as exc:
            raise ServeError(_("The log file {path} cannot be written to ({problem}).", path=options.log,
                               problem=exc.strerror or exc)) from None
    try:
        return asyncio.run(serve_forever(options, out, log))
    finally:
        if log is not sys.stderr:
            log.close()
