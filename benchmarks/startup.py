"""Start-up time to the first interactive menu frame, against a bare Textual app.

Each sample is a fresh Python process that imports everything, starts the app
headless at 80x24 and exits as soon as the app is ready for input (Textual's
auto-pilot hook runs after the first screen is mounted and painted). The two
apps are measured alternately in one run so machine noise hits both alike.

    python benchmarks/startup.py [--samples N] [--no-warm-up]

Target: menu / bare ratio of 1.5 or less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from quick import quick_args
from spread import load_average, paired_ratios, quartiles

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def ready(pilot):
    pilot.app.exit()

Bare().run(headless=True, size=(80, 24), auto_pilot=ready)
"""

MENU = """
from boardgames.tui.app import BoardgamesApp

async def ready(pilot):
    pilot.app.exit()

BoardgamesApp().run(headless=True, size=(80, 24), auto_pilot=ready)
"""


def sample(code: str, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--no-warm-up", dest="warm_up", action="store_false",
                        help="measure from the first start, the file cache and bytecode cold")
    args = quick_args(parser, samples=1, warm_up=False)
    env = dict(os.environ, BOARDGAMES_HOME=tempfile.mkdtemp(prefix="bg-bench-"))
    if args.warm_up:
        sample(BARE, env), sample(MENU, env)  # warm the file cache and bytecode
    load_before = load_average()
    bare, menu = [], []
    for _ in range(args.samples):
        bare.append(sample(BARE, env))
        menu.append(sample(MENU, env))
    b, m = statistics.median(bare), statistics.median(menu)
    print(f"bare Textual app: median {b * 1000:.0f} ms over {args.samples} starts")
    print(f"boardgames menu:  median {m * 1000:.0f} ms over {args.samples} starts")
    low, high = quartiles(paired_ratios(menu, bare))
    print(f"ratio menu/bare: {m / b:.2f} (target 1.5 or less); each start against the bare one beside it: "
          f"middle half {low:.2f} to {high:.2f}")
    print(f"load average {load_before:.2f} before, {load_average():.2f} after")


if __name__ == "__main__":
    main()
