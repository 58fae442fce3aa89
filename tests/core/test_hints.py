"""Hints (core/hints.py and each game's hints.py): the terms add up to the judge, the hint is the search's move
for the seat, a second one the next best, and nothing hidden from the seat changes or shows in it."""

import functools

import pytest

from boardgames.core.bots import make_bot
from boardgames.core.engine import State
from boardgames.core.hints import find_hint, hints_module, terms_of
from boardgames.core.registry import all_games, get_game
from boardgames.core.search import Search
from boardgames.games.abovebelow import strategy as abovebelow_strategy
from boardgames.games.bluemoon import strategy as bluemoon_strategy
from boardgames.games.lemuria import strategy as lemuria_strategy
from boardgames.games.sintra import strategy as sintra_strategy
from tests.core.scrambles import scrambled

GAMES = all_games()
IDS = [game.id for game in GAMES]
NAMES = ["Ana", "Bia", "Cid", "Dee"]

#: each game's judge with nothing unseen (a fresh one: no caches, no memory of a turn)
JUDGES = {
    "sintra": sintra_strategy.evaluate,
    "lemuria": lemuria_strategy.evaluate,
    "bluemoon": lambda state, seat: bluemoon_strategy.Evaluator().evaluate(state, seat),
    "abovebelow": lambda state, seat: abovebelow_strategy.Evaluator().evaluate(state, seat),
}


def positions(game, players, seed, count, step=3, greedy=True):
    """Positions of a game the random and greedy bots play (one every ``step`` moves), the last one finished:
    played once a process (two tests of each game look at the same ones), each test given copies of its own."""
    return [state.clone() for state in _played(game.id, players, seed, count, step, greedy)]


@functools.cache
def _played(game_id, players, seed, count, step, greedy):
    game = get_game(game_id)
    state = game.new_state(NAMES[:players], {}, seed)
    bots = [make_bot("greedy" if greedy and seat % 2 == 0 else "random", game, seed) for seat in range(players)]
    ply = 0
    found = []
    while not state.is_over and len(found) < count:
        if ply % step == 0:
            found.append(state.clone())
        state.apply(bots[state.seat_to_move].choose(state, ply))
        ply += 1
    return tuple(found)


def test_every_game_has_a_hints_module():
    for game in GAMES:
        module = hints_module(game)
        assert module is not None and callable(module.terms) and callable(module.sentence), game.id
    assert set(JUDGES) == {game.id for game in GAMES}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_terms_add_up_to_the_judge(game):
    """Exactly (not an approximation) in every game, for every seat, over positions of whole games."""
    judge = JUDGES[game.id]
    checked = 0
    for players in (game.min_players, game.max_players):
        for state in positions(game, players, 7 + players, 16, step=7, greedy=False):
            for seat in range(players):
                terms = terms_of(game, state, seat)
                assert sum(terms.values()) == pytest.approx(judge(state, seat), abs=1e-6), (game.id, seat, terms)
                checked += 1
    assert checked > 25


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_hint_is_the_searchs_move_and_a_second_one_the_next_best(game):
    state = positions(game, game.min_players, 3, 4, step=5)[-1]
    seat = state.seat_to_move
    analysis = Search(game, 5).analyse(state, seat, iterations=40, seed=5)
    first = find_hint(game, state, seat, iterations=40, seed=5)
    second = find_hint(game, state, seat, iterations=40, seed=5, skip=1)
    assert first.action == analysis.moves[0].action and first.rank == 0
    assert first.action in state.legal_actions() and second.action in state.legal_actions()
    if len(analysis.moves) > 1:
        assert second.action == analysis.moves[1].action and second.rank == 1
        assert second.action != first.action
        assert "choice 2 of" in second.text()
    assert first.label == state.label(first.action)
    assert 0.0 <= first.chance <= 1.0
    assert first.why.endswith(".") and first.why[0].isupper()
    assert find_hint(game, state, seat, iterations=40, seed=5) == first  # deterministic with iterations
    wrapped = find_hint(game, state, seat, iterations=40, seed=5, skip=first.count)
    assert wrapped.action == first.action  # past the last move it starts again


#: the words of each Sintra term's sentence
WORDS = {"points": "It ", "bonus": "end-of-game bonus", "strip": "strip under window", "glass": "broken-glass"}


def test_the_why_names_the_judges_largest_gain():
    """Sintra: a move that completes a strip says so, with the points it scores."""
    game = get_game("sintra")
    for state in positions(game, 2, 21, 200, step=1):
        if state.is_over:
            continue
        seat = state.seat_to_move
        hint = find_hint(game, state, seat, iterations=30, seed=2)
        if not hint.gains or max(hint.gains.values()) < 0.05:
            continue  # the only move, or one that gains nothing: the sentence says so instead
        top = max(hint.gains, key=lambda name: hint.gains[name])
        first = hint.why.split(". ")[0]
        assert WORDS[top.partition(":")[0]] in first, (top, hint.why)
        if "completes the strip" in hint.why:
            assert hint.gains["points"] > 0
            return
    pytest.fail("no hint in a whole Sintra game completed a strip")


