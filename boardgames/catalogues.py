"""The translation catalogues: which sentences the code uses, and whether every language has them all.

A domain is one ``.po`` file per language: ``shell`` (menus, forms, tables, the server, the command line),
one per game (its rules, board and YAML tables) and ``encounters`` (Above and Below's encounter book).
Babel reads the sentences from the code (``_``, ``n_``, ``p_``, ``N_``, ``Nn_``, ``Np_``) and from the YAML
tables' text keys.
``python scripts/i18n.py update`` brings the ``.po`` files in line with the code, ``compile`` writes the
``.mo`` files that ship in the wheel, and ``check`` (a test too) lists what is missing or wrong.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from boardgames.core.data import DATA_ROOT
from boardgames.i18n import ARTICLE, LOCALE_DIR, placeholders

PACKAGE = Path(__file__).parent
GAMES = ("sintra", "bluemoon", "lemuria", "abovebelow")
DOMAINS = ("shell", "server", *GAMES, "encounters")
#: the server's domain: the SSH and web servers and the command line (the rest outside the games is ``shell``)
SERVER = ("serve", "cli.py", "selfplay.py", "home.py")
TRANSLATED = ("pt_BR",)
#: Babel's keyword specs for our functions: argument positions of the message (and its plural, its context)
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "n_": (1, 2), "Nn_": (1, 2), "p_": ((1, "c"), 2),
                            "Np_": ((1, "c"), 2)}
#: the keys of a YAML table whose string values a player reads
YAML_KEYS = frozenset({"name", "title", "text", "label"})
#: the tables of cards and places that sentences name with their article (``boardgames.i18n.the``): each name
#: there has a form in the context ``ARTICLE`` too ("Oracle": "o Oráculo")
NAMED_TABLES = frozenset({"lemuria/citizens.yaml", "lemuria/buildings.yaml", "lemuria/impact.yaml",
                          "bluemoon/buildings.yaml", "abovebelow/buildings.yaml", "abovebelow/cave_cards.yaml"})
#: each language's plural rule; Brazilian Portuguese reads zero in the plural ("0 cartas", never "0 carta"), so the
#: singular is for one alone (gettext's usual rule for pt_BR, n > 1, put zero in the singular)
PLURALS = {"pt_BR": (2, "(n != 1)")}
HEADER = "# The boardgames suite in {language}: our own wording (python scripts/i18n.py update keeps it in line)."


@dataclass(frozen=True)
class Found:
    """One sentence the code uses: its id (a tuple for plurals), its context, and where it is."""

    id: str | tuple[str, str]
    context: str | None
    where: str


def sources(domain: str) -> tuple[list[Path], list[Path]]:
    """The Python files and the YAML tables whose sentences belong to ``domain``."""
    if domain in GAMES:
        return sorted((PACKAGE / "games" / domain).rglob("*.py")), [
            path for path in sorted((DATA_ROOT / domain).glob("*.yaml"))
            if path.name != "encounters.yaml"]
    if domain == "encounters":
        return [], [DATA_ROOT / "abovebelow" / "encounters.yaml"]
    games = [PACKAGE / "games" / game for game in GAMES]
    python = [path for path in sorted(PACKAGE.rglob("*.py"))
              if not any(game in path.parents for game in games) and path.name != "catalogues.py"]
    server = [path for path in python if path.relative_to(PACKAGE).parts[0] in SERVER]
    return (server if domain == "server" else [path for path in python if path not in server]), []


def _from_python(path: Path) -> Iterator[Found]:
    with path.open("rb") as handle:
        for line, funcname, messages, _comments in extract_python(handle, KEYWORDS, [], {}):
            where = f"{path.relative_to(PACKAGE)}:{line}"
            parts: tuple[Any, ...] = messages if isinstance(messages, tuple) else (messages,)
            context = None
            if funcname in ("p_", "Np_"):
                context, parts = parts[0], parts[1:2]
            else:
                parts = parts[:2] if funcname in ("n_", "Nn_") else parts[:1]
            if not parts or not all(isinstance(part, str) for part in parts):
                continue  # a call with a variable (``_(TABLE[key])``): its sentence is marked where it is written
            yield Found(parts[0] if len(parts) == 1 else (parts[0], parts[1]), context, where)


def _strings(node: object, key: str | None = None) -> Iterator[tuple[str, str]]:
    """(key, text) of every string a player reads in a YAML table."""
    if isinstance(node, dict):
        for name, value in node.items():
            yield from _strings(value, str(name))
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, key)
    elif isinstance(node, str) and key in YAML_KEYS and node.strip():
        yield key, node


def _from_yaml(path: Path) -> Iterator[Found]:
    table = path.relative_to(DATA_ROOT).as_posix()
    for key, text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
        yield Found(text, None, f"rules_data/{table}")
        if key == "name" and table in NAMED_TABLES:
            yield Found(text, ARTICLE, f"rules_data/{table}")


def found(domain: str) -> list[Found]:
    """Every sentence ``domain`` uses, in the order first met."""
    python, tables = sources(domain)
    seen: dict[tuple[object, str | None], Found] = {}
    for path in python:
        for item in _from_python(path):
            seen.setdefault((item.id, item.context), item)
    for path in tables:
        for item in _from_yaml(path):
            seen.setdefault((item.id, item.context), item)
    return list(seen.values())


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def read(language: str, domain: str) -> Catalog:
    path = po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain, project="boardgames")
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def update(language: str, domain: str) -> tuple[int, int]:
    """Bring ``domain``'s catalogue in line with the code: new sentences added untranslated, gone ones dropped.

    Returns (sentences, untranslated).
    """
    old = read(language, domain)
    new = Catalog(locale=language, domain=domain, project="boardgames", version="1", charset="utf-8",
                  copyright_holder="the boardgames authors", last_translator="the boardgames authors",
                  language_team=language, fuzzy=False, header_comment=HEADER.format(language=language),
                  creation_date=old.creation_date, revision_date=old.revision_date)  # dates kept: no churn
    # two forms by PLURALS, not CLDR's three
    cast(Any, new)._num_plurals, cast(Any, new)._plural_expr = PLURALS.get(language, (new.num_plurals, new.plural_expr))
    for item in found(domain):
        kept = old.get(item.id, context=item.context)
        if kept is not None and isinstance(kept.id, tuple) != isinstance(item.id, tuple):
            kept = None  # a sentence that became counted (or stopped being): translated again, in its new forms
        empty: str | tuple[str, ...] = ("",) * PLURALS.get(language, (2, ""))[0] if isinstance(item.id, tuple) else ""
        message = Message(item.id, kept.string if kept is not None else empty, context=item.context,
                          flags=kept.flags if kept is not None else ())
        new.add(item.id, message.string, context=item.context, flags=message.flags)
    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, new, width=116, omit_header=False, sort_output=False, no_location=True)
    missing = sum(1 for message in new if message.id and not _translated(message))
    return len([message for message in new if message.id]), missing


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings) and "fuzzy" not in message.flags


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all(language: str) -> list[Path]:
    written = []
    for domain in DOMAINS:
        if po_path(language, domain).exists():
            target = po_path(language, domain).with_suffix(".mo")
            target.write_bytes(mo_bytes(read(language, domain)))
            written.append(target)
    return written


def problems(language: str, domain: str) -> list[str]:
    """What is wrong with ``domain`` in ``language``: missing, untranslated, placeholders that differ, stale .mo."""
    catalog = read(language, domain)
    out = []
    for item in found(domain):
        message = catalog.get(item.id, context=item.context)
        shown = item.id if isinstance(item.id, str) else item.id[0]
        if message is None or not _translated(message):
            out.append(f"{item.where}: no {language} translation of {shown!r}")
            continue
        ids = item.id if isinstance(item.id, tuple) else (item.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wanted = set().union(*(placeholders(text) for text in ids))
        for form, text in enumerate(map(str, strings)):
            # the singular is read for one alone, so it may say "one" where the English singular does
            needed = wanted - {"{n}"} if form == 0 and len(ids) > 1 and "{n}" not in ids[0] else wanted
            if placeholders(text) - wanted or needed - placeholders(text):
                out.append(f"{item.where}: the {language} translation of {shown!r} has placeholders "
                           f"{sorted(placeholders(text))}, the English {sorted(wanted)}")
    mo = po_path(language, domain).with_suffix(".mo")
    if po_path(language, domain).exists() and (not mo.exists() or mo.read_bytes() != mo_bytes(catalog)):
        out.append(f"{mo.name} ({language}) is not compiled from its .po: run python scripts/i18n.py compile")
    return out
