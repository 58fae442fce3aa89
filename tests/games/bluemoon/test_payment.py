"""A box is offered exactly when some sequence of legal card plays fills it.

Guards issue 7: about 2% of the time a box was offered that the hand could not pay
(a Lux counted both as the recolouring card and as a recoloured card), and the
player was stuck at "2 of 3" until cancelling.

The brute force below is written from the rules (bluemoon.md, rulings 2 and 3),
not from the game's code: it tries every order of card plays.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames.core.engine import IllegalAction
from boardgames.games.bluemoon.rules import ACT, PAY

from .positions import NATASHA, arrange, deal, markers_on, new_position, stand, table, to_move

PEOPLES = ("vu", "te", "aq", "ve", "kh", "mi", "lu", "pi")
RECOLOUR = {1: 4, 2: 1}  # Lux 1: up to 4 cards of one people; Lux 2: one card
PAIR = 3  # two Mimix 1s or 2s: one wild card worth 3


def brute_force_fills(hand: Counter, colour: str, value: int) -> bool:
    """Whether some order of plays puts ``value`` into a box of ``colour`` ("any" for the palace)."""
    seen = set()

    def search(hand: Counter, chosen: str | None, converts: Counter, total: int) -> bool:
        if total >= value:
            return True
        key = (tuple(sorted(hand.elements())), chosen, tuple(sorted((+converts).items())), total)
        if key in seen:
            return False
        seen.add(key)
        for card in list(+hand):
            people, worth = card[:2], int(card[2:])
            rest = hand.copy()
            rest[card] -= 1
            # pay the card as a card
            if people == "kh":
                if search(rest, chosen, converts, total + worth):
                    return True
            elif chosen is None or people == chosen:
                if search(rest, people, converts, total + worth):
                    return True
            elif converts[people] > 0:
                if search(rest, chosen, converts - Counter({people: 1}), total + worth):
                    return True
            # play a Lux for its power, once the box's colour is known
            if people == "lu" and worth in RECOLOUR and chosen is not None:
                for other in {c[:2] for c in +rest}:
                    if other not in (chosen, "kh"):
                        if search(rest, chosen, converts + Counter({other: RECOLOUR[worth]}), total):
                            return True
        mimix = [c for c in +hand if c in ("mi1", "mi2")]
        for a in mimix:
            for b in mimix:
                if a <= b and (a != b or hand[a] >= 2):
                    rest = hand - Counter([a, b])
                    if search(rest, chosen, converts, total + PAIR):
                        return True
        return False

    return search(Counter(hand), None if colour == "any" else colour, Counter(), 0)


DECK = {f"{p}{v}": (10 if p == "kh" else 4 if v < 3 else 2) for p in PEOPLES for v in (1, 2, 3) if p != "kh" or v == 1}


def random_hand(rng: random.Random) -> Counter:
    """1 to 8 cards the deck holds, Luxes and Mimix drawn more often than in play so that their uses meet."""
    codes = list(DECK)
    weights = [4 if code[:2] in ("lu", "mi") and code[2] in "12" else 1 for code in codes]
    hand: Counter = Counter()
    size = rng.randint(1, 8)
    while sum(hand.values()) < size:
        card = rng.choices(codes, weights)[0]
        if hand[card] < DECK[card]:
            hand[card] += 1
    return hand


def test_the_offer_matches_a_brute_force_search_over_thousands_of_hands():
    state = new_position()
    rng = random.Random(20240607)
    colours = ("any", "vu", "te", "aq", "ve", "mi", "lu", "pi")
    mismatches = []
    offered = 0
    for _ in range(4000):
        hand = random_hand(rng)
        colour = rng.choice(colours)
        value = rng.randint(1, 8)
        offer = state.reach(dict(hand), colour) >= value
        offered += offer
        if offer != brute_force_fills(hand, colour, value):
            mismatches.append((" ".join(sorted(hand.elements())), colour, value, offer))
    assert not mismatches, mismatches[:10]
    assert 1000 < offered < 3000, "the sample should hold both payable and unpayable boxes"


@pytest.mark.parametrize("hand, building_id, box, payable", [
    ("lu2 mi1 te1", "mill", 2, False),  # red 3: the Lux 2 recolours the Mimix 1, so 2 at most
    ("lu2 mi1 te1", "mill", 3, True),  # red 2
    ("lu2 mi3", "great_hall", 1, False),  # brown 4: the Lux cannot recolour itself
    ("lu2 mi3", "great_hall", 2, True),  # brown 3
    ("lu2 lu1 mi3", "great_hall", 1, True),  # the Lux 2 recolours the Lux 1 into brown
    ("lu1 mi1 mi1", "mill", 1, False),  # red 4: the two Mimix pair (3) or are recoloured (2), not both
    ("kh1 mi1 mi1", "mill", 1, True),  # red 4: the pair and a Khind
])
def test_the_issue_examples_are_offered_only_when_payable(hand, building_id, box, payable):
    state = _standing_on(building_id, hand)
    assert (f"box {box}" in {str(a) for a in state.legal_actions()}) == payable
    assert _can_complete(state, box) == payable


def _standing_on(building_id: str, hand: str):
    state = new_position()
    arrange(state, {"c2": building_id})
    stand(state, NATASHA, "c2")
    deal(state, NATASHA, hand)
    to_move(state, NATASHA, ACT)
    return state


def _can_complete(state, box: int) -> bool:
    """Start paying ``box`` and try every sequence of the pay phase's listed actions."""
    from .positions import to_action

    trial = state.clone()
    try:
        trial.apply(to_action(f"box {box}"))
    except IllegalAction:
        return False

    seen = set()

    def search(s) -> bool:
        if s.phase != PAY:  # cancel is never tried, so leaving the pay phase means the box was filled
            filled = f"{s.names[NATASHA]} fills box {box} "
            return any(line.public.startswith(filled) for line in s.take_log())
        key = (tuple(sorted(s.players[NATASHA].hand.items())), repr(s.pay.to_json()))
        if key in seen:
            return False
        seen.add(key)
        for action in s.legal_actions():
            if action.name == "cancel":
                continue
            nxt = s.clone()
            nxt.keeps_log = True  # the test reads what the move logged
            nxt.apply(action)
            if search(nxt):
                return True
        return False

    return search(trial)


def test_every_offered_box_of_a_real_building_can_be_completed_with_the_listed_plays():
    """The pay phase itself: once a box is offered, its listed card plays can fill it, and only then."""
    rng = random.Random(7)
    state = new_position()
    buildings = [b.id for b in state.rules.buildings if not b.expansion]
    for _ in range(150):
        building_id = rng.choice(buildings)
        hand = random_hand(rng)
        position = _standing_on(building_id, " ".join(sorted(hand.elements())))
        for k in range(1, len(table(position, building_id).boxes) + 1):
            offered = f"box {k}" in {str(a) for a in position.legal_actions()}
            assert offered == _can_complete(position, k), (building_id, k, sorted(hand.elements()))
        assert markers_on(position, building_id) == [None] * len(table(position, building_id).boxes)
