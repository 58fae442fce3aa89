"""`boardgames selfplay --check`: the long soak's command, and that it reports a broken game."""

from boardgames.cli import main
from boardgames.core import soak
from boardgames.core.soak import ContractBroken


def test_check_plays_every_move_under_the_contract(capsys):
    # Lemuria, an odd seed: its card pass is answered by the seats in a random order, with hands to hide (a Blue
    # Moon City game took three times as long; the long soak checks every game, README's "The long soak")
    code = main(["selfplay", "lemuria", "-n", "1", "--seed", "3", "--players", "3", "--check"])
    out = capsys.readouterr().out
    assert code == 0
    assert "1 game of Lemuria, 3 players." in out
    assert "Checked after every move:" in out and "held throughout" in out


def test_a_failed_check_names_the_seed_to_repeat_and_exits_1(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise ContractBroken("sintra, seed 8, 2 players, move 3: a JSON round trip changed the state")

    monkeypatch.setattr("boardgames.selfplay.play_checked", broken)
    code = main(["selfplay", "sintra", "-n", "4", "--seed", "8", "--players", "2", "--check"])
    out = capsys.readouterr().out
    assert code == 1
    assert "Check failed: sintra, seed 8, 2 players, move 3: a JSON round trip changed the state" in out
    assert "boardgames selfplay sintra -n 1 --seed 8 --check --players 2 --bots random,random --option side=A" in out


def test_the_soak_checks_invariants_after_every_action():
    assert soak.SOAK.after_move == 1 and soak.SOAK.round_trip == 50 and soak.SOAK.dense_moves is None


def test_plain_selfplay_stops_a_game_at_its_move_cap(capsys, monkeypatch):
    from boardgames.core.registry import get_game

    monkeypatch.setattr(type(get_game("sintra")), "max_moves", 5)
    code = main(["selfplay", "sintra", "-n", "2", "--seed", "8", "--players", "2"])
    out = capsys.readouterr().out
    assert code == 1
    assert "Check failed: sintra, seed 8, 2 players: the game is not over after 5 moves, its cap" in out


def test_the_soak_plays_its_first_game_again_and_catches_a_bot_that_remembers(capsys, monkeypatch):
    """A bot whose choices hang on what it saw in earlier games (a counter across games here) is caught: the
    first game, played again by new bots after the checked one, must end the same."""
    from boardgames.core import bots

    made = iter(range(1_000_000))

    def forgetful_in_name_only(kind, game, seed=0):  # noqa: ANN001, ANN202
        return bots.RandomBot(game, seed + next(made))  # a new seed for every bot made: another game each time

    monkeypatch.setattr("boardgames.selfplay.make_bot", forgetful_in_name_only)
    code = main(["selfplay", "sintra", "-n", "1", "--seed", "5", "--players", "2", "--check"])
    out = capsys.readouterr().out
    assert code == 1
    assert "sintra, seed 5: the same bots with the same seed played another game" in out
