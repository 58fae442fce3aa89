"""Choosing the language, and the pieces of a sentence that follow it: plurals, ordinals, numbers, dates."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from boardgames import cli
from boardgames.i18n import (
    DEFAULT,
    LANGUAGES,
    _,
    date_time,
    from_environment,
    language,
    match,
    n_,
    number,
    ordinal,
    placeholders,
    set_language,
)
from boardgames.preferences import remember, remembered


@pytest.mark.parametrize(("environ", "wanted"), [
    ({}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ({"LANG": "pt_PT.UTF-8"}, "pt_BR"),  # the Portuguese we have
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"}, "pt_BR"),
    ({"LANG": "pt_BR.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL beats LANG, as in C
    ({"LANG": "pt_BR.UTF-8", "LANGUAGE": "de:en"}, "en"),  # LANGUAGE's list, first we have
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:pt_BR"}, "pt_BR"),
])
def test_the_environment_chooses_as_gettext_does(environ, wanted):
    assert from_environment(environ) == wanted


def test_locale_names_map_to_our_languages():
    assert match("pt-BR") == match("pt_BR.utf8") == match("pt") == "pt_BR"
    assert match("en_GB.UTF-8") == match("POSIX") == "en"
    assert match("ja_JP") is None


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        set_language("xx")
    assert language() == DEFAULT


def test_portuguese_plural_rule_counts_one_alone_as_singular():
    """pt_BR's rule (n != 1: zero reads in the plural, "0 cartas"): checked on the real catalogue's first counted
    sentence."""
    from boardgames.catalogues import DOMAINS, read

    plural = next((message for domain in DOMAINS for message in read("pt_BR", domain)
                   if message.pluralizable and all(message.string)), None)
    assert plural is not None, "no counted sentence is translated yet"
    singular, many = plural.id
    set_language("pt_BR")
    values = {name.strip("{}"): 0 for name in placeholders(singular + many) - {"{n}"}}
    one_form = plural.string[0].format(n=1, **values)
    assert n_(singular, many, 0, **values) == plural.string[1].format(n=0, **values)
    assert n_(singular, many, 1, **values) == one_form
    assert n_(singular, many, 2, **values) == plural.string[1].format(n=2, **values)


def test_ranks_numbers_and_dates_in_each_language():
    moment = datetime(2026, 11, 27, 14, 5, 9)
    assert (ordinal(1), ordinal(2), ordinal(11), ordinal(23)) == ("1st", "2nd", "11th", "23rd")
    assert number(1234.5, 1) == "1,234.5"
    assert "Nov" in date_time(moment) and "2026" in date_time(moment) and "14:05:09" in date_time(moment)
    assert date_time(moment, seconds=False).endswith("14:05") and "Nov" in date_time(moment, seconds=False)
    set_language("pt_BR")
    assert (ordinal(1), ordinal(2)) == ("1º", "2º")
    assert number(1234.5, 1) == "1.234,5"
    assert "nov" in date_time(moment) and "de 2026" in date_time(moment)
    assert date_time(moment, seconds=False) == "27 de nov. de 2026 14:05"


def test_the_pseudo_language_marks_every_sentence_and_keeps_placeholders_and_markup():
    set_language("pseudo")
    english = "Take {count} glass from [b]display {display}[/b]."
    shown = _(english, count=3, display=2)
    assert "{" not in shown and "[b]" in shown and "3" in shown
    assert shown != english.format(count=3, display=2)
    assert len(_(english)) >= 1.25 * len(english)
    assert "á" in _("a") and _("") == ""


def test_every_language_names_itself():
    assert LANGUAGES["pt_BR"].startswith("Português") and LANGUAGES["en"] == "English"


def test_lang_on_the_command_line_beats_the_remembered_choice_which_beats_the_environment(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("BOARDGAMES_HOME", str(home))
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert cli._chosen_language(["list"]) == "pt_BR"
    assert remember(home, "en")
    assert cli._chosen_language(["list"]) == "en"
    assert cli._chosen_language(["--lang", "pt_BR", "list"]) == "pt_BR"
    assert cli._chosen_language(["--lang=pt_BR", "list"]) == "pt_BR"
    monkeypatch.setenv("BOARDGAMES_PLAYER", "key:abc")  # over SSH: that player's own choice, none yet
    assert cli._chosen_language(["list"]) == "pt_BR"


def test_remembered_choices_survive_a_damaged_file_and_refuse_unknown_languages(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "languages.json").write_text("{not json", encoding="utf-8")
    assert remembered(home) is None
    assert remember(home, "pt_BR", "key:1") and remember(home, "en", "key:2")
    assert remembered(home, "key:1") == "pt_BR" and remembered(home, "key:2") == "en"
    (home / "languages.json").write_text(json.dumps({"key:1": "xx", "key:2": "pt_BR"}), encoding="utf-8")
    assert remembered(home, "key:1") is None and remembered(home, "key:2") == "pt_BR"
    with pytest.raises(ValueError):
        remember(home, "xx")


def test_an_unwritable_data_folder_keeps_nothing_and_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert remember(blocker / "home", "pt_BR") is False
