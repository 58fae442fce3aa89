"""The one glyph table: every glyph has an ASCII fallback, and the boards draw from it."""

from __future__ import annotations

from boardgames.tui.asciimode import asciify
from boardgames.tui.glyphs import GLYPHS, HOLLOW, TEXT_STAND_INS, fallbacks, glyph, hollow


def test_every_glyph_has_an_ascii_fallback_no_wider():
    for name, (shown, plain) in GLYPHS.items():
        assert plain.isascii() and plain.isprintable(), name
        assert len(plain) <= len(shown), name  # --ascii never pushes a board's columns to the right
        assert glyph(name, ascii=True) == plain and glyph(name) == shown


def test_free_text_stand_ins_cover_every_board_glyph():
    """Guards: asciify turned board glyphs missing from its own table into "?"."""
    for shown, _plain in GLYPHS.values():
        assert "?" not in asciify(shown) or "?" in shown, shown
    assert all(v.isascii() for v in TEXT_STAND_INS.values())
    assert set(HOLLOW.values()) <= set(TEXT_STAND_INS)


def test_hollow_and_fallbacks():
    assert hollow("♥") == "♡" and hollow("x") == "x"
    assert fallbacks("done", "cut") == {"✓": "+", "…": "."}


def test_asciify_spells_names_as_the_boards_do():
    """The prompt line and the board both read 'Zoe' for Zoë in --ascii (the prompt read 'Zo?')."""
    assert asciify("Zoë: take — João") == "Zoe: take - Joao"
    assert asciify("雪") == "?"
