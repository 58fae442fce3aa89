"""Keys declared once: each part of a board (and the board itself) lists its keys in one table of
:class:`PartKey` rows, and the part's key handling, the key bar's hints and the help's list of keys are all made
from that table.

A row names the keys (Textual key names), what the key bar says, the method that answers them (or the game
action they send), when they work (the key bar shows a key only then), and the help's sentence. A key a board
answers (a letter such as ``e`` explore) may never be answered by one of its parts as well: the part would take
it first and the key bar's letter would lie. :func:`check_board` refuses such a board when it is constructed;
the only exception is a part that holds the keyboard (a choice half made, :meth:`BoardPart.holds_keys`), during
which the board's own keys are off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.i18n import N_, _

#: the key bar's arrows: (the glyphs, the words in ASCII mode)
LEFT_RIGHT = ("←→", N_("Left/Right"))
UP_DOWN = ("↑↓", N_("Up/Down"))
ARROWS = ("←→↑↓", N_("arrows"))

#: key groups many tables use
ENTER = ("enter", "space")
HOME_END = ("home", "end")
DIGITS = tuple("123456789")
UP_K, DOWN_J = ("up", "k"), ("down", "j")
#: keys that step back, and forward, along a row or list (arrows and vim-like letters)
PREV_KEYS = ("left", "h", "up", "k")
NEXT_KEYS = ("right", "l", "down", "j")

#: how the help writes a key name
_HELP_NAMES = {"enter": "Enter", "space": N_("space"), "escape": "Esc", "tab": "Tab", "shift+tab": "Shift+Tab",
               "pageup": N_("Page Up"), "pagedown": N_("Page Down")}
_PAIRS = ((("left", "right", "up", "down"), N_("arrows")), (("left", "right"), N_("left/right")),
          (("up", "down"), N_("up/down")), (("h", "j", "k", "l"), "h j k l"), (("h", "l"), "h/l"), (("j", "k"), "j/k"),
          (("home", "end"), "Home/End"), (("pageup", "pagedown"), N_("Page Up/Down")),
          (("enter", "space"), N_("Enter or space")))


class KeyClash(ValueError):
    """A part answers a key its board answers too (see :func:`check_board`)."""


@dataclass(frozen=True)
class PartKey:
    """One row of a key table.

    ``keys`` are Textual key names. ``do`` names the method answering them, ``(key, character) -> bool`` (False:
    not this row's key now, the key goes on); a row with ``action`` instead sends that game action through the
    owner's ``press(row, key)`` (a board's letters), ``why`` saying why when it is not legal. The key bar shows
    ``words`` after ``label`` (glyphs, or their words in ASCII mode; made from the keys when empty) while ``when``
    (a method name, ``() -> bool``) holds, and for an ``action`` row while the owner ``offers(action)``; ``hint``
    names a method making the whole hint now (``() -> (label, words) | None``). ``help`` is the help's sentence
    (rows with the same sentence make one line), ``help_keys`` how it writes the keys (translated where shown, so
    words in it are marked with ``N_``). A ``modal`` row works only while its part holds the keyboard.
    """

    keys: tuple[str, ...]
    words: str = ""
    do: str = ""
    action: str = ""
    why: str = ""
    when: str = ""
    label: str | tuple[str, str] = ""
    hint: str = ""
    help: str = ""
    help_keys: str = ""
    modal: bool = False

    def key_label(self, ascii: bool) -> str:
        """The key as the key bar writes it."""
        if isinstance(self.label, tuple):
            return _(self.label[1]) if ascii else self.label[0]
        if self.label:
            return _(self.label)
        first = self.keys[0]
        return {"enter": "Enter", "escape": "Esc", "tab": "Tab", "space": _("Space")}.get(first, first)


def table_index(table: Sequence[PartKey]) -> dict[str, tuple[PartKey, ...]]:
    """Key name -> the rows answering it, in the table's order."""
    index: dict[str, list[PartKey]] = {}
    for row in table:
        for key in row.keys:
            index.setdefault(key, []).append(row)
    return {key: tuple(rows) for key, rows in index.items()}


_INDEXES: dict[type[Any], dict[str, tuple[PartKey, ...]]] = {}


def rows_for(owner: Any, key: str) -> tuple[PartKey, ...]:
    """The rows of ``owner``'s table (``KEYS``) that answer ``key``; the index is made once per class."""
    cls = type(owner)
    index = _INDEXES.get(cls)
    if index is None:
        index = _INDEXES[cls] = table_index(cls.KEYS)
    return index.get(key, ())


