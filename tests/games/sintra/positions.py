"""Build Sintra positions for tests.

A position starts as a seeded game (``SINTRA.new_state``) and the test then sets
the fields it needs. Every helper here takes the glass it puts on the table, a
strip or a window out of the bag (and puts what it removes back into the bag),
so the 100 pieces stay conserved and ``state.check_invariants()`` keeps holding.

Colours are written by id or by letter: ``"orange"`` or ``"O"``; a strip's
contents as five words with ``.`` for an empty space: ``"P O . . ."``.
Strips, windows and displays are numbered from 1, as the players see them.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from boardgames.core.engine import Action
from boardgames.games.sintra.data import JOKER, SLOTS, STRIP_LEN
from boardgames.games.sintra.game import SINTRA
from boardgames.games.sintra.rules import EMPTY, NCOL, PLACE, TAKE, SintraState

NAMES = ["Amanda", "Bruno", "Carla", "Duda"]
AMANDA, BRUNO, CARLA, DUDA = range(4)


# -- reading ---------------------------------------------------------------------
def colour(state: SintraState, word: str) -> int:
    """Colour index of an id ('orange') or a letter ('O')."""
    for i, col in enumerate(state.rules.colours):
        if word in (col.id, col.letter):
            return i
    raise KeyError(f"no colour {word!r}")


def colours(state: SintraState, text: str) -> list[int]:
    return [colour(state, word) for word in text.split()]


def counts(state: SintraState, text: str) -> list[int]:
    """Per-colour counts of a list of pieces such as ``"O O Y"``."""
    result = [0] * NCOL
    for c in colours(state, text):
        result[c] += 1
    return result


def pattern(state: SintraState, player: int, strip: int) -> tuple[int, ...]:
    palace = state.players[player]
    return state.rules.strips[palace.strip_ids[strip - 1]][palace.sides[strip - 1]]


def track_value(state: SintraState, player: int) -> int:
    return state.rules.components.broken_track[state.players[player].track]


def snapshot(state: SintraState) -> str:
    """The whole state as text, to compare before and after."""
    return json.dumps(state.to_json(), sort_keys=True)


def total_glass(state: SintraState) -> int:
    return sum(state.bag) + sum(state.tower)


# -- setting up ------------------------------------------------------------------
def new_position(players: int = 2, side: str = "A", seed: int = 1, clear: bool = True) -> SintraState:
    """A fresh game; with ``clear`` the displays are emptied back into the bag."""
    state = SINTRA.new_state(NAMES[:players], {"side": side}, seed)
    if clear:
        clear_table(state)
    return state


def _take_from_bag(state: SintraState, c: int, n: int = 1) -> None:
    assert state.bag[c] >= n, f"the bag has only {state.bag[c]} of colour {c}"
    state.bag[c] -= n


def clear_table(state: SintraState) -> None:
    """Empty every display and the centre into the bag."""
    for source in (*state.factories, state.centre):
        for c in range(NCOL):
            state.bag[c] += source[c]
            source[c] = 0


def set_factory(state: SintraState, number: int, text: str) -> None:
    factory = state.factories[number - 1]
    for c in range(NCOL):
        state.bag[c] += factory[c]
        factory[c] = 0
    for c in colours(state, text):
        _take_from_bag(state, c)
        factory[c] += 1


def set_centre(state: SintraState, text: str, marker: bool = True) -> None:
    for c in range(NCOL):
        state.bag[c] += state.centre[c]
        state.centre[c] = 0
    for c in colours(state, text):
        _take_from_bag(state, c)
        state.centre[c] += 1
    state.marker_in_centre = marker


def set_tower(state: SintraState, text: str) -> None:
    for c in range(NCOL):
        state.bag[c] += state.tower[c]
        state.tower[c] = 0
    for c in colours(state, text):
        _take_from_bag(state, c)
        state.tower[c] += 1


def move_bag_to_tower(state: SintraState, keep: int = 0) -> None:
    """Put all but ``keep`` pieces of the bag into the tower."""
    for c in range(NCOL):
        while sum(state.bag) > keep and state.bag[c]:
            state.bag[c] -= 1
            state.tower[c] += 1


def find_side(state: SintraState, test: Callable[[tuple[int, ...]], bool],
              avoid: tuple[int, ...] = ()) -> tuple[int, int]:
    """(strip id, side) of the first strip side whose pattern passes ``test``, skipping strip ids ``avoid``."""
    for sid, sides in enumerate(state.rules.strips):
        if sid in avoid:
            continue
        for side, codes in enumerate(sides):
            if test(codes):
                return sid, side
    raise LookupError("no strip side fits")


def use_strip(state: SintraState, player: int, strip: int, sid: int, side: int) -> None:
    """Put strip ``sid`` with ``side`` up above window ``strip``; swaps places so each strip stays unique."""
    palace = state.players[player]
    slot = strip - 1
    other = palace.strip_ids.index(sid)
    palace.strip_ids[slot], palace.strip_ids[other] = sid, palace.strip_ids[slot]
    palace.sides[other] = palace.sides[slot]
    palace.sides[slot] = side
    if JOKER in state.rules.strips[palace.strip_ids[other]][palace.sides[other]]:
        palace.sides[other] = 1 - palace.sides[other]


def use_side(state: SintraState, player: int, strip: int, test: Callable[[tuple[int, ...]], bool],
             keep: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Put a strip side whose pattern passes ``test`` above window ``strip``; returns its pattern.

    ``keep`` names other strips (1-8) already set up by the test, whose strips must stay put.
    """
    palace = state.players[player]
    gone = tuple(sid for sid in range(SLOTS) if sid not in palace.strip_ids)  # removed with a complete window
    sid, side = find_side(state, test, avoid=tuple(palace.strip_ids[k - 1] for k in keep) + gone)
    use_strip(state, player, strip, sid, side)
    return state.rules.strips[sid][side]


