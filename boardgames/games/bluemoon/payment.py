"""The most a hand can pay into one box, exactly as the card plays of a contribution allow.

A contribution (contributing.py, the ``pay`` decision) adds cards one by one: cards of the box's
colour, Khinds (wild), pairs of Mimix 1s and 2s (one wild card worth ``pair_value``)
and cards that a Lux played for its power recolours (a Lux 1 up to 4 cards of one
people, a Lux 2 one card; the Lux itself then pays nothing). A box is offered
exactly when ``most_payable`` reaches its value.

Every card has one use: a Lux is either played for its power or paid as a card,
never both, and a Mimix is either in a pair or paid (or recoloured) alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import product

from boardgames.games.bluemoon.data import ANY
from boardgames.games.bluemoon.pieces import KHIND, MIMIX, PAIRABLE

LUX = "lu"


def most_payable(hand: Mapping[str, int], colour: str, recolour: Mapping[int, int], pair_value: int,
                 peoples: Iterable[str]) -> int:
    """The largest total that legal card plays can put into a box of ``colour`` (a people id or ANY)."""
    return _most(tuple(sorted(hand.items())), colour, tuple(sorted(recolour.items())), pair_value, tuple(peoples))


@lru_cache(maxsize=65536)
def _most(hand: tuple[tuple[str, int], ...], colour: str, recolour: tuple[tuple[int, int], ...], pair_value: int,
          peoples: tuple[str, ...]) -> int:
    values: dict[str, list[int]] = {}
    for card, n in hand:
        values.setdefault(card[:2], []).extend([int(card[2:])] * n)
    for cards in values.values():
        cards.sort(reverse=True)
    if colour != ANY:
        return _most_for(values, colour, dict(recolour), pair_value, need_native=False)
    # a palace box takes its colour from the first card that is not wild; until then no Lux can be played
    best = sum(values.get(KHIND, ())) + _pairs_only(values.get(MIMIX, []), pair_value)
    for people in peoples:
        if people != KHIND and values.get(people):
            best = max(best, _most_for(values, people, dict(recolour), pair_value, need_native=True))
    return best


def _pairs_only(mimix: list[int], pair_value: int) -> int:
    return pair_value * (sum(1 for v in mimix if v in PAIRABLE) // 2)


def _mimix_options(mimix: list[int], pair_value: int, keep_one: bool) -> list[tuple[int, list[int]]]:
    """(value of k pairs, the Mimix cards left, best first) for every possible number k of pairs.

    The lowest pairable cards are paired: a pair is worth the same whatever it holds.
    """
    pairable = sorted(v for v in mimix if v in PAIRABLE)
    options = []
    for k in range(len(pairable) // 2 + 1):
        left = sorted([v for v in mimix if v not in PAIRABLE] + pairable[2 * k:], reverse=True)
        if keep_one and not left:
            break
        options.append((pair_value * k, left))
    return options


def _most_for(values: dict[str, list[int]], target: str, recolour: dict[int, int], pair_value: int,
              need_native: bool) -> int:
    """The best total for a box of people ``target``.

    ``need_native``: at least one card must be paid as a ``target`` card (it chooses a palace box's colour).
    """
    wild = sum(values.get(KHIND, ()))
    luxes = values.get(LUX, [])
    powers = sorted(recolour)  # the Lux values that have a power
    counts = [luxes.count(v) for v in powers]
    others = [p for p in values if p not in (target, KHIND, LUX) and values[p]]
    best = -1
    for used in product(*(range(n + 1) for n in counts)):
        # ``used[i]`` Luxes of value powers[i] are played for their power; the other Luxes are cards
        lux_left = list(luxes)
        for v, n in zip(powers, used):
            for _ in range(n):
                lux_left.remove(v)
        base = wild
        if target == LUX:
            if need_native and not lux_left:
                continue
            base += sum(lux_left)
        elif target == KHIND:
            pass  # Khinds are wild: already counted
        elif target in values:
            if target == MIMIX:
                options = _mimix_options(values[MIMIX], pair_value, keep_one=need_native)
                if not options:
                    continue
                base += max(pairs + sum(left) for pairs, left in options)
            else:
                base += sum(values[target])
        elif need_native:
            continue
        gains = [_gain_table(values[p], p, pair_value) for p in others]
        if target != LUX and lux_left:
            gains.append(_top_table(lux_left))
        best = max(best, base + _spread(gains, [recolour[v] for v in powers], list(used)))
    return max(best, 0)


def _top_table(cards: list[int]) -> list[int]:
    """table[c] = the value of the best c cards (cards sorted best first)."""
    table = [0]
    for v in cards:
        table.append(table[-1] + v)
    return table


def _gain_table(cards: list[int], people: str, pair_value: int) -> list[int]:
    """table[c] = the most these cards of ``people`` add when a Lux may recolour c of them into ``target``."""
    if people != MIMIX:
        return _top_table(cards)
    options = _mimix_options(cards, pair_value, keep_one=False)
    table = [max(pairs for pairs, _ in options)]
    for c in range(1, len(cards) + 1):
        table.append(max(pairs + sum(left[:c]) for pairs, left in options))
    return table


def _spread(gains: list[list[int]], caps: list[int], luxes: list[int]) -> int:
    """The most the tables ``gains`` add when each Lux (luxes[i] of capacity caps[i]) recolours one people."""
    states = {tuple(0 for _ in luxes): 0}
    for table in gains:
        size = len(table) - 1
        nxt: dict[tuple[int, ...], int] = {}
        for spent, total in states.items():
            ranges = [range(min(luxes[i] - spent[i], -(-size // caps[i])) + 1) for i in range(len(luxes))]
            for extra in product(*ranges):
                capacity = min(size, sum(n * cap for n, cap in zip(extra, caps)))
                key = tuple(s + e for s, e in zip(spent, extra))
                value = total + table[capacity]
                if nxt.get(key, -1) < value:
                    nxt[key] = value
        states = nxt
    return max(states.values())
