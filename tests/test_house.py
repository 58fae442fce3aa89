"""The house's size limits: no class over 500 lines and no function over 80 in the package, so no room of the house
grows back into the 800-line states this layout replaced (issue 20)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "boardgames"
CLASS_LINES, FUNCTION_LINES = 500, 80
#: the files every game has (README, "Adding a game"); its kind modules are named by the game's own structure
LAYOUT = ("data.py", "views.py", "state.py", "rules.py", "strategy.py", "game.py", "__init__.py", "help.md",
          "board/__init__.py", "board/board.py")


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
    """state.py at the bottom, rules.py assembling the kinds, game.py declaring the game, board/ drawing it;
    rules.py only assembles (it defines no function or class of its own)."""
    games = [p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()]
    assert len(games) >= 4
    for game in games:
        missing = [name for name in LAYOUT if not (game / name).exists()]
        assert missing == [], f"{game.name} lacks {missing}"
        rules = ast.parse((game / "rules.py").read_text(encoding="utf-8"))
        defined = [node.name for node in rules.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
        assert defined == [], f"{game.name}/rules.py should only assemble the kinds, but defines {defined}"


def test_no_game_finds_a_handler_by_spelling_its_name():
    """A kind's functions are named in its table, never looked up as ``getattr(obj, f"_do_{name}")``."""
    spelled = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.JoinedStr):
                spelled.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert spelled == []