def fill(state: SintraState, player: int, strip: int, text: str) -> None:
    """Set a strip's contents: five words, ``.`` for an empty space."""
    words = text.split()
    assert len(words) == STRIP_LEN, text
    row = state.players[player].filled[strip - 1]
    for k, word in enumerate(words):
        if row[k] != EMPTY:
            state.bag[row[k]] += 1
            row[k] = EMPTY
        if word != ".":
            row[k] = colour(state, word)
            _take_from_bag(state, row[k])


def fill_pattern(state: SintraState, player: int, strip: int, spaces: tuple[int, ...],
                 joker: str = "pink") -> None:
    """Fill the given spaces (1-5) of a strip with its own pattern colours (``joker`` on a joker space)."""
    codes = pattern(state, player, strip)
    words = []
    for k, code in enumerate(codes, 1):
        if k not in spaces:
            words.append(".")
        elif code == JOKER:
            words.append(joker)
        else:
            words.append(state.rules.colours[code].id)
    fill(state, player, strip, " ".join(words))


def fill_all_but(state: SintraState, player: int, strip: int, empty: int, joker: str = "pink") -> None:
    """Fill a strip with its own pattern colours except the space ``empty`` (1-5)."""
    fill_pattern(state, player, strip, tuple(k for k in range(1, STRIP_LEN + 1) if k != empty), joker)


def set_window(state: SintraState, player: int, window: int, top: str | None = None,
               bottom: str | None = None) -> None:
    """Fill a window's frame spaces; a window with both filled loses its strip, as in play."""
    palace = state.players[player]
    frames = palace.windows[window - 1]
    for i, word in enumerate((top, bottom)):
        if frames[i] != EMPTY:
            state.bag[frames[i]] += 1
            frames[i] = EMPTY
        if word is not None:
            frames[i] = colour(state, word)
            _take_from_bag(state, frames[i])
    if bottom is not None:
        remove_strip(state, player, window)


