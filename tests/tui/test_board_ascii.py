"""--ascii: every character a board draws (and every key it lists) is below 128, in every phase of both games."""

from __future__ import annotations

from boardgames.core.bots import make_bot

from .board_screens import BLUEMOON, bluemoon_session, sintra_until
from .helpers import SINTRA, app_for, sized

NAMES = ("Joao", "Zoë", "Ana", "Bot 4 (greedy)")
#: a board is drawn and checked at the first position of each phase, at the end, and every so many moves between
#: (the long run: every Sintra move, every 6th of Blue Moon City's)
SINTRA_EVERY = sized(7, 1)
BLUEMOON_EVERY = sized(80, 6)


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) >= 128}


def check_board(board, where: str) -> None:
    drawn = board.text().plain
    keys = " ".join(f"{key} {label}" for key, label in board.key_hints())
    assert not non_ascii(drawn), (where, non_ascii(drawn), drawn)
    assert not non_ascii(keys), (where, keys)


async def test_sintra_board_is_ascii_in_every_phase():
    """Defect: in --ascii mode Sintra still drew '·' (and '…' for a long name) on the board."""
    for side, count in (("A", 4), ("B", 2), ("A", 3)):
        session = sintra_until(0, names=NAMES[:count], seed=7, side=side)
        app = app_for(session, ascii=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.board
            bot = make_bot("random", SINTRA, 7)  # as greedy ones, they reach every phase, and choose faster
            phases = set()
            ply = 0
            while True:
                state = session.state
                seat = state.current_player
                if state.phase in phases and not state.is_over and ply % SINTRA_EVERY:
                    session.apply(bot.choose(state, ply))
                    ply += 1
                    continue
                view = state.view(seat)
                board.show(view, state.legal_actions(), seat, seat is not None)
                phases.add(view["phase"])
                check_board(board, (side, count, ply, view["phase"]))
                if view["phase"] == "take" and ply % 7 == 0:
                    board.focus_part(board.palaces)  # Tab: looking at a strip
                    board.palaces.looking = (0, 1)
                    check_board(board, (side, count, ply, "inspect"))
                    board.focus_part(board.supply)
                if state.is_over:
                    break
                session.apply(bot.choose(state, ply))
                ply += 1
            assert {"take", "place", "keep", "over"} <= phases


async def test_bluemoon_board_is_ascii_in_every_phase_and_zone():
    """Defect: in --ascii mode a name with an accent (Zoë) reached the board as typed; every phase and zone is ASCII."""
    session = bluemoon_session(names=NAMES, seed=3)
    app = app_for(session, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        bot = make_bot("random", BLUEMOON, 3)
        phases = set()
        ply = 0
        while True:
            state = session.state
            seat = state.current_player
            # every payment is drawn until one with a lux card in hand has shown the people's lux
            fresh = state.phase not in phases or state.is_over or (state.phase == "pay" and "lux" not in phases)
            phases.add(state.phase)
            if not fresh and ply % BLUEMOON_EVERY:  # a sample of the long game keeps the test quick
                session.apply(bot.choose(state, ply))
                ply += 1
                continue
            board.show(state.view(seat), state.legal_actions(), seat, seat is not None)
            for part in board.focus_order() if seat is not None else [board.city]:
                board.focus_part(part)
                check_board(board, (ply, board.phase, type(part).__name__))
            if board.view.get("pay") and any(c.startswith("lu") for c in board.hand):
                board.focus_part(board.hand_part)
                board.hand_part.lux = next(c for c in board.hand if c.startswith("lu"))
                check_board(board, (ply, "people"))
                phases.add("lux")
            if state.is_over:
                break
            session.apply(bot.choose(state, ply))
            ply += 1
        assert {"move", "act", "pay", "lux", "replenish", "over"} <= phases
