"""Every benchmark runs once at its tiny size (``--quick``, benchmarks/quick.py) and ends well (issue 33, item 13:
serve_memory.py and serve_startup.py waited for a menu line the grown menu had pushed below the first screen, and
never finished). The figures of a quick run mean nothing; only that the benchmark still works is checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
#: scripts another benchmark starts (table_latency.py starts both), not benchmarks of their own
HELPERS = {"table_app.py", "table_load.py"}
SCRIPTS = sorted(path.name for path in BENCHMARKS.glob("*.py")
                 if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8") and path.name not in HELPERS)


def test_the_list_finds_the_benchmarks():
    assert {"serve_memory.py", "serve_startup.py", "screen_open.py", "key_storm.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_benchmark_runs_to_its_end_at_its_tiny_size(script, tmp_path):
    env = {name: value for name, value in os.environ.items() if not name.startswith("BOARDGAMES_")}
    env["BOARDGAMES_HOME"] = str(tmp_path / "home")
    # from a folder of its own: whatever a benchmark writes beside it (save_cost.py, history_write.py) goes there
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), "--quick"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{script} --quick failed:\n{done.stdout[-1500:]}\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"{script} --quick printed no figure"
