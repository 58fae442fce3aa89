"""Who may connect: password hashes (stdlib scrypt), authorized keys, and slowing down failed attempts.

A password file holds one ``name:scrypt$N$r$p$salt$hash`` line per player (salt and hash in
base64); it is written by ``boardgames serve --add-user NAME`` and never holds a password.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import os
import secrets
import tempfile
from pathlib import Path

from boardgames.serve.speech import _
from boardgames.serve.users import is_safe_name

#: scrypt's cost for new hashes, OWASP's minimum (2024): 128 MiB of memory and some 0.4 s of one core a check.
#: A stored line keeps the cost it was made with, so hashes made with an older, smaller N still verify.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**17, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32
MIN_PASSWORD, MAX_PASSWORD = 8, 200


class AuthFileError(Exception):
    """A password or key file that cannot be read or is malformed; the message is one sentence."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=HASH_BYTES,
                          maxmem=256 * n * r + 2**20)


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


@functools.cache
def _dummy() -> str:
    """Checked against when the user is unknown, so an unknown name costs as much time as a known one."""
    return hash_password(secrets.token_hex(8))


def verify_password(password: str, stored: str | None) -> bool:
    """True if ``password`` matches the stored hash; an unknown user (None) or a bad line is False."""
    try:
        scheme, n, r, p, salt, digest = (stored or _dummy()).split("$")
        if scheme != "scrypt" or not (2 <= int(n) <= 2**20 and 1 <= int(r) <= 32 and 1 <= int(p) <= 16):
            return False
        if len(password) > MAX_PASSWORD:  # never hashed: a huge password would only cost the server time
            return False
        expected = base64.b64decode(digest, validate=True)
        got = _scrypt(password, base64.b64decode(salt, validate=True), int(n), int(r), int(p))
    except (ValueError, TypeError):
        return False
    return stored is not None and hmac.compare_digest(got, expected)


def password_problem(password: str, passphrase: bool = False) -> str:
    """What is wrong with a new password ('' if nothing); ``passphrase`` names it so (the name prompt's)."""
    if len(password) < MIN_PASSWORD:
        return (_("A passphrase needs at least {least} characters.", least=MIN_PASSWORD) if passphrase
                else _("A password needs at least {least} characters.", least=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        return (_("A passphrase can have at most {most} characters.", most=MAX_PASSWORD) if passphrase
                else _("A password can have at most {most} characters.", most=MAX_PASSWORD))
    return ""


def read_passwords(path: Path) -> dict[str, str]:
    """name -> hash from a password file; AuthFileError if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise AuthFileError(_("The password file {path} does not exist; add a player with "
                              "'boardgames serve --add-user NAME'.", path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AuthFileError(_("The password file {path} cannot be read ({problem}).", path=path,
                              problem=getattr(exc, "strerror", None) or exc)) from None
    found = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, stored = line.partition(":")
        if not sep or not is_safe_name(name) or not stored.startswith("scrypt$"):
            raise AuthFileError(_("Line {number} of the password file {path} is not 'name:scrypt$...'.",
                                  number=number, path=path))
        found[name] = stored
    return found


def set_password(path: Path, name: str, password: str) -> bool:
    """Add or replace ``name``'s line (atomically, readable by the owner only); True if it was new."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        lines = ["# boardgames serve: one 'name:scrypt$N$r$p$salt$hash' line per player, "
                 "written by 'boardgames serve --add-user NAME'."]
    kept = [line for line in lines if line.partition(":")[0].strip() != name]
    new = len(kept) == len(lines)
    kept.append(f"{name}:{hash_password(password)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".passwords.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("\n".join(kept) + "\n")
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return new
