"""The shell's rule for game screens: a board is put together from parts, no class over 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import boardgames.games

GAMES = Path(boardgames.games.__file__).parent


def screen_modules() -> list[Path]:
    """The modules of every game's board package."""
    found = []
    for game in sorted(p for p in GAMES.iterdir() if (p / "board").is_dir()):
        found += sorted((game / "board").glob("*.py"))
    return found


def test_no_class_in_a_game_screen_is_over_400_lines():
    """Guards: BlueMoonBoard (about 1,050 lines) and SintraBoard (about 680) drew and handled everything."""
    modules = screen_modules()
    assert {m.parent.parent.name for m in modules} >= {"bluemoon", "sintra"}
    sizes = {}
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                sizes[f"{module.relative_to(GAMES)}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert sizes and max(sizes.values()) <= 400, {k: v for k, v in sizes.items() if v > 400}