def answer(owner: Any, key: str, character: str | None, holding: bool = False) -> bool:
    """Hand ``key`` to the rows of ``owner``'s table that answer it, in order, until one takes it (modal rows only
    while ``holding``). True when one did."""
    for row in rows_for(owner, key):
        if row.modal and not holding:
            continue
        if row.action:
            if owner.press(row, key):
                return True
        elif getattr(owner, row.do)(key, character):
            return True
    return False


def hints(owner: Any, table: Iterable[PartKey], ascii: bool) -> list[tuple[str, str]]:
    """The key bar's (key, words) of the rows of ``table`` that work now, in the table's order."""
    out: list[tuple[str, str]] = []
    for row in table:
        if row.when and not getattr(owner, row.when)():
            continue
        if row.action and not owner.offers(row.action):
            continue
        if row.hint:
            made = getattr(owner, row.hint)()
            if made:
                out.append(made)
        elif row.words:
            out.append((row.key_label(ascii), _(row.words)))
    return out


def keys_text(keys: Sequence[str]) -> str:
    """How the help writes ``keys``: ``left/right, h/l, 1-8``; a letter once whatever its case."""
    left = list(dict.fromkeys(keys))
    parts: list[str] = []
    for group, text in _PAIRS:
        if all(key in left for key in group):
            parts.append(_(text))
            left = [key for key in left if key not in group]
    digits = [key for key in left if key.isdigit()]
    if len(digits) > 2 and [int(d) for d in digits] == list(range(int(digits[0]), int(digits[-1]) + 1)):
        parts.append(f"{digits[0]}-{digits[-1]}")
        left = [key for key in left if key not in digits]
    seen: set[str] = set()
    for key in left:
        letter = key.removeprefix("shift+").lower() if len(key.removeprefix("shift+")) == 1 else key
        if letter in seen:
            continue
        seen.add(letter)
        name = _HELP_NAMES.get(key, letter)
        parts.append(_(name) if key in ("space", "pageup", "pagedown") else name)
    return ", ".join(parts)


def help_lines(table: Iterable[PartKey], title: str = "", joiner: str = ", ") -> list[tuple[str, str]]:
    """The help's (keys, sentence) lines of a table: rows with the same sentence share a line, ``title: keys``."""
    lines: dict[str, list[str]] = {}
    for row in table:
        if row.help:
            lines.setdefault(row.help, []).append(_(row.help_keys) if row.help_keys else keys_text(row.keys))
    head = f"{_(title)}: " if title else ""
    return [(head + joiner.join(dict.fromkeys(keys)), _(sentence)) for sentence, keys in lines.items()]


def board_letters(table: Iterable[PartKey]) -> dict[str, PartKey]:
    """The keys of a board's table a part could also claim: the printable single characters (letters, digits)."""
    return {key: row for row in table for key in row.keys if len(key) == 1 and key.isprintable()}


def _check_rows(owner: type[Any], table: Sequence[PartKey]) -> None:
    """Every row answers its keys (a method of the owner, or an action) and names methods the owner has."""
    for row in table:
        if bool(row.do) == bool(row.action):
            raise KeyClash(f"{owner.__name__}: the row for {row.keys} needs one of do= and action=")
        for name in (row.do, row.when, row.hint):
            if name and not callable(getattr(owner, name, None)):
                raise KeyClash(f"{owner.__name__}: the row for {row.keys} names {name!r}, which it does not have")


def check_board(board: type[Any], parts: Iterable[type[Any]]) -> None:
    """Refuse a part key that shadows one of the board's letters: the part answers first, so the board's letter
    would never work while that part has the focus (and the key bar would offer it). A part that holds the
    keyboard (``HOLDS_KEYS``), or a ``modal`` row, is exempt: the board's keys are off while it holds it."""
    _check_rows(board, board.KEYS)
    letters = board_letters(board.KEYS)
    for part in parts:
        _check_rows(part, part.KEYS)
        if part.HOLDS_KEYS:
            continue
        for row in part.KEYS:
            for key in row.keys:
                if key in letters and not row.modal:
                    taken = letters[key]
                    raise KeyClash(f"{board.__name__}: {part.__name__}'s key {key!r} ({row.words or row.do}) "
                                   f"shadows the board's {key!r} ({taken.words or taken.action or taken.do}); pick "
                                   "another key, or make it work only while the part holds the keyboard")
