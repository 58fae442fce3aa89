"""Every package of the source tree ships in the wheel: pyproject.toml lists packages one by one."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_is_listed_in_pyproject():
    listed = set(re.findall(r'^\s+"(boardgames[\w.]*)",?$', (ROOT / "pyproject.toml").read_text(), re.M))
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "boardgames").rglob("__init__.py")}
    assert found - listed == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"


def test_the_package_is_marked_typed():
    """PEP 561: py.typed beside the package's __init__ and in its package-data, so the wheel carries it (CI's
    plain install checks the installed package has it)."""
    assert (ROOT / "boardgames" / "py.typed").is_file()
    package_data = (ROOT / "pyproject.toml").read_text().split("[tool.setuptools.package-data]")[1].split("\n[")[0]
    assert re.search(r'^"boardgames" = \[.*"py\.typed".*\]$', package_data, re.M), package_data
