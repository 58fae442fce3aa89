"""The golden playthrough: a seeded bot game of Sintra written out as text.

Any change of the rules, the tables, the bots or the random generator shows up as a
diff of golden/sintra_3p_seed7.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/games/sintra/test_golden.py

or ``python -m tests.games.sintra.golden_game`` from the checkout's top.
"""

from __future__ import annotations

from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.games.sintra.game import SINTRA
from tests.golden import SeenViews

GOLDEN = Path(__file__).parent / "golden" / "sintra_3p_seed7.txt"
SEED = 7
SIDE = "A"
SEATS = (("Ana", "greedy"), ("Bruno", "random"), ("Carla", "greedy"))


def playthrough(seed: int = SEED, side: str = SIDE, seats=SEATS) -> str:
    names = [name for name, _ in seats]
    state = SINTRA.new_state(names, {"side": side}, seed)
    bots = [make_bot(kind, SINTRA, seed) for _, kind in seats]
    lines = [
        f"# {SINTRA.title} - golden playthrough, rules version {SINTRA.rules_version}",
        f"# {len(seats)} players, side {side}, seed {seed}; bots seeded with the game seed, ply = moves so far",
        "# seats: " + ", ".join(f"{name} ({kind})" for name, kind in seats),
        "# regenerate: UPDATE_GOLDEN=1 python -m pytest tests/games/sintra/test_golden.py",
        "# after each move: what changed in each seat's view (and the public one), 'all' when in every view",
    ]
    views = SeenViews(state, names)
    lines += views.start()
    ply, shown_round = 0, 0
    while not state.is_over:
        if state.round != shown_round:
            shown_round = state.round
            colour = state.rules.colours[state.indicator[0]].id
            factories = " | ".join(
                " ".join(state.rules.colours[c].letter * n for c, n in enumerate(f) if n) or "-"
                for f in state.factories
            )
            lines.append(f"== round {state.round}, colour {colour}, starts {names[state.current]}: {factories}")
        seat = state.current
        action = bots[seat].choose(state, ply)
        state.apply(action)
        state.check_invariants()
        ply += 1
        lines.append(f"{ply:4} {names[seat]}: {action}")
        lines += views.after_move(state)
    result = state.result()
    lines.append("== final")
    for seat, name in enumerate(names):
        parts = ", ".join(f"{key} {value}" for key, value in result.breakdown[seat].items())
        lines.append(f"{name}: {result.scores[seat]} ({parts})")
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
