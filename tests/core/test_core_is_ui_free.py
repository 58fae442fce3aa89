"""The shared core knows nothing of the terminal: no module in boardgames/core imports Rich or Textual."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "boardgames" / "core"
UI_PACKAGES = {"rich", "textual"}


def imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_core_module_imports_a_ui_library():
    modules = sorted(CORE.rglob("*.py"))
    assert len(modules) > 5
    found = {str(path.relative_to(CORE)): sorted(imported_packages(path) & UI_PACKAGES) for path in modules}
    assert {name: ui for name, ui in found.items() if ui} == {}


def test_the_scan_sees_imports_anywhere_in_a_module(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from rich.cells import cell_len\n    import textual.app\n")
    assert imported_packages(sample) == {"rich", "textual"}


def test_importing_the_core_loads_no_ui_library():
    """Nor indirectly: a fresh interpreter that imports every core module has loaded neither."""
    script = ("import importlib, pkgutil, sys\n"
              "import boardgames.core as core\n"
              "for module in pkgutil.iter_modules(core.__path__):\n"
              "    importlib.import_module('boardgames.core.' + module.name)\n"
              "print(sorted({name.split('.')[0] for name in sys.modules} & {'rich', 'textual'}))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
