"""The language every sentence is read in: gettext catalogues, plural forms, ordinals, numbers and dates.

Every sentence a player reads goes through :func:`_` (or :func:`n_` when it counts something) as one whole
sentence with named placeholders, never glued from fragments, so a translator sees complete text and may
reorder it. The language is per process: each terminal, each SSH session and each tab of the web server is its
own process, so players at one shared table each read the same events in their own language (the log is
rebuilt from the moves in every reader's process).

The catalogues are ``boardgames/locale/<lang>/LC_MESSAGES/<domain>.mo``, compiled by Babel from the ``.po``
beside them (``python scripts/i18n.py compile``); every domain of a language is read into one chain. The
language ``pseudo`` needs no catalogue: it accents every translated sentence and makes it about 30% longer, so a
test run over every screen finds text that is cut, or that never went through ``_`` (it stays plain English).

Looking a sentence up reads no file (the catalogues are loaded when the language is set), so rules code may
call ``_`` and stay pure: the same moves give the same sentences in the same language.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
#: the languages a player may choose, by code, each named in its own language (not translated on purpose)
LANGUAGES: dict[str, str] = {"en": "English", "pt_BR": "Português (Brasil)"}
DEFAULT = "en"
PSEUDO = "pseudo"

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


class _Pseudo(gettext.NullTranslations):
    """Every sentence accented and padded by about 30%, its {placeholders} and [markup] kept as they are."""

    _ACCENTS = str.maketrans("aeiouAEIOUcnCN", "áéíóúÁÉÍÓÚçñÇÑ")
    _KEEP = re.compile(r"(\{[^{}]*\}|\[[^\[\]]*\])")

    def _pseudo(self, message: str) -> str:
        parts = self._KEEP.split(message)
        text = "".join(part if i % 2 else part.translate(self._ACCENTS) for i, part in enumerate(parts))
        return text + "·" * max(1, round(len(message) * 0.3)) if message.strip() else message

    def gettext(self, message: str) -> str:
        return self._pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._pseudo(message)


_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
#: what every translated sentence passes through before its placeholders are filled (--ascii: plain letters)
_writing: Callable[[str], str] | None = None


def _load(language: str) -> gettext.NullTranslations:
    if language == PSEUDO:
        return _Pseudo()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    chain: gettext.NullTranslations | None = None
    for mo in sorted(folder.glob("*.mo")) if language != DEFAULT else ():
        with mo.open("rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
        if chain is None:
            chain = catalogue
        else:
            chain.add_fallback(catalogue)
    return chain or gettext.NullTranslations()


def translations(language: str) -> gettext.NullTranslations:
    """``language``'s catalogues as one chain, for a process that speaks several languages at once (the server)."""
    if language not in LANGUAGES and language != PSEUDO:
        raise ValueError(f"unknown language {language!r}")
    return _load(language)


def set_language(language: str) -> None:
    """Read every sentence from now on in ``language`` (a key of :data:`LANGUAGES`, or ``pseudo``)."""
    global _translations, _language
    _translations = translations(language)
    _language = language


def set_writing(writing: Callable[[str], str] | None) -> None:
    """Pass every translated sentence through ``writing`` from now on (the shell's ``--ascii`` gives one that
    turns "é" into "e" and "…" into "..."); None: as the catalogue writes it."""
    global _writing
    _writing = writing


def language() -> str:
    """The code of the language sentences are read in now."""
    return _language


def _fill(text: str, values: Mapping[str, object]) -> str:
    if _writing is not None:
        text = _writing(text)
    if not values:
        return text
    if any(isinstance(value, Named) for value in values.values()):
        text, values = _joined(text, values)
    return text.format(**values)


def _(message: str, /, **values: object) -> str:
    """``message`` in the reader's language with its ``{placeholders}`` filled."""
    return _fill(_translations.gettext(message), values)


def n_(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural sentence for ``n`` by the language's plural rule; ``{n}`` is filled with ``n``."""
    return _fill(_translations.ngettext(singular, plural, n), {"n": n, **values})


def p_(context: str, message: str, /, **values: object) -> str:
    """``message`` where the same English word needs another translation elsewhere (``context`` tells them apart)."""
    return _fill(_translations.pgettext(context, message), values)


#: the context of a name's form with its article, the form a sentence names a card or a place by
ARTICLE = "name with its article"
#: how a language joins a preposition before a name to the name's article: (preposition, article) -> one word
_CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "pt_BR": {(preposition, article + plural): joined + plural
              for preposition, forms in (("em", ("no", "na")), ("de", ("do", "da")), ("a", ("ao", "à")),
                                         ("por", ("pelo", "pela")))
              for article, joined in zip(("o", "a"), forms) for plural in ("", "s")},
}


class Named(str):
    """A card's or a place's name as a sentence names it (:func:`the`): with its article where the language
    writes one ("o Oráculo", "a Ponte"). Filled into a sentence, the article joins the preposition before it by
    the language's rule ("em {building}" with "o Observatório": "no Observatório") and takes a capital when the
    name opens the sentence, so the translator writes the preposition alone and never the article."""


