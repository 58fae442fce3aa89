"""Every package of the source tree and every table ships in the wheel: setup.py finds the packages under
boardgames/ (a folder of modules without an ``__init__.py`` would be left out without a word) and maps the package
boardgames.rules_data to the top-level folder rules_data/."""

import re
import shutil
import subprocess
import sys
import zipfile
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


def test_the_tables_live_at_the_top_level_and_the_checkout_reads_them_there():
    """The design card's layout: rules_data/ beside boardgames/; an editable install reads that folder (setup.py's
    package_dir), through importlib.resources."""
    from boardgames.core.data import DATA_ROOT

    assert not (ROOT / "boardgames" / "rules_data").exists()
    assert DATA_ROOT == ROOT / "rules_data"
    assert (DATA_ROOT / "sintra" / "strips.yaml").is_file()


def test_the_built_wheel_holds_every_table(tmp_path):
    """A wheel built from the checkout carries rules_data/ as the package boardgames.rules_data, every table in it
    (a ``package-dir`` entry beside ``packages.find`` in pyproject.toml built a wheel without one)."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("boardgames", "rules_data"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    build = "import sys; from setuptools import build_meta; print(build_meta.build_wheel(sys.argv[1]))"
    built = subprocess.run([sys.executable, "-c", build, str(tmp_path / "dist")], cwd=source, capture_output=True,
                           text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = tmp_path / "dist" / built.stdout.split()[-1]
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    tables = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "rules_data").rglob("*.yaml"))
    assert len(tables) >= 4 * 3
    missing = [table for table in tables if f"boardgames/{table}" not in shipped]
    assert missing == [], "these tables are not in the wheel"
    assert "boardgames/rules_data/__init__.py" in shipped and "boardgames/py.typed" in shipped
