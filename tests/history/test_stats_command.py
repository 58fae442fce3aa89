"""``boardgames stats``: what it prints matches the saves; --json, --player, --game, --rebuild; faults in a line."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from boardgames.cli import main
from boardgames.core.record import Seat
from boardgames.core.saves import SaveStore
from boardgames.history.store import History, finished_game
from boardgames.home import default_history, default_home, default_serve_root

from .games import finished, play_out, saved


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saves():
    """Four finished games in the data folder's saves: three of Sintra (Ana, Bia), one of Blue Moon City."""
    store = SaveStore(default_home() / "saves")
    games = [saved("sintra", [Seat("Ana"), Seat("Bia")], seed, store) for seed in (3, 4, 5)]
    games.append(saved("bluemoon", [Seat("Ana"), Seat("Bot 2", "bot:greedy")], 6, store))
    return games


def test_the_first_stats_read_the_finished_saves_in(capsys, saves):
    assert not default_history().exists()
    code, out, _err = run(capsys, "stats")
    assert code == 0 and default_history().exists()
    assert "Azul: Stained Glass of Sintra" in out and "Blue Moon City" in out
    assert "greedy bot" in out
    last = out[out.index("Last games:"):].splitlines()[1:]
    assert len(last) == 4 and all(line.startswith("  ") for line in last)
    code, out, _err = run(capsys, "stats", "--json")
    newest = json.loads(out)["last"][0]  # the Blue Moon City game, played last
    result = saves[-1].state.result()
    assert newest["game"] == "bluemoon"
    pairs = [(seat["rank"], seat["score"]) for seat in newest["seats"]]
    assert sorted(pairs) == sorted(zip(result.ranks, result.scores)) and pairs[0][0] == 1  # first place first


def test_one_players_numbers_match_their_saves(capsys, saves):
    code, out, _err = run(capsys, "stats", "--player", "ANA", "--json")
    data = json.loads(out)
    results = [s.state.result() for s in saves]
    assert (data["name"], data["games"]) == ("Ana", 4)
    assert data["wins"] == sum(r.ranks[0] == 1 for r in results)
    sintra = next(g for g in data["per_game"] if g["game"] == "sintra")
    scores = [r.scores[0] for r in results[:3]]
    assert (sintra["games"], sintra["best"], sintra["average"]) == (3, max(scores), round(sum(scores) / 3, 2))
    assert sorted(line["save"] for line in data["last"]) == sorted(s.path.name for s in saves)
    first = data["per_game"][0]  # each figure rounded to 3 decimals on its own
    assert first["rating"] == pytest.approx(first["mu"] - 3 * first["sigma"], abs=0.003)


def test_text_shows_the_record_and_the_last_games(capsys, saves):
    code, out, _err = run(capsys, "stats", "--player", "bia", "--game", "sintra")
    assert code == 0
    assert out.startswith("Bia: 3 finished games, ")
    assert "Last games:" in out and out.count("against Ana") == 3
    assert "Blue Moon City" not in out


@pytest.mark.parametrize(("argv", "said"), [
    (("--player", "Zoe"), "No finished game has a player called Zoe."),
    (("--game", "chess"), "There is no game 'chess'"),
    (("--player", "Bia", "--game", "bluemoon"), "Bia has finished no game of this kind."),
])
def test_mistakes_are_one_line(capsys, saves, argv, said):
    code, out, err = run(capsys, "stats", *argv)
    assert code == 2 and said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_no_game_yet_says_so(capsys):
    code, out, _err = run(capsys, "stats")
    assert code == 0 and "No finished game yet" in out


def test_no_game_of_the_kind_asked_says_which(capsys, saves):
    code, out, _err = run(capsys, "stats", "--game", "lemuria")
    assert code == 0 and out.strip() == "No game of Lemuria has been finished yet."


def test_a_damaged_history_is_named_and_rebuild_mends_it(capsys, saves):
    path = default_history()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.urandom(4096))
    code, _out, err = run(capsys, "stats")
    assert code == 2 and "damaged; rebuild it from the saves with: boardgames stats --rebuild" in err
    code, out, _err = run(capsys, "stats", "--rebuild")
    assert code == 0 and "kept as history.sqlite3.damaged-" in out
    assert "made again from the saves: 4 finished games." in out
    code, out, _err = run(capsys, "stats", "--player", "ana", "--json")
    assert json.loads(out)["games"] == 4


