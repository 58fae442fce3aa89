"""The review after the game (core/review.py): grades at their edges, a golden review of a seeded Sintra game,
determinism, progress and stop, what cannot be reviewed, and no card hidden from a seat named in its review."""

from __future__ import annotations

import json
import re

import pytest

from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.review import (
    GRADES,
    ReviewError,
    grade,
    loss_between,
    replay_positions,
    review_record,
)
from boardgames.core.search import Stopped
from tests.golden import check_golden, golden_writer
from tests.review_records import GOLDEN, golden_record, played

#: the golden review's budget: small, so the test takes about a second
GOLDEN_ITERATIONS = 12
GOLDEN_REVIEW = GOLDEN / "sintra_review.json"


@pytest.mark.parametrize(("loss", "expected"), [
    (0.0, "best"), (0.0001, "excellent"), (0.02, "excellent"), (0.0201, "good"), (0.05, "good"),
    (0.0501, "inaccuracy"), (0.10, "inaccuracy"), (0.1001, "mistake"), (0.20, "mistake"), (0.2001, "blunder"),
    (1.0, "blunder"),
])
def test_grades_follow_the_chess_thresholds_at_their_edges(loss, expected):
    assert grade(loss) == expected


def test_a_loss_reads_as_its_decimals_and_is_never_below_zero():
    """0.55 - 0.53 is 0.020000000000000018 in floating point: it must still be excellent, not good."""
    assert loss_between(0.55, 0.53) == 0.02 and grade(loss_between(0.55, 0.53)) == "excellent"
    assert loss_between(0.60, 0.55) == 0.05 and grade(loss_between(0.60, 0.55)) == "good"
    assert loss_between(0.3, 0.5) == 0.0 and grade(loss_between(0.3, 0.5)) == "best"


def _golden_text() -> str:
    review = review_record(golden_record(), GOLDEN_ITERATIONS)
    return json.dumps(review.to_json(), ensure_ascii=False, indent=1) + "\n"


def test_golden_review_of_a_seeded_sintra_game():
    check_golden(GOLDEN_REVIEW, _golden_text, golden_writer(GOLDEN_REVIEW, _golden_text))


def test_the_golden_review_is_whole_and_consistent():
    """What the golden file pins makes sense: Ana's decisions with a choice, and only hers, each graded by its
    loss; a chance per seat for every position; the summary counts the moves."""
    record = golden_record()
    data = json.loads(GOLDEN_REVIEW.read_text(encoding="utf-8"))
    _, decisions = replay_positions(record)
    assert [m["move"] for m in data["moves"]] == [d.number for d in decisions if d.reviewed]
    assert all(d.seat == 0 for d in decisions if d.reviewed) and len(data["moves"]) > 40
    for move in data["moves"]:
        assert move["seat"] == 0 and move["grade"] == grade(move["loss"])
        assert move["loss"] == loss_between(move["chance_best"], move["chance_played"])
        assert (move["best"] == move["played"]) == (move["loss"] == 0)
    assert len(data["chances"]) == len(record.actions) + 1
    assert data["chances"][-1] == [0.0, 1.0]  # the greedy bot won: the result, not a guess
    assert all(abs(sum(row) - 1) < 1e-3 and min(row) >= 0 for row in data["chances"])
    counts = data["summary"][0]["counts"]
    assert list(counts) == list(GRADES) and sum(counts.values()) == len(data["moves"])
    assert any(m["grade"] != "best" for m in data["moves"])  # random moves cost something


def test_a_review_is_deterministic_and_reports_its_progress():
    record = golden_record()
    seen: list[tuple[int, int]] = []
    first = review_record(record, 4, progress=lambda done, total: seen.append((done, total)))
    again = review_record(record, 4)
    assert first.to_json() == again.to_json()
    total = len(first.moves)
    assert seen == [(done, total) for done in range(total + 1)]
    costly = first.costliest(0)
    assert costly == sorted(costly, key=lambda m: (-m.loss, m.number)) and len(costly) <= 3
    assert all(m.loss > 0 for m in costly)


