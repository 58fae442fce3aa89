"""The canvas helpers that draw a typed name safely: plain, on one line, ASCII when asked, cut to its room."""

from __future__ import annotations

from rich.cells import cell_len

from boardgames.tui.canvas import cut, fit_name, shown


def test_shown_keeps_markup_and_replaces_control_characters():
    """Defect guard: a name is plain text on a board; escape, newline and tab never reach the terminal."""
    assert shown("[b]x") == "[b]x" and shown("[/]") == "[/]"
    assert shown("A\x1b[31mB") == "A?[31mB"
    assert shown("C\nD\tE") == "C?D?E"
    assert shown("Zoë") == "Zoë"


def test_shown_in_ascii_mode_drops_accents_and_marks_the_rest():
    """Defect guard: in --ascii mode a name with accents or other letters must still draw below 128."""
    assert shown("Zoë João", ascii=True) == "Zoe Joao"
    assert shown("李", ascii=True) == "?"
    assert shown("Ana", ascii=True) == "Ana"


def test_cut_counts_terminal_cells():
    assert cut("Player 1", 8) == "Player 1"
    assert cut("Player 10", 8) == "Player …"
    assert cut("Player 10", 8, ascii=True) == "Player ."
    wide = cut("李李李李", 5)
    assert cell_len(wide) <= 5 and wide.endswith("…")


def test_fit_name_drops_a_bot_kind_before_cutting():
    assert fit_name("Bot 3 (greedy)", 14) == "Bot 3 (greedy)"
    assert fit_name("Bot 3 (greedy)", 8) == "Bot 3"
    assert fit_name("Bartholomew", 8) == "Barthol…"
