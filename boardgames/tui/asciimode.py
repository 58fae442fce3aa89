"""Plain ASCII for ``--ascii``: a stand-in for every glyph the shell and the help text use.

Screens call :func:`asciify` on text they did not write themselves (help, rules
summaries, board notes) so that in ASCII mode every character drawn is below 128.
"""

from __future__ import annotations

from rich.box import Box

#: glyph -> ASCII stand-in; anything else outside ASCII becomes "?"
STAND_INS = {
    "·": ".", "…": "...", "—": "-", "–": "-", "‹": "<", "›": ">", "«": "<<", "»": ">>",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "▶": ">", "▼": "v", "▲": "^", "◀": "<",
    "✓": "v", "✗": "x", "×": "x", "─": "-", "━": "-", "│": "|", "┃": "|", "┼": "+", "┤": "+", "├": "+",
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "░": "#", "▮": "#", "▯": ".", "◆": "+", "✱": "*", "✳": "*",
    "♥": "P", "♡": "p", "●": "O", "○": "o", "★": "Y", "☆": "y", "♣": "G", "♧": "g", "■": "B", "□": "b",
    "‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " ",
}


def asciify(text: str) -> str:
    """``text`` with every non-ASCII character replaced by its stand-in (or "?")."""
    if text.isascii():
        return text
    return "".join(ch if ord(ch) < 128 else STAND_INS.get(ch, "?") for ch in text)


#: rich's SIMPLE_HEAD table box (a rule under the header and above the foot) drawn with "-"
ASCII_SIMPLE_HEAD = Box("    \n    \n -- \n    \n    \n -- \n    \n    \n", ascii=True)