def test_stop_ends_the_review():
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 30

    with pytest.raises(Stopped):
        review_record(golden_record(), 10, stop=stop)


def test_a_game_of_bots_alone_has_nothing_to_review():
    record = played("sintra", [Seat("Bot 1", "bot:greedy"), Seat("Bot 2", "bot:random")], seed=4)
    review = review_record(record, 2)
    assert review.moves == [] and review.humans == []
    assert review.note == "Every seat of this game was played by a bot, so there is no human move to review."
    assert len(review.chances) == len(record.actions) + 1


def test_an_unfinished_or_damaged_game_is_refused_in_a_sentence():
    unfinished = played("sintra", [Seat("Ana"), Seat("Bot", "bot:greedy")], seed=4, stop_before=5)
    with pytest.raises(ReviewError, match="not finished"):
        review_record(unfinished, 2)
    damaged = golden_record()
    damaged.actions[3] = "take 9 purple"
    with pytest.raises(ReviewError, match=r"move 4 \('take 9 purple'\)"):
        review_record(damaged, 2)
    damaged.actions[3] = "@7 take 1 green"  # a seat the game does not have
    with pytest.raises(ReviewError, match=r"move 4 \('@7 take 1 green'\) cannot be replayed"):
        review_record(damaged, 2)
    with pytest.raises(ReviewError, match="from 1 to"):
        review_record(golden_record(), 0)


def test_a_review_never_names_a_card_hidden_from_the_seat():
    """Lemuria's citizen cards: a card that a seat could not see when it decided (another hand, the deck) is
    named neither in the move played nor in the better move its review gives."""
    lemuria = get_game("lemuria")
    citizens = lemuria.load_rules().citizens  # type: ignore[attr-defined]
    record = played("lemuria", [Seat("Ana"), Seat("Bot 1", "bot:random"), Seat("Bot 2", "bot:random")], seed=6)
    review = review_record(record, 2)
    _, decisions = replay_positions(record)
    before = {d.number: d for d in decisions}
    checked = 0
    for move in review.moves:
        decision = before[move.number]
        seen = json.dumps(decision.state.view(move.seat))
        hidden = [c for c in citizens if f'"{c.id}"' not in seen and c.name not in seen]
        hands = [p.hand for p in decision.state.players]  # type: ignore[attr-defined]
        assert any(c.id in hand for c in hidden for hand in hands), "no card was hidden at this move"
        for card in hidden:
            for label in (move.played_label, move.best_label):
                assert not re.search(rf"\b{re.escape(card.name)}\b", label), (move, card.name)
        checked += 1
    assert checked > 20


def test_a_review_of_some_seats_judges_only_theirs():
    record = played("sintra", [Seat("Ana"), Seat("Bia"), Seat("Bot", "bot:greedy")], seed=8)
    both = review_record(record, 2)
    assert both.humans == [0, 1] and {m.seat for m in both.moves} == {0, 1}
    bia = review_record(record, 2, seats=[1, 2])
    assert bia.humans == [1] and bia.moves == [m for m in both.moves if m.seat == 1]
    assert [s["name"] for s in bia.to_json()["summary"]] == ["Bia"]
    nobody = review_record(record, 2, seats=[2])
    assert nobody.moves == [] and nobody.note.startswith("None of the seats asked for was played by a person")


def test_each_decisions_search_runs_through_the_analyser_given():
    """The app runs each search under a server's slots: the hook is called once a decision, with the move
    played as the focus and the same budget, and its answers make the review."""
    calls = []

    def analyser(search, state, seat, **budget):
        calls.append((seat, str(budget["focus"]), budget["iterations"]))
        return search.analyse(state, seat, **budget)

    record = golden_record()
    review = review_record(record, 3, analyser=analyser)
    assert review.to_json() == review_record(record, 3).to_json()
    assert calls == [(0, m.played, 3) for m in review.moves]
