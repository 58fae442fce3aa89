"""Where saves go when the command line does not say: BOARDGAMES_HOME, else the per-user data folder.

The only place that reads the environment for saves; core is given a SaveStore.
"""

from __future__ import annotations

import os
from pathlib import Path

from boardgames.core.saves import SaveStore


def default_home() -> Path:
    override = os.environ.get("BOARDGAMES_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames", appauthor=False))


def default_store() -> SaveStore:
    return SaveStore(default_home() / "saves")
