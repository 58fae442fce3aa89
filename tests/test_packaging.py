"""Every package of the source tree ships in the wheel: pyproject.toml finds them (packages.find), so a folder of
modules without an ``__init__.py`` would be left out without a word."""

import re
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def test_every_folder_of_modules_is_a_package_that_setuptools_finds():
    folders = {path.parent for path in (ROOT / "boardgames").rglob("*.py") if "__pycache__" not in path.parts}
    missing = sorted(str(folder.relative_to(ROOT)) for folder in folders if not (folder / "__init__.py").exists())
    assert missing == [], "these folders hold modules but no __init__.py, so the wheel would leave them out"
    found = set(find_packages(str(ROOT), include=["boardgames*"]))
    packages = {".".join(folder.relative_to(ROOT).parts) for folder in folders}
    assert packages <= found


def test_the_package_is_marked_typed():
    """PEP 561: py.typed beside the package's __init__ and in its package-data, so the wheel carries it (CI's
    plain install checks the installed package has it)."""
    assert (ROOT / "boardgames" / "py.typed").is_file()
    package_data = (ROOT / "pyproject.toml").read_text().split("[tool.setuptools.package-data]")[1].split("\n[")[0]
    assert re.search(r'^"boardgames" = \[.*"py\.typed".*\]$', package_data, re.M), package_data