def _hidden_names(game, state, seat):
    """Card names only another seat's hand holds (Lemuria's citizens, Blue Moon City's cards): a hint for ``seat``
    may never show them."""
    mine = set()
    theirs = set()
    if game.id == "lemuria":
        name = lambda card: state.rules.citizen[card].name  # noqa: E731
    else:
        name = lambda card: f"{state.rules.people[card[:2]].name} {card[2:]}"  # noqa: E731
    for player_seat, player in enumerate(state.players):
        cards = {name(card) for card in player.hand}
        (mine if player_seat == seat else theirs).update(cards)
    public = str(state.view(seat))
    return {card for card in theirs - mine if card not in public}


#: the positions of 3 players the two tests below ask hints of: (players, seed, count, step)
HIDDEN_HANDS = (3, 31, 14, 5)


@functools.cache
def _hint_text(game_id, index):
    """The hint (its text) for the seat to move at position ``index`` of ``HIDDEN_HANDS``: made once a process, as
    both tests below read it (a hint is deterministic with a number of iterations)."""
    game = get_game(game_id)
    state = positions(game, *HIDDEN_HANDS)[index]
    return find_hint(game, state, state.seat_to_move, iterations=12, seed=4).text()


@pytest.mark.parametrize("game_id", ["lemuria", "bluemoon"])
def test_a_hint_never_names_a_card_of_another_hand(game_id):
    """Over many positions of 3 players, for every seat to move: no card only another hand holds is named."""
    game = get_game(game_id)
    checked = 0
    for index, state in enumerate(positions(game, *HIDDEN_HANDS)):
        if state.is_over:
            continue
        seat = state.seat_to_move
        text = _hint_text(game_id, index)
        for card in _hidden_names(game, state, seat):
            assert card not in text, (card, text)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game_id", ["lemuria", "bluemoon"])
def test_a_hint_does_not_depend_on_another_hand(game_id):
    """With the others' hands (and the face-down cards) dealt differently, the hint is the same: it is made from a
    sample of what the seat may see (``State.determinize``). Runs once the game deals its samples."""
    game = get_game(game_id)
    state = game.new_state(NAMES[:3], {}, 1)
    if type(state).determinize is State.determinize:
        pytest.skip(f"{game_id} does not deal samples yet (State.determinize is the default): the search and the "
                    "hints still read the real position")
    checked = 0
    for index, state in enumerate(positions(game, *HIDDEN_HANDS)):
        if state.is_over:
            continue
        seat = state.seat_to_move
        again = find_hint(game, scrambled(state, seat, checked), seat, iterations=12, seed=4)
        assert again.text() == _hint_text(game_id, index)
        checked += 1
    assert checked >= 10


def test_a_hint_for_a_finished_game_is_refused_in_a_sentence():
    game = get_game("sintra")
    state = positions(game, 2, 5, 10_000, step=1)[-1]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="The game is over"):
        find_hint(game, state, iterations=5)


def test_terms_add_up_while_a_buyer_waits_on_the_seller():
    """Above and Below's judge values an offer by both answers: its terms are the mean of the two, term by term."""
    game = get_game("abovebelow")
    state = game.new_state(NAMES[:2], {}, 1)
    bots = [make_bot("random", game, 1) for _ in range(2)]
    ply = 0
    while state.decisions.top is None or state.decisions.top.kind != "offer":
        state.apply(bots[state.seat_to_move].choose(state, ply))
        ply += 1
        assert ply < 200, "no offer in this game any more: pick another seed"
    buyer = state.decisions.top.args[0]
    terms = terms_of(game, state, buyer)
    assert sum(terms.values()) == pytest.approx(JUDGES["abovebelow"](state, buyer), abs=1e-6)
    assert "rivals" in terms and "coins" in terms  # the same terms as in any other position


def test_a_hint_for_each_seat_deciding_at_once():
    """Lemuria's card pass: every seat chooses at once; each gets a hint of its own hand's moves."""
    game = get_game("lemuria")
    state = game.new_state(NAMES[:3], {}, 3)
    assert len(state.active_players) == 3
    for seat in state.active_players:
        hint = find_hint(game, state, seat, iterations=10, seed=1)
        assert hint.seat == seat and hint.action in state.as_seat(seat).legal_actions()
        assert state.rules.citizen[hint.action.args[0]].name in hint.label
        assert hint.action.args[0] in state.players[seat].hand
