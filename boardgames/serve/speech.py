"""The language the server speaks to each player: one SSH server process talks to many players at once.

A game process has one player and one language (``i18n.set_language``); the server process has many players,
so a sentence it writes to one of them is translated in that player's language. Each session has a
:class:`Voice` (its player's language, which the name prompt may change); ``_`` and ``n_`` here are
``boardgames.i18n``'s, except in a session's asyncio task (``speak(voice)``, a context variable: every session
keeps its own, and the tasks it starts share it) or inside ``with speaking(voice)``, where they speak the voice's
language. Outside a session (the command line, the operator's banner, the log) they are the process's language.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
from collections.abc import Iterator
from contextvars import ContextVar

from boardgames import i18n
from boardgames.i18n import DEFAULT, N_

__all__ = ["N_", "Voice", "_", "n_", "speak", "speaking"]


class Voice:
    """One player's language, shared by every task of their session (the name prompt may change it)."""

    def __init__(self, language: str = DEFAULT) -> None:
        self.language = language


_voice: ContextVar[Voice | None] = ContextVar("boardgames_voice", default=None)


@functools.cache
def _catalogue(language: str) -> gettext.NullTranslations:
    # i18n keeps one language per process; the server needs several at once, each loaded once
    return i18n.translations(language)


def speak(voice: Voice) -> None:
    """From now on, in this asyncio task (a session's) and the tasks it starts, sentences are in ``voice``'s
    language, whatever it becomes."""
    _voice.set(voice)


@contextlib.contextmanager
def speaking(voice: Voice) -> Iterator[None]:
    """Sentences made inside the block are in ``voice``'s language (for a session's sentence made elsewhere)."""
    token = _voice.set(voice)
    try:
        yield
    finally:
        _voice.reset(token)


def _spoken() -> str | None:
    voice = _voice.get()
    return None if voice is None or voice.language == i18n.language() else voice.language


def _(message: str, /, **values: object) -> str:
    """``message`` in the language spoken here, its ``{placeholders}`` filled."""
    language = _spoken()
    if language is None:
        return i18n._(message, **values)
    text = _catalogue(language).gettext(message)
    return text.format(**values) if values else text


def n_(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural sentence for ``n`` in the language spoken here; ``{n}`` is filled with ``n``."""
    language = _spoken()
    if language is None:
        return i18n.n_(singular, plural, n, **values)
    return _catalogue(language).ngettext(singular, plural, n).format(**{"n": n, **values})
