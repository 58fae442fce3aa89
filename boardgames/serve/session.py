"""One SSH session of ``boardgames serve``: the command words, the refusals and limits, the name prompt of
``--auth none``, then the player's game process on its own pty, shuttling bytes both ways until it ends."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

import asyncssh

from boardgames.core.guests import guest_identity
from boardgames.serve.child import OUT_OF_MEMORY
from boardgames.serve.guesses import AttemptLimiter, GuessChecker
from boardgames.serve.login import NamePrompt, minutes
from boardgames.serve.options import ServeOptions
from boardgames.serve.paste import PasteCap
from boardgames.serve.prompt import LineReader
from boardgames.serve.ptychild import PtyChild
from boardgames.serve.sizes import clamp
from boardgames.serve.speech import Voice, _, n_, speak, speaking
from boardgames.serve.users import player_folder
from boardgames.serve.warmfork import WarmFork
from boardgames.thinking import CORES_ENV, SLOTS_ENV

#: puts a client's terminal back to normal after a game that did not end by itself (mouse, screen, cursor)
TERMINAL_RESET = (b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l"
                  b"\x1b[?25h\x1b[?1049l")
SAFE_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
#: seconds between two window changes passed on to a game (a window dragged by hand sends a few dozen a second)
RESIZE_EVERY = 0.05


def parse_command(command: str | None, games: list[str]) -> tuple[str | None, bool, str]:
    """The command words a client may send: a game id or ``continue``, and ``ascii``.

    Returns (start, ascii, problem); a problem is the sentence to send back instead of a game.
    """
    start, ascii = None, False
    for word in (command or "").split():
        word = word.lower()
        if word == "ascii":
            ascii = True
        elif start is None and (word in ("continue", "tables") or word in games):
            start = word
        else:
            shown = word if len(word) <= 20 and word.isprintable() else word[:20].encode("unicode_escape").decode()
            return None, False, _(
                "This server runs no commands, and '{word}' is not one of its words: give a game ({games}) to "
                "open its new-game screen, 'continue' to resume your last game or table, 'tables' for the tables "
                "shared with other players, 'ascii' for letters instead of glyphs, or nothing for the menu.",
                word=shown, games=", ".join(games))
    return start, ascii, ""


def game_holders(folder: Path) -> set[int]:
    """The processes holding a game of this player's open: each names itself in a lock file beside the save
    (core/savelock.py); a game process at the menu holds none."""
    pids = set()
    for lock in folder.rglob(".*.lock"):
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
            pids.add(int(json.loads(lock.read_text(encoding="utf-8"))["pid"]))
    return pids


class SessionHost(Protocol):
    """What a session uses of the server (``ssh.GameServer``): its limits, its log and the sessions running."""

    @property
    def games(self) -> list[str]: ...
    @property
    def port(self) -> int: ...
    @property
    def sessions(self) -> set[GameSession]: ...
    @property
    def limiter(self) -> AttemptLimiter: ...
    @property
    def checks(self) -> GuessChecker: ...
    @property
    def warm(self) -> WarmFork | None: ...

    #: game processes started (tests read it)
    children_started: int

    def admit(self, session: GameSession) -> tuple[str, str]: ...
    def release(self, session: GameSession) -> None: ...
    def log(self, text: str) -> None: ...
    def log_connection(self, player: str, address: str, term: str, size: tuple[int, int] | None, started: float,
                       ended: str) -> None: ...


class SessionLink(Protocol):
    """What a session uses of its SSH connection (``ssh.Connection``): who and where the client is, and the
    connection's bookkeeping of its sessions."""

    @property
    def server(self) -> SessionHost: ...
    @property
    def options(self) -> ServeOptions: ...
    @property
    def conn(self) -> asyncssh.SSHServerConnection | None: ...
    @property
    def address(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def player(self) -> str: ...
    @property
    def started(self) -> float: ...
    @property
    def sessions_opened(self) -> int: ...
    @property
    def open_sessions(self) -> set[GameSession]: ...
    @property
    def voice(self) -> Voice: ...

    def channel_closed(self, session: GameSession) -> None: ...
    def session_began(self) -> None: ...
    def drop(self, why: str) -> None: ...


class GameSession(NamePrompt, asyncssh.SSHServerSession[bytes]):
    """One terminal session: refusals and limits, the name prompt (--auth none), then the game process."""

    def __init__(self, connection: SessionLink) -> None:
        self.connection = connection
        self.server = connection.server
        self.options = connection.options
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = self.first_size = (80, 24)
        self.command: str | None = None
        self.child: PtyChild | None = None
        self.reader = LineReader()
        self.paste = PasteCap()
        self.resizing: asyncio.TimerHandle | None = None
        self.resized = 0.0
        self.last_key = time.monotonic()
        self.can_write = asyncio.Event()
        self.can_write.set()
        self.task: asyncio.Task[None] | None = None
        #: the task was asked to end (see hang_up)
        self.cancelled = False
        self.ended = ""
        self.guest_folder: Path | None = None
        #: the player's save folder once known, and set when this session's game process has ended
        self.folder: Path | None = None
        self.stopped = asyncio.Event()
        #: closed for a new connection of the same player: its connection closes too once it holds nothing else
        self.taken_over = False
        self.player = connection.player
        #: the language this session speaks to its player (see language_at_start and ask_name)
        self.voice = Voice(connection.voice.language)
        #: set when the player chose the language at the name prompt (remembered once the player is known)
        self.chose_language = False
        first = connection.sessions_opened == 1
        self.started = connection.started if first else time.monotonic()  # a first session counts the log-in

    # -- asyncssh's callbacks --------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type if SAFE_TERM.fullmatch(term_type or "") else "xterm"
        self.first_size = (term_size[0] or 80, term_size[1] or 24)  # as asked, for the log line
        self.size = clamp(*self.first_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # a word for the game, never run
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, nothing else

    def session_started(self) -> None:
        self.task = asyncio.ensure_future(self.run())
        self.connection.session_began()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_key = time.monotonic()
        if self.child is not None:
            self.child.write(self.paste.feed(data))
        else:
            self.reader.feed(data)

    def eof_received(self) -> bool:
        return True  # the client's input ended (ssh < /dev/null): the answer still reaches it

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = clamp(width, height)  # past 65535 it would not even fit the pty's ioctl
            if self.child is not None and self.resizing is None:
                # one change per RESIZE_EVERY reaches the game (the last one wins): each is a whole redraw, and a
                # client sending hundreds a second would take a core from the other players
                wait = self.resized + RESIZE_EVERY - time.monotonic()
                self.resizing = asyncio.get_running_loop().call_later(max(0.0, wait), self.apply_size)

    def apply_size(self) -> None:
        self.resizing, self.resized = None, time.monotonic()
        if self.child is not None:
            self.child.resize(*self.size)

    def pause_input(self) -> None:
        """The game reads no more for now: stop reading the channel, so the client's SSH window closes; and the
        game yields the processor to others from now on (a person's keys never fill a terminal's buffer)."""
        if self.chan is not None and not self.chan.is_closing():
            self.chan.pause_reading()
        if self.child is not None:
            self.child.lower_priority()

    def resume_input(self) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.resume_reading()

    def pause_writing(self) -> None:
        self.can_write.clear()

    def resume_writing(self) -> None:
        self.can_write.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.connection.channel_closed(self)
        self.hang_up("the client disconnected")

    # -- ending ---------------------------------------------------------------------
    def hang_up(self, why: str, sentence: Callable[[], str] | None = None) -> None:
        """End the session from outside its task (disconnect, idle, server stop); ``sentence`` makes what the
        player reads, in the player's language."""
        if not self.ended:
            self.ended = why
            if sentence is not None:
                with speaking(self.voice):
                    self.say_end(sentence())
        if self.task is not None and not self.task.done() and not self.cancelled:
            # once only: a second cancel (a disconnect, then the server stopping) would cut short the stop of the
            # game in the task's finally, leaving the game process unwatched; on the next turn of the loop, so a
            # task that has not run yet first enters its try (and its finally)
            self.cancelled = True
            asyncio.get_running_loop().call_soon(self.task.cancel)

    def write(self, text: str | bytes) -> None:
        if self.chan is None or self.chan.is_closing():
            return
        with contextlib.suppress(Exception):
            self.chan.write(text.encode("utf-8") if isinstance(text, str) else text)

    def say(self, sentence: str) -> None:
        """A message on its own line(s), wrapped to the terminal's width (which needs \\r\\n)."""
        if not self.term:
            self.write(sentence + "\n")
            return
        width = max(20, self.size[0] - 1)
        lines = [textwrap.fill(line, width) if line else "" for line in sentence.split("\n")]
        self.write("\r\n".join("\r\n".join(line.split("\n")) for line in lines) + "\r\n")

    def say_end(self, sentence: str) -> None:
        if self.child is not None:
            self.write(TERMINAL_RESET)
        if self.term:
            self.write("\r\n")
        self.say(sentence)

    def exit(self, status: int) -> None:
        if self.chan is not None and not self.chan.is_closing():
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    # -- the session ------------------------------------------------------------------
    async def run(self) -> None:
        status = 1
        admitted = False
        speak(self.voice)
        try:
            self.voice.language = self.connection.voice.language = self.language_at_start()
            problem = self.refusal()
            if problem:
                self.say(problem)
                return
            why, refusal = self.server.admit(self)
            if refusal:
                self.ended = why
                self.say(refusal)
                return
            admitted = True
            status = await self.run_with_idle_limit()
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001 - one session's failure stays in its session
            self.ended = self.ended or f"server error ({type(exc).__name__})"
            self.server.log(f"problem: a session of {self.player or '-'} failed: {exc!r}")
            self.say_end(_("The server could not run your game; please try again later."))
        finally:
            if self.resizing is not None:
                self.resizing.cancel()
            if self.child is not None:
                await self.child.stop()
            self.stopped.set()
            if admitted:
                self.server.release(self)
            if self.guest_folder is not None:
                shutil.rmtree(self.guest_folder, ignore_errors=True)
            self.exit(status)
            if self.taken_over and not self.connection.open_sessions - {self}:  # a second later: the sentence first
                asyncio.get_running_loop().call_later(1.0, self.connection.drop, self.ended)
            self.server.log_connection(self.player, self.connection.address, self.term or "",
                                       self.first_size if self.term else None, self.started,
                                       self.ended or "the client disconnected")

    def refusal(self) -> str:
        """Why this session gets no game: no terminal, or words that are not ours ('' if none)."""
        start, ascii, problem = parse_command(self.command, self.server.games)
        if self.term is None:
            self.ended = "refused: no terminal"
            here = self.connection.conn.get_extra_info("sockname") if self.connection.conn is not None else None
            host, port = (here[0], here[1]) if here else ("HOST", self.server.port)
            example = f"ssh -t -p {port} {host} {start or 'sintra'}"
            return _("This server plays board games in a terminal, and this connection asked for none: connect "
                     "with ssh without -T, adding -t when you give a word (for example {example}).", example=example)
        if problem:
            self.ended = "refused: unknown command"
            return problem
        self.start, self.ascii = start, ascii
        return ""

    async def run_with_idle_limit(self) -> int:
        play = asyncio.ensure_future(self.play())
        idle = asyncio.ensure_future(self.watch_idle())
        try:
            done, _pending = await asyncio.wait({play, idle}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (play, idle):
                task.cancel()
            await asyncio.gather(play, idle, return_exceptions=True)
        if play in done and not play.cancelled():
            failure = play.exception()
            if failure is None:
                return play.result()
            raise failure
        self.ended = "idle timeout"
        self.say_end(n_("The connection was closed after {n} minute without a key. Every move made is saved: "
                        "connect again (with the word continue) to resume your game.",
                        "The connection was closed after {n} minutes without a key. Every move made is saved: "
                        "connect again (with the word continue) to resume your game.",
                        minutes(self.options.idle_timeout)))
        return 0

    async def watch_idle(self) -> None:
        if not self.options.idle_timeout:
            await asyncio.Event().wait()
        while True:
            left = self.last_key + self.options.idle_timeout - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def play(self) -> int:
        folder = await self.player_folder()
        if folder is None:
            return 1
        if not await self.take_over(folder):
            return 0
        await self.wait_for_ended_games(folder)
        self.folder = folder
        self.child = PtyChild(self.child_argv(), self.child_env(folder), *self.size,
                              on_full=self.pause_input, on_room=self.resume_input, zygote=self.server.warm)
        await self.child.start()
        self.server.children_started += 1
        while True:
            data = await self.child.read()
            if not data:
                break
            await self.can_write.wait()  # a slow client holds back its own game only
            self.write(data)
        code = await self.child.wait()
        if code == 0:
            self.ended = "the player quit"
            return 0
        if code == OUT_OF_MEMORY:
            self.ended = "the game process ran out of memory"
            self.say_end(_("Your game needed more memory than this server gives a game ({memory} MiB), so it "
                           "stopped. Every move made is saved, so connecting again continues your game.",
                           memory=self.options.game_memory))
            return 1
        self.ended = f"the game process stopped (exit code {code})"
        self.say_end(_("The game process stopped unexpectedly. Every move made is saved, so connecting again "
                       "continues your game."))
        return 1

    async def take_over(self, folder: Path) -> bool:
        """The same player's game open on another connection (a hung client holds its save for minutes): when
        this session may want it (the menu or continue), offer to take it over, closing the other with a
        sentence; False if the player left instead of answering."""
        if self.start not in (None, "continue"):
            return True  # a new game: nothing of the other session's is in its way
        others = [s for s in self.server.sessions if s is not self and s.folder == folder and not s.ended
                  and s.child is not None and s.child.pid in game_holders(folder)]
        if not others:
            return True
        old = min(others, key=lambda s: time.monotonic() - s.last_key)
        idle = time.monotonic() - old.last_key
        if idle < 60:
            self.say(n_("Your game is already open on another connection (from {address}, its last key {n} second "
                        "ago). Press Enter to take it over here, which closes the other connection, or type n and "
                        "press Enter to open a second session beside it.",
                        "Your game is already open on another connection (from {address}, its last key {n} seconds "
                        "ago). Press Enter to take it over here, which closes the other connection, or type n and "
                        "press Enter to open a second session beside it.", int(idle), address=old.connection.address))
        else:
            self.say(n_("Your game is already open on another connection (from {address}, its last key {n} minute "
                        "ago). Press Enter to take it over here, which closes the other connection, or type n and "
                        "press Enter to open a second session beside it.",
                        "Your game is already open on another connection (from {address}, its last key {n} minutes "
                        "ago). Press Enter to take it over here, which closes the other connection, or type n and "
                        "press Enter to open a second session beside it.", minutes(idle),
                        address=old.connection.address))
        try:
            answer = await asyncio.wait_for(self.reader.read_line(self.write, limit=10), self.options.login_timeout)
        except TimeoutError:
            answer = None
        if answer is None:
            self.ended = "left at the take-over question"
            return False
        if answer.strip().lower().startswith("n"):
            return True
        address = self.connection.address
        for other in others:
            other.taken_over = True
            other.hang_up("taken over by a new connection of the same player", lambda: _(
                "Your game was taken over by a new connection of yours (from {address}), so this one closes. "
                "Every move made is saved.", address=address))
        await self.wait_for_ended_games(folder)
        self.say(_("The other connection is closed; your game continues here."))
        return True

    async def wait_for_ended_games(self, folder: Path, limit: float = 5.0) -> None:
        """A player who reconnects at once may find the dropped connection's game still closing, holding the
        save's lock: wait (a few seconds at most) until it has ended, so the game resumes instead of being
        offered to watch."""
        ending = [s.stopped.wait() for s in self.server.sessions
                  if s is not self and s.folder == folder and s.ended and not s.stopped.is_set()]
        if ending:
            await asyncio.wait([asyncio.ensure_future(w) for w in ending], timeout=limit)

    def child_argv(self) -> list[str]:
        argv = [sys.executable, "-m", "boardgames.serve.child", "--memory", str(self.options.game_memory),
                "--lang", self.voice.language]
        if self.start:
            argv += ["--start", self.start]
        if self.ascii:
            argv.append("--ascii")
        return argv

    def child_env(self, folder: Path) -> dict[str, str]:
        """A clean environment: no COLUMNS/LINES (Textual would ignore window changes), the client's TERM."""
        env = {
            "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
            "HOME": str(folder),
            "BOARDGAMES_HOME": str(folder),
            "LANG": "C.UTF-8",
            "TERM": self.term or "xterm",
        }
        colorterm = self.chan.get_environment().get("COLORTERM", "") if self.chan is not None else ""
        if colorterm and SAFE_TERM.fullmatch(colorterm):
            env["COLORTERM"] = colorterm
        for name in ("PYTHONPATH", "VIRTUAL_ENV"):
            if os.environ.get(name):
                env[name] = os.environ[name]
        env.update(self.table_env())
        return env

    def table_env(self) -> dict[str, str]:
        """Who this player is at the shared tables (all connections' tables live in the server's folder): a
        user or named player keeps their seat across connections; a guest's seat is bound to this one."""
        player_id, name = self.identity()
        return {"BOARDGAMES_TABLES": str(self.options.tables_root), "BOARDGAMES_PLAYER": player_id,
                "BOARDGAMES_HISTORY": str(self.options.history),
                "BOARDGAMES_PLAYER_NAME": name, "BOARDGAMES_PLAYER_ADDRESS": self.connection.source,
                "BOARDGAMES_SEAT_HOLD": f"{self.options.seat_hold:g}",
                CORES_ENV: str(self.options.bot_cores), SLOTS_ENV: str(self.options.bot_slots)}

    def identity(self) -> tuple[str, str]:
        """The player's id (the tables' and the remembered language's) and name, once known."""
        if self.options.auth != "none":
            return f"user:{self.player}", self.player
        if self.guest_folder is not None:
            return guest_identity(self.guest_folder.name)
        return f"name:{self.player}", self.player

    # -- who is playing ------------------------------------------------------------------
    async def player_folder(self) -> Path | None:
        folder: Path | None
        if self.options.auth != "none":
            folder = player_folder(self.options.users_root, self.connection.username)
        else:
            try:  # the name prompt is part of logging in: it has the same grace time
                folder = await asyncio.wait_for(self.ask_name(), self.options.login_timeout)
            except TimeoutError:
                self.ended = "no name within the log-in time"
                self.say("\n" + _("No name was given within {seconds} seconds; the connection closes. Connect "
                                  "again when you are ready.", seconds=format(self.options.login_timeout, "g")))
                return None
            if folder is None:
                return None
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.language_known_player(folder)
        return folder
