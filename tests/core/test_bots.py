from boardgames.cli import play_one
from boardgames.core.bots import make_bot
from boardgames.core.registry import all_games


def test_bots_are_deterministic_from_the_seed():
    for game in all_games():
        for kind in ("random", "greedy"):
            a = play_one(game, [kind, kind], {}, 11)
            b = play_one(game, [kind, kind], {}, 11)
            assert a.to_json() == b.to_json()


def test_bots_only_choose_legal_actions():
    for game in all_games():
        state = game.new_state(["A", "B"], {}, 4)
        bot = make_bot("greedy", game, 4)
        for ply in range(30):
            action = bot.choose(state, ply)
            assert action in state.legal_actions()
            state.apply(action)


def test_greedy_beats_random():
    for game in all_games():
        wins = 0
        for seed in range(20):
            kinds = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
            result = play_one(game, kinds, {}, seed).result()
            wins += result.ranks[kinds.index("greedy")] == 1
        assert wins >= 18, f"{game.id}: greedy won {wins} of 20"
