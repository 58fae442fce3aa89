"""The name prompt of ``--auth none``: a name, its passphrase (chosen the first time), and the language.

A mixin of :class:`~boardgames.serve.session.GameSession`, which owns the channel, the reader and the sentences it
says; kept apart so the session's class holds the connection's life and this one the log-in.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from boardgames.core.guests import new_guest_token, reserved_for_guests
from boardgames.i18n import LANGUAGES, from_environment
from boardgames.preferences import remember, remembered
from boardgames.serve.auth import MAX_PASSWORD, MIN_PASSWORD, hash_password, password_problem, verify_password
from boardgames.serve.guesses import Verdict
from boardgames.serve.options import ServeOptions
from boardgames.serve.prompt import TAB, Hotkey, LineReader
from boardgames.serve.speech import Voice, _, n_
from boardgames.serve.users import is_safe_name, player_folder, printable

if TYPE_CHECKING:
    from boardgames.serve.session import SessionHost, SessionLink

#: what a client's environment may say of its language (OpenSSH sends LANG and LC_* with SendEnv)
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
NAME_TRIES = 5
PASSPHRASE_TRIES = 3
#: times Tab changes the language at one name prompt (each draws the prompt again: a flood of Tabs must not
#: make the server write without end)
LANGUAGE_SWITCHES = 20
#: clears the client's screen, for the name prompt drawn again in another language
CLEAR_SCREEN = "\x1b[H\x1b[2J"


def client_language(environment: Mapping[str, str]) -> str | None:
    """The language a client's environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), if it sent any."""
    sent = {name: value for name, value in environment.items()
            if name in LANGUAGE_VARIABLES and isinstance(name, str) and isinstance(value, str) and len(value) < 200}
    return from_environment(sent) if sent else None


def minutes(seconds: float) -> int:
    """Whole minutes, at least one, for a sentence that counts them."""
    return max(1, round(seconds / 60))