def remove_strip(state: SintraState, player: int, strip: int) -> None:
    palace = state.players[player]
    row = palace.filled[strip - 1]
    for k, c in enumerate(row):
        if c != EMPTY:
            state.bag[c] += 1
            row[k] = EMPTY
    palace.strip_ids[strip - 1] = None


def set_round(state: SintraState, number: int, top: str) -> None:
    """Make it round ``number`` (1-6) with ``top`` on top of the round indicator.

    The pieces of the rounds already played go to the tower, as at each round end.
    """
    rounds = state.rules.components.rounds
    while len(state.indicator) > rounds - number + 1:
        state.tower[state.indicator.pop(0)] += 1
    state.bag[state.indicator[0]] += 1
    state.indicator[0] = colour(state, top)
    _take_from_bag(state, state.indicator[0])
    state.round = number


def set_track(state: SintraState, player: int, value: int) -> None:
    state.players[player].track = state.rules.components.broken_track.index(value)


def set_glazier(state: SintraState, player: int, strip: int) -> None:
    state.players[player].glazier = strip - 1


def to_move(state: SintraState, player: int) -> None:
    """Make it ``player``'s turn to take glass."""
    state.current = player
    state.phase = TAKE


def hold(state: SintraState, player: int, text: str) -> None:
    """Make it ``player``'s turn to place the pieces ``text`` (one colour), as if just taken."""
    cs = colours(state, text)
    assert len(set(cs)) == 1, "one colour at a time"
    for c in cs:
        _take_from_bag(state, c)
    state.current = player
    state.phase = PLACE
    state.held = (cs[0], len(cs))


def hide_glass(state: SintraState, leave: int, boards: tuple[int, ...] | None = None) -> None:
    """Move bag pieces onto the boards of ``boards`` (default: all players) until ``leave`` remain in the bag.

    Builds the rare end of the glass supply. Pieces go on empty strip spaces of their own
    colour (never the last empty space of a strip, so nothing is complete), then into
    empty top frames of windows.
    """
    def richest() -> int:
        return max(range(NCOL), key=lambda c: state.bag[c])

    palaces = [state.players[i] for i in (range(len(state.players)) if boards is None else boards)]
    for palace in palaces:
        for slot in range(SLOTS):
            sid = palace.strip_ids[slot]
            if sid is None:
                continue
            codes = state.rules.strips[sid][palace.sides[slot]]
            row = palace.filled[slot]
            for k, code in enumerate(codes):
                if sum(state.bag) <= leave or row.count(EMPTY) <= 1:
                    break
                c = richest() if code == JOKER else code
                if row[k] == EMPTY and state.bag[c]:
                    state.bag[c] -= 1
                    row[k] = c
    for palace in palaces:
        for frames in palace.windows:
            if sum(state.bag) <= leave:
                break
            if frames[0] == EMPTY:
                c = richest()
                state.bag[c] -= 1
                frames[0] = c
    assert sum(state.bag) == leave, "not enough room on the boards to hide the glass"


def play_last_turn(state: SintraState, player: int, piece: str = "green") -> None:
    """Make it the last turn of the game and let ``player`` take the last piece and place or break it.

    Only ``player``'s board changes; the game is over afterwards.
    """
    if len(state.indicator) > 1:
        set_round(state, state.rules.components.rounds, state.rules.colours[state.indicator[-1]].id)
    clear_table(state)
    set_factory(state, 1, piece)
    to_move(state, player)
    take_turn(state, f"take 1 {state.rules.colours[colour(state, piece)].id}")
    assert state.is_over


def take_turn(state: SintraState, take: str) -> None:
    """Apply a take, then the first legal choice until the turn is over (place or break, keep)."""
    player, turn = state.current, state.turn
    play(state, take)
    while state.turn == turn and state.current == player:
        play(state, legal(state)[0])


def play(state: SintraState, *texts: str) -> None:
    """Apply action notations in turn."""
    for text in texts:
        state.apply(SINTRA.parse_action(text))


def legal(state: SintraState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def action(text: str) -> Action:
    return SINTRA.parse_action(text)
