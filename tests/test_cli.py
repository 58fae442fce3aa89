import shutil

import pytest

from boardgames import __version__
from boardgames.cli import main
from boardgames.core.data import data_dir


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
