"""The one thing pyproject.toml cannot say: the package ``boardgames.rules_data`` lives in the top-level folder
rules_data/ (the design card's layout), not under boardgames/.

``package_dir`` maps it for the wheel and for an editable install alike (there through setuptools' import finder).
The package list is made here too: a ``package-dir`` table in pyproject.toml beside ``packages.find`` finds no
``boardgames/rules_data`` folder and silently ships no tables. tests/test_packaging.py builds the wheel and checks
it holds every table.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["boardgames", "boardgames.*"]), "boardgames.rules_data"],
    package_dir={"boardgames.rules_data": "rules_data"},
)