class NamePrompt:
    """The log-in of a session without accounts; the session gives the attributes below."""

    connection: SessionLink
    server: SessionHost
    options: ServeOptions
    chan: asyncssh.SSHServerChannel[bytes] | None
    reader: LineReader
    voice: Voice
    chose_language: bool
    ended: str
    player: str
    guest_folder: Path | None

    def say(self, sentence: str) -> None:
        raise NotImplementedError

    def write(self, text: str | bytes) -> None:
        raise NotImplementedError

    def identity(self) -> tuple[str, str]:
        raise NotImplementedError

    # -- the player's language ------------------------------------------------------------
    def language_at_start(self) -> str:
        """A logged-in user's remembered choice, else the client's LANG (or LC_ALL ...), else the last language of
        this connection (English at first)."""
        if self.options.auth != "none" and is_safe_name(self.connection.username):
            chosen = remembered(player_folder(self.options.users_root, self.connection.username),
                                f"user:{self.connection.username}")
            if chosen:
                return chosen
        sent = client_language(self.chan.get_environment()) if self.chan is not None else None
        return sent or self.voice.language

    def language_known_player(self, folder: Path) -> None:
        """The player is known: a language chosen at the name prompt is remembered for them (not for a guest,
        whose folder goes with the connection), else the one they chose before, if any, is theirs again."""
        player_id = self.identity()[0]
        if self.chose_language:
            if self.guest_folder is None and not remember(folder, self.voice.language, player_id):
                self.server.log(f"problem: the language of {self.player} cannot be remembered in {folder}")
        else:
            self.voice.language = remembered(folder, player_id) or self.voice.language
        self.connection.voice.language = self.voice.language  # for what the connection itself says later

    def next_language(self) -> str:
        codes = list(LANGUAGES)
        here = self.voice.language
        return codes[(codes.index(here) + 1) % len(codes)] if here in codes else codes[0]

    # -- the name and its passphrase --------------------------------------------------------
    def welcome(self) -> None:
        self.say(_("Welcome to boardgames.") + "\n"
                 + _("Type a name for your saves and press Enter; the first time, you choose a passphrase that keeps "
                     "them yours.") + "\n"
                 + _("Press Enter alone to play as a guest, whose saves are deleted when you disconnect.") + "\n"
                 + _("Press Tab for {language}.", language=LANGUAGES[self.next_language()]))

    async def ask_name(self) -> Path | None:
        self.welcome()
        tries, switches, typed = 0, 0, ""
        while tries < NAME_TRIES:
            self.write(_("Name: "))
            hotkeys = frozenset({TAB}) if switches < LANGUAGE_SWITCHES else frozenset()
            name = await self.reader.read_line_or_key(self.write, limit=40, hotkeys=hotkeys, typed=typed)
            typed = ""
            if isinstance(name, Hotkey):  # Tab: the next language, the prompt drawn again in it
                switches += 1
                self.voice.language, self.chose_language = self.next_language(), True
                self.write(CLEAR_SCREEN)
                self.welcome()
                typed = name.typed
                continue
            tries += 1
            if name is None:
                self.ended = "left at the name prompt"
                return None
            name = name.strip().lower()
            if not name:
                self.player = "(guest)"
                self.guest_folder = self.options.guests_root / new_guest_token()
                return self.guest_folder
            if reserved_for_guests(name):
                self.say(_("Names that begin with \"guest\" are kept for guests, so that nobody can pass for one; "
                           "please choose another."))
                continue
            if is_safe_name(name):
                return await self.check_passphrase(name)
            self.say(_("Names are 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or a digit; "
                       "please try another."))
        self.ended = "no valid name given"
        return None

    async def check_passphrase(self, name: str) -> Path | None:
        folder = player_folder(self.options.named_root, name)
        stored_file = folder / "passphrase"
        wait = self.server.limiter.blocked_for(self.connection.source)
        if wait:
            self.ended = "refused: too many failed log-ins from this address"
            self.say(n_("Too many wrong passphrases came from your address; try again in {n} minute.",
                        "Too many wrong passphrases came from your address; try again in {n} minutes.",
                        minutes(wait)))
            return None
        if not stored_file.exists() and await self.choose_passphrase(name, folder, stored_file):
            self.player = name
            return folder
        if self.ended:
            return None
        try:
            stored = stored_file.read_text(encoding="utf-8").strip()
        except OSError:
            self.ended = "the passphrase of a name could not be read"
            self.server.log(f"problem: the passphrase file of {name} cannot be read")
            self.say(_("Your saves cannot be opened right now; please try again later."))
            return None
        checks = self.server.checks
        for _try in range(PASSPHRASE_TRIES):
            self.write(_("Passphrase for {name}: ", name=name))
            passphrase = await self.read_secret()
            if passphrase is None:
                return None
            if not passphrase:
                continue
            verdict = await checks.check(self.connection.source, functools.partial(verify_password, passphrase,
                                                                                     stored))
            if verdict == Verdict.RIGHT:
                self.player = name
                return folder
            if verdict == Verdict.BLOCKED or checks.limiter.blocked_for(self.connection.source):
                break
            self.say(_("That is not the passphrase of {name}.", name=name))
        self.ended = "refused: wrong passphrase"
        self.player = printable(name)
        self.say(_("That is not the passphrase of {name}; the connection closes. The name is taken: if it is not "
                   "yours, choose another.", name=name))
        return None

    async def read_secret(self) -> str | None:
        """A passphrase typed at the prompt; '' (after a sentence) when it is longer than the limit, which is
        refused rather than cut; None when the player left."""
        secret = await self.reader.read_line(self.write, mask=True, limit=MAX_PASSWORD)
        if secret is None:
            self.ended = "left at the passphrase prompt"
            return None
        if len(secret) > MAX_PASSWORD:
            self.say(_("A passphrase can have at most {most} characters, and that one is longer; please type it "
                       "again.", most=MAX_PASSWORD))
            return ""
        return secret

    async def choose_passphrase(self, name: str, folder: Path, stored_file: Path) -> bool:
        """A new name: choose a passphrase (typed twice); False if the name was claimed meanwhile."""
        self.say(_("{name} is a new name. Choose a passphrase of at least {least} characters; you will need it to "
                   "see these saves again.", name=name, least=MIN_PASSWORD))
        for _try in range(PASSPHRASE_TRIES):
            self.write(_("Passphrase: "))
            first = await self.read_secret()
            if first is None:
                return False
            if not first:
                continue
            problem = password_problem(first, passphrase=True)
            if problem:
                self.say(problem)
                continue
            self.write(_("The same passphrase again: "))
            second = await self.read_secret()
            if second is None:
                return False
            if first != second:
                self.say(_("The two passphrases differ; please choose again."))
                continue
            stored = await self.server.checks.run(self.connection.source, functools.partial(hash_password, first))
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            try:
                fd = os.open(stored_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                return False  # someone took the name a moment ago: ask for its passphrase
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(stored + "\n")
            return True
        self.ended = "left at the passphrase prompt"
        return False
