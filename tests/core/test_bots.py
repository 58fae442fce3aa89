import json

import pytest

from boardgames.core.bots import GREEDY_DEPTH, GreedyBot, Judge, MakesJudges, Memo, PicksCandidates, make_bot
from boardgames.core.decisions import DecidingState, Decision, Decisions, Kind
from boardgames.core.engine import Action, IllegalAction
from boardgames.core.registry import all_games, get_game
from boardgames.core.rng import Rng
from boardgames.selfplay import play_one

from .fake_game import DiceGame, DiceState

GAMES = all_games()
IDS = [game.id for game in GAMES]


#: moves of a bot game compared for determinism: long enough for every kind of decision of a round to come up;
#: whole games are compared by the long soak (`boardgames selfplay GAME --check` plays its first game twice)
STRETCH = 40


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bots_are_deterministic_from_the_seed(game):
    for kind in ("random", "greedy"):
        a = _play_some(game, [kind] * game.min_players, 11, STRETCH)
        _play_some(game, [kind] * game.max_players, 12, STRETCH)  # what a bot remembers between games must not matter
        b = _play_some(game, [kind] * game.min_players, 11, STRETCH)
        assert a.to_json() == b.to_json()


def _play_some(game, kinds, seed, moves):
    """The first ``moves`` moves of a bot game (enough for any cache a bot keeps to fill)."""
    state = game.new_state([f"P{i}" for i in range(len(kinds))], {}, seed)
    bots = [make_bot(kind, game, seed) for kind in kinds]
    for ply in range(moves):
        if state.is_over:
            break
        state.apply(bots[state.seat_to_move].choose(state, ply))
    return state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bots_only_choose_legal_actions(game):
    state = game.new_state(["A", "B", "C", "D"][:game.min_players], {}, 4)
    bot = make_bot("greedy", game, 4)
    for ply in range(30):
        action = bot.choose(state, ply)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_greedy_beats_random(game, seed):
    """A handful of games, each won by greedy: the strength claim itself (90 % of hundreds of games in either
    seat) is the benchmark's, `benchmarks/greedy_vs_random.py` (and lemuria_bots.py, abovebelow_bots.py)."""
    kinds = ["random"] * game.min_players
    kinds[(seed + 1) % game.min_players] = "greedy"  # two players: greedy first in odd seeds
    result = play_one(game, kinds, {}, seed).result()
    assert result.ranks[kinds.index("greedy")] == 1, f"{game.id}, seed {seed}: greedy placed {result.ranks}"


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


class PlantState(DiceState):
    """A turn of ``steps`` decisions with ``width`` choices each ("plant 0".."plant N-1"), like a long plant step."""

    width, steps = 300, 4

    def legal_actions(self):
        if self.current_player is None:
            return []
        return [Action("plant", (str(i),)) for i in range(self.width)]

    def apply(self, action):
        # the same test as `action not in self.legal_actions()`, without building 300 actions for every look
        plant = action.args[0] if action.name == "plant" and len(action.args) == 1 else ""
        if self.current_player is None or not (plant.isdigit() and str(int(plant)) == plant
                                               and int(plant) < self.width):
            raise IllegalAction(f"'{action}' is not allowed now.")
        self.scores[self.current] += int(action.args[0]) % 7 == 3  # a few plants are worth a point
        self.marks += 1
        if self.marks == self.steps:
            self.marks = 0
            self.current = (self.current + 1) % len(self.names)
            self.turn += 1

    def clone(self):
        twin = PlantState(self.names, 0)
        twin.width = self.width
        twin.turn, twin.scores, twin.current, twin.marks = self.turn, self.scores[:], self.current, self.marks
        return twin


class PlantGame(CountingDice):
    def __init__(self, width=300):
        super().__init__()
        self.width = width

    def new_state(self, names, options, seed):
        state = PlantState(names, seed)
        state.width = self.width
        return state

    def evaluate(self, state, seat):
        assert len(self.seen) < 50_000, "the bot looks at far too many positions for one decision"
        return super().evaluate(state, seat)


def test_greedy_budget_bounds_a_decision_with_a_long_action_list():
    """Guards: a fixed depth of 3 looked at 300 ** 3 positions for one decision of a long plant step."""
    game = PlantGame()
    state = game.new_state(["A", "B"], {}, 3)
    bot = GreedyBot(game)
    action = bot.choose(state, 0)
    assert action in state.legal_actions()
    # the one-deep look (a position per move) plus at most the budget for each deeper look it gave up
    assert bot.nodes <= game.width + (bot.depth - 1) * (bot.budget + 1)
    assert len(game.seen) <= bot.nodes


