"""Plain ASCII for ``--ascii``: a stand-in for every glyph the shell and the help text use.

Screens call :func:`asciify` on text they did not write themselves (help, rules
summaries, board notes) so that in ASCII mode every character drawn is below 128.
"""

from __future__ import annotations

from rich.box import Box

from boardgames.tui.canvas import shown
from boardgames.tui.glyphs import TEXT_STAND_INS as STAND_INS  # one glyph table for the whole shell


def asciify(text: str) -> str:
    """``text`` with every non-ASCII character replaced by its stand-in, else by the letter under its accent
    (``Zoë`` -> ``Zoe``, as boards draw names), else by "?"."""
    if text.isascii():
        return text
    return "".join(ch if ord(ch) < 128 else STAND_INS.get(ch) or shown(ch, ascii=True) for ch in text)


#: rich's SIMPLE_HEAD table box (a rule under the header and above the foot) drawn with "-"
ASCII_SIMPLE_HEAD = Box("    \n    \n -- \n    \n    \n -- \n    \n    \n", ascii=True)
