import pytest

from boardgames.core.bots import GREEDY_DEPTH, GreedyBot, make_bot
from boardgames.core.engine import Action
from boardgames.core.registry import all_games
from boardgames.selfplay import play_one

from .fake_game import DiceGame

GAMES = all_games()
IDS = [game.id for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bots_are_deterministic_from_the_seed(game):
    for kind in ("random", "greedy"):
        a = play_one(game, [kind, kind], {}, 11)
        play_one(game, [kind] * game.max_players, {}, 12)  # whatever a bot remembers between games must not matter
        b = play_one(game, [kind, kind], {}, 11)
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bots_only_choose_legal_actions(game):
    state = game.new_state(["A", "B"], {}, 4)
    bot = make_bot("greedy", game, 4)
    for ply in range(30):
        action = bot.choose(state, ply)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_greedy_beats_random(game):
    wins = 0
    for seed in range(20):
        kinds = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        result = play_one(game, kinds, {}, seed).result()
        wins += result.ranks[kinds.index("greedy")] == 1
    assert wins >= 18, f"{game.id}: greedy won {wins} of 20"


class CountingDice(DiceGame):
    """The dice game with a log of every state the greedy bot evaluates."""

    def __init__(self):
        self.seen = []

    def evaluate(self, state, seat):
        self.seen.append(state)
        return super().evaluate(state, seat)


def test_greedy_hooks_default_to_the_full_look_ahead():
    bot = GreedyBot(CountingDice())
    assert (bot.depth, bot.samples, bot.prune) == (GREEDY_DEPTH, 0, None)


def test_greedy_depth_hook_limits_the_look_ahead():
    game = CountingDice()
    game.greedy_depth = 1
    state = game.new_state(["A", "B"], {}, 3)
    GreedyBot(game).choose(state, 0)  # mark or roll: one evaluation each, nothing deeper
    assert len(game.seen) == 2


def test_greedy_actions_hook_prunes_the_candidates():
    game = CountingDice()
    game.greedy_actions = lambda state, actions: [a for a in actions if a.name != "roll"]
    state = game.new_state(["A", "B"], {}, 3)
    assert GreedyBot(game).choose(state, 0).name == "mark"  # the only candidate left: played without a look


def test_greedy_samples_hook_never_evaluates_the_real_future():
    game = CountingDice()
    game.greedy_depth = 1
    game.greedy_samples = 5
    state = game.new_state(["A", "B"], {}, 3)
    real = state.clone()
    real.apply(Action("roll"))
    GreedyBot(game).choose(state, 0)  # mark, or roll: a reveal, judged over 5 re-seeded futures
    rolled = [s for s in game.seen if s.rolled]
    assert len(rolled) == 5
    assert all(s.rng.state != real.rng.state for s in rolled)