def test_a_look_given_up_for_the_budget_judges_none_of_its_positions():
    """Guards: a look too deep for the budget was judged position by position till it passed the budget, 2,000
    evaluations thrown away for each depth given up (most of a greedy Lemuria game went on its plant steps)."""
    game = PlantGame()
    state = game.new_state(["A", "B"], {}, 3)
    bot = GreedyBot(game)
    bot.choose(state, 0)  # three and two decisions deep are given up: only the one-deep look is judged
    assert bot.nodes > game.width + bot.budget
    assert len(game.seen) == game.width


def test_greedy_budget_still_looks_deeper_when_it_can():
    """The budget cuts only what it cannot afford: a small turn is looked through to the full depth."""
    game = PlantGame(width=6)
    state = game.new_state(["A", "B"], {}, 3)
    bot = GreedyBot(game)
    bot.choose(state, 0)
    assert bot.nodes == 6 + 36 + 216  # three decisions deep at once


def test_greedy_budget_is_deterministic():
    game = PlantGame()
    state = game.new_state(["A", "B"], {}, 5)
    first = [GreedyBot(game, 5).choose(state, ply) for ply in range(4)]
    assert first == [GreedyBot(game, 5).choose(state, ply) for ply in range(4)]


def test_memo_keeps_at_most_its_limit_and_drops_the_oldest():
    memo = Memo(3)
    for key in "abcd":
        assert memo.put(key, key.upper()) == key.upper()
    assert list(memo) == ["b", "c", "d"]


def test_two_greedy_bots_never_share_a_cache():
    """Guards: Blue Moon City's caches were module-level dicts shared by every bot of every game."""
    from boardgames.games.bluemoon import strategy

    game = get_game("bluemoon")
    state = game.new_state(["A", "B"], {"expansion": "true"}, 2)
    first, second = GreedyBot(game, 2), GreedyBot(game, 2)
    assert isinstance(first.evaluator, strategy.Evaluator) and first.evaluator is not second.evaluator
    for ply in range(12):
        state.apply(first.choose(state, ply))
    assert any(first.evaluator.caches())
    assert not any(second.evaluator.caches())
    shared = [name for name, value in vars(strategy).items() if hasattr(value, "cache_info")
              or (isinstance(value, dict) and not name.isupper() and not name.startswith("__"))]
    assert not shared, f"module-level caches in strategy.py: {shared}"


def test_greedy_caches_stay_within_their_bound_over_a_long_game(monkeypatch):
    """Guards: caches that grew with every position of every game (or were all thrown away at once)."""
    from boardgames.games.bluemoon import strategy

    monkeypatch.setattr(strategy, "CACHE_LIMIT", 40)
    game = get_game("bluemoon")
    state = game.new_state(["A", "B", "C"], {"expansion": "true"}, 9)
    bots = [GreedyBot(game, 9) for _ in range(3)]
    full = 0
    ply = 0
    while not state.is_over and ply < 150:
        state.apply(bots[state.current_player].choose(state, ply))
        ply += 1
        sizes = [len(cache) for bot in bots for cache in bot.evaluator.caches()]
        assert max(sizes) <= 40
        full += 40 in sizes
    assert full  # the bound was reached, so entries were dropped to keep it


def _steps(state, decision):
    state.lists.append(decision.seat)  # every list of moves made, by any copy of the position
    return [Action("step", (str(n),)) for n in range(3)]


def _step(state, decision, action):
    state.total[decision.seat] += int(action.args[0])
    state.moves += 1
    if state.moves % 2 == 0:  # two steps a turn
        state.turn += 1
        state.decisions.reset(Decision("step", 1 - decision.seat))


class StepState(DecidingState):
    """Two steps a turn, each from a listed kind whose list counts how often it is made."""

    KINDS = {"step": Kind(_steps, _step, lambda state, decision: "Step.", listed=True)}

    def __init__(self, names, seed):
        super().__init__(names, Rng(seed))
        self.total, self.moves, self.lists = [0, 0], 0, []
        self.decisions = Decisions([Decision("step", 0)])

    def clone(self):
        twin = self.shallow_clone()
        twin.rng, twin.total = self.rng.copy(), self.total[:]
        return twin  # the list of lists made stays shared, to count them all


class StepGame(DiceGame):
    def new_state(self, names, options, seed):
        return StepState(names, seed)

    def evaluate(self, state, seat):
        return state.total[seat] - state.total[1 - seat]


