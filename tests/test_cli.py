import shutil

import pytest

from boardgames import __version__
from boardgames.cli import main
from boardgames.core.data import data_dir
from boardgames.home import default_store


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_list(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "sintra" in out and "2-4 players" in out


def test_selfplay_prints_results_then_speed(capsys):
    code, out, _ = run(capsys, "selfplay", "sintra", "-n", "3", "--seed", "5", "--players", "3",
                       "--bots", "random,greedy", "--option", "side=B")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("Game 1 (seed 5)")
    assert "Options: side=B" in out and "greedy" in out and "{" not in out
    assert lines[-1].startswith("games per second:")


def test_check_data_ok(capsys):
    code, out, _ = run(capsys, "check-data")
    assert code == 0 and "sintra: ok" in out


def test_check_data_reports_a_broken_table(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "sintra"
    shutil.copytree(data_dir("sintra"), folder)
    text = (folder / "components.yaml").read_text().replace("rounds: 6", "rounds: 6\nsurprise: 1")
    (folder / "components.yaml").write_text(text)
    monkeypatch.setattr("boardgames.games.sintra.data.data_dir", lambda game_id: folder)
    code, _, err = run(capsys, "check-data")
    assert code == 1
    assert "components.yaml" in err and "surprise" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess", "--players", "a,b"], "Unknown game 'chess'"),
        (["play", "xadrez"], "Unknown game 'xadrez'"),  # before "--players is required"
        (["selfplay", "xadrez", "--players", "lots"], "Unknown game 'xadrez'"),
        (["play", "sintra", "--players", "Ana"], "2 to 4 players"),
        (["play", "sintra", "--players", "a,b,c,d,e"], "2 to 4 players"),
        (["play", "sintra", "--players", "Ana,,Bia"], "empty name"),
        (["play", "sintra", "--players", "Ana,Ana"], "same name"),
        (["play", "sintra", "--players", "Ana,bot:genius"], "Unknown bot 'genius'"),
        (["play", "sintra", "--players", "Ana,Bia", "--option", "side=C"], "takes one of: A, B"),
        (["play", "sintra", "--players", "Ana,Bia", "--option", "colour=red"], "has no option 'colour'"),
        (["play", "sintra", "--players", "Ana,Bia", "--option", "side"], "key=value"),
        (["selfplay", "sintra", "--players", "5"], "not 5"),
        (["selfplay", "sintra", "--bots", "smart"], "Unknown bot 'smart'"),
        (["selfplay", "sintra", "--bots", "search:0,greedy"], "from 1 to 1,000,000"),
        (["play", "sintra", "--players", "Ana,bot:search:lots"], "not 'lots'"),
        (["serve", "--bot-cores", "0"], "--bot-cores is a whole number from 1"),
        (["replay", "/no/such/file.json"], "no save file"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_replay_refuses_a_corrupt_file(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "damaged" in err


# -- issue 7 --------------------------------------------------------------------------------------
def test_list_shows_player_counts_and_every_option_within_80_columns(capsys):
    """Guards: `boardgames list` printed no options and 127-130 character lines."""
    from boardgames.core.registry import all_games

    code, out, _ = run(capsys, "list")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    flat = " ".join(out.split())
    for game in all_games():
        assert f"{game.id}: {game.title}, {game.min_players}-{game.max_players} players" in flat
        for option in game.options:
                default = option.text(option.default)
                assert f"--option {option.key}={' or '.join(option.texts)} (default {default})" in flat


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("A,a", "same name"),
        ("Ana,ANA=bot:greedy", "same name"),
        ("\x1b[31mAna,Bia", "control characters"),
        ("Ana,B\tia", "control characters"),
        ("Ana, =bot:random,Bia", None),  # an empty bot name falls back to "Bot 2"
    ],
)
def test_player_names_are_checked_like_the_setup_screen(capsys, monkeypatch, players, message):
    """Guards: `--players "A,a"` and names with control characters were accepted."""
    started = []
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: started.append(kw) or 0)
    code, _, err = run(capsys, "play", "sintra", "--players", players)
    if message is None:
        assert code == 0 and [s.name for s in started[0]["session"].record.seats] == ["Ana", "Bot 2", "Bia"]
        return
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not started


def test_markup_in_names_is_accepted_as_plain_text(capsys, monkeypatch):
    """`--players '[/],Bia'` is accepted and kept as typed (tests/tui/test_menu_saves.py guards the crash)."""
    started = []
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: started.append(kw) or 0)
    code, _, err = run(capsys, "play", "sintra", "--players", "[/],Bia")
    assert code == 0, err
    assert [s.name for s in started[0]["session"].record.seats] == ["[/]", "Bia"]


