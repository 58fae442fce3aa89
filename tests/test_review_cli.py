"""``boardgames review FILE [--json] [--iterations N]``: the review as text and as data, progress on standard
error, and a clear sentence with exit 2 for a file that cannot be reviewed."""

from __future__ import annotations

import json

import pytest

from boardgames.cli import main
from boardgames.core import review as core_review
from boardgames.core.record import Seat, save_record
from boardgames.core.review import review_record
from tests.review_records import GOLDEN_GAME, golden_record, played

ITERATIONS = "6"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_has_a_line_per_human_move_then_each_players_counts_and_costliest_moves(capsys):
    code, out, err = run(capsys, "review", str(GOLDEN_GAME), "--iterations", ITERATIONS)
    assert code == 0
    review = review_record(golden_record(), int(ITERATIONS))
    lines = out.splitlines()
    assert lines[0] == ("Review of Azul: Stained Glass of Sintra (Ana, Bot): 6 iterations of the search for each "
                        "decision.")
    move_lines = [line for line in lines if line.startswith("Move ")]
    assert len(move_lines) == len(review.moves)
    for line, move in zip(move_lines, review.moves):
        assert line.startswith(f"Move {move.number}, Ana: {move.played_label}. ")
        if move.better:
            assert f"of the win chance lost; better: {move.best_label} (" in line
        else:
            assert "better:" not in line
    worst = review.costliest(0)[0]
    assert f"{worst.grade.capitalize()}: {100 * worst.loss:.1f}% of the win chance lost" in out
    counts = review.counts(0)
    assert (f"Ana: best {counts['best']}, excellent {counts['excellent']}, good {counts['good']}, inaccuracy "
            f"{counts['inaccuracy']}, mistake {counts['mistake']}, blunder {counts['blunder']}.") in lines
    at = lines.index("Ana's costliest moves:")
    assert [line.strip() for line in lines[at + 1: at + 4]] == [
        f"Move {m.number}: {m.played_label} ({m.grade}, {100 * m.loss:.1f}% lost; better: {m.best_label})."
        for m in review.costliest(0)]
    assert not any(line.startswith("Move ") and ", Bot:" in line for line in lines)  # the bot is not reviewed
    assert f"Reviewing: {len(review.moves)} of {len(review.moves)} decisions." in err  # progress on stderr only
    assert "Reviewing" not in out


def test_json_is_the_same_review_as_data(capsys):
    code, out, _ = run(capsys, "review", str(GOLDEN_GAME), "--json", "--iterations", ITERATIONS)
    assert code == 0
    data = json.loads(out)
    assert data == review_record(golden_record(), int(ITERATIONS)).to_json()
    assert data["summary"][0]["name"] == "Ana" and data["players"][1] == {"seat": 1, "name": "Bot", "human": False}


def test_a_game_of_bots_alone_says_there_is_nothing_to_review(capsys, tmp_path):
    path = tmp_path / "bots.json"
    save_record(played("sintra", [Seat("B1", "bot:random"), Seat("B2", "bot:random")], seed=2), path)
    code, out, _ = run(capsys, "review", str(path), "--iterations", "2")
    assert code == 0
    assert out.splitlines()[-1] == "Every seat of this game was played by a bot, so there is no human move to review."
    code, out, _ = run(capsys, "review", str(path), "--json", "--iterations", "2")
    assert code == 0 and json.loads(out)["moves"] == [] and "bot" in json.loads(out)["note"]


@pytest.mark.parametrize(("content", "message"), [
    ("{oops", "is damaged"),
    ('{"format": "boardgames-record", "format_version": 1}', "has no 'game'"),
    ("", "is damaged"),
])
def test_a_corrupt_file_is_one_sentence_and_exit_2(capsys, tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, out, err = run(capsys, "review", str(bad))
    assert code == 2 and out == ""
    assert err.startswith("boardgames: bad.json: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_missing_unfinished_or_illegal_game_and_a_bad_budget_are_refused(capsys, tmp_path):
    code, _, err = run(capsys, "review", str(tmp_path / "nothing.json"))
    assert code == 2 and "There is no save file with this name." in err
    unfinished = tmp_path / "unfinished.json"
    save_record(played("sintra", [Seat("Ana"), Seat("Bot", "bot:greedy")], seed=2, stop_before=3), unfinished)
    code, _, err = run(capsys, "review", str(unfinished))
    assert code == 2 and "unfinished.json: This game is not finished" in err
    illegal = tmp_path / "illegal.json"
    record = golden_record()
    record.actions[0] = "place 9"
    save_record(record, illegal)
    code, _, err = run(capsys, "review", str(illegal), "--iterations", "1")
    assert code == 2 and "move 1 ('place 9')" in err and "Traceback" not in err
    for budget in ("0", "100001"):
        code, _, err = run(capsys, "review", str(GOLDEN_GAME), "--iterations", budget)
        assert code == 2 and "--iterations is a whole number from 1 to 100,000" in err
    code, _, err = run(capsys, "review", str(GOLDEN_GAME), "--iterations", "many")
    assert code == 2 and "invalid int value" in err


@pytest.fixture(scope="module")
def two_humans_at_one_keyboard(tmp_path_factory):
    """A finished Blue Moon City game of Ana and Bia at one keyboard (their hands are secrets)."""
    path = tmp_path_factory.mktemp("hotseat") / "bluemoon.json"
    save_record(played("bluemoon", [Seat("Ana"), Seat("Bia")], seed=11), path)  # 450 moves (seed 5: 792)
    return path


def test_a_hot_seat_game_with_secrets_is_refused_without_seat_in_one_sentence(capsys, two_humans_at_one_keyboard):
    """Guards issue 33 item 22: the review printed every human's moves, so each read the cards the other held."""
    code, out, err = run(capsys, "review", str(two_humans_at_one_keyboard), "--iterations", "1")
    assert code == 2 and out == ""
    assert err.strip() == ("boardgames: bluemoon.json: several people played this game at one keyboard and a "
                           "review shows the cards its player held, so name whose moves to review with --seat NAME "
                           "(Ana, Bia).")
    code, out, err = run(capsys, "review", str(two_humans_at_one_keyboard), "--seat", "Cy")
    assert code == 2 and out == ""
    assert err.strip() == "boardgames: bluemoon.json: no seat of this game is called Cy; its seats are Ana, Bia."


def test_seat_reviews_only_that_players_moves(capsys, monkeypatch, two_humans_at_one_keyboard):
    made = []

    def kept(*args, **kwargs):  # the review the command makes, kept to compare its text with (not made twice)
        made.append((kwargs.get("seats"), review_record(*args, **kwargs)))
        return made[-1][1]

    monkeypatch.setattr(core_review, "review_record", kept)
    code, out, _ = run(capsys, "review", str(two_humans_at_one_keyboard), "--seat", "bia", "--iterations", "1")
    assert code == 0
    moves = [line for line in out.splitlines() if line.startswith("Move ")]
    [(seats, review)] = made
    assert seats == [1] and review.humans == [1] and moves and len(moves) == len(review.moves)
    assert all(line.startswith(f"Move {move.number}, Bia: ") for line, move in zip(moves, review.moves))
    assert "Ana:" not in out and "Ana's" not in out  # neither her counts nor her costliest moves
