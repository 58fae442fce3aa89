"""What ``boardgames serve`` was asked for, the server's data folder and its host key."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from boardgames.serve.netblock import NetBlocks
from boardgames.serve.penalties import PenaltyRates
from boardgames.serve.speech import N_, _

if TYPE_CHECKING:
    from asyncssh import SSHKey

AUTH_MODES = ("none", "keys", "passwords")
HOST_KEY_NAME = "ssh_host_ed25519_key"


class ServeError(Exception):
    """Something the server cannot start with; the message is one sentence for the command line."""


@dataclass
class ServeOptions:
    #: the server's own folder: host key, players' folders, password file (default: <data folder>/serve)
    root: Path
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    auth: str = "none"
    authorized_keys: str | None = None
    passwords: Path | None = None
    max_sessions: int = 100
    #: session channels (games, prompts or channels that asked for nothing yet) open from one source (an address,
    #: or its block: ``net_blocks``), and connections of one source, logged in or not
    max_per_address: int = 10
    #: session channels open on one connection (OpenSSH's MaxSessions is 10; a player needs one or two)
    max_channels: int = 3
    #: seconds without a key from the client before the connection is closed; 0 never
    idle_timeout: float = 30 * 60
    log: Path | None = None
    #: seconds a client may take to log in (OpenSSH's LoginGraceTime), and to give a name under --auth none
    login_timeout: float = 60.0
    #: keys and passwords one connection may try (OpenSSH's MaxAuthTries)
    max_auth_tries: int = 6
    #: connections still logging in: START:RATE:FULL as OpenSSH's MaxStartups (see serve/door.py)
    max_startups: tuple[int, int, int] = (10, 30, 100)
    #: all connections at once, logged in or not
    max_connections: int = 400
    #: what connections that end without logging in or without a session cost their address (penalties.py)
    penalties: PenaltyRates = field(default_factory=PenaltyRates)
    #: the network block one source counts for in every limit per address (OpenSSH's PerSourceNetBlockSize)
    net_blocks: NetBlocks = field(default_factory=NetBlocks)
    #: seconds a logged-in connection may stay with no session open (OpenSSH's UnusedConnectionTimeout); 0 never
    unused_timeout: float = 60.0
    #: MiB of memory (heap and private mappings) one game process may take; 0 no limit
    game_memory: int = 512
    #: open files kept free below the process's limit: new connections are refused before it is reached
    fd_reserve: int = 64
    #: seconds between keepalives to a silent client, and how many may go unanswered before it is dropped
    #: (OpenSSH's ClientAliveInterval and ClientAliveCountMax): a hung client frees its game within a minute
    keepalive_interval: float = 15.0
    keepalive_count: int = 3
    #: seconds a dropped player's seat at a shared table is held before the table's setting applies
    seat_hold: float = 120.0
    #: fork each game from a warm process that has the program loaded (zygote.py), instead of starting it cold
    warm_fork: bool = True
    #: searches (search bots, hints, reviews) that may run at once over all sessions: one core each
    bot_cores: int = max(1, (os.cpu_count() or 2) - 1)

    @property
    def bot_slots(self) -> Path:
        """The slot files the sessions' searches take turns at (boardgames/thinking.py)."""
        return self.root / "bot-slots"

    @property
    def password_file(self) -> Path:
        return self.passwords if self.passwords is not None else self.root / "passwords"

    @property
    def users_root(self) -> Path:
        """Players who logged in with a key or a password: ``users/<name>``."""
        return self.root / "users"

    @property
    def named_root(self) -> Path:
        """Players who gave a name and passphrase under ``--auth none``: ``players/<name>``."""
        return self.root / "players"

    @property
    def tables_root(self) -> Path:
        """The tables every connection shares (the lobby)."""
        return self.root / "tables"

    @property
    def guests_root(self) -> Path:
        return self.root / "guests"

    @property
    def history(self) -> Path:
        """The history of every session's finished games (statistics, ratings, the leaderboard)."""
        return server_history(self.root)


def server_history(root: Path) -> Path:
    return root / "history.sqlite3"


def file_problem(path: Path, what: str, private: bool) -> str:
    """Why the server should not trust ``path`` ('' if it may), after OpenSSH's StrictModes; ``what`` is the
    kind of file, marked with N_.

    Every file must belong to this user (or root) and be writable by nobody else, nor may its folder be;
    a ``private`` one (a host key, password hashes) must not be readable by anybody else either.
    """
    try:
        info = path.stat()
        folder = path.parent.stat()
    except OSError:
        return ""  # a file that is not there is reported by whoever reads it
    owners = {0, os.getuid()}
    mode = info.st_mode & 0o777
    kind = _(what)
    if info.st_uid not in owners:
        return _("The {what} {path} belongs to another user; it must be yours.", what=kind, path=path)
    if private and mode & 0o077:
        return _("The {what} {path} can be read by other users (its mode is {mode}); make it private with "
                 "chmod 600 {path}.", what=kind, path=path, mode=format(mode, "o"))
    if mode & 0o022:
        return _("The {what} {path} can be changed by other users (its mode is {mode}); make it yours alone "
                 "with chmod 644 {path}.", what=kind, path=path, mode=format(mode, "o"))
    if folder.st_mode & 0o022 and not folder.st_mode & 0o1000:  # a shared folder without the sticky bit
        return _("The folder of the {what} {path} can be changed by other users, who could replace the file; "
                 "keep it in a folder only you can write to.", what=kind, path=path)
    return ""


def check_file(path: Path, what: str, private: bool) -> None:
    problem = file_problem(path, what, private)
    if problem:
        raise ServeError(problem)


def load_host_key(options: ServeOptions) -> SSHKey:
    """The server's key: --host-key FILE, else the one kept in the data folder (made on the first start)."""
    import asyncssh

    if options.host_key is not None:
        check_file(options.host_key, N_("host key file"), private=True)
        try:
            return asyncssh.read_private_key(options.host_key)
        except FileNotFoundError:
            raise ServeError(_("The host key file {path} does not exist.", path=options.host_key)) from None
        except (OSError, asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(_("The host key file {path} cannot be used ({problem}).", path=options.host_key,
                               problem=getattr(exc, "strerror", None) or exc)) from None
    path = options.root / HOST_KEY_NAME
    if path.exists():
        check_file(path, N_("server's host key"), private=True)
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(_("The server's host key {path} cannot be read ({problem}); remove it to make a new one "
                               "(clients will then see a new fingerprint).", path=path,
                               problem=getattr(exc, "strerror", None) or exc)) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.new")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        os.replace(temp, path)
    except OSError as exc:
        raise ServeError(_("The host key cannot be kept in {folder} ({problem}); choose a folder you can write to "
                           "with BOARDGAMES_HOME, or give a key with --host-key.", folder=path.parent,
                           problem=exc.strerror or exc)) from None
    return key