def test_the_servers_history_counts_each_player_under_their_identity(capsys):
    root = default_serve_root()
    ana = SaveStore(root / "users" / "ana" / "saves")
    play_out("sintra", [Seat("ana"), Seat("Bob")], 3, ana)  # Bob sat at ana's keyboard: not the user bob
    code, out, _err = run(capsys, "stats", "--server", "--rebuild")
    assert code == 0 and "1 finished game." in out
    code, out, _err = run(capsys, "stats", "--server", "--json")
    keys = {p["player"] for p in json.loads(out)["players"]}
    assert keys == {"user:ana", "seat:user:ana/bob"}


def _damage_past_the_first_page(path):
    """Garbage over every page but the first (the header and the list of tables stay readable)."""
    page = 4096
    data = bytearray(path.read_bytes())
    assert len(data) > 8 * page
    data[page:] = os.urandom(len(data) - page)
    path.write_bytes(bytes(data))


def _fill(path, games):
    """``games`` games of no save (one game's moves, told apart by the time it began)."""
    base = finished_game(finished(seed=3), "", datetime(2026, 11, 1, tzinfo=UTC))
    with History.open(path) as history:
        history.add_many([replace(base, record=replace(base.record, created=f"2026-10-{n % 28 + 1:02}T{n % 24:02}:00"),
                                  ended=base.ended + timedelta(hours=n)) for n in range(games)])


def test_a_history_damaged_past_its_first_pages_is_refused_then_rebuilt(capsys, saves):
    path = default_history()
    path.parent.mkdir(parents=True, exist_ok=True)
    _fill(path, 40)
    _damage_past_the_first_page(path)
    code, out, err = run(capsys, "stats")  # never totals read from a damaged file
    assert code == 2 and out == "" and "damaged; rebuild it from the saves" in err
    code, out, err = run(capsys, "stats", "--rebuild")
    assert code == 0, err
    assert "The history was damaged, so its games could not be counted; it is kept as history.sqlite3.damaged-" in out
    assert "made again from the saves: 4 finished games." in out
    code, out, _err = run(capsys, "stats", "--player", "ana", "--json")
    assert code == 0 and json.loads(out)["games"] == 4


def test_a_rebuild_from_a_folder_that_is_not_there_is_refused_and_changes_nothing(capsys, saves):
    run(capsys, "stats")
    before = default_history().read_bytes()
    code, out, err = run(capsys, "--saves", str(default_home() / "typo"), "stats", "--rebuild")
    assert code == 2 and out == ""
    assert f"There is no folder of saves at {default_home() / 'typo'}; the history was left as it was." in err
    assert default_history().read_bytes() == before
    assert sorted(p.name for p in default_history().parent.glob("history.sqlite3*")) == ["history.sqlite3"]
    assert not (default_home() / "typo").exists()


def test_a_rebuild_keeps_the_history_it_replaces_and_says_both_counts(capsys, saves):
    run(capsys, "stats")
    empty = default_home() / "empty"
    empty.mkdir()
    code, out, _err = run(capsys, "--saves", str(empty), "stats", "--rebuild")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Before, the history held 4 finished games; it is kept as history.sqlite3.before-")
    assert lines[1] == "The history was made again from the saves: 0 finished games."
    kept = default_history().parent / lines[0].split(" kept as ")[1].split(" ")[0]
    with History.open(kept) as copy:
        assert copy.count() == 4 and copy.player_stats("ana").games == 4
    code, out, _err = run(capsys, "stats", "--rebuild")  # from the right folder again: every game is back
    assert code == 0 and out.splitlines() == ["Before, the history held no game.",
                                              "The history was made again from the saves: 4 finished games."]


def test_an_emptied_history_is_a_first_start_and_reads_the_saves_in(capsys, saves):
    path = default_history()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"")  # emptied: by a full disk, by hand
    code, out, _err = run(capsys, "stats", "--player", "ana", "--json")
    assert code == 0 and json.loads(out)["games"] == 4