def test_a_look_makes_each_positions_list_of_moves_once():
    """Guards: every move of a look was checked against its position's list made again (a third of a greedy
    Lemuria game went on remaking lists the look had just made to choose from)."""
    game = StepGame()
    state = game.new_state(["A", "B"], {}, 3)
    bot = GreedyBot(game)
    looked = []
    candidates = bot.candidates
    bot.candidates = lambda position: looked.append(position) or candidates(position)
    bot.scored(state)
    assert len(looked) == 4  # the position and the three after a first step
    assert len(state.lists) == len(looked)
    with pytest.raises(IllegalAction):  # a move from elsewhere is still checked
        state.clone().apply(Action("step", ("9",)))


class ExpectingJudge:
    """A judge that values the roll by its expectation (3.5 more points) instead of letting the bot apply it."""

    def __init__(self, game, expectation=3.5):
        self.game = game
        self.expectation = expectation
        self.asked = 0

    def evaluate(self, state, seat):
        return self.game.evaluate(state, seat)

    def value_action(self, state, action, seat):
        if action.name != "roll":
            return None
        self.asked += 1
        return state.scores[seat] + self.expectation


def test_value_action_hook_judges_a_chance_action_without_applying_it(monkeypatch):
    applied = []
    real_apply = DiceState.apply

    def counting_apply(self, action):
        applied.append(action.name)
        real_apply(self, action)

    monkeypatch.setattr(DiceState, "apply", counting_apply)
    game = CountingDice()
    game.greedy_evaluator = lambda: ExpectingJudge(game)
    state = game.new_state(["A", "B"], {}, 3)
    bot = GreedyBot(game)
    assert bot.choose(state, 0) in state.legal_actions()
    assert bot.evaluator.asked  # the roll was valued by the judge...
    assert "mark" in applied and "roll" not in applied  # ...and never applied in the look


def test_value_action_hook_decides_the_choice():
    game = CountingDice()
    game.greedy_depth = 1
    state = game.new_state(["A", "B"], {}, 3)
    game.greedy_evaluator = lambda: ExpectingJudge(game, expectation=-1.0)
    assert GreedyBot(game).choose(state, 0).name == "mark"  # a roll expected to lose a point
    game.greedy_evaluator = lambda: ExpectingJudge(game, expectation=1.0)
    assert GreedyBot(game).choose(state, 0).name == "roll"


def test_value_action_hook_answering_none_changes_nothing():
    class Silent(ExpectingJudge):
        def value_action(self, state, action, seat):
            return None

    plain, hooked = PlantGame(width=6), PlantGame(width=6)
    hooked.greedy_evaluator = lambda: Silent(hooked)
    state = plain.new_state(["A", "B"], {}, 3)
    for ply in range(6):
        assert GreedyBot(plain, 5).choose(state, ply) == GreedyBot(hooked, 5).choose(state, ply)
    assert len(plain.seen) == len(hooked.seen)


class LampState(DiceState):
    """A turn where a lamp may be switched on and off without end before the turn is ended ("end")."""

    def legal_actions(self):
        if self.current_player is None:
            return []
        return [Action("switch"), Action("end")]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        if action.name == "switch":
            self.marks = 1 - self.marks
        else:
            self.scores[self.current] += 1
            self.current = (self.current + 1) % len(self.names)
            self.turn += 1

    def clone(self):
        return LampGame().state_from_json(self.to_json())


class LampGame(DiceGame):
    def new_state(self, names, options, seed):
        return LampState(names, seed)

    def state_from_json(self, data):
        state = LampState(data["names"], 0)
        state.rng = Rng.from_json(data["rng"])
        for key in ("turn", "scores", "current", "rolled", "marks"):
            setattr(state, key, data[key])
        return state

    def evaluate(self, state, seat):
        return -state.turn  # a judge that never wants the turn to end: switching always looks better


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_no_bot_repeats_a_position_inside_one_turn(kind):
    """Guards: the greedy bot switched a lamp on and off for ever (as it added and dropped a villager in Above
    and Below); every bot now leaves a turn before it would see a position of it twice."""
    game = LampGame()
    state = game.new_state(["A", "B"], {}, 5)
    bot = make_bot(kind, game, 5)
    seen = {state.turn: [json.dumps(state.to_json())]}
    for ply in range(30):
        if state.is_over:
            break
        state.apply(bot.choose(state, ply))
        seen.setdefault(state.turn, []).append(json.dumps(state.to_json()))
    assert state.turn >= 10  # at most two moves a turn: switch, then end
    assert all(len(positions) == len(set(positions)) for positions in seen.values())


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_gives_the_bots_judges_that_fit_the_protocols(game):
    assert isinstance(game, Judge)  # Game.evaluate: the judge of a game without a judge of its own
    if isinstance(game, MakesJudges):
        judge = game.greedy_evaluator()
        bot = GreedyBot(game)
        assert isinstance(judge, Judge) and type(bot.evaluator) is type(judge)
        if isinstance(judge, PicksCandidates):
            assert bot.prune is not None