def the(name: str) -> Named:
    """``name`` (an English name from a game's tables) with its article, as a sentence names it: the catalogue's
    form in the context :data:`ARTICLE` ("Oracle": "o Oráculo"); English names a card by its name alone."""
    return Named(p_(ARTICLE, name))


def _joined(text: str, values: Mapping[str, object]) -> tuple[str, dict[str, object]]:
    """``text`` and ``values`` with each :class:`Named` value's article joined to the preposition written before
    its placeholder, and capitalised where the placeholder opens a sentence (each such place gets a placeholder
    of its own)."""
    filled = dict(values)
    contractions = _CONTRACTIONS.get(_language, {})
    for key, value in values.items():
        if not isinstance(value, Named):
            continue
        article, _space, rest = value.partition(" ")

        def joined(match: re.Match[str], key: str = key, article: str = article, rest: str = rest) -> str:
            preposition = match.group(1)
            word = contractions.get((preposition.lower(), article))
            if word is None:
                return match.group(0)
            if _writing is not None:
                word = _writing(word)  # --ascii: "à" is drawn "a"
            name = f"{key}@{preposition}"
            filled[name] = (word.capitalize() if preposition[0].isupper() else word) + " " + rest
            return "{" + name + "}"

        def opening(match: re.Match[str], key: str = key, value: str = value) -> str:
            filled[f"{key}@start"] = value[:1].upper() + value[1:]
            return match.group(1) + "{" + key + "@start}"

        if contractions:
            text = re.sub(r"(?<![\w{])(\w+) \{" + re.escape(key) + r"\}", joined, text)
        text = re.sub(r"(^|[.!?] )\{" + re.escape(key) + r"\}", opening, text)
    return text, filled


def N_(message: str) -> str:
    """Marks a sentence kept in a table for translation where it is shown (``_(TABLE[key])``)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's marker style, like N_
    """Marks a counted sentence kept in a table (its singular and plural) for translation where it is shown:
    ``n_(*TABLE[key], count)``."""
    return singular, plural


def Np_(context: str, message: str) -> str:  # noqa: N802 - gettext's marker style, like N_
    """Marks a word with a context for translation where it is shown (``p_(context, word)``)."""
    return message


def and_list(items: list[str]) -> str:
    """['a'] -> 'a', ['a', 'b'] -> 'a and b', ['a', 'b', 'c'] -> 'a, b and c', in the reader's language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def placeholders(message: str) -> set[str]:
    """The ``{placeholders}`` of a sentence, for checking a translation keeps them."""
    return set(_PLACEHOLDER.findall(message))


def ordinal(rank: int) -> str:
    """A rank in words of the language: 1st, 2nd ... in English; 1º, 2º ... in Portuguese."""
    if _language == "pt_BR":
        return _fill("{rank}º", {"rank": rank})
    if 10 <= rank % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def _babel_locale() -> str:
    return "pt_BR" if _language == "pt_BR" else "en_GB"


def number(value: float, decimals: int = 0) -> str:
    """A number as the language writes it (1,234.5 in English, 1.234,5 in Portuguese)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return str(format_decimal(value, format=pattern, locale=_babel_locale()))


def date_time(moment: datetime, seconds: bool = True) -> str:
    """A date and time as the language writes them (27 Nov 2026, 14:05:09 / 27 de nov. de 2026 14:05:09);
    without ``seconds``, to the minute (a list of games played)."""
    from babel.dates import format_date, format_datetime, format_time, get_datetime_format

    locale = _babel_locale()
    if seconds:
        written = str(format_datetime(moment, format="medium", locale=locale))
    else:
        written = str(get_datetime_format("medium", locale=locale)).replace(
            "{1}", format_date(moment, "medium", locale=locale)).replace("{0}", format_time(moment, "short",
                                                                                             locale=locale))
    return _translations.gettext(written) if _language == PSEUDO else written  # marked like every sentence


def warm_formats() -> None:
    """Read the language's number and date formats now (Babel reads a language's data the first time it is asked,
    some 50 ms: the app does it in a worker thread at start, so no screen's first frame pays for it)."""
    moment = datetime.now(UTC)
    number(1234.5, 1)
    date_time(moment)
    date_time(moment, seconds=False)


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: LANGUAGE, then LC_ALL, LC_MESSAGES and LANG, as gettext reads them.

    LANGUAGE may list several (``pt_BR:en``); the first we have wins. ``C`` and ``POSIX`` mean English.
    """
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for wanted in value.split(":"):
            found = match(wanted)
            if found is not None:
                return found
        if name != "LANGUAGE":  # the first of LC_ALL, LC_MESSAGES and LANG that is set decides, as in C
            return DEFAULT
    return DEFAULT


def match(wanted: str) -> str | None:
    """The language of ours a locale name means (``pt_BR.UTF-8`` and ``pt`` -> pt_BR; ``en_US`` -> en), if any."""
    code = wanted.split(".")[0].split("@")[0].replace("-", "_")
    if code in ("C", "POSIX"):
        return DEFAULT
    if code in LANGUAGES or code == PSEUDO:
        return code
    base = code.split("_")[0].lower()
    return next((ours for ours in LANGUAGES if ours.split("_")[0].lower() == base), None)
