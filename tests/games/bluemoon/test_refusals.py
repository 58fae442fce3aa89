"""Refused actions: IllegalAction with a sentence for the player, and the state untouched."""

from __future__ import annotations

import pytest

from boardgames.core.engine import Action, IllegalAction
from boardgames.core.rng import Rng
from boardgames.games.bluemoon.game import BLUEMOON
from boardgames.games.bluemoon.rules import ACT, GRID, REPLENISH

from .positions import (
    LAURA,
    MIGUEL,
    NAMES,
    NATASHA,
    arrange,
    deal,
    fill,
    legal,
    new_position,
    play,
    put_dragon,
    set_obelisk,
    snapshot,
    stand,
    to_action,
    to_move,
)


# -- positions -----------------------------------------------------------------------------
def moving():
    """Natasha on the courtyard, about to move, with a power of every kind; the red dragon on b2."""
    state = new_position()
    deal(state, NATASHA, "ve1 ve2 vu1 vu2 te2 vu3 kh1 pi1 mi1 lu1")
    put_dragon(state, "red", "b2")
    return state


def acting():
    """Miguel on the Earth Temple (c2) after moving, 5 crystals, box 3 already filled."""
    state = new_position()
    arrange(state, {"c2": "earth_temple", "b2": "hospice"})
    stand(state, MIGUEL, "c2")
    deal(state, MIGUEL, "te3 te1 aq2 pi1")
    state.players[MIGUEL].crystals = 5
    fill(state, "earth_temple", [None, None, LAURA])
    to_move(state, MIGUEL, ACT)
    return state


def on_courtyard():
    """Natasha on the courtyard with 7 crystals and two Pillar cards."""
    state = new_position()
    deal(state, NATASHA, "pi1 pi3")
    state.players[NATASHA].crystals = 7
    to_move(state, NATASHA, ACT)
    return state


def after_offer():
    state = on_courtyard()
    play(state, "offer")
    return state


def paying():
    """Miguel paying the red 4 of the Earth Temple."""
    state = acting()
    deal(state, MIGUEL, "te1 aq2 mi1 mi3 lu2 kh1")
    play(state, "box 2")
    return state


def paying_palace():
    """Laura paying the 3 of the Royal Palace, no colour chosen yet."""
    state = new_position()
    arrange(state, {"c2": "royal_palace"})
    stand(state, LAURA, "c2")
    deal(state, LAURA, "te1 lu2 aq2")
    to_move(state, LAURA, ACT)
    play(state, "box 4")
    return state


def replenishing():
    state = new_position()
    deal(state, NATASHA, "te1 te2 te3")
    to_move(state, NATASHA, REPLENISH)
    return state


def discarded_two():
    state = replenishing()
    play(state, "discard te1", "discard te2")
    return state


def on_expansion_tile(building_id: str):
    def build():
        state = new_position(expansion=True)
        arrange(state, {"c2": building_id})
        stand(state, NATASHA, "c2")
        to_move(state, NATASHA, ACT)
        return state
    build.__name__ = f"on_{building_id}"
    return build


def jumped():
    state = on_expansion_tile("main_hall")()
    play(state, "extra c3")
    return state


def game_over():
    state = new_position(2)
    set_obelisk(state, [NATASHA] * 5)
    state.players[NATASHA].crystals = 12
    play(state, "stop", "offer")
    assert state.is_over
    return state


