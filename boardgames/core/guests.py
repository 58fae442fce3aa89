"""Guests: who plays without a name of their own, and the names kept for them (``guest-57f3``).

A guest is a connection that pressed Enter at the SSH name prompt, or a browser tab of ``serve --web``; its
identity at the tables lasts as long as that connection or tab. Others read it as ``guest-`` and four letters
of its token, so no player may choose a name that reads as a guest's, or they could pass for one in the chat.
"""

from __future__ import annotations

import re
import secrets

#: ``guest`` alone or followed by anything but a letter or a digit (``guest-57f3``, ``Guest_1``, ``guest 2``)
RESERVED = re.compile(r"guest(?![^\W_])")


def new_guest_token() -> str:
    return secrets.token_hex(8)


def guest_identity(token: str) -> tuple[str, str]:
    """A guest's id at the tables (no later connection or tab can have it) and the name the others read."""
    return f"guest:{token}", f"guest-{token[:4]}"


def reserved_for_guests(name: str) -> bool:
    """Whether ``name`` reads as a guest's name, which no player may take."""
    return RESERVED.match(name.strip().casefold()) is not None
