"""The greedy bot of Above and Below: it judges encounters by their odds, never by the hidden rewards or the
dice it has not rolled yet, and it plays a whole game well against chance."""

from __future__ import annotations

import dataclasses

from boardgames.core.bots import GreedyBot, make_bot
from boardgames.core.engine import Action
from boardgames.core.rng import Rng
from boardgames.games.abovebelow.game import ABOVEBELOW
from boardgames.games.abovebelow.strategy import Evaluator

NAMES = ["Ana", "Bia"]


def _encounter(encounter: int, seed: int = 3):
    """Seat 0 explores with its hammer and quill villagers (3+ for one lantern each) and reads ``encounter``."""
    state = ABOVEBELOW.new_state(NAMES, {}, seed)
    state.apply(Action("explore"))
    for villager in ("ana_hammer", "fen_quill"):
        state.apply(Action("add", (villager,)))
    state.apply(Action("go"))
    state.explore.encounter = encounter
    return state


def _chance_positions(seeds=range(1, 7), per_seed: int = 6):
    """Positions of random games where the player to move forms a party, chooses or rolls."""
    found = []
    for seed in seeds:
        state = ABOVEBELOW.new_state(NAMES, {}, seed)
        bot = make_bot("random", ABOVEBELOW, seed)
        ply, kept = 0, 0
        while not state.is_over and kept < per_seed:
            if state.phase in ("encounter", "dice") or (state.phase == "party" and len(state.explore.party) >= 2):
                found.append(state.clone())
                kept += 1
            state.apply(bot.choose(state, ply))
            ply += 1
    return found


def _scrambled(rules):
    """The same tables with every threshold's reward shuffled over the whole book (what a player cannot see)."""
    rewards = [t.reward for enc in rules.encounter.values() for c in enc.choices for t in c.thresholds]
    Rng(99).shuffle(rewards)
    rewards.reverse()
    given = iter(rewards)
    book = {}
    for number, enc in rules.encounter.items():
        choices = tuple(dataclasses.replace(c, thresholds=tuple(dataclasses.replace(t, reward=next(given))
                                                               for t in c.thresholds)) for c in enc.choices)
        book[number] = dataclasses.replace(enc, choices=choices)
    return dataclasses.replace(rules, encounter=book)


def test_prefers_the_choice_whose_thresholds_it_can_reach():
    state = _encounter(1)  # fish for 3 lanterns, or 5 / 7 lanterns: two 3+ dice and two injuries make 4 at most
    judge = Evaluator()
    safe = judge.value_action(state, Action("choose", (1,)), 0)
    risky = judge.value_action(state, Action("choose", (2,)), 0)
    assert safe > risky
    assert GreedyBot(ABOVEBELOW, 3).choose(state, 0) == Action("choose", (1,))


def test_hidden_rewards_never_change_a_value_or_a_choice():
    scrambled = _scrambled(ABOVEBELOW.load_rules())
    positions = _chance_positions()
    assert {s.phase for s in positions} >= {"party", "encounter", "dice"}
    for state in positions:
        twin = state.clone()
        twin.rules = scrambled
        seat = state.current_player
        judge, other = Evaluator(), Evaluator()
        for action in state.legal_actions():
            if action.name in ("choose", "done", "reroll", "go"):
                assert judge.value_action(state, action, seat) == other.value_action(twin, action, seat), action
        assert judge.evaluate(state, seat) == other.evaluate(twin, seat)
        assert GreedyBot(ABOVEBELOW, 5).choose(state, 7) == GreedyBot(ABOVEBELOW, 5).choose(twin, 7)


def test_dice_not_yet_rolled_never_change_a_choice():
    """The entry die, the villager dice and rerolls are valued by expectation: another future of the
    generator (the dice to come) changes nothing."""
    for state in _chance_positions(seeds=range(7, 11)):
        choices = set()
        for seed in (1, 2, 3):
            twin = state.clone()
            twin.rng = Rng(seed)
            choices.add(GreedyBot(ABOVEBELOW, 5).choose(twin, 3))
        assert len(choices) == 1, state.phase


def test_injures_in_the_last_round_to_reach_a_threshold():
    state = _encounter(1)
    state.round = state.rules.components.rounds  # nothing left to heal for
    state.apply(Action("choose", (1,)))
    state.explore.dice = {"ana_hammer": 4, "fen_quill": 1}  # 1 lantern of the 3 needed
    bot = GreedyBot(ABOVEBELOW, 3)
    assert bot.choose(state, 0).name == "injure"


def test_greedy_completes_games_and_beats_random():
    wins = 0
    for seed in range(1, 5):
        kinds = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        state = ABOVEBELOW.new_state(NAMES, {}, seed)
        bots = [make_bot(kind, ABOVEBELOW, seed) for kind in kinds]
        ply = 0
        while not state.is_over:
            assert ply < ABOVEBELOW.max_moves
            state.apply(bots[state.current_player].choose(state, ply))
            ply += 1
        wins += kinds.index("greedy") in state.result().winners
    assert wins == 4


def test_a_party_of_one_with_nobody_left_to_add_is_given_up_never_dropped_and_added_again():
    """Guards seed 8100858: a Cave Cat wandered off, leaving one villager on the card and only 'drop' or 'back'
    to play; the greedy bot dropped the villager, added it again, and so on for ever."""
    state = ABOVEBELOW.new_state(NAMES, {}, 3)
    state.apply(Action("explore"))
    state.apply(Action("add", ("ana_hammer",)))
    ana = state.players[0]
    for villager in list(ana.ready):
        state.exhaust(0, villager)  # nobody else is ready (the cat went off exhausted)
    actions = state.legal_actions()
    assert {str(action) for action in actions} == {"drop ana_hammer", "back"}
    assert Evaluator().candidates(state, actions) == [Action("back")]
    bot = make_bot("greedy", ABOVEBELOW, 8100858)
    for ply in range(4):
        assert bot.choose(state, ply) == Action("back")
