"""The golden playthrough: a seeded bot game of Blue Moon City with the expansion, written out as text.

Any change of the rules, the tables, the bots or the random generator shows up as a
diff of golden/bluemoon_3p_expansion_seed5.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/games/bluemoon/test_golden.py

or ``python -m tests.games.bluemoon.golden_game`` from the checkout's top.
"""

from __future__ import annotations

from pathlib import Path

from boardgames.core import cards as deck_ops
from boardgames.core.bots import make_bot
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import GRID, NO_TILE
from tests.golden import SeenViews
from tests.loglines import logged_line

GOLDEN = Path(__file__).parent / "golden" / "bluemoon_3p_expansion_seed5.txt"
SEED = 5
OPTIONS = {"expansion": "true", "setup": "standard"}
SEATS = (("Ana", "greedy"), ("Bruno", "random"), ("Carla", "greedy"))
MAX_PLIES = BLUEMOON.max_moves  # a guard: the test fails instead of hanging if the bots never finish


def city(state) -> list[str]:
    """The city, one line a row: each cell's building id (or the courtyard, or '-')."""
    lines = []
    for row in range(GRID.height):
        cells = []
        for col in range(GRID.width):
            b = state.grid[row * GRID.width + col]
            cells.append("-" if b == NO_TILE else state.rules.courtyard.id if b < 0 else state.rules.buildings[b].id)
        lines.append("   " + " ".join(f"{name:16}" for name in cells).rstrip())
    return lines


def playthrough(seed: int = SEED, options=OPTIONS, seats=SEATS) -> str:
    names = [name for name, _ in seats]
    state = BLUEMOON.new_state(names, dict(options), seed)
    bots = [make_bot(kind, BLUEMOON, seed) for _, kind in seats]
    lines = [
        f"# {BLUEMOON.title} - golden playthrough, rules version {BLUEMOON.rules_version}",
        f"# {len(seats)} players, options {options}, seed {seed}; bots seeded with the game seed",
        "# seats: " + ", ".join(f"{name} ({kind})" for name, kind in seats),
        "# regenerate: UPDATE_GOLDEN=1 python -m pytest tests/games/bluemoon/test_golden.py",
        "== city",
        *city(state),
        "== hands: " + "; ".join(f"{name} {' '.join(deck_ops.listing(state.players[s].hand))}"
                                 for s, name in enumerate(names)),
        "# after each move: its public log line, what a seat reads instead ('reads:'), then what changed in",
        "# each seat's view (and the public one), 'all' when in every view",
    ]
    views = SeenViews(state, names)
    lines += views.start()
    ply, shown_turn = 0, -1
    while not state.is_over:
        assert ply < MAX_PLIES, "the bots did not finish the game"
        seat = state.current
        if state.turn != shown_turn:
            shown_turn = state.turn
            lines.append(f"== turn {state.turn + 1}: {names[seat]}")
        action = bots[seat].choose(state, ply)
        line = logged_line(state, action)
        state.check_invariants()
        ply += 1
        lines.append(f"{ply:5} {line.public}")
        lines += [f"        {names[s]} reads: {text}" for s, text in sorted(line.private.items())]
        lines += views.after_move(state)
    result = state.result()
    lines.append("== final")
    for seat, name in enumerate(names):
        p = state.players[seat]
        lines.append(f"{name}: {result.scores[seat]} offerings, {p.crystals} crystals, {p.scales} scales, "
                     f"{state.markers_left(seat)} markers left")
    lines.append("obelisk: " + " ".join(names[s] for s in state.obelisk))
    lines.append("ranks: " + ", ".join(f"{name} {rank}" for name, rank in zip(names, result.ranks)))
    lines.append(f"tiebreak: {result.tiebreak or '-'}")
    lines.extend(f"note: {note}" for note in result.notes)
    return "\n".join(lines) + "\n"


def write() -> Path:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(playthrough(), encoding="utf-8")
    return GOLDEN


if __name__ == "__main__":
    print(f"wrote {write()}")
