"""The house's size limits: no class over 500 lines and no function over 80 in the package, so no room of the house
grows back into the 800-line states this layout replaced (issue 20)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "boardgames"
CLASS_LINES, FUNCTION_LINES = 500, 80


def _oversized() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                limit = CLASS_LINES
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                limit = FUNCTION_LINES
            else:
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_class_over_500_lines_and_no_function_over_80():
    assert _oversized() == []


def test_every_game_has_the_same_layout():
    """state.py at the bottom, rules.py assembling the kinds, game.py declaring the game, board/ drawing it."""
    games = [p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()]
    assert len(games) >= 4
    for game in games:
        missing = [name for name in ("state.py", "rules.py", "game.py", "data.py", "strategy.py", "board/__init__.py")
                   if not (game / name).exists()]
        assert missing == [], f"{game.name} lacks {missing}"
