"""Every sentence the code and the tables use has a Brazilian Portuguese translation with the same placeholders,
and the compiled catalogues that ship are compiled from the .po files."""

from __future__ import annotations

from importlib import resources

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from boardgames import catalogues
from boardgames.catalogues import DOMAINS, GAMES, Found, problems
from boardgames.core.registry import get_game
from boardgames.i18n import set_language


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_sentence_has_a_portuguese_translation(domain):
    found = problems("pt_BR", domain)
    assert not found, f"{len(found)} problems (python scripts/i18n.py check {domain}):\n" + "\n".join(found[:40])


def fake_domain(tmp_path, monkeypatch, english, portuguese):
    """A catalogue of one sentence in a temporary locale folder, and code that uses ``english``."""
    catalog = Catalog(locale="pt_BR", domain="shell")
    if portuguese is not None:
        catalog.add(english, portuguese)
    folder = tmp_path / "pt_BR" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "shell.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogues, "found", lambda domain: [Found(english, None, "here.py:1")])
    (folder / "shell.mo").write_bytes(catalogues.mo_bytes(catalogues.read("pt_BR", "shell")))


def test_the_check_finds_a_sentence_without_translation(tmp_path, monkeypatch):
    fake_domain(tmp_path, monkeypatch, "Take {count} glass.", None)
    assert problems("pt_BR", "shell") == ["here.py:1: no pt_BR translation of 'Take {count} glass.'"]


def test_the_check_finds_a_placeholder_the_translation_lost(tmp_path, monkeypatch):
    fake_domain(tmp_path, monkeypatch, "Take {count} glass.", "Pegue {quantos} vidros.")
    assert "placeholders ['{quantos}']" in problems("pt_BR", "shell")[0]


def test_the_check_finds_a_stale_compiled_catalogue(tmp_path, monkeypatch):
    fake_domain(tmp_path, monkeypatch, "Take {count} glass.", "Pegue {count} vidros.")
    assert problems("pt_BR", "shell") == []
    (tmp_path / "pt_BR" / "LC_MESSAGES" / "shell.mo").write_bytes(b"")
    assert "not compiled from its .po" in problems("pt_BR", "shell")[0]


def test_the_extraction_reads_our_functions_and_the_tables():
    found = {item.id for item in catalogues.found("shell")}
    assert "Quit" in found  # _("Quit") in the menu
    book = {item.id for item in catalogues.found("encounters")}
    assert "The Lamp in the Water" in book  # a title in encounters.yaml


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_help_page_in_portuguese(game_id):
    game = get_game(game_id)
    package = resources.files(type(game).__module__.rpartition(".")[0])
    english = package.joinpath("help.md").read_text(encoding="utf-8")
    assert package.joinpath("help.pt_BR.md").is_file()
    set_language("pt_BR")
    portuguese = game.help_text()
    assert portuguese != english
    heading = [line for line in english.splitlines() if line.startswith("#")]
    assert len([line for line in portuguese.splitlines() if line.startswith("#")]) == len(heading)


def test_no_sentence_is_translated_two_ways_in_two_domains():
    """Every domain of a language is read into one chain, so the first domain holding a sentence wins: one English
    sentence with two translations must be told apart with ``p_`` (a context) where it is written."""
    seen: dict[tuple[object, object], tuple[str, object]] = {}
    clashes = []
    for domain in DOMAINS:
        for message in catalogues.read("pt_BR", domain):
            if not message.id:
                continue
            key = (message.id, message.context)
            earlier = seen.setdefault(key, (domain, message.string))
            if earlier[1] != message.string:
                clashes.append(f"{message.id!r}: {earlier[0]} {earlier[1]!r}, {domain} {message.string!r}")
    assert not clashes, "\n".join(clashes)
