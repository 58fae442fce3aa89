"""The golden playthrough: a seeded random-bot game of Lemuria, 4 players with the Impact cards, as text.

Any change of the rules, the tables or the random generator shows up as a diff of
golden/lemuria_4p_impact_seed3.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/games/lemuria/test_golden.py

Random bots play it (the greedy bot's evaluation may change without the rules changing).
"""

from __future__ import annotations

from pathlib import Path

from boardgames.core.bots import make_bot
from boardgames.games.lemuria.game import LEMURIA
from tests.golden import SeenViews
from tests.loglines import logged_line

GOLDEN = Path(__file__).parent / "golden" / "lemuria_4p_impact_seed3.txt"
SEED = 3
OPTIONS = {"impact": "true"}
NAMES = ("Ana", "Bruno", "Carla", "Davi")


def playthrough(seed: int = SEED) -> str:
    names = list(NAMES)
    state = LEMURIA.new_state(names, dict(OPTIONS), seed)
    bots = [make_bot("random", LEMURIA, seed + seat) for seat in range(len(names))]
    lines = [
        f"# {LEMURIA.title} - golden playthrough, rules version {LEMURIA.rules_version}",
        f"# {len(names)} players, options {OPTIONS}, seed {seed}; random bots seeded with the seed plus the seat",
        "# regenerate: UPDATE_GOLDEN=1 python -m pytest tests/games/lemuria/test_golden.py",
        "== hands: " + "; ".join(f"{name} {' '.join(state.players[s].hand)}" for s, name in enumerate(names)),
        "== trend: " + " ".join(str(card) for card in state.trend.slots),
        "# after each move: its public log line, what a seat reads instead ('reads:'), then what changed in",
        "# each seat's view (and the public one), 'all' when in every view",
    ]
    views = SeenViews(state, names)
    lines += views.start()
    ply, shown_turn = 0, -1
    while not state.is_over:
        assert ply < LEMURIA.max_moves, "the bots did not finish the game"
        seat = state.current
        if state.turn != shown_turn:
            shown_turn = state.turn
            lines.append(f"== month {state.round}, turn {state.turn + 1}: {names[seat]}")
        action = bots[seat].choose(state, ply)
        line = logged_line(state, action)
        state.check_invariants()
        ply += 1
        lines.append(f"{ply:5} {action}: {line.public}")
        lines += [f"        {names[s]} reads: {text}" for s, text in sorted(line.private.items())]
        lines += views.after_move(state)
    result = state.result()
    lines.append("== final")
    for seat, name in enumerate(names):
        lines.append(f"{name}: {result.scores[seat]} VP " + str(result.breakdown[seat]))
    lines.append("ranks: " + ", ".join(f"{name} {rank}" for name, rank in zip(names, result.ranks)))
    lines.append(f"tiebreak: {result.tiebreak or '-'}")
    return "\n".join(lines) + "\n"


def write() -> Path:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(playthrough(), encoding="utf-8")
    return GOLDEN


if __name__ == "__main__":
    print(f"wrote {write()}")
