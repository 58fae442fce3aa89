"""Pilot tests: real Lemuria turns by keys (harvest shares, citizens, reform, Impact card, undo), checked on the
engine state. The board itself (fit, ascii, pass, plant, build, hidden hands) is in test_lemuria_board.py."""

from __future__ import annotations

from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.pieces import Owned

from .helpers import app_for
from .screen_text import screen_text
from .test_lemuria_board import lemuria_session, pass_all, tab_to


def choose_move(board, label_start: str) -> int:
    """The 1-based number of the first move in the list whose label starts with ``label_start``."""
    return next(i for i in range(len(board.legal)) if board.label(i).startswith(label_start)) + 1


async def play_move(pilot, board, label_start: str) -> None:
    """Pick a move from the list of moves by its label: Tab to the list, walk the cursor to it, Enter."""
    await tab_to(pilot, board, board.choices)
    target = choose_move(board, label_start) - 1
    await pilot.press("home")
    for _ in range(target):
        await pilot.press("down")
    await pilot.press("enter")


async def test_harvest_a_full_section_and_see_the_shares():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    # section 2 (4 spaces; its tile slot turns mineral into stone): Ana 1, Bia 1 and two fillers
    state.altar.plant(2, 0, "mineral")
    state.altar.plant(2, 1, "mineral")
    state.altar.add_filler(2)
    state.altar.add_filler(2)
    state.players[0].matter["mineral"] -= 1
    state.players[1].matter["mineral"] -= 1
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("h")
        assert session.record.actions[-1] == "harvest"
        await tab_to(pilot, board, board.altar)
        await pilot.press("2", "enter")
        assert session.record.actions[-1] == "take 2"
        players = session.state.players
        assert players[0].resources["stone"] == 3 and players[1].resources["stone"] == 2  # 1+2 and 1+1
        text = screen_text(app)
        assert "Ana gets 3 stone" in text and "Bia gets 2 stone" in text  # the shares in the log


async def test_play_a_citizen_and_house_it():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    rules = shared_rules()
    building = next(b for b in rules.buildings if b.colour == "production")
    state.players[0].buildings = [Owned(building.id)]
    hand = state.players[0].hand
    if "forager" not in hand:  # move the Forager into Ana's hand from wherever it is
        for other in state.players[1:]:
            if "forager" in other.hand:
                other.hand.remove("forager")
        state.citizens.hidden.pop("forager", None)
        hand.append("forager")
        hand.sort()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        food = session.state.players[0].resources["food"]
        await play_move(pilot, board, "Play Forager")
        assert session.record.actions[-1] == "citizen forager"
        assert session.state.players[0].resources["food"] == food + 1  # Forager costs 0 food and gains 1
        assert session.state.decisions.top.kind == "house"
        await play_move(pilot, board, "House in")
        assert session.state.players[0].buildings[0].citizen == "forager"
        assert session.state.players[0].sources["citizens"] == rules.citizen["forager"].vp_in("production")


async def test_reform_in_month_8():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    state.round = 8
    old = next(b for b in state.rules.buildings if b.id not in state.trend.slots)
    state.players[0].buildings = [Owned(old.id)]
    state.buildings.hidden.pop(old.id, None)
    state.players[0].resources = {r: 6 for r in state.players[0].resources}
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await play_move(pilot, board, "Reform 1 to ")
        assert session.record.actions[-1].startswith("reform 1 ")
        owned = [o.building for o in session.state.players[0].buildings]
        assert old.id not in owned and len(owned) == 1
        assert session.state.building_discard.get(old.id) == 1


async def test_use_an_impact_card():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        resources = sum(session.state.players[0].resources.values())
        dealt = list(session.state.impact_left)
        assert dealt[0] == 1  # this seed deals Abundance among the four
        await pilot.press("i")
        assert session.record.actions[-1] == "impact"
        assert session.state.players[0].impact == 1 and session.state.impact_left == dealt[1:]
        # card 1 gives 3 resources of your choice, one decision a resource
        for _ in range(3):
            await play_move(pilot, board, board.label(0))  # the first resource offered
        assert sum(session.state.players[0].resources.values()) == resources + 3


async def test_undo_within_the_turn():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("p")
        await tab_to(pilot, board, board.altar)
        await pilot.press("0", "v")
        assert session.state.altar.sections[0].matter == {0: 1}
        await pilot.press("u")
        assert session.state.altar.sections[0].matter == {}
        assert session.record.actions[-1] == "plant"
        await pilot.press("u")
        assert session.state.decisions.top.kind == "turn" and session.state.current_player == 0


async def test_build_from_the_lower_trend_with_a_discount():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    card = state.rules.building[state.trend.slots[3]]
    cost = [r for r, n in card.cost.items() for _ in range(n)]
    state.players[0].resources = {r: cost[1:].count(r) for r in state.players[0].resources}  # one short
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await tab_to(pilot, board, board.trend)
        await pilot.press("4", "enter")
        if not session.record.actions or not session.record.actions[-1].startswith("build"):
            await pilot.press("enter")  # several ways to pay: the list shows them; take the first
        action = session.record.actions[-1]
        assert action.startswith("build 4 ")  # position 4, one resource named as the discount
        assert session.state.players[0].buildings[-1].building == card.id
        assert sum(session.state.players[0].resources.values()) == 0
        assert session.state.players[0].vp == card.vp  # no trend bonus in the lower trend


async def test_a_click_on_a_section_points_and_a_second_click_plants_there():
    session = lemuria_session()
    pass_all(session)
    session.apply(session.state.legal_actions()[0])  # plant: now choosing where
    assert session.state.decisions.top.kind == "plant"
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        y, start = next((y, s) for y, spans in board.altar.canvas.hits.items() for s, _e, h in spans
                        if h.kind == "section" and h.a == 2)
        before = list(session.record.actions)
        await pilot.click(board.altar, offset=(start, y))
        assert board.active is board.altar and board.altar.cursor == 2 and session.record.actions == before
        await pilot.click(board.altar, offset=(start, y))
        if session.record.actions == before:  # both kinds fit: the list shows just those two
            assert board.active is board.choices and len(board.choices.shown()) == 2
            await pilot.press("enter")
        assert session.record.actions[-1].startswith("put 2 ")