REFUSALS = [
    # anywhere
    (moving, "jump c2", "not a Blue Moon City move"),
    (moving, "box 1", "you are moving now"),
    (moving, "offer", "you are moving now"),
    (moving, "draw", "you are moving now"),
    (acting, "go c3", "contribute here"),
    (acting, "stop", "contribute here"),
    (paying, "end", "finish this contribution"),
    (paying, "box 1", "finish this contribution"),
    (replenishing, "end", "discard up to 2"),
    (replenishing, "add te1", "discard up to 2"),
    (game_over, "stop", "game is over"),
    # moving
    (moving, "go", "say where to go"),
    (moving, "go z9", "tile of the city"),
    (moving, "go a1", "tile of the city"),  # a corner: no tile in the base game
    (moving, "go e5", "tile of the city"),
    (moving, "go e4", "not within your 2 steps"),
    (moving, "play", "which card"),
    (moving, "play xx9 c2", "is not a card"),
    (moving, "play ve3", "no power to play while moving"),
    (moving, "play kh1", "no power to play while moving"),
    (moving, "play pi1", "no power to play while moving"),
    (moving, "play lu1 aq", "no power to play while moving"),
    (moving, "play aq1 c2", "no card aq1"),
    (moving, "play ve1", "needs one target"),
    (moving, "play ve1 c3", "already there"),
    (moving, "play ve1 a1", "tile of the city"),
    (moving, "play ve2 c2", "needs no target"),
    (moving, "play vu1 b2", "already there"),
    (moving, "play vu1", "needs one target"),
    (moving, "play vu2 e4", "1 to 3 steps"),
    (moving, "play te2 c2", "not in the city yet"),
    # contributing
    (acting, "box 0", "box from 1 to 3"),
    (acting, "box 4", "box from 1 to 3"),
    (acting, "box one", "box from 1 to 3"),
    (acting, "box 3", "already filled"),
    (acting, "box 1", "cannot pay"),
    (acting, "offer", "on the courtyard"),
    (acting, "play pi1", "right after"),
    (acting, "play te1", "only a pillar"),
    (acting, "extra", "no extra action"),
    (on_courtyard, "box 1", "no building here"),
    (on_courtyard, "play pi1", "right after"),
    (after_offer, "offer", "already made your offering"),
    (after_offer, "play pi1", "costs 1 more crystal than"),
    (after_offer, "play pi2", "no card pi2"),
    (after_offer, "play pi3", "only a pillar"),
    # expansion tiles
    (on_expansion_tile("theater"), "extra", "no extra action"),
    (on_expansion_tile("main_hall"), "extra", "say where the main hall takes you"),
    (on_expansion_tile("main_hall"), "extra c2", "already there"),
    (on_expansion_tile("main_hall"), "extra a9", "tile of the city"),
    (jumped, "extra c2", "no extra action"),
    (jumped, "offer", "main hall"),
    # paying
    (paying, "add", "which card"),
    (paying, "add aq2", "does not match"),
    (paying, "add mi1", "does not match"),
    (paying, "add te3", "no card te3"),
    (paying, "pair mi1 mi3", "value 1 or 2"),
    (paying, "pair te1 kh1", "value 1 or 2"),
    (paying, "pair mi1 mi1", "do not hold"),
    (paying, "play lu2", "only a lux"),
    (paying, "play lu1 aq", "no card lu1"),
    (paying, "play lu2 te", "another people's"),
    (paying, "play lu2 kh", "another people's"),
    (paying, "play lu2 pi", "no pillar card"),
    (paying, "play lu2 zz", "another people's"),
    (paying_palace, "play lu2 aq", "first card"),
    # replenishing
    (replenishing, "discard aq1", "no card aq1"),
    (replenishing, "discard", "which card"),
    (discarded_two, "discard te3", "at most 2"),
]


@pytest.mark.parametrize("build, move, words", REFUSALS,
                         ids=[f"{build.__name__}: {move}" for build, move, _ in REFUSALS])
def test_a_refused_move_says_why_and_changes_nothing(build, move, words):
    state = build()
    action = to_action(move)
    assert action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    message = str(error.value)
    assert words.lower() in message.lower(), message
    assert message.rstrip().endswith((".", "!")), message
    assert snapshot(state) == before
    state.check_invariants()


@pytest.mark.parametrize("build", [moving, acting, on_courtyard, after_offer, paying, paying_palace,
                                   replenishing, discarded_two, jumped])
@pytest.mark.parametrize("word", ["stop", "end", "offer", "cancel", "draw"])
def test_a_move_that_takes_no_words_refuses_extra_words(build, word):
    state = build()
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(Action(word, ("x",)))
    assert snapshot(state) == before


@pytest.mark.parametrize("building_id", ["hospital", "golden_temple"])
def test_an_extra_action_without_a_target_refuses_one(building_id):
    state = on_expansion_tile(building_id)()
    state.players[NATASHA].crystals = 7
    assert "extra" in legal(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "extra c3")
    assert snapshot(state) == before


def test_an_empty_move_is_refused():
    with pytest.raises(IllegalAction, match="empty"):
        to_action("   ")


