"""Authorized public keys in OpenSSH's authorized_keys format, with the options the server honours.

A line's options restrict its key, so an option the server ignored would let the key in more widely
than its owner meant: ``from=`` is honoured (against the client's address; no DNS look-up, so host
name patterns never match), the refusals the server makes anyway (no forwarding of ports, agents
or X11, no ~/.ssh/rc) are accepted, and a line with any other option (``command=``, ``no-pty``,
``restrict`` without ``pty``, ``environment=``, ``expiry-time=`` ...) lets nobody in.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path

from boardgames.serve.auth import AuthFileError
from boardgames.serve.options import file_problem
from boardgames.serve.speech import N_, _
from boardgames.serve.users import is_player_name

#: options that hold without the server doing anything: it forwards nothing and runs no rc file
ALREADY_TRUE = frozenset({"no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc"})
#: restrict is every no-* option; with pty added back it leaves what a game needs
WITH_PTY = frozenset({"restrict", "pty"})
OPTION = re.compile(r'([A-Za-z0-9-]+)(?:="((?:[^"\\]|\\.)*)")?(,|\s+|$)')


@dataclass(frozen=True)
class KeyLine:
    blob: bytes
    comment: str
    #: option name (lower case) -> its value (None for a flag)
    options: tuple[tuple[str, str | None], ...]
    number: int

    def refusal(self, address: str) -> str:
        """Why this line does not let a client at ``address`` in ('' when it does); a phrase for the log."""
        names = {name for name, _ in self.options}
        unknown = sorted(names - ALREADY_TRUE - WITH_PTY - {"from"})
        if unknown:
            return f"its line has the option {unknown[0]}, which this server does not implement"
        if "restrict" in names and "pty" not in names:
            return "its line has restrict without pty, and a game needs a terminal"
        for name, value in self.options:
            if name == "from" and not address_matches(value or "", address):
                shown = (value or "")[:80].encode("unicode_escape").decode("ascii")
                return f"its line allows only from=\"{shown}\""
        return ""


def _pattern(text: str) -> re.Pattern[str]:
    return re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in text))


def address_matches(patterns: str, address: str) -> bool:
    """OpenSSH's from= pattern list against an address: wildcards, address/bits, '!' to exclude."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    matched = False
    for pattern in patterns.split(","):
        negated = pattern.startswith("!")
        pattern = pattern[1:] if negated else pattern
        if "/" in pattern:
            try:
                hit = ip in ipaddress.ip_network(pattern, strict=False)
            except ValueError:
                return False  # a pattern that cannot be read lets nobody in
        else:
            hit = _pattern(pattern).fullmatch(address) is not None
        if hit and negated:
            return False
        matched = matched or hit
    return matched


def parse_options(text: str) -> tuple[tuple[tuple[str, str | None], ...], str]:
    """The options at the start of a line, and the rest of it (the key); ValueError if they cannot be read."""
    options, position = [], 0
    while True:
        match = OPTION.match(text, position)
        if match is None:
            raise ValueError("options that cannot be read")
        options.append((match.group(1).lower(), None if match.group(2) is None
                        else match.group(2).replace('\\"', '"')))
        position = match.end()
        if match.group(3) != ",":
            return tuple(options), text[position:]


class KeyBook:
    """The authorized keys, read again at every attempt.

    A path holding ``%u`` is one file per player (``%u`` becomes the SSH user name, as in OpenSSH's
    AuthorizedKeysFile). Otherwise it is one file for everybody and each key's comment names the
    player it lets in (``ssh-ed25519 AAAA... ana``), so one player's key never opens another's saves.
    """

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.per_user = "%u" in spec

    def check(self) -> None:
        """At start-up: the shared file must be readable (per-user files may come later)."""
        if not self.per_user:
            self._read(Path(self.spec), strict=True)

    def lines_for(self, name: str) -> list[KeyLine]:
        """``name``'s lines; AuthFileError if their file may have been changed by somebody else."""
        if not is_player_name(name):  # nor a name kept for guests: it could pass for one at the tables
            return []
        if self.per_user:
            return self._read(Path(self.spec.replace("%u", name)))
        return [line for line in self._read(Path(self.spec)) if line.comment == name]

    def decide(self, name: str, blob: bytes, address: str) -> tuple[bool, str]:
        """Whether ``blob`` lets ``name`` in from ``address``; else why, when a line names the key (for the log)."""
        why = ""
        try:
            lines = self.lines_for(name)
        except AuthFileError as exc:
            return False, str(exc)
        for line in lines:
            if line.blob == blob:
                why = line.refusal(address)
                if not why:
                    return True, ""
        return False, why

    def keys_for(self, name: str, address: str) -> set[bytes]:
        try:
            return {line.blob for line in self.lines_for(name) if not line.refusal(address)}
        except AuthFileError:
            return set()

    @staticmethod
    def _read(path: Path, strict: bool = False) -> list[KeyLine]:
        import asyncssh

        problem = file_problem(path, N_("authorized keys file"), private=False)
        if problem:
            raise AuthFileError(problem)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            if strict:
                raise AuthFileError(_("The authorized keys file {path} cannot be read ({problem}).", path=path,
                                      problem=getattr(exc, "strerror", None) or exc)) from None
            return []
        found = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            options: tuple[tuple[str, str | None], ...] = ()
            try:
                key = asyncssh.import_public_key(line)
            except (asyncssh.KeyImportError, ValueError):
                try:
                    options, rest = parse_options(line)
                    key = asyncssh.import_public_key(rest)
                except (asyncssh.KeyImportError, ValueError):
                    continue
            found.append(KeyLine(key.public_data, (key.get_comment() or "").strip(), options, number))
        return found
