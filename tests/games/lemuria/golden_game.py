"""The golden playthrough: a seeded random-bot game of Lemuria, 4 players with the Impact cards, as text.

Any change of the rules, the tables or the random generator shows up as a diff of
golden/lemuria_4p_impact_seed3.txt in review. Regenerate it on purpose with

    UPDATE_GOLDEN=1 python -m pytest tests/test_every_game.py -k lemuria

Random bots play it (the greedy bot's evaluation may change without the rules changing).
"""

from __future__ import annotations

from pathlib import Path

from boardgames.games.lemuria.game import LEMURIA
from tests.golden import golden_writer, playthrough_text

GOLDEN = Path(__file__).parent / "golden" / "lemuria_4p_impact_seed3.txt"
SEED = 3
OPTIONS = {"impact": "true"}
NAMES = ("Ana", "Bruno", "Carla", "Davi")


def setup(state, names: list[str]) -> list[str]:
    return [
        "== hands: " + "; ".join(f"{name} {' '.join(state.players[s].hand)}" for s, name in enumerate(names)),
        "== trend: " + " ".join(str(card) for card in state.trend.slots),
    ]


def final(state, result, names: list[str]) -> list[str]:
    return [f"{name}: {result.scores[seat]} VP {result.breakdown[seat]}" for seat, name in enumerate(names)]


def playthrough(seed: int = SEED, moves: int | None = None) -> str:
    return playthrough_text(
        LEMURIA, [(name, "random") for name in NAMES], OPTIONS, seed,
        about=[f"# {len(NAMES)} players, options {OPTIONS}, seed {seed}; "
               "random bots seeded with the seed plus the seat"],
        regenerate="tests/games/lemuria/test_golden.py",
        setup=setup,
        turn_key=lambda state: state.turn,
        turn_line=lambda state, names: f"== month {state.round}, turn {state.turn + 1}: {names[state.current]}",
        final=final,
        bot_seed=lambda seed, seat: seed + seat,
        moves=moves,
    )


write = golden_writer(GOLDEN, playthrough)

if __name__ == "__main__":
    print(f"wrote {write()}")