# -- the legal list and apply agree -------------------------------------------------------------
PEOPLES = ("vu", "te", "aq", "ve", "kh", "mi", "lu", "pi")
CARDS = [f"{people}{value}" for people in PEOPLES for value in (1, 2, 3)]


def candidate_moves(state) -> list[Action]:
    """Every move of the notation that could make sense, plus a few with a word too many."""
    cells = [GRID.name(c) for c in range(GRID.size)]
    moves = [Action(word) for word in ("stop", "end", "offer", "cancel", "draw", "extra")]
    moves += [Action(word, ("x",)) for word in ("stop", "end", "offer", "cancel", "draw", "extra")]
    moves += [Action("box", (k,)) for k in range(0, 8)]
    moves += [Action(word, (name,)) for word in ("go", "extra") for name in cells]
    for card in CARDS:
        moves += [Action("play", (card,)), Action("add", (card,)), Action("discard", (card,))]
        if card[:2] in ("ve", "vu", "te", "aq"):
            moves += [Action("play", (card, target)) for target in [*cells, "off"]]
        if card[:2] == "lu":
            moves += [Action("play", (card, people)) for people in PEOPLES]
    moves += [Action("pair", (a, b)) for a in ("mi1", "mi2", "mi3") for b in ("mi1", "mi2", "mi3") if a <= b]
    return moves


@pytest.mark.parametrize("seed, options", [(3, {}), (4, {"expansion": "true"})])
def test_every_move_outside_the_legal_list_is_refused_and_every_listed_one_applies(seed, options):
    """Along a seeded random game, apply accepts exactly the listed moves."""
    state = BLUEMOON.new_state(NAMES[:3], options, seed)
    rng = Rng(seed)
    for ply in range(400):
        if state.is_over:
            break
        listed = set(state.legal_actions())
        if ply % 5 == 0:
            before = state.to_json()  # compared as data: writing it out as text for each of 600 moves took most
            for move in candidate_moves(state):  # of the test's time
                trial = state.clone()
                try:
                    trial.apply(move)
                except IllegalAction:
                    assert move not in listed, f"ply {ply}: the listed {move} was refused"
                    assert trial.to_json() == before, f"ply {ply}: the refused {move} changed the state"
                else:
                    assert move in listed, f"ply {ply}: {move} applied though not listed ({state.phase})"
        moves = sorted(listed, key=str)
        state.apply(moves[rng.below(len(moves))])


# -- notation: only the listed spelling ---------------------------------------------------------
@pytest.mark.parametrize("typed, listed", [("go C2", "go c2"), ("GO c2", "go c2"), ("play VU1 B5", "play vu1 b5"),
                                           ("Play Ve1 E3", "play ve1 e3"), ("play vu1 OFF", "play vu1 off")])
def test_a_typed_notation_is_read_case_insensitively_into_the_listed_form(typed, listed):
    """Guards issue 7: 'go C1' and 'play vu1 B5' were accepted though not listed, and logged as typed."""
    from boardgames.core.record import Seat
    from boardgames.core.session import Session

    session = Session.new(BLUEMOON, [Seat(name) for name in NAMES[:3]], {}, 1, autosave=False)
    state = session.state
    to_move(state, state.current)
    deal(state, state.current, "ve1 vu1")
    put_dragon(state, "red", "c3")
    action = BLUEMOON.parse_action(typed)
    assert action == to_action(listed) and action in state.legal_actions()
    session.apply_text(typed)
    assert session.record.actions[-1] == listed
    line = session.log[-1]
    assert not [word for word in typed.split() if word not in listed.split() and word in line], line
    assert "off" in listed or listed.split()[-1] in line


@pytest.mark.parametrize("move", [Action("go", ("C2",)), Action("go", ("c02",)), Action("play", ("vu1", "B5")),
                                  Action("play", ("ve1", "E3")), Action("play", ("vu1", "OFF"))])
def test_an_unlisted_spelling_given_to_the_rules_is_refused_and_changes_nothing(move):
    """Guards issue 7: the rules accepted a cell spelt otherwise than listed, so the log showed it as typed."""
    state = moving()
    assert move not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(move)
    assert str(error.value).endswith(".")
    assert snapshot(state) == before