def test_default_bot_name_does_not_repeat_the_kind():
    """Guards: "Bot 2 (greedy) (bot, greedy)" on the results: the name no longer carries the kind."""
    from boardgames.cli import parse_players
    from boardgames.core.registry import get_game
    from boardgames.tui.screens.gameover import seat_label

    seats = parse_players("Ana,bot:greedy", get_game("sintra"))
    assert seats[1].name == "Bot 2"
    assert seat_label(seats[1]).count("greedy") == 1


def test_play_with_an_unwritable_saves_folder_is_one_line(capsys, monkeypatch, tmp_path):
    """Guards: a read-only saves folder gave a PermissionError traceback from `play`."""
    home = tmp_path / "ro-home"
    home.mkdir()
    (home / "saves").write_text("a file where the folder should be")
    monkeypatch.setenv("BOARDGAMES_HOME", str(home))
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: pytest.fail("the game must not start"))
    code, _, err = run(capsys, "play", "sintra", "--players", "Ana,Bia")
    assert code == 2 and "cannot be saved" in err
    assert len(err.strip().splitlines()) == 1 and str(home) not in err


def test_play_refuses_a_seed_out_of_range(capsys, monkeypatch):
    """Guards: a negative seed was saved, and the save then refused as damaged."""
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: pytest.fail("the game must not start"))
    code, _, err = run(capsys, "play", "sintra", "--players", "Ana,Bia", "--seed", "-1")
    assert code == 2 and "seed" in err


def test_play_draws_a_secret_seed_unless_given_one(capsys, monkeypatch):
    """Guards issue 33 item 1: without --seed a game was dealt from a seed below a million, which a seat could
    find from its first screen and then read every hand; --seed stays for tests and bots."""
    started = []
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: started.append(kw) or 0)
    assert run(capsys, "play", "lemuria", "--players", "Ana,Bia,Cy")[0] == 0
    assert run(capsys, "play", "lemuria", "--players", "Ana,Bia,Cy", "--seed", "5")[0] == 0
    assert started[0]["session"].record.seed >= 2**32 and started[1]["session"].record.seed == 5


def test_a_new_game_leaves_no_save_until_a_move_is_made(capsys, monkeypatch):
    """Guards: `play` wrote a save at once, so quitting before any move left a save behind."""

    started = []
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: started.append(kw) or 0)
    assert run(capsys, "play", "sintra", "--players", "Ana,Bia")[0] == 0
    assert not list(default_store().folder.glob("*.json"))
    session = started[0]["session"]
    session.apply(session.state.legal_actions()[0])
    assert session.path.exists()


DAMAGED = {
    "deep": "[" * 1000 + "]" * 1000,
    "huge seed": '{"format": "boardgames-record", "format_version": 1, "game": "sintra", "rules_version": 1, '
                 '"seed": 1e400, "seats": [], "options": {}, "actions": []}',
    "long seed": '{"format": "boardgames-record", "format_version": 1, "seed": ' + "7" * 5000 + "}",
    "unknown bot": '{"format": "boardgames-record", "format_version": 1, "game": "sintra", "rules_version": 1, '
                   '"seed": 1, "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot:genius"}], '
                   '"options": {}, "actions": []}',
    "illegal move": '{"format": "boardgames-record", "format_version": 1, "game": "sintra", "rules_version": 1, '
                    '"seed": 1, "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], '
                    '"options": {}, "actions": ["take 99 pink"]}',
}


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_replay_of_a_damaged_save_is_one_line_naming_the_file(capsys, monkeypatch, tmp_path, text):
    """Guards: damaged saves crashed `replay` with RecursionError, OverflowError or ValueError."""
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: pytest.fail("the replay must not start"))
    bad = tmp_path / "damaged-save.json"
    bad.write_text(text)
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "damaged-save.json" in err
    assert len(err.strip().splitlines()) == 1
    assert str(tmp_path) not in err and "Traceback" not in err


def test_saves_option_chooses_the_store_and_core_reads_no_environment(capsys, monkeypatch, tmp_path):
    """One save store per run, made from the command line; core never looks at the environment."""
    import pathlib

    import boardgames.core as core

    for module in pathlib.Path(core.__file__).parent.glob("*.py"):
        text = module.read_text()
        assert "environ" not in text and "getenv" not in text, module.name
    started = []
    monkeypatch.setattr("boardgames.cli._run_app", lambda args, **kw: started.append(kw) or 0)
    folder = tmp_path / "elsewhere"
    assert main(["--saves", str(folder), "play", "sintra", "--players", "Ana,Bia", "--seed", "3"]) == 0
    session = started[0]["session"]
    session.apply(session.state.legal_actions()[0])
    assert session.path.parent == folder and session.path.exists()
